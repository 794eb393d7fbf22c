package stock_test

import (
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/dec"
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
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
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
