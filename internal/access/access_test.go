package access_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
)

type listed struct {
	Records int              `json:"records"`
	Rows    []map[string]any `json:"rows"`
}

func get(t *testing.T, c *apptest.Client, path string) listed {
	t.Helper()
	var l listed
	c.Do("GET", path, nil).Want(200).Decode(&l)
	return l
}

// ids are the values of key in the rows, as text, sorted as listed.
func ids(l listed, key string) string {
	var out []string
	for _, r := range l.Rows {
		out = append(out, fmt.Sprint(r[key]))
	}
	return strings.Join(out, ",")
}

// sheetText is every cell of an exported workbook's first sheet.
func sheetText(t *testing.T, c *apptest.Client, path string) (string, int) {
	t.Helper()
	r := c.Do("GET", path, nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	rows, err := x.GetRows(x.GetSheetList()[0])
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	for _, row := range rows {
		sb.WriteString(strings.Join(row, "|") + "\n")
	}
	return sb.String(), len(rows)
}

// today dates the documents (the dashboard shows the last twelve months).
var today = time.Now().Format(time.DateOnly)

// period is the report filter of today.
var period = "beginDate=" + today + "&endDate=" + today

type world struct {
	e                  *apptest.Env
	admin, clerk       *apptest.Client
	clerkID, roleID    int64
	b                  apptest.Basics
	whB, customer2     int64
	puA, puB, saA, saB int64 // purchases into A and B; sales to customer 1 and 2 (both from A)
}

// newWorld: warehouses 总仓 (A) and 北仓 (B) of the main shop, customers
// 张三超市 and 李四商店; the administrator bought 10 into A and 5 into B and
// sold 1 to each customer from A. The clerk may query and make purchases
// and sales, see warehouses, customers, suppliers, the stock query and
// the purchase detail and stock balance reports with their exports.
func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin(), b: e.AddBasics()}
	now := time.Now().UTC()
	w.whB = e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK002', '北仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), w.whB)
	w.customer2 = e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH002', '李四商店', 'lssd', ?, ?) RETURNING id", now, now)
	w.puA = w.post(w.admin, "/api/purchase", w.doc(w.b.Supplier, w.b.Location, "10"))
	w.puB = w.post(w.admin, "/api/purchase", w.doc(w.b.Supplier, w.whB, "5"))
	w.saA = w.post(w.admin, "/api/sales", w.doc(w.b.Customer, w.b.Location, "1"))
	w.saB = w.post(w.admin, "/api/sales", w.doc(w.customer2, w.b.Location, "1"))
	w.clerkID = e.CreateUser("clerk", "secret1", "settings:invlocation:query", "settings:customer:query", "settings:supplier:query",
		"settings:customer:export", "purchase:purchase:query", "purchase:purchase:add", "purchase:purchase:update", "purchase:purchase:check",
		"purchase:purchase:export", "sales:sales:query", "sales:sales:add", "warehouse:stock:query", "settings:inventory:query", "money:salesAmount:view",
		"report:puDetail:query", "report:puDetail:export", "report:invBalance:query", "report:invBalance:export")
	w.clerk = e.SignIn("clerk", "secret1")
	w.roleID = e.RoleOf(w.clerk)
	return w
}

func (w *world) doc(contact, wh int64, qty string) map[string]any {
	d := w.b.Doc(contact, today, qty, "2")
	d["locationId"] = wh
	d["entries"].([]map[string]any)[0]["locationId"] = wh
	return d
}

func (w *world) post(c *apptest.Client, path string, body map[string]any) int64 {
	w.e.T.Helper()
	var d struct{ ID int64 }
	c.Do("POST", path+"/add?check=1", body).Want(200).Decode(&d)
	return d.ID
}

// rights sets data rights as the administrator.
func (w *world) rights(body map[string]any) {
	w.e.T.Helper()
	w.admin.Do("POST", "/api/dataRights", body).Want(200)
}

func TestWarehouseLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, c, e := w.admin, w.clerk, w.e
	A, B := fmt.Sprint(w.b.Location), fmt.Sprint(w.whB)

	// Before any right: the clerk sees both warehouses (its principal is
	// now cached: the change below must still apply to its next request).
	if l := get(t, c, "/api/invlocation/list"); l.Records != 2 {
		t.Fatalf("unrestricted clerk sees %d warehouses", l.Records)
	}
	w.rights(map[string]any{"userId": w.clerkID, "warehouseIds": []int64{w.b.Location}, "allCustomers": true, "allSuppliers": true})

	t.Run("warehouse list and picker", func(t *testing.T) {
		for _, q := range []string{"", "?disable=0", "?matchCon=仓"} {
			if l := get(t, c, "/api/invlocation/list"+q); ids(l, "id") != A {
				t.Errorf("list%s: %s", q, ids(l, "id"))
			}
		}
		c.Do("GET", "/api/invlocation/get_update?id="+B, nil).Want(404)
		if l := get(t, a, "/api/invlocation/list"); l.Records != 2 {
			t.Errorf("ROOT sees %d warehouses", l.Records)
		}
	})
	t.Run("stock query", func(t *testing.T) {
		l := get(t, c, "/api/stock/query")
		if ids(l, "locationId") != A || fmt.Sprint(l.Rows[0]["qty"]) != "8" {
			t.Errorf("stock query %v", l.Rows)
		}
		if l := get(t, c, "/api/stock/query?locationId="+B); l.Records != 0 {
			t.Errorf("stock of B by filter: %v", l.Rows)
		}
		if l := get(t, a, "/api/stock/query"); l.Records != 2 {
			t.Errorf("ROOT stock query %v", l.Rows)
		}
		// The goods picker's available stock per warehouse.
		var avail []map[string]any
		c.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d", w.b.Goods), nil).Want(200).Decode(&avail)
		if len(avail) != 1 || fmt.Sprint(avail[0]["locationId"]) != A {
			t.Errorf("available %v", avail)
		}
		a.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d", w.b.Goods), nil).Want(200).Decode(&avail)
		if len(avail) != 2 {
			t.Errorf("ROOT available %v", avail)
		}
	})
	t.Run("documents", func(t *testing.T) {
		if l := get(t, c, "/api/purchase/list"); ids(l, "id") != fmt.Sprint(w.puA) {
			t.Errorf("purchase list %s", ids(l, "id"))
		}
		if l := get(t, c, "/api/purchase/list?locationId="+B); l.Records != 0 {
			t.Errorf("purchase list of B %s", ids(l, "id"))
		}
		if l := get(t, a, "/api/purchase/list"); l.Records != 2 {
			t.Errorf("ROOT purchase list %d", l.Records)
		}
		text, n := sheetText(t, c, "/api/purchase/export")
		if n != 2 || strings.Contains(text, "北仓") {
			t.Errorf("purchase export (%d rows):\n%s", n, text)
		}
	})
	before := e.Count("SELECT COUNT(*) FROM bills")
	toB := w.doc(w.b.Supplier, w.whB, "1")
	lineToB := w.doc(w.b.Supplier, w.b.Location, "1")
	lineToB["entries"].([]map[string]any)[0]["locationId"] = w.whB
	draft := w.doc(w.b.Supplier, w.b.Location, "2")
	var own struct {
		ID      int64
		Version int64
	}
	c.Do("POST", "/api/purchase/add", draft).Want(200).Decode(&own)
	draft["id"], draft["version"] = own.ID, own.Version
	editToB := map[string]any{}
	for k, v := range w.doc(w.b.Supplier, w.whB, "2") {
		editToB[k] = v
	}
	editToB["id"], editToB["version"] = own.ID, own.Version
	apptest.Run(t, []apptest.Step{
		{Name: "get B's purchase", As: c, Method: "GET", Path: fmt.Sprintf("/api/purchase/query?id=%d", w.puB), Status: 404},
		{Name: "get A's purchase", As: c, Method: "GET", Path: fmt.Sprintf("/api/purchase/query?id=%d", w.puA), Status: 200},
		{Name: "ROOT gets B's purchase", As: a, Method: "GET", Path: fmt.Sprintf("/api/purchase/query?id=%d", w.puB), Status: 200},
		{Name: "post to B", As: c, Method: "POST", Path: "/api/purchase/add?check=1", Body: toB, Status: 403, Field: "locationId", Msg: "您无权使用仓库“北仓”"},
		{Name: "post to B, en", As: c, Lang: "en", Method: "POST", Path: "/api/purchase/add", Body: toB, Status: 403, Field: "locationId", Msg: `You may not use warehouse "北仓"`},
		{Name: "a line in B", As: c, Method: "POST", Path: "/api/purchase/add?check=1", Body: lineToB, Status: 403, Field: "entries[0].locationId"},
		{Name: "edit own draft into B", As: c, Method: "POST", Path: "/api/purchase/update", Body: editToB, Status: 403, Field: "locationId"},
		{Name: "audit B's purchase", As: c, Method: "POST", Path: fmt.Sprintf("/api/purchase/check?id=%d", w.puB), Status: 200, BodyHas: "不存在"},
		{Name: "un-audit B's purchase", As: c, Method: "POST", Path: fmt.Sprintf("/api/purchase/uncheck?id=%d", w.puB), Status: 403},
		{Name: "audit own draft in A", As: c, Method: "POST", Path: fmt.Sprintf("/api/purchase/check?id=%d", own.ID), Status: 200, BodyHas: `"ok":true`},
	})
	if n := e.Count("SELECT COUNT(*) FROM bills"); n != before+1 {
		t.Fatalf("refused posts wrote documents: %d → %d", before, n)
	}
	if n := e.Count("SELECT COUNT(*) FROM bills WHERE id = ? AND location_id = ? AND checked = 1", own.ID, w.b.Location); n != 1 {
		t.Fatalf("the clerk's draft changed: %d", n)
	}

	t.Run("reports and exports", func(t *testing.T) {
		r := get(t, c, "/api/report/puDetail?"+period)
		if r.Records != 2 || strings.Contains(fmt.Sprint(r.Rows), "北仓") {
			t.Errorf("puDetail %v", r.Rows)
		}
		if r := get(t, a, "/api/report/puDetail?"+period); r.Records != 3 {
			t.Errorf("ROOT puDetail %d rows", r.Records)
		}
		text, _ := sheetText(t, c, "/api/report/puDetail/export?"+period)
		if strings.Contains(text, "北仓") || !strings.Contains(text, "总仓") {
			t.Errorf("puDetail export:\n%s", text)
		}
		var bal struct {
			listed
			Columns []struct{ Key string } `json:"columns"`
		}
		c.Do("GET", "/api/report/invBalance", nil).Want(200).Decode(&bal)
		if bal.Records != 1 || fmt.Sprint(bal.Rows[0]["qty"]) != "10" || strings.Contains(fmt.Sprint(bal.Columns), "qty_"+B) {
			t.Errorf("invBalance %v %v", bal.Rows, bal.Columns)
		}
		if b := get(t, a, "/api/report/invBalance"); fmt.Sprint(b.Rows[0]["qty"]) != "15" {
			t.Errorf("ROOT invBalance %v", b.Rows)
		}
		text, _ = sheetText(t, c, "/api/report/invBalance/export")
		if strings.Contains(text, "北仓") || !strings.Contains(text, "总仓") {
			t.Errorf("invBalance export:\n%s", text)
		}
	})

	t.Run("rights of the role, a user inheriting them", func(t *testing.T) {
		w.rights(map[string]any{"userId": w.clerkID, "inherit": true})
		if l := get(t, c, "/api/invlocation/list"); l.Records != 2 {
			t.Fatalf("inheriting an unrestricted role: %d warehouses", l.Records)
		}
		w.rights(map[string]any{"roleId": w.roleID, "warehouseIds": []int64{w.whB}, "allCustomers": true, "allSuppliers": true})
		if l := get(t, c, "/api/invlocation/list"); ids(l, "id") != B {
			t.Fatalf("role limited to B: %s", ids(l, "id"))
		}
		var got map[string]any
		a.Do("GET", fmt.Sprintf("/api/dataRights?roleId=%d", w.roleID), nil).Want(200).Decode(&got)
		if fmt.Sprint(got["warehouseIds"]) != "["+B+"]" || got["allWarehouses"] != false || got["allCustomers"] != true {
			t.Fatalf("role rights %v", got)
		}
		a.Do("GET", fmt.Sprintf("/api/dataRights?userId=%d", w.clerkID), nil).Want(200).Decode(&got)
		if got["inherit"] != true {
			t.Fatalf("user rights %v", got)
		}
	})
}

