package fund_test

import (
	"fmt"
	"strings"
	"sync"
	"testing"
)

// Bad input: each request is refused with a message naming the field, and
// nothing changes (balances, settled amounts, document count).
func TestBadInput(t *testing.T) {
	w := newWorld(t)
	sale := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
	other := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust2, "2025-02-01", "10", "10"))
	draft := w.save("/api/sales/add", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
	away := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "1", "10"))
	w.e.Exec("UPDATE bills SET shop_id = ? WHERE id = ?", w.otherShop, away.ID) // another shop's delivery
	receipt := func(checks ...body) body {
		return body{"date": "2025-02-10", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": 100}}, "checks": checks}
	}
	purchase := w.unsettled("payment", w.supp)[0].BillID
	line := w.goods("sales", sale.ID).Entries[0].ID
	// An advance received in the period that is closed below.
	advance := w.save("/api/receipt/add?check=1", body{"date": "2025-02-09", "buId": w.cust2, "accounts": []body{{"accId": w.bank, "payment": 1}}})
	before := w.balances()
	docs := w.e.Count("SELECT COUNT(*) FROM bills")
	clerk := w.e.UserWith("fund:receipt:query")
	cases := []struct {
		name, path string
		body       body
		field      string
		msg        string // part of the English message
	}{
		{"another contact's document", "/api/receipt/add?check=1", receipt(body{"billId": other.ID, "nowCheck": 10}), "checks[0].billId", "another contact"},
		{"a draft", "/api/receipt/add?check=1", receipt(body{"billId": draft.ID, "nowCheck": 10}), "checks[0].billId", "not audited"},
		{"another shop's document", "/api/receipt/add?check=1", receipt(body{"billId": away.ID, "nowCheck": 1}), "checks[0].billId", "does not exist"},
		{"a purchase on a receipt", "/api/receipt/add?check=1", receipt(body{"billId": w.unsettled("payment", w.supp)[0].BillID, "nowCheck": 1}), "checks[0].billId", "does not exist"},
		{"more than open", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": n("100.01")}), "checks[0].nowCheck", "only 100 open"},
		{"negative nowCheck", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": -5}), "checks[0].nowCheck", "sign"},
		{"settled twice", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": 5}, body{"billId": sale.ID, "nowCheck": 5}), "checks[1].billId", "twice"},
		{"more settled than received", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "discount": 1,
			"accounts": []body{{"accId": w.cash, "payment": 50}}, "checks": []body{{"billId": sale.ID, "nowCheck": 60}}}, "checks", "More is settled"},
		{"negative payment", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": -1}}}, "accounts[0].payment", ""},
		{"zero payment", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": 0}}}, "accounts[0].payment", "greater than 0"},
		{"no account", "/api/receipt/add", body{"date": "2025-02-10", "buId": w.cust}, "accounts", ""},
		{"negative discount", "/api/receipt/add", body{"date": "2025-02-10", "buId": w.cust, "discount": -1, "accounts": []body{{"accId": w.cash, "payment": 1}}}, "discount", ""},
		{"a supplier on a receipt", "/api/receipt/add", body{"date": "2025-02-10", "buId": w.supp, "accounts": []body{{"accId": w.cash, "payment": 1}}}, "buId", ""},
		{"same account both sides", "/api/fundTf/add", body{"date": "2025-02-10", "entries": []body{{"outAccId": w.cash, "inAccId": w.cash, "amount": 1}}}, "entries[0].inAccId", "must differ"},
		{"negative transfer", "/api/fundTf/add", body{"date": "2025-02-10", "entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": -1}}}, "entries[0].amount", "greater than 0"},
		{"an expense item on income", "/api/income/add", body{"date": "2025-02-10", "accId": w.cash, "entries": []body{{"itemId": w.expItem, "amount": 1}}}, "entries[0].itemId", "does not exist"},
		{"income without account", "/api/income/add", body{"date": "2025-02-10", "entries": []body{{"itemId": w.incomeItem, "amount": 1}}}, "accId", ""},
		{"income amount beyond the limit", "/api/income/add", body{"date": "2025-02-10", "accId": w.cash, "entries": []body{{"itemId": w.incomeItem, "amount": n("1000000000001")}}}, "entries[0].amount", ""},
		{"a huge payment", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": n("1e30")}}}, "accounts[0].payment", ""},
		{"a huge nowCheck", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": n("99999999999999999999")}), "checks[0].nowCheck", ""},
		{"NUL in a remark", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": 1, "remark": "现\x00金"}}}, "accounts[0].remark", ""},
		{"NUL in a transfer's description", "/api/fundTf/add?check=1", body{"date": "2025-02-10", "entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": 1, "description": "a\x00"}}}, "entries[0].description", ""},
		{"a sale on a payment", "/api/payment/add?check=1", body{"date": "2025-02-10", "buId": w.supp, "accounts": []body{{"accId": w.cash, "payment": 100}},
			"checks": []body{{"billId": sale.ID, "nowCheck": 10}}}, "checks[0].billId", "does not exist"},
		{"more than open on a payment", "/api/payment/add?check=1", body{"date": "2025-02-10", "buId": w.supp, "accounts": []body{{"accId": w.cash, "payment": 6000}},
			"checks": []body{{"billId": purchase, "nowCheck": 5001}}}, "checks[0].nowCheck", "only 5000 open"},
		{"unbalanced verification", "/api/verification/add?check=1", body{"transType": 153201, "date": "2025-02-10", "buId": w.cust, "amount": 70,
			"checks": []body{{"billId": sale.ID, "nowCheck": 60}}}, "amount", "do not balance"},
		{"unbalanced verification sides", "/api/verification/add?check=1", body{"transType": 153203, "date": "2025-02-10", "buId": w.cust, "toBuId": w.supp,
			"checks": []body{{"billId": sale.ID, "nowCheck": 10}}, "toChecks": []body{{"billId": purchase, "nowCheck": 11}}}, "toChecks", "do not balance"},
		{"a two-sided verification's amount other than its checks", "/api/verification/add?check=1", body{"transType": 153203, "date": "2025-02-10", "buId": w.cust, "toBuId": w.supp,
			"amount": 11, "checks": []body{{"billId": sale.ID, "nowCheck": 10}}, "toChecks": []body{{"billId": purchase, "nowCheck": 10}}}, "amount", "Amount is not valid"},
		{"verification of another contact's document", "/api/verification/add?check=1", body{"transType": 153204, "date": "2025-02-10", "buId": w.cust,
			"toBuId": w.cust2, "amount": 10, "checks": []body{{"billId": other.ID, "nowCheck": 10}}}, "checks[0].billId", "another contact"},
		{"invoicing more than left", "/api/salesInvoice/add?check=1", body{"date": "2025-02-10", "buId": w.cust,
			"entries": []body{{"srcBillId": sale.ID, "srcEntryId": line, "amount": n("100.01")}}}, "entries[0].amount", "only 100 left"},
		{"invoicing a draft", "/api/salesInvoice/add?check=1", body{"date": "2025-02-10", "buId": w.cust,
			"entries": []body{{"srcBillId": draft.ID, "srcEntryId": w.goods("sales", draft.ID).Entries[0].ID, "amount": 1}}}, "entries[0].srcBillId", "not audited"},
		{"invoicing another shop's document", "/api/salesInvoice/add?check=1", body{"date": "2025-02-10", "buId": w.cust,
			"entries": []body{{"srcBillId": away.ID, "srcEntryId": w.e.ID("SELECT id FROM bill_entries WHERE bill_id = ?", away.ID), "amount": 1}}}, "entries[0].srcBillId", "does not exist"},
	}
	// Saved and audited at once, and saved as a draft (whose links only
	// the build checks: Settlement.BuiltAtSave): the same message.
	for _, c := range cases {
		paths := []string{c.path}
		if p, ok := strings.CutSuffix(c.path, "?check=1"); ok {
			paths = append(paths, p)
		}
		for _, path := range paths {
			t.Run(c.name+" "+path, func(t *testing.T) {
				w.admin.Lang = "en"
				r := w.admin.Do("POST", path, c.body)
				if r.Status != 400 {
					t.Fatalf("status %d: %s", r.Status, r.Body)
				}
				msg, ok := r.Env.Errors[c.field]
				if !ok || !strings.Contains(msg, c.msg) {
					t.Fatalf("errors %v, want %s with %q", r.Env.Errors, c.field, c.msg)
				}
			})
		}
	}
	// No permission (the clerk may only look at receipts): 403 on every
	// money kind's save and on un-auditing the advance, saying so.
	clerk.Lang = "en"
	for _, kind := range []string{"receipt", "payment", "income", "expense", "fundTf", "verification", "salesInvoice", "purInvoice"} {
		r := clerk.Do("POST", "/api/"+kind+"/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": 10}))
		if r.Status != 403 || !strings.Contains(string(r.Body), "permission") {
			t.Fatalf("no permission to save a %s: %d %s", kind, r.Status, r.Body)
		}
	}
	if r := clerk.Do("POST", fmt.Sprintf("/api/receipt/uncheck?id=%d", advance.ID), nil); r.Status != 403 {
		t.Fatalf("no permission to un-audit: %d %s", r.Status, r.Body)
	}
	// A closed period: the date is refused, and the advance received in it
	// cannot be un-audited (the draft goes first: a period with drafts
	// cannot be closed).
	w.admin.Do("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", draft.ID), nil).Want(200)
	docs--
	w.admin.Do("POST", "/api/period/close", body{"date": "2025-02-28"}).Want(200)
	for _, c := range []struct{ path, field string }{
		{"/api/receipt/add?check=1", "date"}, {"/api/receipt/add", "date"}, {"/api/fundTf/add?check=1", "date"}, {"/api/verification/add?check=1", "date"},
	} {
		b := receipt(body{"billId": sale.ID, "nowCheck": 10})
		switch {
		case strings.Contains(c.path, "fundTf"):
			b = body{"date": "2025-02-10", "entries": []body{{"outAccId": w.cash, "inAccId": w.bank, "amount": 1}}}
		case strings.Contains(c.path, "verification"):
			b = body{"transType": 153204, "date": "2025-02-10", "buId": w.cust, "toBuId": w.cust2, "amount": 10, "checks": []body{{"billId": sale.ID, "nowCheck": 10}}}
		}
		if r := w.admin.Do("POST", c.path, b); r.Status != 400 || !strings.Contains(r.Env.Errors[c.field], "is closed") {
			t.Fatalf("closed period (%s): %d %s", c.path, r.Status, r.Body)
		}
	}
	if msg := w.batch(w.admin, fmt.Sprintf("/api/receipt/uncheck?id=%d", advance.ID)); !strings.Contains(msg, "is closed") {
		t.Fatalf("un-audit in a closed period: %q", msg)
	}
	w.admin.Lang = ""
	if got := w.balances(); got != before {
		t.Fatalf("balances changed\n got  %s\n want %s", got, before)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != docs {
		t.Fatalf("%d documents, want %d", n, docs)
	}
	if s := w.get("sales", sale.ID); s.HXStateCode != 0 {
		t.Fatalf("settled state changed: %d", s.HXStateCode)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM settlements"); n != 0 {
		t.Fatalf("%d settlements", n)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bill_entries WHERE invoiced_amount <> 0"); n != 0 {
		t.Fatalf("%d lines invoiced", n)
	}
}

// Ten receipts race to settle the same open 100 of one delivery, each saved
// and audited at once: exactly one wins, the others are refused naming the
// line, and the delivery is settled once.
func TestTenReceiptsRace(t *testing.T) {
	w := newWorld(t)
	sale := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10"))
	const racers = 10
	status := make([]int, racers)
	fields := make([]string, racers)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i := range racers {
		wg.Go(func() {
			<-gate
			r := w.admin.Do("POST", "/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust,
				"accounts": []body{{"accId": w.cash, "payment": 100}}, "checks": []body{{"billId": sale.ID, "nowCheck": 100}}})
			status[i] = r.Status
			for k := range r.Env.Errors {
				fields[i] = k
			}
		})
	}
	close(gate)
	wg.Wait()
	won := 0
	for i, s := range status {
		switch {
		case s == 200:
			won++
		case s == 400 && fields[i] == "checks[0].nowCheck":
		default:
			t.Errorf("racer %d: %d %s", i, s, fields[i])
		}
	}
	if won != 1 {
		t.Fatalf("%d receipts won, want 1", won)
	}
	if got := w.balances(); got != "张三超市=50 李四商店=0 华东饮料=5000 华北饮料=0 现金=1100 银行=0" {
		t.Fatalf("balances: %s", got)
	}
	if s := w.get("sales", sale.ID); s.HXStateCode != 2 {
		t.Fatalf("hxStateCode %d", s.HXStateCode)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'receipt'"); n != 1 {
		t.Fatalf("%d receipts stored", n)
	}
	if n := w.e.Count(fmt.Sprintf("SELECT COUNT(*) FROM bills WHERE id = %d AND hx_amount = 100000000", sale.ID)); n != 1 {
		t.Fatal("settled amount is not 100")
	}
}
