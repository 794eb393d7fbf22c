package shop_test

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/errs"
	"cangshu/internal/shop"
)

type shopRow struct {
	ID         int64  `json:"id"`
	Code       string `json:"code"`
	Name       string `json:"name"`
	Address    string `json:"address"`
	Phone      string `json:"phone"`
	Status     int    `json:"status"`
	Sort       int    `json:"sort"`
	Remark     string `json:"remark"`
	UserCount  int    `json:"userCount"`
	CreateTime string `json:"createTime"`
}

func listShops(t *testing.T, c *apptest.Client, query string) apptest.Page[shopRow] {
	t.Helper()
	var p apptest.Page[shopRow]
	c.Do("GET", "/api/shops/page?"+query, nil).Want(200).Decode(&p)
	return p
}

func createShop(t *testing.T, c *apptest.Client, code, name string) int64 {
	t.Helper()
	var f shopRow
	c.Do("POST", "/api/shops/", map[string]any{"code": code, "name": name, "sort": 10}).Want(200).Decode(&f)
	return f.ID
}

func sessionShop(t *testing.T, e *apptest.Env, username string) []sql.NullInt64 {
	t.Helper()
	rows, err := e.App.DB.Query(context.Background(), `SELECT s.shop_id FROM sessions s JOIN users u ON u.id = s.user_id
		WHERE u.username = ? AND s.revoked_at IS NULL ORDER BY s.id`, username)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []sql.NullInt64
	for rows.Next() {
		var v sql.NullInt64
		rows.Scan(&v)
		out = append(out, v)
	}
	return out
}

