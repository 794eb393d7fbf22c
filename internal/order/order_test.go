package order_test

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// A sales order is fulfilled by two partial deliveries, then complete;
// un-auditing one delivery makes it partial again; closing keeps it
// closed whatever is delivered, opening recomputes its status; pending
// shows ordered, delivered and remaining per line in both units.
func TestSalesOrderFulfilment(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	o := w.salesOrder(w.customer)
	if !strings.HasPrefix(o.BillNo, "XSDD20250302") || o.TransType != 150601 || o.DeliveryDate != "2025-03-20" || o.BillStatus != 0 || o.Checked != 1 {
		t.Fatalf("order %+v", o)
	}
	// An order moves no stock.
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id = ?", o.ID); n != 0 {
		t.Fatalf("order posted %d moves", n)
	}
	p := w.pending("salesOrder", o.ID)
	if len(p.Entries) != 2 || p.Entries[1].RemainingQty.String() != "2" || p.Entries[1].RemainingBaseQty.String() != "24" ||
		p.Entries[1].UnitName != "箱" || p.Entries[0].Price.String() != "5" || p.Entries[0].LocationName != "总仓" || p.Entries[0].Status != 0 {
		t.Fatalf("pending of a fresh order %+v", p)
	}

	// First delivery: 4 bottles of 可乐, 6 bottles (half a box) of 雪碧.
	d1b := w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "4"), w.from(o, 1, w.bottle, "6"))
	d1 := w.save("/api/sales/add?check=1", d1b)
	if d1.Entries[0].SrcOrderNo != o.BillNo || d1.Entries[1].SrcOrderEntryID != o.Entries[1].ID {
		t.Fatalf("delivery lines %+v", d1.Entries)
	}
	if got := w.get("salesOrder", o.ID); got.BillStatus != 1 {
		t.Fatalf("after one delivery: status %d", got.BillStatus)
	}
	p = w.pending("salesOrder", o.ID)
	l0, l1 := p.Entries[0], p.Entries[1]
	if l0.FulfilledQty.String() != "4" || l0.RemainingQty.String() != "6" || l0.Status != 1 ||
		l1.FulfilledBaseQty.String() != "6" || l1.FulfilledQty.String() != "0.5" || l1.RemainingQty.String() != "1.5" || l1.RemainingBaseQty.String() != "18" || l1.Status != 1 {
		t.Fatalf("pending after one delivery %+v", p.Entries)
	}
	// Second delivery takes the rest of 可乐 only: still partial, line 1 complete.
	d2 := w.save("/api/sales/add?check=1", map[string]any{"date": "2025-03-04", "buId": w.customer, "locationId": w.main, "srcOrderId": o.ID,
		"entries": []line{{"invId": w.cola, "unitId": w.bottle, "qty": 6, "price": 5, "srcOrderEntryId": o.Entries[0].ID}}})
	p = w.pending("salesOrder", o.ID)
	if p.BillStatus != 1 || p.Entries[0].Status != 2 || p.Entries[0].RemainingQty.String() != "0" || p.Entries[1].Status != 1 {
		t.Fatalf("pending after two deliveries %+v", p)
	}
	// A third (a draft, then audited) delivers the 18 bottles of 雪碧 left: complete.
	d3 := w.save("/api/sales/add", w.doc(w.customer, "2025-03-05", w.from(o, 1, w.box, "1.5")))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 1 {
		t.Fatalf("a draft delivery changed the status: %d", got.BillStatus)
	}
	w.ok("POST", fmt.Sprintf("/api/sales/check?id=%d", d3.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 2 {
		t.Fatalf("after every line delivered: status %d", got.BillStatus)
	}
	// Un-audit the second delivery: 可乐 is partial again, and so is the order.
	w.ok("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", d2.ID))
	p = w.pending("salesOrder", o.ID)
	if p.BillStatus != 1 || p.Entries[0].Status != 1 || p.Entries[0].RemainingQty.String() != "6" || p.Entries[1].Status != 2 {
		t.Fatalf("after un-audit %+v", p)
	}
	// A return of a delivery changes no fulfilment.
	ret := w.doc(w.customer, "2025-03-06", line{"invId": w.cola, "unitId": w.bottle, "qty": 2, "price": 5, "srcEntryId": d1.Entries[0].ID})
	ret["srcBillId"] = d1.ID
	w.save("/api/reSales/add?check=1", ret)
	if p := w.pending("salesOrder", o.ID); p.Entries[0].FulfilledQty.String() != "4" || p.BillStatus != 1 {
		t.Fatalf("after a return %+v", p)
	}

	// Close: status 3; nothing more is delivered against it, nor audited.
	w.ok("POST", fmt.Sprintf("/api/salesOrder/close?id=%d", o.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 3 {
		t.Fatalf("closed: status %d", got.BillStatus)
	}
	if msg := w.batch("POST", fmt.Sprintf("/api/salesOrder/close?id=%d", o.ID)); !strings.Contains(msg, "已关闭") {
		t.Fatalf("close twice: %q", msg)
	}
	r := w.admin.Do("POST", "/api/sales/add", w.doc(w.customer, "2025-03-07", w.from(o, 0, w.bottle, "1")))
	if r.Status != 400 || !strings.Contains(r.Env.Msg, "已关闭") || !strings.Contains(r.Env.Msg, o.BillNo) {
		t.Fatalf("delivery against a closed order: %d %s", r.Status, r.Body)
	}
	if msg := w.batch("POST", fmt.Sprintf("/api/sales/check?id=%d", d2.ID)); !strings.Contains(msg, "已关闭") {
		t.Fatalf("audit against a closed order: %q", msg)
	}
	// Un-auditing a delivery keeps the order closed.
	w.ok("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", d3.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 3 {
		t.Fatalf("closed order after un-audit: status %d", got.BillStatus)
	}
	if msg := w.batch("POST", fmt.Sprintf("/api/salesOrder/uncheck?id=%d", o.ID)); !strings.Contains(msg, "已关闭") {
		t.Fatalf("un-audit of a closed order: %q", msg)
	}
	// Open: recomputed (可乐 4 of 10, 雪碧 6 of 24): partial.
	w.ok("POST", fmt.Sprintf("/api/salesOrder/open?id=%d", o.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 1 {
		t.Fatalf("reopened: status %d", got.BillStatus)
	}
	if msg := w.batch("POST", fmt.Sprintf("/api/salesOrder/open?id=%d", o.ID)); !strings.Contains(msg, "未关闭") {
		t.Fatalf("open an open order: %q", msg)
	}
	w.ok("POST", fmt.Sprintf("/api/sales/check?id=%d", d2.ID))
	w.ok("POST", fmt.Sprintf("/api/sales/check?id=%d", d3.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 2 {
		t.Fatalf("delivered after reopening: status %d", got.BillStatus)
	}
	// The list filters by status.
	var list struct {
		Records int `json:"records"`
	}
	w.admin.Do("GET", "/api/salesOrder/list?billStatus=2", nil).Want(200).Decode(&list)
	if list.Records != 1 {
		t.Fatalf("orders complete: %d", list.Records)
	}
	w.admin.Do("GET", "/api/salesOrder/list?billStatus=0", nil).Want(200).Decode(&list)
	if list.Records != 0 {
		t.Fatalf("orders with nothing delivered: %d", list.Records)
	}
}

// Delivering more than an order line has left is refused, naming the
// line, at save and at audit (another delivery may have been audited
// since), unless allowOverFulfil.
func TestOverFulfil(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	o := w.salesOrder(w.customer)
	r := w.admin.Do("POST", "/api/sales/add?check=1", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "11")))
	if r.Status != 400 || r.Env.Errors["entries[0].qty"] == "" || !strings.Contains(r.Env.Msg, "第 1 行") || !strings.Contains(r.Env.Msg, "最多还可执行 10") {
		t.Fatalf("over-delivery: %d %s", r.Status, r.Body)
	}
	// Two lines of one order line together over it: the second is named.
	r = w.admin.Do("POST", "/api/sales/add", w.doc(w.customer, "2025-03-03", w.from(o, 1, w.box, "1"), w.from(o, 1, w.bottle, "13")))
	if r.Status != 400 || r.Env.Errors["entries[1].qty"] == "" || !strings.Contains(r.Env.Msg, "第 2 行") {
		t.Fatalf("two lines over the order line: %d %s", r.Status, r.Body)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'sales'"); n != 0 {
		t.Fatalf("refused deliveries saved: %d", n)
	}
	// Two drafts of 6 each fit alone; the second cannot be audited after the first.
	a := w.save("/api/sales/add", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "6")))
	b := w.save("/api/sales/add", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "6")))
	w.ok("POST", fmt.Sprintf("/api/sales/check?id=%d", a.ID))
	if msg := w.batch("POST", fmt.Sprintf("/api/sales/check?id=%d", b.ID)); !strings.Contains(msg, "最多还可执行 4") {
		t.Fatalf("audit over the order: %q", msg)
	}
	if got := w.get("sales", b.ID); got.Checked != 0 {
		t.Fatal("the refused delivery was audited")
	}
	// Allowed by the parameter: the order is complete, nothing remains.
	w.admin.Do("POST", "/api/config/system", map[string]any{"allowOverFulfil": 1}).Want(200)
	w.ok("POST", fmt.Sprintf("/api/sales/check?id=%d", b.ID))
	p := w.pending("salesOrder", o.ID)
	if p.Entries[0].FulfilledQty.String() != "12" || p.Entries[0].RemainingQty.String() != "0" || p.Entries[0].Status != 2 || p.BillStatus != 1 {
		t.Fatalf("over-fulfilled %+v", p)
	}
}

// An order with linked audited documents cannot be un-audited or deleted;
// a linked draft blocks its delete and edit; the message names the document.
func TestOrderWithLinkedDocuments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	o := w.salesOrder(w.customer)
	d := w.save("/api/sales/add?check=1", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "3")))
	if msg := w.batch("POST", fmt.Sprintf("/api/salesOrder/uncheck?id=%d", o.ID)); !strings.Contains(msg, d.BillNo) {
		t.Fatalf("un-audit of an order with an audited delivery: %q", msg)
	}
	if msg := w.batch("DELETE", fmt.Sprintf("/api/salesOrder/delete?id=%d", o.ID)); msg == "" {
		t.Fatal("audited order deleted")
	}
	// The delivery back to a draft: the order can be un-audited, but not
	// deleted or edited while the draft names it.
	w.ok("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", d.ID))
	if got := w.get("salesOrder", o.ID); got.BillStatus != 0 {
		t.Fatalf("status with a draft delivery: %d", got.BillStatus)
	}
	w.ok("POST", fmt.Sprintf("/api/salesOrder/uncheck?id=%d", o.ID))
	if msg := w.batch("DELETE", fmt.Sprintf("/api/salesOrder/delete?id=%d", o.ID)); !strings.Contains(msg, d.BillNo) {
		t.Fatalf("delete of an order a draft names: %q", msg)
	}
	body := w.doc(w.customer, "2025-03-02", w.line(w.cola, w.bottle, "20", "5"))
	ov := w.get("salesOrder", o.ID)
	body["id"], body["version"] = o.ID, ov.Version
	if r := w.admin.Do("POST", "/api/salesOrder/update", body); r.Status != 409 || !strings.Contains(r.Env.Msg, d.BillNo) {
		t.Fatalf("edit of an order a draft names: %d %s", r.Status, r.Body)
	}
	// The draft cannot be audited against a draft order.
	if msg := w.batch("POST", fmt.Sprintf("/api/sales/check?id=%d", d.ID)); !strings.Contains(msg, "尚未审核") {
		t.Fatalf("audit against a draft order: %q", msg)
	}
	w.ok("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", d.ID))
	w.ok("DELETE", fmt.Sprintf("/api/salesOrder/delete?id=%d", o.ID))
}

