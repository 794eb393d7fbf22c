package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"cangshu/internal/apptest"
)

// Bad input per kind gets a clear message naming the field and changes
// nothing.
func TestBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	w.purchase("2025-05-01", w.main, "5", "2")
	tf := func(mod func(b map[string]any, l line)) map[string]any {
		b := w.transferBody("2025-05-02", w.main, w.branch, "2")
		mod(b, b["entries"].([]line)[0])
		return b
	}
	in := func(mod func(b map[string]any, l line)) map[string]any {
		b := map[string]any{"date": "2025-05-02", "locationId": w.main, "entries": []line{{"invId": w.cola, "qty": 2, "price": 3}}}
		mod(b, b["entries"].([]line)[0])
		return b
	}
	keeper := w.e.UserWith("warehouse:invTf:query")
	noCheck := w.e.UserWith("warehouse:invTf:query", "warehouse:invTf:add")
	steps := []apptest.Step{
		{Name: "same warehouse in and out", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["inLocationId"] = w.main }), Status: 400, Field: "entries[0].inLocationId", MsgHas: "不能与调出仓库相同"},
		{Name: "same warehouse, in English", As: a, Lang: "en", Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["inLocationId"] = w.main }), Status: 400, Field: "entries[0].inLocationId", MsgHas: "must differ"},
		{Name: "no in warehouse", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { delete(l, "inLocationId") }), Status: 400, Field: "entries[0].inLocationId"},
		{Name: "no out warehouse", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { delete(l, "outLocationId") }), Status: 400, Field: "entries[0].locationId"},
		{Name: "in warehouse of another shop", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["inLocationId"] = w.outside }), Status: 400, Field: "entries[0].inLocationId"},
		{Name: "out warehouse of another shop", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["outLocationId"] = w.outside }), Status: 400, Field: "entries[0].locationId"},
		{Name: "unknown in warehouse", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["inLocationId"] = 99999 }), Status: 400, Field: "entries[0].inLocationId", MsgHas: "调入仓库"},
		{Name: "zero quantity", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["qty"] = 0 }), Status: 400, Field: "entries[0].qty", MsgHas: "大于 0"},
		{Name: "negative quantity", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["qty"] = -1 }), Status: 400, Field: "entries[0].qty"},
		{Name: "huge quantity", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(_ map[string]any, l line) { l["qty"] = json.Number("99999999999999999999") }), Status: 400},
		{Name: "more than in stock", As: a, Method: "POST", Path: "/api/invTf/add?check=1", Body: tf(func(_ map[string]any, l line) { l["qty"] = 6 }), Status: 400, MsgHas: "库存不足"},
		{Name: "a contact on a transfer", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(b map[string]any, _ line) { b["buId"] = w.customer }), Status: 400, Field: "buId"},
		{Name: "no lines", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(b map[string]any, _ line) { b["entries"] = []line{} }), Status: 400, Field: "entries"},
		{Name: "a sub-type of another kind", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(b map[string]any, _ line) { b["transType"] = 150801 }), Status: 400, Field: "transType", MsgHas: "业务类别"},
		{Name: "a customer on a stock-in", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(b map[string]any, _ line) { b["buId"] = w.customer }), Status: 400, Field: "buId", MsgHas: "供应商"},
		{Name: "a supplier on a stock-out", As: a, Method: "POST", Path: "/api/otherOut/add", Body: in(func(b map[string]any, _ line) { b["buId"] = w.supplier }), Status: 400, Field: "buId", MsgHas: "客户"},
		{Name: "settlement lines on a stock-in", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(b map[string]any, _ line) { b["accounts"] = []line{{"accId": 1, "payment": 1}} }), Status: 400, Field: "accounts"},
		{Name: "a discount on a stock-in", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(b map[string]any, _ line) { b["disAmount"] = 1 }), Status: 400, Field: "disAmount"},
		{Name: "negative cost in", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(_ map[string]any, l line) { l["price"] = -3 }), Status: 400, Field: "entries[0].price"},
		{Name: "stock-out of more than in stock", As: a, Method: "POST", Path: "/api/otherOut/add?check=1", Body: in(func(_ map[string]any, l line) { l["qty"] = 50 }), Status: 400, MsgHas: "库存不足"},
		{Name: "stock-out from another shop's warehouse", As: a, Method: "POST", Path: "/api/otherOut/add", Body: in(func(b map[string]any, _ line) { b["locationId"] = w.outside }), Status: 400, Field: "locationId"},
		{Name: "no permission to add", As: keeper, Method: "POST", Path: "/api/invTf/add", Body: tf(func(map[string]any, line) {}), Status: 403},
		{Name: "no permission for another kind", As: keeper, Method: "GET", Path: "/api/otherIn/list", Status: 403},
		{Name: "save and audit without the audit right", As: noCheck, Method: "POST", Path: "/api/invTf/add?check=1", Body: tf(func(map[string]any, line) {}), Status: 403},
		{Name: "malformed body", As: a, Method: "POST", Path: "/api/invTf/add", Body: apptest.Raw{ContentType: "application/json", Text: `{"entries": [`}, Status: 400},
	}
	before := w.e.Count("SELECT COUNT(*) FROM bills")
	moves := w.e.Count("SELECT COUNT(*) FROM stock_moves")
	apptest.Run(t, steps)
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("bad input wrote documents: %d → %d", before, n)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves"); n != moves {
		t.Fatalf("bad input moved stock: %d → %d moves", moves, n)
	}
	// A closed period: nothing dated in it may be saved.
	w.e.ForceClose("2025-05-02")
	apptest.Run(t, []apptest.Step{
		{Name: "transfer in a closed period", As: a, Method: "POST", Path: "/api/invTf/add", Body: tf(func(map[string]any, line) {}), Status: 400, Field: "date", MsgHas: "2025-05-02"},
		{Name: "stock-in in a closed period", As: a, Method: "POST", Path: "/api/otherIn/add", Body: in(func(map[string]any, line) {}), Status: 400, Field: "date"},
	})
}