func TestShopCRUD(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var created shopRow
	admin.Do("POST", "/api/shops/", map[string]any{"code": "S002", "name": "分店", "address": "北京路 1 号", "phone": "010-1234", "sort": 2, "remark": "r"}).
		Want(200).Decode(&created)
	if created.ID == 0 || created.Status != 1 || created.Address != "北京路 1 号" || created.Sort != 2 {
		t.Fatalf("created %+v", created)
	}
	id := fmt.Sprint(created.ID)
	reader, nobody := e.UserWith("sys:shop:query"), e.UserWith("sys:user:query")
	body := func(kv ...any) map[string]any {
		m := map[string]any{"code": "S009", "name": "九店"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "create: missing code", As: admin, Method: "POST", Path: "/api/shops/", Body: body("code", ""), Status: 400, Msg: "店铺编码不能为空", Field: "code"},
		{Name: "create: missing name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/shops/", Body: body("name", " "), Status: 400, Msg: "Shop name is required", Field: "name"},
		{Name: "create: bad code", As: admin, Method: "POST", Path: "/api/shops/", Body: body("code", "S 1"), Status: 400, Msg: "店铺编码只能包含字母、数字、下划线和短横线", Field: "code"},
		{Name: "create: oversize code", As: admin, Method: "POST", Path: "/api/shops/", Body: body("code", strings.Repeat("A", 21)), Status: 400, Msg: "店铺编码不能超过 20 个字符"},
		{Name: "create: oversize name", As: admin, Method: "POST", Path: "/api/shops/", Body: body("name", strings.Repeat("店", 51)), Status: 400, Field: "name"},
		{Name: "create: oversize address", As: admin, Method: "POST", Path: "/api/shops/", Body: body("address", strings.Repeat("a", 201)), Status: 400, Field: "address"},
		{Name: "create: oversize phone", As: admin, Method: "POST", Path: "/api/shops/", Body: body("phone", strings.Repeat("1", 31)), Status: 400, Field: "phone"},
		{Name: "create: oversize remark", As: admin, Method: "POST", Path: "/api/shops/", Body: body("remark", strings.Repeat("r", 201)), Status: 400, Field: "remark"},
		{Name: "create: bad status, en", As: admin, Lang: "en", Method: "POST", Path: "/api/shops/", Body: body("status", 2), Status: 400, Msg: "Status has a value that is not allowed"},
		{Name: "create: negative sort", As: admin, Method: "POST", Path: "/api/shops/", Body: body("sort", -1), Status: 400, Field: "sort"},
		{Name: "create: duplicate code", As: admin, Method: "POST", Path: "/api/shops/", Body: body("code", "S002"), Status: 409, Msg: "店铺编码“S002”已存在", Field: "code"},
		{Name: "create: duplicate name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/shops/", Body: body("name", "总店"), Status: 409, Msg: `Shop name "总店" already exists`, Field: "name"},
		{Name: "create: malformed JSON", As: admin, Method: "POST", Path: "/api/shops/", Body: `{"code":`, Status: 400, Msg: "请求内容不是有效的 JSON"},
		{Name: "create: wrong type", As: admin, Method: "POST", Path: "/api/shops/", Body: `{"code":"S9","name":"x","sort":"many"}`, Status: 400, Field: "sort"},
		{Name: "create: wrong content type", As: admin, Method: "POST", Path: "/api/shops/", Body: apptest.Raw{ContentType: "text/csv", Text: "a,b"}, Status: 400, BodyHas: "text/csv"},
		{Name: "create: no permission", As: reader, Method: "POST", Path: "/api/shops/", Body: body(), Status: 403},
		{Name: "create: form-urlencoded", As: admin, Method: "POST", Path: "/api/shops/", Body: apptest.Raw{ContentType: "application/x-www-form-urlencoded", Text: "code=S003&name=%E4%B8%89%E5%BA%97&status=0&sort=3"}, Status: 200, BodyHas: `"status":0`},
		{Name: "form", As: admin, Method: "GET", Path: "/api/shops/" + id + "/form", Status: 200, BodyHas: `"phone":"010-1234"`},
		{Name: "form: unknown", As: admin, Method: "GET", Path: "/api/shops/999999/form", Status: 404, Msg: "店铺不存在或已被删除"},
		{Name: "form: no permission", As: reader, Method: "GET", Path: "/api/shops/" + id + "/form", Status: 403},
		{Name: "update", As: admin, Method: "POST", Path: "/api/shops/" + id, Body: map[string]any{"code": "S002", "name": "二店", "phone": "020-1", "sort": 2}, Status: 200, BodyHas: `"name":"二店"`},
		{Name: "update: keeps status when absent", As: admin, Method: "GET", Path: "/api/shops/" + id + "/form", Status: 200, BodyHas: `"status":1`},
		{Name: "update: duplicate code", As: admin, Method: "POST", Path: "/api/shops/" + id, Body: map[string]any{"code": "S001", "name": "二店"}, Status: 409, Field: "code"},
		{Name: "update: duplicate name", As: admin, Method: "POST", Path: "/api/shops/" + id, Body: map[string]any{"code": "S002", "name": "三店"}, Status: 409, Field: "name"},
		{Name: "update: missing name", As: admin, Method: "POST", Path: "/api/shops/" + id, Body: map[string]any{"code": "S002"}, Status: 400, Field: "name"},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/shops/999999", Body: body(), Status: 404},
		{Name: "update: bad id", As: admin, Method: "POST", Path: "/api/shops/0", Body: body(), Status: 400},
		{Name: "page: no permission", As: nobody, Method: "GET", Path: "/api/shops/page", Status: 403},
		{Name: "page: bad status", As: admin, Method: "GET", Path: "/api/shops/page?status=5", Status: 400, Field: "status"},
		{Name: "page: bad status number", As: admin, Method: "GET", Path: "/api/shops/page?status=x", Status: 400},
		{Name: "users: unknown shop", As: admin, Method: "GET", Path: "/api/shops/999999/users", Status: 404},
		{Name: "set users: unknown user, en", As: admin, Lang: "en", Method: "POST", Path: "/api/shops/" + id + "/users", Body: map[string]any{"userIds": []int64{1, 999999}}, Status: 400, Msg: "User 999999 does not exist", Field: "userIds"},
		{Name: "set users: bad ids", As: admin, Method: "POST", Path: "/api/shops/" + id + "/users", Body: `{"userIds":"x"}`, Status: 400},
		{Name: "set users: no permission", As: reader, Method: "POST", Path: "/api/shops/" + id + "/users", Body: map[string]any{"userIds": []int64{}}, Status: 403},
		{Name: "delete: unknown, nothing deleted", As: admin, Method: "DELETE", Path: "/api/shops/" + id + ",999999", Status: 404},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/shops/" + id, Status: 403},
	})

	p := listShops(t, admin, "keywords=S00&pageSize=10")
	if p.Total != 3 || p.List[0].Code != "S001" || p.List[0].UserCount < 3 || p.List[1].Name != "二店" {
		t.Fatalf("page %+v", p)
	}
	if p := listShops(t, admin, "status=0"); p.Total != 1 || p.List[0].Code != "S003" {
		t.Fatalf("disabled shops %+v", p)
	}
	if p := listShops(t, admin, "keywords=二"); p.Total != 1 || p.List[0].ID != created.ID {
		t.Fatalf("by name %+v", p)
	}
	if p := listShops(t, admin, "pageNum=2&pageSize=2"); len(p.List) != 1 || p.Total != 3 {
		t.Fatalf("page 2 %+v", p)
	}

	// Members: replace, list, counted on the page.
	u1 := e.CreateUser("alice", "secret1")
	u2 := e.CreateUser("bob", "secret1")
	var members []shop.Member
	admin.Do("POST", "/api/shops/"+id+"/users", map[string]any{"userIds": []int64{u2, u1, u2}}).Want(200).Decode(&members)
	if len(members) != 2 || members[0].ID != u1 || members[0].Username != "alice" || members[1].Nickname != "bob" {
		t.Fatalf("members %+v", members)
	}
	admin.Do("GET", "/api/shops/"+id+"/users", nil).Want(200).Decode(&members)
	if len(members) != 2 {
		t.Fatalf("members %+v", members)
	}
	for _, r := range listShops(t, admin, "").List {
		if r.ID == created.ID && r.UserCount != 2 {
			t.Fatalf("userCount %d", r.UserCount)
		}
	}

	// Delete: a shop with users is refused, naming it; batches are all or nothing.
	empty := createShop(t, admin, "S004", "四店")
	admin.Lang = ""
	r := admin.Do("DELETE", fmt.Sprintf("/api/shops/%d,%s", empty, id), nil).Want(409)
	if r.Env.Msg != "店铺“二店”下还有 2 个用户，不能删除" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	admin.Do("GET", fmt.Sprintf("/api/shops/%d/form", empty), nil).Want(200)
	admin.Do("POST", "/api/shops/"+id+"/users", map[string]any{"userIds": []int64{}}).Want(200)
	admin.Do("DELETE", fmt.Sprintf("/api/shops/%d,%s", empty, id), nil).Want(200)
	admin.Do("GET", "/api/shops/"+id+"/form", nil).Want(404)

	// A registered reference blocks deletion.
	e.Exec("CREATE TABLE test_docs (id INTEGER PRIMARY KEY, shop_id BIGINT NOT NULL)")
	s3 := listShops(t, admin, "status=0").List[0].ID
	e.Exec("INSERT INTO test_docs (id, shop_id) VALUES (1, ?)", s3)
	e.App.Shops.AddReference(shop.Reference{Table: "test_docs", Column: "shop_id", What: errs.Key("shop.entity")})
	admin.Lang = "en"
	r = admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", s3), nil).Want(409)
	if r.Env.Msg != `Shop "三店" is used by Shop and cannot be deleted` {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	e.Exec("DELETE FROM test_docs")
	admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", s3), nil).Want(200)

	// The last enabled shop can be neither deleted nor disabled.
	var main shopRow
	admin.Do("GET", "/api/shops/page", nil).Want(200)
	main = listShops(t, admin, "").List[0]
	admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", main.ID), map[string]any{"userIds": []int64{}}).Want(200)
	r = admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", main.ID), nil).Want(409)
	if r.Env.Msg != `Shop "总店" cannot be deleted: no enabled shop would be left` {
		t.Fatalf("msg %q", r.Env.Msg)
	}
}

