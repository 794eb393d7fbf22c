package fund_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

// A customer with three deliveries (the last partly paid at delivery): the
// unsettled list shows them oldest first; a receipt with a discount
// settles the first two and part of the third and leaves an advance; the
// lists' balances follow, a settled delivery cannot be un-audited, and
// un-auditing the receipt gives everything back.
func TestReceiptSettlesOldestFirst(t *testing.T) {
	w := newWorld(t)
	want := func(step, b string) {
		t.Helper()
		if got := w.balances(); got != b {
			t.Fatalf("%s: balances\n got  %s\n want %s", step, got, b)
		}
	}
	want("start", "张三超市=50 李四商店=0 华东饮料=5000 华北饮料=0 现金=1000 银行=0")
	s3 := w.goodsDoc(w.cust, "2025-02-03", "30", "10")
	s3["accounts"] = []body{{"accId": w.bank, "payment": 50}}
	d3 := w.save("/api/sales/add?check=1", s3)
	d1 := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
	d2 := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-02", "20", "10"))
	w.save("/api/sales/add", w.goodsDoc(w.cust, "2025-02-01", "1", "10")) // a draft is not open
	w.save("/api/sales/add?check=1", w.goodsDoc(w.cust2, "2025-02-01", "1", "10"))
	want("sold", "张三超市=600 李四商店=10 华东饮料=5000 华北饮料=0 现金=1000 银行=50")

	open := w.unsettled("receipt", w.cust)
	var got []string
	for _, c := range open {
		got = append(got, fmt.Sprintf("%s:%s/%s/%s", c.BillDate, c.BillPrice, c.HasCheck, c.NotCheck))
	}
	if s := strings.Join(got, " "); s != "2025-02-01:100/0/100 2025-02-02:200/0/200 2025-02-03:300/50/250" {
		t.Fatalf("unsettled: %s", s)
	}
	if open[0].BillID != d1.ID || open[1].BillID != d2.ID || open[2].BillID != d3.ID || open[0].TransType != 150601 {
		t.Fatalf("unsettled ids: %+v", open)
	}

	// 380 in cash and a discount of 20 = 400: 100 + 200 + 90 settled, 10 advance.
	r := w.save("/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "discount": 20,
		"accounts": []body{{"accId": w.cash, "payment": 380}},
		"checks":   []body{{"billId": d1.ID, "nowCheck": 100}, {"billId": d2.ID, "nowCheck": 200}, {"billId": d3.ID, "nowCheck": 90}}})
	if r.Payment == nil || r.Payment.String() != "10" || r.Discount.String() != "20" || r.Amount.String() != "400" || r.TransType != 153001 || len(r.Checks) != 3 ||
		r.Checks[2].NowCheck.String() != "90" || r.Checks[2].NotCheck.String() != "160" {
		t.Fatalf("receipt: %+v", r)
	}
	want("received", "张三超市=200 李四商店=10 华东饮料=5000 华北饮料=0 现金=1380 银行=50")
	states := func() string {
		return fmt.Sprint(w.get("sales", d1.ID).HXStateCode, w.get("sales", d2.ID).HXStateCode, w.get("sales", d3.ID).HXStateCode)
	}
	if s := states(); s != "2 2 1" {
		t.Fatalf("hxStateCode after the receipt: %s", s)
	}
	if open := w.unsettled("receipt", w.cust); len(open) != 1 || open[0].NotCheck.String() != "160" || open[0].HasCheck.String() != "140" {
		t.Fatalf("unsettled after: %+v", open)
	}

	// A settled delivery cannot be un-audited: 409 naming the receipt.
	if msg := w.batch(w.admin, fmt.Sprintf("/api/sales/uncheck?id=%d", d1.ID)); !strings.Contains(msg, r.BillNo) {
		t.Fatalf("un-audit of a settled delivery: %q", msg)
	}
	// Un-auditing the receipt releases what it settled.
	if msg := w.batch(w.admin, fmt.Sprintf("/api/receipt/uncheck?id=%d", r.ID)); msg != "" {
		t.Fatal(msg)
	}
	want("receipt un-audited", "张三超市=600 李四商店=10 华东饮料=5000 华北饮料=0 现金=1000 银行=50")
	if s := states(); s != "0 0 1" {
		t.Fatalf("hxStateCode after un-audit: %s", s)
	}
	if msg := w.batch(w.admin, fmt.Sprintf("/api/sales/uncheck?id=%d", d1.ID)); msg != "" {
		t.Fatal(msg)
	}
	want("delivery un-audited", "张三超市=500 李四商店=10 华东饮料=5000 华北饮料=0 现金=1000 银行=50")
	// Audited again: the draft receipt still names the draft delivery.
	if msg := w.batch(w.admin, fmt.Sprintf("/api/receipt/check?id=%d", r.ID)); !strings.Contains(msg, w.get("sales", d1.ID).BillNo) {
		t.Fatalf("audit of a receipt settling a draft: %q", msg)
	}
	want("refused", "张三超市=500 李四商店=10 华东饮料=5000 华北饮料=0 现金=1000 银行=50")
}

