package role_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/role"
)

func TestRoleLifecycle(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	var id int64
	c.Do("POST", "/api/roles/", map[string]any{"name": "采购员", "code": "BUYER", "sort": 5, "dataScope": 2, "remark": "买东西"}).
		Want(200).Decode(&id)

	var page apptest.Page[role.Role]
	c.Do("GET", "/api/roles/page?pageNum=1&pageSize=10&keywords=buy", nil).Want(200).Decode(&page)
	if page.Total != 1 || len(page.List) != 1 {
		t.Fatalf("page: %+v", page)
	}
	r := page.List[0]
	if r.ID != id || r.Name != "采购员" || r.Code != "BUYER" || r.Status != 1 || r.Sort != 5 || r.DataScope != 2 ||
		r.Builtin || r.Remark != "买东西" || r.CreateTime.IsZero() || r.UpdateTime.IsZero() {
		t.Fatalf("row %+v", r)
	}
	// The whole page: the built-in roles come first, by sort order.
	c.Do("GET", "/api/roles/page?pageSize=2", nil).Want(200).Decode(&page)
	if page.Total != 5 || len(page.List) != 2 || page.List[0].Code != "ROOT" || !page.List[0].Builtin {
		t.Fatalf("first page: %+v", page)
	}
	c.Do("GET", "/api/roles/page?pageNum=3&pageSize=2", nil).Want(200).Decode(&page)
	if len(page.List) != 1 || page.List[0].Code != "BUYER" {
		t.Fatalf("last page: %+v", page)
	}
	// LIKE wildcards are plain characters in keywords.
	c.Do("GET", "/api/roles/page?keywords=%25", nil).Want(200).Decode(&page)
	if page.Total != 0 {
		t.Fatalf("keywords %%: %+v", page)
	}

	c.Do("POST", fmt.Sprintf("/api/roles/%d", id), map[string]any{"name": "采购专员", "code": "BUYER2", "sort": 6, "remark": ""}).Want(200)
	var f role.Form
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", id), nil).Want(200).Decode(&f)
	want := role.Form{ID: id, Name: "采购专员", Code: "BUYER2", Sort: 6, Status: 1, DataScope: 2}
	if f != want {
		t.Fatalf("form %+v, want %+v (absent status and data scope keep their value)", f, want)
	}

	var opts []role.Option
	c.Do("GET", "/api/roles/options", nil).Want(200).Decode(&opts)
	if !slices.Contains(opts, role.Option{Value: id, Label: "采购专员"}) {
		t.Fatalf("options %+v", opts)
	}
	c.Do("POST", fmt.Sprintf("/api/roles/%d/status?status=0", id), nil).Want(200)
	c.Do("GET", "/api/roles/options", nil).Want(200).Decode(&opts)
	if slices.ContainsFunc(opts, func(o role.Option) bool { return o.Value == id }) {
		t.Fatalf("disabled role among options %+v", opts)
	}
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", id), nil).Want(200).Decode(&f)
	if f.Status != 0 {
		t.Fatalf("status %d after disabling", f.Status)
	}

	// Form-urlencoded bodies work too.
	c.Form("POST", fmt.Sprintf("/api/roles/%d", id), url.Values{"name": {"表单角色"}, "code": {"FORM_ROLE"}, "status": {"1"}}).Want(200)
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", id), nil).Want(200).Decode(&f)
	if f.Name != "表单角色" || f.Code != "FORM_ROLE" || f.Status != 1 {
		t.Fatalf("form after form-urlencoded update %+v", f)
	}

	c.Do("DELETE", fmt.Sprintf("/api/roles/%d", id), nil).Want(200)
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", id), nil).Want(404)
}

