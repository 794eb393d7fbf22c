package db_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

func TestReadHelpers(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	var ids []int64
	for i, name := range []string{"one", "two", "three"} {
		var id int64
		err := d.InTx(ctx, func(tx *db.Tx) error {
			return tx.QueryRow(ctx, "INSERT INTO shops (code, name, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
				fmt.Sprintf("S%d", i), name, 3-i, now, now).Scan(&id)
		})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	type row struct {
		id   int64
		name string
	}
	rows, err := db.All(ctx, d, func(r *sql.Rows, v *row) error { return r.Scan(&v.id, &v.name) },
		"SELECT id, name FROM shops WHERE sort > ? ORDER BY sort", 0)
	if err != nil || len(rows) != 3 || rows[0] != (row{ids[2], "three"}) || rows[2] != (row{ids[0], "one"}) {
		t.Fatalf("All: %v, %v", rows, err)
	}
	none, err := db.All(ctx, d, func(r *sql.Rows, v *row) error { return r.Scan(&v.id, &v.name) }, "SELECT id, name FROM shops WHERE 1 = 0")
	if err != nil || none == nil || len(none) != 0 {
		t.Fatalf("All of no rows: %#v, %v", none, err)
	}
	if _, err := db.All(ctx, d, func(r *sql.Rows, v *row) error { return r.Scan(&v.id) }, "SELECT id, name FROM shops"); err == nil {
		t.Fatal("All: a failing scan is no error")
	}
	names, err := db.Values[string](ctx, d, "SELECT name FROM shops ORDER BY id")
	if err != nil || !slices.Equal(names, []string{"one", "two", "three"}) {
		t.Fatalf("Values: %v, %v", names, err)
	}
	set, err := db.IDSet(ctx, d, "SELECT id FROM shops WHERE name <> ?", "two")
	if err != nil || len(set) != 2 || !set[ids[0]] || set[ids[1]] || !set[ids[2]] {
		t.Fatalf("IDSet: %v, %v", set, err)
	}
	byName, err := db.Map[string, int64](ctx, d, "SELECT name, id FROM shops")
	if err != nil || len(byName) != 3 || byName["two"] != ids[1] {
		t.Fatalf("Map: %v, %v", byName, err)
	}
	found, err := db.Existing(ctx, d, "shops", []int64{ids[0], 999999, ids[2]})
	if err != nil || len(found) != 2 || !found[ids[0]] || found[999999] || !found[ids[2]] {
		t.Fatalf("Existing: %v, %v", found, err)
	}
	if found, err := db.Existing(ctx, d, "shops", nil); err != nil || found == nil || len(found) != 0 {
		t.Fatalf("Existing of no ids: %v, %v", found, err)
	}
	if _, err := db.Existing(ctx, d, "shops; DROP TABLE users", ids); err == nil {
		t.Fatal("Existing took a bad table name")
	}
	if _, err := db.Existing(ctx, d, "no_such_table", ids); err == nil {
		t.Fatal("Existing of an unknown table is no error")
	}
}
