package contact_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

type importResult struct {
	DryRun        bool `json:"dryRun"`
	ValidCount    int  `json:"validCount"`
	InvalidCount  int  `json:"invalidCount"`
	ImportedCount int  `json:"importedCount"`
	Errors        []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

var customerHeaders = []string{"客户编号*", "客户名称*", "类别", "客户等级", "税率(%)", "期初应收/应付", "期初预收/预付", "余额日期",
	"联系人", "手机", "座机", "QQ/微信", "联系地址", "备注"}

// xlsx makes a workbook of a header row and data rows (streamed: 10,000 rows stay quick).
func xlsx(t testing.TB, headers []string, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, err := f.NewStreamWriter("Sheet1")
	if err != nil {
		t.Fatal(err)
	}
	head := make([]any, len(headers))
	for i, h := range headers {
		head[i] = h
	}
	sw.SetRow("A1", head)
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		if err := sw.SetRow(cell, r); err != nil {
			t.Fatal(err)
		}
	}
	if err := sw.Flush(); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func upload(t *testing.T, c *apptest.Client, query string, file []byte) *apptest.Response {
	t.Helper()
	return c.Multipart("POST", "/api/contact/import?"+query, nil, "file", file)
}

func TestContactImport(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	north := addCategory(e, "customertype", "华北", 0)
	addCategory(e, "customertype", "北京", north)
	east := addCategory(e, "customertype", "华东", 0)
	addCategory(e, "customertype", "北京", east) // a second 北京: the name alone is ambiguous
	addCategory(e, "customertype", "上海", east)
	sales := e.UserWith(perms("customer")...)

	// The template: headers in the caller's language, required ones starred.
	res := sales.Do("GET", "/api/contact/template?type=-10", nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows(x.GetSheetList()[0])
	if len(rows) != 2 || strings.Join(rows[0], "|") != strings.Join(customerHeaders, "|") || rows[1][0] != "KH001" {
		t.Fatalf("template %q", rows)
	}
	sales.Lang = "en"
	res = sales.Do("GET", "/api/contact/template?type=-10", nil).Want(200)
	x, _ = excelize.OpenReader(bytes.NewReader(res.Body))
	rows, _ = x.GetRows(x.GetSheetList()[0])
	if rows[0][0] != "Customer number*" || rows[0][3] != "Price level" {
		t.Fatalf("English template %q", rows[0])
	}
	sales.Lang = ""

	// A file with one bad row writes nothing; every bad cell is reported.
	bad := xlsx(t, customerHeaders, [][]any{
		{"A001", "好客户", "华北/北京", "批发客户", 13, 100, 0, "2024-01-01", "张三", "13800000000"},
		{"A002", "", "北京", "Platinum", 200, -1, "x", "2024-02-30", "", "13800000001"},
		{"A001", "重复编号", "西南", "", "", "", "", "", "", ""},
	})
	var r importResult
	upload(t, sales, "type=-10", bad).Want(200).Decode(&r)
	if r.ImportedCount != 0 || r.ValidCount != 1 || r.InvalidCount != 2 {
		t.Fatalf("bad file %+v", r)
	}
	got := map[string]string{}
	for _, er := range r.Errors {
		got[fmt.Sprintf("%d:%s", er.Row, er.Field)] = er.Column + " " + er.Message
	}
	for k, want := range map[string]string{
		"3:name":        "客户名称* 客户名称不能为空",
		"3:category":    "类别 有多个类别名为“北京”，请写完整路径，如“上级/下级”",
		"3:cLevel":      "客户等级 客户等级的取值不正确",
		"3:taxRate":     "税率(%) 税率(%)必须在 0 到 100 之间",
		"3:amount":      "期初应收/应付 期初应收/应付不能为负数",
		"3:periodMoney": "期初预收/预付 期初预收/预付格式不正确",
		"3:beginDate":   "余额日期 余额日期格式不正确",
		"3:linkName":    "联系人 联系人不能为空",
		"4:number":      "客户编号* 客户编号“A001”与第 2 行重复",
		"4:category":    "类别 类别“西南”不存在",
	} {
		if got[k] != want {
			t.Errorf("error %s: %q, want %q", k, got[k], want)
		}
	}
	if n := e.Count("SELECT COUNT(*) FROM contacts"); n != 0 {
		t.Fatalf("a bad file wrote %d contacts", n)
	}

	// A good file of 10,000 customers: dry run first (nothing written), then all in one go.
	good := make([][]any, 10000)
	for i := range good {
		num := fmt.Sprintf("C%05d", i)
		if i == 0 || i == 5000 {
			num = "" // given the next numbers in file order
		}
		cat, level := "", ""
		switch i % 4 {
		case 1:
			cat, level = "华北/北京", "Wholesale"
		case 2:
			cat, level = "上海", "VIP客户"
		case 3:
			cat, level = "华东", "4"
		}
		good[i] = []any{num, fmt.Sprintf("客户%05d", i), cat, level, 13, "1000.25", 0, 45292, fmt.Sprintf("联系人%d", i), fmt.Sprintf("139%08d", i), "", "", "", ""}
	}
	file := xlsx(t, customerHeaders, good)
	upload(t, sales, "type=-10&dryRun=1", file).Want(200).Decode(&r)
	if !r.DryRun || r.ValidCount != 10000 || r.InvalidCount != 0 || r.ImportedCount != 0 {
		t.Fatalf("dry run %+v", r)
	}
	if n := e.Count("SELECT COUNT(*) FROM contacts"); n != 0 {
		t.Fatalf("a dry run wrote %d contacts", n)
	}
	start := time.Now()
	upload(t, sales, "type=-10", file).Want(200).Decode(&r)
	t.Logf("imported 10,000 customers in %v", time.Since(start))
	if r.ImportedCount != 10000 || r.InvalidCount != 0 {
		t.Fatalf("import %+v", r.ImportedCount)
	}
	if n := e.Count("SELECT COUNT(*) FROM contacts WHERE type = -10"); n != 10000 {
		t.Fatalf("%d customers", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM contact_links WHERE is_first = 1"); n != 10000 {
		t.Fatalf("%d primary contacts", n)
	}
	var one row
	id := e.ID("SELECT id FROM contacts WHERE name = '客户00001'")
	admin.Do("GET", fmt.Sprintf("/api/contact/get_update?id=%d", id), nil).Want(200).Decode(&one)
	if one.Number != "C00001" || one.CategoryName != "北京" || one.CLevel != 1 || one.BeginDate != "2024-01-01" || one.Mobile != "13900000001" ||
		fmt.Sprint(one.Balance) != "1000.25" || fmt.Sprint(one.TaxRate) != "13" {
		t.Fatalf("imported row %+v", one)
	}
	if n := e.Text("SELECT number FROM contacts WHERE name = '客户00000'"); n != "KH001" {
		t.Errorf("first empty number: %s", n)
	}
	if n := e.Text("SELECT number FROM contacts WHERE name = '客户05000'"); n != "KH002" {
		t.Errorf("second empty number: %s", n)
	}
	if p := list(t, admin, fmt.Sprintf("type=-10&categoryId=%d&rows=1", east)); p.Records != 5000 {
		t.Errorf("imported into 华东 and below: %d", p.Records)
	}
	if p := list(t, admin, "type=-10&matchCon=lxr9999"); numbers(p.Rows) != "C09999" {
		t.Errorf("search by the imported contact's pinyin: %s", numbers(p.Rows))
	}

	// Numbers already taken are refused.
	upload(t, sales, "type=-10", xlsx(t, customerHeaders, [][]any{{"C00005", "又一个"}})).Want(200).Decode(&r)
	if r.InvalidCount != 1 || r.Errors[0].Message != "客户编号“C00005”已存在" {
		t.Fatalf("taken number %+v", r)
	}

	// Suppliers: their own permission, no customer levels.
	supHeaders := []string{"供应商编号", "供应商名称", "客户等级"}
	upload(t, sales, "type=10", xlsx(t, supHeaders, [][]any{{"", "供应商甲"}})).Want(403)
	upload(t, admin, "type=10", xlsx(t, supHeaders, [][]any{{"", "供应商甲", "VIP"}})).Want(200).Decode(&r)
	if r.InvalidCount != 1 || r.Errors[0].Field != "cLevel" {
		t.Fatalf("supplier level %+v", r)
	}
	upload(t, admin, "type=10", xlsx(t, supHeaders, [][]any{{"", "供应商甲", "零售客户"}, {"", "供应商乙"}})).Want(200).Decode(&r)
	if r.ImportedCount != 2 || e.Text("SELECT number FROM contacts WHERE name = '供应商乙'") != "GYS002" {
		t.Fatalf("suppliers %+v", r)
	}

	apptest.Run(t, []apptest.Step{
		{Name: "no file", As: sales, Method: "POST", Path: "/api/contact/import?type=-10", Body: apptest.Raw{ContentType: "multipart/form-data; boundary=x", Text: "--x--\r\n"}, Status: 400},
		{Name: "no type", As: sales, Method: "POST", Path: "/api/contact/import", Status: 400, Field: "type"},
		{Name: "bad dryRun", As: sales, Method: "POST", Path: "/api/contact/import?type=-10&dryRun=yes", Status: 400},
		{Name: "template: no type", As: sales, Method: "GET", Path: "/api/contact/template", Status: 400},
		{Name: "template: supplier without permission", As: sales, Method: "GET", Path: "/api/contact/template?type=10", Status: 403},
		{Name: "export suppliers without permission", As: sales, Method: "GET", Path: "/api/contact/exporterSupplier", Status: 403},
	})
	if res := upload(t, sales, "type=-10", []byte("not a workbook")); res.Status != 400 {
		t.Errorf("not a workbook: %d", res.Status)
	}
	if res := upload(t, sales, "type=-10", xlsx(t, []string{"客户名称"}, [][]any{{"x"}})); res.Status != 400 || !strings.Contains(res.Env.Msg, "客户编号") {
		t.Errorf("missing number column: %d %s", res.Status, res.Env.Msg)
	}

	// Export: the filtered list, headers in the caller's language.
	res = sales.Do("GET", "/api/contact/exporter?matchCon=C0000", nil).Want(200)
	x, err = excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ = x.GetRows(x.GetSheetList()[0])
	// C00000 was imported as KH001: C00001 … C00009 match.
	if len(rows) != 10 || rows[0][0] != "客户编号" || rows[0][14] != "当前欠款" || rows[1][0] != "C00001" || rows[1][2] != "华北/北京" ||
		rows[1][3] != "批发客户" || rows[1][9] != "13900000001" || rows[1][14] != "1000.25" {
		t.Fatalf("export %d rows: %q %q", len(rows), rows[0], rows[1])
	}
	res = admin.Do("GET", "/api/contact/exporterSupplier", nil).Want(200)
	x, _ = excelize.OpenReader(bytes.NewReader(res.Body))
	rows, _ = x.GetRows(x.GetSheetList()[0])
	if len(rows) != 3 || rows[0][0] != "供应商编号" {
		t.Fatalf("supplier export %q", rows)
	}
}
