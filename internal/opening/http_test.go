package opening_test

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/opening"
)

type stockPage struct {
	Records  int                `json:"records"`
	Rows     []opening.StockRow `json:"rows"`
	Userdata map[string]any     `json:"userdata"`
}

func TestOpeningBalances(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	second := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK002', '分仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), second)
	// A warehouse of another shop: a clerk of the main shop cannot set its openings.
	otherShop := e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S9', '分店', ?, ?) RETURNING id", now, now)
	far := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK009', '远仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", otherShop, far)
	serial := e.Insert("INSERT INTO goods (number, name, unit_id, is_ser_num, created_at, updated_at) VALUES ('SP009', '手机', ?, 1, ?, ?) RETURNING id", b.Unit, now, now)

	var sum opening.Summary
	admin.Do("GET", "/api/opening/summary", nil).Want(200).Decode(&sum)
	if sum.StartDate != apptest.TestStartDate || sum.Locked || !sum.Net.IsZero() || sum.StockLines != 0 {
		t.Fatalf("empty summary %+v", sum)
	}

	// Opening stock in two warehouses: posted as the engine's opening moves
	// at the start date, totals the position.
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "10", "unitCost": "2.5"}).Want(200)
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": second, "qty": 4, "unitCost": "3"}).Want(200).Decode(&sum)
	if sum.StockLines != 2 || sum.StockQty.String() != "14" || sum.StockAmount.String() != "37" || sum.Net.String() != "37" {
		t.Fatalf("after stock %+v", sum)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'opening' AND move_date = ?", apptest.TestStartDate); n != 2 {
		t.Fatalf("opening moves: %d", n)
	}
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM stock_balances WHERE goods_id = ? AND location_id = ?", b.Goods, b.Location); q != "10000000" {
		t.Fatalf("balance qty %s", q)
	}
	// Change one line, remove the other.
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "12", "unitCost": "2.5"}).Want(200)
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": second, "qty": "0", "unitCost": "0"}).Want(200).Decode(&sum)
	if sum.StockLines != 1 || sum.StockAmount.String() != "30" {
		t.Fatalf("after change %+v", sum)
	}
	var page stockPage
	admin.Do("GET", "/api/opening/stock?page=1&rows=20&matchCon=可乐", nil).Want(200).Decode(&page)
	if page.Records != 1 || page.Rows[0].InvNumber != "SP001" || page.Rows[0].LocationName != "总仓" || page.Rows[0].Amount.String() != "30" ||
		fmt.Sprint(page.Userdata["amount"]) != "30" || fmt.Sprint(page.Userdata["qty"]) != "12" {
		t.Fatalf("stock page %+v", page)
	}

	// Contacts and accounts.
	admin.Do("POST", "/api/opening/contact", map[string]any{"id": b.Customer, "amount": "100", "periodMoney": "20"}).Want(200)
	admin.Do("POST", "/api/opening/contact", map[string]any{"id": b.Supplier, "amount": "50", "periodMoney": "5"}).Want(200)
	admin.Do("POST", "/api/opening/account", map[string]any{"id": b.Account, "amount": "1000.5"}).Want(200).Decode(&sum)
	// 30 stock + 100 receivable + 5 paid ahead + 1000.5 cash − 50 payable − 20 received ahead
	if sum.Receivable.String() != "100" || sum.AdvanceReceived.String() != "20" || sum.Payable.String() != "50" || sum.AdvancePaid.String() != "5" ||
		sum.Accounts.String() != "1000.5" || sum.Net.String() != "1065.5" {
		t.Fatalf("position %+v", sum)
	}
	var contacts struct {
		Rows     []opening.ContactRow `json:"rows"`
		Userdata map[string]any       `json:"userdata"`
	}
	admin.Do("GET", "/api/opening/contact?type=-10&page=1&rows=20", nil).Want(200).Decode(&contacts)
	if len(contacts.Rows) != 1 || contacts.Rows[0].Number != "KH001" || contacts.Rows[0].Amount.String() != "100" || fmt.Sprint(contacts.Userdata["periodMoney"]) != "20" {
		t.Fatalf("customers %+v", contacts)
	}
	// The contact list shows the opening in its balance.
	if r := admin.Do("GET", "/api/contact/list?type=-10&page=1&rows=20", nil).Want(200); !bytes.Contains(r.Body, []byte(`"balance":80`)) {
		t.Fatalf("contact list: %s", r.Body)
	}

	// Bad input and permissions: nothing changes.
	money := []string{"money:cost:view", "money:salesAmount:view", "money:purchaseAmount:view"}
	reader := e.UserWith(append(money, "settings:opening:query")...)
	clerk := e.UserWith(append(money, "settings:opening:query", "settings:opening:update")...)
	nobody := e.UserWith("settings:coding:query")
	s := "/api/opening/stock"
	before := e.Text("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM stock_moves") + e.Text("SELECT CAST(SUM(opening_amount) AS TEXT) FROM contacts")
	apptest.Run(t, []apptest.Step{
		{Name: "summary: not signed in", As: e.Anonymous(), Method: "GET", Path: "/api/opening/summary", Status: 401},
		{Name: "summary: no right", As: nobody, Method: "GET", Path: "/api/opening/summary", Status: 403},
		{Name: "summary: reader", As: reader, Method: "GET", Path: "/api/opening/summary", Status: 200, BodyHas: `"net":1065.5`},
		{Name: "stock: reader cannot set", As: reader, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": 1, "unitCost": 1}, Status: 403},
		{Name: "contact: reader cannot set", As: reader, Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": b.Customer, "amount": 1}, Status: 403},
		{Name: "import: reader cannot", As: reader, Method: "POST", Path: "/api/opening/import?kind=account", Status: 403},
		{Name: "no goods", As: admin, Method: "POST", Path: s, Body: map[string]any{"locationId": b.Location, "qty": 1, "unitCost": 1}, Status: 400, Field: "invId", Msg: "商品不能为空"},
		{Name: "unknown goods", As: admin, Lang: "en", Method: "POST", Path: s, Body: map[string]any{"invId": 999999, "locationId": b.Location, "qty": 1, "unitCost": 1}, Status: 400, Field: "invId", Msg: "Goods does not exist or has been deleted"},
		{Name: "negative qty", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": -1, "unitCost": 1}, Status: 400, Field: "qty", Msg: "期初数量不能为负数"},
		{Name: "too many decimals", As: admin, Lang: "en", Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "1.234", "unitCost": 1}, Status: 400, Field: "qty", Msg: "Opening quantity allows at most 2 decimal places"},
		{Name: "qty past the limit", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "1000000001", "unitCost": 1}, Status: 400, Field: "qty"},
		{Name: "amount past the limit", As: admin, Lang: "en", Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "1000000000", "unitCost": "1001"}, Status: 400, Field: "amount", Msg: "Opening amount must be between 0 and 1000000000000"},
		{Name: "huge number", As: admin, Method: "POST", Path: s, Body: `{"invId":1,"locationId":1,"qty":1e400,"unitCost":1}`, Status: 400},
		{Name: "text for qty", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "ten", "unitCost": 1}, Status: 400, Field: "qty"},
		{Name: "another shop's warehouse", As: clerk, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": far, "qty": 1, "unitCost": 1}, Status: 400, Field: "locationId", Msg: "仓库不存在或已被删除"},
		{Name: "serials while serial numbers are off", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": serial, "locationId": b.Location, "qty": 1, "unitCost": 1,
			"serNumList": []map[string]string{{"serNum": "X1"}}}, Status: 400, Field: "serNumList", MsgHas: "序列号"},
		{Name: "unknown SKU", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "skuId": 4242, "qty": 1, "unitCost": 1}, Status: 400, Field: "skuId"},
		{Name: "server-owned amount ignored, malformed", As: admin, Method: "POST", Path: s, Body: `{"invId":`, Status: 400},
		{Name: "contact: unknown", As: admin, Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": 999999, "amount": 1}, Status: 400, Field: "id"},
		{Name: "contact: negative", As: admin, Lang: "en", Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": b.Customer, "amount": -5}, Status: 400, Field: "amount", Msg: "Opening receivable/payable must not be negative"},
		{Name: "contact: past the limit", As: admin, Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": b.Customer, "amount": "1000000000000.01"}, Status: 400, Field: "amount"},
		{Name: "contact list: bad type", As: admin, Method: "GET", Path: "/api/opening/contact?type=3", Status: 400, Field: "type"},
		{Name: "account: 3 places", As: admin, Method: "POST", Path: "/api/opening/account", Body: map[string]any{"id": b.Account, "amount": "1.005"}, Status: 400, Field: "amount", Msg: "期初余额最多 2 位小数"},
		{Name: "template: bad kind", As: admin, Method: "GET", Path: "/api/opening/template?kind=bills", Status: 400, Field: "kind"},
		{Name: "import: bad kind", As: admin, Method: "POST", Path: "/api/opening/import?kind=", Status: 400, Field: "kind"},
		{Name: "clerk sees only the shop's warehouses", As: clerk, Method: "GET", Path: "/api/opening/stock?page=1&rows=10", Status: 200, BodyHas: `"records":1`},
	})
	after := e.Text("SELECT CAST(COALESCE(SUM(amount), 0) AS TEXT) FROM stock_moves") + e.Text("SELECT CAST(SUM(opening_amount) AS TEXT) FROM contacts")
	if after != before {
		t.Fatalf("a refused change wrote: %s → %s", before, after)
	}

	// A sale takes 8 of the 12: lowering the opening below what was sold is
	// refused by the stock engine, naming the goods.
	admin.Do("POST", "/api/sales/add?check=1", b.Doc(b.Customer, "2025-02-01", "8", "5")).Want(200)
	r := admin.Do("POST", s, map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "5", "unitCost": "2.5"}).Want(400)
	if !bytes.Contains(r.Body, []byte("可乐")) {
		t.Fatalf("short opening: %s", r.Body)
	}

	// Excel: the template holds today's figures; an import with a bad row
	// writes nothing and names the row; a good one sets every row.
	tpl := admin.Do("GET", "/api/opening/template?kind=stock", nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(tpl.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := x.GetRows(x.GetSheetList()[0])
	if len(rows) != 2 || rows[1][0] != "SP001" || rows[1][3] != "总仓" || rows[1][4] != "12" {
		t.Fatalf("template rows %v", rows)
	}
	bad := xlsx(t, []string{"商品编号", "仓库", "期初数量", "单位成本"}, [][]string{{"SP001", "分仓", "3", "2"}, {"SP404", "总仓", "1", "1"}, {"SP001", "CK002", "1", "1"}})
	var res struct {
		InvalidCount, ImportedCount int
		Errors                      []struct {
			Row     int
			Message string
		}
	}
	admin.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", bad).Want(200).Decode(&res)
	if res.InvalidCount != 2 || res.ImportedCount != 0 || res.Errors[0].Row != 3 || res.Errors[0].Message != "没有编号为“SP404”的商品" || res.Errors[1].Message != "与第 2 行重复" {
		t.Fatalf("bad import %+v", res)
	}
	good := xlsx(t, []string{"Goods number", "Warehouse", "Opening quantity", "Unit cost"}, [][]string{{"SP001", "分仓", "3", "2"}})
	admin.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", good).Want(200).Decode(&res)
	if res.InvalidCount != 0 || res.ImportedCount != 1 {
		t.Fatalf("good import %+v", res)
	}
	accounts := xlsx(t, []string{"编号", "期初余额"}, [][]string{{"ZH001", "88"}})
	admin.Multipart("POST", "/api/opening/import?kind=account", nil, "file", accounts).Want(200)
	customers := xlsx(t, []string{"编号", "期初应收", "期初预收"}, [][]string{{"KH001", "60", "0"}})
	admin.Multipart("POST", "/api/opening/import?kind=customer", nil, "file", customers).Want(200)
	admin.Do("GET", "/api/opening/summary", nil).Want(200).Decode(&sum)
	if sum.StockAmount.String() != "36" || sum.Accounts.String() != "88" || sum.Receivable.String() != "60" || sum.AdvanceReceived.String() != "0" {
		t.Fatalf("after imports %+v", sum)
	}

	// Locked once a period is closed, in both languages; reopened, open again.
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	admin.Do("GET", "/api/opening/summary", nil).Want(200).Decode(&sum)
	if !sum.Locked || sum.CloseDate != "2025-01-31" {
		t.Fatalf("locked summary %+v", sum)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "locked stock", As: admin, Method: "POST", Path: s, Body: map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": 20, "unitCost": 1}, Status: 409, Msg: "已结账至 2025-01-31，期初余额已锁定：反结账全部期间后才能修改"},
		{Name: "locked contact, en", As: admin, Lang: "en", Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": b.Customer, "amount": 1}, Status: 409, Msg: "The books are closed through 2025-01-31: opening balances are locked; reopen every closed period to change them"},
		{Name: "locked account", As: admin, Method: "POST", Path: "/api/opening/account", Body: map[string]any{"id": b.Account, "amount": 1}, Status: 409},
	})
	r = admin.Multipart("POST", "/api/opening/import?kind=account", nil, "file", accounts).Want(409)
	if r.Env.Msg == "" {
		t.Fatal("locked import without a message")
	}
	admin.Do("POST", "/api/period/open", nil).Want(200)
	admin.Do("POST", "/api/opening/account", map[string]any{"id": b.Account, "amount": 1}).Want(200)
}

func xlsx(t *testing.T, head []string, rows [][]string) []byte {
	t.Helper()
	f := excelize.NewFile()
	sh := f.GetSheetList()[0]
	for i, h := range head {
		cell, _ := excelize.CoordinatesToCellName(i+1, 1)
		f.SetCellValue(sh, cell, h)
	}
	for r, row := range rows {
		for i, v := range row {
			cell, _ := excelize.CoordinatesToCellName(i+1, r+2)
			f.SetCellValue(sh, cell, v)
		}
	}
	var buf bytes.Buffer
	if err := f.Write(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The goods form cannot change opening stock while a period is closed;
// unchanged openings (the form sends them back) still save.
func TestGoodsOpeningsLocked(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "10", "unitCost": "2"}).Want(200)
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	body := func(qty string) map[string]any {
		return map[string]any{"id": b.Goods, "number": "SP001", "name": "可乐", "unitId": b.Unit,
			"openings": []map[string]any{{"locationId": b.Location, "qty": qty, "unitCost": "2"}}}
	}
	apptest.Run(t, []apptest.Step{
		{Name: "changed opening refused", As: admin, Method: "POST", Path: "/api/inventory/update", Body: body("11"), Status: 400, Field: "openings", Msg: "已结账至 2025-01-31，期初余额已锁定：反结账全部期间后才能修改"},
		{Name: "unchanged opening saves", As: admin, Method: "POST", Path: "/api/inventory/update", Body: body("10"), Status: 200},
	})
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE goods_id = ?", b.Goods); q != "10000000" {
		t.Fatalf("opening qty %s", q)
	}
}

