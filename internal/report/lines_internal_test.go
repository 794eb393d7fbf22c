package report

import (
	"context"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// TestBillLinesProbesFewDocuments: on PostgreSQL the line reports probe the
// lines of a period's documents while they are few (fewer than probeFloor in
// a small table), and join them plainly once they are many; SQLite always
// joins plainly (it probes on its own).
func TestBillLinesProbesFewDocuments(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t)
	var shop int64
	if _, err := d.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S001', 'shop', ?, ?)", time.Now(), time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT id FROM shops WHERE code = 'S001'").Scan(&shop); err != nil {
		t.Fatal(err)
	}
	q := &Query{Ctx: ctx, DB: d, Shops: []int64{shop}}
	probe := "bills b CROSS JOIN LATERAL (SELECT * FROM bill_entries x WHERE x.bill_id = b.id OFFSET 0) e"
	check := func(what string, kinds []string, begin, end, want string) {
		t.Helper()
		if got := billLines(q, kinds, begin, end); got != want {
			t.Errorf("%s: billLines = %q, want %q", what, got, want)
		}
	}
	if d.Engine() != db.Postgres {
		check("SQLite", salesKinds, "2025-01-01", "2025-12-31", flatLines)
		return
	}
	check("no documents", salesKinds, "2025-01-01", "2025-12-31", probe)
	// 600 sales on 2025-03-01 (more than probeFloor), none on other days
	if _, err := d.Exec(ctx, `INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, created_at, updated_at)
	  SELECT ?, 'sales', 150601, 'XS' || g, '2025-03-01', now(), now() FROM generate_series(1, 600) g`, shop); err != nil {
		t.Fatal(err)
	}
	check("600 documents in the year", salesKinds, "2025-01-01", "2025-12-31", flatLines)
	check("none in the period", salesKinds, "2025-03-02", "2025-12-31", probe)
	check("none of the kinds", []string{"purchase"}, "2025-01-01", "2025-12-31", probe)
}
