package location_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/rights"
	"cangshu/internal/usage"
)

type row struct {
	ID            int64   `json:"id"`
	Number        string  `json:"number"`
	Name          string  `json:"name"`
	Address       string  `json:"address"`
	Keeper        string  `json:"keeper"`
	Phone         string  `json:"phone"`
	AllowNegative int     `json:"allowNegative"`
	Disable       int     `json:"disable"`
	Remark        string  `json:"remark"`
	ShopIDs       []int64 `json:"shopIds"`
	ShopNames     string  `json:"shopNames"`
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var p apptest.List[row]
	c.Do("GET", "/api/invlocation/list?"+query, nil).Want(200).Decode(&p)
	return p
}

func add(t *testing.T, c *apptest.Client, body map[string]any) row {
	t.Helper()
	var r row
	c.Do("POST", "/api/invlocation/add", body).Want(200).Decode(&r)
	return r
}

func numbers(rows []row) string {
	var s []string
	for _, r := range rows {
		s = append(s, r.Number)
	}
	return strings.Join(s, ",")
}

func batch(t *testing.T, c *apptest.Client, method, path string) []apptest.Batch {
	t.Helper()
	var out []apptest.Batch
	c.Do(method, path, nil).Want(200).Decode(&out)
	return out
}

func TestWarehouseCRUD(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	main := e.MainShop()
	all := []string{"settings:invlocation:query", "settings:invlocation:add", "settings:invlocation:update",
		"settings:invlocation:delete", "settings:invlocation:disable"}
	clerk := e.UserWith(all...)
	reader := e.UserWith("settings:invlocation:query")
	nobody := e.UserWith("settings:customer:query")

	var next struct{ Number string }
	admin.Do("GET", "/api/invlocation/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "CK001" {
		t.Fatalf("first number %q", next.Number)
	}
	w1 := add(t, clerk, map[string]any{"number": "CK001", "name": "总仓", "address": "北京路 1 号", "keeper": "老王", "phone": "010-1",
		"allowNegative": 1, "remark": "主仓库"})
	if w1.ID == 0 || w1.Disable != 0 || w1.AllowNegative != 1 || len(w1.ShopIDs) != 1 || w1.ShopIDs[0] != main || w1.ShopNames != "总店" {
		t.Fatalf("created %+v", w1)
	}
	// An empty number takes the next one.
	w2 := add(t, admin, map[string]any{"name": "北区仓库"})
	if w2.Number != "CK002" {
		t.Fatalf("next number %q", w2.Number)
	}
	id1 := fmt.Sprint(w1.ID)
	body := func(kv ...any) map[string]any {
		m := map[string]any{"number": "CK900", "name": "测试仓"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing name", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("name", " "), Status: 400, Msg: "仓库名称不能为空", Field: "name"},
		{Name: "add: missing name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/invlocation/add", Body: body("name", ""), Status: 400, Msg: "Warehouse name is required", Field: "name"},
		{Name: "add: empty body", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: "{}", Status: 400, Field: "name"},
		{Name: "add: oversize number", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("number", strings.Repeat("9", 33)), Status: 400, Msg: "仓库编号不能超过 32 个字符", Field: "number"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("name", strings.Repeat("仓", 101)), Status: 400, Field: "name"},
		{Name: "add: oversize address", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("address", strings.Repeat("a", 201)), Status: 400, Field: "address"},
		{Name: "add: oversize phone", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("phone", strings.Repeat("1", 31)), Status: 400, Field: "phone"},
		{Name: "add: oversize remark", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("remark", strings.Repeat("r", 501)), Status: 400, Field: "remark"},
		{Name: "add: bad allowNegative", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("allowNegative", 2), Status: 400, Field: "allowNegative"},
		{Name: "add: duplicate number", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("number", "CK001"), Status: 409, Msg: "仓库编号“CK001”已存在", Field: "number"},
		{Name: "add: unknown shop", As: admin, Lang: "en", Method: "POST", Path: "/api/invlocation/add", Body: body("shopIds", []int64{999999}), Status: 400, Msg: "Shop 999999 does not exist or you do not belong to it", Field: "shopIds"},
		{Name: "add: bad shop id", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: body("shopIds", []int64{-1}), Status: 400, Field: "shopIds"},
		{Name: "add: shopIds not a list", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: `{"name":"x","shopIds":"many"}`, Status: 400, Field: "shopIds"},
		{Name: "add: malformed JSON", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: `{"name":`, Status: 400},
		{Name: "add: no permission", As: reader, Method: "POST", Path: "/api/invlocation/add", Body: body(), Status: 403},
		{Name: "list: no permission", As: nobody, Method: "GET", Path: "/api/invlocation/list", Status: 403},
		{Name: "add: form-urlencoded", As: admin, Method: "POST", Path: "/api/invlocation/add", Body: url.Values{"number": {"CK003"}, "name": {"南区仓库"}, "shopIds": {fmt.Sprint(main)}}, Status: 200, BodyHas: `"number":"CK003"`},
		{Name: "get", As: reader, Method: "GET", Path: "/api/invlocation/get_update?id=" + id1, Status: 200, BodyHas: `"keeper":"老王"`},
		{Name: "get: unknown", As: admin, Method: "GET", Path: "/api/invlocation/get_update?id=999999", Status: 404, Msg: "仓库不存在或已被删除"},
		{Name: "get: bad id", As: admin, Method: "GET", Path: "/api/invlocation/get_update?id=x", Status: 400},
		{Name: "update", As: clerk, Method: "POST", Path: "/api/invlocation/update", Body: map[string]any{"id": w1.ID, "number": "CK001", "name": "总仓库", "keeper": "小李"}, Status: 200, BodyHas: `"name":"总仓库"`},
		{Name: "update: no id", As: admin, Method: "POST", Path: "/api/invlocation/update", Body: body(), Status: 400, Field: "id"},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/invlocation/update", Body: body("id", 999999), Status: 404},
		{Name: "update: duplicate number", As: admin, Method: "POST", Path: "/api/invlocation/update", Body: body("id", w1.ID, "number", "CK002"), Status: 409, Field: "number"},
		{Name: "update: missing number", As: admin, Method: "POST", Path: "/api/invlocation/update", Body: body("id", w1.ID, "number", ""), Status: 400, Field: "number"},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/invlocation/update", Body: body("id", w1.ID), Status: 403},
		{Name: "disable: bad value", As: admin, Method: "POST", Path: "/api/invlocation/disable?id=" + id1 + "&disable=5", Status: 400, Field: "disable"},
		{Name: "disable: no permission", As: reader, Method: "POST", Path: "/api/invlocation/disable?id=" + id1, Status: 403},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/invlocation/delete?id=" + id1, Status: 403},
		{Name: "delete: no ids", As: admin, Method: "DELETE", Path: "/api/invlocation/delete", Status: 400},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/invlocation/list?sidx=keeper", Status: 400, Field: "sidx"},
		{Name: "list: bad disable", As: admin, Method: "GET", Path: "/api/invlocation/list?disable=x", Status: 400, Field: "disable"},
		{Name: "list: too many rows", As: admin, Method: "GET", Path: "/api/invlocation/list?rows=10001", Status: 400, Field: "rows"},
	})
	if n := e.Count("SELECT COUNT(*) FROM locations WHERE number = 'CK900'"); n != 0 {
		t.Fatalf("a bad request wrote %d warehouses", n)
	}
	got := list(t, reader, "")
	if got.Records != 3 || numbers(got.Rows) != "CK001,CK002,CK003" || got.Rows[0].Keeper != "小李" || got.Rows[0].Address != "" {
		t.Fatalf("list %+v", got)
	}

	// Search, paging, sorting.
	if p := list(t, reader, "matchCon=北区"); p.Records != 1 || p.Rows[0].ID != w2.ID {
		t.Fatalf("search by name %+v", p)
	}
	if p := list(t, reader, "matchCon=ck00"); p.Records != 3 {
		t.Fatalf("search by number %+v", p)
	}
	if p := list(t, reader, "matchCon=%25"); p.Records != 0 {
		t.Fatalf("%% must match literally: %+v", p)
	}
	if p := list(t, reader, "page=2&rows=2"); p.Records != 3 || p.Total != 2 || numbers(p.Rows) != "CK003" {
		t.Fatalf("page 2 %+v", p)
	}
	if p := list(t, reader, "sidx=number&sord=desc"); numbers(p.Rows) != "CK003,CK002,CK001" {
		t.Fatalf("by number desc %+v", p)
	}
	if p := list(t, reader, "sidx=name&sord=asc"); numbers(p.Rows) != "CK002,CK003,CK001" {
		// 北区仓库 < 南区仓库 < 总仓库 by code point
		t.Fatalf("by name %s", numbers(p.Rows))
	}

	// Disable and enable: pickers (disable=0) see enabled warehouses only.
	if r := batch(t, clerk, "POST", "/api/invlocation/disable?id="+id1+",999999&disable=1"); !r[0].OK || r[1].OK || r[1].Msg != "仓库不存在或已被删除" {
		t.Fatalf("disable %+v", r)
	}
	if p := list(t, reader, "disable=0"); p.Records != 2 {
		t.Fatalf("enabled only %+v", p)
	}
	if p := list(t, reader, "disable=1"); p.Records != 3 || p.Rows[0].Disable != 1 {
		t.Fatalf("all %+v", p)
	}
	batch(t, clerk, "POST", "/api/invlocation/disable?id="+id1+"&disable=0")
	if p := list(t, reader, "disable=0"); p.Records != 3 {
		t.Fatalf("enabled again %+v", p)
	}

	// Delete: refused while in use, naming the user; otherwise gone with its shop links.
	e.Exec("CREATE TABLE test_bills (id INTEGER PRIMARY KEY, bill_no TEXT NOT NULL, location_id BIGINT NOT NULL)")
	e.Exec("INSERT INTO test_bills (id, bill_no, location_id) VALUES (1, 'XS-1', ?)", w1.ID)
	e.App.Usage.Add(usage.Location, usage.Ref{Table: "test_bills", Column: "location_id", What: "location.entity", Name: "bill_no"})
	r := batch(t, clerk, "DELETE", fmt.Sprintf("/api/invlocation/delete?id=%d,%d", w1.ID, w2.ID))
	if r[0].OK || r[0].Msg != "仓库已被仓库“XS-1”使用，不能删除" || !r[1].OK {
		t.Fatalf("delete %+v", r)
	}
	admin.Do("GET", "/api/invlocation/get_update?id="+id1, nil).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/invlocation/get_update?id=%d", w2.ID), nil).Want(404)
	if n := e.Count("SELECT COUNT(*) FROM shop_locations WHERE location_id = ?", w2.ID); n != 0 {
		t.Fatalf("%d shop links left", n)
	}
}