// A payment to a supplier settles a purchase and a purchase return (whose
// open amount is negative); with no documents named it is all advance.
func TestPaymentWithReturnAndAdvance(t *testing.T) {
	w := newWorld(t)
	p := w.unsettled("payment", w.supp)
	if len(p) != 1 || p[0].NotCheck.String() != "5000" {
		t.Fatalf("unsettled: %+v", p)
	}
	ret := w.save("/api/rePurchase/add?check=1", w.goodsDoc(w.supp, "2025-01-02", "100", "5"))
	p = w.unsettled("payment", w.supp)
	if len(p) != 2 || p[1].NotCheck.String() != "-500" || p[1].BillPrice.String() != "-500" || p[1].TransType != 150502 {
		t.Fatalf("unsettled with a return: %+v", p)
	}
	pay := w.save("/api/payment/add?check=1", body{"date": "2025-01-05", "buId": w.supp,
		"accounts": []body{{"accId": w.cash, "payment": 600}, {"accId": w.bank, "payment": 100}},
		"checks":   []body{{"billId": p[0].BillID, "nowCheck": 1000}, {"billId": ret.ID, "nowCheck": -500}}})
	if pay.Payment.String() != "200" {
		t.Fatalf("advance: %s", pay.Payment)
	}
	// Payable 5000 − 500 returned − 700 paid = 3800; 现金 1000 − 600, 银行 −100.
	if b := w.balances(); b != "张三超市=50 李四商店=0 华东饮料=3800 华北饮料=0 现金=400 银行=-100" {
		t.Fatalf("balances: %s", b)
	}
	if s := w.get("rePurchase", ret.ID).HXStateCode; s != 2 {
		t.Fatalf("return settled: %d", s)
	}
	w.save("/api/payment/add?check=1", body{"date": "2025-01-05", "buId": w.supp2, "accounts": []body{{"accId": w.bank, "payment": 30}}})
	if b := w.balances(); b != "张三超市=50 李四商店=0 华东饮料=3800 华北饮料=-30 现金=400 银行=-130" {
		t.Fatalf("advance paid: %s", b)
	}
}

