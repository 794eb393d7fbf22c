package goods_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/usage"
)

// The whole life of a goods item with a unit group and SKUs: create, read
// back, update, search by every kind of code, scan, disable, delete.
func TestGoodsLife(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	created := add(t, admin, map[string]any{
		"number": "SP0001", "name": "可口可乐", "spec": "330ml", "barCode": "6901000000011", "categoryId": w.cola,
		"unitTypeId": w.bottleBox, "unitId": w.bottle, "purPrice": 2.1, "salePrice": "3.5", "wholesalePrice": 3.2, "vipPrice": 3,
		"discountRate1": 90, "discountRate2": 80, "locationId": w.main, "skuTypeIds": []int64{w.colour, w.size},
		"units":    []map[string]any{{"unitId": w.box, "barCode": "6901000000028", "purPrice": 48, "salePrice": 80, "wholesalePrice": 75, "vipPrice": 72}},
		"skus":     []map[string]any{{"assistIds": []int64{w.small, w.red}, "barCode": "6901000000035"}},
		"warnings": []map[string]any{{"locationId": w.main, "lowQty": 10, "highQty": 500}},
		"openings": []map[string]any{{"locationId": w.main, "qty": 3, "unitCost": 2.33}},
		"search":   "server owned", "id": 999,
	})
	g := get(t, admin, created.ID)
	if g.Number != "SP0001" || g.CategoryName != "碳酸饮料" || g.UnitName != "瓶" || g.LocationName != "主仓" || g.SalePrice.String() != "3.5" {
		t.Fatalf("read back %+v", g)
	}
	// Units: base first (the goods' own prices and code), then the group's
	// other units by rate; a unit without its own prices gets base × rate.
	if len(g.Units) != 3 || g.Units[0].UnitID != w.bottle || g.Units[0].IsBase != 1 || g.Units[0].BarCode != "6901000000011" ||
		g.Units[1].UnitName != "箱" || g.Units[1].SalePrice.String() != "80" || g.Units[1].BarCode != "6901000000028" ||
		g.Units[2].UnitName != "托" || g.Units[2].SalePrice.String() != "1680" {
		t.Fatalf("units %+v", g.Units)
	}
	if len(g.Skus) != 1 || g.Skus[0].SkuName != "红/S" || g.Skus[0].SkuAssistID != fmt.Sprintf("%d,%d", w.red, w.small) {
		t.Fatalf("skus %+v", g.Skus)
	}
	if len(g.Warnings) != 1 || g.Warnings[0].LowQty.String() != "10" || len(g.Openings) != 1 || g.Openings[0].Amount.String() != "6.99" {
		t.Fatalf("warnings %+v openings %+v", g.Warnings, g.Openings)
	}
	// The opening stock is an opening move of the stock engine, and a balance.
	if n := e.Count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'opening' AND goods_id = ? AND qty = 3000000 AND amount = 6990000", g.ID); n != 1 {
		t.Fatalf("%d opening moves", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_balances WHERE goods_id = ? AND qty = 3000000 AND amount = 6990000", g.ID); n != 1 {
		t.Fatalf("%d opening balances", n)
	}
	if !slices.Equal(g.SkuTypeIDs, []int64{w.colour, w.size}) || g.ID == 999 {
		t.Fatalf("sku types %v id %d", g.SkuTypeIDs, g.ID)
	}
	if s := e.Text("SELECT search FROM goods WHERE id = ?", g.ID); strings.Contains(s, "server owned") || !strings.Contains(s, "kkkl") {
		t.Fatalf("search text %q", s)
	}

	// Update: a new SKU is added, the first keeps, the box gets a new code.
	body := map[string]any{
		"id": g.ID, "number": "SP0001", "name": "可口可乐 零度", "spec": "330ml", "barCode": "6901000000011", "categoryId": w.drinks,
		"unitTypeId": w.bottleBox, "unitId": w.bottle, "purPrice": 2.1, "salePrice": 3.6, "skuTypeIds": []int64{w.colour, w.size},
		"units": []map[string]any{{"unitId": w.box, "barCode": "6901000000042", "salePrice": 82}},
		"skus":  []map[string]any{{"assistIds": []int64{w.blue, w.mid}, "barCode": "6901000000059"}},
	}
	var up goodsRow
	admin.Do("POST", "/api/inventory/update", body).Want(200).Decode(&up)
	if up.Name != "可口可乐 零度" || len(up.Skus) != 2 || up.Skus[1].SkuName != "蓝/M" || up.Units[1].BarCode != "6901000000042" ||
		up.SalePrice.String() != "3.6" || len(up.Warnings) != 1 {
		t.Fatalf("updated %+v", up)
	}
	if n := e.Count("SELECT COUNT(*) FROM barcodes WHERE goods_id = ?", g.ID); n != 4 {
		t.Fatalf("%d barcodes, want 4", n)
	}
	other := add(t, admin, w.body("SP0002", "name", "雪碧", "barCode", "6902000000010"))

	for _, q := range []string{"SP0001", "零度", "kkkl", "KEKOU", "6901000000011", "6901000000042", "6901000000059"} {
		l := list(t, admin, "matchCon="+url.QueryEscape(q))
		if l.Records != 1 || l.Rows[0].ID != g.ID {
			t.Errorf("search %q: %+v", q, numbers(l.Rows))
		}
	}
	// The box's old code was dropped from the search text and the index.
	if l := list(t, admin, "matchCon=6901000000028"); l.Records != 0 {
		t.Errorf("old box code still found")
	}
	if l := list(t, admin, "matchCon=xb"); l.Records != 1 || l.Rows[0].ID != other.ID {
		t.Errorf("pinyin of 雪碧: %+v", numbers(l.Rows))
	}
	if l := list(t, admin, fmt.Sprintf("categoryId=%d", w.drinks)); l.Records != 1 {
		t.Errorf("category subtree: %d", l.Records)
	}

	scan := func(code string) map[string]any {
		var m map[string]any
		admin.Do("GET", "/api/inventory/getBarCode?barCode="+code, nil).Want(200).Decode(&m)
		return m
	}
	if m := scan("6901000000011"); m["unitName"] != "瓶" || m["skuId"] != float64(0) || m["salePrice"] != 3.6 {
		t.Errorf("goods code: %v", m)
	}
	if m := scan("6901000000042"); m["unitName"] != "箱" || m["rate"] != float64(24) || m["salePrice"] != float64(82) {
		t.Errorf("unit code: %v", m)
	}
	if m := scan("6901000000059"); m["skuName"] != "蓝/M" || m["unitId"] != float64(w.bottle) {
		t.Errorf("sku code: %v", m)
	}

	var skus apptest.List[struct {
		ID      int64  `json:"id"`
		InvID   int64  `json:"invId"`
		SkuName string `json:"skuName"`
	}]
	admin.Do("GET", fmt.Sprintf("/api/assistSku/list?invId=%d", g.ID), nil).Want(200).Decode(&skus)
	if skus.Records != 2 || skus.Rows[0].InvID != g.ID {
		t.Fatalf("assistSku list %+v", skus)
	}
	// The client's preload asks without invId: every SKU, page by page.
	var all apptest.List[struct {
		ID    int64 `json:"id"`
		InvID int64 `json:"invId"`
	}]
	admin.Do("GET", "/api/assistSku/list?status=1&page=1&rows=1", nil).Want(200).Decode(&all)
	if all.Records != 2 || all.Total != 2 || len(all.Rows) != 1 || all.Rows[0].InvID != g.ID {
		t.Fatalf("assistSku preload %+v", all)
	}
	admin.Do("GET", "/api/assistSku/list?invId=x", nil).Want(400)
	skuUser := e.UserWith("settings:inventory:sku")
	var added struct {
		ID      int64  `json:"id"`
		SkuName string `json:"skuName"`
	}
	skuUser.Do("POST", "/api/assistSku/add", map[string]any{"invId": g.ID, "assistIds": []int64{w.red, w.mid}, "barCode": "6901000000066"}).Want(200).Decode(&added)
	if added.SkuName != "红/M" {
		t.Fatalf("added sku %+v", added)
	}
	if l := list(t, admin, "matchCon=6901000000066"); l.Records != 1 {
		t.Errorf("new SKU code not searchable")
	}

	// Documents register their references; a used SKU or goods
	// item cannot be deleted.
	e.Exec("CREATE TABLE test_lines (id BIGINT PRIMARY KEY, bill_no TEXT NOT NULL, goods_id BIGINT, sku_id BIGINT)")
	e.App.Usage.Add(usage.Goods, usage.Ref{Table: "test_lines", Column: "goods_id", What: "goods.entity", Name: "bill_no"})
	e.App.Usage.Add(usage.SKU, usage.Ref{Table: "test_lines", Column: "sku_id", What: "goods.entity", Name: "bill_no"})
	e.Exec("INSERT INTO test_lines (id, bill_no, sku_id) VALUES (1, 'XS-001', ?)", added.ID)
	first := up.Skus[0].ID
	del := func(c *apptest.Client, path string) []apptest.Batch {
		var b []apptest.Batch
		c.Do("DELETE", path, nil).Want(200).Decode(&b)
		return b
	}
	if b := del(skuUser, fmt.Sprintf("/api/assistSku/delete?id=%d", added.ID)); b[0].OK || !strings.Contains(b[0].Msg, "XS-001") {
		t.Fatalf("used sku deleted: %+v", b)
	}
	skuUser.Do("POST", fmt.Sprintf("/api/inventory/deleteSku?invId=%d&skuId=%d", g.ID, first), nil).Want(200)
	if l := list(t, admin, "matchCon=6901000000035"); l.Records != 0 {
		t.Errorf("deleted SKU's code still found")
	}
	if b := del(admin, fmt.Sprintf("/api/inventory/delete?id=%d", g.ID)); b[0].OK || !strings.Contains(b[0].Msg, "XS-001") {
		t.Fatalf("goods with a used SKU deleted: %+v", b)
	}

	apptest.Run(t, []apptest.Step{
		{Name: "disable", As: admin, Method: "POST", Path: fmt.Sprintf("/api/inventory/disable?id=%d&disable=1", other.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "disable: unknown id reported", As: admin, Method: "POST", Path: "/api/inventory/disable?id=999999", Status: 200, BodyHas: `"ok":false`},
		{Name: "disable: bad flag", As: admin, Method: "POST", Path: fmt.Sprintf("/api/inventory/disable?id=%d&disable=2", other.ID), Status: 400, Field: "disable"},
		{Name: "disable: no permission", As: skuUser, Method: "POST", Path: fmt.Sprintf("/api/inventory/disable?id=%d", other.ID), Status: 403},
		{Name: "picker list leaves disabled goods out", As: admin, Method: "GET", Path: "/api/inventory/list?disable=0", Status: 200, BodyHas: `"records":1`},
		{Name: "preload lists all", As: admin, Method: "GET", Path: "/api/inventory/list?isDelete=2&disable=1&page=1&rows=5000", Status: 200, BodyHas: `"records":2`},
		{Name: "getBarCode: unknown", As: admin, Method: "GET", Path: "/api/inventory/getBarCode?barCode=nothing", Status: 404},
		{Name: "getBarCode: no permission", As: skuUser, Method: "GET", Path: "/api/inventory/getBarCode?barCode=6902000000010", Status: 403},
		{Name: "get_update: unknown", As: admin, Method: "GET", Path: "/api/inventory/get_update?id=999999", Status: 404, Msg: "商品不存在或已被删除"},
		{Name: "nextNumber", As: admin, Method: "GET", Path: "/api/inventory/nextNumber", Status: 200, BodyHas: `"number":"SP0003"`},
	})

	e.Exec("DELETE FROM test_lines")
	if b := del(admin, fmt.Sprintf("/api/inventory/delete?id=%d,%d", g.ID, other.ID)); !b[0].OK || !b[1].OK {
		t.Fatalf("delete: %+v", b)
	}
	if n := e.Count("SELECT COUNT(*) FROM barcodes") + e.Count("SELECT COUNT(*) FROM goods_skus") + e.Count("SELECT COUNT(*) FROM goods"); n != 0 {
		t.Fatalf("%d rows left after delete", n)
	}
}

// Every kind of bad input is refused with the field named, and nothing is
// written.
func TestGoodsBadInput(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	add(t, admin, w.body("SP0001", "barCode", "111"))
	grouped := func(kv ...any) map[string]any {
		return w.body("SP0009", append([]any{"unitTypeId", w.bottleBox, "unitId", w.bottle, "skuTypeIds", []int64{w.colour, w.size}}, kv...)...)
	}
	reader := e.UserWith("settings:inventory:query")
	steps := []apptest.Step{
		{Name: "empty name", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "name", " "), Status: 400, Msg: "商品名称不能为空", Field: "name"},
		{Name: "empty number, en", As: admin, Lang: "en", Method: "POST", Path: "/api/inventory/add", Body: w.body(""), Status: 400, Msg: "Goods number is required", Field: "number"},
		{Name: "no unit", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "unitId", 0), Status: 400, Field: "unitId"},
		{Name: "oversize name", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "name", strings.Repeat("名", 101)), Status: 400, Field: "name"},
		{Name: "oversize number", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body(strings.Repeat("S", 33)), Status: 400, Field: "number"},
		{Name: "oversize barcode", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "barCode", strings.Repeat("1", 65)), Status: 400, Field: "barCode"},
		{Name: "negative price", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "salePrice", -1), Status: 400, Msg: "零售价不能为负数", Field: "salePrice"},
		{Name: "negative purchase price", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "purPrice", "-0.01"), Status: 400, Msg: "预计采购价不能为负数", Field: "purPrice"},
		{Name: "negative purchase price of a unit, en", As: admin, Lang: "en", Method: "POST", Path: "/api/inventory/add", Body: grouped("units", []map[string]any{{"unitId": w.box, "purPrice": -1}}), Status: 400, MsgHas: "negative", Field: "units[0].purPrice"},
		{Name: "update: negative purchase price", As: admin, Method: "POST", Path: "/api/inventory/update", Body: w.body("SP0001", "id", 1, "purPrice", -1), Status: 400, Field: "purPrice"},
		{Name: "too many decimals", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "purPrice", "1.123456789"), Status: 400, Field: "purPrice"},
		{Name: "price not a number", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "purPrice", "abc"), Status: 400, Field: "purPrice"},
		{Name: "discount over 100", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "discountRate1", 101), Status: 400, Field: "discountRate1"},
		{Name: "safe days out of range", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "safeDays", 40000), Status: 400, Field: "safeDays"},
		{Name: "duplicate number", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0001"), Status: 409, Msg: "商品编号“SP0001”已存在", Field: "number"},
		{Name: "duplicate barcode names the owner", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "barCode", "111"), Status: 409, MsgHas: "SP0001", Field: "barCode"},
		{Name: "duplicate barcode of a unit", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("units", []map[string]any{{"unitId": w.box, "barCode": "111"}}), Status: 409, MsgHas: "SP0001", Field: "units[0].barCode"},
		{Name: "same barcode twice in one goods", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("barCode", "222", "units", []map[string]any{{"unitId": w.box, "barCode": "222"}}), Status: 400, Msg: "条码“222”在本商品中重复", Field: "units[0].barCode"},
		{Name: "unknown category", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "categoryId", 999999), Status: 400, Msg: "商品类别不存在或已被删除", Field: "categoryId"},
		{Name: "category of another type", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "categoryId", w.custCat), Status: 400, Field: "categoryId"},
		{Name: "unknown unit", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "unitId", 999999), Status: 400, Field: "unitId"},
		{Name: "unknown warehouse", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "locationId", 999999), Status: 400, Field: "locationId"},
		{Name: "unknown warehouse of a warning", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "warnings", []map[string]any{{"locationId": 999999}}), Status: 400, Field: "warnings[0].locationId"},
		{Name: "low above high", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "warnings", []map[string]any{{"locationId": w.main, "lowQty": 5, "highQty": 1}}), Status: 400, Field: "warnings[0].highQty"},
		{Name: "opening with too many decimals", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "openings", []map[string]any{{"locationId": w.main, "qty": "1.1234567", "unitCost": 1}}), Status: 400, Field: "openings[0].qty"},
		{Name: "unit of another group", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("units", []map[string]any{{"unitId": w.pack}}), Status: 400, Msg: "单位“盒”不属于单位组“瓶箱”", Field: "units[0].unitId"},
		{Name: "base unit not the group's", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("unitId", w.piece), Status: 400, Field: "unitId"},
		{Name: "non-base unit as base", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("unitId", w.box), Status: 400, Msg: "计量单位必须是单位组“瓶箱”的基本单位", Field: "unitId"},
		{Name: "group unit without the group", As: admin, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009", "unitId", w.box), Status: 400, Field: "unitId"},
		{Name: "SKU with a missing group value", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("skus", []map[string]any{{"assistIds": []int64{w.red}}}), Status: 400, Msg: "SKU 缺少“尺码”的属性值", Field: "skus[0].assistIds"},
		{Name: "SKU with two values of a group", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("skus", []map[string]any{{"assistIds": []int64{w.red, w.blue, w.small}}}), Status: 400, Field: "skus[0].assistIds"},
		{Name: "SKU twice", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("skus", []map[string]any{{"assistIds": []int64{w.red, w.small}}, {"assistIds": []int64{w.small, w.red}}}), Status: 400, Field: "skus[1].assistIds"},
		{Name: "SKU group that is a category type", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("skuTypeIds", []int64{e.ID("SELECT id FROM assist_types WHERE number = 'trade'")}), Status: 400, Field: "skuTypeIds[0]"},
		{Name: "serial numbers with SKUs", As: admin, Method: "POST", Path: "/api/inventory/add", Body: grouped("isSerNum", 1), Status: 400, Field: "isSerNum"},
		{Name: "no permission", As: reader, Method: "POST", Path: "/api/inventory/add", Body: w.body("SP0009"), Status: 403},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/inventory/update", Body: w.body("SP0009", "id", 999999), Status: 404},
		{Name: "update: no id", As: admin, Method: "POST", Path: "/api/inventory/update", Body: w.body("SP0009"), Status: 400, Field: "id"},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/inventory/update", Body: w.body("SP0001", "id", 1), Status: 403},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/inventory/delete?id=1", Status: 403},
		{Name: "list: bad sort field", As: admin, Method: "GET", Path: "/api/inventory/list?sidx=search", Status: 400, Field: "sidx"},
		{Name: "list: too many rows", As: admin, Method: "GET", Path: "/api/inventory/list?rows=10001", Status: 400, Field: "rows"},
		{Name: "sku add: missing group value", As: admin, Method: "POST", Path: "/api/assistSku/add", Body: map[string]any{"invId": 999999, "assistIds": []int64{w.red}}, Status: 404},
		{Name: "sku add: no permission", As: reader, Method: "POST", Path: "/api/assistSku/add", Body: map[string]any{"invId": 1}, Status: 403},
	}
	apptest.Run(t, steps)
	if n := e.Count("SELECT COUNT(*) FROM goods"); n != 1 {
		t.Fatalf("%d goods after bad input, want 1", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM barcodes"); n != 1 {
		t.Fatalf("%d barcodes after bad input, want 1", n)
	}
}

