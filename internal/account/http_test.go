package account_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/usage"
)

type row struct {
	ID          int64  `json:"id"`
	Number      string `json:"number"`
	Name        string `json:"name"`
	Type        int    `json:"type"`
	BankAccount string `json:"bankAccount"`
	Amount      any    `json:"amount"`
	Date        string `json:"date"`
	Balance     any    `json:"balance"`
	Disable     int    `json:"disable"`
	Remark      string `json:"remark"`
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var p apptest.List[row]
	c.Do("GET", "/api/settAcct/list?"+query, nil).Want(200).Decode(&p)
	return p
}

func numbers(rows []row) string {
	var s []string
	for _, r := range rows {
		s = append(s, r.Number)
	}
	return strings.Join(s, ",")
}

func TestSettlementAccounts(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	e.Exec("UPDATE configs SET config_value = '2024-01-01' WHERE config_key = 'startDate'")
	clerk := e.UserWith("settings:settAcct:query", "settings:settAcct:add", "settings:settAcct:update",
		"settings:settAcct:delete", "settings:settAcct:disable")
	reader := e.UserWith("settings:settAcct:query")
	nobody := e.UserWith("settings:customer:query")

	// Decimals travel as exact JSON numbers: read the raw body.
	res := clerk.Do("POST", "/api/settAcct/add", map[string]any{"number": "ZH001", "name": "现金", "type": 1, "amount": "1234.56"}).Want(200)
	body := string(res.Env.Data)
	for _, want := range []string{`"amount":1234.56`, `"balance":1234.56`, `"date":"2024-01-01"`, `"type":1`, `"disable":0`} {
		if !strings.Contains(body, want) {
			t.Errorf("created account lacks %s: %s", want, body)
		}
	}
	var cash row
	res.Decode(&cash)
	var bank row
	admin.Do("POST", "/api/settAcct/add", map[string]any{"name": "工商银行", "type": 2, "bankAccount": "6222 0000 1111", "amount": 0, "date": "2024-02-29"}).Want(200).Decode(&bank)
	if bank.Number != "ZH002" || bank.Date != "2024-02-29" || bank.BankAccount != "6222 0000 1111" {
		t.Fatalf("bank %+v", bank)
	}
	id := fmt.Sprint(cash.ID)
	b := func(kv ...any) map[string]any {
		m := map[string]any{"number": "ZH900", "name": "测试账户", "type": 1}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	const add = "/api/settAcct/add"
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing name", As: admin, Method: "POST", Path: add, Body: b("name", ""), Status: 400, Msg: "账户名称不能为空", Field: "name"},
		{Name: "add: empty body", As: admin, Method: "POST", Path: add, Body: "{}", Status: 400, Field: "type"},
		{Name: "add: bad type, en", As: admin, Lang: "en", Method: "POST", Path: add, Body: b("type", 3), Status: 400, Msg: "Account type has a value that is not allowed", Field: "type"},
		{Name: "add: oversize number", As: admin, Method: "POST", Path: add, Body: b("number", strings.Repeat("1", 33)), Status: 400, Field: "number"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: add, Body: b("name", strings.Repeat("名", 101)), Status: 400, Field: "name"},
		{Name: "add: oversize bank account", As: admin, Method: "POST", Path: add, Body: b("bankAccount", strings.Repeat("1", 65)), Status: 400, Field: "bankAccount"},
		{Name: "add: oversize remark", As: admin, Method: "POST", Path: add, Body: b("remark", strings.Repeat("r", 501)), Status: 400, Field: "remark"},
		{Name: "add: negative amount", As: admin, Method: "POST", Path: add, Body: b("amount", -1), Status: 400, Msg: "期初余额不能为负数", Field: "amount"},
		{Name: "add: too many decimals", As: admin, Method: "POST", Path: add, Body: b("amount", "1.234"), Status: 400, Msg: "期初余额最多 2 位小数", Field: "amount"},
		{Name: "add: too large", As: admin, Method: "POST", Path: add, Body: b("amount", "1000000000001"), Status: 400, Field: "amount"},
		{Name: "add: amount not a number", As: admin, Method: "POST", Path: add, Body: `{"name":"x","type":1,"amount":"abc"}`, Status: 400, Field: "amount"},
		{Name: "add: bad date", As: admin, Method: "POST", Path: add, Body: b("date", "2024-02-30"), Status: 400, Field: "date"},
		{Name: "add: duplicate number", As: admin, Method: "POST", Path: add, Body: b("number", "ZH001"), Status: 409, Msg: "账户编号“ZH001”已存在", Field: "number"},
		{Name: "add: no permission", As: reader, Method: "POST", Path: add, Body: b(), Status: 403},
		{Name: "list: no permission", As: nobody, Method: "GET", Path: "/api/settAcct/list", Status: 403},
		{Name: "get", As: reader, Method: "GET", Path: "/api/settAcct/get_update?id=" + id, Status: 200, BodyHas: `"name":"现金"`},
		{Name: "get: unknown", As: reader, Method: "GET", Path: "/api/settAcct/get_update?id=999999", Status: 404, Msg: "结算账户不存在或已被删除"},
		{Name: "update", As: clerk, Method: "POST", Path: "/api/settAcct/update", Body: map[string]any{"id": cash.ID, "number": "ZH001", "name": "库存现金", "type": 1, "amount": 100, "date": "2024-03-01"}, Status: 200, BodyHas: `"balance":100`},
		{Name: "update: balance is the server's", As: clerk, Method: "POST", Path: "/api/settAcct/update", Body: map[string]any{"id": cash.ID, "number": "ZH001", "name": "库存现金", "type": 1, "amount": 100, "balance": 999, "date": "2024-03-01"}, Status: 200, BodyHas: `"balance":100,`},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/settAcct/update", Body: b("id", 999999), Status: 404},
		{Name: "update: no id", As: admin, Method: "POST", Path: "/api/settAcct/update", Body: b(), Status: 400, Field: "id"},
		{Name: "update: duplicate number", As: admin, Method: "POST", Path: "/api/settAcct/update", Body: b("id", cash.ID, "number", "ZH002"), Status: 409, Field: "number"},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/settAcct/update", Body: b("id", cash.ID), Status: 403},
		{Name: "disable: no permission", As: reader, Method: "POST", Path: "/api/settAcct/disable?id=" + id, Status: 403},
		{Name: "disable: bad value", As: admin, Method: "POST", Path: "/api/settAcct/disable?id=" + id + "&disable=2", Status: 400},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/settAcct/delete?id=" + id, Status: 403},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/settAcct/list?sidx=remark", Status: 400, Field: "sidx"},
		{Name: "list: bad type", As: admin, Method: "GET", Path: "/api/settAcct/list?type=5", Status: 400, Field: "type"},
		{Name: "next number", As: clerk, Method: "GET", Path: "/api/settAcct/nextNumber", Status: 200, BodyHas: `"number":"ZH003"`},
	})
	if n := e.Count("SELECT COUNT(*) FROM settle_accounts"); n != 2 {
		t.Fatalf("bad requests wrote accounts: %d", n)
	}
	if e.Text("SELECT opening_date FROM settle_accounts WHERE id = ?", cash.ID) != "2024-03-01" {
		t.Fatal("update did not keep the date")
	}

	// Without a start date the opening date is today.
	e.Exec("UPDATE configs SET config_value = '' WHERE config_key = 'startDate'")
	var third row
	admin.Do("POST", add, map[string]any{"name": "微信", "type": 2}).Want(200).Decode(&third)
	if third.Date == "" || third.Number != "ZH003" {
		t.Fatalf("third %+v", third)
	}

	// Search, type filter, paging, sorting.
	if p := list(t, reader, "matchCon=6222"); numbers(p.Rows) != "ZH002" {
		t.Fatalf("search by bank account %s", numbers(p.Rows))
	}
	if p := list(t, reader, "matchCon=库存"); numbers(p.Rows) != "ZH001" {
		t.Fatalf("search by name %s", numbers(p.Rows))
	}
	if p := list(t, reader, "type=2"); numbers(p.Rows) != "ZH002,ZH003" {
		t.Fatalf("bank accounts %s", numbers(p.Rows))
	}
	if p := list(t, reader, "page=2&rows=2"); p.Records != 3 || p.Total != 2 || numbers(p.Rows) != "ZH003" {
		t.Fatalf("page 2 %+v", p)
	}
	if p := list(t, reader, "sidx=amount&sord=desc"); numbers(p.Rows) != "ZH001,ZH002,ZH003" {
		t.Fatalf("by amount desc %s", numbers(p.Rows))
	}
	if p := list(t, reader, "sidx=number&sord=desc"); numbers(p.Rows) != "ZH003,ZH002,ZH001" {
		t.Fatalf("by number desc %s", numbers(p.Rows))
	}

	// Disable: pickers see enabled accounts only.
	var br []apptest.Batch
	clerk.Do("POST", fmt.Sprintf("/api/settAcct/disable?id=%d,999999", bank.ID), nil).Want(200).Decode(&br)
	if !br[0].OK || br[1].OK {
		t.Fatalf("disable %+v", br)
	}
	if p := list(t, reader, "disable=0"); numbers(p.Rows) != "ZH001,ZH003" {
		t.Fatalf("enabled %s", numbers(p.Rows))
	}
	if p := list(t, reader, ""); len(p.Rows) != 3 || p.Rows[1].Disable != 1 {
		t.Fatalf("all %+v", p)
	}
	clerk.Do("POST", fmt.Sprintf("/api/settAcct/disable?id=%d&disable=0", bank.ID), nil).Want(200)
	if p := list(t, reader, "disable=0"); len(p.Rows) != 3 {
		t.Fatalf("enabled again %+v", p)
	}

	// Delete: refused while a record uses the account.
	e.Exec("CREATE TABLE test_bills (id INTEGER PRIMARY KEY, bill_no TEXT NOT NULL, acc_id BIGINT NOT NULL)")
	e.Exec("INSERT INTO test_bills (id, bill_no, acc_id) VALUES (1, 'SK-7', ?)", cash.ID)
	e.App.Usage.Add(usage.Account, usage.Ref{Table: "test_bills", Column: "acc_id", What: "account.entity", Name: "bill_no"})
	clerk.Lang = "en"
	clerk.Do("DELETE", fmt.Sprintf("/api/settAcct/delete?id=%d,%d", cash.ID, bank.ID), nil).Want(200).Decode(&br)
	if br[0].OK || br[0].Msg != `Settlement account is used by Settlement account "SK-7" and cannot be deleted` || !br[1].OK {
		t.Fatalf("delete %+v", br)
	}
	if p := list(t, reader, ""); numbers(p.Rows) != "ZH001,ZH003" {
		t.Fatalf("after delete %s", numbers(p.Rows))
	}
}
