package contact_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/usage"
)

type link struct {
	ID         int64  `json:"id"`
	LinkName   string `json:"linkName"`
	LinkMobile string `json:"linkMobile"`
	LinkPhone  string `json:"linkPhone"`
	LinkIm     string `json:"linkIm"`
	Address    string `json:"address"`
	LinkFirst  int    `json:"linkFirst"`
}

type row struct {
	ID           int64  `json:"id"`
	Type         int    `json:"type"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	CategoryID   int64  `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	CLevel       int    `json:"cLevel"`
	TaxRate      any    `json:"taxRate"`
	Amount       any    `json:"amount"`
	PeriodMoney  any    `json:"periodMoney"`
	BeginDate    string `json:"beginDate"`
	Balance      any    `json:"balance"`
	Remark       string `json:"remark"`
	Disable      int    `json:"disable"`
	Contacter    string `json:"contacter"`
	Mobile       string `json:"mobile"`
	Phone        string `json:"phone"`
	Address      string `json:"address"`
	LinkMans     []link `json:"linkMans"`
}

// addCategory inserts a category of an assist type under parent (0 = top),
// with the assist package's tree_path ("/1/5/": the ids from the top down
// to itself).
func addCategory(e *apptest.Env, typeNumber, name string, parent int64) int64 {
	e.T.Helper()
	tid := e.ID("SELECT id FROM assist_types WHERE number = ?", typeNumber)
	now := time.Now().UTC()
	var p any
	path := "/"
	if parent > 0 {
		p = parent
		path = e.Text("SELECT tree_path FROM assists WHERE id = ?", parent)
	}
	id := e.Insert(`INSERT INTO assists (type_id, parent_id, tree_path, name, created_at, updated_at)
		VALUES (?, ?, '/', ?, ?, ?) RETURNING id`, tid, p, name, now, now)
	e.Exec("UPDATE assists SET tree_path = ? WHERE id = ?", fmt.Sprintf("%s%d/", path, id), id)
	return id
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var p apptest.List[row]
	c.Do("GET", "/api/contact/list?"+query, nil).Want(200).Decode(&p)
	return p
}

func numbers(rows []row) string {
	var s []string
	for _, r := range rows {
		s = append(s, r.Number)
	}
	return strings.Join(s, ",")
}

func perms(screen string) []string {
	var out []string
	for _, a := range []string{"query", "add", "update", "delete", "disable", "import", "export"} {
		out = append(out, "settings:"+screen+":"+a)
	}
	// A customer's figures are sales amounts, a supplier's purchase amounts.
	return append(out, "money:salesAmount:view", "money:purchaseAmount:view")
}

