package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// TestAssemblyThenDisassembly, by hand (moving average, 2 places): 可乐 12
// @ 2 and 杯子 4 @ 5 in 总仓. Assembly on 06-02, fee 3: 2 礼盒 from 6 可乐
// (12) and 2 杯子 (10): the product comes in at 12 + 10 + 3 = 25. Disassembly
// on 06-03, fee 1: 1 礼盒 leaves at 12.5; 3 可乐 and 1 杯子 come back sharing
// 13.5 by quantity × unit cost (3 × 2 = 6 and 1 × 5 = 5): 13.5 × 6 / 11 =
// 7.3636… → 7.36, and the remainder 6.14. A receipt of 12 可乐 @ 3
// back-dated to 06-01 (24 worth 60: 2.5 each) makes the parts 15, the
// product 28, the disassembled product 14 and its parts 8.18 and 6.82 (the
// same weights).
func TestAssemblyThenDisassembly(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	now := time.Now().UTC()
	cup := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '杯子', ?, ?, ?) RETURNING id", w.set, now, now)
	box := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP004', '礼盒', ?, ?, ?) RETURNING id", w.set, now, now)
	w.purchase("2025-06-01", w.main, "12", "2")
	w.save(a, "/api/purchase/add?check=1", map[string]any{"date": "2025-06-01", "buId": w.supplier, "locationId": w.main,
		"entries": []line{{"invId": cup, "qty": 4, "price": 5}}})
	body := func(tt int, date, fee string, product, cola, cups string) map[string]any {
		return map[string]any{"date": date, "transType": tt, "fee": json.Number(fee), "locationId": w.main, "entries": []line{
			{"invId": box, "entryType": 1, "qty": json.Number(product)},
			{"invId": w.cola, "entryType": 2, "qty": json.Number(cola)},
			{"invId": cup, "entryType": 2, "qty": json.Number(cups)},
		}}
	}
	as := w.save(a, "/api/combination/add?check=1", body(153301, "2025-06-02", "3", "2", "6", "2"))
	dis := w.save(a, "/api/combination/add?check=1", body(153302, "2025-06-03", "1", "1", "3", "1"))
	if as.TransType != 153301 || dis.TransType != 153302 {
		t.Fatalf("transTypes %d, %d", as.TransType, dis.TransType)
	}
	costs := func(step string, kind string, id int64, want ...string) {
		t.Helper()
		d := w.get(kind, id)
		var got []string
		for _, e := range d.Entries {
			if e.Cost == nil {
				got = append(got, "")
				continue
			}
			got = append(got, e.Cost.String())
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Fatalf("%s: line costs %v, want %v", step, got, want)
		}
	}
	costs("assembly", "combination", as.ID, "25", "12", "10")
	costs("disassembly", "combination", dis.ID, "12.5", "7.36", "6.14")
	w.purchase("2025-06-01", w.main, "12", "3")
	costs("assembly after the back-dated receipt", "combination", as.ID, "28", "15", "10")
	costs("disassembly after the back-dated receipt", "combination", dis.ID, "14", "8.18", "6.82")
	// Un-auditing the disassembly, then the assembly, leaves the parts as
	// they were and no 礼盒.
	for _, id := range []int64{dis.ID, as.ID} {
		if msg := w.batchErr("POST", fmt.Sprintf("/api/combination/uncheck?id=%d", id)); msg != "" {
			t.Fatal(msg)
		}
	}
	if n := w.e.Count("SELECT COALESCE(SUM(qty), 0) FROM stock_balances WHERE goods_id = ?", box); n != 0 {
		t.Fatalf("礼盒 left: %d", n)
	}
	if b := w.balance(w.main); b != "24/6000" {
		t.Fatalf("可乐 in 总仓 %s, want 24/6000", b)
	}
	before := w.e.Count("SELECT COUNT(*) FROM bills")
	only := func(lines ...line) map[string]any {
		return map[string]any{"date": "2025-06-04", "locationId": w.main, "entries": lines}
	}
	apptest.Run(t, []apptest.Step{
		{Name: "no product line", As: a, Method: "POST", Path: "/api/combination/add", Body: only(line{"invId": w.cola, "entryType": 2, "qty": 1}), Status: 400, Field: "entries", MsgHas: "组合件"},
		{Name: "no part line", As: a, Method: "POST", Path: "/api/combination/add", Body: only(line{"invId": box, "entryType": 1, "qty": 1}), Status: 400, Field: "entries", MsgHas: "子件"},
		{Name: "two product lines", As: a, Method: "POST", Path: "/api/combination/add", Body: only(line{"invId": box, "entryType": 1, "qty": 1}, line{"invId": box, "entryType": 1, "qty": 1}, line{"invId": cup, "entryType": 2, "qty": 1}), Status: 400, Field: "entries"},
		{Name: "a line of no type", As: a, Method: "POST", Path: "/api/combination/add", Body: only(line{"invId": box, "entryType": 3, "qty": 1}), Status: 400, Field: "entries[0].entryType"},
		{Name: "a negative fee", As: a, Method: "POST", Path: "/api/combination/add", Body: body(153301, "2025-06-04", "-1", "1", "1", "1"), Status: 400, Field: "fee"},
		{Name: "a fee on a transfer", As: a, Method: "POST", Path: "/api/invTf/add", Body: map[string]any{"date": "2025-06-04", "fee": 1, "entries": []line{{"invId": w.cola, "outLocationId": w.main, "inLocationId": w.branch, "qty": 1}}}, Status: 400, Field: "fee"},
		{Name: "parts short", As: a, Method: "POST", Path: "/api/combination/add?check=1", Body: body(153301, "2025-06-04", "0", "1", "100", "1"), Status: 400, MsgHas: "库存不足"},
		{Name: "an unknown sub-type", As: a, Method: "POST", Path: "/api/combination/add", Body: body(150701, "2025-06-04", "0", "1", "1", "1"), Status: 400, Field: "transType"},
		{Name: "zero quantity", As: a, Method: "POST", Path: "/api/combination/add", Body: body(153301, "2025-06-04", "0", "0", "1", "1"), Status: 400, Field: "entries[0].qty"},
		{Name: "no permission", As: w.e.UserWith("warehouse:combination:query"), Method: "POST", Path: "/api/combination/add", Body: body(153301, "2025-06-04", "0", "1", "1", "1"), Status: 403},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("refused documents wrote %d", n-before)
	}
}
