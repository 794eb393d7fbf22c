package menu_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/menu"
)

// call is one row of a scenario table.
type call struct {
	name        string
	c           *apptest.Client
	lang        string
	method, url string
	body        any    // nil, JSON text, or a value sent as JSON
	ct          string // a content type to send body (a string) with instead of JSON
	status      int
	want        string // fragment of msg (errors) or of the body (200)
	field       string // field that must carry an error
}

func run(t *testing.T, calls []call) {
	t.Helper()
	for _, tt := range calls {
		t.Run(tt.name, func(t *testing.T) {
			tt.c.Lang = tt.lang
			defer func() { tt.c.Lang = "" }()
			var r *apptest.Response
			if tt.ct != "" {
				r = tt.c.Raw(tt.method, tt.url, tt.ct, strings.NewReader(tt.body.(string)))
			} else {
				r = tt.c.Do(tt.method, tt.url, tt.body)
			}
			r.Want(tt.status)
			got := r.Env.Msg
			if tt.status == 200 {
				got = string(r.Body)
			}
			if !strings.Contains(got, tt.want) {
				t.Fatalf("got %q, want it to hold %q", got, tt.want)
			}
			if tt.field != "" && r.Env.Errors[tt.field] == "" {
				t.Fatalf("no error for field %s: %s", tt.field, r.Body)
			}
		})
	}
}

func queryInt(t *testing.T, e *apptest.Env, q string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := e.App.DB.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func exec(t testing.TB, e *apptest.Env, q string, args ...any) {
	t.Helper()
	if _, err := e.App.DB.Exec(context.Background(), q, args...); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
}

// signInWithRole creates a user holding the built-in role code and signs in.
func signInWithRole(t testing.TB, e *apptest.Env, username, code string) *apptest.Client {
	t.Helper()
	uid := e.CreateUser(username, "secret1")
	exec(t, e, "INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE code = ?", uid, code)
	return e.SignIn(username, "secret1")
}

func routes(t *testing.T, c *apptest.Client) []menu.Route {
	t.Helper()
	var rs []menu.Route
	c.Do("GET", "/api/menus/routes", nil).Want(200).Decode(&rs)
	return rs
}

// walkRoutes calls fn for every route, depth-first.
func walkRoutes(rs []menu.Route, fn func(r menu.Route, depth int)) {
	var walk func(rs []menu.Route, depth int)
	walk = func(rs []menu.Route, depth int) {
		for _, r := range rs {
			fn(r, depth)
			walk(r.Children, depth+1)
		}
	}
	walk(rs, 0)
}

func topPaths(rs []menu.Route) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Path)
	}
	return out
}

func find(rs []menu.Route, path string) *menu.Route {
	for i := range rs {
		if rs[i].Path == path {
			return &rs[i]
		}
	}
	return nil
}

