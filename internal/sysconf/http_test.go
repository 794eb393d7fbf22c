package sysconf_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/auth"
	"cangshu/internal/sysparam"
)

// newEnv starts the app with the system parameters seeded (start-up seeds
// them too; seeding again changes nothing).
func newEnv(t *testing.T) *apptest.Env {
	e := apptest.New(t)
	for i := 0; i < 2; i++ {
		if err := sysparam.SeedDefaults(context.Background(), e.App.DB); err != nil {
			t.Fatal(err)
		}
	}
	// A new installation's initial password is random; the tests know theirs.
	seeded := e.Text("SELECT config_value FROM configs WHERE config_key = 'sys.user.initPassword'")
	if len(seeded) != 12 || auth.CheckPassword("p", "x", seeded) != nil {
		t.Fatalf("seeded initial password %q", seeded)
	}
	e.Exec("UPDATE configs SET config_value = ? WHERE config_key = 'sys.user.initPassword'", testInitPassword)
	return e
}

const testInitPassword = "Ginger-Teapot-9"

type configRow struct {
	ID          int64  `json:"id"`
	ConfigName  string `json:"configName"`
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
	Remark      string `json:"remark"`
	Builtin     int    `json:"builtin"`
	CreateTime  string `json:"createTime"`
}

func page(t *testing.T, c *apptest.Client, query string) apptest.Page[configRow] {
	t.Helper()
	var p apptest.Page[configRow]
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
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	var created configRow
	admin.Do("POST", "/api/config/", map[string]any{"configName": "Logo URL", "configKey": "site.logo_url", "configValue": "/logo.png", "remark": "r"}).
		Want(200).Decode(&created)
	if created.ID == 0 || created.ConfigKey != "site.logo_url" || created.Builtin != 0 {
		t.Fatalf("created %+v", created)
	}
	id := fmt.Sprint(created.ID)
	reader, nobody := e.UserWith("sys:config:query"), e.UserWith("sys:user:query")
	long := strings.Repeat("长", 51)
	apptest.Run(t, []apptest.Step{
		{Name: "create: missing name", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configKey": "a.b"}, Status: 400, Msg: "配置名称不能为空", Field: "configName"},
		{Name: "create: missing key, en", As: admin, Lang: "en", Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x"}, Status: 400, Msg: "Config key is required", Field: "configKey"},
		{Name: "create: oversize name", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": long, "configKey": "a.b"}, Status: 400, Msg: "配置名称不能超过 50 个字符", Field: "configName"},
		{Name: "create: oversize key", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "a" + strings.Repeat("b", 100)}, Status: 400, Field: "configKey"},
		{Name: "create: oversize value", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "a.b", "configValue": strings.Repeat("v", 2001)}, Status: 400, Field: "configValue"},
		{Name: "create: oversize remark", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "a.b", "remark": strings.Repeat("r", 201)}, Status: 400, Field: "remark"},
		{Name: "create: bad key format, en", As: admin, Lang: "en", Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "1abc"}, Status: 400, Msg: "Config key must start with a letter and hold only letters, digits, underscores and dots", Field: "configKey"},
		{Name: "create: key with a space", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "a b"}, Status: 400, Field: "configKey"},
		{Name: "create: duplicate key", As: admin, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "site.logo_url"}, Status: 409, Msg: "配置键“site.logo_url”已存在", Field: "configKey"},
		{Name: "create: a parameter's key is taken", As: admin, Lang: "en", Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "qtyPlaces"}, Status: 409, Msg: `Config key "qtyPlaces" already exists`},
		{Name: "create: malformed JSON", As: admin, Method: "POST", Path: "/api/config/", Body: `{"configName": `, Status: 400, Msg: "请求内容不是有效的 JSON"},
		{Name: "create: wrong type", As: admin, Method: "POST", Path: "/api/config/", Body: `{"configName": 5}`, Status: 400, Field: "configName"},
		{Name: "create: wrong content type", As: admin, Method: "POST", Path: "/api/config/", Body: apptest.Raw{ContentType: "text/plain", Text: "x"}, Status: 400, BodyHas: "text/plain"},
		{Name: "create: no permission", As: reader, Method: "POST", Path: "/api/config/", Body: map[string]any{"configName": "x", "configKey": "a.c"}, Status: 403},
		{Name: "create: form-urlencoded", As: admin, Method: "POST", Path: "/api/config/", Body: url.Values{"configName": {"Form"}, "configKey": {"form.key"}, "configValue": {"1"}}, Status: 200, BodyHas: `"configKey":"form.key"`},
		{Name: "form", As: admin, Method: "GET", Path: "/api/config/" + id + "/form", Status: 200, BodyHas: `"configValue":"/logo.png"`},
		{Name: "form: unknown id", As: admin, Method: "GET", Path: "/api/config/999999/form", Status: 404, Msg: "配置不存在或已被删除"},
		{Name: "form: bad id", As: admin, Method: "GET", Path: "/api/config/abc/form", Status: 400},
		{Name: "form: needs update permission", As: reader, Method: "GET", Path: "/api/config/" + id + "/form", Status: 403},
		{Name: "update", As: admin, Method: "POST", Path: "/api/config/" + id, Body: map[string]any{"configName": "Logo", "configKey": "site.logo", "configValue": "/l.svg"}, Status: 200, BodyHas: `"configKey":"site.logo"`},
		{Name: "update: duplicate key", As: admin, Method: "POST", Path: "/api/config/" + id, Body: map[string]any{"configName": "Logo", "configKey": "form.key"}, Status: 409, Field: "configKey"},
		{Name: "update: missing name", As: admin, Method: "POST", Path: "/api/config/" + id, Body: map[string]any{"configKey": "site.logo"}, Status: 400, Field: "configName"},
		{Name: "update: unknown id", As: admin, Method: "POST", Path: "/api/config/999999", Body: map[string]any{"configName": "x", "configKey": "x"}, Status: 404},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/config/" + id, Body: map[string]any{"configName": "x", "configKey": "x"}, Status: 403},
		{Name: "page: no permission", As: nobody, Method: "GET", Path: "/api/config/page", Status: 403},
		{Name: "page: bad pageSize", As: admin, Method: "GET", Path: "/api/config/page?pageSize=0", Status: 400, Field: "pageSize"},
		{Name: "refresh", As: admin, Method: "POST", Path: "/api/config/refresh", Status: 200},
		{Name: "refresh: no permission", As: reader, Method: "POST", Path: "/api/config/refresh", Status: 403},
		{Name: "delete: unknown id, nothing deleted", As: admin, Method: "DELETE", Path: "/api/config/" + id + ",999999", Status: 404},
		{Name: "delete: bad ids", As: admin, Method: "DELETE", Path: "/api/config/1,x", Status: 400},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/config/" + id, Status: 403},
	})

	// Keywords search name and key; the page shows the stored values.
	p := page(t, admin, "keywords=logo")
	if p.Total != 1 || p.List[0].ConfigName != "Logo" || p.List[0].ConfigValue != "/l.svg" || p.List[0].CreateTime == "" {
		t.Fatalf("page: %+v", p)
	}
	if p := page(t, reader, "keywords=SITE.LOGO"); p.Total != 1 {
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
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	if n := e.Count("SELECT COUNT(*) FROM configs WHERE builtin = 1"); n != len(sysparam.Params()) {
		t.Fatalf("built-in rows %d, want %d", n, len(sysparam.Params()))
	}
	qty := fmt.Sprint(idOfKey(t, admin, "qtyPlaces"))
	pw := fmt.Sprint(idOfKey(t, admin, "sys.user.initPassword"))
	var free configRow
	admin.Do("POST", "/api/config/", map[string]any{"configName": "Free", "configKey": "free.key"}).Want(200).Decode(&free)
	reader := e.UserWith("sys:config:query")
	apptest.Run(t, []apptest.Step{
		{Name: "delete a built-in key", As: admin, Method: "DELETE", Path: "/api/config/" + qty, Status: 409, Msg: "“qtyPlaces”是系统参数，不能删除"},
		{Name: "delete a built-in key, en", As: admin, Lang: "en", Method: "DELETE", Path: fmt.Sprintf("/api/config/%d,%s", free.ID, qty), Status: 409, Msg: `"qtyPlaces" is a system parameter and cannot be deleted`},
		{Name: "rename a built-in key", As: admin, Method: "POST", Path: "/api/config/" + qty, Body: map[string]any{"configName": "x", "configKey": "qty", "configValue": "2"}, Status: 400, Field: "configKey"},
		{Name: "bad built-in value", As: admin, Method: "POST", Path: "/api/config/" + qty, Body: map[string]any{"configName": "x", "configKey": "qtyPlaces", "configValue": "7"}, Status: 400, Msg: "数量小数位数必须在 0 到 6 之间", Field: "configValue"},
		{Name: "bad built-in value, en", As: admin, Lang: "en", Method: "POST", Path: "/api/config/" + qty, Body: map[string]any{"configName": "x", "configKey": "qtyPlaces", "configValue": "x"}, Status: 400, Msg: "Quantity decimal places is not valid", Field: "configValue"},
		{Name: "good built-in value", As: admin, Method: "POST", Path: "/api/config/" + qty, Body: map[string]any{"configName": "Whatever", "configKey": "qtyPlaces", "configValue": " 4 ", "remark": "four"}, Status: 200, BodyHas: `"configName":"数量小数位数","configKey":"qtyPlaces","configValue":"4","remark":"four"`},
		{Name: "built-in name in English", As: admin, Lang: "en", Method: "GET", Path: "/api/config/" + qty + "/form", Status: 200, BodyHas: `"configName":"Quantity decimal places"`},
		{Name: "init password visible with update permission", As: admin, Method: "GET", Path: "/api/config/page?keywords=initPassword", Status: 200, BodyHas: `"configValue":"Ginger-Teapot-9"`},
		{Name: "init password masked without it", As: reader, Method: "GET", Path: "/api/config/page?keywords=initPassword", Status: 200, BodyHas: `"configValue":"******"`},
		{Name: "search by translated name, en", As: reader, Lang: "en", Method: "GET", Path: "/api/config/page?keywords=valuation", Status: 200, BodyHas: `"configKey":"valMethods"`},
		{Name: "short init password", As: admin, Method: "POST", Path: "/api/config/" + pw, Body: map[string]any{"configKey": "sys.user.initPassword", "configValue": "abc"}, Status: 400, Msg: "用户初始密码至少需要 8 个字符"},
		{Name: "common init password", As: admin, Method: "POST", Path: "/api/config/" + pw, Body: map[string]any{"configKey": "sys.user.initPassword", "configValue": "12345678"}, Status: 400, Msg: "用户初始密码过于常见，容易被猜中，请换一个"},
		{Name: "masked init password keeps it", As: admin, Method: "POST", Path: "/api/config/" + pw, Body: map[string]any{"configKey": "sys.user.initPassword", "configValue": "******"}, Status: 200, BodyHas: `"configValue":"Ginger-Teapot-9"`},
	})
	var sys map[string]any
	admin.Do("GET", "/api/config/system", nil).Want(200).Decode(&sys)
	if sys["qtyPlaces"] != 4.0 {
		t.Fatalf("qtyPlaces after update: %v", sys["qtyPlaces"])
	}
	// Seeding again keeps changed values.
	if err := sysparam.SeedDefaults(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
	if s, _ := e.App.Conf.System(context.Background()); s.QtyPlaces != 4 {
		t.Fatalf("seed overwrote qtyPlaces: %d", s.QtyPlaces)
	}
	// The refused batch deleted nothing.
	admin.Do("GET", fmt.Sprintf("/api/config/%d/form", free.ID), nil).Want(200)
}

func TestSystemParameters(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	ctx := context.Background()
	viewer := e.UserWith("settings:parameter:query")
	editor := e.UserWith("settings:parameter:query", "settings:parameter:update")
	nobody := e.UserWith("sys:config:query")

	// Defaults, typed: numbers are JSON numbers.
	r := admin.Do("GET", "/api/config/system", nil).Want(200)
	var sys map[string]any
	r.Decode(&sys)
	want := map[string]any{
		"companyName": "仓鼠商贸", "currency": "RMB", "qtyPlaces": 2.0, "pricePlaces": 2.0, "amountPlaces": 2.0,
		"valMethods": "movingAverage", "priceSequence": "cLevelPrice", "requiredCheckStore": 1.0, "taxRequiredCheck": 0.0,
		"taxRequiredInput": 13.0, "invPriceIsTax": 0.0, "multiUnit": 1.0, "enableAssistingProp": 0.0, "ISSERNUM": 0.0,
		"ISWARRANTY": 0.0, "closeDate": "", "allowOverFulfil": 0.0, "allowRegister": 0.0, "showAgreement": 0.0,
		"sys.user.initPassword": testInitPassword, "companyAddress": "", "passwordMinLength": 8.0,
	}
	for k, v := range want {
		if sys[k] != v {
			t.Errorf("%s = %#v, want %#v", k, sys[k], v)
		}
	}
	if len(sys) != len(sysparam.Params()) {
		t.Errorf("%d fields, want %d: %v", len(sys), len(sysparam.Params()), sys)
	}
	if sd, _ := sys["startDate"].(string); !sysparam.ValidDate(sd) {
		t.Errorf("startDate %v", sys["startDate"])
	}

	apptest.Run(t, []apptest.Step{
		{Name: "masked without sys:config:update", As: viewer, Method: "GET", Path: "/api/config/system", Status: 200, BodyHas: `"sys.user.initPassword":"******"`},
		{Name: "query needs permission", As: nobody, Method: "GET", Path: "/api/config/system", Status: 403},
		{Name: "update needs permission", As: viewer, Method: "POST", Path: "/api/config/system", Body: map[string]any{"currency": "USD"}, Status: 403},
		{Name: "qtyPlaces 7", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"qtyPlaces": 7}, Status: 400, Msg: "数量小数位数必须在 0 到 6 之间", Field: "qtyPlaces"},
		{Name: "qtyPlaces 7, en", As: editor, Lang: "en", Method: "POST", Path: "/api/config/system", Body: map[string]any{"qtyPlaces": 7}, Status: 400, Msg: "Quantity decimal places must be between 0 and 6", Field: "qtyPlaces"},
		{Name: "valMethods lifo", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"valMethods": "lifo"}, Status: 400, Msg: "存货计价方法的取值不正确", Field: "valMethods"},
		{Name: "tax rate with 3 places, en", As: editor, Lang: "en", Method: "POST", Path: "/api/config/system", Body: map[string]any{"taxRequiredInput": 12.345}, Status: 400, Msg: "Default tax rate allows at most 2 decimal places"},
		{Name: "tax rate over 100", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"taxRequiredInput": "100.5"}, Status: 400, Field: "taxRequiredInput"},
		{Name: "unknown price source, en", As: editor, Lang: "en", Method: "POST", Path: "/api/config/system", Body: map[string]any{"priceSequence": "lastPrice,cheapest"}, Status: 400, Msg: `Price lookup order: "cheapest" is not allowed; choose from cLevelPrice, lastPrice`},
		{Name: "bad date", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"startDate": "2024-13-01"}, Status: 400, Field: "startDate"},
		{Name: "close date: only the period close sets it", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"closeDate": "2024-01-31"}, Status: 400, Field: "closeDate", Msg: "结账日期只能通过结账/反结账修改（设置 → 结账/反结账）"},
		{Name: "close date sent back unchanged", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"closeDate": ""}, Status: 200},
		{Name: "close date by the config page, en", As: admin, Lang: "en", Method: "POST", Path: "/api/config/" + fmt.Sprint(idOfKey(t, admin, "closeDate")), Body: map[string]any{"configKey": "closeDate", "configValue": "2024-01-31"}, Status: 400, Field: "configValue", Msg: "The close date is set by closing and reopening periods (Settings → Period close), not here"},
		{Name: "empty company name", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"companyName": " "}, Status: 400, Msg: "公司名称不能为空"},
		{Name: "flag 2", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"multiUnit": 2}, Status: 400, Field: "multiUnit"},
		{Name: "short init password", As: editor, Method: "POST", Path: "/api/config/system", Body: map[string]any{"sys.user.initPassword": "12345"}, Status: 400, Field: "sys.user.initPassword"},
		{Name: "object for a number", As: editor, Method: "POST", Path: "/api/config/system", Body: `{"qtyPlaces": {"a": 1}}`, Status: 400, Field: "qtyPlaces"},
		{Name: "malformed JSON", As: editor, Method: "POST", Path: "/api/config/system", Body: `{"qtyPlaces": `, Status: 400, Msg: "请求内容不是有效的 JSON"},
		{Name: "wrong content type", As: editor, Method: "POST", Path: "/api/config/system", Body: apptest.Raw{ContentType: "text/xml", Text: "<a/>"}, Status: 400},
	})

	// Nothing is written when one field is bad; every bad field is reported.
	r = editor.Do("POST", "/api/config/system", map[string]any{"companyName": "新名字", "qtyPlaces": 9, "valMethods": "lifo"}).Want(400)
	if r.Env.Errors["qtyPlaces"] == "" || r.Env.Errors["valMethods"] == "" || r.Env.Errors["companyName"] != "" {
		t.Fatalf("errors: %s", r.Body)
	}
	if s, _ := e.App.Conf.System(ctx); s.CompanyName != "仓鼠商贸" {
		t.Fatalf("partial write: %q", s.CompanyName)
	}

	// A partial update changes only what was sent; numbers and numeric strings both work.
	var got map[string]any
	editor.Do("POST", "/api/config/system", map[string]any{
		"companyName": "仓鼠贸易有限公司", "qtyPlaces": "3", "taxRequiredInput": 6.5, "valMethods": "fifo",
		"priceSequence": "lastPrice,cLevelPrice", "requiredCheckStore": false,
		"companyPostcode": 100000, "sys.user.initPassword": "******",
	}).Want(200).Decode(&got)
	for k, v := range map[string]any{"companyName": "仓鼠贸易有限公司", "qtyPlaces": 3.0, "taxRequiredInput": 6.5, "valMethods": "fifo",
		"priceSequence": "lastPrice,cLevelPrice", "requiredCheckStore": 0.0, "closeDate": "", "companyPostcode": "100000",
		"currency": "RMB", "sys.user.initPassword": "******"} {
		if got[k] != v {
			t.Errorf("after update %s = %#v, want %#v", k, got[k], v)
		}
	}
	s, err := e.App.Conf.System(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if s.InitPassword != testInitPassword || s.QtyPlaces != 3 || s.TaxRequiredInput.String() != "6.5" || len(s.PriceSources()) != 2 {
		t.Fatalf("typed: %+v", s)
	}

	// Form bodies work too; the init password changes for an administrator.
	admin.Form("POST", "/api/config/system", url.Values{"amountPlaces": {"4"}, "sys.user.initPassword": {"new-secret"}}).Want(200)
	admin.Do("POST", "/api/config/system", "{}").Want(200) // an empty body changes nothing
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
