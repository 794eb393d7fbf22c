package opening_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

// TestOpeningSerialsAndBatches: goods managed by serial number or batch
// take their serials and batches in the opening stock, validated like a
// purchase line; they are then in stock for a sale to pick, and a serial a
// document moved cannot leave the opening stock.
func TestOpeningSerialsAndBatches(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	a := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	a.Do("POST", "/api/config/system", map[string]any{"ISSERNUM": 1, "ISWARRANTY": 1}).Want(200)
	phone := e.Insert("INSERT INTO goods (number, name, unit_id, is_ser_num, created_at, updated_at) VALUES ('SP008', '手机', ?, 1, ?, ?) RETURNING id", b.Unit, now, now)
	milk := e.Insert("INSERT INTO goods (number, name, unit_id, is_warranty, safe_days, created_at, updated_at) VALUES ('SP009', '牛奶', ?, 1, 30, ?, ?) RETURNING id", b.Unit, now, now)
	branch := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK002', '分仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), branch)
	sers := func(list ...string) []map[string]string {
		out := []map[string]string{}
		for _, s := range list {
			out = append(out, map[string]string{"serNum": s})
		}
		return out
	}
	phones := func(qty any, list ...string) map[string]any {
		return map[string]any{"invId": phone, "locationId": b.Location, "qty": qty, "unitCost": "100", "serNumList": sers(list...)}
	}
	milkLine := func(batch, prod, valid string, qty any) map[string]any {
		return map[string]any{"invId": milk, "locationId": b.Location, "qty": qty, "unitCost": "3", "batch": batch, "prodDate": prod, "validDate": valid}
	}
	const s = "/api/opening/stock"
	apptest.Run(t, []apptest.Step{
		{Name: "fewer serials than units", As: a, Method: "POST", Path: s, Body: phones(2, "S1"), Status: 400, Field: "serNumList", Msg: "商品“手机”期初数量为 2，须填写 2 个序列号（现有 1 个）"},
		{Name: "fewer serials, en", As: a, Lang: "en", Method: "POST", Path: s, Body: phones(2, "S1"), Status: 400, Field: "serNumList", Msg: `The opening quantity of "手机" is 2: enter 2 serial numbers (1 given)`},
		{Name: "half a unit", As: a, Method: "POST", Path: s, Body: phones("1.5", "S1"), Status: 400, Field: "qty"},
		{Name: "a serial twice", As: a, Method: "POST", Path: s, Body: phones(2, "S1", " S1 "), Status: 400, Field: "serNumList[1].serNum", Msg: "序列号 S1 与第 1 个重复"},
		{Name: "an empty serial", As: a, Method: "POST", Path: s, Body: phones(1, " "), Status: 400, Field: "serNumList[0].serNum"},
		{Name: "a NUL in a serial", As: a, Method: "POST", Path: s, Body: phones(1, "S\x001"), Status: 400, Field: "serNumList[0].serNum"},
		{Name: "a serial too long", As: a, Method: "POST", Path: s, Body: phones(1, strings.Repeat("9", 65)), Status: 400, Field: "serNumList[0].serNum"},
		{Name: "serials on plain goods", As: a, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": 1, "unitCost": 1, "serNumList": sers("S1")},
			Status: 400, Field: "serNumList"},
		{Name: "a batch on plain goods", As: a, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": 1, "unitCost": 1, "batch": "L1"},
			Status: 400, Field: "batch", Msg: "商品“可乐”未启用批次管理，不能填写批次"},
		{Name: "no batch", As: a, Method: "POST", Path: s, Body: milkLine("", "", "", 5), Status: 400, Field: "batch", Msg: "商品“牛奶”按批次管理，请填写批次"},
		{Name: "expiry before production", As: a, Method: "POST", Path: s, Body: milkLine("L1", "2025-01-10", "2025-01-09", 5), Status: 400, Field: "validDate"},
		{Name: "not a date", As: a, Method: "POST", Path: s, Body: milkLine("L1", "2025-02-30", "", 5), Status: 400, Field: "prodDate"},
		{Name: "markup batch too long", As: a, Method: "POST", Path: s, Body: milkLine("<b>"+strings.Repeat("x", 64)+"</b>", "", "", 5), Status: 400, Field: "batch"},
		{Name: "two phones", As: a, Method: "POST", Path: s, Body: phones(2, "S1", "S2"), Status: 200},
		{Name: "batch L1 (expiry from the shelf life)", As: a, Method: "POST", Path: s, Body: milkLine("L1", "2025-01-01", "", 5), Status: 200},
		{Name: "batch L2", As: a, Method: "POST", Path: s, Body: milkLine("L2", "2025-01-05", "2025-03-01", 3), Status: 200},
	})
	if n := e.Count("SELECT COUNT(*) FROM serials WHERE goods_id = ? AND in_stock = 1 AND location_id = ?", phone, b.Location); n != 2 {
		t.Fatalf("serials in stock: %d", n)
	}
	var page struct {
		Rows []struct {
			Batch, ValidDate string
			Qty              any
			SerNumList       []struct{ SerNum string }
		}
	}
	a.Do("GET", "/api/opening/stock?page=1&rows=20&sidx=invNumber", nil).Want(200).Decode(&page)
	if len(page.Rows) != 3 || len(page.Rows[0].SerNumList) != 2 || page.Rows[0].SerNumList[1].SerNum != "S2" ||
		page.Rows[1].Batch != "L1" || page.Rows[1].ValidDate != "2025-01-31" || page.Rows[2].Batch != "L2" {
		t.Fatalf("opening lines %+v", page.Rows)
	}
	// The pickers offer them; a sale takes a phone and milk of L1.
	var serials []struct{ SerNum string }
	a.Do("GET", fmt.Sprintf("/api/serNum/list?invId=%d&locationId=%d", phone, b.Location), nil).Want(200).Decode(&serials)
	if len(serials) != 2 {
		t.Fatalf("serial picker %+v", serials)
	}
	var batches []struct{ Batch, ProdDate, ValidDate string }
	a.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d", milk), nil).Want(200).Decode(&batches)
	if len(batches) != 2 || batches[0].Batch != "L1" || batches[0].ProdDate != "2025-01-01" || batches[0].ValidDate != "2025-01-31" {
		t.Fatalf("batch picker %+v", batches)
	}
	var sale struct{ ID int64 }
	a.Do("POST", "/api/sales/add?check=1", map[string]any{"date": "2025-02-01", "buId": b.Customer, "locationId": b.Location, "entries": []map[string]any{
		{"invId": phone, "unitId": b.Unit, "qty": 1, "price": 200, "locationId": b.Location, "serNumList": sers("S1")},
		{"invId": milk, "unitId": b.Unit, "qty": 2, "price": 5, "locationId": b.Location, "batch": "L1"}}}).Want(200).Decode(&sale)
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM stock_balances WHERE goods_id = ? AND batch = 'L1'", milk); q != "3000000" {
		t.Fatalf("L1 after the sale: %s", q)
	}
	// A receipt of a serial in opening stock is refused, as of any serial in stock.
	bought := map[string]any{"date": "2025-02-02", "buId": b.Supplier, "locationId": b.Location, "entries": []map[string]any{
		{"invId": phone, "unitId": b.Unit, "qty": 1, "price": 90, "locationId": b.Location, "serNumList": sers("S2")}}}
	a.Do("POST", "/api/purchase/add?check=1", bought).Want(400)
	bought["entries"].([]map[string]any)[0]["serNumList"] = sers("S9")
	a.Do("POST", "/api/purchase/add?check=1", bought).Want(200)

	apptest.Run(t, []apptest.Step{
		{Name: "drop the sold serial", As: a, Method: "POST", Path: s, Body: phones(2, "S2", "S3"), Status: 400, Field: "serNumList", MsgHas: "序列号 S1 已被单据"},
		{Name: "a serial a receipt brought", As: a, Method: "POST", Path: s, Body: phones(3, "S1", "S2", "S9"), Status: 400, Field: "serNumList[2].serNum", MsgHas: "S9 已存在"},
		{Name: "remove the sold phones' line", As: a, Method: "POST", Path: s, Body: phones(0), Status: 400, Field: "serNumList"},
		{Name: "a third phone", As: a, Method: "POST", Path: s, Body: phones(3, "S1", "S2", "S3"), Status: 200},
		{Name: "and without it again", As: a, Method: "POST", Path: s, Body: phones(2, "S1", "S2"), Status: 200},
	})
	if n := e.Count("SELECT COUNT(*) FROM serials WHERE goods_id = ? AND serial = 'S3'", phone); n != 0 {
		t.Fatalf("S3 left behind")
	}
	if got := e.Text("SELECT serial FROM serials WHERE goods_id = ? AND in_stock = 0", phone); got != "S1" {
		t.Fatalf("sold: %s", got)
	}
	// Un-auditing the sale brings S1 back into the opening stock's warehouse.
	a.Do("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", sale.ID), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM serials WHERE goods_id = ? AND serial = 'S1' AND in_stock = 1 AND location_id = ? AND last_kind = 'opening'", phone, b.Location); n != 1 {
		t.Fatalf("S1 after the un-audit: %s", e.Text("SELECT last_kind || ' ' || CAST(in_stock AS TEXT) FROM serials WHERE serial = 'S1'"))
	}

	// Excel: the template carries batches, dates and serials; an import adds
	// two phones with their serials into the branch.
	tpl := a.Do("GET", "/api/opening/template?kind=stock", nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(tpl.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows(x.GetSheetList()[0])
	if len(rows) != 4 || !strings.Contains(strings.Join(rows[0], "|"), "批次") || rows[1][len(rows[1])-1] != "S1, S2" {
		t.Fatalf("template %v", rows)
	}
	file := xlsx(t, []string{"商品编号", "仓库", "期初数量", "单位成本", "批次", "生产日期", "序列号（逗号分隔）"},
		[][]string{{"SP008", "分仓", "2", "100", "", "", "S7，S8"}, {"SP009", "分仓", "4", "3", "L3", "2025-01-02", ""}})
	var res struct{ InvalidCount, ImportedCount int }
	a.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", file).Want(200).Decode(&res)
	if res.InvalidCount != 0 || res.ImportedCount != 2 {
		t.Fatalf("import %+v", res)
	}
	if n := e.Count("SELECT COUNT(*) FROM serials WHERE goods_id = ? AND in_stock = 1 AND location_id = ? AND serial IN ('S7', 'S8')", phone, branch); n != 2 {
		t.Fatalf("imported serials in stock: %d", n)
	}
	if v := e.Text("SELECT valid_date FROM goods_openings WHERE goods_id = ? AND batch = 'L3'", milk); v != "2025-02-01" {
		t.Fatalf("imported batch expiry %s", v)
	}
	bad := xlsx(t, []string{"商品编号", "仓库", "期初数量", "单位成本", "序列号（逗号分隔）"}, [][]string{{"SP008", "分仓", "2", "100", "S7"}})
	a.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", bad).Want(200).Decode(&res)
	if res.InvalidCount != 1 || res.ImportedCount != 0 {
		t.Fatalf("bad import %+v", res)
	}

	// The goods form leaves tracked goods' openings to this screen.
	a.Do("POST", "/api/inventory/update", map[string]any{"id": milk, "number": "SP009", "name": "牛奶", "unitId": b.Unit, "isWarranty": 1, "safeDays": 30,
		"openings": []map[string]any{{"locationId": b.Location, "qty": "1", "unitCost": "2"}}}).Want(400)
	a.Do("POST", "/api/inventory/update", map[string]any{"id": milk, "number": "SP009", "name": "牛奶", "unitId": b.Unit, "isWarranty": 1, "safeDays": 30,
		"openings": []map[string]any{}}).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM goods_openings WHERE goods_id = ?", milk); n != 3 {
		t.Fatalf("the goods form dropped batch openings: %d left", n)
	}
}