// Links that do not hold are refused with a 400 naming the field.
func TestBadLinks(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	o := w.salesOrder(w.customer)
	po := w.save("/api/purOrder/add?check=1", w.doc(w.supplier, "2025-03-02", w.line(w.cola, w.bottle, "10", "2")))
	draft := w.save("/api/salesOrder/add", w.doc(w.customer, "2025-03-02", w.line(w.cola, w.bottle, "10", "5")))
	cases := []struct {
		name, path, field, msg string
		body                   map[string]any
	}{
		{"another customer's order", "/api/sales/add", "buId", "往来单位与订单", w.doc(w.customer2, "2025-03-03", w.from(o, 0, w.bottle, "1"))},
		{"a purchase order for a delivery", "/api/sales/add", "entries[0].srcOrderId", "源订单", w.doc(w.customer, "2025-03-03", w.from(po, 0, w.bottle, "1"))},
		{"a sales order for a receipt", "/api/purchase/add", "entries[0].srcOrderId", "源订单", w.doc(w.supplier, "2025-03-03", w.from(o, 0, w.bottle, "1"))},
		{"a draft order", "/api/sales/add", "entries[0].srcOrderId", "尚未审核", w.doc(w.customer, "2025-03-03", w.from(draft, 0, w.bottle, "1"))},
		{"other goods than the order line's", "/api/sales/add", "entries[0].srcOrderEntryId", "源订单商品行",
			w.doc(w.customer, "2025-03-03", line{"invId": w.sprite, "unitId": w.bottle, "qty": 1, "price": 5, "srcOrderId": o.ID, "srcOrderEntryId": o.Entries[0].ID})},
		{"a line of another order", "/api/sales/add", "entries[0].srcOrderEntryId", "源订单商品行",
			w.doc(w.customer, "2025-03-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 1, "price": 5, "srcOrderId": o.ID, "srcOrderEntryId": draft.Entries[0].ID})},
		{"no order named", "/api/sales/add", "entries[0].srcOrderId", "",
			w.doc(w.customer, "2025-03-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 1, "price": 5, "srcOrderEntryId": o.Entries[0].ID})},
		{"a return made from an order", "/api/reSales/add", "entries[0].srcOrderEntryId", "", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "1"))},
		{"an order made from an order", "/api/salesOrder/add", "entries[0].srcOrderEntryId", "", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "1"))},
		{"a bad delivery date", "/api/salesOrder/add", "deliveryDate", "", func() map[string]any {
			b := w.doc(w.customer, "2025-03-03", w.line(w.cola, w.bottle, "1", "5"))
			b["deliveryDate"] = "2025-02-30"
			return b
		}()},
	}
	before := w.e.Count("SELECT COUNT(*) FROM bills")
	for _, c := range cases {
		r := w.admin.Do("POST", c.path, c.body)
		if r.Status != 400 || r.Env.Errors[c.field] == "" || !strings.Contains(r.Env.Msg, c.msg) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("refused documents saved: %d → %d", before, n)
	}
	// An order of another shop does not exist for the caller.
	other := w.e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S099', '别家店', ?, ?) RETURNING id", time.Now().UTC(), time.Now().UTC())
	w.e.Exec("UPDATE bills SET shop_id = ? WHERE id = ?", other, o.ID)
	r := w.admin.Do("POST", "/api/sales/add", w.doc(w.customer, "2025-03-03", w.from(o, 0, w.bottle, "1")))
	if r.Status != 400 || r.Env.Errors["entries[0].srcOrderId"] == "" {
		t.Fatalf("another shop's order: %d %s", r.Status, r.Body)
	}
	w.admin.Do("GET", fmt.Sprintf("/api/salesOrder/pending?id=%d", o.ID), nil).Want(404)
	w.admin.Do("POST", fmt.Sprintf("/api/salesOrder/close?id=%d", o.ID), nil).Want(200)
	if msg := w.batch("POST", fmt.Sprintf("/api/salesOrder/close?id=%d", o.ID)); msg == "" {
		t.Fatal("another shop's order closed")
	}
}

