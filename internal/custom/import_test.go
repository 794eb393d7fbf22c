package custom_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

type importReport struct {
	ValidCount    int `json:"validCount"`
	InvalidCount  int `json:"invalidCount"`
	ImportedCount int `json:"importedCount"`
	Errors        []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

// workbook is a file of one sheet: the header row, then rows.
func workbook(t *testing.T, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		for j, v := range r {
			cell, _ := excelize.CoordinatesToCellName(j+1, i+1)
			if err := f.SetCellStr("Sheet1", cell, v); err != nil {
				t.Fatal(err)
			}
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// renumber is an exported file with the cells of the column headed
// header replaced, row by row, by numbers (the export imports back as new
// records).
func renumber(t *testing.T, file []byte, header string, numbers ...string) []byte {
	t.Helper()
	rows, err := readSheet(file)
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], header)
	if col < 0 || len(rows) != len(numbers)+1 {
		t.Fatalf("no column %q or not %d rows in %q", header, len(numbers), rows)
	}
	for i, n := range numbers {
		rows[i+1][col] = n
	}
	return workbook(t, rows)
}

func listRows(c *apptest.Client, path string) []record {
	var l apptest.List[record]
	c.Do("GET", path, nil).Want(200).Decode(&l)
	return l.Rows
}

func upload(t *testing.T, c *apptest.Client, path string, file []byte) importReport {
	t.Helper()
	var res importReport
	c.Multipart("POST", path, nil, "file", file).Want(200).Decode(&res)
	return res
}

// errorsOf is the report's errors as "row column: message".
func errorsOf(res importReport) string {
	var b strings.Builder
	for _, e := range res.Errors {
		fmt.Fprintf(&b, "%d %s: %s\n", e.Row, e.Column, e.Message)
	}
	return b.String()
}

// Imports of goods, customers and suppliers: the templates carry the
// custom fields, an export imports back with its values (under either
// language's labels), and each value is checked as the API checks it:
// bad, missing required and hostile values refuse the row naming the
// column.
func TestImportValues(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()

	origin := define(t, admin, map[string]any{"target": "goods", "labelZh": "产地", "labelEn": "Origin", "type": "text", "required": 1})
	weight := define(t, admin, map[string]any{"target": "goods", "labelZh": "毛重", "labelEn": "Gross weight", "type": "number"})
	since := define(t, admin, map[string]any{"target": "goods", "labelZh": "上市日期", "labelEn": "Launched", "type": "date"})
	grade := define(t, admin, map[string]any{"target": "goods", "labelZh": "等级", "labelEn": "Grade", "type": "choice", "options": []string{"一级", "二级"}})
	imported := define(t, admin, map[string]any{"target": "goods", "labelZh": "进口", "labelEn": "Imported", "type": "bool"})
	channel := define(t, admin, map[string]any{"target": "customer", "labelZh": "渠道", "labelEn": "Channel", "type": "choice", "options": []string{"线上", "线下"}, "required": 1})
	licence := define(t, admin, map[string]any{"target": "supplier", "labelZh": "许可证号", "labelEn": "Licence", "type": "text"})

	// Templates: a column per field, required ones starred.
	for _, c := range []struct{ path, want string }{
		{"/api/inventory/template", "产地*|毛重|上市日期|等级|进口"},
		{"/api/contact/template?type=-10", "|渠道*"},
		{"/api/contact/template?type=10", "|许可证号"},
	} {
		rows, err := readSheet(admin.Do("GET", c.path, nil).Want(200).Body)
		if err != nil || !strings.HasSuffix(strings.Join(rows[0], "|"), c.want) {
			t.Fatalf("template %s: %q %v", c.path, rows, err)
		}
	}

	// Round trip: export, renumber, import; the new records hold the values.
	want := map[string]any{origin.Code: "云南普洱", weight.Code: "-12.345678", since.Code: "2024-02-29", grade.Code: "一级", imported.Code: true}
	admin.Do("POST", "/api/inventory/add", map[string]any{"number": "CF001", "name": "普洱茶", "unitId": b.Unit, "custom": want}).Want(200)
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "KH101", "name": "李四", "custom": map[string]any{channel.Code: "线下"}}).Want(200)
	admin.Do("POST", "/api/contact/add", map[string]any{"type": 10, "number": "GY101", "name": "供货商甲", "custom": map[string]any{licence.Code: "SC-2024-001"}}).Want(200)
	for _, lang := range []string{"", "en"} {
		admin.Lang = lang
		numberHeader := map[string][3]string{"": {"商品编号", "客户编号", "供应商编号"}, "en": {"Goods number", "Customer number", "Supplier number"}}[lang]
		goods := renumber(t, admin.Do("GET", "/api/inventory/exporter?matchCon=CF001", nil).Want(200).Body, numberHeader[0], "CF9"+lang)
		customers := renumber(t, admin.Do("GET", "/api/contact/exporter?matchCon=KH101", nil).Want(200).Body, numberHeader[1], "KH9"+lang)
		suppliers := renumber(t, admin.Do("GET", "/api/contact/exporterSupplier?matchCon=GY101", nil).Want(200).Body, numberHeader[2], "GY9"+lang)
		admin.Lang = "" // the headers of the other language are read too
		for _, c := range []struct {
			path string
			file []byte
		}{{"/api/inventory/import", goods}, {"/api/contact/import?type=-10", customers}, {"/api/contact/import?type=10", suppliers}} {
			if res := upload(t, admin, c.path, c.file); res.ImportedCount != 1 {
				t.Fatalf("%s import of the %q export: %+v", c.path, lang, res)
			}
		}
		g := listRows(admin, "/api/inventory/list?matchCon=CF9"+lang)
		if len(g) != 1 || g[0].Custom[origin.Code] != "云南普洱" || g[0].Custom[weight.Code] != -12.345678 ||
			g[0].Custom[since.Code] != "2024-02-29" || g[0].Custom[grade.Code] != "一级" || g[0].Custom[imported.Code] != float64(1) {
			t.Fatalf("goods imported from the %q export: %+v", lang, g)
		}
		if c := listRows(admin, "/api/contact/list?type=-10&matchCon=KH9"+lang); len(c) != 1 || c[0].Custom[channel.Code] != "线下" {
			t.Fatalf("customer imported from the %q export: %+v", lang, c)
		}
		if c := listRows(admin, "/api/contact/list?type=10&matchCon=GY9"+lang); len(c) != 1 || c[0].Custom[licence.Code] != "SC-2024-001" {
			t.Fatalf("supplier imported from the %q export: %+v", lang, c)
		}
	}

	// Bad values refuse their rows naming the column, in the caller's
	// language; nothing is written.
	goods := e.Count("SELECT COUNT(*) FROM goods")
	values := e.Count("SELECT COUNT(*) FROM custom_values")
	head := []string{"商品名称", "计量单位", "Origin", "毛重", "上市日期", "Grade", "进口"}
	file := workbook(t, [][]string{head,
		{"好", "瓶", "云南", "1.5", "45351", "二级", "否"}, // an Excel date serial: 2024-02-29
		{"缺产地", "瓶", "", "", "", "", ""},
		{"坏数", "瓶", "云南", "abc", "", "", ""},
		{"坏选项", "瓶", "云南", "", "", "三级", ""},
		{"坏是否", "瓶", "云南", "", "", "", "也许"},
		{"坏日期", "瓶", "云南", "", "2023-02-29", "", ""},
		{"NUL", "瓶", "云\x00南", "", "", "", ""},
		{"标记", "瓶", "<script>alert(1)</script>", "", "", "", ""},
		{"巨数", "瓶", "云南", "1e400", "", "", ""},
		{"长数", "瓶", "云南", strings.Repeat("9", 5000), "", "", ""},
		{"超万亿", "瓶", "云南", "1000000000001", "", "", ""},
		{"长文", "瓶", strings.Repeat("长", 201), "", "", "", ""},
	})
	res := upload(t, admin, "/api/inventory/import", file)
	got := errorsOf(res)
	if res.ValidCount != 1 || res.InvalidCount != 11 || res.ImportedCount != 0 {
		t.Fatalf("bad file: %+v\n%s", res, got)
	}
	for _, w := range []string{
		"3 Origin: 产地不能为空", "4 毛重: 毛重须为数字", "5 Grade: 等级须为其选项之一", "6 进口: 进口须为是或否", "7 上市日期: 上市日期须为日期",
		"8 Origin: 产地须为纯文本", "9 Origin: 产地须为纯文本", "10 毛重: 毛重最多 6 位小数", "11 毛重: 毛重须为数字",
		"12 毛重: 毛重最多 6 位小数", "13 Origin: 产地不能超过 200 个字符",
	} {
		if !strings.Contains(got, w) {
			t.Errorf("no error %q in\n%s", w, got)
		}
	}
	admin.Lang = "en"
	if got := errorsOf(upload(t, admin, "/api/inventory/import", file)); !strings.Contains(got, "3 Origin: Origin is required") ||
		!strings.Contains(got, "4 毛重: Gross weight must be a number") || !strings.Contains(got, "5 Grade: Grade must be one of its choices") {
		t.Fatalf("English report:\n%s", got)
	}
	admin.Lang = ""
	if n, v := e.Count("SELECT COUNT(*) FROM goods"), e.Count("SELECT COUNT(*) FROM custom_values"); n != goods || v != values {
		t.Fatalf("a refused file wrote %d goods and %d values", n-goods, v-values)
	}
	// The good row alone imports, its Excel date read as a date.
	if res := upload(t, admin, "/api/inventory/import", workbook(t, [][]string{head, {"好", "瓶", "云南", "1.5", "45351", "二级", "否"}})); res.ImportedCount != 1 {
		t.Fatalf("good row: %+v", res)
	}
	if g := listRows(admin, "/api/inventory/list?matchCon="+url.QueryEscape("好")); len(g) != 1 || g[0].Custom[since.Code] != "2024-02-29" || g[0].Custom[imported.Code] != nil {
		t.Fatalf("good row imported as %+v", g)
	}

	// A required field's column missing refuses the file; a customer row
	// without the required channel is refused naming it.
	admin.Do("POST", "/api/inventory/import", nil).Want(400)
	r := admin.Multipart("POST", "/api/inventory/import", nil, "file", workbook(t, [][]string{{"商品名称", "计量单位"}, {"无产地", "瓶"}})).Want(400)
	if !strings.Contains(string(r.Body), "产地") {
		t.Fatalf("missing required column: %s", r.Body)
	}
	res = upload(t, admin, "/api/contact/import?type=-10", workbook(t, [][]string{{"客户编号", "客户名称", "Channel"}, {"KH201", "王五", ""}, {"KH202", "赵六", "线上"}}))
	if got := errorsOf(res); res.InvalidCount != 1 || res.ImportedCount != 0 || !strings.Contains(got, "2 Channel: 渠道不能为空") {
		t.Fatalf("customer without channel: %+v\n%s", res, got)
	}
}
