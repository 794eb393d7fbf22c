package warehouse_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

// TestTransferWorkedExample, by hand (moving average, 2 places): 10 @ 2
// into 总仓 on 03-01; transfer 4 to 分仓 on 03-10 (cost 8, unit cost 2);
// sell 1 in 分仓 on 03-12 (cost 2); transfer 2 from 分仓 to 门店 on 03-13
// (cost 4) and sell 1 there on 03-14 (cost 2). A receipt of 10 @ 4 back-dated
// to 03-05 makes 总仓 20 worth 60 (3 each): the transfer now costs 12, the
// sale in 分仓 3, the second transfer 6 and the sale in 门店 3, in the same
// request. Un-auditing that receipt puts every cost back.
func TestTransferWorkedExample(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.purchase("2025-03-01", w.main, "10", "2")
	tf := w.save(w.admin, "/api/invTf/add?check=1", w.transferBody("2025-03-10", w.main, w.branch, "4"))
	if tf.Checked != 1 || tf.TransType != 103091 || len(tf.Entries) != 1 || tf.Entries[0].InLocationID != w.branch ||
		tf.Entries[0].OutLocationID != w.main || tf.Entries[0].InLocationName != "分仓" {
		t.Fatalf("transfer answered %+v", tf)
	}
	if c := tf.Entries[0].Cost; c == nil || c.String() != "8" || tf.Entries[0].UnitCost.String() != "2" {
		t.Fatalf("transfer cost %v/%v, want 8/2", c, tf.Entries[0].UnitCost)
	}
	s1 := w.sale("2025-03-12", w.branch, "1")
	tf2 := w.save(w.admin, "/api/invTf/add?check=1", w.transferBody("2025-03-13", w.branch, w.store, "2"))
	s2 := w.sale("2025-03-14", w.store, "1")
	costs := func(step string, want ...string) {
		t.Helper()
		got := []string{w.cost("invTf", tf.ID), w.cost("sales", s1.ID), w.cost("invTf", tf2.ID), w.cost("sales", s2.ID)}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: costs %v, want %v", step, got, want)
		}
	}
	costs("first", "8", "2", "4", "2")
	if b := w.balance(w.branch); b != "1/200" {
		t.Fatalf("分仓 %s, want 1/200", b)
	}
	back := w.purchase("2025-03-05", w.main, "10", "4")
	costs("back-dated receipt", "12", "3", "6", "3")
	for loc, want := range map[int64]string{w.main: "16/4800", w.branch: "1/300", w.store: "1/300"} {
		if b := w.balance(loc); b != want {
			t.Errorf("balance of %d: %s, want %s", loc, b, want)
		}
	}
	if msg := w.batchErr("POST", fmt.Sprintf("/api/purchase/uncheck?id=%d", back.ID)); msg != "" {
		t.Fatal(msg)
	}
	costs("receipt un-audited", "8", "2", "4", "2")
	// The transfer into 分仓 feeds what left it: un-auditing it is refused
	// with the shortfall, and changes nothing.
	if msg := w.batchErr("POST", fmt.Sprintf("/api/invTf/uncheck?id=%d", tf.ID)); msg == "" {
		t.Fatal("un-audit of a transfer whose goods were sold: no error")
	}
	costs("refused un-audit", "8", "2", "4", "2")
	// The ledger counts the transfer line once per side; the balance of
	// each warehouse equals its moves.
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id = ?", tf.ID); n != 2 {
		t.Fatalf("%d moves for a one-line transfer", n)
	}
	if bad := w.e.Count(`SELECT COUNT(*) FROM stock_balances sb WHERE sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)`); bad != 0 {
		t.Fatalf("%d balances differ from the ledger", bad)
	}
}

// Other stock-in: the price is the cost in (supplier optional, stocktake
// gain as a sub-type); other stock-out leaves at the balance's cost, with or
// without a customer. In boxes: 1 箱 = 12 瓶.
func TestOtherInOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	in := w.save(w.admin, "/api/otherIn/add?check=1", map[string]any{"date": "2025-04-01", "locationId": w.main,
		"entries": []line{{"invId": w.cola, "unitId": w.box, "qty": 1, "price": json.Number("24.5")}}})
	if in.TransType != 150706 || in.Entries[0].Cost == nil || in.Entries[0].Cost.String() != "24.5" || in.Entries[0].BaseQty.String() != "12" {
		t.Fatalf("other stock-in %+v", in)
	}
	gain := w.save(w.admin, "/api/otherIn/add?check=1", map[string]any{"date": "2025-04-02", "locationId": w.main, "transType": 150701, "buId": w.supplier,
		"entries": []line{{"invId": w.cola, "qty": 12, "price": json.Number("1.5")}}})
	if gain.TransType != 150701 || gain.BuID != w.supplier {
		t.Fatalf("stocktake gain %+v", gain)
	}
	// 24 bottles worth 42.5; 6 leave at 42.5 × 6 / 24 = 10.625 → 10.63.
	out := w.save(w.admin, "/api/otherOut/add?check=1", map[string]any{"date": "2025-04-03", "locationId": w.main, "buId": w.customer,
		"entries": []line{{"invId": w.cola, "qty": 6, "price": 99}}})
	if out.TransType != 150806 || out.Entries[0].Cost == nil || out.Entries[0].Cost.String() != "10.63" || out.Entries[0].Price.String() != "0" {
		t.Fatalf("other stock-out %+v", out)
	}
	loss := w.save(w.admin, "/api/otherOut/add?check=1", map[string]any{"date": "2025-04-04", "locationId": w.main, "transType": 150801,
		"entries": []line{{"invId": w.cola, "qty": 18}}})
	if loss.TransType != 150801 || w.cost("otherOut", loss.ID) != "31.87" || w.balance(w.main) != "0/0" {
		t.Fatalf("stocktake loss %+v, balance %s", loss, w.balance(w.main))
	}
	// A keeper without the cost right sees quantities, not prices or costs.
	keeper := w.e.UserWith("warehouse:otherIn:query", "warehouse:otherOut:query")
	r := keeper.Do("GET", fmt.Sprintf("/api/otherIn/query?id=%d", in.ID), nil).Want(200)
	var seen Doc
	r.Decode(&seen)
	if seen.Entries[0].Price != nil || seen.Entries[0].Cost != nil || seen.Entries[0].Amount != nil {
		t.Fatalf("keeper sees money: %s", r.Body)
	}
	r = keeper.Do("GET", fmt.Sprintf("/api/otherOut/query?id=%d", out.ID), nil).Want(200)
	seen = Doc{}
	r.Decode(&seen)
	if seen.Entries[0].Cost != nil {
		t.Fatalf("keeper sees the cost: %s", r.Body)
	}
	// Contacts do not move: no receivable or payable from these documents.
	if n := w.e.Count("SELECT COUNT(*) FROM bills WHERE kind IN ('otherIn', 'otherOut') AND arrears <> 0"); n != 0 {
		t.Fatalf("%d warehouse documents carry a debt", n)
	}
}

