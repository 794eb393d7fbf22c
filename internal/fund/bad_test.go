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
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.admin.Lang = "en"
			r := w.admin.Do("POST", c.path, c.body)
			if r.Status != 400 {
				t.Fatalf("status %d: %s", r.Status, r.Body)
			}
			msg, ok := r.Env.Errors[c.field]
			if !ok || !strings.Contains(msg, c.msg) {
				t.Fatalf("errors %v, want %s with %q", r.Env.Errors, c.field, c.msg)
			}
		})
	}
	w.admin.Lang = ""
	// No permission: 403.
	if r := clerk.Do("POST", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": 10})); r.Status != 403 {
		t.Fatalf("no permission: %d %s", r.Status, r.Body)
	}
	// A closed period: the date is refused (the draft goes first: a
	// period with drafts cannot be closed).
	w.admin.Do("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", draft.ID), nil).Want(200)
	docs--
	w.admin.Do("POST", "/api/period/close", body{"date": "2025-02-28"}).Want(200)
	if r := w.admin.Do("POST", "/api/receipt/add?check=1", receipt(body{"billId": sale.ID, "nowCheck": 10})); r.Status != 400 || r.Env.Errors["date"] == "" {
		t.Fatalf("closed period: %d %s", r.Status, r.Body)
	}
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