func TestRoleBadInput(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	reader := e.UserWith("sys:role:query")
	nobody := e.UserWith()
	var id int64
	admin.Do("POST", "/api/roles/", map[string]any{"name": "采购员", "code": "BUYER"}).Want(200).Decode(&id)
	one := fmt.Sprintf("/api/roles/%d", id)
	ok := map[string]any{"name": "新角色", "code": "NEW_ROLE"}
	with := func(k string, v any) map[string]any {
		m := map[string]any{"name": "新角色", "code": "NEW_ROLE"}
		m[k] = v
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "missing name", As: admin, Method: "POST", Path: "/api/roles/", Body: with("name", " "), Status: 400, MsgHas: "名称不能为空", Field: "name"},
		{Name: "missing code, English", As: admin, Lang: "en", Method: "POST", Path: "/api/roles/", Body: with("code", ""), Status: 400, MsgHas: "Code is required", Field: "code"},
		{Name: "oversize name", As: admin, Lang: "en", Method: "POST", Path: "/api/roles/", Body: with("name", strings.Repeat("名", 33)), Status: 400, MsgHas: "Name must be at most 32 characters", Field: "name"},
		{Name: "oversize code", As: admin, Method: "POST", Path: "/api/roles/", Body: with("code", strings.Repeat("A", 33)), Status: 400, MsgHas: "不能超过 32 个字符", Field: "code"},
		{Name: "lower-case code", As: admin, Method: "POST", Path: "/api/roles/", Body: with("code", "buyer"), Status: 400, MsgHas: "大写字母", Field: "code"},
		{Name: "code with a hyphen, English", As: admin, Lang: "en", Method: "POST", Path: "/api/roles/", Body: with("code", "NEW-ROLE"), Status: 400, MsgHas: "capital letters", Field: "code"},
		{Name: "code starting with a digit", As: admin, Method: "POST", Path: "/api/roles/", Body: with("code", "1ROLE"), Status: 400, Field: "code"},
		{Name: "oversize remark", As: admin, Method: "POST", Path: "/api/roles/", Body: with("remark", strings.Repeat("r", 201)), Status: 400, Field: "remark"},
		{Name: "data scope out of range", As: admin, Method: "POST", Path: "/api/roles/", Body: with("dataScope", 4), Status: 400, Field: "dataScope"},
		{Name: "bad status", As: admin, Method: "POST", Path: "/api/roles/", Body: with("status", 2), Status: 400, Field: "status"},
		{Name: "negative sort", As: admin, Method: "POST", Path: "/api/roles/", Body: with("sort", -1), Status: 400, Field: "sort"},
		{Name: "name of a string type", As: admin, Method: "POST", Path: "/api/roles/", Body: `{"name": 5, "code": "X"}`, Status: 400, Field: "name"},
		{Name: "duplicate name", As: admin, Method: "POST", Path: "/api/roles/", Body: with("name", "业务员"), Status: 409, MsgHas: "名称“业务员”已存在", Field: "name"},
		{Name: "duplicate code, English", As: admin, Lang: "en", Method: "POST", Path: "/api/roles/", Body: with("code", "CLERK"), Status: 409, MsgHas: `Code "CLERK" already exists`, Field: "code"},
		{Name: "update to another role's name", As: admin, Method: "POST", Path: one, Body: with("name", "会计"), Status: 409, Field: "name"},
		{Name: "malformed JSON", As: admin, Method: "POST", Path: "/api/roles/", Body: `{"name": "x",`, Status: 400, MsgHas: "请求内容不是有效的 JSON"},
		{Name: "wrong content type", As: admin, Method: "POST", Path: "/api/roles/", Body: apptest.Raw{ContentType: "text/xml", Text: "<role/>"}, Status: 400, MsgHas: "text/xml"},
		{Name: "unknown id, form", As: admin, Method: "GET", Path: "/api/roles/99999/form", Status: 404, MsgHas: "角色不存在"},
		{Name: "unknown id, update, English", As: admin, Lang: "en", Method: "POST", Path: "/api/roles/99999", Body: ok, Status: 404, MsgHas: "Role does not exist"},
		{Name: "unknown id, delete", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/roles/%d,99999", id), Status: 404},
		{Name: "unknown id, status", As: admin, Method: "POST", Path: "/api/roles/99999/status?status=1", Status: 404},
		{Name: "unknown id, menu ids", As: admin, Method: "GET", Path: "/api/roles/99999/menuIds", Status: 404},
		{Name: "unknown id, grants", As: admin, Method: "POST", Path: "/api/roles/99999/menus", Body: `[]`, Status: 404},
		{Name: "bad id", As: admin, Method: "GET", Path: "/api/roles/abc/form", Status: 400},
		{Name: "bad ids", As: admin, Method: "DELETE", Path: "/api/roles/1,x", Status: 400},
		{Name: "status missing", As: admin, Method: "POST", Path: one + "/status", Status: 400, Field: "status"},
		{Name: "status out of range", As: admin, Method: "POST", Path: one + "/status?status=3", Status: 400, Field: "status"},
		{Name: "status not a number", As: admin, Method: "POST", Path: one + "/status?status=on", Status: 400},
		{Name: "page size too large", As: admin, Method: "GET", Path: "/api/roles/page?pageSize=5000", Status: 400, Field: "pageSize"},
		{Name: "reader cannot create", As: reader, Method: "POST", Path: "/api/roles/", Body: ok, Status: 403, MsgHas: "没有权限"},
		{Name: "reader cannot edit", As: reader, Method: "POST", Path: one, Body: ok, Status: 403},
		{Name: "reader cannot open the form", As: reader, Method: "GET", Path: one + "/form", Status: 403},
		{Name: "reader cannot delete", As: reader, Method: "DELETE", Path: one, Status: 403},
		{Name: "reader cannot grant", As: reader, Method: "POST", Path: one + "/menus", Body: `[]`, Status: 403},
		{Name: "reader reads the grants", As: reader, Method: "GET", Path: one + "/menuIds", Status: 200, BodyHas: "[]"},
		{Name: "nobody cannot list", As: nobody, Method: "GET", Path: "/api/roles/page", Status: 403},
		{Name: "anyone signed in sees the options", As: nobody, Method: "GET", Path: "/api/roles/options", Status: 200, BodyHas: "采购员"},
		{Name: "anonymous", As: e.Anonymous(), Method: "GET", Path: "/api/roles/options", Status: 401},
	})
	// Nothing was written by the refused calls.
	if n := e.Count("SELECT COUNT(*) FROM roles WHERE code = 'NEW_ROLE' OR name = '新角色'"); n != 0 {
		t.Fatalf("%d roles written by refused calls", n)
	}
}

