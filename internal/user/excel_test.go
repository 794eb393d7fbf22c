package user_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/user"
)

// book builds an .xlsx file whose first sheet holds rows.
func book(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// sheet reads the first sheet of an .xlsx file.
func sheet(t *testing.T, data []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not an Excel file: %v", err)
	}
	defer f.Close()
	rows, err := f.GetRows(f.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

var zhHead = []any{"用户名*", "昵称*", "性别", "手机号码", "邮箱", "角色编码", "状态"}

func importFile(t *testing.T, c *apptest.Client, query string, data []byte) *apptest.Response {
	t.Helper()
	return c.Multipart("POST", "/api/users/import"+query, nil, "file", data)
}

func TestTemplate(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	r := admin.Do("GET", "/api/users/template", nil).Want(200)
	if !strings.Contains(r.Header.Get("Content-Disposition"), "filename*=UTF-8''%E7%94%A8%E6%88%B7") {
		t.Fatalf("disposition %q", r.Header.Get("Content-Disposition"))
	}
	rows := sheet(t, r.Body)
	if len(rows) != 2 || strings.Join(rows[0], "|") != "用户名*|昵称*|性别|手机号码|邮箱|角色编码*|状态|部门编码" ||
		rows[1][0] != "zhangsan" || rows[1][2] != "男" || rows[1][3] != "13800138000" {
		t.Fatalf("template %q", rows)
	}
	admin.Lang = "en"
	r = admin.Do("GET", "/api/users/template", nil).Want(200)
	rows = sheet(t, r.Body)
	if strings.Join(rows[0], "|") != "Username*|Nickname*|Gender|Mobile|Email|Role codes*|Status|Dept code" || rows[1][2] != "Male" {
		t.Fatalf("template en %q", rows)
	}
	// The template imports as it is.
	var res user.ImportResult
	importFile(t, admin, "", r.Body).Want(200).Decode(&res)
	if res.ImportedCount != 1 || res.InvalidCount != 0 {
		t.Fatalf("template import %+v", res)
	}
}

func TestImportReportsEveryBadRowAndWritesNothing(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	before := e.Count("SELECT COUNT(*) FROM users")
	data := book(t,
		append(zhHead, "部门编码"),
		[]any{"wang.wu", "王五", "男", "13800000001", "ww@example.com", "CLERK", "正常", "HQ"},
		[]any{"zhao.liu", "赵六", "女", "12345", "", "CLERK", "", ""},                         // row 3: bad mobile
		[]any{"", "无名", "", "", "", "CLERK", "", ""},                                       // row 4: no username
		[]any{"WANG.WU", "王五二", "", "", "bad@", "CLERK", "", ""},                           // row 5: repeats row 2, bad email
		[]any{"admin", "管理员", "", "", "", "NOPE", "", ""},                                  // row 6: exists, unknown role
		[]any{"sun.qi", "孙七", "外星", "", "", "KEEPER", "暂停", "XX"},                          // row 7: gender, status, dept
		[]any{"zhou.ba", "", "", "", "", "", "", ""},                                       // row 8: no nickname, no role
		[]any{"", "", "", "", "", "", "", ""},                                              // blank: skipped
		[]any{"wu.jiu", strings.Repeat("长", 33), "2", "13900000009", "", "CLERK", "1", ""}, // row 10: long nickname
	)
	var res user.ImportResult
	importFile(t, admin, "", data).Want(200).Decode(&res)
	if res.ValidCount != 1 || res.InvalidCount != 7 || res.ImportedCount != 0 {
		t.Fatalf("counts %+v", res)
	}
	want := []user.ImportError{
		{Row: 3, Column: "手机号码", Message: "手机号码格式不正确"},
		{Row: 4, Column: "用户名*", Message: "用户名不能为空"},
		{Row: 5, Column: "用户名*", Message: "用户名“WANG.WU”与第 2 行重复"},
		{Row: 5, Column: "邮箱", Message: "邮箱格式不正确"},
		{Row: 6, Column: "用户名*", Message: "用户名“admin”已存在"},
		{Row: 6, Column: "角色编码", Message: "角色编码“NOPE”不存在"},
		{Row: 7, Column: "性别", Message: "性别的取值不正确"},
		{Row: 7, Column: "状态", Message: "状态的取值不正确"},
		{Row: 7, Column: "部门编码", Message: "部门编码“XX”不存在"},
		{Row: 8, Column: "昵称*", Message: "昵称不能为空"},
		{Row: 8, Column: "角色编码", Message: "角色不能为空"},
		{Row: 10, Column: "昵称*", Message: "昵称不能超过 32 个字符"},
	}
	if fmt.Sprint(res.Errors) != fmt.Sprint(want) {
		t.Fatalf("errors\n got %+v\nwant %+v", res.Errors, want)
	}
	if len(res.MessageList) != len(want) || res.MessageList[0] != "第 3 行：手机号码格式不正确" {
		t.Fatalf("messages %q", res.MessageList)
	}
	if after := e.Count("SELECT COUNT(*) FROM users"); after != before {
		t.Fatalf("an invalid file wrote users: %d → %d", before, after)
	}

	// In English, with English headers, one bad row.
	admin.Lang = "en"
	data = book(t,
		[]any{"Username*", "Nickname*", "Gender", "Mobile", "Email", "Role codes", "Status"},
		[]any{"good.one", "Good", "Female", "", "", "CLERK", "Enabled"},
		[]any{"bad one", "Bad", "", "", "", "CLERK", ""},
	)
	importFile(t, admin, "", data).Want(200).Decode(&res)
	if res.InvalidCount != 1 || res.ImportedCount != 0 || len(res.Errors) != 1 || res.Errors[0].Row != 3 ||
		res.Errors[0].Column != "Username*" || res.MessageList[0] != "Row 3: Username may contain only letters, digits and . _ -" {
		t.Fatalf("en %+v", res)
	}
	if e.Count("SELECT COUNT(*) FROM users WHERE username = 'good.one'") != 0 {
		t.Fatal("a valid row of an invalid file was written")
	}
}

func TestImportGoodFile(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	sales := addDept(e, hq(e), "SALES", "销售部")
	data := book(t,
		[]any{"Username", "nickname", "GENDER", "Mobile", "Email", "Role codes", "Status", "Dept code", "Remarks (ignored)"},
		[]any{"imp.one", "Imported One", "Male", 13800000011, "one@example.com", "clerk, keeper", "Enabled", "", "x"},
		[]any{"imp.two", "导入二", "女", "", "", "CLERK；BOOKKEEPER", "禁用", "HQ"},
		[]any{"imp.three", "Three", "0", "", "", "keeper", "0", ""},
	)
	var res user.ImportResult
	importFile(t, admin, fmt.Sprintf("?deptId=%d", sales), data).Want(200).Decode(&res)
	if res.ValidCount != 3 || res.InvalidCount != 0 || res.ImportedCount != 3 || len(res.Errors) != 0 {
		t.Fatalf("result %+v", res)
	}
	if n := e.Count(`SELECT COUNT(*) FROM users u JOIN user_shops us ON us.user_id = u.id
		WHERE u.username LIKE 'imp.%' AND us.shop_id = ? AND u.must_change_password = 1`, e.MainShop()); n != 3 {
		t.Fatalf("%d users in the main shop that must change the password", n)
	}
	one := e.UserID("imp.one")
	if got := e.Text("SELECT mobile FROM users WHERE id = ?", one); got != "13800000011" {
		t.Fatalf("mobile %q", got)
	}
	if n := e.Count("SELECT COUNT(*) FROM user_roles WHERE user_id = ?", one); n != 2 {
		t.Fatalf("imp.one has %d roles", n)
	}
	if got := e.ID("SELECT dept_id FROM users WHERE id = ?", one); got != sales {
		t.Fatalf("dept from ?deptId: %d", got)
	}
	if got := e.ID("SELECT dept_id FROM users WHERE username = 'imp.two'"); got != hq(e) {
		t.Fatalf("dept from the code column: %d", got)
	}
	if got := e.ID("SELECT status + 10 * gender FROM users WHERE username = 'imp.two'"); got != 20 {
		t.Fatalf("imp.two status/gender %d", got)
	}
	c := e.SignIn("imp.one", e.Text("SELECT config_value FROM configs WHERE config_key = 'sys.user.initPassword'"))
	var me user.Me
	c.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if !me.MustChangePassword {
		t.Fatal("imported user need not change the password")
	}
	// Importing the same file again: every username exists now.
	importFile(t, admin, "", data).Want(200).Decode(&res)
	if res.InvalidCount != 3 || res.ImportedCount != 0 {
		t.Fatalf("second import %+v", res)
	}
}

func TestImportBadFiles(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	admin.Lang = "en"
	r := importFile(t, admin, "", []byte("name,nickname\nx,y\n")).Want(400)
	if r.Env.Msg != "The Excel file cannot be read; please use the downloaded template" {
		t.Fatalf("csv: %s", r.Body)
	}
	r = admin.Multipart("POST", "/api/users/import", map[string]string{"x": "y"}, "", nil).Want(400)
	if r.Env.Errors["file"] != "Please upload a file" {
		t.Fatalf("no file: %s", r.Body)
	}
	admin.Do("POST", "/api/users/import", map[string]string{"file": "x"}).Want(400)
	r = importFile(t, admin, "", book(t, []any{"Nickname*", "Mobile"}, []any{"x", ""})).Want(400)
	if r.Env.Msg != "The file lacks a required column: Username*" {
		t.Fatalf("missing column: %s", r.Body)
	}
	r = importFile(t, admin, "", book(t, zhHead)).Want(400)
	if r.Env.Msg != "The file has no data rows" {
		t.Fatalf("empty: %s", r.Body)
	}
	r = importFile(t, admin, "?deptId=999999", book(t, zhHead, []any{"abc", "abc"})).Want(400)
	if r.Env.Errors["deptId"] != "Department does not exist or has been deleted" {
		t.Fatalf("unknown dept: %s", r.Body)
	}
	importFile(t, admin, "?deptId=x", book(t, zhHead, []any{"abc", "abc"})).Want(400)

	rows := [][]any{zhHead}
	for i := 0; i <= user.MaxImportRows; i++ {
		rows = append(rows, []any{fmt.Sprintf("bulk%05d", i), "Bulk"})
	}
	r = importFile(t, admin, "", book(t, rows...)).Want(400)
	if r.Env.Msg != "A file may hold at most 5000 data rows; split it and import the parts" {
		t.Fatalf("too many rows: %s", r.Body)
	}
	if e.Count("SELECT COUNT(*) FROM users WHERE username LIKE 'bulk%'") != 0 {
		t.Fatal("rows written")
	}
}

func TestImportMaxRows(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("5,000 rows")
	}
	e := apptest.New(t)
	admin := e.Admin()
	rows := [][]any{zhHead}
	for i := 0; i < user.MaxImportRows; i++ {
		rows = append(rows, []any{fmt.Sprintf("bulk%05d", i), "Bulk", "", "", "", "CLERK"})
	}
	var res user.ImportResult
	importFile(t, admin, "", book(t, rows...)).Want(200).Decode(&res)
	if res.ImportedCount != user.MaxImportRows {
		t.Fatalf("%+v", res.ImportedCount)
	}
	if n := e.Count("SELECT COUNT(*) FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username LIKE 'bulk%'"); n != user.MaxImportRows {
		t.Fatalf("%d role links", n)
	}
}

func TestImportRootRole(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	mgr := e.UserWith("sys:user:import")
	mgr.Lang = "en"
	var res user.ImportResult
	importFile(t, mgr, "", book(t, zhHead, []any{"sneaky", "Sneaky", "", "", "", "ROOT"})).Want(200).Decode(&res)
	if res.InvalidCount != 1 || res.Errors[0].Message != "Only an administrator can grant the administrator role" {
		t.Fatalf("%+v", res)
	}
	importFile(t, e.Admin(), "", book(t, zhHead, []any{"second.root", "Root", "", "", "", "ROOT"})).Want(200).Decode(&res)
	if res.ImportedCount != 1 {
		t.Fatalf("%+v", res)
	}
}

func TestExport(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	create(t, admin, with(newUser(e, "exp.one"), "nickname", "导出一", "mobile", "13800000021", "gender", 1, "deptId", hq(e)))
	create(t, admin, with(newUser(e, "exp.two"), "nickname", "导出二", "status", 0))
	create(t, admin, newUser(e, "other"))

	r := admin.Do("GET", "/api/users/export?keywords=exp.", nil).Want(200)
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/vnd.openxmlformats") {
		t.Fatalf("content type %q", r.Header.Get("Content-Type"))
	}
	rows := sheet(t, r.Body)
	if len(rows) != 3 || strings.Join(rows[0], "|") != "用户名|昵称|部门|性别|手机号码|邮箱|角色|门店|状态|创建时间" {
		t.Fatalf("rows %q", rows)
	}
	if strings.Join(rows[1][:5], "|") != "exp.two|导出二||未知|" || rows[1][8] != "禁用" ||
		strings.Join(rows[2][:5], "|") != "exp.one|导出一|总部|男|13800000021" || rows[2][7] != "总店" || rows[2][8] != "正常" ||
		rows[2][6] == "" || len(rows[2][9]) != 19 {
		t.Fatalf("rows %q", rows)
	}
	admin.Lang = "en"
	rows = sheet(t, admin.Do("GET", "/api/users/export?status=0", nil).Want(200).Body)
	if len(rows) != 2 || rows[0][0] != "Username" || rows[1][0] != "exp.two" || rows[1][8] != "Disabled" {
		t.Fatalf("en rows %q", rows)
	}
	// The shop scope applies to the export as well.
	shop2 := addShop(e, "S002", "分店")
	create(t, admin, with(newUser(e, "exp.far"), "shopIds", []int64{shop2}))
	mgr := e.UserWith("sys:user:export")
	for _, row := range sheet(t, mgr.Do("GET", "/api/users/export", nil).Want(200).Body) {
		if row[0] == "exp.far" {
			t.Fatal("another shop's user exported")
		}
	}
	admin.Do("GET", "/api/users/export?createTime=bad", nil).Want(400)
}
