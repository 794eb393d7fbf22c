package assist_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

type typeRow struct {
	ID      int64  `json:"id"`
	Number  string `json:"number"`
	Name    string `json:"name"`
	Kind    int    `json:"kind"`
	Builtin int    `json:"builtin"`
}

type row struct {
	ID         int64  `json:"id"`
	TypeID     int64  `json:"typeId"`
	TypeNumber string `json:"typeNumber"`
	ParentID   int64  `json:"parentId"`
	Name       string `json:"name"`
	Number     string `json:"number"`
	Sort       int    `json:"sort"`
	Disable    int    `json:"disable"`
	Level      int    `json:"level"`
	Path       string `json:"path"`
}

type option struct {
	Value    int64    `json:"value"`
	Label    string   `json:"label"`
	Children []option `json:"children"`
}

func add(t *testing.T, c *apptest.Client, body map[string]any) row {
	t.Helper()
	var r row
	c.Do("POST", "/api/assist/add", body).Want(200).Decode(&r)
	return r
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var l apptest.List[row]
	c.Do("GET", "/api/assist/list?"+query, nil).Want(200).Decode(&l)
	return l
}

func names(rows []row) string {
	var s []string
	for _, r := range rows {
		s = append(s, fmt.Sprintf("%s:%d:%s", r.Name, r.Level, r.Path))
	}
	return strings.Join(s, " ")
}

func TestAssistTypes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var l apptest.List[typeRow]
	admin.Do("GET", "/api/assistType/list?kind=0", nil).Want(200).Decode(&l)
	if l.Records != 6 || l.Rows[0].Number != "trade" || l.Rows[0].Name != "商品类别" || l.Rows[0].Builtin != 1 {
		t.Fatalf("built-in types %+v", l)
	}
	admin.Lang = "en"
	admin.Do("GET", "/api/assistType/list?kind=0", nil).Want(200).Decode(&l)
	if l.Rows[5].Number != "PayMethod" || l.Rows[5].Name != "Payment methods" {
		t.Fatalf("English names %+v", l.Rows)
	}
	admin.Lang = ""
	var colour typeRow
	admin.Do("POST", "/api/assistType/add", map[string]any{"name": "颜色", "id": 99, "kind": 0, "builtin": 1}).Want(200).Decode(&colour)
	if colour.Number != "SX001" || colour.Kind != 1 || colour.Builtin != 0 || colour.ID == 99 {
		t.Fatalf("colour %+v", colour)
	}
	var next struct{ Number string }
	admin.Do("GET", "/api/assistType/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "SX002" {
		t.Fatalf("next %q", next.Number)
	}
	size := typeRow{}
	admin.Do("POST", "/api/assistType/add", map[string]any{"number": "SIZE", "name": "尺码"}).Want(200).Decode(&size)
	red := add(t, admin, map[string]any{"typeId": colour.ID, "name": "红色"})
	tradeID := e.ID("SELECT id FROM assist_types WHERE number = 'trade'")
	cats := e.UserWith("settings:assist:query", "settings:assist:add")
	skuReader := e.UserWith("settings:assistSku:query")
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing name", As: admin, Method: "POST", Path: "/api/assistType/add", Body: map[string]any{"name": ""}, Status: 400, Field: "name"},
		{Name: "add: oversize number", As: admin, Method: "POST", Path: "/api/assistType/add", Body: map[string]any{"number": strings.Repeat("N", 33), "name": "x"}, Status: 400, Field: "number"},
		{Name: "add: duplicate name", As: admin, Method: "POST", Path: "/api/assistType/add", Body: map[string]any{"name": "颜色"}, Status: 409, Field: "name"},
		{Name: "add: duplicate of a built-in number", As: admin, Method: "POST", Path: "/api/assistType/add", Body: map[string]any{"number": "trade", "name": "材质"}, Status: 409, Msg: "类型编号“trade”已存在"},
		{Name: "add: categories right is not enough", As: cats, Method: "POST", Path: "/api/assistType/add", Body: map[string]any{"name": "材质"}, Status: 403},
		{Name: "list: readable with the categories right", As: cats, Method: "GET", Path: "/api/assistType/list?kind=1", Status: 200, BodyHas: `"name":"尺码"`},
		{Name: "list: bad kind", As: admin, Method: "GET", Path: "/api/assistType/list?kind=3", Status: 400, Field: "kind"},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/assistType/list?sidx=builtin", Status: 400, Field: "sidx"},
		{Name: "update: built-in refused, en", As: admin, Lang: "en", Method: "POST", Path: "/api/assistType/update", Body: map[string]any{"id": tradeID, "name": "Goods"}, Status: 409, Msg: `"Goods categories" is a built-in type and cannot be changed or deleted`},
		{Name: "update: rename keeps the number", As: admin, Method: "POST", Path: "/api/assistType/update", Body: map[string]any{"id": size.ID, "name": "尺寸"}, Status: 200, BodyHas: `"number":"SIZE"`},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/assistType/update", Body: map[string]any{"id": 999999, "name": "x"}, Status: 404},
		{Name: "update: no permission", As: skuReader, Method: "POST", Path: "/api/assistType/update", Body: map[string]any{"id": size.ID, "name": "x"}, Status: 403},
		{Name: "delete: built-in refused", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/assistType/delete?id=%d", tradeID), Status: 200, BodyHas: `“商品类别”是系统内置类型`},
		{Name: "delete: group with values refused, naming a value", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/assistType/delete?id=%d", colour.ID), Status: 200, BodyHas: `辅助资料类型已被辅助属性值“红色”使用，不能删除`},
		{Name: "delete: no permission", As: skuReader, Method: "DELETE", Path: fmt.Sprintf("/api/assistType/delete?id=%d", size.ID), Status: 403},
		{Name: "delete", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/assistType/delete?id=%d", size.ID), Status: 200, BodyHas: `"ok":true`},
	})
	if e.Count("SELECT COUNT(*) FROM assist_types WHERE id = ?", size.ID) != 0 || e.Count("SELECT COUNT(*) FROM assists WHERE id = ?", red.ID) != 1 {
		t.Fatal("delete went wrong")
	}
	if n := e.Count("SELECT COUNT(*) FROM assist_types"); n != 7 {
		t.Fatalf("%d types after the refused adds", n)
	}
}