// A purchase order is received in part; pending hides prices without the
// money right; closing needs its own permission.
func TestPurchaseOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	body := w.doc(w.supplier, "2025-03-02", w.line(w.cola, w.box, "3", "24"))
	body["deliveryDate"] = "2025-03-09"
	po := w.save("/api/purOrder/add", body)
	if !strings.HasPrefix(po.BillNo, "CGDD20250302") || po.DeliveryDate != "2025-03-09" || po.Checked != 0 {
		t.Fatalf("purchase order %+v", po)
	}
	w.ok("POST", fmt.Sprintf("/api/purOrder/check?id=%d", po.ID))
	rc := w.save("/api/purchase/add?check=1", w.doc(w.supplier, "2025-03-04", w.from(po, 0, w.bottle, "30")))
	p := w.pending("purOrder", po.ID)
	if p.BillStatus != 1 || p.Entries[0].FulfilledQty.String() != "2.5" || p.Entries[0].RemainingQty.String() != "0.5" || p.Entries[0].RemainingBaseQty.String() != "6" {
		t.Fatalf("pending purchase order %+v", p)
	}
	// Receiving stock moved only by the receipt.
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id IN (?, ?)", po.ID, rc.ID); n != 1 {
		t.Fatalf("stock moves %d", n)
	}
	// A deleted draft receipt leaves the status as it was.
	dr := w.save("/api/purchase/add", w.doc(w.supplier, "2025-03-05", w.from(po, 0, w.bottle, "6")))
	w.ok("DELETE", fmt.Sprintf("/api/purchase/delete?id=%d", dr.ID))
	if got := w.get("purOrder", po.ID); got.BillStatus != 1 {
		t.Fatalf("status after a draft's delete: %d", got.BillStatus)
	}

	viewer := w.e.UserWith("purchase:purOrder:query")
	var raw map[string]any
	viewer.Do("GET", fmt.Sprintf("/api/purOrder/pending?id=%d", po.ID), nil).Want(200).Decode(&raw)
	entries := raw["entries"].([]any)
	if _, has := entries[0].(map[string]any)["price"]; has {
		t.Fatalf("price shown without the money right: %v", entries[0])
	}
	viewer.Do("POST", fmt.Sprintf("/api/purOrder/close?id=%d", po.ID), nil).Want(403)
	viewer.Do("POST", fmt.Sprintf("/api/purOrder/open?id=%d", po.ID), nil).Want(403)
	w.admin.Do("GET", "/api/purOrder/pending?id=999999", nil).Want(404)
	w.admin.Do("GET", "/api/purOrder/pending?id=abc", nil).Want(400)
}
