package goods_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

// priceGoods is a goods item of the price list as the client reads it.
type priceGoods struct {
	InvID         int64       `json:"invId"`
	Number        string      `json:"number"`
	DiscountRate1 json.Number `json:"discountRate1"`
	DiscountRate2 json.Number `json:"discountRate2"`
	Units         []struct {
		UnitID         int64       `json:"unitId"`
		UnitName       string      `json:"unitName"`
		IsBase         int         `json:"isBase"`
		BarCode        string      `json:"barCode"`
		PurPrice       json.Number `json:"purPrice"`
		SalePrice      json.Number `json:"salePrice"`
		WholesalePrice json.Number `json:"wholesalePrice"`
		VipPrice       json.Number `json:"vipPrice"`
	} `json:"units"`
}

func priceList(t *testing.T, c *apptest.Client, query string) apptest.List[priceGoods] {
	t.Helper()
	var l apptest.List[priceGoods]
	c.Do("GET", "/api/inventory/prices?"+query, nil).Want(200).Decode(&l)
	return l
}

// The price list shows each unit's prices (a unit without its own, the base
// × rate), saves changed rows of several goods at once, and what it saves
// is what the goods form and a document's price proposal then read.
func TestPriceList(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	cola := add(t, admin, w.body("SP0001", "unitTypeId", w.bottleBox, "unitId", w.bottle, "salePrice", 3, "purPrice", 2,
		"discountRate1", 95, "units", []map[string]any{{"unitId": w.box, "barCode": "6901", "salePrice": 70, "purPrice": 45}}))
	tea := add(t, admin, w.body("SP0002", "salePrice", 5))

	l := priceList(t, admin, "sidx=number&sord=asc")
	if l.Records != 2 || l.Rows[0].Number != "SP0001" || len(l.Rows[0].Units) != 3 || len(l.Rows[1].Units) != 1 {
		t.Fatalf("price list %+v", l.Rows)
	}
	u := l.Rows[0].Units
	if u[0].IsBase != 1 || u[0].SalePrice.String() != "3" || u[1].UnitName != "箱" || u[1].SalePrice.String() != "70" ||
		u[2].UnitName != "托" || u[2].SalePrice.String() != "1440" || l.Rows[0].DiscountRate1.String() != "95" {
		t.Fatalf("units %+v rate %s", u, l.Rows[0].DiscountRate1)
	}

	var res struct {
		Count int `json:"count"`
	}
	admin.Do("POST", "/api/inventory/prices", map[string]any{"rows": []map[string]any{
		{"invId": cola.ID, "unitId": w.bottle, "purPrice": "2.1", "salePrice": "3.2", "wholesalePrice": 3, "vipPrice": "2.9", "discountRate1": 90, "discountRate2": 85},
		{"invId": cola.ID, "unitId": w.crate, "purPrice": 900, "salePrice": 1400, "wholesalePrice": 1300, "vipPrice": 1250},
		{"invId": tea.ID, "unitId": w.each, "purPrice": 3, "salePrice": "5.5", "wholesalePrice": 5, "vipPrice": 5},
	}}).Want(200).Decode(&res)
	if res.Count != 3 {
		t.Fatalf("count %d", res.Count)
	}
	g := get(t, admin, cola.ID)
	if g.SalePrice.String() != "3.2" || g.PurPrice.String() != "2.1" || g.DiscountRate1.String() != "90" {
		t.Fatalf("base prices %+v", g)
	}
	// The box kept its own prices and barcode; the crate has its own now.
	if g.Units[1].SalePrice.String() != "70" || g.Units[1].BarCode != "6901" || g.Units[2].SalePrice.String() != "1400" {
		t.Fatalf("unit prices %+v", g.Units)
	}
	if get(t, admin, tea.ID).SalePrice.String() != "5.5" {
		t.Fatal("tea's price")
	}
	// A document proposes what the list saved (retail customer: sale price of the unit).
	var sel []struct {
		InvID int64 `json:"invId"`
		Units []struct {
			UnitID int64       `json:"unitId"`
			Price  json.Number `json:"price"`
		} `json:"units"`
	}
	admin.Do("GET", "/api/inventory/listBySelected?ids="+itoa(cola.ID)+"&buId="+itoa(w.retail), nil).Want(200).Decode(&sel)
	if len(sel) != 1 || len(sel[0].Units) != 3 || sel[0].Units[2].Price.String() != "1400" {
		t.Fatalf("proposal %+v", sel)
	}
	// The change is in the operation log.
	if n := w.e.Count("SELECT COUNT(*) FROM sys_logs WHERE module = 'goods' AND action = 'log.goods.prices'"); n != 1 {
		t.Fatalf("%d log rows", n)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Bad rows are refused with the row's field named, in the caller's
// language, and nothing of the save is written.
func TestPriceListBadInput(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	cola := add(t, admin, w.body("SP0001", "unitTypeId", w.bottleBox, "unitId", w.bottle, "salePrice", 3))
	reader := w.e.UserWith("settings:price:query")
	row := func(kv ...any) map[string]any {
		m := map[string]any{"invId": cola.ID, "unitId": w.bottle, "purPrice": 1, "salePrice": 9, "wholesalePrice": 1, "vipPrice": 1}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	good := row()
	save := func(rows ...map[string]any) map[string]any { return map[string]any{"rows": rows} }
	const p = "/api/inventory/prices"
	apptest.Run(t, []apptest.Step{
		{Name: "no rows", As: admin, Method: "POST", Path: p, Body: save(), Status: 400, Field: "rows"},
		{Name: "negative price, second row", As: admin, Method: "POST", Path: p, Body: save(good, row("unitId", w.box, "salePrice", -1)), Status: 400, Msg: "零售价不能为负数", Field: "rows[1].salePrice"},
		{Name: "too many decimals, en", As: admin, Lang: "en", Method: "POST", Path: p, Body: save(good, row("unitId", w.box, "vipPrice", "1.1234567")), Status: 400, Field: "rows[1].vipPrice"},
		{Name: "huge price", As: admin, Method: "POST", Path: p, Body: save(row("purPrice", "99999999999999999999999")), Status: 400, Field: "rows[0].purPrice"},
		{Name: "price as markup", As: admin, Method: "POST", Path: p, Body: save(row("purPrice", "<b>1</b>")), Status: 400, Field: "rows[0].purPrice"},
		{Name: "price with NUL", As: admin, Method: "POST", Path: p, Body: save(row("purPrice", "1\x00")), Status: 400, Field: "rows[0].purPrice"},
		{Name: "discount over 100", As: admin, Method: "POST", Path: p, Body: save(row("discountRate1", 101)), Status: 400, Field: "rows[0].discountRate1"},
		{Name: "discount on another unit", As: admin, Lang: "en", Method: "POST", Path: p, Body: save(good, row("unitId", w.box, "discountRate2", 90)), Status: 400, MsgHas: "base unit", Field: "rows[1].discountRate2"},
		{Name: "unit twice", As: admin, Method: "POST", Path: p, Body: save(good, good), Status: 400, Field: "rows[1].unitId"},
		{Name: "unknown goods", As: admin, Method: "POST", Path: p, Body: save(good, row("invId", 999999)), Status: 400, Field: "rows[1].invId"},
		{Name: "unit of another group", As: admin, Method: "POST", Path: p, Body: save(good, row("unitId", w.pack)), Status: 400, Msg: "该单位不是此商品的单位", Field: "rows[1].unitId"},
		{Name: "no unit", As: admin, Method: "POST", Path: p, Body: save(row("unitId", 0)), Status: 400, Field: "rows[0].unitId"},
		{Name: "no permission to save", As: reader, Method: "POST", Path: p, Body: save(good), Status: 403},
		{Name: "reader lists", As: reader, Method: "GET", Path: p, Status: 200},
		{Name: "no permission to export", As: reader, Method: "GET", Path: p + "/export", Status: 403},
		{Name: "list: bad sort field", As: admin, Method: "GET", Path: p + "?sidx=search", Status: 400, Field: "sidx"},
	})
	if g := get(t, admin, cola.ID); g.SalePrice.String() != "3" {
		t.Fatalf("a refused save changed the price to %s", g.SalePrice)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM goods_units"); n != 0 {
		t.Fatalf("a refused save wrote %d unit prices", n)
	}
}

// The export imports back; blank cells keep the price; a bad row writes
// nothing, naming its cell.
func TestPriceListExcel(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	cola := add(t, admin, w.body("SP0001", "unitTypeId", w.bottleBox, "unitId", w.bottle, "salePrice", 3, "purPrice", 2, "discountRate1", 95))
	add(t, admin, w.body("SP0002", "salePrice", 5))
	exp := admin.Do("GET", "/api/inventory/prices/export?sidx=number&sord=asc", nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(exp.Body))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := x.GetRows(x.GetSheetList()[0])
	// header, cola in 瓶/箱/托, SP0002 in 件
	if len(out) != 5 || out[1][0] != "SP0001" || out[1][3] != "瓶" || out[1][5] != "3" || out[1][8] != "95" ||
		out[3][3] != "托" || out[3][5] != "1440" || len(out[3]) > 8 && out[3][8] != "" || out[4][0] != "SP0002" {
		t.Fatalf("export %v", out)
	}
	imp := func(path string, file []byte) importResult {
		var res importResult
		admin.Multipart("POST", path, nil, "file", file).Want(200).Decode(&res)
		return res
	}
	header := []string{"商品编号", "计量单位", "零售价", "批发价", "折扣率一(%)"}
	bad := xlsx(t, header, [][]any{
		{"SP0001", "瓶", "3.3", "", ""},
		{"SP0009", "瓶", "1", "", ""},
		{"SP0001", "盒", "1", "", ""},
		{"SP0001", "箱", "-1", "", "90"},
		{"SP0001", "瓶", "4", "", ""},
	})
	res := imp("/api/inventory/prices/import", bad)
	if res.InvalidCount != 4 || res.ImportedCount != 0 {
		t.Fatalf("bad file %+v", res)
	}
	fields := map[string]bool{}
	for _, e := range res.Errors {
		fields[itoa(int64(e.Row))+e.Field] = true
	}
	for _, want := range []string{"3number", "4unit", "5salePrice", "5discountRate1", "6unit"} {
		if !fields[want] {
			t.Errorf("no error %s in %+v", want, res.Errors)
		}
	}
	if get(t, admin, cola.ID).SalePrice.String() != "3" {
		t.Fatal("a bad file changed a price")
	}
	good := xlsx(t, header, [][]any{
		{"SP0001", "瓶", "3.3", "", "88"},
		{"SP0001", "箱", "66", "60", ""},
	})
	if res := imp("/api/inventory/prices/import?dryRun=1", good); !res.DryRun || res.ValidCount != 2 || get(t, admin, cola.ID).SalePrice.String() != "3" {
		t.Fatalf("dry run %+v", res)
	}
	if res := imp("/api/inventory/prices/import", good); res.ImportedCount != 2 {
		t.Fatalf("import %+v", res)
	}
	g := get(t, admin, cola.ID)
	// blank purchase price kept (2); the box now has its own 66 / 60
	if g.SalePrice.String() != "3.3" || g.PurPrice.String() != "2" || g.DiscountRate1.String() != "88" ||
		g.Units[1].SalePrice.String() != "66" || g.Units[1].PurPrice.String() != "48" {
		t.Fatalf("imported %+v units %+v", g, g.Units)
	}
	// The whole export imports back unchanged.
	if res := imp("/api/inventory/prices/import?dryRun=1", exp.Body); res.InvalidCount != 0 || res.ValidCount != 4 {
		t.Fatalf("export re-import %+v", res)
	}
}

// A user who may change the price list but holds no right to see purchase
// prices changes the sale prices and the discount rates it sees: the price
// list answered the purchase price blank (and the client sends it blank),
// and the stored one stays — on the base unit's row and another unit's.
func TestPriceListKeepsPricesItCannotSee(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	cola := add(t, admin, w.body("SP0001", "unitTypeId", w.bottleBox, "unitId", w.bottle, "salePrice", 3, "purPrice", 2,
		"units", []map[string]any{{"unitId": w.box, "barCode": "6901", "salePrice": 70, "purPrice": 45}}))
	seller := w.e.UserWith("settings:price:query", "settings:price:update", "settings:inventory:query", "money:salesAmount:view")
	if l := priceList(t, seller, ""); l.Rows[0].Units[0].PurPrice != "" || l.Rows[0].Units[0].SalePrice.String() != "3" {
		t.Fatalf("the seller's price list %+v", l.Rows[0].Units[0])
	}
	seller.Do("POST", "/api/inventory/prices", map[string]any{"rows": []map[string]any{
		{"invId": cola.ID, "unitId": w.bottle, "purPrice": "", "salePrice": "3.5", "wholesalePrice": 3, "vipPrice": 3, "discountRate1": 90},
		{"invId": cola.ID, "unitId": w.box, "salePrice": "72", "wholesalePrice": 70, "vipPrice": 69},
	}}).Want(200)
	g := get(t, admin, cola.ID)
	if g.PurPrice.String() != "2" || g.SalePrice.String() != "3.5" || g.DiscountRate1.String() != "90" {
		t.Fatalf("base prices after the seller's save %+v", g)
	}
	if g.Units[1].PurPrice.String() != "45" || g.Units[1].SalePrice.String() != "72" {
		t.Fatalf("the box's prices after the seller's save %+v", g.Units[1])
	}
}

// The price list's import by a user without the purchase amount right
// ignores the purchase price column (the stored price stays, on the base
// unit and on a unit without prices of its own), and sets the sale prices
// it sees; its own export (without that column) imports back.
func TestPriceImportKeepsPricesItCannotSee(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	cola := add(t, admin, w.body("SP0001", "unitTypeId", w.bottleBox, "unitId", w.bottle, "salePrice", 3, "purPrice", 2,
		"units", []map[string]any{{"unitId": w.box, "barCode": "6901", "salePrice": 70, "purPrice": 45}}))
	seller := w.e.UserWith("settings:price:query", "settings:price:update", "settings:price:import", "settings:price:export",
		"settings:inventory:query", "money:salesAmount:view")
	file := xlsx(t, []string{"商品编号", "计量单位", "预计采购价", "零售价"}, [][]any{
		{"SP0001", "瓶", "0.01", "3.5"},
		{"SP0001", "箱", "0.01", "72"},
		{"SP0001", "托", "0.01", ""},
	})
	var res importResult
	seller.Multipart("POST", "/api/inventory/prices/import", nil, "file", file).Want(200).Decode(&res)
	if res.InvalidCount != 0 || res.ImportedCount != 3 {
		t.Fatalf("the seller's import %+v", res)
	}
	g := get(t, admin, cola.ID)
	if g.PurPrice.String() != "2" || g.SalePrice.String() != "3.5" {
		t.Fatalf("base prices after the seller's import %+v", g)
	}
	if g.Units[1].PurPrice.String() != "45" || g.Units[1].SalePrice.String() != "72" {
		t.Fatalf("the box's prices after the seller's import %+v", g.Units[1])
	}
	// 托 had no prices of its own: its purchase price is still the base's
	// times its rate, not 0.01 nor 0.
	if l := priceList(t, admin, ""); l.Rows[0].Units[2].PurPrice.String() != "960" {
		t.Fatalf("the pallet's purchase price %+v", l.Rows[0].Units[2])
	}
	exp := seller.Do("GET", "/api/inventory/prices/export", nil).Want(200)
	seller.Multipart("POST", "/api/inventory/prices/import?dryRun=1", nil, "file", exp.Body).Want(200).Decode(&res)
	if res.InvalidCount != 0 || res.ValidCount != 3 {
		t.Fatalf("the seller's export back %+v", res)
	}
}
