package stock_test

import (
	"errors"
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/stock"
)

// transfer posts a one-line transfer of qty from one balance to another:
// the out-move (RoleOut) and the in-move (RoleIn) of one document line.
func (w *world) transfer(cfg stock.Config, date string, from, to stock.Key, qty string) (int64, error) {
	id := w.bill("invTf", date)
	var entry int64
	err := w.d.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO bill_entries (bill_id, line_no, goods_id, unit_id, unit_rate, location_id, in_location_id, qty, base_qty)
		VALUES (?, 1, ?, (SELECT unit_id FROM goods WHERE id = ?), 1000000, ?, ?, 0, 0) RETURNING id`,
			id, from.GoodsID, from.GoodsID, from.LocationID, to.LocationID).Scan(&entry)
	})
	if err != nil {
		w.t.Fatal(err)
	}
	err = w.d.InTx(ctx, func(tx *db.Tx) error {
		_, err := stock.Post(ctx, tx, cfg, []stock.Move{
			{Key: to, Date: date, Qty: d(qty), Kind: "invTf", BillID: id, EntryID: entry, Role: stock.RoleIn},
			{Key: from, Date: date, Qty: d(qty).Neg(), Kind: "invTf", BillID: id, EntryID: entry, Role: stock.RoleOut},
		})
		return err
	})
	return id, err
}

// moveAmount is the stored amount of a document's move in a warehouse.
func (w *world) moveAmount(bill, location int64) string {
	var a dec.Dec
	if err := w.d.QueryRow(ctx, "SELECT amount FROM stock_moves WHERE bill_id = ? AND location_id = ?", bill, location).Scan(&a); err != nil {
		w.t.Fatal(err)
	}
	return a.String()
}

// TestTransferCost, worked by hand (moving average, 2 places): 10 @ 1 in
// 总仓 (value 10); on 01-10 transfer 4 to 分仓 → out −4, in +4 (分仓 4/4);
// on 01-11 sell 1 in 分仓 → −1, transfer 3 from 分仓 to 门店 → −3, +3.
// A receipt back-dated to 01-05 (+10 for 30 → 总仓 20/40) recosts the
// transfer out to −8, its in-move to +8, the sale in 分仓 to −2, the second
// transfer to −6/+6, and a sale in 门店 on 01-12 of 1 to −2: every fed
// balance follows, in the same transaction. Un-auditing the receipt puts
// every cost back. The line's cost is counted once (per role).
func TestTransferCost(t *testing.T) {
	t.Parallel()
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(m)
			a := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
			b := stock.Key{GoodsID: w.goods[0], LocationID: w.branch}
			c := stock.Key{GoodsID: w.goods[0], LocationID: w.shop3}
			must := func(id int64, err error) int64 {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			post := func(kind string, mv stock.Move) int64 {
				t.Helper()
				id, _, err := w.post(cfg, kind, mv)
				return must(id, err)
			}
			post("purchase", in(a, "2025-01-01", "10", "10"))
			tf1 := must(w.transfer(cfg, "2025-01-10", a, b, "4"))
			sale1 := post("sales", out(b, "2025-01-11", "1"))
			tf2 := must(w.transfer(cfg, "2025-01-11", b, c, "3"))
			sale2 := post("sales", out(c, "2025-01-12", "1"))
			check := func(step, tfOut, tfIn, s1, tf2Out, tf2In, s2 string) {
				t.Helper()
				got := []string{w.moveAmount(tf1, w.main), w.moveAmount(tf1, w.branch), w.cost(sale1), w.moveAmount(tf2, w.branch),
					w.moveAmount(tf2, w.shop3), w.cost(sale2)}
				want := []string{tfOut, tfIn, s1, tf2Out, tf2In, s2}
				for i := range got {
					if got[i] != want[i] {
						t.Fatalf("%s: amounts %v, want %v", step, got, want)
					}
				}
				costs, err := stock.EntryCosts(ctx, w.d, tf1)
				if err != nil {
					t.Fatal(err)
				}
				for _, v := range costs {
					if v.String() != tfIn {
						t.Fatalf("%s: transfer line cost %s, want %s (counted once)", step, v, tfIn)
					}
				}
			}
			check("first", "-4", "4", "-1", "-3", "3", "-1")
			if q, v := w.balance(c); q != "2" || v != "2" {
				t.Fatalf("门店 %s/%s, want 2/2", q, v)
			}
			back := post("purchase", in(a, "2025-01-05", "10", "30"))
			if m == stock.MovingAverage {
				check("back-dated", "-8", "8", "-2", "-6", "6", "-2")
			} else {
				// FIFO: the 4 leave from the first layer (10 @ 1): unchanged.
				check("back-dated", "-4", "4", "-1", "-3", "3", "-1")
			}
			if q, v := w.balance(a); q != "16" || (m == stock.MovingAverage && v != "32") || (m == stock.FIFO && v != "36") {
				t.Fatalf("总仓 %s/%s", q, v)
			}
			if err := w.unpost(cfg, back); err != nil {
				t.Fatal(err)
			}
			check("un-audited", "-4", "4", "-1", "-3", "3", "-1")
			if q, v := w.balance(b); q != "0" || v != "0" {
				t.Fatalf("分仓 %s/%s, want 0/0", q, v)
			}
			// Un-auditing the transfer into 分仓 would leave its sale short.
			if err := w.unpost(cfg, tf1); err == nil {
				t.Fatal("un-audit of the transfer feeding a sale: no error")
			}
		})
	}
}

// TestValueOnly, by hand: 4 @ 2.5 (value 10); an adjustment of +2.01 on
// 02-01 makes 12.01; selling 3 on 02-02 costs 12.01 × 3 / 4 = 9.0075 → 9.01
// (moving average) or, FIFO, the layer took the whole adjustment: the same
// 9.01; 1 left worth 3. An adjustment where the balance is empty is
// refused, and so is a back-dated sale that would empty it before an
// adjustment.
func TestValueOnly(t *testing.T) {
	t.Parallel()
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(m)
			k := stock.Key{GoodsID: w.goods[1], LocationID: w.main}
			adj := func(date, amount string) stock.Move {
				return stock.Move{Key: k, Date: date, Qty: dec.Zero, Amount: d(amount), ValueOnly: true}
			}
			if _, _, err := w.post(cfg, "costAdjustment", adj("2025-01-15", "5")); !isKey(err, stock.ErrStranded) {
				t.Fatalf("adjusting an empty balance: %v", err)
			}
			if _, _, err := w.post(cfg, "purchase", in(k, "2025-01-20", "4", "10")); err != nil {
				t.Fatal(err)
			}
			if _, _, err := w.post(cfg, "costAdjustment", adj("2025-02-01", "2.01")); err != nil {
				t.Fatal(err)
			}
			sale, _, err := w.post(cfg, "sales", out(k, "2025-02-02", "3"))
			if err != nil {
				t.Fatal(err)
			}
			if c := w.cost(sale); c != "-9.01" {
				t.Fatalf("sale after the adjustment costs %s, want -9.01", c)
			}
			if q, v := w.balance(k); q != "1" || v != "3" {
				t.Fatalf("balance %s/%s, want 1/3", q, v)
			}
			// A back-dated sale of 1 before the adjustment: it costs 2.5; the
			// adjustment lands on 3 worth 7.5 → 9.51, all of it taken by the
			// sale of 3, which empties the balance.
			back, _, err := w.post(cfg, "sales", out(k, "2025-01-25", "1"))
			if err != nil {
				t.Fatal(err)
			}
			if c1, c2 := w.cost(back), w.cost(sale); c1 != "-2.5" || c2 != "-9.51" {
				t.Fatalf("after the back-dated sale: %s, %s; want -2.5, -9.51", c1, c2)
			}
			if q, v := w.balance(k); q != "0" || v != "0" {
				t.Fatalf("balance %s/%s, want 0/0", q, v)
			}
			// Another: 2 @ 1 on 03-01, +1 on 03-05; a sale of both back-dated to
			// 03-02 would leave the adjustment on an empty balance.
			k2 := stock.Key{GoodsID: w.goods[2], LocationID: w.main}
			if _, _, err := w.post(cfg, "purchase", in(k2, "2025-03-01", "2", "2")); err != nil {
				t.Fatal(err)
			}
			if _, _, err := w.post(cfg, "costAdjustment", stock.Move{Key: k2, Date: "2025-03-05", Qty: dec.Zero, Amount: d("1"), ValueOnly: true}); err != nil {
				t.Fatal(err)
			}
			if _, _, err := w.post(cfg, "sales", out(k2, "2025-03-02", "2")); !isKey(err, stock.ErrStranded) {
				t.Fatalf("a sale stranding an adjustment: %v", err)
			}
			if q, v := w.balance(k2); q != "2" || v != "3" {
				t.Fatalf("balance %s/%s, want 2/3", q, v)
			}
		})
	}
}

func isKey(err error, key string) bool {
	var e *errs.Error
	return errors.As(err, &e) && string(e.Key) == key
}
