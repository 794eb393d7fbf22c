package bill_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/dec"
)

// amountDraw is a relation as the money kinds plug one in: a unit is the
// source document itself, the measure an amount, the status another
// column. Here a delivery made from a sales order also takes its line
// amounts from the order's amount (hx_state 0/1/2 on the order).
var amountDraw = &bill.Draw{
	Name: "test-amount",
	From: func(k *bill.Kind) []string {
		if k.Name == "sales" {
			return []string{"salesOrder"}
		}
		return nil
	},
	IsSource: func(k *bill.Kind) bool { return k.Name == "salesOrder" },
	Links: func(_ context.Context, _ db.Querier, d *bill.Document) (bill.Links, error) {
		var ls bill.Links
		for i, e := range d.Entries {
			if e.SrcOrderID != 0 {
				ls.Lines = append(ls.Lines, bill.Link{Path: fmt.Sprintf("entries[%d]", i), LineNo: i + 1, Source: e.SrcOrderID, Unit: e.SrcOrderID,
					Take: []dec.Dec{e.Amount}})
			}
		}
		return ls, nil
	},
	Measures: []bill.Measure{{Field: "amount", TooMuch: "bill.err.overFulfil"}},
	UnitsSQL: "SELECT b.id, b.id, 0, 0, '', b.amount FROM bills b WHERE b.id IN {in}",
	TakenSQL: `SELECT le.src_order_id, SUM(le.amount) FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
		WHERE lb.checked = 1 AND lb.id <> ? AND le.src_order_id IN {in} GROUP BY le.src_order_id`,
	DependentsSQL: "SELECT b.bill_no FROM bills b WHERE b.id IN (SELECT be.bill_id FROM bill_entries be WHERE be.src_order_id = ?){audited} ORDER BY b.id LIMIT 1",
	StatusColumn:  "hx_state",
	Keep:          -1,
	SameContact:   true,
	Text: bill.DrawText{SourceField: "srcOrderId", SourceLabel: "bill.field.srcOrderId", UnitField: "srcOrderId", UnitLabel: "bill.field.srcOrderId",
		NotAudited: "bill.err.orderNotAudited", Closed: "bill.err.orderClosed", Contact: "bill.err.orderContact", NameSource: true},
}

// TestDrawPlugsIn: a relation registered from outside the engine runs
// beside the built-in ones on the same documents: its amount is checked at
// save and at audit, its status follows audit and un-audit.
func TestDrawPlugsIn(t *testing.T) {
	saved := slices.Clone(bill.Draws)
	bill.RegisterDraw(amountDraw)
	t.Cleanup(func() { bill.Draws = saved })
	w := newDrawWorld(t) // order: 5 × 3 = 15
	w.admin.Do("POST", "/api/config/system", map[string]any{"allowOverFulfil": 1}).Want(200)
	hx := func() int {
		return w.e.Count("SELECT hx_state FROM bills WHERE id = ?", w.order.ID)
	}
	over := w.delivery("5")
	over["entries"].([]map[string]any)[0]["price"] = "4" // 20 > 15
	refused(t, w.admin.Do("POST", "/api/sales/add", over), "entries[0].amount", w.order.BillNo, "15")
	a := w.save(t, "/api/sales/add", w.delivery("3")) // 9
	b := w.save(t, "/api/sales/add", w.delivery("3")) // 9: fits alone, not after a
	w.ok(t, "sales", "check", a.ID)
	if s := hx(); s != 1 {
		t.Fatalf("9 of 15 taken: hx_state %d, want 1", s)
	}
	w.fails(t, "sales", "check", b.ID, w.order.BillNo, "6")
	w.save(t, "/api/sales/add?check=1", w.delivery("2")) // 6
	if s := hx(); s != 2 {
		t.Fatalf("15 of 15 taken: hx_state %d, want 2", s)
	}
	w.ok(t, "sales", "uncheck", a.ID)
	if s := hx(); s != 1 {
		t.Fatalf("6 of 15 taken after an un-audit: hx_state %d, want 1", s)
	}
}