func TestAssistTree(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	drinks := add(t, admin, map[string]any{"typeNumber": "trade", "name": "饮料", "number": "01", "sort": 1})
	snacks := add(t, admin, map[string]any{"typeNumber": "trade", "name": "零食", "number": "02", "sort": 2})
	soda := add(t, admin, map[string]any{"typeNumber": "trade", "parentId": drinks.ID, "name": "碳酸饮料"})
	cola := add(t, admin, map[string]any{"typeNumber": "trade", "parentId": soda.ID, "name": "可乐"})
	juice := add(t, admin, map[string]any{"typeNumber": "trade", "parentId": drinks.ID, "name": "果汁", "sort": 0})
	cash := add(t, admin, map[string]any{"typeNumber": "PayMethod", "name": "现金"})
	vip := add(t, admin, map[string]any{"typeNumber": "customertype", "name": "VIP 客户"})
	if cola.Level != 3 || cola.Path != fmt.Sprintf("%d/%d/%d", drinks.ID, soda.ID, cola.ID) || cola.TypeNumber != "trade" {
		t.Fatalf("cola %+v", cola)
	}
	got := names(list(t, admin, "typeNumber=trade").Rows)
	want := fmt.Sprintf("饮料:1:%d 碳酸饮料:2:%d/%d 可乐:3:%d/%d/%d 果汁:2:%d/%d 零食:1:%d",
		drinks.ID, drinks.ID, soda.ID, drinks.ID, soda.ID, cola.ID, drinks.ID, juice.ID, snacks.ID)
	if got != want {
		t.Fatalf("tree walk\n got %s\nwant %s", got, want)
	}

	payer := e.UserWith("settings:payMethod:query", "settings:payMethod:add", "settings:payMethod:update", "settings:payMethod:delete")
	catman := e.UserWith("settings:assist:query", "settings:assist:add", "settings:assist:update", "settings:assist:delete")
	id := func(r row) string { return fmt.Sprint(r.ID) }
	apptest.Run(t, []apptest.Step{
		{Name: "add: no type", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"name": "x"}, Status: 400, Field: "typeNumber"},
		{Name: "add: unknown type", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "nope", "name": "x"}, Status: 400, Msg: "类型“nope”不存在", Field: "typeNumber"},
		{Name: "add: missing name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "name": " "}, Status: 400, Msg: "Name is required", Field: "name"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "name": strings.Repeat("名", 101)}, Status: 400, Field: "name"},
		{Name: "add: negative sort", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "name": "x", "sort": -1}, Status: 400, Field: "sort"},
		{Name: "add: duplicate sibling name", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "parentId": drinks.ID, "name": "果汁"}, Status: 409, Msg: "名称“果汁”已存在", Field: "name"},
		{Name: "add: same name elsewhere is fine", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "parentId": snacks.ID, "name": "果汁"}, Status: 200},
		{Name: "add: duplicate number in the type", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "name": "酒", "number": "01"}, Status: 409, Field: "number"},
		{Name: "add: same number in another type", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "supplytype", "name": "厂家", "number": "01"}, Status: 200},
		{Name: "add: unknown parent", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "parentId": 999999, "name": "x"}, Status: 400, Field: "parentId"},
		{Name: "add: parent of another type", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "parentId": vip.ID, "name": "x"}, Status: 400, Field: "parentId"},
		{Name: "add: payment method as the categories user", As: catman, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "PayMethod", "name": "微信"}, Status: 403},
		{Name: "add: category as the payment user", As: payer, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "trade", "name": "x"}, Status: 403},
		{Name: "add: payment method as the payment user", As: payer, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeNumber": "PayMethod", "name": "微信"}, Status: 200},
		{Name: "list: payment methods only for the payment user", As: payer, Method: "GET", Path: "/api/assist/list?typeNumber=trade", Status: 403},
		{Name: "get: category as the payment user", As: payer, Method: "GET", Path: "/api/assist/get_update?id=" + id(drinks), Status: 403},
		{Name: "get", As: catman, Method: "GET", Path: "/api/assist/get_update?id=" + id(cola), Status: 200, BodyHas: `"name":"可乐"`},
		{Name: "get: unknown", As: admin, Method: "GET", Path: "/api/assist/get_update?id=999999", Status: 404},
		{Name: "update: under itself", As: admin, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"id": soda.ID, "parentId": soda.ID, "name": "碳酸饮料"}, Status: 400, Msg: "不能移动到自身或其下级之下", Field: "parentId"},
		{Name: "update: under its descendant", As: admin, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"id": drinks.ID, "parentId": cola.ID, "name": "饮料", "number": "01"}, Status: 400, Field: "parentId"},
		{Name: "update: sibling name taken", As: admin, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"id": juice.ID, "parentId": drinks.ID, "name": "碳酸饮料"}, Status: 409, Field: "name"},
		{Name: "update: payment method as the categories user", As: catman, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"id": cash.ID, "name": "现金2"}, Status: 403},
		{Name: "update: missing id", As: admin, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"name": "x"}, Status: 400, Field: "id"},
		{Name: "update: move soda under snacks", As: catman, Method: "POST", Path: "/api/assist/update", Body: map[string]any{"id": soda.ID, "parentId": snacks.ID, "name": "汽水", "sort": 5}, Status: 200, BodyHas: fmt.Sprintf(`"path":"%d/%d"`, snacks.ID, soda.ID)},
		{Name: "delete: with children, en", As: admin, Lang: "en", Method: "DELETE", Path: "/api/assist/delete?id=" + id(soda), Status: 200, BodyHas: `Category \"汽水\" has 1 child records and cannot be deleted`},
		{Name: "delete: payment method as the categories user", As: catman, Method: "DELETE", Path: "/api/assist/delete?id=" + id(cash), Status: 200, BodyHas: `没有权限`},
		{Name: "disable: bad flag", As: admin, Method: "POST", Path: "/api/assist/disable?id=" + id(soda) + "&disable=7", Status: 400, Field: "disable"},
		{Name: "disable", As: catman, Method: "POST", Path: "/api/assist/disable?id=" + id(soda) + "&disable=1", Status: 200, BodyHas: `"ok":true`},
		{Name: "list: unknown type", As: admin, Method: "GET", Path: "/api/assist/list?typeNumber=nope", Status: 400, Field: "typeNumber"},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/assist/list?typeNumber=trade&sidx=remark", Status: 400, Field: "sidx"},
		{Name: "options: no type", As: admin, Method: "GET", Path: "/api/assist/options", Status: 400, Field: "typeNumber"},
		{Name: "list: nobody", As: e.UserWith("settings:unit:query"), Method: "GET", Path: "/api/assist/list", Status: 403},
	})

	// The move rewrote the whole subtree's path.
	var c row
	admin.Do("GET", "/api/assist/get_update?id="+id(cola), nil).Want(200).Decode(&c)
	if c.Level != 3 || c.Path != fmt.Sprintf("%d/%d/%d", snacks.ID, soda.ID, cola.ID) {
		t.Fatalf("cola after the move %+v", c)
	}
	// Options: enabled only; the disabled soda takes its subtree with it.
	var opts []option
	admin.Do("GET", "/api/assist/options?typeNumber=trade", nil).Want(200).Decode(&opts)
	if len(opts) != 2 || opts[0].Label != "饮料" || len(opts[0].Children) != 1 || opts[0].Children[0].Label != "果汁" ||
		opts[1].Label != "零食" || len(opts[1].Children) != 1 {
		t.Fatalf("options %+v", opts)
	}
	if l := list(t, admin, "typeNumber=trade&disable=0"); l.Records != 4 {
		t.Fatalf("enabled %s", names(l.Rows))
	}
	if l := list(t, admin, "typeNumber=trade"); l.Records != 6 || l.Rows[4].Disable != 1 {
		t.Fatalf("all %s", names(l.Rows))
	}
	// Search by pinyin; paging; sibling sort by name descending.
	if l := list(t, admin, "typeNumber=trade&matchCon=kl"); l.Records != 1 || l.Rows[0].Name != "可乐" {
		t.Fatalf("matchCon %+v", l)
	}
	if l := list(t, admin, "typeNumber=trade&rows=4&page=2"); l.Total != 2 || len(l.Rows) != 2 || l.Rows[0].Name != "汽水" {
		t.Fatalf("page 3 %+v", l)
	}
	if l := list(t, admin, "typeNumber=trade&sidx=number&sord=desc"); l.Rows[0].Name != "零食" {
		t.Fatalf("sorted %s", names(l.Rows))
	}
	// The preload without a type: every type the caller may read.
	if l := list(t, payer, "rows=100"); l.Records != 2 || l.Rows[0].TypeNumber != "PayMethod" {
		t.Fatalf("payer preload %+v", l)
	}
	if l := list(t, admin, "rows=100"); l.Records != 10 {
		t.Fatalf("admin preload %d: %s", l.Records, names(l.Rows))
	}
	// Delete a leaf, and an unknown id.
	var res []apptest.Batch
	admin.Do("DELETE", fmt.Sprintf("/api/assist/delete?id=%d,999999", cola.ID), nil).Want(200).Decode(&res)
	if !res[0].OK || res[1].OK {
		t.Fatalf("delete %+v", res)
	}
}

