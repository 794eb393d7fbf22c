package menu

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// TestWarehouseMenusMoveOnUpgrade: a database seeded before migration 0043
// holds the warehouse area at /storage (codes storage.*, views storage/*,
// permissions storage:*, separate assembly and disassembly entry pages).
// The migration's renames give exactly the rows a new database is seeded
// with, keeping their ids and role grants, and the next SeedAll adds
// nothing.
func TestWarehouseMenusMoveOnUpgrade(t *testing.T) {
	ctx := context.Background()
	d := dbtest.Open(t)
	seed(t, d)
	want := menuDump(t, d)
	grants := counts(t, d).grants

	// Back to the old seed's rows (what 0043 finds on an upgraded database).
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.Exec(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, r := range [][3]string{{"warehouse_detail", "otherIn_detail"}, {"exWarehouse_detail", "otherOut_detail"}, {"combination_detail", "assemble_detail"}} {
		exec("UPDATE menus SET code = ?, route_name = ?, route_path = ?, component = ? WHERE code = ?",
			"storage."+r[1], "storage."+r[1], r[1], "storage/"+r[1], "warehouse."+r[0])
	}
	exec("UPDATE menus SET name = '录入组装单', name_en = 'Record an assembly' WHERE code = 'storage.assemble_detail'")
	exec("UPDATE menus SET code = 'storage', route_name = 'storage', route_path = '/storage' WHERE code = 'warehouse'")
	exec("UPDATE menus SET code = 'storage.' || SUBSTR(code, 11) WHERE code LIKE 'warehouse.%'")
	exec("UPDATE menus SET route_name = code WHERE route_name LIKE 'warehouse.%'")
	exec("UPDATE menus SET component = 'storage/' || SUBSTR(component, 11) WHERE component LIKE 'warehouse/%'")
	exec("UPDATE menus SET perm = 'storage:' || SUBSTR(perm, 11) WHERE perm LIKE 'warehouse:%'")
	var parent int64
	if err := d.QueryRow(ctx, "SELECT parent_id FROM menus WHERE code = 'storage.assemble_detail'").Scan(&parent); err != nil {
		t.Fatal(err)
	}
	var old int64
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO menus (parent_id, tree_path, code, name, name_en, type, route_name, route_path, component, visible, created_at, updated_at)
		VALUES (?, '0', 'storage.disassemble_detail', '录入拆卸单', 'Record a disassembly', 'MENU', 'storage.disassemble_detail', 'disassemble_detail',
		'storage/disassemble_detail', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP) RETURNING id`, parent).Scan(&old)
	}); err != nil {
		t.Fatal(err)
	}
	exec("INSERT INTO role_menus (role_id, menu_id) SELECT role_id, ? FROM role_menus WHERE menu_id = (SELECT id FROM menus WHERE code = 'storage.assemble_detail')", old)
	if n := countWhere(t, d, "code LIKE 'warehouse%' OR perm LIKE 'warehouse:%' OR component LIKE 'warehouse/%'"); n != 0 {
		t.Fatalf("the old state still has %d warehouse rows", n)
	}

	ms, err := db.Migrations(d.Engine())
	if err != nil {
		t.Fatal(err)
	}
	var sql string
	for _, m := range ms {
		if strings.HasPrefix(m.Version, "0043_") {
			sql = m.SQL
		}
	}
	// The renames: the statements before the templates' tables.
	for _, st := range strings.Split(sql[:strings.Index(sql, "CREATE TABLE")], ";") {
		if lines := stripComments(st); lines != "" {
			exec(lines)
		}
	}
	seed(t, d)
	if got := menuDump(t, d); got != want {
		t.Fatalf("after the migration:\n%s\nwant:\n%s", got, want)
	}
	if c := counts(t, d); c.grants != grants {
		t.Fatalf("grants %d, want %d", c.grants, grants)
	}
	if n := countWhere(t, d, "code LIKE 'storage%' OR perm LIKE 'storage:%' OR component LIKE 'storage/%' OR route_path LIKE '/storage%'"); n != 0 {
		t.Fatalf("%d rows still name storage", n)
	}
}

func stripComments(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "--") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func countWhere(t *testing.T, d *db.DB, where string) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM menus WHERE "+where).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// menuDump is every menu row's identity, by id.
func menuDump(t *testing.T, d *db.DB) string {
	t.Helper()
	rows, err := d.Query(context.Background(), `SELECT id, parent_id, code, name, name_en, route_name, route_path, component, perm, visible
		FROM menus ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var id, parent, visible int64
		var code, name, nameEn, routeName, routePath, component, perm string
		if err := rows.Scan(&id, &parent, &code, &name, &nameEn, &routeName, &routePath, &component, &perm, &visible); err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&b, id, parent, code, name, nameEn, routeName, routePath, component, perm, visible)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