// A customer's level decides the proposed price of every unit; a supplier
// gets the purchase price.
func TestListBySelected(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	g := add(t, admin, map[string]any{"number": "SP0001", "name": "可乐", "unitTypeId": w.bottleBox, "unitId": w.bottle,
		"purPrice": 2, "salePrice": 3.35, "wholesalePrice": 3, "vipPrice": 2.8, "discountRate1": 90, "discountRate2": 75,
		"units": []map[string]any{{"unitId": w.box, "purPrice": 45, "salePrice": 80, "wholesalePrice": 70, "vipPrice": 66}}})
	single := add(t, admin, w.body("SP0002"))
	type sel struct {
		InvID      int64    `json:"invId"`
		UnitID     int64    `json:"unitId"`
		LevelPrice float64  `json:"levelPrice"`
		LastPrice  *float64 `json:"lastPrice"`
		Units      []struct {
			UnitID     int64   `json:"unitId"`
			LevelPrice float64 `json:"levelPrice"`
		} `json:"units"`
	}
	for _, c := range []struct {
		name       string
		bu         int64
		base, box  float64
		singlePric float64
	}{
		{"retail", w.retail, 3.35, 80, 10}, {"wholesale", w.whole, 3, 70, 0}, {"vip", w.vip, 2.8, 66, 0},
		{"discount 1", w.d1, 3.02, 72, 10}, {"discount 2", w.d2, 2.51, 60, 10}, {"supplier", w.supplier, 2, 45, 6},
	} {
		t.Run(c.name, func(t *testing.T) {
			var out []sel
			admin.Do("GET", fmt.Sprintf("/api/inventory/listBySelected?ids=%d,%d&buId=%d", single.ID, g.ID, c.bu), nil).Want(200).Decode(&out)
			if len(out) != 2 || out[0].InvID != single.ID || out[1].InvID != g.ID || out[1].LastPrice != nil {
				t.Fatalf("answer %+v", out)
			}
			if out[1].LevelPrice != c.base || out[1].UnitID != w.bottle || len(out[1].Units) != 3 || out[1].Units[1].LevelPrice != c.box {
				t.Fatalf("prices %+v, want %v and %v", out[1], c.base, c.box)
			}
			if c.singlePric != 0 && out[0].LevelPrice != c.singlePric {
				t.Fatalf("single unit goods %+v, want %v", out[0], c.singlePric)
			}
		})
	}
	admin.Do("GET", fmt.Sprintf("/api/inventory/listBySelected?ids=%d&buId=999999", g.ID), nil).Want(400)
}