func TestRoutesOfAClerk(t *testing.T) {
	e := apptest.New(t)
	c := signInWithRole(t, e, "clerk1", "CLERK")
	rs := routes(t, c)
	top := topPaths(rs)
	for _, p := range []string{"/", "/purchase", "/sales"} {
		if !slices.Contains(top, p) {
			t.Errorf("clerk's routes lack %s: %v", p, top)
		}
	}
	if slices.Contains(top, "/system") {
		t.Errorf("clerk's routes hold the system section: %v", top)
	}
	names := map[string]bool{}
	n := 0
	walkRoutes(rs, func(r menu.Route, depth int) {
		n++
		if r.Path == "" || r.Name == "" || r.Meta.Title == "" || names[r.Name] {
			t.Errorf("route %+v: empty path, name or title, or a name used twice", r)
		}
		names[r.Name] = true
	})
	// Exactly the granted catalogs, menus and links: no buttons.
	want := queryInt(t, e, `SELECT COUNT(*) FROM menus m JOIN role_menus rm ON rm.menu_id = m.id
		JOIN roles r ON r.id = rm.role_id WHERE r.code = 'CLERK' AND m.type <> 'BUTTON'`)
	if int64(n) != want {
		t.Errorf("clerk has %d routes, want %d", n, want)
	}
	purchase := find(rs, "/purchase")
	if purchase.Component != "Layout" || purchase.Meta.Title != "购货" || !purchase.Meta.AlwaysShow || purchase.Meta.Icon != "purchase" {
		t.Errorf("purchase catalog %+v", purchase)
	}
	orders := find(purchase.Children, "purOrder")
	if orders == nil || orders.Component != "purchase/purOrder" || !orders.Meta.KeepAlive || orders.Meta.Hidden || orders.Name != "purchase.purOrder" {
		t.Fatalf("purchase orders %+v", orders)
	}
	if entry := find(purchase.Children, "purOrder_detail"); entry == nil || !entry.Meta.Hidden {
		t.Errorf("hidden entry page %+v", entry)
	}
	if sales := find(rs, "/sales"); find(sales.Children, "salesOrder") == nil {
		t.Errorf("sales catalog lacks sales orders: %+v", sales)
	}

	c.Lang = "en"
	rs = routes(t, c)
	if got := find(rs, "/purchase").Meta.Title; got != "Purchasing" {
		t.Errorf("English title %q", got)
	}
	home := find(rs, "/")
	if home.Redirect != "/dashboard" || home.Component != "Layout" {
		t.Errorf("home %+v", home)
	}
	dash := find(home.Children, "dashboard")
	if dash == nil || !dash.Meta.Affix || dash.Meta.Title != "Dashboard" {
		t.Errorf("dashboard %+v", dash)
	}
	if p := find(home.Children, "profile"); p == nil || !p.Meta.Hidden || p.Meta.Title != "My profile" {
		t.Errorf("profile %+v", p)
	}
}

func TestRootSeesEveryRoute(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	rs := routes(t, c)
	if got := topPaths(rs); !slices.Equal(got, []string{"/", "/purchase", "/sales", "/storage", "/fund", "/report", "/settings", "/system"}) {
		t.Fatalf("top-level routes %v", got)
	}
	n := 0
	walkRoutes(rs, func(menu.Route, int) { n++ })
	if want := queryInt(t, e, "SELECT COUNT(*) FROM menus WHERE type <> 'BUTTON'"); int64(n) != want {
		t.Fatalf("ROOT has %d routes, want %d", n, want)
	}
	sys := find(rs, "/system")
	if sys.Meta.Title != "系统管理" || find(sys.Children, "user") == nil {
		t.Fatalf("system %+v", sys)
	}
	// A user without any grant gets an empty tree, also while the password must still change.
	u := e.UserWith()
	exec(t, e, "UPDATE users SET must_change_password = 1 WHERE username = ?", u.Username)
	if rs := routes(t, u); len(rs) != 0 {
		t.Fatalf("routes of a user without grants: %+v", rs)
	}
}

