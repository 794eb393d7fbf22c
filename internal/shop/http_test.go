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

// raw is a request body sent with an explicit content type.
type raw struct{ ct, text string }

// step is one HTTP scenario line.
type step struct {
	name         string
	who          string
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

type shopPage struct {
	List  []shopRow `json:"list"`
	Total int       `json:"total"`
}

func listShops(t *testing.T, c *apptest.Client, query string) shopPage {
	t.Helper()
	var p shopPage
	c.Do("GET", "/api/shops/page?"+query, nil).Want(200).Decode(&p)
	return p
}

func createShop(t *testing.T, c *apptest.Client, code, name string) int64 {
	t.Helper()
	var f shopRow
	c.Do("POST", "/api/shops/", map[string]any{"code": code, "name": name, "sort": 10}).Want(200).Decode(&f)
	return f.ID
}

func userID(t *testing.T, e *apptest.Env, username string) int64 {
	t.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), "SELECT id FROM users WHERE username = ?", username).Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
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
	e := apptest.New(t)
	admin := e.Admin()
	var created shopRow
	admin.Do("POST", "/api/shops/", map[string]any{"code": "S002", "name": "分店", "address": "北京路 1 号", "phone": "010-1234", "sort": 2, "remark": "r"}).
		Want(200).Decode(&created)
	if created.ID == 0 || created.Status != 1 || created.Address != "北京路 1 号" || created.Sort != 2 {
		t.Fatalf("created %+v", created)
	}
	id := fmt.Sprint(created.ID)
	clients := map[string]*apptest.Client{"admin": admin, "reader": e.UserWith("sys:shop:query"), "nobody": e.UserWith("sys:user:query")}
	body := func(kv ...any) map[string]any {
		m := map[string]any{"code": "S009", "name": "九店"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	steps := []step{
		{name: "create: missing code", who: "admin", method: "POST", path: "/api/shops/", body: body("code", ""), status: 400, msg: "店铺编码不能为空", field: "code"},
		{name: "create: missing name, en", who: "admin", lang: "en", method: "POST", path: "/api/shops/", body: body("name", " "), status: 400, msg: "Shop name is required", field: "name"},
		{name: "create: bad code", who: "admin", method: "POST", path: "/api/shops/", body: body("code", "S 1"), status: 400, msg: "店铺编码只能包含字母、数字、下划线和短横线", field: "code"},
		{name: "create: oversize code", who: "admin", method: "POST", path: "/api/shops/", body: body("code", strings.Repeat("A", 21)), status: 400, msg: "店铺编码不能超过 20 个字符"},
		{name: "create: oversize name", who: "admin", method: "POST", path: "/api/shops/", body: body("name", strings.Repeat("店", 51)), status: 400, field: "name"},
		{name: "create: oversize address", who: "admin", method: "POST", path: "/api/shops/", body: body("address", strings.Repeat("a", 201)), status: 400, field: "address"},
		{name: "create: oversize phone", who: "admin", method: "POST", path: "/api/shops/", body: body("phone", strings.Repeat("1", 31)), status: 400, field: "phone"},
		{name: "create: oversize remark", who: "admin", method: "POST", path: "/api/shops/", body: body("remark", strings.Repeat("r", 201)), status: 400, field: "remark"},
		{name: "create: bad status, en", who: "admin", lang: "en", method: "POST", path: "/api/shops/", body: body("status", 2), status: 400, msg: "Status has a value that is not allowed"},
		{name: "create: negative sort", who: "admin", method: "POST", path: "/api/shops/", body: body("sort", -1), status: 400, field: "sort"},
		{name: "create: duplicate code", who: "admin", method: "POST", path: "/api/shops/", body: body("code", "S002"), status: 409, msg: "店铺编码“S002”已存在", field: "code"},
		{name: "create: duplicate name, en", who: "admin", lang: "en", method: "POST", path: "/api/shops/", body: body("name", "总店"), status: 409, msg: `Shop name "总店" already exists`, field: "name"},
		{name: "create: malformed JSON", who: "admin", method: "POST", path: "/api/shops/", body: raw{"application/json", `{"code":`}, status: 400, msg: "请求内容不是有效的 JSON"},
		{name: "create: wrong type", who: "admin", method: "POST", path: "/api/shops/", body: raw{"application/json", `{"code":"S9","name":"x","sort":"many"}`}, status: 400, field: "sort"},
		{name: "create: wrong content type", who: "admin", method: "POST", path: "/api/shops/", body: raw{"text/csv", "a,b"}, status: 400, frag: "text/csv"},
		{name: "create: no permission", who: "reader", method: "POST", path: "/api/shops/", body: body(), status: 403},
		{name: "create: form-urlencoded", who: "admin", method: "POST", path: "/api/shops/", body: raw{"application/x-www-form-urlencoded", "code=S003&name=%E4%B8%89%E5%BA%97&status=0&sort=3"}, status: 200, frag: `"status":0`},
		{name: "form", who: "admin", method: "GET", path: "/api/shops/" + id + "/form", status: 200, frag: `"phone":"010-1234"`},
		{name: "form: unknown", who: "admin", method: "GET", path: "/api/shops/999999/form", status: 404, msg: "店铺不存在或已被删除"},
		{name: "form: no permission", who: "reader", method: "GET", path: "/api/shops/" + id + "/form", status: 403},
		{name: "update", who: "admin", method: "POST", path: "/api/shops/" + id, body: map[string]any{"code": "S002", "name": "二店", "phone": "020-1", "sort": 2}, status: 200, frag: `"name":"二店"`},
		{name: "update: keeps status when absent", who: "admin", method: "GET", path: "/api/shops/" + id + "/form", status: 200, frag: `"status":1`},
		{name: "update: duplicate code", who: "admin", method: "POST", path: "/api/shops/" + id, body: map[string]any{"code": "S001", "name": "二店"}, status: 409, field: "code"},
		{name: "update: duplicate name", who: "admin", method: "POST", path: "/api/shops/" + id, body: map[string]any{"code": "S002", "name": "三店"}, status: 409, field: "name"},
		{name: "update: missing name", who: "admin", method: "POST", path: "/api/shops/" + id, body: map[string]any{"code": "S002"}, status: 400, field: "name"},
		{name: "update: unknown", who: "admin", method: "POST", path: "/api/shops/999999", body: body(), status: 404},
		{name: "update: bad id", who: "admin", method: "POST", path: "/api/shops/0", body: body(), status: 400},
		{name: "page: no permission", who: "nobody", method: "GET", path: "/api/shops/page", status: 403},
		{name: "page: bad status", who: "admin", method: "GET", path: "/api/shops/page?status=5", status: 400, field: "status"},
		{name: "page: bad status number", who: "admin", method: "GET", path: "/api/shops/page?status=x", status: 400},
		{name: "users: unknown shop", who: "admin", method: "GET", path: "/api/shops/999999/users", status: 404},
		{name: "set users: unknown user, en", who: "admin", lang: "en", method: "POST", path: "/api/shops/" + id + "/users", body: map[string]any{"userIds": []int64{1, 999999}}, status: 400, msg: "User 999999 does not exist", field: "userIds"},
		{name: "set users: bad ids", who: "admin", method: "POST", path: "/api/shops/" + id + "/users", body: raw{"application/json", `{"userIds":"x"}`}, status: 400},
		{name: "set users: no permission", who: "reader", method: "POST", path: "/api/shops/" + id + "/users", body: map[string]any{"userIds": []int64{}}, status: 403},
		{name: "delete: unknown, nothing deleted", who: "admin", method: "DELETE", path: "/api/shops/" + id + ",999999", status: 404},
		{name: "delete: no permission", who: "reader", method: "DELETE", path: "/api/shops/" + id, status: 403},
	}
	run(t, clients, steps)

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
	var empty int64
	empty = createShop(t, admin, "S004", "四店")
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
	ctx := context.Background()
	if _, err := e.App.DB.Exec(ctx, "CREATE TABLE test_docs (id INTEGER PRIMARY KEY, shop_id BIGINT NOT NULL)"); err != nil {
		t.Fatal(err)
	}
	s3 := listShops(t, admin, "status=0").List[0].ID
	e.App.DB.Exec(ctx, "INSERT INTO test_docs (id, shop_id) VALUES (1, ?)", s3)
	e.App.Shops.AddReference(shop.Reference{Table: "test_docs", Column: "shop_id", What: errs.Key("shop.entity")})
	admin.Lang = "en"
	r = admin.Do("DELETE", fmt.Sprintf("/api/shops/%d", s3), nil).Want(409)
	if r.Env.Msg != `Shop "三店" is used by Shop and cannot be deleted` {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	e.App.DB.Exec(ctx, "DELETE FROM test_docs")
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
	e := apptest.New(t)
	admin := e.Admin()
	other := createShop(t, admin, "B01", "别的店")
	off := createShop(t, admin, "C01", "停用店")
	admin.Do("POST", fmt.Sprintf("/api/shops/%d", off), map[string]any{"code": "C01", "name": "停用店", "status": 0, "sort": 10}).Want(200)
	clerk := e.UserWith("sys:shop:query", "sys:shop:edit", "sys:shop:delete")
	uid := userID(t, e, clerk.Username)
	admin.Do("POST", fmt.Sprintf("/api/shops/%d/users", off), map[string]any{"userIds": []int64{uid}}).Want(200)

	p := listShops(t, clerk, "")
	if p.Total != 2 || p.List[0].Code != "S001" || p.List[1].Code != "C01" {
		t.Fatalf("clerk sees %+v", p)
	}
	if p := listShops(t, admin, ""); p.Total != 3 {
		t.Fatalf("admin sees %+v", p)
	}
	o := fmt.Sprint(other)
	clients := map[string]*apptest.Client{"clerk": clerk}
	run(t, clients, []step{
		{name: "form of another shop", who: "clerk", method: "GET", path: "/api/shops/" + o + "/form", status: 404, msg: "店铺不存在或已被删除"},
		{name: "users of another shop", who: "clerk", method: "GET", path: "/api/shops/" + o + "/users", status: 404},
		{name: "set users of another shop", who: "clerk", method: "POST", path: "/api/shops/" + o + "/users", body: map[string]any{"userIds": []int64{uid}}, status: 404},
		{name: "update another shop", who: "clerk", method: "POST", path: "/api/shops/" + o, body: map[string]any{"code": "B01", "name": "x"}, status: 404},
		{name: "delete another shop", who: "clerk", method: "DELETE", path: "/api/shops/" + o, status: 404},
		{name: "keywords do not reach another shop", who: "clerk", method: "GET", path: "/api/shops/page?keywords=B01", status: 200, frag: `"total":0`},
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
	e := apptest.New(t)
	admin := e.Admin()
	b := createShop(t, admin, "B01", "分店")
	e.CreateUser("carol", "secret1")
	carolID := userID(t, e, "carol")
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
