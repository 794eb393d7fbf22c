package trade_test

import (
	"fmt"
	"testing"

	"cangshu/internal/dec"
)

// moveCost is the stock cost an entry's move carries (signed).
func (w *world) moveCost(entryID int64) string {
	w.e.T.Helper()
	return dec.FromMicros(w.e.ID("SELECT amount FROM stock_moves WHERE entry_id = ?", entryID)).String()
}

// A purchase receipt's document discount lowers its lines' costs, so the
// stock received is worth what is owed for it (tax off, worked by hand;
// docs/stock.md "Documents"). Returns are not affected.
func TestDocumentDiscountCostTaxOff(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	w.params(map[string]any{"taxRequiredCheck": 0, "valMethods": "movingAverage"})
	b := w.doc(w.supplier, "2025-04-01",
		w.colaLine("3", "10"), // 30.00 in 总仓
		line{"invId": w.cola, "unitId": w.bottle, "qty": 7, "price": num("3.1"), "locationId": w.branch}, // 21.70 in 分仓
		line{"invId": w.sprite, "qty": 1, "price": num("13.3")})                                          // 13.30 in 总仓
	// 10.00 off 65.00: 10 × 30 / 65 = 4.615… → 4.62; 10 × 21.7 / 65 =
	// 3.338… → 3.34; the last line takes the remainder 10 − 7.96 = 2.04.
	b["disAmount"] = 10
	p := w.save(a, "/api/purchase/add?check=1", b)
	if p.Amount.String() != "55" || p.Arrears.String() != "55" || p.TotalAmount.String() != "65" {
		t.Fatalf("purchase %+v", p)
	}
	got := []string{w.moveCost(p.Entries[0].ID), w.moveCost(p.Entries[1].ID), w.moveCost(p.Entries[2].ID)}
	if fmt.Sprint(got) != "[25.38 18.36 11.26]" {
		t.Fatalf("receipt costs %v, want 30 − 4.62, 21.70 − 3.34, 13.30 − 2.04", got)
	}
	// The stock is worth exactly what is owed for it.
	if v := dec.FromMicros(w.e.ID("SELECT SUM(amount) FROM stock_balances")).String(); v != "55" {
		t.Fatalf("stock value %s, want 55", v)
	}
	// Selling the 3 bottles of 总仓 takes their discounted cost.
	s := w.save(a, "/api/sales/add?check=1", w.doc(w.customer, "2025-04-02", w.colaLine("3", "20")))
	if s.Entries[0].Cost == nil || s.Entries[0].Cost.String() != "25.38" {
		t.Fatalf("sale cost %v, want 25.38", s.Entries[0].Cost)
	}
	// A sales return without source that carries a discount of its own
	// comes back at the balance's cost (11.26 for the one 雪碧), not at its
	// price less its discount.
	rb := w.doc(w.customer, "2025-04-03", line{"invId": w.sprite, "qty": 1, "price": 20})
	rb["disAmount"] = 5
	r := w.save(a, "/api/reSales/add?check=1", rb)
	if r.Entries[0].Cost == nil || r.Entries[0].Cost.String() != "11.26" || r.Amount.String() != "15" {
		t.Fatalf("return without source: cost %v amount %s, want 11.26 and 15", r.Entries[0].Cost, r.Amount)
	}
}

// Tax-inclusive prices: the discount is off the total with tax; only its
// net part lowers the costs (worked by hand; audited after saving, so the
// discount is read back from the stored document).
func TestDocumentDiscountCostTaxInclusive(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	w.params(map[string]any{"taxRequiredCheck": 1, "taxRequiredInput": 13, "invPriceIsTax": 1, "valMethods": "movingAverage"})
	b := w.doc(w.supplier, "2025-04-01",
		w.colaLine("3", "11.3"), // 33.90 with tax, 30.00 net
		line{"invId": w.cola, "unitId": w.bottle, "qty": 7, "price": num("2.26"), "locationId": w.branch}, // 15.82, 14.00
		line{"invId": w.sprite, "qty": 1, "price": num("10.6"), "taxRate": 6})                             // 10.60, 10.00
	// 8.00 off 60.32: its net part is 8 × 54 / 60.32 = 7.161… → 7.16 (0.84
	// is tax); 7.16 × 30 / 54 = 3.977… → 3.98; 7.16 × 14 / 54 = 1.856… →
	// 1.86; the last line takes 7.16 − 5.84 = 1.32.
	b["disAmount"] = 8
	p := w.save(a, "/api/purchase/add", b)
	if p.TotalAmount.String() != "60.32" || p.Amount.String() != "52.32" {
		t.Fatalf("purchase %+v", p)
	}
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/check?id=%d", p.ID))
	got := []string{w.moveCost(p.Entries[0].ID), w.moveCost(p.Entries[1].ID), w.moveCost(p.Entries[2].ID)}
	if fmt.Sprint(got) != "[26.02 12.14 8.68]" {
		t.Fatalf("receipt costs %v, want 30 − 3.98, 14 − 1.86, 10 − 1.32", got)
	}
	if v := dec.FromMicros(w.e.ID("SELECT SUM(amount) FROM stock_balances")).String(); v != "46.84" {
		t.Fatalf("stock value %s, want 54 − 7.16", v)
	}
	// A sale of the 7 bottles of 分仓 and a return of them made from it
	// with a discount: it comes back at the sale's cost, 12.14.
	sb := w.doc(w.customer, "2025-04-02", line{"invId": w.cola, "unitId": w.bottle, "qty": 7, "price": 5, "locationId": w.branch})
	s := w.save(a, "/api/sales/add?check=1", sb)
	if s.Entries[0].Cost == nil || s.Entries[0].Cost.String() != "12.14" {
		t.Fatalf("sale cost %v", s.Entries[0].Cost)
	}
	rb := w.doc(w.customer, "2025-04-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 7, "price": 5, "locationId": w.branch, "srcEntryId": s.Entries[0].ID})
	rb["srcBillId"], rb["disAmount"] = s.ID, 1
	r := w.save(a, "/api/reSales/add?check=1", rb)
	if r.Entries[0].Cost == nil || r.Entries[0].Cost.String() != "12.14" {
		t.Fatalf("return from source: cost %v, want 12.14", r.Entries[0].Cost)
	}
	// Un-audit and audit again: the same costs (the allocation depends on
	// the document only).
	w.batchOK(a, "POST", fmt.Sprintf("/api/reSales/uncheck?id=%d", r.ID))
	w.batchOK(a, "POST", fmt.Sprintf("/api/sales/uncheck?id=%d", s.ID))
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/uncheck?id=%d", p.ID))
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/check?id=%d", p.ID))
	if got := w.moveCost(p.Entries[2].ID); got != "8.68" {
		t.Fatalf("re-audited cost %s", got)
	}
}