func TestMenuListAndOptions(t *testing.T) {
	e := apptest.New(t)
	c := e.UserWith("sys:menu:query")
	var tree []*menu.Menu
	c.Do("GET", "/api/menus/list", nil).Want(200).Decode(&tree)
	n, buttons := 0, 0
	var walk func(ms []*menu.Menu)
	walk = func(ms []*menu.Menu) {
		for _, m := range ms {
			n++
			if m.Type == menu.TypeButton {
				buttons++
			}
			if m.Params == nil || m.Children == nil {
				t.Fatalf("menu %d has null params or children", m.ID)
			}
			walk(m.Children)
		}
	}
	walk(tree)
	if total := queryInt(t, e, "SELECT COUNT(*) FROM menus"); int64(n) != total || buttons == 0 {
		t.Fatalf("list holds %d entries (%d buttons), the table %d", n, buttons, total)
	}

	c.Do("GET", "/api/menus/list?keywords=sys:user:ADD", nil).Want(200).Decode(&tree)
	if len(tree) != 1 || tree[0].Name != "系统管理" || len(tree[0].Children) != 1 || tree[0].Children[0].Name != "用户管理" ||
		len(tree[0].Children[0].Children) != 1 {
		t.Fatalf("search keeps the ancestors only: %+v", tree)
	}
	b := tree[0].Children[0].Children[0]
	if b.Type != "BUTTON" || b.Perm != "sys:user:add" || b.Name != "新增" || b.NameEn != "Add" || b.ParentID != tree[0].Children[0].ID {
		t.Fatalf("button %+v", b.Form)
	}

	count := func(os []menu.Option) int {
		n := 0
		var walk func(os []menu.Option)
		walk = func(os []menu.Option) {
			for _, o := range os {
				n++
				walk(o.Children)
			}
		}
		walk(os)
		return n
	}
	var opts []menu.Option
	c.Do("GET", "/api/menus/options?onlyParent=true", nil).Want(200).Decode(&opts)
	if got, want := count(opts), queryInt(t, e, "SELECT COUNT(*) FROM menus WHERE type <> 'BUTTON'"); int64(got) != want {
		t.Fatalf("onlyParent options: %d, want %d", got, want)
	}
	if opts[0].Label != "首页" {
		t.Fatalf("first option %+v", opts[0])
	}
	c.Lang = "en"
	c.Do("GET", "/api/menus/options", nil).Want(200).Decode(&opts)
	if got, want := count(opts), queryInt(t, e, "SELECT COUNT(*) FROM menus WHERE parent_id = 0 OR parent_id IN (SELECT id FROM menus)"); int64(got) != want {
		t.Fatalf("options: %d, want %d", got, want)
	}
	if opts[1].Label != "Purchasing" {
		t.Fatalf("English option %+v", opts[1])
	}
	c.Do("GET", "/api/menus/options?onlyParent=maybe", nil).Want(400)
}

func TestMenuLifecycle(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	var cat, page, btn int64
	c.Do("POST", "/api/menus/create", map[string]any{"name": "测试目录", "nameEn": "Tests", "type": "catalog", "routePath": "tests",
		"component": "ignored", "perm": "ignored", "icon": "setting", "sort": 9}).Want(200).Decode(&cat)
	c.Do("POST", "/api/menus/create", map[string]any{"parentId": cat, "name": "测试页", "type": "MENU", "routePath": "page",
		"component": "tests/page", "keepAlive": 1, "params": map[string]string{"mode": "list"}}).Want(200).Decode(&page)
	c.Do("POST", "/api/menus/create", map[string]any{"parentId": page, "name": "新增", "nameEn": "Add", "type": "BUTTON",
		"perm": "tests:page:add", "routePath": "ignored"}).Want(200).Decode(&btn)

	var f menu.Form
	c.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", cat), nil).Want(200).Decode(&f)
	if f.RoutePath != "/tests" || f.Component != "Layout" || f.Perm != "" || f.Type != "CATALOG" || f.Visible != 1 || f.Sort != 9 || f.Icon != "setting" {
		t.Fatalf("catalog form %+v", f)
	}
	c.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", btn), nil).Want(200).Decode(&f)
	if f.RoutePath != "" || f.Perm != "tests:page:add" || f.ParentID != page || f.NameEn != "Add" {
		t.Fatalf("button form %+v", f)
	}
	var treePath string
	var code *string
	e.App.DB.QueryRow(context.Background(), "SELECT tree_path, code FROM menus WHERE id = ?", btn).Scan(&treePath, &code)
	if treePath != fmt.Sprintf("0,%d,%d", cat, page) || code != nil {
		t.Fatalf("button row: tree path %q, code %v", treePath, code)
	}

	// ROOT sees the new routes at once; a missing English name falls back to the name.
	c.Lang = "en"
	rs := find(routes(t, c), "/tests")
	if rs == nil || rs.Meta.Title != "Tests" || len(rs.Children) != 1 {
		t.Fatalf("new catalog route %+v", rs)
	}
	p := rs.Children[0]
	if p.Path != "page" || p.Component != "tests/page" || p.Meta.Title != "测试页" || !p.Meta.KeepAlive ||
		p.Meta.Params["mode"] != "list" || p.Name != "TestsPage" {
		t.Fatalf("new page route %+v", p)
	}
	c.Lang = ""

	// Update: flags left out keep their value; params are replaced.
	c.Do("POST", fmt.Sprintf("/api/menus/update?id=%d", page), map[string]any{"parentId": cat, "name": "测试页面", "nameEn": "Test page",
		"type": "MENU", "routePath": "page", "component": "tests/page", "routeName": "TestPage", "visible": 0, "params": map[string]string{}}).Want(200)
	c.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", page), nil).Want(200).Decode(&f)
	if f.Name != "测试页面" || f.NameEn != "Test page" || f.KeepAlive != 1 || f.Visible != 0 || f.RouteName != "TestPage" || len(f.Params) != 0 {
		t.Fatalf("page form after update %+v", f)
	}
	// Form bodies work too.
	c.Form("POST", fmt.Sprintf("/api/menus/update?id=%d", btn), url.Values{"parentId": {fmt.Sprint(page)}, "name": {"添加"},
		"type": {"BUTTON"}, "perm": {"tests:page:create"}}).Want(200)
	c.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", btn), nil).Want(200).Decode(&f)
	if f.Name != "添加" || f.Perm != "tests:page:create" {
		t.Fatalf("button form after update %+v", f)
	}

	c.Do("DELETE", fmt.Sprintf("/api/menus/%d", btn), nil).Want(200)
	c.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", btn), nil).Want(404)
}

