package bench

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// stockWorld seeds goods goods and locs warehouses straight into a fresh
// database and returns their ids.
func stockWorld(b *testing.B, goods, locs int) (*db.DB, []int64, []int64) {
	ctx := context.Background()
	d := dbtest.Open(b)
	now := time.Now().UTC()
	var gs, ls []int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		var unit int64
		if err := tx.QueryRow(ctx, "INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?) RETURNING id", now, now).Scan(&unit); err != nil {
			return err
		}
		for i := range locs {
			var id int64
			if err := tx.QueryRow(ctx, "INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id",
				fmt.Sprintf("L%02d", i), fmt.Sprintf("仓库%d", i), now, now).Scan(&id); err != nil {
				return err
			}
			ls = append(ls, id)
		}
		for i := range goods {
			var id int64
			if err := tx.QueryRow(ctx, "INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id",
				fmt.Sprintf("G%05d", i), fmt.Sprintf("商品%d", i), unit, now, now).Scan(&id); err != nil {
				return err
			}
			gs = append(gs, id)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	return d, gs, ls
}

// insertMoves writes moves (goods, location, date, qty, amount, cost_mode)
// with multi-row INSERTs.
func insertMoves(ctx context.Context, tx *db.Tx, rows [][6]any) error {
	const per = 500
	for len(rows) > 0 {
		n := min(per, len(rows))
		var sb strings.Builder
		sb.WriteString("INSERT INTO stock_moves (goods_id, location_id, move_date, qty, amount, cost_mode, kind) VALUES ")
		args := make([]any, 0, n*6)
		for i := range n {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, 'bench')")
			args = append(args, rows[i][:]...)
		}
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// BenchmarkStockBackDated: one goods item in one warehouse
// with 100,000 movements over a year: 50,000 receipts of 10, at 10.00 and
// 20.00 by turns, each followed by a sale of 10 that empties the balance
// (costing 100.00 and 200.00 by turns). A receipt of 10 dated before all
// of them leaves 10 more on hand at every sale, so each sale takes half of
// the value then there, which never settles back to the receipt it
// follows (the extra value swings between two levels): every one of the
// 50,000 later sales changes cost and is rewritten, at every iteration (each
// adds 10 more). ms/receipt is the whole change; the run fails unless every
// sale was recosted.
func BenchmarkStockBackDated(b *testing.B) {
	ctx := context.Background()
	d, gs, ls := stockWorld(b, 1, 1)
	start := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	rows := make([][6]any, 0, 100_000)
	for i := range 50_000 {
		date := start.AddDate(0, 0, i*360/50_000).Format("2006-01-02")
		amount := int64(100_000_000 * (1 + i%2))
		rows = append(rows, [6]any{gs[0], ls[0], date, int64(10_000_000), amount, 1},
			[6]any{gs[0], ls[0], date, int64(-10_000_000), -amount, 0})
	}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := insertMoves(ctx, tx, rows); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost)
			SELECT goods_id, sku_id, location_id, batch, SUM(qty), SUM(amount), 20000000 FROM stock_moves GROUP BY goods_id, sku_id, location_id, batch`)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if d.Engine() == db.Postgres {
		d.Exec(ctx, "ANALYZE")
	}
	cfg := stock.Config{Method: stock.MovingAverage, AmountPlaces: 2, QtyPlaces: 2, CheckNegative: true}
	sales := func() []int64 {
		var out []int64
		rs, err := d.Query(ctx, "SELECT amount FROM stock_moves WHERE qty < 0 ORDER BY move_date, id")
		if err != nil {
			b.Fatal(err)
		}
		defer rs.Close()
		for rs.Next() {
			var a int64
			rs.Scan(&a)
			out = append(out, a)
		}
		return out
	}
	b.Run("receipt-before-100k", func(b *testing.B) {
		unchanged := 0
		var cpu time.Duration
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			before := sales()
			b.StartTimer()
			c0 := cpuTime()
			err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := stock.Post(ctx, tx, cfg, []stock.Move{{Key: stock.Key{GoodsID: gs[0], LocationID: ls[0]},
					Date: "2024-01-01", Qty: dec.FromInt(10), Amount: dec.FromInt(120 + int64(i)), Given: true, Kind: "bench"}})
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
			cpu += cpuTime() - c0
			b.StopTimer()
			for j, a := range sales() {
				if a == before[j] {
					unchanged++
				}
			}
			b.StartTimer()
		}
		if unchanged > 0 {
			b.Fatalf("%d later sales kept their cost: not every one was recosted", unchanged)
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/receipt")
		// This process's CPU time (on PostgreSQL the server's is not in
		// it): the steadier figure on a busy machine.
		b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/receipt")
	})
}

// BenchmarkStockBalances: 10,000 goods × 10 warehouses, 1,000,000
// movements seeded in one transaction, balances built from them with one
// INSERT … SELECT … GROUP BY; then the on-hand and value of one goods item
// (its 10 balance rows) and the list of all 100,000 balances.
func BenchmarkStockBalances(b *testing.B) {
	ctx := context.Background()
	d, gs, ls := stockWorld(b, 10_000, 10)
	t0 := time.Now()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		rows := make([][6]any, 0, 100_000)
		for i := range 1_000_000 {
			g, l := gs[i%len(gs)], ls[(i/len(gs))%len(ls)]
			date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/3000).Format("2006-01-02")
			if i%2 == 0 {
				rows = append(rows, [6]any{g, l, date, int64(4_000_000), int64(40_000_000), 1})
			} else {
				rows = append(rows, [6]any{g, l, date, int64(-1_000_000), int64(-10_000_000), 0})
			}
			if len(rows) == cap(rows) {
				if err := insertMoves(ctx, tx, rows); err != nil {
					return err
				}
				rows = rows[:0]
			}
		}
		if err := insertMoves(ctx, tx, rows); err != nil {
			return err
		}
		t1 := time.Now()
		_, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost)
			SELECT goods_id, sku_id, location_id, batch, SUM(qty), SUM(amount), 10000000 FROM stock_moves GROUP BY goods_id, sku_id, location_id, batch`)
		b.Logf("balances built in %v", time.Since(t1))
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	if d.Engine() == db.Postgres {
		d.Exec(ctx, "ANALYZE")
	}
	b.Logf("1,000,000 movements seeded in %v", time.Since(t0))
	b.Run("one-goods", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			rs, err := stock.Balances(ctx, d, gs[i%len(gs)])
			if err != nil || len(rs) != 10 {
				b.Fatal(len(rs), err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/goods")
	})
	b.Run("all-balances", func(b *testing.B) {
		for b.Loop() {
			rs, err := stock.Balances(ctx, d, 0)
			if err != nil || len(rs) != 100_000 {
				b.Fatal(len(rs), err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/list")
	})
}
