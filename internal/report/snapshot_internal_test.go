package report

import (
	"context"
	"slices"
	"testing"
	"time"

	"cangshu/internal/dbtest"
	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// TestStaleSnapshotsAreNotRead: the stock at a date and a period's flows
// read a snapshot's rows and flows while it is valid, and the moves once
// it has gone stale after being chosen (the rows and flows are altered
// here, so that reading them shows).
func TestStaleSnapshotsAreNotRead(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d := dbtest.Open(t)
	now := time.Now().UTC()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec("INSERT INTO units (id, name, is_base, created_at, updated_at) VALUES (1, '个', 1, ?, ?)", now, now)
	exec("INSERT INTO locations (id, number, name, created_at, updated_at) VALUES (1, 'L1', '仓库', ?, ?)", now, now)
	exec("INSERT INTO goods (id, number, name, unit_id, created_at, updated_at) VALUES (1, 'G1', '商品', 1, ?, ?)", now, now)
	for _, m := range []struct {
		date, kind  string
		qty, amount int64
	}{{"2026-01-10", "purchase", 5_000_000, 50_000_000}, {"2026-02-05", "sales", -2_000_000, -20_000_000}, {"2026-02-20", "purchase", 1_000_000, 11_000_000}} {
		exec("INSERT INTO stock_moves (goods_id, location_id, move_date, qty, amount, cost_mode, kind) VALUES (1, 1, ?, ?, ?, 1, ?)", m.date, m.qty, m.amount, m.kind)
	}
	if n, err := stock.BuildSnapshots(ctx, d, "2026-03-01"); err != nil || n != 2 {
		t.Fatalf("snapshots: %d made, %v", n, err)
	}
	var jan, feb int64
	if err := d.QueryRow(ctx, "SELECT id FROM stock_snapshots WHERE as_of = '2026-01-31'").Scan(&jan); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT id FROM stock_snapshots WHERE as_of = '2026-02-28'").Scan(&feb); err != nil {
		t.Fatal(err)
	}
	exec("UPDATE stock_snapshot_rows SET qty = 999000000")
	exec("UPDATE stock_snapshot_flows SET qty = 999000000")
	q := &Query{Ctx: ctx, DB: d, Locations: []int64{1}}
	stockAt := func() dec.Dec {
		t.Helper()
		query, args := forwardSQL(base{id: jan, asOf: "2026-01-31"}, "2026-02-10", " = ?", []any{int64(1)}, "", nil)
		var qty dec.Dec
		if err := d.QueryRow(ctx, "SELECT SUM(qty) FROM ("+query+") t", args...).Scan(&qty); err != nil {
			t.Fatal(err)
		}
		return qty
	}
	q.F.BeginDate, q.F.EndDate = "2026-02-01", "2026-02-28"
	flowQty := func() []string {
		t.Helper()
		fl, err := flowsOf(q, "", nil, map[int64]string{feb: "2026-02"})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, f := range fl {
			if f.code != 0 {
				out = append(out, f.qty.String())
			}
		}
		slices.Sort(out)
		return out
	}
	if got := stockAt(); got.String() != "997" { // the altered row, then the sale
		t.Errorf("stock on 2026-02-10 from the valid snapshot: %s, want 997", got)
	}
	if got := flowQty(); !slices.Equal(got, []string{"999", "999"}) {
		t.Errorf("February's flows from the valid snapshot: %v, want the altered 999 and 999", got)
	}
	exec("UPDATE stock_snapshots SET state = 'stale'")
	if got := stockAt(); got.String() != "3" {
		t.Errorf("stock on 2026-02-10 after the snapshot went stale: %s, want 3 (from the moves)", got)
	}
	if got := flowQty(); !slices.Equal(got, []string{"-2", "1"}) {
		t.Errorf("February's flows after the snapshot went stale: %v, want -2 and 1 (from the moves)", got)
	}
}
