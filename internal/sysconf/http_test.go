package sysconf_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/sysconf"
)

// newEnv starts the app with the system parameters seeded (start-up seeds
// them too; seeding again changes nothing).
func newEnv(t *testing.T) *apptest.Env {
	e := apptest.New(t)
	for i := 0; i < 2; i++ {
		if err := sysconf.SeedDefaults(context.Background(), e.App.DB); err != nil {
			t.Fatal(err)
		}
	}
	return e
}

// raw is a request body sent with an explicit content type.
type raw struct{ ct, text string }

// step is one HTTP scenario line.
type step struct {
	name         string
	who          string // client name in the scenario's map
	lang         string
	method, path string
	body         any
	status       int
	msg          string // exact message, when set
	field        string // a field that must carry an error
	frag         string // fragment of the raw body
}

func run(t *testing.T, clients map[string]*apptest.Client, steps []step) {
	t.Helper()
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			c := clients[s.who]
			if c == nil {
				t.Fatalf("no client %q", s.who)
			}
			c.Lang = s.lang
			var r *apptest.Response
			if b, ok := s.body.(raw); ok {
				r = c.Raw(s.method, s.path, b.ct, strings.NewReader(b.text))
			} else {
				r = c.Do(s.method, s.path, s.body)
			}
			r.Want(s.status)
			if s.msg != "" && r.Env.Msg != s.msg {
				t.Errorf("msg %q, want %q", r.Env.Msg, s.msg)
			}
			if s.field != "" && r.Env.Errors[s.field] == "" {
				t.Errorf("no error for %s: %s", s.field, r.Body)
			}
			if s.frag != "" && !strings.Contains(string(r.Body), s.frag) {
				t.Errorf("body lacks %s: %s", s.frag, r.Body)
			}
		})
	}
}

type configRow struct {
	ID          int64  `json:"id"`
	ConfigName  string `json:"configName"`
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
	Remark      string `json:"remark"`
	Builtin     int    `json:"builtin"`
	CreateTime  string `json:"createTime"`
}

type configPage struct {
	List  []configRow `json:"list"`
	Total int         `json:"total"`
}

func page(t *testing.T, c *apptest.Client, query string) configPage {
	t.Helper()
	var p configPage
	c.Do("GET", "/api/config/page?"+query, nil).Want(200).Decode(&p)
	return p
}

func idOfKey(t *testing.T, c *apptest.Client, key string) int64 {
	t.Helper()
	for _, r := range page(t, c, "pageSize=1000").List {
		if r.ConfigKey == key {
			return r.ID
		}
	}
	t.Fatalf("no config %s", key)
	return 0
}

