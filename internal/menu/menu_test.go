package menu_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/menu"
)

// signInWithRole creates a user holding the built-in role code and signs in.
func signInWithRole(t testing.TB, e *apptest.Env, username, code string) *apptest.Client {
	t.Helper()
	uid := e.CreateUser(username, "secret1")
	e.Exec("INSERT INTO user_roles (user_id, role_id) SELECT ?, id FROM roles WHERE code = ?", uid, code)
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
	t.Parallel()
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
	want := e.ID(`SELECT COUNT(*) FROM menus m JOIN role_menus rm ON rm.menu_id = m.id
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
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	rs := routes(t, c)
	if got := topPaths(rs); !slices.Equal(got, []string{"/", "/purchase", "/sales", "/warehouse", "/fund", "/report", "/settings", "/system"}) {
		t.Fatalf("top-level routes %v", got)
	}
	n := 0
	walkRoutes(rs, func(menu.Route, int) { n++ })
	if want := e.ID("SELECT COUNT(*) FROM menus WHERE type <> 'BUTTON'"); int64(n) != want {
		t.Fatalf("ROOT has %d routes, want %d", n, want)
	}
	sys := find(rs, "/system")
	if sys.Meta.Title != "系统管理" || find(sys.Children, "user") == nil {
		t.Fatalf("system %+v", sys)
	}
	// A user without any grant gets an empty tree, also while the password must still change.
	u := e.UserWith()
	e.Exec("UPDATE users SET must_change_password = 1 WHERE username = ?", u.Username)
	if rs := routes(t, u); len(rs) != 0 {
		t.Fatalf("routes of a user without grants: %+v", rs)
	}
}

func TestMenuListAndOptions(t *testing.T) {
	t.Parallel()
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
	if total := e.ID("SELECT COUNT(*) FROM menus"); int64(n) != total || buttons == 0 {
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
	if got, want := count(opts), e.ID("SELECT COUNT(*) FROM menus WHERE type <> 'BUTTON'"); int64(got) != want {
		t.Fatalf("onlyParent options: %d, want %d", got, want)
	}
	if opts[0].Label != "首页" {
		t.Fatalf("first option %+v", opts[0])
	}
	c.Lang = "en"
	c.Do("GET", "/api/menus/options", nil).Want(200).Decode(&opts)
	if got, want := count(opts), e.ID("SELECT COUNT(*) FROM menus WHERE parent_id = 0 OR parent_id IN (SELECT id FROM menus)"); int64(got) != want {
		t.Fatalf("options: %d, want %d", got, want)
	}
	if opts[1].Label != "Purchasing" {
		t.Fatalf("English option %+v", opts[1])
	}
	c.Do("GET", "/api/menus/options?onlyParent=maybe", nil).Want(400)
}

func TestMenuLifecycle(t *testing.T) {
	t.Parallel()
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
	treePath := e.Text("SELECT tree_path FROM menus WHERE id = ?", btn)
	if n := e.Count("SELECT COUNT(*) FROM menus WHERE id = ? AND code IS NULL", btn); treePath != fmt.Sprintf("0,%d,%d", cat, page) || n != 1 {
		t.Fatalf("button row: tree path %q, %d rows with no code", treePath, n)
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
	t.Parallel()
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
	apptest.Run(t, []apptest.Step{
		{Name: "missing name", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("name", ""), Status: 400, MsgHas: "名称不能为空", Field: "name"},
		{Name: "oversize name, English", As: admin, Lang: "en", Method: "POST", Path: "/api/menus/create", Body: m("name", strings.Repeat("n", 51)), Status: 400, MsgHas: "Name must be at most 50 characters", Field: "name"},
		{Name: "oversize English name", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("nameEn", strings.Repeat("n", 101)), Status: 400, Field: "nameEn"},
		{Name: "missing type", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("type", ""), Status: 400, MsgHas: "菜单类型不能为空", Field: "type"},
		{Name: "unknown type", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("type", "PAGE"), Status: 400, Field: "type"},
		{Name: "catalog without a path", As: admin, Method: "POST", Path: "/api/menus/create", Body: map[string]any{"name": "目", "type": "CATALOG"}, Status: 400, MsgHas: "路由路径不能为空", Field: "routePath"},
		{Name: "menu without a component, English", As: admin, Lang: "en", Method: "POST", Path: "/api/menus/create", Body: map[string]any{"parentId": cat, "name": "页", "type": "MENU", "routePath": "q"}, Status: 400, MsgHas: "Component is required", Field: "component"},
		{Name: "button without a permission", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("perm", ""), Status: 400, Field: "perm"},
		{Name: "malformed permission", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("perm", "Sys:User:add"), Status: 400, MsgHas: "模块:实体:操作", Field: "perm"},
		{Name: "permission without an action", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("perm", "sys"), Status: 400, Field: "perm"},
		{Name: "button at the root", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("parentId", 0), Status: 400, MsgHas: "按钮必须放在菜单或目录下", Field: "parentId"},
		{Name: "button under a button", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("parentId", btn), Status: 400, MsgHas: "上级菜单不能是按钮", Field: "parentId"},
		{Name: "unknown parent", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("parentId", 99999), Status: 400, MsgHas: "上级菜单不存在", Field: "parentId"},
		{Name: "duplicate permission", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("perm", "sys:user:add"), Status: 409, MsgHas: "权限标识“sys:user:add”已存在", Field: "perm"},
		{Name: "duplicate route name, English", As: admin, Lang: "en", Method: "POST", Path: "/api/menus/create", Body: map[string]any{"parentId": cat, "name": "页", "type": "MENU", "routePath": "q", "component": "c/q", "routeName": "system.user"}, Status: 409, MsgHas: `Route name "system.user" already exists`, Field: "routeName"},
		{Name: "params of a wrong type", As: admin, Method: "POST", Path: "/api/menus/create", Body: `{"parentId": 0, "name": "目", "type": "CATALOG", "routePath": "x", "params": {"a": 1}}`, Status: 400},
		{Name: "params with an empty name", As: admin, Method: "POST", Path: "/api/menus/create", Body: map[string]any{"name": "目", "type": "CATALOG", "routePath": "x", "params": map[string]string{"": "v"}}, Status: 400, Field: "params"},
		{Name: "bad visible flag", As: admin, Method: "POST", Path: "/api/menus/create", Body: m("visible", 2), Status: 400, Field: "visible"},
		{Name: "oversize route path", As: admin, Method: "POST", Path: "/api/menus/create", Body: map[string]any{"name": "目", "type": "CATALOG", "routePath": strings.Repeat("p", 201)}, Status: 400, Field: "routePath"},
		{Name: "under itself", As: admin, Method: "POST", Path: upd, Body: map[string]any{"parentId": page, "name": "页", "type": "MENU", "routePath": "p", "component": "c/p"}, Status: 400, MsgHas: "不能是本菜单或其下级菜单", Field: "parentId"},
		{Name: "a menu with buttons cannot become a button", As: admin, Method: "POST", Path: upd, Body: map[string]any{"parentId": cat, "name": "页", "type": "BUTTON", "perm": "c:p:x"}, Status: 400, Field: "type"},
		{Name: "malformed JSON", As: admin, Method: "POST", Path: "/api/menus/create", Body: `{"name": }`, Status: 400, MsgHas: "JSON"},
		{Name: "wrong content type", As: admin, Method: "POST", Path: upd, Body: apptest.Raw{ContentType: "application/xml", Text: "<menu/>"}, Status: 400, MsgHas: "application/xml"},
		{Name: "unknown id, form", As: admin, Method: "GET", Path: "/api/menus/get_update?id=99999", Status: 404, MsgHas: "菜单不存在"},
		{Name: "unknown id, update, English", As: admin, Lang: "en", Method: "POST", Path: "/api/menus/update?id=99999", Body: m(), Status: 404, MsgHas: "Menu does not exist"},
		{Name: "unknown id, delete", As: admin, Method: "DELETE", Path: "/api/menus/99999", Status: 404},
		{Name: "missing id", As: admin, Method: "GET", Path: "/api/menus/get_update", Status: 400, Field: "id"},
		{Name: "bad id", As: admin, Method: "POST", Path: "/api/menus/update?id=x", Body: m(), Status: 400},
		{Name: "menu with children", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/menus/%d", cat), Status: 409, MsgHas: "菜单“目录”下还有 1 个子菜单"},
		{Name: "menu with children, English", As: admin, Lang: "en", Method: "DELETE", Path: fmt.Sprintf("/api/menus/%d", page), Status: 409, MsgHas: `Menu "页" still has 1 entries below it`},
		{Name: "reader cannot create", As: reader, Method: "POST", Path: "/api/menus/create", Body: m(), Status: 403, MsgHas: "没有权限"},
		{Name: "reader cannot edit", As: reader, Method: "POST", Path: upd, Body: m(), Status: 403},
		{Name: "reader cannot open the form", As: reader, Method: "GET", Path: fmt.Sprintf("/api/menus/get_update?id=%d", page), Status: 403},
		{Name: "reader cannot delete", As: reader, Method: "DELETE", Path: fmt.Sprintf("/api/menus/%d", btn), Status: 403},
		{Name: "nobody cannot list", As: e.UserWith(), Method: "GET", Path: "/api/menus/list", Status: 403},
		{Name: "anonymous", As: e.Anonymous(), Method: "GET", Path: "/api/menus/routes", Status: 401},
	})
	if n := e.ID("SELECT COUNT(*) FROM menus WHERE name IN ('按钮', '目') OR perm = 'c:p:add'"); n != 0 {
		t.Fatalf("%d menus written by refused calls", n)
	}
	var f menu.Form
	admin.Do("GET", fmt.Sprintf("/api/menus/get_update?id=%d", page), nil).Want(200).Decode(&f)
	if f.Type != "MENU" || f.ParentID != cat {
		t.Fatalf("refused updates changed the page: %+v", f)
	}
}

func TestMovingAMenuKeepsTreePathsAndRoutesWhole(t *testing.T) {
	t.Parallel()
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
	rid := e.RoleOf(u)
	c.Do("POST", fmt.Sprintf("/api/roles/%d/menus", rid), []int64{btn}).Want(200)
	if top := topPaths(routes(t, u)); !slices.Equal(top, []string{"/a"}) {
		t.Fatalf("routes before the move %v", top)
	}

	c.Do("POST", fmt.Sprintf("/api/menus/update?id=%d", page), map[string]any{"parentId": b, "name": "页", "type": "MENU", "routePath": "p", "component": "a/p"}).Want(200)
	if path := e.Text("SELECT tree_path FROM menus WHERE id = ?", btn); path != fmt.Sprintf("0,%d,%d", b, page) {
		t.Fatalf("button tree path %q after the move", path)
	}
	rs := routes(t, u)
	if top := topPaths(rs); !slices.Contains(top, "/b") || len(find(rs, "/b").Children) != 1 {
		t.Fatalf("routes after the move %+v", rs)
	}
	// A granted menu whose parent is not granted has no route.
	e.Exec("DELETE FROM role_menus WHERE role_id = ? AND menu_id = ?", rid, b)
	if top := topPaths(routes(t, u)); slices.Contains(top, "/b") || len(top) != 1 {
		t.Fatalf("routes without the parent %v", top)
	}
	// Deleting the button takes its grants away.
	c.Do("DELETE", fmt.Sprintf("/api/menus/%d", btn), nil).Want(200)
	if n := e.ID("SELECT COUNT(*) FROM role_menus WHERE menu_id = ?", btn); n != 0 {
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
