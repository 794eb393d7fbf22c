package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

type tmpl struct {
	ID      int64       `json:"id"`
	Name    string      `json:"name"`
	InvID   int64       `json:"invId"`
	UnitID  int64       `json:"unitId"`
	Qty     json.Number `json:"qty"`
	Version int64       `json:"version"`
	Entries []struct {
		InvID  int64       `json:"invId"`
		UnitID int64       `json:"unitId"`
		Qty    json.Number `json:"qty"`
	} `json:"entries"`
}

type applied struct {
	EntryType int         `json:"entryType"`
	InvID     int64       `json:"invId"`
	UnitID    int64       `json:"unitId"`
	Qty       json.Number `json:"qty"`
}

// TestCombinationTemplates: a gift box of 2 made of 3 可乐 and 2 cups is
// kept per 1 box (1.5 可乐, 1 cup); applied to 3 boxes it gives 4.5 and 3;
// the lines post as an assembly. Bad input names its field in both
// languages and writes nothing; rights are checked.
func TestCombinationTemplates(t *testing.T) {
	w := newWorld(t)
	a := w.admin
	now := time.Now().UTC()
	cup := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '杯子', ?, ?, ?) RETURNING id", w.set, now, now)
	box := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP004', '礼盒', ?, ?, ?) RETURNING id", w.set, now, now)
	body := func(name string, product string, parts ...line) map[string]any {
		return map[string]any{"name": name, "invId": box, "qty": json.Number(product), "entries": parts}
	}
	var gift tmpl
	a.Do("POST", "/api/combination/templates/add", body("礼盒装", "2",
		line{"invId": w.cola, "qty": 3}, line{"invId": cup, "qty": 2})).Want(200).Decode(&gift)
	if gift.Qty.String() != "1" || len(gift.Entries) != 2 || gift.Entries[0].Qty.String() != "1.5" || gift.Entries[1].Qty.String() != "1" {
		t.Fatalf("template per 1 product: %+v", gift)
	}
	if gift.UnitID != w.set || gift.Entries[0].UnitID != w.bottle {
		t.Fatalf("units not defaulted to the base units: %+v", gift)
	}
	var lines []applied
	a.Do("GET", fmt.Sprintf("/api/combination/templates/apply?id=%d&qty=3", gift.ID), nil).Want(200).Decode(&lines)
	if got := fmt.Sprint(lines); got != fmt.Sprintf("[{1 %d %d 3} {2 %d %d 4.5} {2 %d %d 3}]", box, w.set, w.cola, w.bottle, cup, w.set) {
		t.Fatalf("applied: %s", got)
	}
	// The applied lines are an assembly the engine takes.
	w.purchase("2025-06-01", w.main, "12", "2")
	w.save(a, "/api/purchase/add?check=1", map[string]any{"date": "2025-06-01", "buId": w.supplier, "locationId": w.main,
		"entries": []line{{"invId": cup, "qty": 4, "price": 5}}})
	entries := []line{}
	for _, l := range lines {
		entries = append(entries, line{"entryType": l.EntryType, "invId": l.InvID, "unitId": l.UnitID, "qty": l.Qty})
	}
	as := w.save(a, "/api/combination/add?check=1", map[string]any{"date": "2025-06-02", "transType": 153301, "locationId": w.main, "entries": entries})
	if c := w.cost("combination", as.ID); c != "24" { // 4.5 × 2 + 3 × 5
		t.Fatalf("assembly from the template costs %s, want 24", c)
	}

	// Update: renamed, per 1 product already; a stale version is refused.
	var upd tmpl
	a.Do("POST", "/api/combination/templates/update", map[string]any{"id": gift.ID, "version": gift.Version, "name": "礼盒装（大）", "invId": box,
		"entries": []line{{"invId": cup, "qty": 4}}}).Want(200).Decode(&upd)
	if upd.Name != "礼盒装（大）" || len(upd.Entries) != 1 || upd.Entries[0].Qty.String() != "4" || upd.Version != gift.Version+1 {
		t.Fatalf("updated: %+v", upd)
	}
	other := w.e.Insert("INSERT INTO combination_templates (name, goods_id, created_at, updated_at) VALUES ('另一个', ?, ?, ?) RETURNING id", box, now, now)

	count := func() string {
		return fmt.Sprint(w.e.Count("SELECT COUNT(*) FROM combination_templates"), "/", w.e.Count("SELECT COUNT(*) FROM combination_template_parts"),
			"/", w.e.Count("SELECT COALESCE(SUM(version), 0) FROM combination_templates"))
	}
	before := count()
	keeper := w.e.UserWith("warehouse:combination:query")
	upd1 := func(version int64) map[string]any {
		return map[string]any{"id": gift.ID, "version": version, "name": "x", "invId": box, "entries": []line{{"invId": cup, "qty": 1}}}
	}
	apptest.Run(t, []apptest.Step{
		{Name: "no name", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body(" ", "1", line{"invId": cup, "qty": 1}), Status: 400, Field: "name", MsgHas: "模板名称"},
		{Name: "no name (en)", As: a, Lang: "en", Method: "POST", Path: "/api/combination/templates/add", Body: body("", "1", line{"invId": cup, "qty": 1}), Status: 400, Field: "name", MsgHas: "Template name"},
		{Name: "a taken name", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("另一个", "1", line{"invId": cup, "qty": 1}), Status: 409, Field: "name"},
		{Name: "no product", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: map[string]any{"name": "y", "entries": []line{{"invId": cup, "qty": 1}}}, Status: 400, Field: "invId"},
		{Name: "unknown product", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: map[string]any{"name": "y", "invId": 999999, "entries": []line{{"invId": cup, "qty": 1}}}, Status: 400, Field: "invId"},
		{Name: "no parts", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1"), Status: 400, Field: "entries", MsgHas: "子件"},
		{Name: "no parts (en)", As: a, Lang: "en", Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1"), Status: 400, Field: "entries", MsgHas: "at least one part"},
		{Name: "zero product quantity", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "0", line{"invId": cup, "qty": 1}), Status: 400, Field: "qty"},
		{Name: "negative part quantity", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "qty": -1}), Status: 400, Field: "entries[0].qty"},
		{Name: "a part too large", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "qty": "1000000000.5"}), Status: 400, Field: "entries[0].qty"},
		{Name: "too many places", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "qty": "1.001"}), Status: 400, Field: "entries[0].qty"},
		{Name: "a part rounding to nothing per product", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1000", line{"invId": cup, "qty": 1}), Status: 400, Field: "entries[0].qty"},
		{Name: "the product as a part", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": box, "qty": 1}), Status: 400, Field: "entries[0].invId"},
		{Name: "a part twice", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "qty": 1}, line{"invId": cup, "qty": 2}), Status: 400, Field: "entries[1].invId"},
		{Name: "a unit of other goods", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "unitId": w.box, "qty": 1}), Status: 400, Field: "entries[0].unitId"},
		{Name: "an unknown SKU", As: a, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "skuId": 77, "qty": 1}), Status: 400, Field: "entries[0].skuId"},
		{Name: "a stale update", As: a, Method: "POST", Path: "/api/combination/templates/update", Body: upd1(gift.Version), Status: 409},
		{Name: "update of nothing", As: a, Method: "POST", Path: "/api/combination/templates/update", Body: map[string]any{"id": 999999, "version": 1, "name": "x", "invId": box, "entries": []line{{"invId": cup, "qty": 1}}}, Status: 404},
		{Name: "apply zero", As: a, Method: "GET", Path: fmt.Sprintf("/api/combination/templates/apply?id=%d&qty=0", gift.ID), Status: 400, Field: "qty"},
		{Name: "apply not a number", As: a, Method: "GET", Path: fmt.Sprintf("/api/combination/templates/apply?id=%d&qty=abc", gift.ID), Status: 400, Field: "qty"},
		{Name: "apply of nothing", As: a, Method: "GET", Path: "/api/combination/templates/apply?id=999999&qty=1", Status: 404},
		{Name: "no right to add", As: keeper, Method: "POST", Path: "/api/combination/templates/add", Body: body("y", "1", line{"invId": cup, "qty": 1}), Status: 403},
		{Name: "no right to update", As: keeper, Method: "POST", Path: "/api/combination/templates/update", Body: upd1(upd.Version), Status: 403},
		{Name: "no right to delete", As: keeper, Method: "DELETE", Path: fmt.Sprintf("/api/combination/templates/delete?id=%d", gift.ID), Status: 403},
		{Name: "no right to list", As: w.e.UserWith("warehouse:invTf:query"), Method: "GET", Path: "/api/combination/templates/list", Status: 403},
		{Name: "the keeper lists", As: keeper, Method: "GET", Path: "/api/combination/templates/list?matchCon=礼盒装", Status: 200, BodyHas: "礼盒装（大）"},
	})
	if after := count(); after != before {
		t.Fatalf("refused requests changed templates: %s → %s", before, after)
	}
	if msg := w.batchErr("DELETE", fmt.Sprintf("/api/combination/templates/delete?id=%d", other)); msg != "" {
		t.Fatalf("delete: %s", msg)
	}
	var res []apptest.Batch
	a.Do("DELETE", fmt.Sprintf("/api/combination/templates/delete?id=%d", other), nil).Want(200).Decode(&res)
	if len(res) != 1 || res[0].OK {
		t.Fatalf("deleting a deleted template: %+v", res)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM combination_templates"); n != 1 {
		t.Fatalf("%d templates left, want 1", n)
	}
	// Goods used by a template cannot be deleted.
	a.Do("DELETE", fmt.Sprintf("/api/inventory/delete?id=%d", cup), nil).Want(200)
	if n := w.e.Count("SELECT COUNT(*) FROM goods WHERE id = ?", cup); n != 1 {
		t.Fatal("the part's goods were deleted")
	}
}
