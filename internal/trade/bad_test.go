package trade_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

// Bad input gets a 400/403/409 naming the field, and changes nothing.
func TestBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	with := func(mod func(b map[string]any, l line)) map[string]any {
		l := w.colaLine("2", "3")
		b := w.doc(w.supplier, "2025-07-01", l)
		mod(b, l)
		return b
	}
	audited := w.save(a, "/api/purchase/add?check=1", w.doc(w.supplier, "2025-07-01", w.colaLine("5", "3")))
	draft := w.save(a, "/api/purchase/add", w.doc(w.supplier, "2025-07-01", w.colaLine("1", "3")))
	noPerm := w.e.UserWith("purchase:purchase:query")
	clerk := w.e.UserWith("purchase:purchase:query", "purchase:purchase:add")
	steps := []apptest.Step{
		{Name: "empty body", As: a, Method: "POST", Path: "/api/purchase/add", Body: "{}", Status: 400, Field: "date"},
		{Name: "no lines", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["entries"] = []line{} }), Status: 400, Field: "entries"},
		{Name: "unknown goods", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["invId"] = 99999 }), Status: 400, Field: "entries[0].invId", MsgHas: "商品不存在"},
		{Name: "unknown unit", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["unitId"] = 99999 }), Status: 400, Field: "entries[0].unitId"},
		{Name: "unit of another group", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["unitId"] = w.otherGroupUnit }), Status: 400, Field: "entries[0].unitId", MsgHas: "可乐"},
		{Name: "unit of a goods without group", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["invId"] = w.sprite; l["unitId"] = w.box }), Status: 400, Field: "entries[0].unitId"},
		{Name: "SKU of other goods", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["invId"] = w.sprite; l["unitId"] = 0; l["skuId"] = w.colaRed }), Status: 400, Field: "entries[0].skuId"},
		{Name: "unknown warehouse", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["locationId"] = 99999 }), Status: 400, Field: "entries[0].locationId", MsgHas: "仓库不存在"},
		{Name: "warehouse of another shop", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["locationId"] = w.outside }), Status: 400, Field: "entries[0].locationId"},
		{Name: "header warehouse of another shop", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["locationId"] = w.outside }), Status: 400, Field: "locationId"},
		{Name: "no warehouse", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["locationId"] = 0 }), Status: 400, Field: "entries[0].locationId"},
		{Name: "zero quantity", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["qty"] = 0 }), Status: 400, Field: "entries[0].qty", MsgHas: "大于 0"},
		{Name: "negative quantity", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["qty"] = -2 }), Status: 400, Field: "entries[0].qty"},
		{Name: "too many decimals in quantity", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["qty"] = json.Number("1.234567") }), Status: 400, Field: "entries[0].qty", MsgHas: "位小数"},
		{Name: "stock shortage names the lines of the short balance", As: a, Method: "POST", Path: "/api/sales/add?check=1", Body: w.doc(w.customer, "2025-07-02", w.colaLine("1", "3"), w.colaLine("100000", "3")), Status: 400, Field: "entries[1].qty", MsgHas: "库存不足"},
		{Name: "stock shortage names the first line too", As: a, Method: "POST", Path: "/api/sales/add?check=1", Body: w.doc(w.customer, "2025-07-02", w.colaLine("1", "3"), w.colaLine("100000", "3")), Status: 400, Field: "entries[0].qty"},
		{Name: "negative price", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["price"] = -1 }), Status: 400, Field: "entries[0].price"},
		{Name: "discount over 100", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["discountRate"] = 101 }), Status: 400, Field: "entries[0].discountRate"},
		{Name: "quantity as text", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(_ map[string]any, l line) { l["qty"] = "many" }), Status: 400},
		{Name: "a customer on a purchase", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["buId"] = w.customer }), Status: 400, Field: "buId", MsgHas: "供应商"},
		{Name: "no contact", As: a, Method: "POST", Path: "/api/sales/add", Body: with(func(b map[string]any, _ line) { b["buId"] = 0 }), Status: 400, Field: "buId", MsgHas: "客户"},
		{Name: "bad date", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["date"] = "2025-02-30" }), Status: 400, Field: "date"},
		{Name: "unknown account", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["accounts"] = []line{{"accId": 99999, "payment": 1}} }), Status: 400, Field: "accounts[0].accId"},
		{Name: "paid more than the amount", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["accounts"] = []line{{"accId": w.cash, "payment": 7}} }), Status: 400, Field: "accounts"},
		{Name: "discount larger than the total", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["disAmount"] = 7 }), Status: 400, Field: "disAmount"},
		{Name: "source document on a receipt", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["srcBillId"] = audited.ID }), Status: 400, Field: "srcBillId"},
		{Name: "no permission to add", As: noPerm, Method: "POST", Path: "/api/purchase/add", Body: with(func(map[string]any, line) {}), Status: 403},
		{Name: "no permission for another kind", As: noPerm, Method: "GET", Path: "/api/sales/list", Status: 403},
		{Name: "add and audit without the audit right", As: clerk, Method: "POST", Path: "/api/purchase/add?check=1", Body: with(func(map[string]any, line) {}), Status: 403},
		{Name: "edit an audited document", As: a, Method: "POST", Path: "/api/purchase/update", Body: with(func(b map[string]any, _ line) { b["id"], b["version"] = audited.ID, audited.Version }), Status: 409, MsgHas: "已审核"},
		{Name: "delete an audited document", As: a, Method: "DELETE", Path: fmt.Sprintf("/api/purchase/delete?id=%d", audited.ID), Status: 200, BodyHas: "已审核"},
		{Name: "audit twice", As: a, Method: "POST", Path: fmt.Sprintf("/api/purchase/check?id=%d", audited.ID), Status: 200, BodyHas: "已经审核"},
		{Name: "un-audit a draft", As: a, Method: "POST", Path: fmt.Sprintf("/api/purchase/uncheck?id=%d", draft.ID), Status: 200, BodyHas: "尚未审核"},
		{Name: "stale version", As: a, Method: "POST", Path: "/api/purchase/update", Body: with(func(b map[string]any, _ line) { b["id"], b["version"] = draft.ID, draft.Version-1 }), Status: 409, MsgHas: "已被他人修改"},
		{Name: "unknown document", As: a, Method: "POST", Path: "/api/purchase/update", Body: with(func(b map[string]any, _ line) { b["id"], b["version"] = 99999, 1 }), Status: 404},
		{Name: "bad id", As: a, Method: "GET", Path: "/api/purchase/query?id=x", Status: 400},
		{Name: "bad check flag", As: a, Method: "POST", Path: "/api/purchase/add?check=2", Body: with(func(map[string]any, line) {}), Status: 400, Field: "check"},
	}
	before := w.e.Count("SELECT COUNT(*) FROM bills")
	apptest.Run(t, steps)
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("bad input wrote documents: %d → %d", before, n)
	}
	if got := w.get(a, "purchase", draft.ID); got.Version != draft.Version || got.TotalQty.String() != "1" {
		t.Fatalf("draft changed: %+v", got)
	}

	// The period is closed up to 2025-07-01: nothing dated then may be
	// saved, audited or un-audited.
	w.e.ForceClose("2025-07-01")
	apptest.Run(t, []apptest.Step{
		{Name: "save in a closed period", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(map[string]any, line) {}), Status: 400, Field: "date", MsgHas: "2025-07-01"},
		{Name: "audit in a closed period", As: a, Method: "POST", Path: fmt.Sprintf("/api/purchase/check?id=%d", draft.ID), Status: 200, BodyHas: "已结账"},
		{Name: "un-audit in a closed period", As: a, Method: "POST", Path: fmt.Sprintf("/api/purchase/uncheck?id=%d", audited.ID), Status: 200, BodyHas: "已结账"},
		{Name: "save after the close", As: a, Method: "POST", Path: "/api/purchase/add", Body: with(func(b map[string]any, _ line) { b["date"] = "2025-07-02" }), Status: 200},
	})
	if c := w.e.Count("SELECT checked FROM bills WHERE id = ?", audited.ID); c != 1 {
		t.Fatal("un-audited in a closed period")
	}
}

