package custom_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"github.com/xuri/excelize/v2"
)

type record struct {
	ID     int64          `json:"id"`
	Number string         `json:"number"`
	Custom map[string]any `json:"custom"`
}

// Values on goods, customers and suppliers: saved through add and update,
// checked (type, choice, required naming the field, hostile input),
// answered by get and list, found by the list's search, in the exports.
func TestValues(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()

	origin := define(t, admin, map[string]any{"target": "goods", "labelZh": "产地", "labelEn": "Origin", "type": "text", "required": 1, "inList": 1, "searchable": 1})
	weight := define(t, admin, map[string]any{"target": "goods", "labelZh": "毛重", "labelEn": "Gross weight", "type": "number"})
	since := define(t, admin, map[string]any{"target": "goods", "labelZh": "上市日期", "labelEn": "Launched", "type": "date"})
	grade := define(t, admin, map[string]any{"target": "goods", "labelZh": "等级", "labelEn": "Grade", "type": "choice", "options": []string{"一级", "二级"}, "searchable": 1})
	imported := define(t, admin, map[string]any{"target": "goods", "labelZh": "进口", "labelEn": "Imported", "type": "bool"})
	channel := define(t, admin, map[string]any{"target": "customer", "labelZh": "渠道", "labelEn": "Channel", "type": "choice", "options": []string{"线上", "线下"}, "required": 1, "searchable": 1})
	licence := define(t, admin, map[string]any{"target": "supplier", "labelZh": "许可证号", "labelEn": "Licence", "type": "text", "searchable": 1})

	goods := func(number string, cf map[string]any) map[string]any {
		return map[string]any{"number": number, "name": "测试商品" + number, "unitId": b.Unit, "custom": cf}
	}
	good := map[string]any{origin.Code: "云南普洱", weight.Code: "12.345678", since.Code: "2024-02-29", grade.Code: "一级", imported.Code: true}
	var g record
	admin.Do("POST", "/api/inventory/add", goods("CF001", good)).Want(200).Decode(&g)
	if g.Custom[origin.Code] != "云南普洱" || g.Custom[weight.Code] != 12.345678 || g.Custom[since.Code] != "2024-02-29" ||
		g.Custom[grade.Code] != "一级" || g.Custom[imported.Code] != float64(1) {
		t.Fatalf("saved %+v", g.Custom)
	}
	big := func(s string) json.RawMessage { return json.RawMessage(s) }

	apptest.Run(t, []apptest.Step{
		{Name: "required refused naming the field", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", nil),
			Status: 400, Field: "custom." + origin.Code, Msg: "产地不能为空"},
		{Name: "required refused in English", As: admin, Lang: "en", Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "  "}),
			Status: 400, Field: "custom." + origin.Code, Msg: "Origin is required"},
		{Name: "not a number", As: admin, Lang: "en", Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", weight.Code: "abc"}),
			Status: 400, Field: "custom." + weight.Code, Msg: "Gross weight must be a number"},
		{Name: "huge number", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", weight.Code: big("1e400")}),
			Status: 400, Field: "custom." + weight.Code},
		{Name: "too many decimals", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", weight.Code: "0.1234567"}),
			Status: 400, Field: "custom." + weight.Code},
		{Name: "over a trillion", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", weight.Code: "1000000000001"}),
			Status: 400, Field: "custom." + weight.Code},
		{Name: "bad date", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", since.Code: "2023-02-29"}),
			Status: 400, Field: "custom." + since.Code},
		{Name: "bad option", As: admin, Lang: "en", Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", grade.Code: "三级"}),
			Status: 400, Field: "custom." + grade.Code, Msg: "Grade must be one of its choices"},
		{Name: "bad yes/no", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", imported.Code: "maybe"}),
			Status: 400, Field: "custom." + imported.Code},
		{Name: "text as an object", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: map[string]any{"a": 1}}),
			Status: 400, Field: "custom." + origin.Code},
		{Name: "NUL in text", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "a\x00b"}),
			Status: 400, Field: "custom." + origin.Code},
		{Name: "markup in text", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "<script>alert(1)</script>"}),
			Status: 400, Field: "custom." + origin.Code},
		{Name: "huge text", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: strings.Repeat("长", 201)}),
			Status: 400, Field: "custom." + origin.Code},
		{Name: "thousands of codes", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", manyCodes(5000)),
			Status: 400, Field: "custom"},
		{Name: "unknown code", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", "f999999": "y"}),
			Status: 400, Field: "custom.f999999"},
		{Name: "a customer's field on goods", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", map[string]any{origin.Code: "x", channel.Code: "线上"}),
			Status: 400, Field: "custom." + channel.Code},
		{Name: "custom not an object", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF002", nil), Status: 400},
		{Name: "get answers the values", As: admin, Method: "GET", Path: "/api/inventory/get_update?id=" + itoa(g.ID), Status: 200, BodyHas: `"` + weight.Code + `":12.345678`},
		{Name: "form post with custom as JSON text", As: admin, Method: "POST", Path: "/api/inventory/add",
			Body: url.Values{"number": {"CF003"}, "name": {"表单商品"}, "unitId": {itoa(b.Unit)}, "custom": {`{"` + origin.Code + `":"福建安溪","` + grade.Code + `":"二级"}`}}, Status: 200},
	})
	if n := e.Count("SELECT COUNT(*) FROM goods WHERE number = 'CF002'"); n != 0 {
		t.Fatalf("a refused save wrote %d goods", n)
	}

	// Update: absent custom keeps the values; sent values merge over them;
	// null clears one; a required one cannot be cleared.
	upd := goods("CF001", nil)
	delete(upd, "custom")
	upd["id"] = g.ID
	admin.Do("POST", "/api/inventory/update", upd).Want(200).Decode(&g)
	if g.Custom[origin.Code] != "云南普洱" || g.Custom[grade.Code] != "一级" {
		t.Fatalf("kept %+v", g.Custom)
	}
	upd["custom"] = map[string]any{grade.Code: nil, weight.Code: -1.5}
	g = record{} // a decoded map merges into the one there
	admin.Do("POST", "/api/inventory/update", upd).Want(200).Decode(&g)
	if _, has := g.Custom[grade.Code]; has || g.Custom[weight.Code] != -1.5 || g.Custom[origin.Code] != "云南普洱" {
		t.Fatalf("merged %+v", g.Custom)
	}
	upd["custom"] = map[string]any{origin.Code: ""}
	if r := admin.Do("POST", "/api/inventory/update", upd).Want(400); r.Env.Errors["custom."+origin.Code] == "" {
		t.Fatalf("cleared a required field: %s", r.Body)
	}

	// The list carries the values and finds them by a searchable field
	// (pinyin too), not by a field that is not searchable.
	list := func(c *apptest.Client, path string) []record {
		var l apptest.List[record]
		c.Do("GET", path, nil).Want(200).Decode(&l)
		return l.Rows
	}
	for _, q := range []string{"普洱", "yn", "fujian"} {
		rows := list(admin, "/api/inventory/list?matchCon="+url.QueryEscape(q))
		if q == "fujian" && (len(rows) != 1 || rows[0].Number != "CF003") {
			t.Fatalf("search %s: %+v", q, rows)
		}
		if q != "fujian" && (len(rows) != 1 || rows[0].Number != "CF001" || rows[0].Custom[origin.Code] != "云南普洱") {
			t.Fatalf("search %s: %+v", q, rows)
		}
	}
	if rows := list(admin, "/api/inventory/list?matchCon=二级"); len(rows) != 1 || rows[0].Number != "CF003" {
		t.Fatalf("search by a choice: %+v", rows)
	}
	if rows := list(admin, "/api/inventory/list?matchCon=-1.5"); len(rows) != 0 {
		t.Fatalf("found by a field that is not searchable: %+v", rows)
	}
	// The goods' own search still works beside the custom one, with other filters.
	if rows := list(admin, "/api/inventory/list?matchCon=CF00&disable=0"); len(rows) != 2 {
		t.Fatalf("search by number: %+v", rows)
	}

	// Contacts: the customer's required choice, the supplier's text.
	var cu record
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "name": "李四", "custom": map[string]any{channel.Code: "线上"}}).Want(200).Decode(&cu)
	if cu.Custom[channel.Code] != "线上" {
		t.Fatalf("customer %+v", cu)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "customer required", As: admin, Method: "POST", Path: "/api/contact/add", Body: map[string]any{"type": -10, "name": "王五"},
			Status: 400, Field: "custom." + channel.Code, Msg: "渠道不能为空"},
		{Name: "customer bad option", As: admin, Method: "POST", Path: "/api/contact/add", Body: map[string]any{"type": -10, "name": "王五", "custom": map[string]any{channel.Code: "电话"}},
			Status: 400, Field: "custom." + channel.Code},
		{Name: "a supplier does not need the customer's field", As: admin, Method: "POST", Path: "/api/contact/add",
			Body: map[string]any{"type": 10, "name": "供货商甲", "custom": map[string]any{licence.Code: "SC-2024-001"}}, Status: 200},
		{Name: "the supplier refuses the customer's field", As: admin, Method: "POST", Path: "/api/contact/add",
			Body: map[string]any{"type": 10, "name": "供货商乙", "custom": map[string]any{channel.Code: "线上"}}, Status: 400, Field: "custom." + channel.Code},
		{Name: "existing customer without the value cannot be saved", As: admin, Method: "POST", Path: "/api/contact/update",
			Body: map[string]any{"id": b.Customer, "number": "KH001", "name": "张三超市"}, Status: 400, Field: "custom." + channel.Code},
		{Name: "the customer's update keeps the value", As: admin, Method: "POST", Path: "/api/contact/update",
			Body: map[string]any{"id": cu.ID, "number": cu.Number, "name": "李四"}, Status: 200, BodyHas: `"` + channel.Code + `":"线上"`},
	})
	if rows := list(admin, "/api/contact/list?type=-10&matchCon=xs"); len(rows) != 1 || rows[0].ID != cu.ID {
		t.Fatalf("customer search by channel pinyin: %+v", rows)
	}
	if rows := list(admin, "/api/contact/list?type=10&matchCon=sc-2024"); len(rows) != 1 || rows[0].Custom[licence.Code] != "SC-2024-001" {
		t.Fatalf("supplier search by licence: %+v", rows)
	}
	if rows := list(admin, "/api/contact/list?type=-10&matchCon=sc-2024"); len(rows) != 0 {
		t.Fatalf("a supplier's value found a customer: %+v", rows)
	}

	// Exports: a column per enabled field, headed by its label.
	f, err := readSheet(admin.Do("GET", "/api/inventory/exporter?matchCon=CF001", nil).Want(200).Body)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(f[0], "|"), "产地|毛重|上市日期|等级|进口") || !strings.Contains(strings.Join(f[1], "|"), "云南普洱|-1.5|2024-02-29||是") {
		t.Fatalf("goods export %q", f)
	}
	admin.Lang = "en"
	f, err = readSheet(admin.Do("GET", "/api/contact/exporter", nil).Want(200).Body)
	admin.Lang = ""
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(f[0], "|"), "|Channel") || !strings.Contains(strings.Join(f[len(f)-1], "|"), "|线上") {
		t.Fatalf("customer export %q", f)
	}

	// Definitions and values: a type cannot change, nor a used choice go,
	// while values exist; disabling hides the values; deleting removes them.
	apptest.Run(t, []apptest.Step{
		{Name: "type change refused", As: admin, Method: "POST", Path: "/api/customField/update",
			Body: map[string]any{"id": origin.ID, "labelZh": "产地", "type": "number"}, Status: 400, Field: "type"},
		{Name: "used choice kept", As: admin, Method: "POST", Path: "/api/customField/update",
			Body: map[string]any{"id": channel.ID, "labelZh": "渠道", "type": "choice", "options": []string{"线下"}}, Status: 400, Field: "options", MsgHas: "线上"},
		{Name: "disable the origin", As: admin, Method: "POST", Path: "/api/customField/update",
			Body: map[string]any{"id": origin.ID, "labelZh": "产地", "type": "text", "required": 1, "searchable": 1, "disable": 1}, Status: 200},
		{Name: "a disabled field is refused on save", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF004", map[string]any{origin.Code: "x"}),
			Status: 400, Field: "custom." + origin.Code},
		{Name: "a disabled required field is not required", As: admin, Method: "POST", Path: "/api/inventory/add", Body: goods("CF004", map[string]any{}), Status: 200},
	})
	if rows := list(admin, "/api/inventory/list?matchCon=普洱"); len(rows) != 0 {
		t.Fatalf("found by a disabled field: %+v", rows)
	}
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE field_id = ?", origin.ID); n != 2 {
		t.Fatalf("the disabled field kept %d values, want 2", n)
	}
	admin.Do("DELETE", "/api/customField/delete?id="+itoa(origin.ID), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE field_id = ?", origin.ID); n != 0 {
		t.Fatalf("a deleted field left %d values", n)
	}
	// A deleted record's values go with it.
	admin.Do("DELETE", "/api/inventory/delete?id="+itoa(g.ID), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE target = 'goods' AND row_id = ?", g.ID); n != 0 {
		t.Fatalf("a deleted goods item left %d values", n)
	}
}

