package stock_test

import (
	"errors"
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/stock"
)

// TestLedgerMismatches: the restore's stock check counts each balance
// (goods × SKU × warehouse × batch) whose quantity or value differs from
// the sums of its moves, moves without their balance row and nonzero
// balance rows without moves; a zero balance without moves and moves that
// cancel out without a balance row are no mismatch.
func TestLedgerMismatches(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	g0, g1 := w.goods[0], w.goods[1]
	type mv struct {
		goods, sku, loc int64
		batch           string
		qty, amount     int64
	}
	cases := []struct {
		name     string
		moves    []mv
		balances []mv
		want     int64
	}{
		{"sound", []mv{{g0, 0, w.main, "", 10, 100}, {g0, 0, w.main, "", -4, -40}, {g1, 0, w.branch, "B1", 3, 30}},
			[]mv{{g0, 0, w.main, "", 6, 60}, {g1, 0, w.branch, "B1", 3, 30}}, 0},
		{"a quantity differs", []mv{{g0, 0, w.main, "", 10, 100}}, []mv{{g0, 0, w.main, "", 9, 100}}, 1},
		{"a value differs", []mv{{g0, 0, w.main, "", 10, 100}}, []mv{{g0, 0, w.main, "", 10, 101}}, 1},
		{"moves without their balance", []mv{{g0, 0, w.main, "", 10, 100}}, nil, 1},
		{"moves that cancel out, no balance", []mv{{g0, 0, w.main, "", 10, 100}, {g0, 0, w.main, "", -10, -100}}, nil, 0},
		{"a balance without moves", nil, []mv{{g0, 0, w.main, "", 1, 0}}, 1},
		{"a zero balance without moves", nil, []mv{{g0, 0, w.main, "", 0, 0}}, 0},
		{"another batch", []mv{{g0, 0, w.main, "A", 5, 50}}, []mv{{g0, 0, w.main, "A", 5, 50}, {g0, 0, w.main, "B", 5, 50}}, 1},
		{"another SKU", []mv{{g0, w.sku, w.main, "", 3, 30}}, []mv{{g0, 0, w.main, "", 3, 30}}, 2},
		{"another warehouse", []mv{{g0, 0, w.main, "", 3, 30}}, []mv{{g0, 0, w.branch, "", 3, 30}}, 2},
		{"two differ, one holds", []mv{{g0, 0, w.main, "", 1, 1}, {g1, 0, w.main, "", 2, 2}, {g1, 0, w.shop3, "", -2, -2}},
			[]mv{{g0, 0, w.main, "", 2, 1}, {g1, 0, w.main, "", 2, 2}, {g1, 0, w.shop3, "", -2, -3}}, 2},
	}
	bill := w.bill("purchase", "2025-01-01")
	rollback := errors.New("rollback")
	for _, c := range cases {
		var got int64
		err := w.d.InTx(ctx, func(tx *db.Tx) error {
			for _, q := range []string{"DELETE FROM stock_layers", "DELETE FROM stock_moves", "DELETE FROM stock_balances"} {
				if _, err := tx.Exec(ctx, q); err != nil {
					return err
				}
			}
			for _, m := range c.moves {
				if _, err := tx.Exec(ctx, `INSERT INTO stock_moves (goods_id, sku_id, location_id, batch, move_date, qty, amount, cost_mode, kind, bill_id)
					VALUES (?, ?, ?, ?, '2025-01-01', ?, ?, 1, 'test', ?)`, m.goods, m.sku, m.loc, m.batch, m.qty, m.amount, bill); err != nil {
					return err
				}
			}
			for _, b := range c.balances {
				if _, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount) VALUES (?, ?, ?, ?, ?, ?)`,
					b.goods, b.sku, b.loc, b.batch, b.qty, b.amount); err != nil {
					return err
				}
			}
			var err error
			if got, err = stock.LedgerMismatches(ctx, tx); err != nil {
				return err
			}
			return rollback
		})
		if !errors.Is(err, rollback) {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got != c.want {
			t.Errorf("%s: %d mismatches, want %d", c.name, got, c.want)
		}
	}
}