func TestRootRoleIsProtected(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	editor := e.UserWith("sys:role:query", "sys:role:edit")
	root := e.RoleID("ROOT")
	clerk := e.RoleID("CLERK")
	rootURL := fmt.Sprintf("/api/roles/%d", root)
	apptest.Run(t, []apptest.Step{
		{Name: "others cannot open ROOT", As: editor, Method: "GET", Path: rootURL + "/form", Status: 403, MsgHas: "只有超级管理员"},
		{Name: "others cannot edit ROOT", As: editor, Method: "POST", Path: rootURL, Body: map[string]any{"name": "超级管理员", "code": "ROOT"}, Status: 403},
		{Name: "others cannot disable ROOT", As: editor, Method: "POST", Path: rootURL + "/status?status=0", Status: 403},
		{Name: "others cannot grant ROOT", As: editor, Method: "POST", Path: rootURL + "/menus", Body: `[]`, Status: 403},
		{Name: "ROOT's code stays", As: admin, Method: "POST", Path: rootURL, Body: map[string]any{"name": "超级管理员", "code": "ADMIN"}, Status: 400, Field: "code"},
		{Name: "ROOT stays enabled", As: admin, Method: "POST", Path: rootURL, Body: map[string]any{"name": "超级管理员", "code": "ROOT", "status": 0}, Status: 400, MsgHas: "超级管理员角色的状态不能修改", Field: "status"},
		{Name: "ROOT stays enabled, status route", As: admin, Lang: "en", Method: "POST", Path: rootURL + "/status?status=0", Status: 400, MsgHas: "administrator role cannot be changed"},
		{Name: "ROOT sees all data", As: admin, Method: "POST", Path: rootURL, Body: map[string]any{"name": "超级管理员", "code": "ROOT", "dataScope": 3}, Status: 400, Field: "dataScope"},
		{Name: "ROOT may rename ROOT", As: admin, Method: "POST", Path: rootURL, Body: map[string]any{"name": "管理员", "code": "ROOT", "status": 1, "dataScope": 0, "sort": 1}, Status: 200},
		{Name: "built-in codes stay", As: admin, Method: "POST", Path: fmt.Sprintf("/api/roles/%d", clerk), Body: map[string]any{"name": "业务员", "code": "SALES"}, Status: 400, MsgHas: "内置角色“业务员”的编码不能修改", Field: "code"},
		{Name: "only ROOT changes built-in roles", As: editor, Method: "POST", Path: fmt.Sprintf("/api/roles/%d", clerk), Body: map[string]any{"name": "销售员", "code": "CLERK"}, Status: 403, MsgHas: "只有超级管理员可以修改内置角色“业务员”"},
		{Name: "built-in roles may be renamed", As: admin, Method: "POST", Path: fmt.Sprintf("/api/roles/%d", clerk), Body: map[string]any{"name": "销售员", "code": "CLERK"}, Status: 200},
	})
	var page apptest.Page[role.Role]
	editor.Do("GET", "/api/roles/page", nil).Want(200).Decode(&page)
	for _, r := range page.List {
		if r.Code == "ROOT" {
			t.Fatal("the role page shows ROOT to a non-ROOT user")
		}
	}
	var opts []role.Option
	editor.Do("GET", "/api/roles/options", nil).Want(200).Decode(&opts)
	if slices.ContainsFunc(opts, func(o role.Option) bool { return o.Value == root }) {
		t.Fatal("the options show ROOT to a non-ROOT user")
	}
	admin.Do("GET", "/api/roles/options", nil).Want(200).Decode(&opts)
	if !slices.Contains(opts, role.Option{Value: root, Label: "管理员"}) {
		t.Fatalf("ROOT's options lack ROOT: %+v", opts)
	}
}

