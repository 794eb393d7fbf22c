package fund_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

type goodsDoc struct {
	ID             int64       `json:"id"`
	BillNo         string      `json:"billNo"`
	InvoicedAmount json.Number `json:"invoicedAmount"`
	InvoiceState   int         `json:"invoiceState"`
	Entries        []struct {
		ID int64 `json:"id"`
	} `json:"entries"`
}

func (w *world) goods(kind string, id int64) goodsDoc {
	w.e.T.Helper()
	var d goodsDoc
	w.admin.Do("GET", fmt.Sprintf("/api/%s/query?id=%d", kind, id), nil).Want(200).Decode(&d)
	return d
}

// An invoice for two deliveries and a return: the goods documents answer
// what is invoiced and their invoice state; more than is left is refused;
// an invoiced delivery cannot be un-audited; invoices move no money.
func TestSalesInvoice(t *testing.T) {
	w := newWorld(t)
	s1 := w.goods("sales", w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10")).ID) // 100
	s2 := w.goods("sales", w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-02", "5", "20")).ID)  // 100
	ret := w.goods("reSales", w.save("/api/reSales/add?check=1", w.goodsDoc(w.cust, "2025-02-03", "1", "10")).ID)
	before := w.balances()
	line := func(src goodsDoc, qty, amount string) body {
		return body{"srcBillId": src.ID, "srcEntryId": src.Entries[0].ID, "qty": n(qty), "amount": n(amount), "tax": 0}
	}
	inv := w.save("/api/salesInvoice/add?check=1", body{"date": "2025-02-05", "buId": w.cust, "invoiceNo": "No.0001", "invoiceTitle": "张三超市",
		"invoiceType": 2, "entries": []body{line(s1, "10", "100"), line(s2, "2", "40"), line(ret, "-1", "-10")}})
	if inv.Amount.String() != "130" || len(inv.Entries) != 3 {
		t.Fatalf("invoice: %+v", inv)
	}
	got := func() string {
		a, b, c := w.goods("sales", s1.ID), w.goods("sales", s2.ID), w.goods("reSales", ret.ID)
		return fmt.Sprint(a.InvoicedAmount, "/", a.InvoiceState, " ", b.InvoicedAmount, "/", b.InvoiceState, " ", c.InvoicedAmount, "/", c.InvoiceState)
	}
	if s := got(); s != "100/2 40/1 10/2" {
		t.Fatalf("invoiced: %s", s)
	}
	if b := w.balances(); b != before {
		t.Fatalf("an invoice moved money: %s", b)
	}
	w.admin.Lang = "en"
	r := w.admin.Do("POST", "/api/salesInvoice/add?check=1", body{"date": "2025-02-05", "buId": w.cust, "entries": []body{line(s2, "4", "61")}})
	if r.Status != 400 || !strings.Contains(r.Env.Errors["entries[0].amount"], "only 60 left") {
		t.Fatalf("too much: %d %s", r.Status, r.Body)
	}
	r = w.admin.Do("POST", "/api/salesInvoice/add", body{"date": "2025-02-05", "buId": w.cust2, "entries": []body{line(s2, "1", "1")}})
	if r.Status != 400 || r.Env.Errors["entries[0].srcBillId"] == "" {
		t.Fatalf("another contact's delivery: %d %s", r.Status, r.Body)
	}
	r = w.admin.Do("POST", "/api/salesInvoice/add", body{"date": "2025-02-05", "buId": w.cust, "entries": []body{line(ret, "1", "1")}})
	if r.Status != 400 || r.Env.Errors["entries[0].qty"] == "" {
		t.Fatalf("positive on a return: %d %s", r.Status, r.Body)
	}
	w.admin.Lang = ""
	if msg := w.batch(w.admin, fmt.Sprintf("/api/sales/uncheck?id=%d", s1.ID)); !strings.Contains(msg, inv.BillNo) {
		t.Fatalf("un-audit of an invoiced delivery: %q", msg)
	}
	if msg := w.batch(w.admin, fmt.Sprintf("/api/salesInvoice/uncheck?id=%d", inv.ID)); msg != "" {
		t.Fatal(msg)
	}
	if s := got(); s != "0/0 0/0 0/0" {
		t.Fatalf("after un-audit: %s", s)
	}
}

// A draft invoice's answer sent back on update is accepted (the lines
// carry the goods of their source lines), and the version is enforced.
func TestInvoiceUpdateRoundTrip(t *testing.T) {
	w := newWorld(t)
	s1 := w.goods("sales", w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10")).ID)
	var d map[string]any
	w.admin.Do("POST", "/api/salesInvoice/add", body{"date": "2025-02-05", "buId": w.cust, "invoiceNo": "A1",
		"entries": []body{{"srcBillId": s1.ID, "srcEntryId": s1.Entries[0].ID, "qty": 10, "amount": 100}}}).Want(200).Decode(&d)
	d["invoiceNo"] = "A2"
	var u struct {
		InvoiceNo string `json:"invoiceNo"`
		Version   int64  `json:"version"`
	}
	w.admin.Do("POST", "/api/salesInvoice/update?check=1", d).Want(200).Decode(&u)
	if u.InvoiceNo != "A2" {
		t.Fatalf("updated invoice: %+v", u)
	}
	if g := w.goods("sales", s1.ID); g.InvoiceState != 2 {
		t.Fatalf("invoice state %d", g.InvoiceState)
	}
	w.admin.Do("POST", "/api/salesInvoice/update", d).Want(409)
}