func TestContactsAndOwnDocuments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, c := w.admin, w.clerk
	C1, C2 := fmt.Sprint(w.b.Customer), fmt.Sprint(w.customer2)
	w.rights(map[string]any{"userId": w.clerkID, "allWarehouses": true, "customerIds": []int64{w.b.Customer}, "allSuppliers": true})

	if l := get(t, c, "/api/contact/list?type=-10"); ids(l, "id") != C1 {
		t.Errorf("customer picker %s", ids(l, "id"))
	}
	if l := get(t, c, "/api/contact/list?type=10"); ids(l, "id") != fmt.Sprint(w.b.Supplier) {
		t.Errorf("suppliers are not limited: %s", ids(l, "id"))
	}
	if l := get(t, a, "/api/contact/list?type=-10"); l.Records != 2 {
		t.Errorf("ROOT customers %d", l.Records)
	}
	text, _ := sheetText(t, c, "/api/contact/exporter?type=-10")
	if strings.Contains(text, "李四商店") || !strings.Contains(text, "张三超市") {
		t.Errorf("customer export:\n%s", text)
	}
	if l := get(t, c, "/api/sales/list"); ids(l, "id") != fmt.Sprint(w.saA) {
		t.Errorf("sales list %s", ids(l, "id"))
	}
	if l := get(t, c, "/api/purchase/list"); l.Records != 2 {
		t.Errorf("purchases (suppliers unlimited) %d", l.Records)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "get customer 2", As: c, Method: "GET", Path: "/api/contact/get_update?id=" + C2, Status: 404},
		{Name: "get a sale to customer 2", As: c, Method: "GET", Path: fmt.Sprintf("/api/sales/query?id=%d", w.saB), Status: 404},
		{Name: "sell to customer 2", As: c, Method: "POST", Path: "/api/sales/add", Body: w.doc(w.customer2, w.b.Location, "1"), Status: 403, Field: "buId", Msg: "您无权使用“李四商店”"},
		{Name: "sell to customer 1", As: c, Method: "POST", Path: "/api/sales/add", Body: w.doc(w.b.Customer, w.b.Location, "1"), Status: 200},
	})

	// The dashboard's sales of this month: the sale to customer 2 is not counted.
	month := func(c *apptest.Client) string {
		var d struct {
			Months []struct {
				Month string
				Sales any
			}
		}
		c.Do("GET", "/api/report/dashboard", nil).Want(200).Decode(&d)
		for _, m := range d.Months {
			if m.Month == today[:7] {
				return fmt.Sprint(m.Sales)
			}
		}
		return "none"
	}
	if got, root := month(c), month(a); got != "2" || root != "4" {
		t.Errorf("dashboard sales of the month: clerk %s, ROOT %s", got, root)
	}

	// Own documents only: the clerk's draft sale, not the administrator's.
	w.rights(map[string]any{"userId": w.clerkID, "allWarehouses": true, "allCustomers": true, "allSuppliers": true, "ownDocuments": true})
	l := get(t, c, "/api/sales/list")
	if l.Records != 1 || fmt.Sprint(l.Rows[0]["buId"]) != C1 || ids(l, "id") == fmt.Sprint(w.saA) {
		t.Errorf("own sales %v", l.Rows)
	}
	if l := get(t, c, "/api/purchase/list"); l.Records != 0 {
		t.Errorf("own purchases %d", l.Records)
	}
	c.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", w.saA), nil).Want(404)
	if l := get(t, c, "/api/contact/list?type=-10"); l.Records != 2 {
		t.Errorf("own documents do not limit customers: %d", l.Records)
	}
	if l := get(t, a, "/api/sales/list"); l.Records != 3 {
		t.Errorf("ROOT sales %d", l.Records)
	}
}

