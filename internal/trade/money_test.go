package trade_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func num(s string) json.Number { return json.Number(s) }

// Tax-exclusive prices with line and document discounts, worked by hand.
func TestTaxExclusive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.params(map[string]any{"taxRequiredCheck": 1, "taxRequiredInput": 13, "invPriceIsTax": 0})
	b := w.doc(w.supplier, "2025-05-01",
		// 3 × 10.55 = 31.65; deduction 31.65 × 10% = 3.165 → 3.17; amount 28.48;
		// tax at the default 13%: 3.7024 → 3.70; with tax 32.18.
		line{"invId": w.cola, "unitId": w.bottle, "qty": num("3"), "price": num("10.55"), "discountRate": 10},
		// 2 boxes (24 bottles) × 100 = 200; tax 6% = 12; with tax 212.
		line{"invId": w.cola, "unitId": w.box, "qty": 2, "price": 100, "taxRate": 6, "locationId": w.branch})
	// Totals: with tax 244.18; document discount 5% = 12.209 → 12.21;
	// amount 231.97; paid 100 → arrears 131.97, partly settled.
	b["disRate"] = 5
	b["accounts"] = []map[string]any{{"accId": w.cash, "payment": 100, "wayId": w.way}}
	// Client-sent totals are ignored.
	b["amount"], b["totalAmount"], b["arrears"] = 1, 1, 1
	d := w.save(w.admin, "/api/purchase/add", b)
	e0, e1 := d.Entries[0], d.Entries[1]
	got := []string{e0.Deduction.String(), e0.Amount.String(), e0.TaxRate.String(), e0.Tax.String(), e0.TaxAmount.String(),
		e1.BaseQty.String(), e1.Amount.String(), e1.Tax.String(), e1.TaxAmount.String(), e1.LocationName,
		d.TotalAmount.String(), d.TotalTax.String(), d.TotalTaxAmount.String(), d.DisAmount.String(), d.Amount.String(),
		d.RPAmount.String(), d.Arrears.String(), fmt.Sprint(d.HXStateCode), d.TotalQty.String()}
	want := []string{"3.17", "28.48", "13", "3.7", "32.18", "24", "200", "12", "212", "分仓",
		"244.18", "15.7", "244.18", "12.21", "231.97", "100", "131.97", "1", "5"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
}

// Tax-inclusive prices: the net amount is derived from the price with tax.
func TestTaxInclusive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.params(map[string]any{"taxRequiredCheck": 1, "taxRequiredInput": 13, "invPriceIsTax": 1})
	b := w.doc(w.customer, "2025-05-01",
		// 7 × 9.99 = 69.93; deduction 5% = 3.4965 → 3.50; with tax 66.43;
		// net 66.43 × 100 / 113 = 58.7876… → 58.79; tax 7.64.
		line{"invId": w.sprite, "qty": 7, "price": num("9.99"), "discountRate": 5})
	// A given document discount of 0.43 is kept: amount 66.00, nothing paid.
	b["disAmount"] = num("0.43")
	d := w.save(w.admin, "/api/sales/add", b)
	e := d.Entries[0]
	got := []string{e.Deduction.String(), e.TaxAmount.String(), e.Amount.String(), e.Tax.String(),
		d.TotalAmount.String(), d.DisAmount.String(), d.Amount.String(), d.Arrears.String(), fmt.Sprint(d.HXStateCode)}
	want := []string{"3.5", "66.43", "58.79", "7.64", "66.43", "0.43", "66", "66", "0"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("got  %v\nwant %v", got, want)
	}
	// Tax off: no tax whatever the line says; prices are net.
	w.params(map[string]any{"taxRequiredCheck": 0})
	b = w.doc(w.customer, "2025-05-01", line{"invId": w.sprite, "qty": 7, "price": num("9.99"), "discountRate": 5, "taxRate": 13})
	b["accounts"] = []map[string]any{{"accId": w.cash, "payment": num("66.43")}}
	d = w.save(w.admin, "/api/sales/add", b)
	if d.Entries[0].Tax.String() != "0" || d.Amount.String() != "66.43" || d.Arrears.String() != "0" || d.HXStateCode != 2 {
		t.Fatalf("tax off %+v", d)
	}
}