// TestCostAdjustment, by hand: 4 @ 2.5 on 05-01 (value 10); +2.01 on 05-02
// makes 12.01; a sale of 3 on 05-03 costs 9.0075 → 9.01. Back-dating a
// receipt of 4 @ 4 to 04-30 (8 worth 26 → +2.01 = 28.01; 3 leave at 10.50375
// → 10.5) recosts the sale. Adjusting an empty balance is refused and
// writes nothing; so is a quantity or a zero amount.
func TestCostAdjustment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	adj := func(date, amount string, loc int64) map[string]any {
		return map[string]any{"date": date, "entries": []line{{"invId": w.cola, "locationId": loc, "amount": json.Number(amount)}}}
	}
	w.purchase("2025-05-01", w.main, "4", "2.5")
	ca := w.save(a, "/api/costAdjustment/add?check=1", adj("2025-05-02", "2.01", w.main))
	if ca.TransType != 150807 || ca.Entries[0].Cost == nil || ca.Entries[0].Cost.String() != "2.01" || ca.Entries[0].UnitCost != nil {
		t.Fatalf("cost adjustment %+v", ca)
	}
	s := w.sale("2025-05-03", w.main, "3")
	if c := w.cost("sales", s.ID); c != "9.01" {
		t.Fatalf("sale after the adjustment costs %s, want 9.01", c)
	}
	w.purchase("2025-04-30", w.main, "4", "4")
	if c := w.cost("sales", s.ID); c != "10.5" {
		t.Fatalf("after the back-dated receipt the sale costs %s, want 10.5", c)
	}
	before := w.e.Count("SELECT COUNT(*) FROM bills")
	apptest.Run(t, []apptest.Step{
		{Name: "adjusting an empty balance", As: a, Method: "POST", Path: "/api/costAdjustment/add?check=1", Body: adj("2025-05-02", "1", w.branch), Status: 400, MsgHas: "没有库存"},
		{Name: "adjusting an empty balance, in English", As: a, Lang: "en", Method: "POST", Path: "/api/costAdjustment/add?check=1", Body: adj("2025-05-02", "1", w.branch), Status: 400, MsgHas: "no stock"},
		{Name: "a zero amount", As: a, Method: "POST", Path: "/api/costAdjustment/add", Body: adj("2025-05-02", "0", w.main), Status: 400, Field: "entries[0].amount"},
		{Name: "too many decimals", As: a, Method: "POST", Path: "/api/costAdjustment/add", Body: adj("2025-05-02", "0.001", w.main), Status: 400, Field: "entries[0].amount"},
		{Name: "a quantity", As: a, Method: "POST", Path: "/api/costAdjustment/add", Body: map[string]any{"date": "2025-05-02", "entries": []line{{"invId": w.cola, "locationId": w.main, "qty": 1, "amount": 1}}}, Status: 400, Field: "entries[0].qty"},
		{Name: "another shop's warehouse", As: a, Method: "POST", Path: "/api/costAdjustment/add", Body: adj("2025-05-02", "1", w.outside), Status: 400, Field: "entries[0].locationId"},
		{Name: "no permission", As: w.e.UserWith("warehouse:costAdjustment:query"), Method: "POST", Path: "/api/costAdjustment/add", Body: adj("2025-05-02", "1", w.main), Status: 403},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("refused adjustments wrote %d documents", n-before)
	}
	// Without the cost right the amounts are hidden.
	viewer := w.e.UserWith("warehouse:costAdjustment:query")
	if r := viewer.Do("GET", fmt.Sprintf("/api/costAdjustment/query?id=%d", ca.ID), nil).Want(200); strings.Contains(string(r.Body), `"amount"`) {
		t.Fatalf("viewer sees amounts: %s", r.Body)
	}
}
