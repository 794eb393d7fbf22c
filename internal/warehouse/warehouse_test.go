package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestTransferWorkedExample, by hand (moving average, 2 places): 10 @ 2
// into 总仓 on 03-01; transfer 4 to 分仓 on 03-10 (cost 8, unit cost 2);
// sell 1 in 分仓 on 03-12 (cost 2); transfer 2 from 分仓 to 门店 on 03-13
// (cost 4) and sell 1 there on 03-14 (cost 2). A receipt of 10 @ 4 back-dated
// to 03-05 makes 总仓 20 worth 60 (3 each): the transfer now costs 12, the
// sale in 分仓 3, the second transfer 6 and the sale in 门店 3, in the same
// request. Un-auditing that receipt puts every cost back.
func TestTransferWorkedExample(t *testing.T) {
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
	keeper := w.e.UserWith("storage:otherIn:query", "storage:otherOut:query")
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
