package item_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

type row struct {
	ID           int64  `json:"id"`
	Type         int    `json:"type"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	CategoryID   int64  `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	Disable      int    `json:"disable"`
}

func category(t *testing.T, c *apptest.Client, typeNumber, name string) int64 {
	t.Helper()
	var r struct{ ID int64 }
	c.Do("POST", "/api/assist/add", map[string]any{"typeNumber": typeNumber, "name": name}).Want(200).Decode(&r)
	return r.ID
}

func add(t *testing.T, c *apptest.Client, body map[string]any) row {
	t.Helper()
	var r row
	c.Do("POST", "/api/item/add", body).Want(200).Decode(&r)
	return r
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var l apptest.List[row]
	c.Do("GET", "/api/item/list?"+query, nil).Want(200).Decode(&l)
	return l
}

func TestItems(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	sales := category(t, admin, "raccttype", "营业外收入")
	rent := category(t, admin, "paccttype", "房租水电")
	goodsCat := category(t, admin, "trade", "饮料")
	var next struct{ Number string }
	admin.Do("GET", "/api/item/nextNumber?type=2", nil).Want(200).Decode(&next)
	if next.Number != "ZC0001" {
		t.Fatalf("first expense number %q", next.Number)
	}
	shopRent := add(t, admin, map[string]any{"type": 2, "number": "ZC0001", "name": "店面租金", "categoryId": rent})
	if shopRent.CategoryName != "房租水电" || shopRent.Type != 2 {
		t.Fatalf("added %+v", shopRent)
	}
	admin.Do("GET", "/api/item/nextNumber?type=2", nil).Want(200).Decode(&next)
	if next.Number != "ZC0002" {
		t.Fatalf("next expense number %q", next.Number)
	}
	admin.Do("GET", "/api/item/nextNumber?type=1", nil).Want(200).Decode(&next)
	if next.Number != "SR0001" {
		t.Fatalf("first income number %q", next.Number)
	}
	add(t, admin, map[string]any{"type": 2, "number": "ZC0002", "name": "水电费", "categoryId": rent})
	scrap := add(t, admin, map[string]any{"type": 1, "number": "SR0001", "name": "废品收入", "categoryId": sales})
	add(t, admin, map[string]any{"type": 1, "number": "ZC0001", "name": "利息收入"}) // numbers are unique per type
	reader := e.UserWith("settings:item:query")
	body := func(kv ...any) map[string]any {
		m := map[string]any{"type": 2, "number": "ZC0100", "name": "运费"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing type", As: admin, Method: "POST", Path: "/api/item/add", Body: body("type", 0), Status: 400, Field: "type"},
		{Name: "add: bad type", As: admin, Method: "POST", Path: "/api/item/add", Body: body("type", 3), Status: 400, Field: "type"},
		{Name: "add: missing number", As: admin, Method: "POST", Path: "/api/item/add", Body: body("number", ""), Status: 400, Msg: "项目编号不能为空", Field: "number"},
		{Name: "add: missing name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/item/add", Body: body("name", ""), Status: 400, Msg: "Item name is required", Field: "name"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: "/api/item/add", Body: body("name", strings.Repeat("名", 101)), Status: 400, Field: "name"},
		{Name: "add: oversize remark", As: admin, Method: "POST", Path: "/api/item/add", Body: body("remark", strings.Repeat("r", 501)), Status: 400, Field: "remark"},
		{Name: "add: duplicate number", As: admin, Method: "POST", Path: "/api/item/add", Body: body("number", "ZC0001"), Status: 409, Msg: "项目编号“ZC0001”已存在", Field: "number"},
		{Name: "add: income category on an expense item", As: admin, Method: "POST", Path: "/api/item/add", Body: body("categoryId", sales), Status: 400, Msg: "类别必须是支出类别", Field: "categoryId"},
		{Name: "add: goods category, en", As: admin, Lang: "en", Method: "POST", Path: "/api/item/add", Body: body("type", 1, "categoryId", goodsCat), Status: 400, Msg: "The category must be an income category", Field: "categoryId"},
		{Name: "add: unknown category", As: admin, Method: "POST", Path: "/api/item/add", Body: body("categoryId", 999999), Status: 400, Field: "categoryId"},
		{Name: "add: negative category", As: admin, Method: "POST", Path: "/api/item/add", Body: body("categoryId", -1), Status: 400, Field: "categoryId"},
		{Name: "add: no permission", As: reader, Method: "POST", Path: "/api/item/add", Body: body(), Status: 403},
		{Name: "nextNumber: bad type", As: admin, Method: "GET", Path: "/api/item/nextNumber?type=9", Status: 400, Field: "type"},
		{Name: "nextNumber: no permission", As: reader, Method: "GET", Path: "/api/item/nextNumber?type=1", Status: 403},
		{Name: "get", As: reader, Method: "GET", Path: fmt.Sprintf("/api/item/get_update?id=%d", shopRent.ID), Status: 200, BodyHas: `"categoryName":"房租水电"`},
		{Name: "get: unknown", As: reader, Method: "GET", Path: "/api/item/get_update?id=999999", Status: 404, Msg: "收支项目不存在或已被删除"},
		{Name: "update: switch type keeps the category rule", As: admin, Method: "POST", Path: "/api/item/update", Body: map[string]any{"id": shopRent.ID, "type": 1, "number": "SR0009", "name": "店面租金", "categoryId": rent}, Status: 400, Field: "categoryId"},
		{Name: "update: duplicate number", As: admin, Method: "POST", Path: "/api/item/update", Body: map[string]any{"id": scrap.ID, "type": 1, "number": "ZC0001", "name": "废品收入"}, Status: 409, Field: "number"},
		{Name: "update", As: admin, Method: "POST", Path: "/api/item/update", Body: map[string]any{"id": scrap.ID, "type": 1, "number": "SR0001", "name": "废纸箱收入", "categoryId": sales, "remark": "月结"}, Status: 200, BodyHas: `"name":"废纸箱收入"`},
		{Name: "update: drop the category", As: admin, Method: "POST", Path: "/api/item/update", Body: map[string]any{"id": scrap.ID, "type": 1, "number": "SR0001", "name": "废纸箱收入"}, Status: 200, BodyHas: `"categoryId":0`},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/item/update", Body: body("id", 999999), Status: 404},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/item/update", Body: body("id", scrap.ID), Status: 403},
		{Name: "disable", As: admin, Method: "POST", Path: fmt.Sprintf("/api/item/disable?id=%d&disable=1", shopRent.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "disable: no permission", As: reader, Method: "POST", Path: fmt.Sprintf("/api/item/disable?id=%d", shopRent.ID), Status: 403},
		{Name: "list: bad type", As: admin, Method: "GET", Path: "/api/item/list?type=5", Status: 400, Field: "type"},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/item/list?sidx=search", Status: 400, Field: "sidx"},
		{Name: "list: no permission", As: e.UserWith("settings:employee:query"), Method: "GET", Path: "/api/item/list", Status: 403},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: fmt.Sprintf("/api/item/delete?id=%d", scrap.ID), Status: 403},
		{Name: "category in use cannot be deleted", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/assist/delete?id=%d", rent), Status: 200, BodyHas: `类别已被收支项目“`},
	})
	if n := e.Count("SELECT COUNT(*) FROM items"); n != 4 {
		t.Fatalf("%d items after the bad adds", n)
	}
	if l := list(t, admin, "type=2"); l.Records != 2 || l.Rows[0].Number != "ZC0001" || l.Rows[0].Disable != 1 {
		t.Fatalf("expenses %+v", l)
	}
	if l := list(t, admin, "type=2&disable=0"); l.Records != 1 || l.Rows[0].Name != "水电费" {
		t.Fatalf("enabled expenses %+v", l)
	}
	if l := list(t, admin, "matchCon=fzx"); l.Records != 1 || l.Rows[0].Name != "废纸箱收入" {
		t.Fatalf("pinyin search %+v", l)
	}
	if l := list(t, admin, "sidx=name&sord=desc&rows=3&page=1"); l.Total != 2 || l.Rows[0].Name != "水电费" {
		t.Fatalf("sorted %+v", l)
	}
	if l := list(t, admin, "rows=3&page=2"); len(l.Rows) != 1 || l.Rows[0].Number != "ZC0002" {
		t.Fatalf("page 2 %+v", l)
	}
	var res []apptest.Batch
	admin.Do("DELETE", fmt.Sprintf("/api/item/delete?id=%d,999999", scrap.ID), nil).Want(200).Decode(&res)
	if !res[0].OK || res[1].OK || e.Count("SELECT COUNT(*) FROM items WHERE id = ?", scrap.ID) != 0 {
		t.Fatalf("delete %+v", res)
	}
}
