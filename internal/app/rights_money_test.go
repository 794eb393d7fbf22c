package app_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// moneyKey tells whether an answer's field holds a price, cost or amount,
// by its name: the money suffixes, any case (purPrice, unitCost,
// totalAmount, arrears, grossProfit …).
func moneyKey(k string) bool {
	l := strings.ToLower(k)
	for _, s := range []string{"price", "amount", "cost", "arrears", "profit", "deduction", "payment", "fee", "tax", "balance", "money", "value"} {
		if strings.HasSuffix(l, s) {
			return !notMoney[k]
		}
	}
	return false
}

// notMoney are fields whose names end like money but hold none.
var notMoney = map[string]bool{
	"priceSource": false, "configValue": true, "value": true, "dictValue": true, "defaultValue": true,
	"priceSequence": true,
}

// moneyExempt are the routes that show amounts to a caller without any
// money right, because the rights model puts them under their own
// permission only (docs/rights.md, "Money rights"): settlement accounts and
// their balances, the fund documents (receipts, payments, other income and
// expense, transfers between accounts, verifications) and the reports of
// accounts (cash/bank journal, oriDetail). Each entry is a path prefix.
var moneyExempt = []string{
	"/api/settAcct/", "/api/opening/account", "/api/opening/template?kind=account", "/api/report/bankJournal", "/api/report/oriDetail",
	"/api/receipt/", "/api/payment/", "/api/income/", "/api/expense/", "/api/fundTf/", "/api/verification/",
	"/api/config/", "/api/home", "/api/v1/dicts/", "/api/customField/",
}

// importTemplate are the import templates whose example row is invented
// (no figure of the books: the figure search still reads them); their
// headers are the file's format.
var importTemplate = map[string]bool{"/api/inventory/template": true, "/api/contact/template": true, "/api/users/template": true}

func moneyExempted(path string) bool {
	for _, p := range moneyExempt {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// zero tells whether a JSON value says nothing: null, "", 0, false, [] or {}.
func zero(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case json.Number:
		f, err := x.Float64()
		return err == nil && f == 0
	case bool:
		return !x
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

// A user holding every permission but the money rights finds no price, cost
// or amount in any answer of any route: no money field (by name) with a
// value, no report column of a money type, and none of the seeded money
// figures anywhere (JSON or Excel).
func TestNoMoneyWithoutMoneyRights(t *testing.T) {
	t.Parallel()
	w := seedWalkWorld(t)
	w.e.CreateUser("nomoney", "secret1", allPermsBut(func(p string) bool { return strings.HasPrefix(p, "money:") })...)
	c := w.e.SignIn("nomoney", "secret1")
	seen := map[string]bool{}
	fail := func(a answer, format string, args ...any) {
		msg := a.route.Pattern() + ": " + strings.TrimSpace(strings.ReplaceAll(sprintf(format, args...), "\n", " "))
		if !seen[msg] {
			seen[msg] = true
			t.Errorf("%s (%s)", msg, a.url)
		}
	}
	n := 0
	walk(t, w.e, c, w.values(), func(a answer) {
		n++
		if moneyExempted(a.route.Path) || moneyExempted(a.url) {
			return
		}
		eachKey(a.json, func(k string, v any) {
			if moneyKey(k) && !zero(v) {
				fail(a, "field %s = %.80v", k, v)
			}
			if k == "columns" {
				if cols, ok := v.([]any); ok {
					for _, c := range cols {
						if m, ok := c.(map[string]any); ok && (m["type"] == "price" || m["type"] == "amount") {
							fail(a, "column %v of type %v", m["key"], m["type"])
						}
					}
				}
			}
		})
		text := string(a.body)
		for _, row := range a.cells {
			text += "\n" + strings.Join(row, "\t")
		}
		for _, f := range moneyFigures {
			if strings.Contains(text, f) {
				fail(a, "figure %s in the answer", f)
			}
		}
		if len(a.cells) > 0 && !importTemplate[a.route.Path] {
			for _, h := range a.cells[0] {
				if moneyHeader(h) {
					fail(a, "Excel column %q", h)
				}
			}
		}
	})
	t.Logf("%d answers", n)
	// The seeded figures are there for a caller with the rights, and the
	// price proposal names no last document without them.
	for _, u := range []string{"/api/inventory/list", "/api/report/salesProfit", "/api/opening/stock", "/api/contact/list?type=-10",
		sprintf("/api/inventory/listBySelected?ids=%d&buId=%d", w.b.Goods, w.b.Supplier)} {
		r := w.admin.Do("GET", u, nil).Want(200)
		if !slices.ContainsFunc(moneyFigures, func(f string) bool { return strings.Contains(string(r.Body), f) }) {
			t.Errorf("the administrator sees no seeded figure in %s: %.300s", u, r.Body)
		}
	}
	purchase := w.billNos[w.docs["/api/purchase/"][0]]
	r := c.Do("GET", sprintf("/api/inventory/listBySelected?ids=%d&buId=%d", w.b.Goods, w.b.Supplier), nil).Want(200)
	if strings.Contains(string(r.Body), purchase) || strings.Contains(string(r.Body), "lastPrice") {
		t.Errorf("the price proposal names the last purchase %s: %s", purchase, r.Body)
	}
	if r := w.admin.Do("GET", sprintf("/api/inventory/listBySelected?ids=%d&buId=%d", w.b.Goods, w.b.Supplier), nil); !strings.Contains(string(r.Body), purchase) {
		t.Errorf("the administrator's proposal lost the last purchase %s: %s", purchase, r.Body)
	}
}

// moneyHeader tells whether an Excel header names money (zh-CN labels).
func moneyHeader(h string) bool {
	if strings.Contains(h, "数量") || strings.Contains(h, "日期") {
		return false // a quantity or a date of a money column's theme (成本调整数量, 余额日期)
	}
	for _, s := range []string{"价", "金额", "成本", "欠款", "利润", "税额", "余额", "毛利"} {
		if strings.Contains(h, s) {
			return true
		}
	}
	return false
}

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
