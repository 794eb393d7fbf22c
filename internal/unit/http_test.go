package unit_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

type unitRow struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	UnitTypeID   int64  `json:"unitTypeId"`
	UnitTypeName string `json:"unitTypeName"`
	Rate         any    `json:"rate"`
	IsBase       int    `json:"isBase"`
	Disable      int    `json:"disable"`
}

type groupRow struct {
	ID    int64     `json:"id"`
	Name  string    `json:"name"`
	Units []unitRow `json:"units"`
}

func units(g groupRow) string {
	var s []string
	for _, u := range g.Units {
		s = append(s, fmt.Sprintf("%s×%v", u.Name, u.Rate))
	}
	return strings.Join(s, " ")
}

// addGoods puts goods using a unit (and group) straight into the table:
// the goods screen is another domain's.
func addGoods(e *apptest.Env, number string, unitID, groupID int64) {
	now := time.Now().UTC()
	var g any
	if groupID != 0 {
		g = groupID
	}
	e.Insert("INSERT INTO goods (number, name, unit_id, unit_type_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
		number, "商品"+number, unitID, g, now, now)
}

func TestUnits(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var ge, jin unitRow
	admin.Do("POST", "/api/unit/add", map[string]any{"name": "个", "rate": 5, "unitTypeId": 3}).Want(200).Decode(&ge)
	if ge.ID == 0 || ge.UnitTypeID != 0 || fmt.Sprint(ge.Rate) != "1" || ge.IsBase != 1 {
		t.Fatalf("added %+v", ge)
	}
	admin.Do("POST", "/api/unit/add", map[string]any{"name": "斤"}).Want(200).Decode(&jin)
	var box groupRow
	admin.Do("POST", "/api/unitType/add", map[string]any{"name": "瓶箱", "units": []map[string]any{{"name": "瓶", "rate": 1}, {"name": "箱", "rate": 12}}}).Want(200).Decode(&box)
	addGoods(e, "SP001", ge.ID, 0)
	reader := e.UserWith("settings:unit:query")
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing name", As: admin, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": ""}, Status: 400, Msg: "单位名称不能为空", Field: "name"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": strings.Repeat("单", 101)}, Status: 400, Field: "name"},
		{Name: "add: duplicate", As: admin, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": "个"}, Status: 409, Msg: "单位名称“个”已存在", Field: "name"},
		{Name: "add: a group's name", As: admin, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": "瓶箱"}, Status: 409, Field: "name"},
		{Name: "add: a grouped unit's name is fine", As: admin, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": "瓶"}, Status: 200},
		{Name: "add: no permission", As: reader, Method: "POST", Path: "/api/unit/add", Body: map[string]any{"name": "米"}, Status: 403},
		{Name: "get", As: reader, Method: "GET", Path: fmt.Sprintf("/api/unit/get_update?id=%d", ge.ID), Status: 200, BodyHas: `"name":"个"`},
		{Name: "get: unknown", As: reader, Method: "GET", Path: "/api/unit/get_update?id=999999", Status: 404, Msg: "计量单位不存在或已被删除"},
		{Name: "update", As: admin, Method: "POST", Path: "/api/unit/update", Body: map[string]any{"id": jin.ID, "name": "公斤"}, Status: 200, BodyHas: `"name":"公斤"`},
		{Name: "update: duplicate", As: admin, Method: "POST", Path: "/api/unit/update", Body: map[string]any{"id": jin.ID, "name": "个"}, Status: 409, Field: "name"},
		{Name: "update: grouped unit rename", As: admin, Method: "POST", Path: "/api/unit/update", Body: map[string]any{"id": box.Units[1].ID, "name": "大箱"}, Status: 200, BodyHas: `"rate":12`},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/unit/update", Body: map[string]any{"id": jin.ID, "name": "x"}, Status: 403},
		{Name: "disable", As: admin, Method: "POST", Path: fmt.Sprintf("/api/unit/disable?id=%d", jin.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "disable: bad flag", As: admin, Method: "POST", Path: fmt.Sprintf("/api/unit/disable?id=%d&disable=3", jin.ID), Status: 400, Field: "disable"},
		{Name: "delete: used by goods", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/unit/delete?id=%d", ge.ID), Status: 200, BodyHas: `计量单位已被商品“SP001”使用，不能删除`},
		{Name: "delete: grouped unit", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/unit/delete?id=%d", box.Units[0].ID), Status: 200, BodyHas: `属于单位组“瓶箱”`},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: fmt.Sprintf("/api/unit/delete?id=%d", jin.ID), Status: 403},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/unit/list?sidx=id", Status: 400, Field: "sidx"},
		{Name: "list: no permission", As: e.UserWith("settings:unitType:query"), Method: "GET", Path: "/api/unit/list", Status: 403},
	})
	var l apptest.List[unitRow]
	admin.Do("GET", "/api/unit/list", nil).Want(200).Decode(&l)
	if l.Records != 5 || l.Rows[0].Name != "个" || l.Rows[3].UnitTypeName != "瓶箱" || l.Rows[3].IsBase != 1 || l.Rows[4].Name != "大箱" {
		t.Fatalf("all units %+v", l.Rows)
	}
	admin.Do("GET", "/api/unit/list?disable=0&unitTypeId=0", nil).Want(200).Decode(&l)
	if l.Records != 2 {
		t.Fatalf("enabled stand-alone %+v", l.Rows)
	}
	admin.Do("GET", "/api/unit/list?matchCon=箱&sidx=rate&sord=desc&rows=1", nil).Want(200).Decode(&l)
	if l.Records != 1 || l.Rows[0].Name != "大箱" {
		t.Fatalf("search %+v", l)
	}
	admin.Do("GET", "/api/unit/list?sidx=name&rows=2&page=2", nil).Want(200).Decode(&l)
	if l.Total != 3 || len(l.Rows) != 2 {
		t.Fatalf("page %+v", l)
	}
	var res []apptest.Batch
	admin.Do("DELETE", fmt.Sprintf("/api/unit/delete?id=%d", jin.ID), nil).Want(200).Decode(&res)
	if !res[0].OK || e.Count("SELECT COUNT(*) FROM units WHERE id = ?", jin.ID) != 0 {
		t.Fatalf("delete %+v", res)
	}
}

func TestUnitGroups(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var box groupRow
	admin.Do("POST", "/api/unitType/add", map[string]any{"name": "瓶箱", "units": []map[string]any{
		{"name": "瓶", "rate": 1}, {"name": "箱", "rate": 24}, {"name": "提", "rate": "6"}}}).Want(200).Decode(&box)
	if units(box) != "瓶×1 提×6 箱×24" || box.Units[0].IsBase != 1 || box.Units[1].IsBase != 0 {
		t.Fatalf("group %s", units(box))
	}
	bottle, crate, pack := box.Units[0], box.Units[2], box.Units[1]
	addGoods(e, "SP001", bottle.ID, box.ID)
	e.Exec("INSERT INTO goods_units (goods_id, unit_id) SELECT id, ? FROM goods WHERE number = 'SP001'", crate.ID)
	reader := e.UserWith("settings:unitType:query")
	grp := func(units ...map[string]any) map[string]any {
		return map[string]any{"id": box.ID, "name": "瓶箱", "units": units}
	}
	u := func(id int64, name string, rate any) map[string]any {
		return map[string]any{"id": id, "name": name, "rate": rate}
	}
	newGroup := func(units ...map[string]any) map[string]any { return map[string]any{"name": "新组", "units": units} }
	apptest.Run(t, []apptest.Step{
		{Name: "add: no units", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(), Status: 400, Field: "units"},
		{Name: "add: base rate not 1", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 2)), Status: 400, Msg: "第一个单位是基本单位，换算比例必须为 1", Field: "units[0].rate"},
		{Name: "add: rate 1 for another unit, en", As: admin, Lang: "en", Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "千克", 1)), Status: 400, Msg: `The rate of unit "千克" must be greater than 1`, Field: "units[1].rate"},
		{Name: "add: negative rate", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "千克", -1000)), Status: 400, Field: "units[1].rate"},
		{Name: "add: too many decimals", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "千克", "1.0000001")), Status: 400, Msg: "换算比例最多 6 位小数", Field: "units[1].rate"},
		{Name: "add: six decimals", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "盎司", "28.349523")), Status: 200, BodyHas: `"rate":28.349523`},
		{Name: "add: too large rate", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "吨", "1000000000001")), Status: 400, Field: "units[1].rate"},
		{Name: "add: rate not a number", As: admin, Method: "POST", Path: "/api/unitType/add", Body: `{"name":"x","units":[{"name":"a","rate":"many"}]}`, Status: 400},
		{Name: "add: same unit twice", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, "克", 10)), Status: 400, Field: "units[1].name"},
		{Name: "add: missing unit name", As: admin, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1), u(0, " ", 10)), Status: 400, Field: "units[1].name"},
		{Name: "add: duplicate group name", As: admin, Method: "POST", Path: "/api/unitType/add", Body: map[string]any{"name": "瓶箱", "units": []any{u(0, "a", 1)}}, Status: 409, Msg: "单位组名称“瓶箱”已存在", Field: "name"},
		{Name: "add: unit of another group", As: admin, Method: "POST", Path: "/api/unitType/add", Body: map[string]any{"name": "偷", "units": []any{u(bottle.ID, "瓶", 1)}}, Status: 400, Field: "units[0].id"},
		{Name: "add: no permission", As: reader, Method: "POST", Path: "/api/unitType/add", Body: newGroup(u(0, "克", 1)), Status: 403},
		{Name: "get", As: reader, Method: "GET", Path: fmt.Sprintf("/api/unitType/get_update?id=%d", box.ID), Status: 200, BodyHas: `"name":"提"`},
		{Name: "get: unknown", As: reader, Method: "GET", Path: "/api/unitType/get_update?id=999999", Status: 404, Msg: "单位组不存在或已被删除"},
		{Name: "update: remove a used unit", As: admin, Method: "POST", Path: "/api/unitType/update", Body: grp(u(bottle.ID, "瓶", 1), u(pack.ID, "提", 6)), Status: 409, Msg: "单位“箱”已被商品“SP001”使用，不能从单位组中删除"},
		{Name: "update: re-rate a used unit", As: admin, Method: "POST", Path: "/api/unitType/update", Body: grp(u(bottle.ID, "瓶", 1), u(pack.ID, "提", 6), u(crate.ID, "箱", 20)), Status: 409, Msg: "单位“箱”已被商品“SP001”使用，不能修改换算比例或基本单位", Field: "units[2].rate"},
		{Name: "update: change the used base", As: admin, Method: "POST", Path: "/api/unitType/update", Body: grp(u(pack.ID, "提", 1), u(bottle.ID, "瓶", 6), u(crate.ID, "箱", 24)), Status: 409, Field: "units[1].rate"},
		{Name: "update: a unit of another group", As: admin, Method: "POST", Path: "/api/unitType/update", Body: grp(u(bottle.ID, "瓶", 1), u(crate.ID, "箱", 24), u(999999, "x", 2)), Status: 400, Msg: "单位 999999 不属于该单位组", Field: "units[2].id"},
		{Name: "update: unknown group", As: admin, Method: "POST", Path: "/api/unitType/update", Body: map[string]any{"id": 999999, "name": "x", "units": []any{u(0, "a", 1)}}, Status: 404},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/unitType/update", Body: grp(u(bottle.ID, "瓶", 1)), Status: 403},
		{Name: "update: remove the unused pack, re-rate nothing used, add a carton, rename", As: admin, Method: "POST", Path: "/api/unitType/update",
			Body: map[string]any{"id": box.ID, "name": "瓶/箱", "units": []any{u(bottle.ID, "瓶", 1), u(crate.ID, "箱", 24), u(0, "托", 960)}}, Status: 200, BodyHas: `"name":"托"`},
		{Name: "delete: used by goods", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/unitType/delete?id=%d", box.ID), Status: 200, BodyHas: `单位组已被商品“SP001”使用，不能删除`},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: fmt.Sprintf("/api/unitType/delete?id=%d", box.ID), Status: 403},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/unitType/list?sidx=rate", Status: 400, Field: "sidx"},
	})
	var g groupRow
	admin.Do("GET", fmt.Sprintf("/api/unitType/get_update?id=%d", box.ID), nil).Want(200).Decode(&g)
	if g.Name != "瓶/箱" || units(g) != "瓶×1 箱×24 托×960" || e.Count("SELECT COUNT(*) FROM units WHERE id = ?", pack.ID) != 0 {
		t.Fatalf("after update %s %s", g.Name, units(g))
	}
	// Two units may swap names in one save.
	admin.Do("POST", "/api/unitType/update", map[string]any{"id": box.ID, "name": "瓶/箱", "units": []any{u(bottle.ID, "瓶", 1), u(crate.ID, "托", 24), u(g.Units[2].ID, "箱", 960)}}).Want(200)
	var l apptest.List[groupRow]
	admin.Do("GET", "/api/unitType/list?matchCon=盎司", nil).Want(200).Decode(&l)
	if l.Records != 1 || l.Rows[0].Name != "新组" || len(l.Rows[0].Units) != 2 {
		t.Fatalf("search %+v", l)
	}
	admin.Do("GET", "/api/unitType/list?sidx=name&sord=desc&rows=1&page=2", nil).Want(200).Decode(&l)
	if l.Records != 2 || l.Total != 2 || l.Rows[0].Name != "新组" {
		t.Fatalf("sorted page %+v", l)
	}
	// Without goods, the group and its units go together.
	e.Exec("DELETE FROM goods_units")
	e.Exec("DELETE FROM goods")
	var res []apptest.Batch
	admin.Do("DELETE", fmt.Sprintf("/api/unitType/delete?id=%d,999999", box.ID), nil).Want(200).Decode(&res)
	if !res[0].OK || res[1].OK || e.Count("SELECT COUNT(*) FROM units WHERE unit_type_id = ?", box.ID) != 0 {
		t.Fatalf("delete %+v", res)
	}
}
