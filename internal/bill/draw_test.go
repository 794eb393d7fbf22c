package bill_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

// drawWorld: basics with 100 bottles bought, an audited sales order of 5
// for the customer.
type drawWorld struct {
	e     *apptest.Env
	admin *apptest.Client
	b     apptest.Basics
	order saved
}

type saved struct {
	ID      int64  `json:"id"`
	BillNo  string `json:"billNo"`
	Status  int    `json:"billStatus"`
	Version int64  `json:"version"`
	Entries []struct {
		ID int64 `json:"id"`
	} `json:"entries"`
}

func newDrawWorld(t *testing.T) *drawWorld {
	e := apptest.New(t)
	w := &drawWorld{e: e, admin: e.Admin(), b: e.AddBasics()}
	w.admin.Do("POST", "/api/purchase/add?check=1", w.b.Doc(w.b.Supplier, "2025-03-01", "100", "2")).Want(200)
	w.admin.Do("POST", "/api/salesOrder/add?check=1", w.b.Doc(w.b.Customer, "2025-03-02", "5", "3")).Want(200).Decode(&w.order)
	return w
}

// delivery is a delivery body of qty from the order's line.
func (w *drawWorld) delivery(qty string) map[string]any {
	d := w.b.Doc(w.b.Customer, "2025-03-03", qty, "3")
	d["entries"].([]map[string]any)[0]["srcOrderId"] = w.order.ID
	d["entries"].([]map[string]any)[0]["srcOrderEntryId"] = w.order.Entries[0].ID
	return d
}

// ret is a sales return body of qty from the delivery's line.
func (w *drawWorld) ret(from saved, qty string) map[string]any {
	d := w.b.Doc(w.b.Customer, "2025-03-04", qty, "3")
	d["srcBillId"] = from.ID
	d["entries"].([]map[string]any)[0]["srcEntryId"] = from.Entries[0].ID
	return d
}

func (w *drawWorld) save(t *testing.T, path string, body map[string]any) saved {
	t.Helper()
	var s saved
	w.admin.Do("POST", path, body).Want(200).Decode(&s)
	return s
}

func (w *drawWorld) orderStatus(t *testing.T) int {
	t.Helper()
	var s saved
	w.admin.Do("GET", fmt.Sprintf("/api/salesOrder/query?id=%d", w.order.ID), nil).Want(200).Decode(&s)
	return s.Status
}

// act runs a batch action (check, uncheck, delete, close) on one document
// and answers its outcome.
func (w *drawWorld) act(t *testing.T, kind, action string, id int64) apptest.Batch {
	t.Helper()
	var out []apptest.Batch
	method := "POST"
	if action == "delete" {
		method = "DELETE"
	}
	w.admin.Do(method, fmt.Sprintf("/api/%s/%s?id=%d", kind, action, id), nil).Want(200).Decode(&out)
	if len(out) != 1 {
		t.Fatalf("%s %s %d: %v", kind, action, id, out)
	}
	return out[0]
}

func (w *drawWorld) ok(t *testing.T, kind, action string, id int64) {
	t.Helper()
	if b := w.act(t, kind, action, id); !b.OK {
		t.Fatalf("%s %s %d: %s", kind, action, id, b.Msg)
	}
}

// fails wants the action refused with a message naming every part of want.
func (w *drawWorld) fails(t *testing.T, kind, action string, id int64, want ...string) {
	t.Helper()
	b := w.act(t, kind, action, id)
	if b.OK {
		t.Fatalf("%s %s %d: done, want refused", kind, action, id)
	}
	for _, s := range want {
		if !strings.Contains(b.Msg, s) {
			t.Errorf("%s %s %d: %q does not name %q", kind, action, id, b.Msg, s)
		}
	}
}

// refused wants a 400 whose message at path names every part of want.
func refused(t *testing.T, r *apptest.Response, path string, want ...string) {
	t.Helper()
	r.Want(400)
	msg, ok := r.Env.Errors[path]
	if !ok {
		t.Fatalf("no error at %s: %s", path, r.Body)
	}
	for _, s := range want {
		if !strings.Contains(msg, s) {
			t.Errorf("%s: %q does not name %q", path, msg, s)
		}
	}
}

