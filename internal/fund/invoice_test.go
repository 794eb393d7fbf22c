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
	for _, path := range []string{"/api/salesInvoice/add?check=1", "/api/salesInvoice/add"} {
		r := w.admin.Do("POST", path, body{"date": "2025-02-05", "buId": w.cust, "entries": []body{line(s2, "4", "61")}})
		if r.Status != 400 || !strings.Contains(r.Env.Errors["entries[0].amount"], "only 60 left") {
			t.Fatalf("too much (%s): %d %s", path, r.Status, r.Body)
		}
	}
	r := w.admin.Do("POST", "/api/salesInvoice/add", body{"date": "2025-02-05", "buId": w.cust2, "entries": []body{line(s2, "1", "1")}})
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

// What the invoice screens read: each goods line answers what audited
// invoices took of it (left out without the money right), and the list
// filters on the invoice state (a list of states: not fully invoiced).
func TestInvoicedLinesAndStateFilter(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	s1 := w.goods("sales", w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10")).ID) // 100
	s2 := w.goods("sales", w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-02", "5", "20")).ID)  // 100
	w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-03", "1", "20"))                             // not invoiced
	w.save("/api/salesInvoice/add?check=1", body{"date": "2025-02-05", "buId": w.cust, "entries": []body{
		{"srcBillId": s1.ID, "srcEntryId": s1.Entries[0].ID, "qty": 10, "amount": 100},
		{"srcBillId": s2.ID, "srcEntryId": s2.Entries[0].ID, "qty": 2, "amount": 40}}})
	var d struct {
		Entries []map[string]any `json:"entries"`
	}
	w.admin.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", s2.ID), nil).Want(200).Decode(&d)
	if got := fmt.Sprint(d.Entries[0]["invoicedAmount"]); got != "40" {
		t.Fatalf("line invoiced amount %s", got)
	}
	seller := w.e.UserWith("sales:sales:query")
	d.Entries = nil
	seller.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", s2.ID), nil).Want(200).Decode(&d)
	if _, shown := d.Entries[0]["invoicedAmount"]; shown {
		t.Fatalf("invoiced amount shown without the money right: %v", d.Entries[0])
	}
	for _, c := range []struct {
		query string
		want  int
	}{{"invoiceState=2", 1}, {"invoiceState=1", 1}, {"invoiceState=0", 1}, {"invoiceState=0,1", 2}, {"", 3}} {
		var l struct {
			Records int `json:"records"`
		}
		w.admin.Do("GET", "/api/sales/list?sidx=invoiceState&"+c.query, nil).Want(200).Decode(&l)
		if l.Records != c.want {
			t.Errorf("%q: %d documents, want %d", c.query, l.Records, c.want)
		}
	}
	w.admin.Lang = "en"
	r := w.admin.Do("GET", "/api/sales/list?invoiceState=3", nil)
	if r.Status != 400 || r.Env.Errors["invoiceState"] == "" {
		t.Fatalf("bad state: %d %s", r.Status, r.Body)
	}
}
