package fund_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/dec"
)

// reportsAgree checks the fund reports against the lists after a random
// money history (TestMoneyProperty): the closing balance of each contact in
// receivableDetail / payableDetail = its contactDebt figure = the contact
// list's balance; each account's closing in bankJournal = the account
// list's balance. The history's documents are dated in 2025; the period
// starts after some of them, so the openings carry moves from before it.
func reportsAgree(t *testing.T, w *world) {
	t.Helper()
	type row = map[string]any
	report := func(name, query string) (rows []row, totals row) {
		var a struct {
			Rows     []row `json:"rows"`
			Userdata row   `json:"userdata"`
		}
		res := w.admin.Do("GET", "/api/report/"+name+"?rows=1000&"+query, nil).Want(200)
		d := json.NewDecoder(strings.NewReader(string(res.Env.Data)))
		d.UseNumber()
		if err := d.Decode(&a); err != nil {
			t.Fatal(err)
		}
		return a.Rows, a.Userdata
	}
	str := func(v any) string { return fmt.Sprint(v) }
	// closing is "name=balance" of the subtotal rows, in the report's order
	closing := func(rows []row, name string) map[string]string {
		out := map[string]string{}
		for _, r := range rows {
			if r["rowType"] == "subtotal" {
				out[str(r[name])] = str(r["balance"])
			}
		}
		return out
	}
	period := "beginDate=2025-02-05&endDate=2025-12-31"
	got := map[string]string{}
	for _, p := range []struct{ report string }{{"receivableDetail"}, {"payableDetail"}} {
		rows, _ := report(p.report, period)
		runningAgrees(t, rows, "add", "sub")
		for name, bal := range closing(rows, "contactName") {
			got[name] = bal
		}
		if p.report == "receivableDetail" {
			aged, _ := report("receivableAgeing", "endDate=2025-12-31")
			ageingAgrees(t, aged, closing(rows, "contactName"))
		}
	}
	debt, _ := report("contactDebt", "showZero=1")
	for _, r := range debt {
		v := str(r["receivable"])
		if v == "0" {
			v = str(r["payable"])
		}
		if g, ok := got[str(r["contactName"])]; (ok || v != "0") && g != v {
			t.Errorf("%s: ledger report closing %q, contactDebt %s", r["contactName"], g, v)
		}
	}
	rows, _ := report("bankJournal", period)
	runningAgrees(t, rows, "income", "expense")
	for name, bal := range closing(rows, "accountName") {
		got[name] = bal
	}
	// the lists' balances (w.balances: "name=balance" of contacts, then accounts)
	for _, nb := range strings.Fields(w.balances()) {
		name, bal, _ := strings.Cut(nb, "=")
		if g, ok := got[name]; (ok || bal != "0") && g != bal {
			t.Errorf("%s: report closing %q, list balance %s", name, g, bal)
		}
	}
}

// ageingAgrees: the receivable ageing at the period's end lists each
// customer whose receivable closing is positive, with that closing as its
// open total, split into ages that are never negative and add up to it.
func ageingAgrees(t *testing.T, rows []map[string]any, closing map[string]string) {
	t.Helper()
	aged := map[string]bool{}
	for _, r := range rows {
		v := func(k string) dec.Dec { return dec.MustParse(fmt.Sprint(r[k])) }
		name := fmt.Sprint(r["contactName"])
		aged[name] = true
		sum := dec.Zero
		for _, k := range []string{"age30", "age60", "age90", "ageOver90"} {
			if v(k).Sign() < 0 {
				t.Errorf("ageing of %s: %s negative: %v", name, k, r)
			}
			sum = sum.Add(v(k))
		}
		if sum.Cmp(v("open")) != 0 || fmt.Sprint(r["open"]) != closing[name] {
			t.Errorf("ageing of %s: %v; receivable closing %s", name, r, closing[name])
		}
	}
	for name, bal := range closing {
		if dec.MustParse(bal).Sign() > 0 && !aged[name] {
			t.Errorf("%s owes %s and is not aged", name, bal)
		}
	}
}

// runningAgrees: in a running-balance report every document row's balance
// is the previous row's plus what it adds less what it takes off, and the
// subtotal sums the group's rows.
func runningAgrees(t *testing.T, rows []map[string]any, add, sub string) {
	t.Helper()
	bal, adds, subs := dec.Zero, dec.Zero, dec.Zero
	for i, r := range rows {
		v := func(k string) dec.Dec { return dec.MustParse(fmt.Sprint(r[k])) }
		switch r["rowType"] {
		case "opening":
			bal, adds, subs = v("balance"), dec.Zero, dec.Zero
		case "subtotal":
			if v(add).Cmp(adds) != 0 || v(sub).Cmp(subs) != 0 || v("balance").Cmp(bal) != 0 {
				t.Errorf("row %d: subtotal %v, rows sum to %s / %s / %s", i, r, adds, subs, bal)
			}
		default:
			bal, adds, subs = bal.Add(v(add)).Sub(v(sub)), adds.Add(v(add)), subs.Add(v(sub))
			if v("balance").Cmp(bal) != 0 {
				t.Errorf("row %d: balance %v, want %s", i, r, bal)
			}
		}
	}
}