// TestDrawDownOrders: fulfilment through the draw-down mechanism: the
// order's status follows every audit, un-audit and delete of its drawers;
// a drawer cannot take more than is left at save, nor at audit when
// another drawer was audited in between; the order cannot be un-audited
// while an audited drawer exists (409 naming it).
func TestDrawDownOrders(t *testing.T) {
	w := newDrawWorld(t)
	a := w.save(t, "/api/sales/add", w.delivery("3"))
	if s := w.orderStatus(t); s != 0 {
		t.Fatalf("a draft fulfils nothing: status %d", s)
	}
	// Both drafts fit what is left (5) on their own.
	b := w.save(t, "/api/sales/add", w.delivery("2"))
	c := w.save(t, "/api/sales/add", w.delivery("2"))
	w.ok(t, "sales", "check", a.ID)
	if s := w.orderStatus(t); s != 1 {
		t.Fatalf("3 of 5 delivered: status %d, want 1", s)
	}
	refused(t, w.admin.Do("POST", "/api/sales/add", w.delivery("3")), "entries[0].qty", w.order.BillNo, "2")
	w.ok(t, "sales", "check", b.ID)
	if s := w.orderStatus(t); s != 2 {
		t.Fatalf("5 of 5 delivered: status %d, want 2", s)
	}
	// c was saved when 2 were left; at audit none is: re-checked.
	w.fails(t, "sales", "check", c.ID, w.order.BillNo, "0")
	if s := w.orderStatus(t); s != 2 {
		t.Fatalf("a refused audit changed the status: %d", s)
	}
	w.fails(t, "salesOrder", "uncheck", w.order.ID, a.BillNo)
	// Release: un-audit and delete of a drawer.
	w.ok(t, "sales", "uncheck", a.ID)
	if s := w.orderStatus(t); s != 1 {
		t.Fatalf("after an un-audit 2 of 5 delivered: status %d, want 1", s)
	}
	w.ok(t, "sales", "delete", a.ID)
	w.ok(t, "sales", "delete", c.ID)
	w.ok(t, "sales", "uncheck", b.ID)
	if s := w.orderStatus(t); s != 0 {
		t.Fatalf("nothing delivered: status %d, want 0", s)
	}
	// Closed by hand: kept, and nothing more is drawn from it.
	w.ok(t, "salesOrder", "close", w.order.ID)
	w.fails(t, "sales", "check", b.ID, w.order.BillNo)
	if s := w.orderStatus(t); s != 3 {
		t.Fatalf("closed: status %d, want 3", s)
	}
}

// TestDrawDownReturns: returns through the same mechanism: two drafts that
// each fit are saved; once one is audited the other is refused at audit;
// the source cannot be un-audited while an audited return exists.
func TestDrawDownReturns(t *testing.T) {
	w := newDrawWorld(t)
	sale := w.save(t, "/api/sales/add?check=1", w.b.Doc(w.b.Customer, "2025-03-03", "4", "3"))
	refused(t, w.admin.Do("POST", "/api/reSales/add", w.ret(sale, "5")), "entries[0].qty", "4")
	r1 := w.save(t, "/api/reSales/add", w.ret(sale, "3"))
	r2 := w.save(t, "/api/reSales/add", w.ret(sale, "3"))
	w.ok(t, "reSales", "check", r1.ID)
	w.fails(t, "reSales", "check", r2.ID, "1")
	// Saved and audited at once: checked the same way.
	refused(t, w.admin.Do("POST", "/api/reSales/add?check=1", w.ret(sale, "2")), "entries[0].qty", "1")
	w.save(t, "/api/reSales/add?check=1", w.ret(sale, "1"))
	w.fails(t, "sales", "uncheck", sale.ID, r1.BillNo)
	// Another customer's return of it: refused at the contact.
	other := w.ret(sale, "1")
	other["buId"] = w.e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH002', '李四', 'ls', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP) RETURNING id")
	refused(t, w.admin.Do("POST", "/api/reSales/add", other), "buId")
}