// Serial numbers move with a transfer: only from the warehouse they are in;
// un-auditing puts them back.
func TestTransferSerials(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	a.Do("POST", "/api/config/system", map[string]any{"ISSERNUM": 1}).Want(200)
	sn := func(s ...string) []line {
		out := make([]line, len(s))
		for i, v := range s {
			out[i] = line{"serNum": v}
		}
		return out
	}
	w.save(a, "/api/purchase/add?check=1", map[string]any{"date": "2025-06-01", "buId": w.supplier, "locationId": w.main,
		"entries": []line{{"invId": w.phone, "qty": 2, "price": 1000, "serNumList": sn("S1", "S2")}}})
	body := func(from, to int64, s string) map[string]any {
		return map[string]any{"date": "2025-06-02", "entries": []line{{"invId": w.phone, "outLocationId": from, "inLocationId": to, "qty": 1, "serNumList": sn(s)}}}
	}
	where := func(s string) int64 {
		return int64(w.e.Count("SELECT COALESCE(location_id, 0) FROM serials WHERE serial = ? AND in_stock = 1", s))
	}
	tf := w.save(a, "/api/invTf/add?check=1", body(w.main, w.branch, "S1"))
	if where("S1") != w.branch || where("S2") != w.main {
		t.Fatalf("after the transfer S1 in %d, S2 in %d", where("S1"), where("S2"))
	}
	if c := w.get("invTf", tf.ID).Entries[0].Cost; c == nil || c.String() != "1000" {
		t.Fatalf("serial transfer cost %v", c)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "a serial not in the out warehouse", As: a, Method: "POST", Path: "/api/invTf/add?check=1", Body: body(w.branch, w.store, "S2"), Status: 400,
			Field: "entries[0].serNumList[0].serNum", MsgHas: "S2"},
		{Name: "a serial count unlike the quantity", As: a, Method: "POST", Path: "/api/invTf/add", Body: body(w.main, w.store, ""), Status: 400},
	})
	var hist struct {
		LocationID int64 `json:"locationId"`
		Moves      []any `json:"moves"`
	}
	a.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=S1", w.phone), nil).Want(200).Decode(&hist)
	if hist.LocationID != w.branch || len(hist.Moves) != 3 {
		t.Fatalf("history of S1: %+v", hist)
	}
	if msg := w.batchErr("POST", fmt.Sprintf("/api/invTf/uncheck?id=%d", tf.ID)); msg != "" {
		t.Fatal(msg)
	}
	if where("S1") != w.main {
		t.Fatalf("after un-audit S1 in %d", where("S1"))
	}
}
