package printtpl_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/printtpl"
)

func TestPrintTemplates(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	var tpl printtpl.Template
	// No template yet: the built-in layout.
	admin.Do("GET", "/api/printTemplate/default?kind=sales", nil).Want(200).Decode(&tpl)
	if tpl.ID != 0 || tpl.Paper != "A4" || !tpl.Capitals || len(tpl.Columns) == 0 {
		t.Fatalf("built-in %+v", tpl)
	}
	body := func(name string, def bool) map[string]any {
		return map[string]any{"kind": "sales", "name": name, "isDefault": def, "title": " 送货单 ", "showCompany": true, "showAddress": false,
			"columns": []string{"no", "goods", "qty", "amount"}, "paper": "241x3", "linesPerPage": 8, "capitals": false, "signatures": []string{"送货人", "收货人"}}
	}
	var first, second printtpl.Template
	admin.Do("POST", "/api/printTemplate/save", body("三联单", true)).Want(200).Decode(&first)
	if first.ID == 0 || first.Title != "送货单" || !first.IsDefault || first.Paper != "241x3" || first.LinesPerPage != 8 || len(first.Signatures) != 2 {
		t.Fatalf("saved %+v", first)
	}
	admin.Do("GET", "/api/printTemplate/default?kind=sales", nil).Want(200).Decode(&tpl)
	if tpl.ID != first.ID || strings.Join(tpl.Columns, ",") != "no,goods,qty,amount" {
		t.Fatalf("default %+v", tpl)
	}
	// A second default takes the first one's place.
	admin.Do("POST", "/api/printTemplate/save", body("A5", true)).Want(200).Decode(&second)
	var list []printtpl.Template
	admin.Do("GET", "/api/printTemplate/list?kind=sales", nil).Want(200).Decode(&list)
	if len(list) != 2 || list[0].ID != second.ID || !list[0].IsDefault || list[1].IsDefault {
		t.Fatalf("list %+v", list)
	}
	// Change and delete.
	upd := body("A5 改", false)
	upd["id"] = second.ID
	upd["columns"] = []string{"amount", "qty", "goods", "no"} // the order the editor set: kept as given
	admin.Do("POST", "/api/printTemplate/save", upd).Want(200)
	admin.Do("GET", "/api/printTemplate/list?kind=sales", nil).Want(200).Decode(&list)
	if len(list) != 2 || list[0].ID != second.ID || strings.Join(list[0].Columns, ",") != "amount,qty,goods,no" || strings.Join(list[1].Columns, ",") != "no,goods,qty,amount" {
		t.Fatalf("column order after the update %+v", list)
	}
	admin.Do("GET", "/api/printTemplate/default?kind=sales", nil).Want(200).Decode(&tpl)
	if tpl.ID != 0 {
		t.Fatalf("no default left: %+v", tpl)
	}
	admin.Do("DELETE", fmt.Sprintf("/api/printTemplate/delete?id=%d", first.ID), nil).Want(200)

	clerk := e.UserWith("sales:sales:query")
	reader := e.UserWith("settings:printTemplate:query")
	s := "/api/printTemplate/save"
	apptest.Run(t, []apptest.Step{
		{Name: "default: any signed-in user", As: clerk, Method: "GET", Path: "/api/printTemplate/default?kind=purchase", Status: 200, BodyHas: `"paper":"A4"`},
		{Name: "default: not signed in", As: e.Anonymous(), Method: "GET", Path: "/api/printTemplate/default?kind=sales", Status: 401},
		{Name: "default: unknown kind", As: clerk, Method: "GET", Path: "/api/printTemplate/default?kind=users", Status: 400, Field: "kind"},
		{Name: "list: no right", As: clerk, Method: "GET", Path: "/api/printTemplate/list", Status: 403},
		{Name: "list: reader", As: reader, Method: "GET", Path: "/api/printTemplate/list", Status: 200, BodyHas: "A5 改"},
		{Name: "save: reader", As: reader, Method: "POST", Path: s, Body: body("x", false), Status: 403},
		{Name: "delete: reader", As: reader, Method: "DELETE", Path: fmt.Sprintf("/api/printTemplate/delete?id=%d", second.ID), Status: 403},
		{Name: "no name", As: admin, Method: "POST", Path: s, Body: body(" ", false), Status: 400, Field: "name", Msg: "模板名称不能为空"},
		{Name: "duplicate name", As: admin, Lang: "en", Method: "POST", Path: s, Body: body("A5 改", false), Status: 409, Field: "name"},
		{Name: "bad kind", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "kind", "bills"), Status: 400, Field: "kind"},
		{Name: "bad paper, en", As: admin, Lang: "en", Method: "POST", Path: s, Body: with(body("k", false), "paper", "B5"), Status: 400, Field: "paper", Msg: "Paper is not valid"},
		{Name: "no columns", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "columns", []string{}), Status: 400, Field: "columns"},
		{Name: "unknown column", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "columns", []string{"goods", "cost"}), Status: 400, Field: "columns[1]"},
		{Name: "column twice", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "columns", []string{"goods", "goods"}), Status: 400, Field: "columns[1]"},
		{Name: "lines per page", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "linesPerPage", 101), Status: 400, Field: "linesPerPage"},
		{Name: "too many signatures", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "signatures", []string{"a", "b", "c", "d", "e", "f", "g"}), Status: 400, Field: "signatures", Msg: "签字栏最多 6 个"},
		{Name: "long title", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "title", strings.Repeat("长", 51)), Status: 400, Field: "title"},
		{Name: "update another id", As: admin, Method: "POST", Path: s, Body: with(body("k", false), "id", 999999), Status: 404},
		{Name: "delete missing", As: admin, Method: "DELETE", Path: "/api/printTemplate/delete?id=999999", Status: 404},
		{Name: "malformed", As: admin, Method: "POST", Path: s, Body: `{"kind":`, Status: 400},
	})
	if n := e.Count("SELECT COUNT(*) FROM print_templates"); n != 1 {
		t.Fatalf("templates after bad input: %d", n)
	}
}

func with(m map[string]any, k string, v any) map[string]any {
	m[k] = v
	return m
}
