package bench

import (
	"context"

	"strings"
	"testing"
	"time"

	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	srv "cangshu/internal/server"
	"cangshu/internal/stock"
	"cangshu/internal/warehouse"
)

// insertGroupMoves writes moves with their role and group: goods,
// location, date, qty, amount, cost_mode, role, feed_key (0 = none).
func insertGroupMoves(ctx context.Context, tx *db.Tx, rows [][8]any) error {
	const per = 400
	for len(rows) > 0 {
		n := min(per, len(rows))
		var sb strings.Builder
		sb.WriteString("INSERT INTO stock_moves (goods_id, location_id, move_date, qty, amount, cost_mode, role, feed_key, kind) VALUES ")
		args := make([]any, 0, n*8)
		for i := range n {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, 'bench')")
			r := rows[i]
			if r[7] == int64(0) {
				r[7] = nil
			}
			args = append(args, r[:]...)
		}
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}

// BenchmarkTransferRecost: one goods item; its balance in the first
// warehouse has 100,000 movements over a year (50,000 receipts of 10 at
// 10.00; 49,000 sales of 5 and 1,000 transfers of 5 into the 5 other
// warehouses, each transfer followed there by a sale of 5). A receipt dated
// before all of them changes the average: every later sale and transfer out
// of the first warehouse is recosted, and each of the 1,000 transfers'
// in-moves and the 5 fed balances (their sales) follow in the same
// transaction. ms/receipt is the whole change.
func BenchmarkTransferRecost(b *testing.B) {
	ctx := context.Background()
	d, gs, ls := stockWorld(b, 1, 6)
	start := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	rows := make([][8]any, 0, 102_000)
	g := gs[0]
	for i := range 50_000 {
		date := start.AddDate(0, 0, i*360/50_000).Format("2006-01-02")
		rows = append(rows, [8]any{g, ls[0], date, int64(10_000_000), int64(100_000_000), 1, 0, int64(0)})
		if i%50 == 49 { // 1,000 transfers
			key := int64(i + 1)
			to := ls[1+(i/50)%5]
			rows = append(rows, [8]any{g, ls[0], date, int64(-5_000_000), int64(-50_000_000), 0, 1, key},
				[8]any{g, to, date, int64(5_000_000), int64(50_000_000), 2, 2, key},
				[8]any{g, to, date, int64(-5_000_000), int64(-50_000_000), 0, 0, int64(0)})
			continue
		}
		rows = append(rows, [8]any{g, ls[0], date, int64(-5_000_000), int64(-50_000_000), 0, 0, int64(0)})
	}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := insertGroupMoves(ctx, tx, rows); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost)
			SELECT goods_id, sku_id, location_id, batch, SUM(qty), SUM(amount), 10000000 FROM stock_moves GROUP BY goods_id, sku_id, location_id, batch`)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	cfg := stock.Config{Method: stock.MovingAverage, AmountPlaces: 2, QtyPlaces: 2, CheckNegative: true}
	b.Run("receipt-before-100k-feeding-1000-transfers", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			err := d.InTx(ctx, func(tx *db.Tx) error {
				_, err := stock.Post(ctx, tx, cfg, []stock.Move{{Key: stock.Key{GoodsID: g, LocationID: ls[0]},
					Date: "2024-01-01", Qty: dec.FromInt(10), Amount: dec.FromInt(200 + int64(i)), Given: true, Kind: "bench"}})
				return err
			})
			if err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/receipt")
	})
	// Every in-move equals its out-move, and every balance its ledger.
	var bad int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM stock_moves i JOIN stock_moves o ON o.feed_key = i.feed_key AND o.role = 1
		WHERE i.role = 2 AND i.amount <> -o.amount`).Scan(&bad); err != nil || bad != 0 {
		b.Fatalf("%d in-moves differ from their out-moves (%v)", bad, err)
	}
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM stock_balances sb WHERE sb.amount <> (SELECT SUM(m.amount) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.location_id = sb.location_id)`).Scan(&bad); err != nil || bad != 0 {
		b.Fatalf("%d balances differ from the ledger (%v)", bad, err)
	}
}

// BenchmarkStocktake: a warehouse holding 100,000 goods (one balance
// each): the sheet of book quantities (ms/sheet), and generating the draft
// gain and loss documents of a count with 10,000 differences (5,000 each;
// ms/generate, the count saved outside the timing).
func BenchmarkStocktake(b *testing.B) {
	ctx := context.Background()
	d, gs, ls := stockWorld(b, 100_000, 1)
	loc := ls[0]
	var shop int64
	now := time.Now().UTC()
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES ('B1', '基准店', ?, ?) RETURNING id", now, now).Scan(&shop); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", shop, loc); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `INSERT INTO stock_moves (goods_id, location_id, move_date, qty, amount, cost_mode, kind)
			SELECT id, ?, '2024-01-01', 10000000, 25000000, 1, 'bench' FROM goods`, loc); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost)
			SELECT id, 0, ?, '', 10000000, 25000000, 2500000 FROM goods`, loc)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	p := &srv.Principal{ShopID: shop, Roles: []string{srv.RootRole}}
	s := warehouse.NewService(d, bill.NewService(d, b.TempDir()))
	b.Run("sheet-100k", func(b *testing.B) {
		for b.Loop() {
			res, err := s.Sheet(ctx, p, warehouse.SheetFilter{LocationID: loc})
			if err != nil {
				b.Fatal(err)
			}
			if n := res["records"].(int); n != 100_000 {
				b.Fatalf("%d rows", n)
			}
		}
		b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/sheet")
	})
	b.Run("generate-10k-differences", func(b *testing.B) {
		entries := make([]warehouse.CountEntry, 10_000)
		for i := range entries {
			q := int64(11) // a gain of 1
			if i%2 == 1 {
				q = 9 // a loss of 1
			}
			entries[i] = warehouse.CountEntry{InvID: gs[i], CountQty: dec.FromInt(q)}
		}
		var total time.Duration
		n := 0
		for b.Loop() {
			b.StopTimer()
			c, err := s.SaveCount(ctx, p, warehouse.CountInput{Date: now.Format("2006-01-02"), LocationID: loc, Entries: entries}, false)
			if err != nil {
				b.Fatal(err)
			}
			id := c.(*warehouse.Count).ID
			b.StartTimer()
			t0 := time.Now()
			g, err := s.Generate(ctx, p, id)
			total += time.Since(t0)
			n++
			if err != nil {
				b.Fatal(err)
			}
			if g.OtherIn == nil || g.OtherOut == nil {
				b.Fatalf("generated %+v", g)
			}
		}
		b.ReportMetric(float64(total.Milliseconds())/float64(n), "ms/generate")
	})

}
