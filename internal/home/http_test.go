package home_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/home"
	"cangshu/internal/sysparam"
)

type homeInfo map[string]any

func getHome(t *testing.T, c *apptest.Client) homeInfo {
	t.Helper()
	var h homeInfo
	c.Do("GET", "/api/home", nil).Want(200).Decode(&h)
	return h
}

func createShop(t *testing.T, c *apptest.Client, code, name string) int64 {
	t.Helper()
	var f struct {
		ID int64 `json:"id"`
	}
	c.Do("POST", "/api/shops/", map[string]any{"code": code, "name": name, "sort": 10}).Want(200).Decode(&f)
	return f.ID
}

func TestHomeInfo(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	if err := sysparam.SeedDefaults(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
	admin := e.Admin()
	branch := createShop(t, admin, "B01", "分店")
	off := createShop(t, admin, "C01", "停用店")
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", off), map[string]any{"code": "C01", "name": "停用店", "status": 0}).Want(200)

	h := getHome(t, admin)
	for k, v := range map[string]any{
		"username": "admin", "name": "系统管理员", "rights": `["*:*:*"]`, "roleid": 0.0, "shopName": "总店",
		"language": "zh-CN", "companyName": "仓鼠商贸", "qtyPlaces": 2.0, "valMethods": "movingAverage",
		"taxRequiredInput": 13.0, "ISSERNUM": 0.0, "requiredCheckStore": 1.0, "version": "dev",
	} {
		if h[k] != v {
			t.Errorf("admin %s = %#v, want %#v", k, h[k], v)
		}
	}
	if _, ok := h["sys.user.initPassword"]; ok {
		t.Errorf("home shows the initial password")
	}
	for _, p := range sysparam.Params() {
		if _, ok := h[p.Key]; !ok && p.Key != sysparam.KeyInitPassword {
			t.Errorf("home lacks %s", p.Key)
		}
	}
	if st, _ := time.Parse(time.RFC3339, fmt.Sprint(h["serverTime"])); time.Since(st) > time.Minute {
		t.Errorf("serverTime %v", h["serverTime"])
	}
	if shops := h["shops"].([]any); len(shops) != 2 || shops[1].(map[string]any)["shopName"] != "分店" {
		t.Errorf("admin shops %v", h["shops"])
	} else if shops[1].(map[string]any)["shopId"] != float64(branch) {
		t.Errorf("admin shops %v", h["shops"])
	}
	if roles := h["roles"].([]any); len(roles) != 1 || roles[0] != "ROOT" {
		t.Errorf("roles %v", h["roles"])
	}
	admin.Lang = "en"
	if h := getHome(t, admin); h["language"] != "en" {
		t.Errorf("language %v", h["language"])
	}

	// A restricted user: rights are the JSON text of their permissions, roleid their role.
	clerk := e.UserWith("sys:user:query", "sys:shop:query")
	h = getHome(t, clerk)
	roleID := e.RoleOf(clerk)
	var rights []string
	if err := json.Unmarshal([]byte(h["rights"].(string)), &rights); err != nil || strings.Join(rights, " ") != "sys:shop:query sys:user:query" {
		t.Errorf("rights %v (%v)", h["rights"], err)
	}
	if h["roleid"] != float64(roleID) || h["username"] != clerk.Username || h["shopName"] != "总店" || h["userId"] != float64(e.UserID(clerk.Username)) {
		t.Errorf("clerk home %v", h)
	}
	if shops := h["shops"].([]any); len(shops) != 1 {
		t.Errorf("clerk shops %v", shops)
	}
	// Changed parameters show at once.
	admin.Do("POST", "/api/config/system", map[string]any{"qtyPlaces": 4, "companyName": "新公司"}).Want(200)
	if h := getHome(t, clerk); h["qtyPlaces"] != 4.0 || h["companyName"] != "新公司" {
		t.Errorf("after update %v %v", h["qtyPlaces"], h["companyName"])
	}
	// Allowed while the password must still be changed; refused without sign-in.
	e.Exec("UPDATE users SET must_change_password = 1 WHERE username = ?", clerk.Username)
	getHome(t, clerk)
	clerk.Do("POST", "/api/home/switchShop", map[string]any{"shopId": 1}).Want(403)
	e.Anonymous().Do("GET", "/api/home", nil).Want(401)
	e.Anonymous().Do("GET", "/api/home/", nil).Want(401)
	admin.Do("GET", "/api/home/", nil).Want(200)
}

func TestSwitchShop(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	branch := createShop(t, admin, "B01", "分店")
	other := createShop(t, admin, "X01", "别人的店")
	off := createShop(t, admin, "C01", "停用店")
	e.CreateUser("dave", "secret1")
	dave := e.UserID("dave")
	for _, s := range []int64{branch, off} {
		admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", s), map[string]any{"userIds": []int64{dave}}).Want(200)
	}
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", off), map[string]any{"code": "C01", "name": "停用店", "status": 0}).Want(200)
	c1 := e.SignIn("dave", "secret1")
	c2 := e.SignIn("dave", "secret1")
	clerk := e.UserWith()

	var cur home.ShopItem
	c1.Do("POST", "/api/home/switchShop", map[string]any{"shopId": branch}).Want(200).Decode(&cur)
	if cur.ShopID != branch || cur.ShopName != "分店" {
		t.Fatalf("switched %+v", cur)
	}
	if h := getHome(t, c1); h["shopId"] != float64(branch) || h["shopName"] != "分店" {
		t.Fatalf("home after switch %v %v", h["shopId"], h["shopName"])
	}
	// The user's other session and other users keep their shop.
	if h := getHome(t, c2); h["shopName"] != "总店" {
		t.Fatalf("other session %v", h["shopName"])
	}
	if h := getHome(t, clerk); h["shopName"] != "总店" {
		t.Fatalf("other user %v", h["shopName"])
	}
	// Form bodies work too.
	c2.Form("POST", "/api/home/switchShop", map[string][]string{"shopId": {fmt.Sprint(branch)}}).Want(200)

	sw := "/api/home/switchShop"
	apptest.Run(t, []apptest.Step{
		{Name: "not a member", As: c1, Method: "POST", Path: sw, Body: map[string]any{"shopId": other}, Status: 403, Msg: "您不属于店铺“别人的店”，不能切换到该店铺"},
		{Name: "not a member, en", As: c1, Lang: "en", Method: "POST", Path: sw, Body: map[string]any{"shopId": other}, Status: 403, Msg: `You are not a member of shop "别人的店" and cannot switch to it`},
		{Name: "disabled", As: c1, Method: "POST", Path: sw, Body: map[string]any{"shopId": off}, Status: 409, Msg: "店铺“停用店”已停用"},
		{Name: "unknown", As: c1, Lang: "en", Method: "POST", Path: sw, Body: map[string]any{"shopId": 999999}, Status: 404, Msg: "Shop does not exist or has been deleted"},
		{Name: "missing", As: c1, Method: "POST", Path: sw, Body: map[string]any{}, Status: 400, Msg: "店铺不能为空"},
		{Name: "not a number", As: c1, Method: "POST", Path: sw, Body: `{"shopId":"x"}`, Status: 400},
		{Name: "malformed", As: c1, Method: "POST", Path: sw, Body: `{"shopId":`, Status: 400, Msg: "请求内容不是有效的 JSON"},
		{Name: "wrong content type", As: c1, Method: "POST", Path: sw, Body: apptest.Raw{ContentType: "text/plain", Text: "1"}, Status: 400},
	})
	if h := getHome(t, c1); h["shopId"] != float64(branch) {
		t.Fatalf("a refused switch changed the shop: %v", h["shopId"])
	}
	// ROOT may switch to any enabled shop.
	admin.Do("POST", "/api/home/switchShop", map[string]any{"shopId": other}).Want(200)
	admin.Do("POST", "/api/home/switchShop", map[string]any{"shopId": off}).Want(409)
}

func TestReset(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, s := range []string{
		"CREATE TABLE test_bills (id INTEGER PRIMARY KEY, note TEXT NOT NULL)",
		"CREATE TABLE test_bill_lines (id INTEGER PRIMARY KEY, bill_id BIGINT NOT NULL REFERENCES test_bills (id))",
		"INSERT INTO test_bills (id, note) VALUES (1, 'a'), (2, 'b')",
		"INSERT INTO test_bill_lines (id, bill_id) VALUES (1, 1), (2, 1), (3, 2)",
	} {
		e.Exec(s)
	}
	e.App.Home.RegisterReset(home.ClearTable("test_bill_lines"), home.ClearTable("test_bills"))
	count := func() int {
		return e.Count("SELECT (SELECT COUNT(*) FROM test_bills) + (SELECT COUNT(*) FROM test_bill_lines)")
	}
	admin := e.Admin()
	e.CreateUser("eve", "secret1", "settings:reset:execute")
	eve := e.SignIn("eve", "secret1")
	nobody := e.UserWith("settings:parameter:query")
	// A second administrator: ROOT, with a password of their own.
	e.CreateUser("root2", "secret2")
	e.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", e.UserID("root2"), e.RoleID("ROOT"))
	root2 := e.SignIn("root2", "secret2")

	nobody.Do("POST", "/api/home/reset", map[string]any{"password": "secret1"}).Want(403)
	// The right alone is not enough: ROOT only.
	r := eve.Do("POST", "/api/home/reset", map[string]any{"password": "secret1"}).Want(403)
	if r.Env.Msg != "只有系统管理员（ROOT）可以重新初始化" {
		t.Fatalf("not ROOT: %s", r.Body)
	}
	r = admin.Do("POST", "/api/home/reset", map[string]any{"password": "wrong-one"}).Want(400)
	if r.Env.Msg != "登录密码不正确" || r.Env.Errors["password"] == "" {
		t.Fatalf("wrong password: %s", r.Body)
	}
	root2.Lang = "en"
	r = root2.Do("POST", "/api/home/reset", map[string]any{"password": apptest.AdminPassword}).Want(400) // someone else's password
	if r.Env.Msg != "The password is wrong" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	r = root2.Do("POST", "/api/home/reset", map[string]any{}).Want(400)
	if r.Env.Msg != "Your password is required" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	root2.Do("POST", "/api/home/reset", `{"password":`).Want(400)
	if n := count(); n != 5 {
		t.Fatalf("refused resets deleted rows: %d left", n)
	}

	var res home.ResetResult
	root2.Do("POST", "/api/home/reset", map[string]any{"password": "secret2"}).Want(200).Decode(&res)
	if n := count(); n != 0 {
		t.Fatalf("%d rows left", n)
	}
	steps := map[string]int64{}
	for _, c := range res.Cleared {
		steps[c.Name] = c.Rows
	}
	if steps["test_bill_lines"] != 3 || steps["test_bills"] != 2 || res.Backup == "" {
		t.Fatalf("result %+v", res)
	}
	// System data stays: users, shops, settings.
	admin.Do("GET", "/api/home", nil).Want(200)
	if users := e.Count("SELECT COUNT(*) FROM users"); users != 4 {
		t.Fatalf("users %d", users)
	}
}

// A failing step rolls the whole reset back.
func TestResetIsAllOrNothing(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, s := range []string{
		"CREATE TABLE test_parents (id INTEGER PRIMARY KEY)",
		"CREATE TABLE test_children (id INTEGER PRIMARY KEY, parent_id BIGINT NOT NULL REFERENCES test_parents (id))",
		"INSERT INTO test_parents (id) VALUES (1)",
		"INSERT INTO test_children (id, parent_id) VALUES (1, 1)",
		"CREATE TABLE test_free (id INTEGER PRIMARY KEY)",
		"INSERT INTO test_free (id) VALUES (1)",
	} {
		e.Exec(s)
	}
	// Wrong order: the parents cannot go while children refer to them.
	e.App.Home.RegisterReset(home.ClearTable("test_free"), home.ClearTable("test_parents"), home.ClearTable("test_children"))
	e.Admin().Do("POST", "/api/home/reset", map[string]any{"password": apptest.AdminPassword}).Want(500)
	if n := e.Count("SELECT COUNT(*) FROM test_free"); n != 1 {
		t.Fatalf("partial reset: test_free has %d rows", n)
	}
}

func TestClearTableRefusesBadNames(t *testing.T) {
	t.Parallel()
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	home.ClearTable("bills; DROP TABLE users")
}

// Wrong passwords on "reset data" are throttled like sign-ins (the same
// count per user): after five, even the right password is refused with 429
// until the window passes, and nothing is cleared.
func TestResetPasswordIsThrottled(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	admin.Lang = "en"
	b := e.AddBasics()
	admin.Do("POST", "/api/purchase/add", b.Doc(b.Supplier, "2024-06-01", "1", "2")).Want(200)
	docs := e.Count("SELECT COUNT(*) FROM bills")
	for i := range 5 {
		r := admin.Do("POST", "/api/home/reset", map[string]any{"password": fmt.Sprintf("wrong-%d", i)}).Want(400)
		if r.Env.Errors["password"] == "" {
			t.Fatalf("try %d: %s", i, r.Body)
		}
	}
	r := admin.Do("POST", "/api/home/reset", map[string]any{"password": apptest.AdminPassword}).Want(429)
	if !strings.Contains(r.Env.Msg, "15 minutes") {
		t.Fatalf("throttled: %s", r.Body)
	}
	if n := e.Count("SELECT COUNT(*) FROM bills"); n != docs || n == 0 {
		t.Fatalf("a throttled reset cleared documents: %d → %d", docs, n)
	}
	// The count is the sign-in's: signing in is throttled too.
	e.Anonymous().Login("admin", apptest.AdminPassword).Want(429)
}
