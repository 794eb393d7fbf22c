package app_test

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// dataExempt are the routes that may name what a user's data rights hide:
// system administration (the operation log records requests as sent; the
// data-rights editor lists every role's picks).
var dataExempt = []string{"/api/logs/page", "/api/dataRights"}

// ledgerReports list every move of a visible contact's balance, documents
// in warehouses the caller may not use included (docs/rights.md, fund
// reports): they may name those documents' numbers, never a hidden record.
var ledgerReports = []string{"/api/report/receivableDetail", "/api/report/payableDetail",
	"/api/report/customerReconciliation", "/api/report/supplierReconciliation"}

// idKeys are the fields that name a warehouse or a contact by id.
var idKeys = map[string]string{
	"locationId": "warehouse", "inLocationId": "warehouse", "outLocationId": "warehouse",
	"buId": "contact", "contactId": "contact", "customerId": "contact", "supplierId": "contact",
}

// A user limited to one warehouse, one customer and one supplier finds no
// other warehouse, customer or supplier — by name, number or id — nor the
// numbers of the documents naming them, in any answer of any route.
func TestNoHiddenRecordsWithDataRights(t *testing.T) {
	t.Parallel()
	w := seedWalkWorld(t)
	w.e.CreateUser("limited", "secret1", allPermsBut(func(string) bool { return false })...)
	w.admin.Do("POST", "/api/dataRights", map[string]any{"roleId": w.e.RoleID("R_LIMITED"),
		"allWarehouses": false, "warehouseIds": []int64{w.b.Location},
		"allCustomers": false, "customerIds": []int64{w.b.Customer},
		"allSuppliers": false, "supplierIds": []int64{w.b.Supplier}}).Want(200)
	c := w.e.SignIn("limited", "secret1")
	words := append([]string{"隐仓甲", "CKHID9", "隐供乙", "GYSHID5", "隐客丙", "KHHID7"}, w.hiddenBills...)
	hiddenIDs := map[string]map[string]bool{
		"warehouse": {strconv.FormatInt(w.loc2, 10): true},
		"contact":   {strconv.FormatInt(w.supplier2, 10): true, strconv.FormatInt(w.customer2, 10): true},
	}
	seen := map[string]bool{}
	fail := func(a answer, format string, args ...any) {
		msg := a.route.Pattern() + ": " + sprintf(format, args...)
		if !seen[msg] {
			seen[msg] = true
			t.Errorf("%s (%s)", msg, a.url)
		}
	}
	walk(t, w.e, c, w.values(), func(a answer) {
		for _, p := range dataExempt {
			if strings.HasPrefix(a.route.Path, p) {
				return
			}
		}
		// A request naming a hidden record may be refused; its answer
		// must not describe it either.
		text := string(a.body)
		for _, row := range a.cells {
			text += "\n" + strings.Join(row, "\t")
		}
		ledger := slices.ContainsFunc(ledgerReports, func(p string) bool { return strings.HasPrefix(a.route.Path, p) })
		for i, word := range words {
			if i >= 6 && ledger {
				break // document numbers
			}
			if strings.Contains(text, word) {
				fail(a, "names %s", word)
			}
		}
		eachKey(a.json, func(k string, v any) {
			if kind, ok := idKeys[k]; ok {
				if n, ok := v.(json.Number); ok && hiddenIDs[kind][n.String()] && !strings.Contains(a.url, "="+n.String()) {
					fail(a, "field %s = %s", k, n)
				}
			}
		})
	})
}