func TestMenuBadInput(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	reader := e.UserWith("sys:menu:query")
	var cat, page, btn int64
	admin.Do("POST", "/api/menus/create", map[string]any{"name": "目录", "type": "CATALOG", "routePath": "/c"}).Want(200).Decode(&cat)
	admin.Do("POST", "/api/menus/create", map[string]any{"parentId": cat, "name": "页", "type": "MENU", "routePath": "p", "component": "c/p", "routeName": "CP"}).Want(200).Decode(&page)
	admin.Do("POST", "/api/menus/create", map[string]any{"parentId": page, "name": "查", "type": "BUTTON", "perm": "c:p:query"}).Want(200).Decode(&btn)
	m := func(kv ...any) map[string]any {
		out := map[string]any{"parentId": page, "name": "按钮", "type": "BUTTON", "perm": "c:p:add"}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i].(string)] = kv[i+1]
		}
		return out
	}
	upd := fmt.Sprintf("/api/menus/update?id=%d", page)
	run(t, []call{
		{name: "missing name", c: admin, method: "POST", url: "/api/menus/create", body: m("name", ""), status: 400, want: "名称不能为空", field: "name"},
		{name: "oversize name, English", c: admin, lang: "en", method: "POST", url: "/api/menus/create", body: m("name", strings.Repeat("n", 51)), status: 400, want: "Name must be at most 50 characters", field: "name"},
		{name: "oversize English name", c: admin, method: "POST", url: "/api/menus/create", body: m("nameEn", strings.Repeat("n", 101)), status: 400, field: "nameEn"},
		{name: "missing type", c: admin, method: "POST", url: "/api/menus/create", body: m("type", ""), status: 400, want: "菜单类型不能为空", field: "type"},
		{name: "unknown type", c: admin, method: "POST", url: "/api/menus/create", body: m("type", "PAGE"), status: 400, field: "type"},
		{name: "catalog without a path", c: admin, method: "POST", url: "/api/menus/create", body: map[string]any{"name": "目", "type": "CATALOG"}, status: 400, want: "路由路径不能为空", field: "routePath"},
		{name: "menu without a component, English", c: admin, lang: "en", method: "POST", url: "/api/menus/create", body: map[string]any{"parentId": cat, "name": "页", "type": "MENU", "routePath": "q"}, status: 400, want: "Component is required", field: "component"},
		{name: "button without a permission", c: admin, method: "POST", url: "/api/menus/create", body: m("perm", ""), status: 400, field: "perm"},
		{name: "malformed permission", c: admin, method: "POST", url: "/api/menus/create", body: m("perm", "Sys:User:add"), status: 400, want: "模块:实体:操作", field: "perm"},
		{name: "permission without an action", c: admin, method: "POST", url: "/api/menus/create", body: m("perm", "sys"), status: 400, field: "perm"},
		{name: "button at the root", c: admin, method: "POST", url: "/api/menus/create", body: m("parentId", 0), status: 400, want: "按钮必须放在菜单或目录下", field: "parentId"},
		{name: "button under a button", c: admin, method: "POST", url: "/api/menus/create", body: m("parentId", btn), status: 400, want: "上级菜单不能是按钮", field: "parentId"},
		{name: "unknown parent", c: admin, method: "POST", url: "/api/menus/create", body: m("parentId", 99999), status: 400, want: "上级菜单不存在", field: "parentId"},
		{name: "duplicate permission", c: admin, method: "POST", url: "/api/menus/create", body: m("perm", "sys:user:add"), status: 409, want: "权限标识“sys:user:add”已存在", field: "perm"},
		{name: "duplicate route name, English", c: admin, lang: "en", method: "POST", url: "/api/menus/create", body: map[string]any{"parentId": cat, "name": "页", "type": "MENU", "routePath": "q", "component": "c/q", "routeName": "system.user"}, status: 409, want: `Route name "system.user" already exists`, field: "routeName"},
		{name: "params of a wrong type", c: admin, method: "POST", url: "/api/menus/create", body: `{"parentId": 0, "name": "目", "type": "CATALOG", "routePath": "x", "params": {"a": 1}}`, status: 400},
		{name: "params with an empty name", c: admin, method: "POST", url: "/api/menus/create", body: map[string]any{"name": "目", "type": "CATALOG", "routePath": "x", "params": map[string]string{"": "v"}}, status: 400, field: "params"},
		{name: "bad visible flag", c: admin, method: "POST", url: "/api/menus/create", body: m("visible", 2), status: 400, field: "visible"},
		{name: "oversize route path", c: admin, method: "POST", url: "/api/menus/create", body: map[string]any{"name": "目", "type": "CATALOG", "routePath": strings.Repeat("p", 201)}, status: 400, field: "routePath"},
		{name: "under itself", c: admin, method: "POST", url: upd, body: map[string]any{"parentId": page, "name": "页", "type": "MENU", "routePath": "p", "component": "c/p"}, status: 400, want: "不能是本菜单或其下级菜单", field: "parentId"},
		{name: "a menu with buttons cannot become a button", c: admin, method: "POST", url: upd, body: map[string]any{"parentId": cat, "name": "页", "type": "BUTTON", "perm": "c:p:x"}, status: 400, field: "type"},
		{name: "malformed JSON", c: admin, method: "POST", url: "/api/menus/create", body: `{"name": }`, status: 400, want: "JSON"},
		{name: "wrong content type", c: admin, method: "POST", url: upd, body: "<menu/>", ct: "application/xml", status: 400, want: "application/xml"},
		{name: "unknown id, form", c: admin, method: "GET", url: "/api/menus/get_update?id=99999", status: 404, want: "菜单不存在"},
		{name: "unknown id, update, English", c: admin, lang: "en", method: "POST", url: "/api/menus/update?id=99999", body: m(), status: 404, want: "Menu does not exist"},
		{name: "unknown id, delete", c: admin, method: "DELETE", url: "/api/menus/99999", status: 404},
		{name: "missing id", c: admin, method: "GET", url: "/api/menus/get_update", status: 400, field: "id"},
		{name: "bad id", c: admin, method: "POST", url: "/api/menus/update?id=x", body: m(), status: 400},
		{name: "menu with children", c: admin, method: "DELETE", url: fmt.Sprintf("/api/menus/%d", cat), status: 409, want: "菜单“目录”下还有 1 个子菜单"},
		{name: "menu with children, English", c: admin, lang: "en", method: "DELETE", url: fmt.Sprintf("/api/menus/%d", page), status: 409, want: `Menu "页" still has 1 entries below it`},
		{name: "reader cannot create", c: reader, method: "POST", url: "/api/menus/create", body: m(), status: 403, want: "没有权限"},
		{name: "reader cannot edit", c: reader, method: "POST", url: upd, body: m(), status: 403},
		{name: "reader cannot open the form", c: reader, method: "GET", url: fmt.Sprintf("/api/menus/get_update?id=%d", page), status: 403},
		{name: "reader cannot delete", c: reader, method: "DELETE", url: fmt.Sprintf("/api/menus/%d", btn), status: 403},
		{name: "nobody cannot list", c: e.UserWith(), method: "GET", url: "/api/menus/list", status: 403},
		{name: "anonymous", c: e.Anonymous(), method: "GET", url: "/api/menus/routes", status: 401},
	})
	if n := queryInt(t, e, "SELECT COUNT(*) FROM menus WHERE name IN ('按钮', '目') OR perm = 'c:p:add'"); n != 0 {
		t.Fatalf("%d menus written by refused calls", n)
	}
	var f menu.Form
	admin.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", page), nil).Want(200).Decode(&f)
	if f.Type != "MENU" || f.ParentID != cat {
		t.Fatalf("refused updates changed the page: %+v", f)
	}
}

