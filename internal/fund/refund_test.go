package fund_test

import (
	"fmt"
	"strings"
	"testing"
)

// Refunds (退款, docs/money.md): a customer paid a delivery in full and
// returned part of it; a receipt with a negative line pays the return
// back from the cash account and settles it. A supplier's purchase return
// is paid back to the shop by a payment with a negative line. Balances,
// settled states and the unsettled lists follow; un-auditing gives it all
// back; refusals name their field.
func TestRefunds(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	want := func(step, b string) {
		t.Helper()
		if got := w.balances(); got != b {
			t.Fatalf("%s: balances\n got  %s\n want %s", step, got, b)
		}
	}
	sale := w.goodsDoc(w.cust2, "2025-02-01", "10", "10")
	sale["accounts"] = []body{{"accId": w.cash, "payment": 100}}
	w.save("/api/sales/add?check=1", sale)
	ret := w.save("/api/reSales/add?check=1", w.goodsDoc(w.cust2, "2025-02-02", "4", "10"))
	// The purchase of the world (5000, unpaid) is settled in full by a
	// payment; the supplier then takes 30 back.
	pur := w.unsettled("payment", w.supp)[0]
	w.save("/api/payment/add?check=1", body{"date": "2025-02-02", "buId": w.supp, "accounts": []body{{"accId": w.bank, "payment": 5000}},
		"checks": []body{{"billId": pur.BillID, "nowCheck": 5000}}})
	rp := w.goodsDoc(w.supp, "2025-02-03", "3", "10")
	pret := w.save("/api/rePurchase/add?check=1", rp)
	want("returned", "张三超市=50 李四商店=-40 华东饮料=-30 华北饮料=0 现金=1100 银行=-5000")
	if open := w.unsettled("receipt", w.cust2); len(open) != 1 || open[0].BillID != ret.ID || open[0].NotCheck.String() != "-40" {
		t.Fatalf("open return: %+v", open)
	}

	w.admin.Lang = "en"
	refund := func(acc ...body) body {
		return body{"date": "2025-02-05", "buId": w.cust2, "accounts": acc, "checks": []body{{"billId": ret.ID, "nowCheck": -40}}}
	}
	for _, c := range []struct {
		name, field, msg string
		body             body
	}{
		{"more than the return", "accounts[0].payment", "at most 40", refund(body{"accId": w.cash, "payment": -41})},
		{"nothing settled", "accounts[0].payment", "at most 0",
			body{"date": "2025-02-05", "buId": w.cust2, "accounts": []body{{"accId": w.cash, "payment": -1}}}},
		{"money in and out", "accounts[1].payment", "cannot be on one document",
			refund(body{"accId": w.cash, "payment": -50}, body{"accId": w.bank, "payment": 10})},
		{"a discount", "discount", "no discount", func() body { b := refund(body{"accId": w.cash, "payment": -30}); b["discount"] = 10; return b }()},
		{"a zero line", "accounts[1].payment", "must not be 0", refund(body{"accId": w.cash, "payment": -40}, body{"accId": w.bank, "payment": 0})},
	} {
		for _, path := range []string{"/api/receipt/add?check=1", "/api/receipt/add"} {
			r := w.admin.Do("POST", path, c.body)
			if r.Status != 400 || !strings.Contains(r.Env.Errors[c.field], c.msg) {
				t.Fatalf("%s (%s): %d %v, want %s with %q", c.name, path, r.Status, r.Env.Errors, c.field, c.msg)
			}
		}
	}
	w.admin.Lang = ""
	want("refused", "张三超市=50 李四商店=-40 华东饮料=-30 华北饮料=0 现金=1100 银行=-5000")

	// The refunds: 40 out of the cash to the customer, 30 into the bank
	// from the supplier; nothing is left as an advance.
	r := w.save("/api/receipt/add?check=1", refund(body{"accId": w.cash, "payment": -40}))
	if r.Amount.String() != "-40" || r.Payment == nil || r.Payment.String() != "0" || len(r.Checks) != 1 || r.Checks[0].NowCheck.String() != "-40" {
		t.Fatalf("refund: %+v", r)
	}
	p := w.save("/api/payment/add?check=1", body{"date": "2025-02-05", "buId": w.supp, "accounts": []body{{"accId": w.bank, "payment": -30}},
		"checks": []body{{"billId": pret.ID, "nowCheck": -30}}})
	want("refunded", "张三超市=50 李四商店=0 华东饮料=0 华北饮料=0 现金=1060 银行=-4970")
	if s := fmt.Sprint(w.get("reSales", ret.ID).HXStateCode, w.get("rePurchase", pret.ID).HXStateCode); s != "2 2" {
		t.Fatalf("settled states: %s", s)
	}
	if a, b := w.unsettled("receipt", w.cust2), w.unsettled("payment", w.supp); len(a)+len(b) != 0 {
		t.Fatalf("still open: %+v %+v", a, b)
	}
	// A settled return cannot be un-audited; un-auditing the refunds
	// gives everything back.
	if msg := w.batch(w.admin, fmt.Sprintf("/api/reSales/uncheck?id=%d", ret.ID)); !strings.Contains(msg, r.BillNo) {
		t.Fatalf("un-audit of a refunded return: %q", msg)
	}
	for _, u := range []string{fmt.Sprintf("/api/receipt/uncheck?id=%d", r.ID), fmt.Sprintf("/api/payment/uncheck?id=%d", p.ID)} {
		if msg := w.batch(w.admin, u); msg != "" {
			t.Fatalf("%s: %s", u, msg)
		}
	}
	want("un-audited", "张三超市=50 李四商店=-40 华东饮料=-30 华北饮料=0 现金=1100 银行=-5000")
}