// Pages and sort orders of the list.
func TestGoodsPagingAndSorting(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	for i := 1; i <= 25; i++ {
		add(t, admin, w.body(fmt.Sprintf("SP%04d", i), "name", fmt.Sprintf("商品%02d", 26-i), "salePrice", i, "categoryId", w.drinks))
	}
	l := list(t, admin, "page=2&rows=10")
	if l.Records != 25 || l.Total != 3 || l.Page != 2 || len(l.Rows) != 10 || l.Rows[0].Number != "SP0011" {
		t.Fatalf("page 2: %d %d %v", l.Records, l.Total, numbers(l.Rows))
	}
	if l := list(t, admin, "page=3&rows=10"); len(l.Rows) != 5 || l.Rows[4].Number != "SP0025" {
		t.Fatalf("page 3: %v", numbers(l.Rows))
	}
	if l := list(t, admin, "page=9&rows=10"); len(l.Rows) != 0 || l.Records != 25 {
		t.Fatalf("past the end: %v", numbers(l.Rows))
	}
	if l := list(t, admin, "sidx=name&sord=asc&rows=3"); !slices.Equal(numbers(l.Rows), []string{"SP0025", "SP0024", "SP0023"}) {
		t.Fatalf("by name: %v", numbers(l.Rows))
	}
	if l := list(t, admin, "sidx=salePrice&sord=desc&rows=2"); !slices.Equal(numbers(l.Rows), []string{"SP0025", "SP0024"}) {
		t.Fatalf("by price desc: %v", numbers(l.Rows))
	}
	if l := list(t, admin, "sidx=categoryName&rows=1"); l.Rows[0].CategoryName != "饮料" {
		t.Fatalf("by category: %+v", l.Rows[0])
	}
}