func TestConfigKeys(t *testing.T) {
	e := newEnv(t)
	admin := e.Admin()
	var created configRow
	admin.Do("POST", "/api/config/", map[string]any{"configName": "Logo URL", "configKey": "site.logo_url", "configValue": "/logo.png", "remark": "r"}).
		Want(200).Decode(&created)
	if created.ID == 0 || created.ConfigKey != "site.logo_url" || created.Builtin != 0 {
		t.Fatalf("created %+v", created)
	}
	id := fmt.Sprint(created.ID)
	clients := map[string]*apptest.Client{
		"admin":  admin,
		"reader": e.UserWith("sys:config:query"),
		"nobody": e.UserWith("sys:user:query"),
	}
	long := strings.Repeat("长", 51)
	steps := []step{
		{name: "create: missing name", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configKey": "a.b"}, status: 400, msg: "配置名称不能为空", field: "configName"},
		{name: "create: missing key, en", who: "admin", lang: "en", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x"}, status: 400, msg: "Config key is required", field: "configKey"},
		{name: "create: oversize name", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": long, "configKey": "a.b"}, status: 400, msg: "配置名称不能超过 50 个字符", field: "configName"},
		{name: "create: oversize key", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "a" + strings.Repeat("b", 100)}, status: 400, field: "configKey"},
		{name: "create: oversize value", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "a.b", "configValue": strings.Repeat("v", 2001)}, status: 400, field: "configValue"},
		{name: "create: oversize remark", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "a.b", "remark": strings.Repeat("r", 201)}, status: 400, field: "remark"},
		{name: "create: bad key format, en", who: "admin", lang: "en", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "1abc"}, status: 400, msg: "Config key must start with a letter and hold only letters, digits, underscores and dots", field: "configKey"},
		{name: "create: key with a space", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "a b"}, status: 400, field: "configKey"},
		{name: "create: duplicate key", who: "admin", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "site.logo_url"}, status: 409, msg: "配置键“site.logo_url”已存在", field: "configKey"},
		{name: "create: a parameter's key is taken", who: "admin", lang: "en", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "qtyPlaces"}, status: 409, msg: `Config key "qtyPlaces" already exists`},
		{name: "create: malformed JSON", who: "admin", method: "POST", path: "/api/config/", body: raw{"application/json", `{"configName": `}, status: 400, msg: "请求内容不是有效的 JSON"},
		{name: "create: wrong type", who: "admin", method: "POST", path: "/api/config/", body: raw{"application/json", `{"configName": 5}`}, status: 400, field: "configName"},
		{name: "create: wrong content type", who: "admin", method: "POST", path: "/api/config/", body: raw{"text/plain", "x"}, status: 400, frag: "text/plain"},
		{name: "create: no permission", who: "reader", method: "POST", path: "/api/config/", body: map[string]any{"configName": "x", "configKey": "a.c"}, status: 403},
		{name: "create: form-urlencoded", who: "admin", method: "POST", path: "/api/config/", body: raw{"application/x-www-form-urlencoded", url.Values{"configName": {"Form"}, "configKey": {"form.key"}, "configValue": {"1"}}.Encode()}, status: 200, frag: `"configKey":"form.key"`},
		{name: "form", who: "admin", method: "GET", path: "/api/config/" + id + "/form", status: 200, frag: `"configValue":"/logo.png"`},
		{name: "form: unknown id", who: "admin", method: "GET", path: "/api/config/999999/form", status: 404, msg: "配置不存在或已被删除"},
		{name: "form: bad id", who: "admin", method: "GET", path: "/api/config/abc/form", status: 400},
		{name: "form: needs update permission", who: "reader", method: "GET", path: "/api/config/" + id + "/form", status: 403},
		{name: "update", who: "admin", method: "POST", path: "/api/config/" + id, body: map[string]any{"configName": "Logo", "configKey": "site.logo", "configValue": "/l.svg"}, status: 200, frag: `"configKey":"site.logo"`},
		{name: "update: duplicate key", who: "admin", method: "POST", path: "/api/config/" + id, body: map[string]any{"configName": "Logo", "configKey": "form.key"}, status: 409, field: "configKey"},
		{name: "update: missing name", who: "admin", method: "POST", path: "/api/config/" + id, body: map[string]any{"configKey": "site.logo"}, status: 400, field: "configName"},
		{name: "update: unknown id", who: "admin", method: "POST", path: "/api/config/999999", body: map[string]any{"configName": "x", "configKey": "x"}, status: 404},
		{name: "update: no permission", who: "reader", method: "POST", path: "/api/config/" + id, body: map[string]any{"configName": "x", "configKey": "x"}, status: 403},
		{name: "page: no permission", who: "nobody", method: "GET", path: "/api/config/page", status: 403},
		{name: "page: bad pageSize", who: "admin", method: "GET", path: "/api/config/page?pageSize=0", status: 400, field: "pageSize"},
		{name: "refresh", who: "admin", method: "POST", path: "/api/config/refresh", status: 200},
		{name: "refresh: no permission", who: "reader", method: "POST", path: "/api/config/refresh", status: 403},
		{name: "delete: unknown id, nothing deleted", who: "admin", method: "DELETE", path: "/api/config/" + id + ",999999", status: 404},
		{name: "delete: bad ids", who: "admin", method: "DELETE", path: "/api/config/1,x", status: 400},
		{name: "delete: no permission", who: "reader", method: "DELETE", path: "/api/config/" + id, status: 403},
	}
	run(t, clients, steps)

	// Keywords search name and key; the page shows the stored values.
	p := page(t, admin, "keywords=logo")
	if p.Total != 1 || p.List[0].ConfigName != "Logo" || p.List[0].ConfigValue != "/l.svg" || p.List[0].CreateTime == "" {
		t.Fatalf("page: %+v", p)
	}
	if p := page(t, clients["reader"], "keywords=SITE.LOGO"); p.Total != 1 {
		t.Fatalf("keywords ignore case: %+v", p)
	}
	// Paging.
	all := page(t, admin, "pageSize=1000")
	if p := page(t, admin, "pageNum=2&pageSize=5"); len(p.List) != 5 || p.Total != all.Total || p.List[0].ID != all.List[5].ID {
		t.Fatalf("page 2: %+v", p)
	}
	// Delete removes, all at once.
	formID := idOfKey(t, admin, "form.key")
	admin.Do("DELETE", fmt.Sprintf("/api/config/%s,%d", id, formID), nil).Want(200)
	if p := page(t, admin, "keywords=logo"); p.Total != 0 {
		t.Fatalf("after delete: %+v", p)
	}
	admin.Do("GET", "/api/config/"+id+"/form", nil).Want(404)
}