func TestRoleDeleteIsRefusedWhileInUse(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	var free, used int64
	c.Do("POST", "/api/roles/", map[string]any{"name": "空闲角色", "code": "FREE"}).Want(200).Decode(&free)
	c.Do("POST", "/api/roles/", map[string]any{"name": "在用角色", "code": "USED"}).Want(200).Decode(&used)
	for _, name := range []string{"amy", "bob"} {
		uid := e.CreateUser(name, "secret1")
		e.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", uid, used)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "built-in role", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/roles/%d", e.RoleID("CLERK")), Status: 409, MsgHas: "内置角色“业务员”不能删除"},
		{Name: "role with users", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/roles/%d", used), Status: 409, MsgHas: "角色“在用角色”已分配给 2 个用户"},
		{Name: "role with users, English", As: c, Lang: "en", Method: "DELETE", Path: fmt.Sprintf("/api/roles/%d", used), Status: 409, MsgHas: `Role "在用角色" is assigned to 2 user(s)`},
		{Name: "batch with a blocked role", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/roles/%d,%d", free, used), Status: 409, MsgHas: "在用角色"},
	})
	// All or nothing: the free role survived the refused batch.
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", free), nil).Want(200)
	// Its grants go with it.
	c.Do("POST", fmt.Sprintf("/api/roles/%d/menus", free), []int64{e.MenuID("sys:user:query")}).Want(200)
	c.Do("DELETE", fmt.Sprintf("/api/roles/%d", free), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM role_menus WHERE role_id = ?", free); n != 0 {
		t.Fatalf("%d grants left behind", n)
	}
}

func TestGrantsTakeEffectOnTheNextRequest(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	u := e.UserWith("sys:dept:query")
	rid := e.RoleOf(u)
	grants := fmt.Sprintf("/api/roles/%d/menus", rid)
	button := e.MenuID("sys:dept:query")
	u.Do("GET", "/api/depts", nil).Want(200)

	// The role loses the permission: the next request is refused.
	admin.Do("POST", grants, `[]`).Want(200)
	u.Do("GET", "/api/depts", nil).Want(403)

	// Granting the button grants its menu and catalog too.
	admin.Do("POST", grants, map[string]any{"menuIds": []int64{button}}).Want(200)
	u.Do("GET", "/api/depts", nil).Want(200)
	var ids []int64
	admin.Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", rid), nil).Want(200).Decode(&ids)
	treePath := e.Text("SELECT tree_path FROM menus WHERE id = ?", button)
	want := []int64{button}
	for _, s := range strings.Split(treePath, ",")[1:] {
		var a int64
		fmt.Sscan(s, &a)
		want = append(want, a)
	}
	slices.Sort(want)
	if len(want) != 3 || !slices.Equal(ids, want) {
		t.Fatalf("granted %v, want the button with its ancestors %v", ids, want)
	}
	var routes []struct {
		Path     string `json:"path"`
		Children []struct {
			Path string `json:"path"`
		} `json:"children"`
	}
	u.Do("GET", "/api/menus/routes", nil).Want(200).Decode(&routes)
	if len(routes) != 1 || routes[0].Path != "/system" || len(routes[0].Children) != 1 || routes[0].Children[0].Path != "dept" {
		t.Fatalf("routes %+v", routes)
	}

	// A bare array and a form body work as well; duplicates are harmless.
	admin.Do("POST", grants, []int64{button, button, e.MenuID("sys:dept:add")}).Want(200)
	u.Do("POST", "/api/depts/", map[string]any{"name": "新部门", "code": "NEW"}).Want(200)
	admin.Form("POST", grants, url.Values{"menuIds": {fmt.Sprint(button)}}).Want(200)
	u.Do("POST", "/api/depts/", map[string]any{"name": "新部门2", "code": "NEW2"}).Want(403)

	// Unknown menus are named, and nothing changes.
	admin.Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", rid), nil).Want(200).Decode(&ids)
	r := admin.Do("POST", grants, []int64{button, 999999, 999998}).Want(400)
	if !strings.Contains(r.Env.Msg, "999998, 999999") || r.Env.Errors["menuIds"] == "" {
		t.Fatalf("unknown menus: %s", r.Body)
	}
	var after []int64
	admin.Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", rid), nil).Want(200).Decode(&after)
	if !slices.Equal(ids, after) {
		t.Fatalf("grants changed by a refused call: %v, then %v", ids, after)
	}
	admin.Do("POST", grants, `{"menuIds": "x"}`).Want(400)
	if r := admin.Do("POST", grants, nil).Want(400); r.Env.Errors["menuIds"] == "" {
		t.Fatalf("missing body: %s", r.Body)
	}
	admin.Do("POST", grants, `{"menuIds": null}`).Want(400)
	admin.Do("POST", grants, `[1,`).Want(400)

	// Disabling the role takes its permissions away at once; enabling gives them back.
	admin.Do("POST", fmt.Sprintf("/api/roles/%d/status?status=0", rid), nil).Want(200)
	u.Do("GET", "/api/depts", nil).Want(403)
	admin.Do("POST", fmt.Sprintf("/api/roles/%d/status?status=1", rid), nil).Want(200)
	u.Do("GET", "/api/depts", nil).Want(200)
}

