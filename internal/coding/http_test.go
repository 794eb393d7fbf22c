package coding_test

import (
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/coding"
)

func rules(t *testing.T, c *apptest.Client) map[string]coding.Rule {
	t.Helper()
	var list []coding.Rule
	c.Do("GET", "/api/coding/list", nil).Want(200).Decode(&list)
	out := map[string]coding.Rule{}
	for _, r := range list {
		out[r.Kind] = r
	}
	return out
}

func TestCodingRules(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	today := time.Now().Format("2006-01-02")
	ymd := strings.ReplaceAll(today, "-", "")

	rs := rules(t, admin)
	for _, k := range []string{"purchase", "sales", "invTf", "receipt", "inventory", "customer", "supplier", "invlocation", "settAcct"} {
		if _, ok := rs[k]; !ok {
			t.Errorf("no rule for %s", k)
		}
	}
	if r := rs["sales"]; r.Name != "销货单" || r.Prefix != "XS" || r.DatePart != "yyyyMMdd" || r.Reset != "daily" || r.Digits != 3 || r.Preview != "XS"+ymd+"001" || r.Group != "bill" {
		t.Fatalf("sales rule %+v", r)
	}
	if r := rs["inventory"]; r.Preview != "SP0001" || r.Group != "basic" || !r.Manual {
		t.Fatalf("goods rule %+v", r)
	}

	// The preview is the number the next save takes.
	var d struct{ BillNo string }
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, today, "1", "5")).Want(200).Decode(&d)
	if d.BillNo != "XS"+ymd+"001" {
		t.Fatalf("first sale %s", d.BillNo)
	}
	if p := rules(t, admin)["sales"].Preview; p != "XS"+ymd+"002" {
		t.Fatalf("preview after a save %s", p)
	}

	// A changed rule: the saved document keeps its number, the next one follows the rule.
	upd := map[string]any{"kind": "sales", "prefix": "SO-", "datePart": "yyyyMM", "digits": 5, "reset": "monthly", "manual": false}
	var got coding.Rule
	admin.Do("GET", "/api/coding/preview?kind=sales&prefix=SO-&datePart=yyyyMM&digits=5&reset=monthly", nil).Want(200).Decode(&got)
	if got.Preview != "SO-"+ymd[:6]+"00001" {
		t.Fatalf("preview of an edit %+v", got)
	}
	if rules(t, admin)["sales"].Prefix != "XS" {
		t.Fatal("a preview saved the rule")
	}
	admin.Do("POST", "/api/coding/update", upd).Want(200).Decode(&got)
	if got.Preview != "SO-"+ymd[:6]+"00001" || got.Name != "销货单" {
		t.Fatalf("updated %+v", got)
	}
	var d2 struct{ BillNo string }
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, today, "1", "5")).Want(200).Decode(&d2)
	if d2.BillNo != "SO-"+ymd[:6]+"00001" {
		t.Fatalf("sale under the new rule %s", d2.BillNo)
	}
	if n := e.Text("SELECT bill_no FROM bills WHERE kind = 'sales' ORDER BY id LIMIT 1"); n != d.BillNo {
		t.Fatalf("the saved document was renumbered: %s", n)
	}
	// Back to the old rule: the taken number is skipped, never repeated.
	admin.Do("POST", "/api/coding/update", map[string]any{"kind": "sales", "prefix": "XS", "datePart": "yyyyMMdd", "digits": 3, "reset": "monthly"}).Want(200)
	var d3 struct{ BillNo string }
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, today, "1", "5")).Want(200).Decode(&d3)
	if d3.BillNo == d.BillNo || !strings.HasPrefix(d3.BillNo, "XS"+ymd) {
		t.Fatalf("number repeated or wrong: %s", d3.BillNo)
	}
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '%/coding/update%' AND status = 200"); n != 2 {
		t.Fatalf("operation log has %d rule changes, want 2", n)
	}

	// Basic data: the rule makes the next number; a rule without manual numbers replaces a typed one.
	admin.Do("POST", "/api/coding/update", map[string]any{"kind": "invlocation", "prefix": "WH", "datePart": "none", "digits": 2, "reset": "never", "manual": false}).Want(200)
	var next struct{ Number string }
	admin.Do("GET", "/api/invlocation/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "WH01" {
		t.Fatalf("warehouse next %s", next.Number)
	}
	var loc struct{ Number string }
	admin.Do("POST", "/api/invlocation/add", map[string]any{"number": "MINE", "name": "二号仓"}).Want(200).Decode(&loc)
	if loc.Number != "WH01" {
		t.Fatalf("warehouse saved as %s under a rule without typed numbers", loc.Number)
	}
	admin.Do("GET", "/api/invlocation/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "WH02" {
		t.Fatalf("warehouse next after a save %s", next.Number)
	}
	admin.Do("POST", "/api/coding/update", map[string]any{"kind": "customer", "prefix": "C", "datePart": "yyyy", "digits": 4, "reset": "yearly", "manual": true}).Want(200)
	admin.Do("GET", "/api/contact/nextNumber?type=-10", nil).Want(200).Decode(&next)
	if next.Number != "C"+ymd[:4]+"0001" {
		t.Fatalf("customer next %s", next.Number)
	}
	var cu struct{ Number string }
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "VIP-1", "name": "李四"}).Want(200).Decode(&cu)
	if cu.Number != "VIP-1" {
		t.Fatalf("a typed customer number under a manual rule became %s", cu.Number)
	}
	admin.Do("POST", "/api/coding/update", map[string]any{"kind": "inventory", "prefix": "G", "datePart": "none", "digits": 3, "reset": "never", "manual": false}).Want(200)
	admin.Do("GET", "/api/inventory/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "G001" {
		t.Fatalf("goods next %s", next.Number)
	}

	reader := e.UserWith("settings:coding:query")
	nobody := e.UserWith("settings:parameter:query")
	ok := map[string]any{"kind": "purchase", "prefix": "CG", "datePart": "yyyyMMdd", "digits": 3, "reset": "daily"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{}
		for a, b := range ok {
			m[a] = b
		}
		m[k] = v
		return m
	}
	u := "/api/coding/update"
	apptest.Run(t, []apptest.Step{
		{Name: "list: not signed in", As: e.Anonymous(), Method: "GET", Path: "/api/coding/list", Status: 401},
		{Name: "list: no right", As: nobody, Method: "GET", Path: "/api/coding/list", Status: 403},
		{Name: "list: reader", As: reader, Method: "GET", Path: "/api/coding/list", Status: 200, BodyHas: `"kind":"purchase"`},
		{Name: "preview: reader", As: reader, Method: "GET", Path: "/api/coding/preview?kind=purchase&prefix=CG&datePart=yyyyMMdd&digits=3&reset=daily", Status: 200, BodyHas: `"preview":"CG` + ymd + `001"`},
		{Name: "preview: no right", As: nobody, Method: "GET", Path: "/api/coding/preview?kind=purchase&prefix=CG&datePart=yyyyMMdd&digits=3&reset=daily", Status: 403},
		{Name: "preview: bad digits", As: reader, Lang: "en", Method: "GET", Path: "/api/coding/preview?kind=purchase&prefix=CG&datePart=yyyyMMdd&digits=x&reset=daily", Status: 400, Field: "digits"},
		{Name: "preview: bad reset", As: reader, Method: "GET", Path: "/api/coding/preview?kind=purchase&prefix=CG&datePart=none&digits=3&reset=daily", Status: 400, Field: "datePart"},
		{Name: "update: reader", As: reader, Method: "POST", Path: u, Body: ok, Status: 403},
		{Name: "update: not signed in", As: e.Anonymous(), Method: "POST", Path: u, Body: ok, Status: 401},
		{Name: "unknown kind", As: admin, Method: "POST", Path: u, Body: with("kind", "nothing"), Status: 404, Msg: "编码类型不存在或已被删除"},
		{Name: "no kind", As: admin, Method: "POST", Path: u, Body: with("kind", " "), Status: 400, Field: "kind"},
		{Name: "bad date part", As: admin, Method: "POST", Path: u, Body: with("datePart", "dd"), Status: 400, Field: "datePart", Msg: "日期部分必须是 无、yyyy、yyyyMM 或 yyyyMMdd"},
		{Name: "bad date part, en", As: admin, Lang: "en", Method: "POST", Path: u, Body: with("datePart", "YYYY"), Status: 400, Field: "datePart", Msg: "The date part must be none, yyyy, yyyyMM or yyyyMMdd"},
		{Name: "bad reset", As: admin, Method: "POST", Path: u, Body: with("reset", "weekly"), Status: 400, Field: "reset"},
		{Name: "zero digits", As: admin, Method: "POST", Path: u, Body: with("digits", 0), Status: 400, Field: "digits"},
		{Name: "too many digits", As: admin, Method: "POST", Path: u, Body: with("digits", 13), Status: 400, Field: "digits"},
		{Name: "digits not a number", As: admin, Method: "POST", Path: u, Body: `{"kind":"purchase","digits":"x"}`, Status: 400},
		{Name: "huge digits", As: admin, Method: "POST", Path: u, Body: `{"kind":"purchase","prefix":"CG","datePart":"none","reset":"never","digits":99999999999999999999}`, Status: 400},
		{Name: "prefix too long", As: admin, Method: "POST", Path: u, Body: with("prefix", "ABCDEFGHIJKLM"), Status: 400, Field: "prefix"},
		{Name: "prefix with a space", As: admin, Method: "POST", Path: u, Body: with("prefix", "C G"), Status: 400, Field: "prefix"},
		{Name: "prefix with Chinese", As: admin, Method: "POST", Path: u, Body: with("prefix", "采购"), Status: 400, Field: "prefix"},
		{Name: "prefix ending in a digit", As: admin, Method: "POST", Path: u, Body: with("prefix", "CG1"), Status: 400, Field: "prefix"},
		{Name: "daily reset without the day", As: admin, Method: "POST", Path: u, Body: with("datePart", "yyyyMM"), Status: 400, Field: "datePart", MsgHas: "归零周期"},
		{Name: "basic data reset without a date", As: admin, Lang: "en", Method: "POST", Path: u, Body: map[string]any{"kind": "inventory", "prefix": "SP", "datePart": "none", "digits": 4, "reset": "yearly"}, Status: 400, Field: "datePart"},
		{Name: "malformed", As: admin, Method: "POST", Path: u, Body: `{"kind":`, Status: 400},
		{Name: "injection in kind", As: admin, Method: "POST", Path: u, Body: with("kind", "sales' OR '1'='1"), Status: 404},
	})
	if r := rules(t, admin)["purchase"]; r.Prefix != "CG" || r.DatePart != "yyyyMMdd" || r.Digits != 3 {
		t.Fatalf("a refused update changed the rule: %+v", r)
	}
	admin.Lang = "en"
	if r := rules(t, admin)["purchase"]; r.Name != "Purchase receipts" {
		t.Fatalf("en name %q", r.Name)
	}
}