// readSheet is the first sheet's cells of a workbook.
func readSheet(b []byte) ([][]string, error) {
	x, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return x.GetRows(x.GetSheetList()[0])
}

// Values on document headers: one set of fields for every kind, saved by
// add and update, checked, answered by query and list, found by the
// list's search, in the export, gone with a deleted draft.
func TestDocumentValues(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	today := time.Now().Format(time.DateOnly)

	plate := define(t, admin, map[string]any{"target": "bill", "labelZh": "车牌号", "labelEn": "Plate", "type": "text", "required": 1, "searchable": 1, "inList": 1})
	arrive := define(t, admin, map[string]any{"target": "bill", "labelZh": "到货日期", "labelEn": "Arrival", "type": "date"})

	doc := func(cf map[string]any) map[string]any {
		d := b.Doc(b.Customer, today, "1", "5")
		d["custom"] = cf
		return d
	}
	var sale record
	admin.Do("POST", "/api/sales/add", doc(map[string]any{plate.Code: "沪A12345", arrive.Code: today})).Want(200).Decode(&sale)
	if sale.Custom[plate.Code] != "沪A12345" || sale.Custom[arrive.Code] != today {
		t.Fatalf("sale %+v", sale)
	}
	var q struct {
		record
		Version int64 `json:"version"`
	}
	admin.Do("GET", "/api/sales/query?id="+itoa(sale.ID), nil).Want(200).Decode(&q)
	if q.Custom[plate.Code] != "沪A12345" {
		t.Fatalf("query %+v", q)
	}
	upd := doc(map[string]any{plate.Code: "沪B99999"})
	upd["id"], upd["version"] = sale.ID, q.Version
	apptest.Run(t, []apptest.Step{
		{Name: "required on a sale", As: admin, Lang: "en", Method: "POST", Path: "/api/sales/add", Body: doc(nil), Status: 400, Field: "custom." + plate.Code, Msg: "Plate is required"},
		{Name: "required on a purchase too", As: admin, Method: "POST", Path: "/api/purchase/add", Body: b.Doc(b.Supplier, today, "1", "5"), Status: 400, Field: "custom." + plate.Code},
		{Name: "bad date", As: admin, Method: "POST", Path: "/api/sales/add", Body: doc(map[string]any{plate.Code: "x", arrive.Code: "明天"}), Status: 400, Field: "custom." + arrive.Code},
		{Name: "markup", As: admin, Method: "POST", Path: "/api/sales/add", Body: doc(map[string]any{plate.Code: "<img src=x onerror=alert(1)>"}), Status: 400, Field: "custom." + plate.Code},
		{Name: "update", As: admin, Method: "POST", Path: "/api/sales/update", Body: upd, Status: 200, BodyHas: `"` + plate.Code + `":"沪B99999"`},
		{Name: "a receipt carries them too", As: admin, Method: "POST", Path: "/api/receipt/add", Body: map[string]any{"date": today, "buId": b.Customer,
			"accounts": []map[string]any{{"accId": b.Account, "payment": 5}}, "custom": map[string]any{plate.Code: "京C00001"}}, Status: 200, BodyHas: "京C00001"},
	})
	if n := e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'sales'"); n != 1 {
		t.Fatalf("%d sales after refused saves", n)
	}
	list := func(path string) []record {
		var l apptest.List[record]
		admin.Do("GET", path, nil).Want(200).Decode(&l)
		return l.Rows
	}
	if rows := list("/api/sales/list?matchCon=b999"); len(rows) != 1 || rows[0].Custom[plate.Code] != "沪B99999" {
		t.Fatalf("search a sale by its plate: %+v", rows)
	}
	if rows := list("/api/sales/list?matchCon=zscs"); len(rows) != 1 {
		t.Fatalf("the contact's search still works: %+v", rows)
	}
	if rows := list("/api/sales/list?matchCon=" + today); len(rows) != 0 {
		t.Fatalf("found by a field that is not searchable: %+v", rows)
	}
	f, err := readSheet(admin.Do("GET", "/api/sales/export", nil).Want(200).Body)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(f[0], "|"), "车牌号|到货日期") || !strings.Contains(strings.Join(f[1], "|"), "沪B99999|"+today) {
		t.Fatalf("sales export %q", f)
	}
	admin.Do("DELETE", "/api/sales/delete?id="+itoa(sale.ID), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE target = 'bill' AND row_id = ?", sale.ID); n != 0 {
		t.Fatalf("a deleted draft left %d values", n)
	}

	// Reset data clears the documents' values and keeps the definitions and
	// the master data's values.
	origin := define(t, admin, map[string]any{"target": "customer", "labelZh": "来源", "type": "text"})
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "name": "客户乙", "custom": map[string]any{origin.Code: "展会"}}).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE target = 'bill'"); n != 1 {
		t.Fatalf("%d document values before the reset, want the receipt's", n)
	}
	admin.Do("POST", "/api/home/reset", map[string]any{"password": apptest.AdminPassword}).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE target = 'bill'"); n != 0 {
		t.Fatalf("reset left %d document values", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM custom_values WHERE target = 'customer'"); n != 1 {
		t.Fatalf("reset left %d customer values, want 1", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM custom_fields"); n != 3 {
		t.Fatalf("reset left %d definitions, want 3", n)
	}
}

// manyCodes is a custom object of n unknown codes.
func manyCodes(n int) map[string]any {
	m := make(map[string]any, n)
	for i := 0; i < n; i++ {
		m["f"+itoa(int64(1000000+i))] = "x"
	}
	return m
}