func TestRoleEditorsCannotGrantWhatTheyLack(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	editor := e.UserWith("sys:role:edit", "sys:role:query", "sys:dept:query")
	var target int64
	e.Admin().Do("POST", "/api/roles/", map[string]any{"name": "查看部门", "code": "DEPT_VIEW"}).Want(200).Decode(&target)
	grants := fmt.Sprintf("/api/roles/%d/menus", target)
	var before []int64
	e.Admin().Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", target), nil).Want(200).Decode(&before)

	// Granting a permission the editor holds is fine …
	editor.Do("POST", grants, append(slices.Clone(before), e.MenuID("sys:dept:query"))).Want(200)
	// … one the editor lacks is refused, naming it, and nothing changes …
	editor.Lang = "en"
	r := editor.Do("POST", grants, append(slices.Clone(before), e.MenuID("sys:user:delete"))).Want(403)
	if !strings.Contains(r.Env.Msg, "sys:user:delete") {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// … including on the editor's own role.
	editor.Do("POST", fmt.Sprintf("/api/roles/%d/menus", e.RoleOf(editor)), []int64{e.MenuID("sys:user:delete")}).Want(403)
	editor.Do("DELETE", "/api/users/1", nil).Want(403)
}

// The built-in roles' seeded names and remarks follow the caller's language
// (list, options, edit form); a name an administrator wrote stays as written.
func TestBuiltinRolesFollowTheLanguage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	zh := e.Admin()
	en := e.Admin()
	en.Lang = "en"
	clerk := e.RoleID("CLERK")
	find := func(c *apptest.Client, code string) role.Role {
		t.Helper()
		var page apptest.Page[role.Role]
		c.Do("GET", "/api/roles/page?pageSize=50", nil).Want(200).Decode(&page)
		for _, r := range page.List {
			if r.Code == code {
				return r
			}
		}
		t.Fatalf("no role %s", code)
		return role.Role{}
	}
	for _, tc := range []struct {
		c                       *apptest.Client
		code, name, remarkStart string
	}{
		{zh, "CLERK", "业务员", "业务员："},
		{en, "CLERK", "Clerk", "Clerk: "},
		{zh, "BOOKKEEPER", "会计", "会计："},
		{en, "BOOKKEEPER", "Bookkeeper", "Bookkeeper: "},
		{en, "ROOT", "Administrator", "Administrator: "},
		{zh, "ROOT", "超级管理员", "管理员："},
	} {
		r := find(tc.c, tc.code)
		if r.Name != tc.name || !strings.HasPrefix(r.Remark, tc.remarkStart) {
			t.Errorf("%s in %q: %q / %q", tc.code, tc.c.Lang, r.Name, r.Remark)
		}
	}
	var opts []role.Option
	en.Do("GET", "/api/roles/options", nil).Want(200).Decode(&opts)
	if !slices.Contains(opts, role.Option{Value: clerk, Label: "Clerk"}) {
		t.Fatalf("English options: %+v", opts)
	}
	var form role.Form
	en.Do("GET", fmt.Sprintf("/api/roles/%d/form", clerk), nil).Want(200).Decode(&form)
	if form.Name != "Clerk" {
		t.Fatalf("English form: %+v", form)
	}
	// renamed by the administrator: the name stays as written in both languages
	zh.Do("POST", fmt.Sprintf("/api/roles/%d", clerk), map[string]any{"name": "销售员", "code": "CLERK", "remark": "门店销售"}).Want(200)
	if r := find(en, "CLERK"); r.Name != "销售员" || r.Remark != "门店销售" {
		t.Fatalf("written text changed: %q / %q", r.Name, r.Remark)
	}
}