// Without the money right prices and amounts are left out; without the
// cost right so are costs.
func TestMoneyRights(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	w.save(a, "/api/purchase/add?check=1", w.doc(w.supplier, "2025-08-01", w.colaLine("10", "2")))
	s := w.save(a, "/api/sales/add?check=1", w.doc(w.customer, "2025-08-02", w.colaLine("3", "5")))
	if full := w.get(a, "sales", s.ID); full.Entries[0].Cost == nil || full.Entries[0].Cost.String() != "6" || full.TotalAmount == nil {
		t.Fatalf("admin sees %+v", full)
	}
	viewer := w.e.UserWith("sales:sales:query")
	r := viewer.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", s.ID), nil).Want(200)
	for _, key := range []string{`"price"`, `"amount"`, `"unitCost"`, `"cost"`, `"arrears"`, `"totalAmount"`} {
		if strings.Contains(string(r.Body), key) {
			t.Errorf("viewer sees %s: %s", key, r.Body)
		}
	}
	if !strings.Contains(string(r.Body), `"qty":3`) {
		t.Errorf("viewer lost the quantity: %s", r.Body)
	}
	if l := viewer.Do("GET", "/api/sales/list", nil).Want(200); strings.Contains(string(l.Body), `"amount"`) {
		t.Errorf("list shows amounts: %s", l.Body)
	}
	seller := w.e.UserWith("sales:sales:query", "money:salesAmount:view")
	r = seller.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", s.ID), nil).Want(200)
	if !strings.Contains(string(r.Body), `"amount":15`) || strings.Contains(string(r.Body), `"cost"`) {
		t.Errorf("seller: %s", r.Body)
	}
}