func TestWarehouseShops(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	main := e.MainShop()
	var b struct{ ID int64 }
	admin.Do("POST", "/api/shops/", map[string]any{"code": "B01", "name": "分店"}).Want(200).Decode(&b)
	clerk := e.UserWith("settings:invlocation:query", "settings:invlocation:add", "settings:invlocation:update",
		"settings:invlocation:delete", "settings:invlocation:disable")

	mine := add(t, admin, map[string]any{"number": "A1", "name": "总店仓"})
	theirs := add(t, admin, map[string]any{"number": "B1", "name": "分店仓", "shopIds": []int64{b.ID}})
	shared := add(t, admin, map[string]any{"number": "S1", "name": "共用仓", "shopIds": []int64{b.ID, main}})
	if len(shared.ShopIDs) != 2 || !strings.Contains(shared.ShopNames, "总店") || !strings.Contains(shared.ShopNames, "分店") {
		t.Fatalf("shared %+v", shared)
	}
	tid := fmt.Sprint(theirs.ID)

	// The clerk works in the main shop: the branch's warehouse does not exist for them.
	if p := list(t, clerk, ""); numbers(p.Rows) != "A1,S1" {
		t.Fatalf("clerk sees %s", numbers(p.Rows))
	}
	if p := list(t, clerk, fmt.Sprintf("shopId=%d", b.ID)); numbers(p.Rows) != "S1" {
		t.Fatalf("clerk with another shop's filter sees %s", numbers(p.Rows))
	}
	if p := list(t, admin, ""); numbers(p.Rows) != "A1,B1,S1" {
		t.Fatalf("admin sees %s", numbers(p.Rows))
	}
	if p := list(t, admin, fmt.Sprintf("shopId=%d", b.ID)); numbers(p.Rows) != "B1,S1" {
		t.Fatalf("admin narrowed to the branch sees %s", numbers(p.Rows))
	}
	apptest.Run(t, []apptest.Step{
		{Name: "get: another shop's warehouse", As: clerk, Method: "GET", Path: "/api/invlocation/get_update?id=" + tid, Status: 404, Msg: "仓库不存在或已被删除"},
		{Name: "update: another shop's warehouse", As: clerk, Method: "POST", Path: "/api/invlocation/update", Body: map[string]any{"id": theirs.ID, "number": "B1", "name": "改名"}, Status: 404},
		{Name: "add: for a shop the clerk is not in", As: clerk, Method: "POST", Path: "/api/invlocation/add", Body: map[string]any{"number": "X1", "name": "x", "shopIds": []int64{b.ID}}, Status: 400, Msg: fmt.Sprintf("店铺 %d 不存在或您不属于该店铺", b.ID), Field: "shopIds"},
		{Name: "update: move to a shop the clerk is not in", As: clerk, Method: "POST", Path: "/api/invlocation/update", Body: map[string]any{"id": mine.ID, "number": "A1", "name": "x", "shopIds": []int64{b.ID}}, Status: 400, Field: "shopIds"},
	})
	if r := batch(t, clerk, "DELETE", "/api/invlocation/delete?id="+tid); r[0].OK || r[0].Msg != "仓库不存在或已被删除" {
		t.Fatalf("delete another shop's %+v", r)
	}
	if r := batch(t, clerk, "POST", "/api/invlocation/disable?id="+tid); r[0].OK {
		t.Fatalf("disable another shop's %+v", r)
	}
	if e.Text("SELECT name FROM locations WHERE id = ?", theirs.ID) != "分店仓" || e.Count("SELECT disabled FROM locations WHERE id = ?", theirs.ID) != 0 {
		t.Fatal("the clerk changed another shop's warehouse")
	}

	// The clerk edits the shared warehouse: the branch's link stays.
	var upd row
	clerk.Do("POST", "/api/invlocation/update", map[string]any{"id": shared.ID, "number": "S1", "name": "共用仓库"}).Want(200).Decode(&upd)
	if len(upd.ShopIDs) != 2 {
		t.Fatalf("shared after the clerk's update %+v", upd)
	}
	r := batch(t, clerk, "DELETE", fmt.Sprintf("/api/invlocation/delete?id=%d", shared.ID))
	if r[0].OK || r[0].Msg != "仓库“共用仓库”还被您不属于的店铺使用，不能删除" {
		t.Fatalf("delete shared %+v", r)
	}

	// A shop with warehouses cannot be deleted.
	res := admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", b.ID), nil).Want(409)
	if res.Env.Msg != "店铺“分店”已被仓库使用，不能删除" {
		t.Fatalf("msg %q", res.Env.Msg)
	}

	if n := e.Count("SELECT COUNT(*) FROM locations l WHERE "+rights.ShopCond("l.id"), b.ID); n != 2 {
		t.Errorf("ShopCond: %d warehouses in the branch", n)
	}
}
