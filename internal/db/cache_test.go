package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// A cached value is read again exactly when what it is made of changed:
// a committed change shows at once, a transaction sees its own change, a
// rolled-back change is never kept, and an unchanged value is not read
// again, in a transaction or out of it.
func TestCachedFollowsCommitsOnly(t *testing.T) {
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	if _, err := d.Exec(ctx, "INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('n', 'k', 'A', ?, ?)", now, now); err != nil {
		t.Fatal(err)
	}
	loads := 0
	read := func(q db.Querier) string {
		t.Helper()
		v, err := db.Cached(ctx, q, db.CounterParams, "k", func(ctx context.Context, q db.Querier) (string, error) {
			loads++
			var v string
			err := q.QueryRow(ctx, "SELECT config_value FROM configs WHERE config_key = 'k'").Scan(&v)
			return v, err
		})
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	set := func(q db.Querier, v string) {
		t.Helper()
		if _, err := q.Exec(ctx, "UPDATE configs SET config_value = ? WHERE config_key = 'k'", v); err != nil {
			t.Fatal(err)
		}
	}
	want := func(got, want string, loaded int) {
		t.Helper()
		if got != want || loads != loaded {
			t.Fatalf("read %q after %d loads, want %q after %d", got, loads, want, loaded)
		}
	}
	want(read(d), "A", 1)
	want(read(d), "A", 1)
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		if got := read(tx); got != "A" {
			t.Fatalf("in a transaction: %q", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	oops := errors.New("roll back")
	err := d.InTx(ctx, func(tx *db.Tx) error {
		set(tx, "B")
		if got := read(tx); got != "B" {
			t.Fatalf("the transaction reads %q after setting B", got)
		}
		return oops
	})
	if !errors.Is(err, oops) {
		t.Fatal(err)
	}
	if got := read(d); got != "A" {
		t.Fatalf("after a rolled-back change: %q", got)
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error { set(tx, "C"); return nil }); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "C" {
		t.Fatalf("after a committed change: %q", got)
	}
	if _, err := d.Exec(ctx, "DELETE FROM configs WHERE config_key = 'k'"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, "INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('n', 'k', 'D', ?, ?)", now, now); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "D" {
		t.Fatalf("after delete and insert: %q", got)
	}
	n := loads
	if err := d.InTx(ctx, func(tx *db.Tx) error { read(tx); return nil }); err != nil {
		t.Fatal(err)
	}
	if loads != n {
		t.Fatalf("an unchanged value was read again in a transaction: %d loads, want %d", loads, n)
	}
	// A transaction that wrote something reads afresh on PostgreSQL (its
	// own changes are not in the counter yet), from the cache on SQLite
	// (its counter shows them): either way it sees its own change.
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE configs SET remark = 'x' WHERE config_key = 'k'"); err != nil {
			return err
		}
		if got := read(tx); got != "D" {
			t.Fatalf("after writing another column: %q", got)
		}
		set(tx, "E")
		if got := read(tx); got != "E" {
			t.Fatalf("the transaction reads %q after setting E", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "E" {
		t.Fatalf("after a committed change: %q", got)
	}
}