func TestDataRightsAPI(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, c := w.admin, w.clerk
	root := w.e.RoleID("ROOT")
	// A role manager may change only a role granting no right it lacks.
	weak := w.e.UserWith("sys:role:query", "sys:role:edit")
	perms, err := db.Values[string](context.Background(), w.e.App.DB, `SELECT m.perm FROM role_menus rm
		JOIN menus m ON m.id = rm.menu_id WHERE rm.role_id = ? AND m.perm <> ''`, w.roleID)
	if err != nil {
		t.Fatal(err)
	}
	manager := w.e.UserWith(append(perms, "sys:role:query", "sys:role:edit")...)
	apptest.Run(t, []apptest.Step{
		{Name: "save: role manager lacking the role's rights", As: weak, Lang: "en", Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": w.roleID, "allWarehouses": true}, Status: 403, MsgHas: "permission you do not hold"},
		{Name: "get: no subject", As: a, Method: "GET", Path: "/api/dataRights", Status: 400, Field: "roleId"},
		{Name: "get: both", As: a, Method: "GET", Path: fmt.Sprintf("/api/dataRights?roleId=%d&userId=%d", w.roleID, w.clerkID), Status: 400, Field: "roleId"},
		{Name: "get: bad id", As: a, Method: "GET", Path: "/api/dataRights?roleId=x", Status: 400, Field: "roleId"},
		{Name: "get: unknown role", As: a, Method: "GET", Path: "/api/dataRights?roleId=999999", Status: 404},
		{Name: "get: unknown user", As: a, Method: "GET", Path: "/api/dataRights?userId=999999", Status: 404},
		{Name: "get: no permission", As: c, Method: "GET", Path: fmt.Sprintf("/api/dataRights?roleId=%d", w.roleID), Status: 403},
		{Name: "get: role manager, a user", As: manager, Method: "GET", Path: fmt.Sprintf("/api/dataRights?userId=%d", w.clerkID), Status: 403},
		{Name: "get: role manager, a role", As: manager, Method: "GET", Path: fmt.Sprintf("/api/dataRights?roleId=%d", w.roleID), Status: 200, BodyHas: `"allWarehouses":true`},
		{Name: "save: no subject", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"allWarehouses": true}, Status: 400, Field: "roleId", Msg: "请指定一个角色（roleId）或一个用户（userId）"},
		{Name: "save: no subject, en", As: a, Lang: "en", Method: "POST", Path: "/api/dataRights", Body: "{}", Status: 400, Field: "roleId", Msg: "Give either a role (roleId) or a user (userId)"},
		{Name: "save: malformed", As: a, Method: "POST", Path: "/api/dataRights", Body: `{"roleId":`, Status: 400},
		{Name: "save: ids not a list", As: a, Method: "POST", Path: "/api/dataRights", Body: `{"roleId":1,"warehouseIds":"all"}`, Status: 400, Field: "warehouseIds"},
		{Name: "save: unknown warehouse", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": w.roleID, "warehouseIds": []int64{w.whB, 999999}, "allCustomers": true, "allSuppliers": true}, Status: 400, Field: "warehouseIds[1]"},
		{Name: "save: a supplier as a customer", As: a, Lang: "en", Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": w.roleID, "allWarehouses": true, "customerIds": []int64{w.b.Supplier}, "allSuppliers": true}, Status: 400, Field: "customerIds[0]", Msg: fmt.Sprintf("customerIds[0]: no such record (%d)", w.b.Supplier)},
		{Name: "save: repeated id", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": w.roleID, "warehouseIds": []int64{w.whB, w.whB}}, Status: 400, Field: "warehouseIds[1]"},
		{Name: "save: negative id", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": w.roleID, "supplierIds": []int64{-3}}, Status: 400, Field: "supplierIds[0]"},
		{Name: "save: the administrator role", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": root, "warehouseIds": []int64{w.whB}}, Status: 400, Field: "roleId"},
		{Name: "save: unknown role", As: a, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": 999999, "warehouseIds": []int64{}}, Status: 404},
		{Name: "save: no permission", As: c, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"userId": w.clerkID, "allWarehouses": true}, Status: 403},
		{Name: "save: role manager, a user", As: manager, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"userId": w.clerkID, "allWarehouses": true}, Status: 403},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM data_rights"); n != 0 {
		t.Fatalf("refused requests wrote %d rows", n)
	}
	// An empty list allows nothing: no warehouse at all.
	var got map[string]any
	manager.Do("POST", "/api/dataRights", map[string]any{"roleId": w.roleID, "warehouseIds": []int64{}, "allCustomers": true, "allSuppliers": true}).Want(200).Decode(&got)
	if got["allWarehouses"] != false || fmt.Sprint(got["warehouseIds"]) != "[]" {
		t.Fatalf("saved %v", got)
	}
	if l := get(t, c, "/api/invlocation/list"); l.Records != 0 {
		t.Fatalf("no warehouse allowed, %d listed", l.Records)
	}
	if l := get(t, c, "/api/stock/query"); l.Records != 0 {
		t.Fatalf("no warehouse allowed, stock %v", l.Rows)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '%dataRights%' AND changes LIKE '%allWarehouses%'"); n != 1 {
		t.Fatalf("operation log rows: %d", n)
	}
	// A deleted role takes its rights along.
	w.e.Exec("DELETE FROM user_roles WHERE role_id = ?", w.roleID)
	w.e.Exec("DELETE FROM roles WHERE id = ?", w.roleID)
	if n := w.e.Count("SELECT COUNT(*) FROM data_rights"); n != 0 {
		t.Fatalf("rights of a deleted role: %d rows", n)
	}
}

// The fund reports and the receipt's unsettled list show only the contacts
// the caller may use: a user limited to customer 1 and no supplier sees
// customer 1's ledger, statement, ageing and collection, no supplier's, and
// in the cash journal every money line (the account's balance adds up)
// but customer 2's name; customer 2's unsettled documents are a 404.
func TestFundReportsLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	C1, C2, S := fmt.Sprint(w.b.Customer), fmt.Sprint(w.customer2), fmt.Sprint(w.b.Supplier)
	for _, c := range []int64{w.b.Customer, w.customer2} { // 1 from each customer into 现金, as an advance
		w.post(a, "/api/receipt", map[string]any{"date": today, "buId": c, "accounts": []map[string]any{{"accId": w.b.Account, "payment": "1"}}})
	}
	var perms []string
	for _, r := range []string{"receivableDetail", "payableDetail", "customerReconciliation", "supplierReconciliation", "receivableAgeing",
		"collectionOverview", "bankJournal", "oriDetail"} {
		perms = append(perms, "report:"+r+":query", "report:"+r+":export")
	}
	u := w.e.UserWith(append(perms, "money:salesAmount:view", "money:purchaseAmount:view", "fund:receipt:query", "fund:payment:query")...)
	w.rights(map[string]any{"userId": w.e.UserID(u.Username), "allWarehouses": true, "customerIds": []int64{w.b.Customer}, "supplierIds": []int64{}})

	text := func(c *apptest.Client, path string) string {
		var l listed
		c.Do("GET", path, nil).Want(200).Decode(&l)
		return fmt.Sprint(l.Rows)
	}
	for _, tc := range []struct {
		report     string
		query      string
		shows, not string // what the limited user sees ("" nothing) and what it must not but ROOT does
	}{
		{"receivableDetail", period, "张三超市", "李四商店"},
		{"receivableDetail", period + "&buId=" + C2, "", "李四商店"},
		{"payableDetail", period, "", "华东饮料"},
		{"customerReconciliation", period + "&buId=" + C1, fmt.Sprintf("billId:%d ", w.saA), ""},
		{"customerReconciliation", period + "&buId=" + C2, "", fmt.Sprintf("billId:%d ", w.saB)},
		{"supplierReconciliation", period + "&buId=" + S, "", fmt.Sprintf("billId:%d ", w.puA)},
		{"receivableAgeing", "endDate=" + today, "张三超市", "李四商店"},
		{"collectionOverview", period, "张三超市", "李四商店"},
		{"bankJournal", period, "张三超市", "李四商店"},
	} {
		t.Run(tc.report+"?"+tc.query, func(t *testing.T) {
			got := text(u, "/api/report/"+tc.report+"?"+tc.query)
			if tc.not != "" && strings.Contains(got, tc.not) || tc.shows != "" && !strings.Contains(got, tc.shows) || tc.shows == "" && got != "[]" {
				t.Errorf("limited user: %s", got)
			}
			if root := text(a, "/api/report/"+tc.report+"?"+tc.query); tc.not != "" && !strings.Contains(root, tc.not) {
				t.Errorf("ROOT does not see %s: %s", tc.not, root)
			}
		})
	}
	// the cash journal keeps every money line: the same closing as ROOT's
	var mine, root struct {
		Userdata map[string]any `json:"userdata"`
	}
	u.Do("GET", "/api/report/bankJournal?"+period, nil).Want(200).Decode(&mine)
	a.Do("GET", "/api/report/bankJournal?"+period, nil).Want(200).Decode(&root)
	if fmt.Sprint(mine.Userdata["balance"]) != fmt.Sprint(root.Userdata["balance"]) || fmt.Sprint(mine.Userdata["income"]) != "2" {
		t.Errorf("bank journal totals: %v, ROOT %v", mine.Userdata, root.Userdata)
	}
	if x, _ := sheetText(t, u, "/api/report/receivableDetail/export?"+period); strings.Contains(x, "李四商店") || !strings.Contains(x, "张三超市") {
		t.Errorf("receivableDetail export:\n%s", x)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "unsettled of a hidden customer", As: u, Method: "GET", Path: "/api/receipt/unsettled?buId=" + C2, Status: 404},
		{Name: "unsettled of a hidden supplier", As: u, Method: "GET", Path: "/api/payment/unsettled?buId=" + S, Status: 404},
		{Name: "unsettled of a supplier on receipts", As: a, Method: "GET", Path: "/api/receipt/unsettled?buId=" + S, Status: 404},
		{Name: "unsettled of an unknown contact", As: a, Method: "GET", Path: "/api/receipt/unsettled?buId=999999", Status: 404},
		{Name: "unsettled of the allowed customer", As: u, Method: "GET", Path: "/api/receipt/unsettled?buId=" + C1, Status: 200, BodyHas: `"totalsize":1`},
		{Name: "ROOT: customer 2", As: a, Method: "GET", Path: "/api/receipt/unsettled?buId=" + C2, Status: 200, BodyHas: `"totalsize":1`},
	})
}