func TestContactCRUD(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	north := addCategory(e, "customertype", "华北", 0)
	beijing := addCategory(e, "customertype", "北京", north)
	raw := addCategory(e, "supplytype", "原料", 0)
	sales := e.UserWith(perms("customer")...)
	reader := e.UserWith("settings:customer:query", "settings:supplier:query")
	nobody := e.UserWith("settings:invlocation:query")

	var kk row
	res := sales.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "KH001", "name": "可口可乐北京公司",
		"categoryId": beijing, "cLevel": 1, "taxRate": 13, "amount": "1000.5", "periodMoney": 200, "beginDate": "2024-01-01", "remark": "老客户",
		"linkMans": []map[string]any{{"linkName": "张三", "linkMobile": "13800000001"},
			{"linkName": "李四", "linkMobile": "13900000002", "linkPhone": "010-8888", "address": "朝阳区", "linkFirst": 1}, {"linkName": ""}}}).Want(200)
	res.Decode(&kk)
	for _, want := range []string{`"balance":800.5`, `"amount":1000.5`, `"taxRate":13`, `"categoryName":"北京"`, `"contacter":"李四"`, `"mobile":"13900000002"`, `"address":"朝阳区"`} {
		if !strings.Contains(string(res.Env.Data), want) {
			t.Errorf("created customer lacks %s: %s", want, res.Env.Data)
		}
	}
	if len(kk.LinkMans) != 2 || kk.LinkMans[0].LinkFirst != 0 || kk.LinkMans[1].LinkFirst != 1 || kk.Type != -10 || kk.CLevel != 1 {
		t.Fatalf("created %+v", kk)
	}
	var bs row
	sales.Do("POST", "/api/contact/add", map[string]any{"type": -10, "name": "百事可乐", "categoryId": north}).Want(200).Decode(&bs)
	if bs.Number != "KH002" || bs.LinkMans == nil || len(bs.LinkMans) != 0 || bs.BeginDate == "" {
		t.Fatalf("second %+v", bs)
	}
	// The client's form posts: linkMans as a JSON string; the first contact is marked when none is.
	var sup row
	admin.Form("POST", "/api/contact/add", url.Values{"type": {"10"}, "name": {"娃哈哈供应链"}, "categoryId": {fmt.Sprint(raw)},
		"linkMans": {`[{"linkName":"王五","linkMobile":"13700000003"}]`}}).Want(200).Decode(&sup)
	if sup.Number != "GYS001" || sup.Type != 10 || len(sup.LinkMans) != 1 || sup.LinkMans[0].LinkFirst != 1 || sup.Contacter != "王五" {
		t.Fatalf("supplier %+v", sup)
	}
	id := fmt.Sprint(kk.ID)
	sid := fmt.Sprint(sup.ID)
	b := func(kv ...any) map[string]any {
		m := map[string]any{"type": -10, "number": "KH900", "name": "测试客户"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	links := func(l ...map[string]any) []map[string]any { return l }
	const add = "/api/contact/add"
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing type", As: admin, Method: "POST", Path: add, Body: b("type", 0), Status: 400, Field: "type"},
		{Name: "add: bad type", As: admin, Method: "POST", Path: add, Body: b("type", 5), Status: 400, Field: "type"},
		{Name: "add: missing name", As: admin, Method: "POST", Path: add, Body: b("name", " "), Status: 400, Msg: "客户名称不能为空", Field: "name"},
		{Name: "add: missing supplier name, en", As: admin, Lang: "en", Method: "POST", Path: add, Body: b("type", 10, "name", ""), Status: 400, Msg: "Supplier name is required", Field: "name"},
		{Name: "add: oversize number", As: admin, Method: "POST", Path: add, Body: b("number", strings.Repeat("1", 33)), Status: 400, Field: "number"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: add, Body: b("name", strings.Repeat("名", 101)), Status: 400, Field: "name"},
		{Name: "add: oversize remark", As: admin, Method: "POST", Path: add, Body: b("remark", strings.Repeat("r", 501)), Status: 400, Field: "remark"},
		{Name: "add: negative amount", As: admin, Method: "POST", Path: add, Body: b("amount", -5), Status: 400, Msg: "期初应收/应付不能为负数", Field: "amount"},
		{Name: "add: too many decimals", As: admin, Method: "POST", Path: add, Body: b("periodMoney", "0.001"), Status: 400, Field: "periodMoney"},
		{Name: "add: tax rate over 100", As: admin, Method: "POST", Path: add, Body: b("taxRate", 101), Status: 400, Field: "taxRate"},
		{Name: "add: tax rate decimals", As: admin, Method: "POST", Path: add, Body: b("taxRate", "1.234"), Status: 400, Field: "taxRate"},
		{Name: "add: amount not a number", As: admin, Method: "POST", Path: add, Body: `{"type":-10,"name":"x","amount":"many"}`, Status: 400, Field: "amount"},
		{Name: "add: bad level", As: admin, Method: "POST", Path: add, Body: b("cLevel", 5), Status: 400, Field: "cLevel"},
		{Name: "add: supplier with a customer level", As: admin, Method: "POST", Path: add, Body: b("type", 10, "cLevel", 2), Status: 400, Field: "cLevel"},
		{Name: "add: bad begin date", As: admin, Method: "POST", Path: add, Body: b("beginDate", "2024-13-01"), Status: 400, Field: "beginDate"},
		{Name: "add: supplier category for a customer", As: admin, Method: "POST", Path: add, Body: b("categoryId", raw), Status: 400, Field: "categoryId"},
		{Name: "add: unknown category, en", As: admin, Lang: "en", Method: "POST", Path: add, Body: b("categoryId", 999999), Status: 400, Msg: "Category 999999 does not exist or is not a category of this type", Field: "categoryId"},
		{Name: "add: contact without a name", As: admin, Method: "POST", Path: add, Body: b("linkMans", links(map[string]any{"linkName": "甲"}, map[string]any{"linkMobile": "139"})), Status: 400, Msg: "联系人不能为空", Field: "linkMans[1].linkName"},
		{Name: "add: oversize mobile", As: admin, Method: "POST", Path: add, Body: b("linkMans", links(map[string]any{"linkName": "甲", "linkMobile": strings.Repeat("1", 31)})), Status: 400, Field: "linkMans[0].linkMobile"},
		{Name: "add: two primary contacts", As: admin, Method: "POST", Path: add, Body: b("linkMans", links(map[string]any{"linkName": "甲", "linkFirst": 1}, map[string]any{"linkName": "乙", "linkFirst": 1})), Status: 400, Msg: "只能有一个首要联系人", Field: "linkMans[1].linkFirst"},
		{Name: "add: linkMans not a list", As: admin, Method: "POST", Path: add, Body: `{"type":-10,"name":"x","linkMans":5}`, Status: 400},
		{Name: "add: duplicate number", As: admin, Method: "POST", Path: add, Body: b("number", "KH001"), Status: 409, Msg: "客户编号“KH001”已存在", Field: "number"},
		{Name: "add: same number as a supplier is fine", As: admin, Method: "POST", Path: add, Body: b("type", 10, "number", "KH001", "name", "同号供应商"), Status: 200, BodyHas: `"number":"KH001"`},
		{Name: "add: malformed JSON", As: admin, Method: "POST", Path: add, Body: `{"type":`, Status: 400},
		{Name: "add: supplier without supplier permission", As: sales, Method: "POST", Path: add, Body: b("type", 10), Status: 403},
		{Name: "add: no permission", As: reader, Method: "POST", Path: add, Body: b(), Status: 403},
		{Name: "list: no permission", As: nobody, Method: "GET", Path: "/api/contact/list?type=-10", Status: 403},
		{Name: "list: suppliers without permission", As: sales, Method: "GET", Path: "/api/contact/list?type=10", Status: 403},
		{Name: "list: type required", As: admin, Method: "GET", Path: "/api/contact/list", Status: 400, Field: "type"},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/contact/list?type=-10&sidx=remark", Status: 400, Field: "sidx"},
		{Name: "list: bad categoryId", As: admin, Method: "GET", Path: "/api/contact/list?type=-10&categoryId=x", Status: 400},
		{Name: "get", As: reader, Method: "GET", Path: "/api/contact/get_update?id=" + id, Status: 200, BodyHas: `"linkName":"张三"`},
		{Name: "get: a supplier without permission", As: sales, Method: "GET", Path: "/api/contact/get_update?id=" + sid, Status: 403},
		{Name: "get: unknown", As: admin, Method: "GET", Path: "/api/contact/get_update?id=999999", Status: 404, Msg: "客户/供应商不存在或已被删除"},
		{Name: "update: a supplier without permission", As: sales, Method: "POST", Path: "/api/contact/update", Body: map[string]any{"id": sup.ID, "number": "GYS001", "name": "x"}, Status: 403},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/contact/update", Body: b("id", 999999), Status: 404},
		{Name: "update: duplicate number", As: admin, Method: "POST", Path: "/api/contact/update", Body: b("id", kk.ID, "number", "KH002"), Status: 409, Field: "number"},
		{Name: "update: another contact's person", As: admin, Method: "POST", Path: "/api/contact/update", Body: b("id", kk.ID, "number", "KH001", "linkMans", links(map[string]any{"id": sup.LinkMans[0].ID, "linkName": "王五"})), Status: 400, Field: "linkMans[0].id"},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/contact/update", Body: b("id", kk.ID), Status: 403},
		{Name: "next number", As: sales, Method: "GET", Path: "/api/contact/nextNumber?type=-10", Status: 200, BodyHas: `"number":"KH003"`},
		{Name: "next number: bad type", As: admin, Method: "GET", Path: "/api/contact/nextNumber?type=3", Status: 400},
		{Name: "disable: no permission", As: reader, Method: "POST", Path: "/api/contact/disable?id=" + id, Status: 403},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/contact/delete?id=" + id, Status: 403},
	})
	if n := e.Count("SELECT COUNT(*) FROM contacts WHERE number = 'KH900'"); n != 0 {
		t.Fatalf("bad requests wrote %d contacts", n)
	}

	// Update: the kept person keeps its id, a dropped one goes, a new one comes.
	var upd row
	zhang := kk.LinkMans[0]
	sales.Do("POST", "/api/contact/update", map[string]any{"id": kk.ID, "type": 10, "number": "KH001", "name": "可口可乐华北公司",
		"categoryId": beijing, "cLevel": 2, "amount": 100, "linkMans": []map[string]any{
			{"id": zhang.ID, "linkName": "张三丰", "linkMobile": "13800000001"}, {"linkName": "赵六", "linkMobile": "13600000006", "linkFirst": 1}}}).
		Want(200).Decode(&upd)
	if upd.Type != -10 || upd.Name != "可口可乐华北公司" || len(upd.LinkMans) != 2 || upd.LinkMans[0].ID != zhang.ID ||
		upd.LinkMans[0].LinkName != "张三丰" || upd.Contacter != "赵六" || upd.CLevel != 2 {
		t.Fatalf("updated %+v", upd)
	}
	if n := e.Count("SELECT COUNT(*) FROM contact_links WHERE contact_id = ?", kk.ID); n != 2 {
		t.Fatalf("%d links", n)
	}

	// Search: number, name, pinyin initials and full pinyin, contact people's names and mobiles.
	for q, want := range map[string]string{
		"kh001": "KH001", "可口": "KH001", "kkkl": "KH001", "kekou": "KH001", "zsf": "KH001", "赵六": "KH001",
		"1360000": "KH001", "bskl": "KH002", "KL": "KH001,KH002", "李四": "", "%": "",
	} {
		if p := list(t, reader, "type=-10&matchCon="+url.QueryEscape(q)); numbers(p.Rows) != want {
			t.Errorf("matchCon %q: %s, want %s", q, numbers(p.Rows), want)
		}
	}
	// Categories include their subtree; suppliers are another list.
	if p := list(t, reader, fmt.Sprintf("type=-10&categoryId=%d", north)); numbers(p.Rows) != "KH001,KH002" {
		t.Errorf("category with subtree: %s", numbers(p.Rows))
	}
	if p := list(t, reader, fmt.Sprintf("type=-10&categoryId=%d", beijing)); numbers(p.Rows) != "KH001" {
		t.Errorf("leaf category: %s", numbers(p.Rows))
	}
	if p := list(t, reader, "type=10"); numbers(p.Rows) != "GYS001,KH001" {
		t.Errorf("suppliers: %s", numbers(p.Rows))
	}

	// Paging and sorting.
	for i := 3; i <= 7; i++ {
		sales.Do("POST", add, map[string]any{"type": -10, "name": fmt.Sprintf("客户%d", i), "amount": i * 10}).Want(200)
	}
	if p := list(t, reader, "type=-10&page=2&rows=3"); p.Records != 7 || p.Total != 3 || numbers(p.Rows) != "KH004,KH005,KH006" {
		t.Errorf("page 2: %d %d %s", p.Records, p.Total, numbers(p.Rows))
	}
	if p := list(t, reader, "type=-10&sidx=balance&sord=desc&rows=3"); numbers(p.Rows) != "KH001,KH007,KH006" {
		t.Errorf("by balance desc: %s", numbers(p.Rows))
	}
	if p := list(t, reader, "type=-10&sidx=number&sord=desc&rows=2"); numbers(p.Rows) != "KH007,KH006" {
		t.Errorf("by number desc: %s", numbers(p.Rows))
	}
	if p := list(t, reader, "type=-10&sidx=name&rows=2"); numbers(p.Rows) != "KH001,KH003" { // 可 < 客 < 百 by code point
		t.Errorf("by name: %s", numbers(p.Rows))
	}

	// Disable: pickers ask for enabled contacts only.
	var br []apptest.Batch
	sales.Do("POST", fmt.Sprintf("/api/contact/disable?id=%d,%d", bs.ID, sup.ID), nil).Want(200).Decode(&br)
	if !br[0].OK || br[1].OK || br[1].Msg != "没有权限执行此操作" {
		t.Fatalf("disable %+v", br)
	}
	if p := list(t, reader, "type=-10&disable=0"); p.Records != 6 || strings.Contains(numbers(p.Rows), "KH002") {
		t.Errorf("enabled: %s", numbers(p.Rows))
	}
	if p := list(t, reader, "type=-10&disable=1&status=1&isDelete=0"); p.Records != 7 || p.Rows[1].Disable != 1 {
		t.Errorf("all: %s", numbers(p.Rows))
	}
	sales.Do("POST", fmt.Sprintf("/api/contact/disable?id=%d&disable=0", bs.ID), nil).Want(200)
	if p := list(t, reader, "type=-10&disable=0"); p.Records != 7 {
		t.Errorf("enabled again: %d", p.Records)
	}

	// A category used by contacts is named when someone deletes it.
	err := e.App.Usage.Check(context.Background(), e.App.DB, usage.Assist, "contact.field.category", beijing)
	if err == nil || !strings.Contains(err.Error(), "err.usedBy") {
		t.Errorf("category in use: %v", err)
	}

	// Delete: refused while in use, per id; otherwise the contact and its people go.
	e.Exec("CREATE TABLE test_bills (id INTEGER PRIMARY KEY, bill_no TEXT NOT NULL, bu_id BIGINT NOT NULL)")
	e.Exec("INSERT INTO test_bills (id, bill_no, bu_id) VALUES (1, 'XS-9', ?)", bs.ID)
	e.App.Usage.Add(usage.Contact, usage.Ref{Table: "test_bills", Column: "bu_id", What: "contact.customer.entity", Name: "bill_no"})
	sales.Do("DELETE", fmt.Sprintf("/api/contact/delete?id=%d,%d,%d,999999", kk.ID, bs.ID, sup.ID), nil).Want(200).Decode(&br)
	if !br[0].OK || br[1].OK || br[1].Msg != "客户已被客户“XS-9”使用，不能删除" || br[2].OK || br[3].OK {
		t.Fatalf("delete %+v", br)
	}
	if n := e.Count("SELECT COUNT(*) FROM contact_links WHERE contact_id = ?", kk.ID); n != 0 {
		t.Fatalf("%d links left", n)
	}
	admin.Do("GET", "/api/contact/get_update?id="+id, nil).Want(404)
	admin.Do("GET", "/api/contact/get_update?id="+sid, nil).Want(200)
}