// Other income and expense move their account; a transfer moves money from
// one account to the other; un-audit takes it back.
func TestIncomeExpenseTransfer(t *testing.T) {
	w := newWorld(t)
	in := w.save("/api/income/add?check=1", body{"date": "2025-03-01", "accId": w.bank,
		"entries": []body{{"itemId": w.incomeItem, "amount": n("12.5"), "description": "利息"}, {"itemId": w.incomeItem, "amount": 7}}})
	if in.Amount.String() != "19.5" || in.AccID != w.bank || len(in.Entries) != 2 || in.TransType != 153401 {
		t.Fatalf("income: %+v", in)
	}
	w.save("/api/expense/add?check=1", body{"date": "2025-03-01", "accId": w.cash, "buId": w.supp,
		"entries": []body{{"itemId": w.expItem, "amount": 300}}})
	tf := w.save("/api/fundTf/add?check=1", body{"date": "2025-03-02",
		"entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": 200}, {"outAccId": w.bank, "inAccId": w.cash, "amount": n("0.5")}}})
	if len(tf.Entries) != 2 || tf.Entries[0].OutAccID != w.cash || tf.Entries[0].InAccID != w.bank {
		t.Fatalf("transfer: %+v", tf)
	}
	// 现金 1000 − 300 − 200 + 0.5; 银行 19.5 + 200 − 0.5. Expense with a
	// supplier leaves its payable alone.
	if b := w.balances(); b != "张三超市=50 李四商店=0 华东饮料=5000 华北饮料=0 现金=500.5 银行=219" {
		t.Fatalf("balances: %s", b)
	}
	// The lists name each document's account (a draft's too).
	w.save("/api/income/add", body{"date": "2025-03-03", "accId": w.cash, "entries": []body{{"itemId": w.incomeItem, "amount": 1}}})
	for kind, want := range map[string]string{"income": "现金 银行", "expense": "现金"} {
		var l apptest.List[struct {
			AccID   int64  `json:"accId"`
			AccName string `json:"accName"`
		}]
		w.admin.Do("GET", "/api/"+kind+"/list?rows=10&sidx=date&sord=desc", nil).Want(200).Decode(&l)
		var got []string
		for _, r := range l.Rows {
			if (r.AccName == "现金") != (r.AccID == w.cash) {
				t.Fatalf("%s: account %d named %s", kind, r.AccID, r.AccName)
			}
			got = append(got, r.AccName)
		}
		if s := strings.Join(got, " "); s != want {
			t.Fatalf("%s list accounts: %q, want %q", kind, s, want)
		}
	}
	if r := w.admin.Do("GET", "/api/income/export", nil); r.Status != 200 {
		t.Fatalf("income export: %d", r.Status)
	}
	if msg := w.batch(w.admin, fmt.Sprintf("/api/fundTf/uncheck?id=%d", tf.ID)); msg != "" {
		t.Fatal(msg)
	}
	if b := w.balances(); b != "张三超市=50 李四商店=0 华东饮料=5000 华北饮料=0 现金=700 银行=19.5" {
		t.Fatalf("balances after un-audit: %s", b)
	}
}

// Draft fund documents' answers sent back on update are accepted as they
// are (receipts with checks, income, transfers, verification).
func TestFundUpdateRoundTrip(t *testing.T) {
	w := newWorld(t)
	sale := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
	for _, c := range []struct {
		kind string
		b    body
	}{
		{"receipt", body{"date": "2025-02-10", "buId": w.cust, "discount": 1, "accounts": []body{{"accId": w.cash, "payment": 50}},
			"checks": []body{{"billId": sale.ID, "nowCheck": 40}}}},
		{"income", body{"date": "2025-02-10", "accId": w.bank, "entries": []body{{"itemId": w.incomeItem, "amount": 5}}}},
		{"fundTf", body{"date": "2025-02-10", "entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": 5, "settlement": "NO1"}}}},
		{"verification", body{"transType": 153204, "date": "2025-02-10", "buId": w.cust, "toBuId": w.cust2, "amount": 10,
			"checks": []body{{"billId": sale.ID, "nowCheck": 10}}}},
	} {
		var d map[string]any
		w.admin.Do("POST", "/api/"+c.kind+"/add", c.b).Want(200).Decode(&d)
		d["description"] = "edited"
		var u map[string]any
		w.admin.Do("POST", "/api/"+c.kind+"/update?check=1", d).Want(200).Decode(&u)
		if u["description"] != "edited" || u["checked"] != float64(1) || fmt.Sprint(u["amount"]) != fmt.Sprint(d["amount"]) {
			t.Fatalf("%s: %v", c.kind, u)
		}
	}
}