func TestAttributeValuesAndUsage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var colour typeRow
	admin.Do("POST", "/api/assistType/add", map[string]any{"name": "颜色"}).Want(200).Decode(&colour)
	sku := e.UserWith("settings:assistSku:query", "settings:assistSku:add", "settings:assistSku:delete")
	cats := e.UserWith("settings:assist:query", "settings:assist:add", "settings:assist:delete")
	red := add(t, sku, map[string]any{"typeId": colour.ID, "name": "红色"})
	if red.TypeNumber != colour.Number || red.Level != 1 {
		t.Fatalf("red %+v", red)
	}
	rent := add(t, admin, map[string]any{"typeNumber": "paccttype", "name": "房租类"})
	var it struct{ ID int64 }
	admin.Do("POST", "/api/item/add", map[string]any{"type": 2, "number": "ZC0001", "name": "店面租金", "categoryId": rent.ID}).Want(200).Decode(&it)
	apptest.Run(t, []apptest.Step{
		{Name: "values are flat", As: sku, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeId": colour.ID, "parentId": red.ID, "name": "深红"}, Status: 400, Msg: "辅助属性值没有上级", Field: "parentId"},
		{Name: "values need the attribute right", As: cats, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeId": colour.ID, "name": "蓝色"}, Status: 403},
		{Name: "unknown type id", As: admin, Method: "POST", Path: "/api/assist/add", Body: map[string]any{"typeId": 999999, "name": "x"}, Status: 400, Field: "typeId"},
		{Name: "category used by an item", As: cats, Method: "DELETE", Path: fmt.Sprintf("/api/assist/delete?id=%d", rent.ID), Status: 200, BodyHas: `类别已被收支项目“店面租金”使用，不能删除`},
		{Name: "category used by an item, en", As: cats, Lang: "en", Method: "DELETE", Path: fmt.Sprintf("/api/assist/delete?id=%d", rent.ID), Status: 200, BodyHas: `Category is used by Income/expense item \"店面租金\" and cannot be deleted`},
		{Name: "value deleted by the attribute user", As: sku, Method: "DELETE", Path: fmt.Sprintf("/api/assist/delete?id=%d", red.ID), Status: 200, BodyHas: `"ok":true`},
	})
	if e.Count("SELECT COUNT(*) FROM assists WHERE id = ?", rent.ID) != 1 {
		t.Fatal("the used category was deleted")
	}
	// Once the value is gone the group can go too.
	admin.Do("DELETE", fmt.Sprintf("/api/assistType/delete?id=%d", colour.ID), nil).Want(200)
	if e.Count("SELECT COUNT(*) FROM assist_types WHERE id = ?", colour.ID) != 0 {
		t.Fatal("group not deleted")
	}
}