func TestMovingAMenuKeepsTreePathsAndRoutesWhole(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	create := func(body map[string]any) int64 {
		t.Helper()
		var id int64
		c.Do("POST", "/api/menus/create", body).Want(200).Decode(&id)
		return id
	}
	a := create(map[string]any{"name": "甲", "type": "CATALOG", "routePath": "/a"})
	b := create(map[string]any{"name": "乙", "type": "CATALOG", "routePath": "/b"})
	page := create(map[string]any{"parentId": a, "name": "页", "type": "MENU", "routePath": "p", "component": "a/p"})
	btn := create(map[string]any{"parentId": page, "name": "查", "type": "BUTTON", "perm": "a:p:query"})
	// A role granted the button (and so the page and catalog 甲).
	u := e.UserWith()
	var rid int64
	e.App.DB.QueryRow(context.Background(), "SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id WHERE u.username = ?", u.Username).Scan(&rid)
	c.Do("POST", fmt.Sprintf("/api/roles/%d/menus", rid), []int64{btn}).Want(200)
	if top := topPaths(routes(t, u)); !slices.Equal(top, []string{"/a"}) {
		t.Fatalf("routes before the move %v", top)
	}

	c.Do("POST", fmt.Sprintf("/api/menus/update?id=%d", page), map[string]any{"parentId": b, "name": "页", "type": "MENU", "routePath": "p", "component": "a/p"}).Want(200)
	var path string
	e.App.DB.QueryRow(context.Background(), "SELECT tree_path FROM menus WHERE id = ?", btn).Scan(&path)
	if path != fmt.Sprintf("0,%d,%d", b, page) {
		t.Fatalf("button tree path %q after the move", path)
	}
	rs := routes(t, u)
	if top := topPaths(rs); !slices.Contains(top, "/b") || len(find(rs, "/b").Children) != 1 {
		t.Fatalf("routes after the move %+v", rs)
	}
	// A granted menu whose parent is not granted has no route.
	exec(t, e, "DELETE FROM role_menus WHERE role_id = ? AND menu_id = ?", rid, b)
	if top := topPaths(routes(t, u)); slices.Contains(top, "/b") || len(top) != 1 {
		t.Fatalf("routes without the parent %v", top)
	}
	// Deleting the button takes its grants away.
	c.Do("DELETE", fmt.Sprintf("/api/menus/%d", btn), nil).Want(200)
	if n := queryInt(t, e, "SELECT COUNT(*) FROM role_menus WHERE menu_id = ?", btn); n != 0 {
		t.Fatalf("%d grants of a deleted menu", n)
	}
}

// BenchmarkRouteTree measures GET /api/menus/routes through the whole stack
// (authentication, grants, menus, JSON) for ROOT and for a clerk.
func BenchmarkRouteTree(b *testing.B) {
	e := apptest.New(b)
	for _, who := range []struct {
		name string
		c    *apptest.Client
	}{{"root", e.Admin()}, {"clerk", signInWithRole(b, e, "clerk1", "CLERK")}} {
		b.Run(who.name, func(b *testing.B) {
			for b.Loop() {
				who.c.Do("GET", "/api/menus/routes", nil).Want(200)
			}
		})
	}
}