// The customer and account forms (and the contact import) cannot change an
// opening figure while a period is closed; other changes still save, and
// after reopening the openings change again.
func TestContactAndAccountOpeningsLocked(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	admin.Do("POST", "/api/opening/contact", map[string]any{"id": b.Customer, "amount": "60", "periodMoney": "5"}).Want(200)
	admin.Do("POST", "/api/opening/account", map[string]any{"id": b.Account, "amount": "88"}).Want(200)
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	customer := func(name, amount, advance string) map[string]any {
		return map[string]any{"id": b.Customer, "number": "KH001", "name": name, "cLevel": 0, "amount": amount, "periodMoney": advance}
	}
	account := func(name, amount string) map[string]any {
		return map[string]any{"id": b.Account, "number": "ZH001", "name": name, "type": 1, "amount": amount}
	}
	const locked = "已结账至 2025-01-31，期初余额已锁定：反结账全部期间后才能修改"
	apptest.Run(t, []apptest.Step{
		{Name: "changed receivable", As: admin, Method: "POST", Path: "/api/contact/update", Body: customer("张三超市", "61", "5"), Status: 400, Field: "amount", Msg: locked},
		{Name: "changed advance, en", As: admin, Lang: "en", Method: "POST", Path: "/api/contact/update", Body: customer("张三超市", "60", "0"), Status: 400, Field: "periodMoney",
			Msg: "The books are closed through 2025-01-31: opening balances are locked; reopen every closed period to change them"},
		{Name: "new customer with an opening", As: admin, Method: "POST", Path: "/api/contact/add", Body: map[string]any{"type": -10, "number": "KH009", "name": "新客户", "amount": "1"}, Status: 400, Field: "amount", Msg: locked},
		{Name: "changed account opening", As: admin, Method: "POST", Path: "/api/settAcct/update", Body: account("现金", "89"), Status: 400, Field: "amount", Msg: locked},
		{Name: "new account with an opening", As: admin, Method: "POST", Path: "/api/settAcct/add", Body: map[string]any{"number": "ZH009", "name": "新账户", "type": 1, "amount": "1"}, Status: 400, Field: "amount", Msg: locked},
		{Name: "renamed customer, openings unchanged", As: admin, Method: "POST", Path: "/api/contact/update", Body: customer("张三便利店", "60", "5"), Status: 200},
		{Name: "renamed account, opening unchanged", As: admin, Method: "POST", Path: "/api/settAcct/update", Body: account("现金柜", "88"), Status: 200},
		{Name: "new customer without an opening", As: admin, Method: "POST", Path: "/api/contact/add", Body: map[string]any{"type": -10, "number": "KH010", "name": "新客户"}, Status: 200},
	})
	if got := e.Text("SELECT CAST(opening_amount AS TEXT) || '/' || CAST(opening_advance AS TEXT) || '/' || name FROM contacts WHERE id = ?", b.Customer); got != "60000000/5000000/张三便利店" {
		t.Fatalf("customer after the locked changes: %s", got)
	}
	if got := e.Text("SELECT CAST(opening_balance AS TEXT) FROM settle_accounts WHERE id = ?", b.Account); got != "88000000" {
		t.Fatalf("account opening %s", got)
	}
	imported := xlsx(t, []string{"客户编号", "客户名称", "期初应收/应付"}, [][]string{{"KH011", "导入客户", "3"}})
	var res struct{ InvalidCount, ImportedCount int }
	admin.Multipart("POST", "/api/contact/import?type=-10", nil, "file", imported).Want(200).Decode(&res)
	if res.InvalidCount != 1 || res.ImportedCount != 0 {
		t.Fatalf("import of a customer with an opening while closed: %+v", res)
	}
	admin.Do("POST", "/api/period/open", nil).Want(200)
	admin.Do("POST", "/api/contact/update", customer("张三便利店", "61", "5")).Want(200)
	admin.Do("POST", "/api/settAcct/update", account("现金柜", "89")).Want(200)
}