func TestBuiltinKeys(t *testing.T) {
	e := newEnv(t)
	admin := e.Admin()
	var n int
	if err := e.App.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM configs WHERE builtin = 1").Scan(&n); err != nil || n != len(sysconf.Params()) {
		t.Fatalf("built-in rows %d, want %d (%v)", n, len(sysconf.Params()), err)
	}
	qty := fmt.Sprint(idOfKey(t, admin, "qtyPlaces"))
	pw := fmt.Sprint(idOfKey(t, admin, "sys.user.initPassword"))
	var free configRow
	admin.Do("POST", "/api/config/", map[string]any{"configName": "Free", "configKey": "free.key"}).Want(200).Decode(&free)
	clients := map[string]*apptest.Client{"admin": admin, "reader": e.UserWith("sys:config:query")}
	steps := []step{
		{name: "delete a built-in key", who: "admin", method: "DELETE", path: "/api/config/" + qty, status: 409, msg: "“qtyPlaces”是系统参数，不能删除"},
		{name: "delete a built-in key, en", who: "admin", lang: "en", method: "DELETE", path: fmt.Sprintf("/api/config/%d,%s", free.ID, qty), status: 409, msg: `"qtyPlaces" is a system parameter and cannot be deleted`},
		{name: "rename a built-in key", who: "admin", method: "POST", path: "/api/config/" + qty, body: map[string]any{"configName": "x", "configKey": "qty", "configValue": "2"}, status: 400, field: "configKey"},
		{name: "bad built-in value", who: "admin", method: "POST", path: "/api/config/" + qty, body: map[string]any{"configName": "x", "configKey": "qtyPlaces", "configValue": "7"}, status: 400, msg: "数量小数位数必须在 0 到 6 之间", field: "configValue"},
		{name: "bad built-in value, en", who: "admin", lang: "en", method: "POST", path: "/api/config/" + qty, body: map[string]any{"configName": "x", "configKey": "qtyPlaces", "configValue": "x"}, status: 400, msg: "Quantity decimal places is not valid", field: "configValue"},
		{name: "good built-in value", who: "admin", method: "POST", path: "/api/config/" + qty, body: map[string]any{"configName": "Whatever", "configKey": "qtyPlaces", "configValue": " 4 ", "remark": "four"}, status: 200, frag: `"configName":"数量小数位数","configKey":"qtyPlaces","configValue":"4","remark":"four"`},
		{name: "built-in name in English", who: "admin", lang: "en", method: "GET", path: "/api/config/" + qty + "/form", status: 200, frag: `"configName":"Quantity decimal places"`},
		{name: "init password visible with update permission", who: "admin", method: "GET", path: "/api/config/page?keywords=initPassword", status: 200, frag: `"configValue":"123456"`},
		{name: "init password masked without it", who: "reader", method: "GET", path: "/api/config/page?keywords=initPassword", status: 200, frag: `"configValue":"******"`},
		{name: "search by translated name, en", who: "reader", lang: "en", method: "GET", path: "/api/config/page?keywords=valuation", status: 200, frag: `"configKey":"valMethods"`},
		{name: "short init password", who: "admin", method: "POST", path: "/api/config/" + pw, body: map[string]any{"configKey": "sys.user.initPassword", "configValue": "abc"}, status: 400, msg: "用户初始密码至少需要 6 个字符"},
		{name: "masked init password keeps it", who: "admin", method: "POST", path: "/api/config/" + pw, body: map[string]any{"configKey": "sys.user.initPassword", "configValue": "******"}, status: 200, frag: `"configValue":"123456"`},
	}
	run(t, clients, steps)
	var sys map[string]any
	admin.Do("GET", "/api/config/system", nil).Want(200).Decode(&sys)
	if sys["qtyPlaces"] != 4.0 {
		t.Fatalf("qtyPlaces after update: %v", sys["qtyPlaces"])
	}
	// Seeding again keeps changed values.
	if err := sysconf.SeedDefaults(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
	if s, _ := e.App.Conf.System(context.Background()); s.QtyPlaces != 4 {
		t.Fatalf("seed overwrote qtyPlaces: %d", s.QtyPlaces)
	}
	// The refused batch deleted nothing.
	admin.Do("GET", fmt.Sprintf("/api/config/%d/form", free.ID), nil).Want(200)
}