func TestShopIsolationAndOptions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	other := createShop(t, admin, "B01", "别的店")
	off := createShop(t, admin, "C01", "停用店")
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", off), map[string]any{"code": "C01", "name": "停用店", "status": 0, "sort": 10}).Want(200)
	clerk := e.UserWith("sys:shop:query", "sys:shop:edit", "sys:shop:delete")
	uid := e.UserID(clerk.Username)
	admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", off), map[string]any{"userIds": []int64{uid}}).Want(200)

	p := listShops(t, clerk, "")
	if p.Total != 2 || p.List[0].Code != "S001" || p.List[1].Code != "C01" {
		t.Fatalf("clerk sees %+v", p)
	}
	if p := listShops(t, admin, ""); p.Total != 3 {
		t.Fatalf("admin sees %+v", p)
	}
	o := fmt.Sprint(other)
	apptest.Run(t, []apptest.Step{
		{Name: "form of another shop", As: clerk, Method: "GET", Path: "/api/shops/" + o + "/form", Status: 404, Msg: "店铺不存在或已被删除"},
		{Name: "users of another shop", As: clerk, Method: "GET", Path: "/api/shops/" + o + "/users", Status: 404},
		{Name: "set users of another shop", As: clerk, Method: "POST", Path: "/api/shops/" + o + "/users", Body: map[string]any{"userIds": []int64{uid}}, Status: 404},
		{Name: "update another shop", As: clerk, Method: "POST", Path: "/api/shops/" + o, Body: map[string]any{"code": "B01", "name": "x"}, Status: 404},
		{Name: "delete another shop", As: clerk, Method: "DELETE", Path: "/api/shops/" + o, Status: 404},
		{Name: "keywords do not reach another shop", As: clerk, Method: "GET", Path: "/api/shops/page?keywords=B01", Status: 200, BodyHas: `"total":0`},
	})

	// Options: enabled shops the caller may switch to.
	var opts []shop.Option
	clerk.Do("GET", "/api/shops/options", nil).Want(200).Decode(&opts)
	if len(opts) != 1 || opts[0].Label != "总店" {
		t.Fatalf("clerk options %+v", opts)
	}
	admin.Do("GET", "/api/shops/options", nil).Want(200).Decode(&opts)
	if len(opts) != 2 || opts[1].Value != other {
		t.Fatalf("admin options %+v", opts)
	}
	e.UserWith().Do("GET", "/api/shops/options", nil).Want(200)

	// A shop created by a non-ROOT user is theirs.
	creator := e.UserWith("sys:shop:add", "sys:shop:query")
	mine := createShop(t, creator, "M01", "我的店")
	if p := listShops(t, creator, "keywords=M01"); p.Total != 1 || p.List[0].ID != mine || p.List[0].UserCount != 1 {
		t.Fatalf("creator sees %+v", p)
	}
}