// An audited sale with arrears raises the customer's balance; an audited
// purchase paid from an account lowers the account's balance; un-audit
// takes both back.
func TestContactAndAccountBalances(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	balance := func(path string, id int64) string {
		var l struct {
			Rows []struct {
				ID      int64       `json:"id"`
				Balance json.Number `json:"balance"`
			} `json:"rows"`
		}
		a.Do("GET", path, nil).Want(200).Decode(&l)
		for _, r := range l.Rows {
			if r.ID == id {
				return r.Balance.String()
			}
		}
		t.Fatalf("%d not in %s", id, path)
		return ""
	}
	customer := func() string { return balance("/api/contact/list?type=-10", w.customer) }
	supplier := func() string { return balance("/api/contact/list?type=10", w.supplier) }
	cash := func() string { return balance("/api/settAcct/list", w.cash) }
	if customer() != "50" || supplier() != "0" || cash() != "1000" {
		t.Fatalf("opening: %s %s %s", customer(), supplier(), cash())
	}
	pb := w.doc(w.supplier, "2025-06-01", w.colaLine("10", "8"))
	pb["accounts"] = []map[string]any{{"accId": w.cash, "payment": 30}}
	p := w.save(a, "/api/purchase/add", pb)
	if supplier() != "0" || cash() != "1000" {
		t.Fatal("a draft moved balances")
	}
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/check?id=%d", p.ID))
	if supplier() != "50" || cash() != "970" {
		t.Fatalf("after purchase: payable %s, cash %s", supplier(), cash())
	}
	sb := w.doc(w.customer, "2025-06-02", w.colaLine("4", "12.5"))
	sb["accounts"] = []map[string]any{{"accId": w.cash, "payment": 20}}
	s := w.save(a, "/api/sales/add?check=1", sb)
	if customer() != "80" || cash() != "990" {
		t.Fatalf("after sale: receivable %s, cash %s", customer(), cash())
	}
	// A return of 1 from the sale, refunded in cash: receivable 80 − (12.5 − 2.5).
	rb := w.doc(w.customer, "2025-06-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 1, "price": num("12.5"), "srcEntryId": s.Entries[0].ID})
	rb["srcBillId"] = s.ID
	rb["accounts"] = []map[string]any{{"accId": w.cash, "payment": num("2.5")}}
	w.save(a, "/api/reSales/add?check=1", rb)
	if customer() != "70" || cash() != "987.5" {
		t.Fatalf("after return: receivable %s, cash %s", customer(), cash())
	}
	// Sorting by balance uses the same figure.
	a.Do("GET", "/api/contact/list?type=-10&sidx=balance&sord=desc", nil).Want(200)
	a.Do("GET", "/api/settAcct/list?sidx=balance&sord=desc", nil).Want(200)
	// Un-auditing the purchase would leave 总仓 3 bottles short: refused,
	// nothing changes.
	if msg := w.batchErr(a, "POST", fmt.Sprintf("/api/purchase/uncheck?id=%d", p.ID)); !strings.Contains(msg, "库存不足") {
		t.Fatalf("un-audit below zero: %q", msg)
	}
	if supplier() != "50" || cash() != "987.5" {
		t.Fatalf("after refused un-audit: payable %s, cash %s", supplier(), cash())
	}
	// A purchase of 雪碧 nobody sold from un-audits and takes its effects back.
	p2b := w.doc(w.supplier, "2025-06-04", line{"invId": w.sprite, "qty": 3, "price": 5})
	p2 := w.save(a, "/api/purchase/add?check=1", p2b)
	if supplier() != "65" {
		t.Fatalf("after second purchase: payable %s", supplier())
	}
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/uncheck?id=%d", p2.ID))
	if supplier() != "50" {
		t.Fatalf("after un-audit: payable %s", supplier())
	}
}
