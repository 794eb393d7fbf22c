package stock_test

import (
	"testing"

	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// lastCost is a balance's last cost as stored.
func (w *world) lastCost(k stock.Key) string {
	w.t.Helper()
	var v dec.Dec
	if err := w.d.QueryRow(ctx, "SELECT last_cost FROM stock_balances WHERE goods_id = ? AND sku_id = ? AND location_id = ? AND batch = ?",
		k.GoodsID, k.SKUID, k.LocationID, k.Batch).Scan(&v); err != nil {
		w.t.Fatal(err)
	}
	return v.String()
}

// The rules docs/stock.md states about the last cost and a balance that
// holds no quantity: a transfer in sets the last cost (as a receipt does),
// kept to 6 decimals rounded half up; stock issued beyond what is on hand
// (negative stock allowed) costs the rest at it; a negative balance holds no
// quantity, so a cost adjustment there is refused.
func TestLastCostRules(t *testing.T) {
	t.Parallel()
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(m)
			main := stock.Key{GoodsID: w.goods[1], LocationID: w.main}
			shop := stock.Key{GoodsID: w.goods[1], LocationID: w.shop3} // allows negative stock
			if _, _, err := w.post(cfg, "purchase", in(main, "2025-01-01", "3", "10")); err != nil {
				t.Fatal(err)
			}
			if got := w.lastCost(main); got != "3.333333" {
				t.Fatalf("last cost after 3 bought for 10: %s, want 3.333333", got)
			}
			if _, err := w.transfer(cfg, "2025-01-02", main, shop, "3"); err != nil {
				t.Fatal(err)
			}
			if got := w.lastCost(shop); got != "3.333333" {
				t.Fatalf("last cost after a transfer in of 3 worth 10: %s, want 3.333333", got)
			}
			other := stock.Key{GoodsID: w.goods[2], LocationID: w.shop3}
			if _, _, err := w.post(cfg, "purchase", in(other, "2025-01-01", "3", "2")); err != nil {
				t.Fatal(err)
			}
			if got := w.lastCost(other); got != "0.666667" {
				t.Fatalf("last cost of 3 for 2: %s, want 0.666667 (half up)", got)
			}
			// 4 sold from 3 on hand: the 3 leave at 10, the fourth at the last cost.
			sale, _, err := w.post(cfg, "sales", out(shop, "2025-01-03", "4"))
			if err != nil {
				t.Fatal(err)
			}
			if c := w.cost(sale); c != "-13.33" {
				t.Fatalf("4 sold from 3 cost %s, want -13.33", c)
			}
			if q, v := w.balance(shop); q != "-1" || v != "-3.33" {
				t.Fatalf("门店 %s/%s, want -1/-3.33", q, v)
			}
			adj := stock.Move{Key: shop, Date: "2025-01-04", Qty: dec.Zero, Amount: d("1"), ValueOnly: true}
			if _, _, err := w.post(cfg, "costAdjustment", adj); !isKey(err, stock.ErrStranded) {
				t.Fatalf("a cost adjustment on a negative balance: %v, want %s", err, stock.ErrStranded)
			}
		})
	}
}