func TestDisablingShops(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := createShop(t, admin, "B01", "分店")
	e.CreateUser("carol", "secret1")
	carolID := e.UserID("carol")
	admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", b), map[string]any{"userIds": []int64{carolID}}).Want(200)
	carol := e.SignIn("carol", "secret1")
	carol2 := e.SignIn("carol", "secret1")
	carol.Do("POST", "/api/home/switchShop", map[string]any{"shopId": b}).Want(200)
	if s := sessionShop(t, e, "carol"); len(s) != 2 || s[0].Int64 != b || s[1].Int64 == b {
		t.Fatalf("carol's sessions %+v", s)
	}
	mainID := listShops(t, admin, "keywords=S001").List[0].ID

	// The caller's own active shop cannot be disabled.
	admin.Lang = "en"
	r := admin.Do("POST", fmt.Sprintf("/api/shops/%d", mainID), map[string]any{"code": "S001", "name": "总店", "status": 0}).Want(409)
	if r.Env.Msg != `"总店" is your active shop and cannot be disabled; switch to another shop first` {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// Another shop: sessions working in it lose their active shop.
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", b), map[string]any{"code": "B01", "name": "分店", "status": 0}).Want(200)
	if s := sessionShop(t, e, "carol"); s[0].Valid || !s[1].Valid {
		t.Fatalf("carol's sessions after disabling %+v", s)
	}
	var info struct {
		ShopID   int64  `json:"shopId"`
		ShopName string `json:"shopName"`
	}
	carol.Do("GET", "/api/home", nil).Want(200).Decode(&info)
	if info.ShopID != 0 || info.ShopName != "" {
		t.Fatalf("carol's home %+v", info)
	}
	carol2.Do("GET", "/api/home", nil).Want(200).Decode(&info)
	if info.ShopID != mainID {
		t.Fatalf("carol's other session %+v", info)
	}
	// Re-enable, switch, then remove carol from the shop: her session there loses it.
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", b), map[string]any{"code": "B01", "name": "分店", "status": 1}).Want(200)
	carol.Do("POST", "/api/home/switchShop", map[string]any{"shopId": b}).Want(200)
	admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", b), map[string]any{"userIds": []int64{}}).Want(200)
	if s := sessionShop(t, e, "carol"); s[0].Valid {
		t.Fatalf("carol's session after removal %+v", s)
	}
	// Deleting the shop a session works in unsets it; the last enabled shop
	// cannot be disabled even by someone working elsewhere.
	admin.Do("POST", "/api/home/switchShop", map[string]any{"shopId": b}).Want(200)
	admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", b), nil).Want(200)
	if s := sessionShop(t, e, "admin"); s[0].Valid {
		t.Fatalf("admin's session after deleting its shop %+v", s)
	}
	r = admin.Do("POST", fmt.Sprintf("/api/shops/%d", mainID), map[string]any{"code": "S001", "name": "总店", "status": 0}).Want(409)
	if r.Env.Msg != `"总店" is the last enabled shop and cannot be disabled` {
		t.Fatalf("msg %q", r.Env.Msg)
	}
}

// The first shop's seeded name (总店) follows the caller's language in the
// list, the switcher options, the edit form and the home information; a name
// an administrator typed stays as typed.
func TestSeededShopNameFollowsTheLanguage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	zh := e.Admin()
	en := e.Admin()
	en.Lang = "en"
	main := e.MainShop()
	name := func(c *apptest.Client) string {
		t.Helper()
		for _, s := range listShops(t, c, "pageNum=1&pageSize=50").List {
			if s.ID == main {
				return s.Name
			}
		}
		t.Fatalf("no main shop")
		return ""
	}
	if got := name(zh); got != "总店" {
		t.Errorf("Chinese list: %q", got)
	}
	if got := name(en); got != "Main shop" {
		t.Errorf("English list: %q", got)
	}
	var opts []shop.Option
	en.Do("GET", "/api/shops/options", nil).Want(200).Decode(&opts)
	if len(opts) == 0 || opts[0] != (shop.Option{Value: main, Label: "Main shop"}) {
		t.Errorf("English options: %+v", opts)
	}
	var f shopRow
	en.Do("GET", fmt.Sprintf("/api/shops/%d/form", main), nil).Want(200).Decode(&f)
	if f.Name != "Main shop" {
		t.Errorf("English form: %+v", f)
	}
	var info struct {
		ShopName string `json:"shopName"`
		Shops    []struct {
			ShopName string `json:"shopName"`
		} `json:"shops"`
	}
	for _, tc := range []struct {
		c    *apptest.Client
		want string
	}{{zh, "总店"}, {en, "Main shop"}} {
		tc.c.Do("GET", "/api/home", nil).Want(200).Decode(&info)
		if info.ShopName != tc.want || len(info.Shops) == 0 || info.Shops[0].ShopName != tc.want {
			t.Errorf("home in %q: %+v", tc.c.Lang, info)
		}
	}
	// Saved from the English form the name is still the seeded one; a typed name stays.
	en.Do("POST", fmt.Sprintf("/api/shops/%d", main), map[string]any{"code": "S001", "name": f.Name, "sort": 1}).Want(200)
	if got := name(zh); got != "总店" {
		t.Errorf("after an English save, Chinese: %q", got)
	}
	zh.Do("POST", fmt.Sprintf("/api/shops/%d", main), map[string]any{"code": "S001", "name": "南京路旗舰店", "sort": 1}).Want(200)
	if a, b := name(zh), name(en); a != "南京路旗舰店" || b != "南京路旗舰店" {
		t.Errorf("typed name: %q / %q", a, b)
	}
}