func TestSystemParameters(t *testing.T) {
	e := newEnv(t)
	admin := e.Admin()
	ctx := context.Background()
	clients := map[string]*apptest.Client{
		"admin":  admin,
		"viewer": e.UserWith("settings:parameter:query"),
		"editor": e.UserWith("settings:parameter:query", "settings:parameter:update"),
		"nobody": e.UserWith("sys:config:query"),
	}

	// Defaults, typed: numbers are JSON numbers.
	r := admin.Do("GET", "/api/config/system", nil).Want(200)
	var sys map[string]any
	r.Decode(&sys)
	want := map[string]any{
		"companyName": "仓鼠商贸", "currency": "RMB", "qtyPlaces": 2.0, "pricePlaces": 2.0, "amountPlaces": 2.0,
		"valMethods": "movingAverage", "priceSequence": "cLevelPrice", "requiredCheckStore": 1.0, "taxRequiredCheck": 0.0,
		"taxRequiredInput": 13.0, "invPriceIsTax": 0.0, "multiUnit": 1.0, "enableAssistingProp": 0.0, "ISSERNUM": 0.0,
		"ISWARRANTY": 0.0, "closeDate": "", "allowOverFulfil": 0.0, "allowRegister": 0.0, "showAgreement": 0.0,
		"sys.user.initPassword": "123456", "companyAddress": "",
	}
	for k, v := range want {
		if sys[k] != v {
			t.Errorf("%s = %#v, want %#v", k, sys[k], v)
		}
	}
	if len(sys) != len(sysconf.Params()) {
		t.Errorf("%d fields, want %d: %v", len(sys), len(sysconf.Params()), sys)
	}
	if sd, _ := sys["startDate"].(string); !sysconf.ValidDate(sd) {
		t.Errorf("startDate %v", sys["startDate"])
	}

	steps := []step{
		{name: "masked without sys:config:update", who: "viewer", method: "GET", path: "/api/config/system", status: 200, frag: `"sys.user.initPassword":"******"`},
		{name: "query needs permission", who: "nobody", method: "GET", path: "/api/config/system", status: 403},
		{name: "update needs permission", who: "viewer", method: "POST", path: "/api/config/system", body: map[string]any{"currency": "USD"}, status: 403},
		{name: "qtyPlaces 7", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"qtyPlaces": 7}, status: 400, msg: "数量小数位数必须在 0 到 6 之间", field: "qtyPlaces"},
		{name: "qtyPlaces 7, en", who: "editor", lang: "en", method: "POST", path: "/api/config/system", body: map[string]any{"qtyPlaces": 7}, status: 400, msg: "Quantity decimal places must be between 0 and 6", field: "qtyPlaces"},
		{name: "valMethods lifo", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"valMethods": "lifo"}, status: 400, msg: "存货计价方法的取值不正确", field: "valMethods"},
		{name: "tax rate with 3 places, en", who: "editor", lang: "en", method: "POST", path: "/api/config/system", body: map[string]any{"taxRequiredInput": 12.345}, status: 400, msg: "Default tax rate allows at most 2 decimal places"},
		{name: "tax rate over 100", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"taxRequiredInput": "100.5"}, status: 400, field: "taxRequiredInput"},
		{name: "unknown price source, en", who: "editor", lang: "en", method: "POST", path: "/api/config/system", body: map[string]any{"priceSequence": "lastPrice,cheapest"}, status: 400, msg: `Price lookup order: "cheapest" is not allowed; choose from cLevelPrice, lastPrice`},
		{name: "bad date", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"closeDate": "2024-13-01"}, status: 400, msg: "结账日期必须是 YYYY-MM-DD 格式的日期"},
		{name: "empty company name", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"companyName": " "}, status: 400, msg: "公司名称不能为空"},
		{name: "flag 2", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"multiUnit": 2}, status: 400, field: "multiUnit"},
		{name: "short init password", who: "editor", method: "POST", path: "/api/config/system", body: map[string]any{"sys.user.initPassword": "12345"}, status: 400, field: "sys.user.initPassword"},
		{name: "object for a number", who: "editor", method: "POST", path: "/api/config/system", body: raw{"application/json", `{"qtyPlaces": {"a": 1}}`}, status: 400, field: "qtyPlaces"},
		{name: "malformed JSON", who: "editor", method: "POST", path: "/api/config/system", body: raw{"application/json", `{"qtyPlaces": `}, status: 400, msg: "请求内容不是有效的 JSON"},
		{name: "wrong content type", who: "editor", method: "POST", path: "/api/config/system", body: raw{"text/xml", "<a/>"}, status: 400},
	}
	run(t, clients, steps)

	// Nothing is written when one field is bad; every bad field is reported.
	r = clients["editor"].Do("POST", "/api/config/system", map[string]any{"companyName": "新名字", "qtyPlaces": 9, "valMethods": "lifo"}).Want(400)
	if r.Env.Errors["qtyPlaces"] == "" || r.Env.Errors["valMethods"] == "" || r.Env.Errors["companyName"] != "" {
		t.Fatalf("errors: %s", r.Body)
	}
	if s, _ := e.App.Conf.System(ctx); s.CompanyName != "仓鼠商贸" {
		t.Fatalf("partial write: %q", s.CompanyName)
	}

	// A partial update changes only what was sent; numbers and numeric strings both work.
	var got map[string]any
	clients["editor"].Do("POST", "/api/config/system", map[string]any{
		"companyName": "仓鼠贸易有限公司", "qtyPlaces": "3", "taxRequiredInput": 6.5, "valMethods": "fifo",
		"priceSequence": "lastPrice,cLevelPrice", "requiredCheckStore": false, "closeDate": "2024-01-31",
		"companyPostcode": 100000, "sys.user.initPassword": "******",
	}).Want(200).Decode(&got)
	for k, v := range map[string]any{"companyName": "仓鼠贸易有限公司", "qtyPlaces": 3.0, "taxRequiredInput": 6.5, "valMethods": "fifo",
		"priceSequence": "lastPrice,cLevelPrice", "requiredCheckStore": 0.0, "closeDate": "2024-01-31", "companyPostcode": "100000",
		"currency": "RMB", "sys.user.initPassword": "******"} {
		if got[k] != v {
			t.Errorf("after update %s = %#v, want %#v", k, got[k], v)
		}
	}
	s, err := e.App.Conf.System(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.InitPassword != "123456" || s.QtyPlaces != 3 || s.TaxRequiredInput.String() != "6.5" || len(s.PriceSources()) != 2 {
		t.Fatalf("typed: %+v", s)
	}

	// Form bodies work too; the init password changes for an administrator.
	admin.Form("POST", "/api/config/system", url.Values{"amountPlaces": {"4"}, "sys.user.initPassword": {"new-secret"}}).Want(200)
	admin.Do("POST", "/api/config/system", raw{}).Want(200) // an empty body changes nothing
	admin.Raw("POST", "/api/config/system", "application/x-www-form-urlencoded",
		strings.NewReader(url.Values{"postData": {`{"pricePlaces": 5}`}}.Encode())).Want(200)
	if s, _ := e.App.Conf.System(ctx); s.AmountPlaces != 4 || s.PricePlaces != 5 || s.InitPassword != "new-secret" {
		t.Fatalf("form update: %+v", s)
	}
	// The config page shows the same stored values.
	p := page(t, admin, "keywords=amountPlaces")
	if p.Total != 1 || p.List[0].ConfigValue != "4" || p.List[0].Builtin != 1 {
		t.Fatalf("page: %+v", p)
	}
	b, _ := json.Marshal(p)
	if !strings.Contains(string(b), "金额小数位数") {
		t.Fatalf("name: %s", b)
	}
}
