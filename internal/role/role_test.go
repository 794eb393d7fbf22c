package role_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/role"
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

func roleID(t *testing.T, e *apptest.Env, code string) int64 {
	t.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), "SELECT id FROM roles WHERE code = ?", code).Scan(&id); err != nil {
		t.Fatalf("role %s: %v", code, err)
	}
	return id
}

// roleOf is the id of the role apptest made for a client's user.
func roleOf(t *testing.T, e *apptest.Env, c *apptest.Client) int64 {
	t.Helper()
	var id int64
	err := e.App.DB.QueryRow(context.Background(), `SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id
		WHERE u.username = ?`, c.Username).Scan(&id)
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func menuID(t *testing.T, e *apptest.Env, perm string) int64 {
	t.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), "SELECT MIN(id) FROM menus WHERE perm = ?", perm).Scan(&id); err != nil {
		t.Fatalf("menu %s: %v", perm, err)
	}
	return id
}

func TestRoleLifecycle(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	var id int64
	c.Do("POST", "/api/roles/", map[string]any{"name": "采购员", "code": "BUYER", "sort": 5, "dataScope": 2, "remark": "买东西"}).
		Want(200).Decode(&id)

	var page struct {
		List  []role.Role `json:"list"`
		Total int         `json:"total"`
	}
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
	run(t, []call{
		{name: "missing name", c: admin, method: "POST", url: "/api/roles/", body: with("name", " "), status: 400, want: "名称不能为空", field: "name"},
		{name: "missing code, English", c: admin, lang: "en", method: "POST", url: "/api/roles/", body: with("code", ""), status: 400, want: "Code is required", field: "code"},
		{name: "oversize name", c: admin, lang: "en", method: "POST", url: "/api/roles/", body: with("name", strings.Repeat("名", 33)), status: 400, want: "Name must be at most 32 characters", field: "name"},
		{name: "oversize code", c: admin, method: "POST", url: "/api/roles/", body: with("code", strings.Repeat("A", 33)), status: 400, want: "不能超过 32 个字符", field: "code"},
		{name: "lower-case code", c: admin, method: "POST", url: "/api/roles/", body: with("code", "buyer"), status: 400, want: "大写字母", field: "code"},
		{name: "code with a hyphen, English", c: admin, lang: "en", method: "POST", url: "/api/roles/", body: with("code", "NEW-ROLE"), status: 400, want: "capital letters", field: "code"},
		{name: "code starting with a digit", c: admin, method: "POST", url: "/api/roles/", body: with("code", "1ROLE"), status: 400, field: "code"},
		{name: "oversize remark", c: admin, method: "POST", url: "/api/roles/", body: with("remark", strings.Repeat("r", 201)), status: 400, field: "remark"},
		{name: "data scope out of range", c: admin, method: "POST", url: "/api/roles/", body: with("dataScope", 4), status: 400, field: "dataScope"},
		{name: "bad status", c: admin, method: "POST", url: "/api/roles/", body: with("status", 2), status: 400, field: "status"},
		{name: "negative sort", c: admin, method: "POST", url: "/api/roles/", body: with("sort", -1), status: 400, field: "sort"},
		{name: "name of a string type", c: admin, method: "POST", url: "/api/roles/", body: `{"name": 5, "code": "X"}`, status: 400, field: "name"},
		{name: "duplicate name", c: admin, method: "POST", url: "/api/roles/", body: with("name", "业务员"), status: 409, want: "名称“业务员”已存在", field: "name"},
		{name: "duplicate code, English", c: admin, lang: "en", method: "POST", url: "/api/roles/", body: with("code", "CLERK"), status: 409, want: `Code "CLERK" already exists`, field: "code"},
		{name: "update to another role's name", c: admin, method: "POST", url: one, body: with("name", "会计"), status: 409, field: "name"},
		{name: "malformed JSON", c: admin, method: "POST", url: "/api/roles/", body: `{"name": "x",`, status: 400, want: "请求内容不是有效的 JSON"},
		{name: "wrong content type", c: admin, method: "POST", url: "/api/roles/", body: "<role/>", ct: "text/xml", status: 400, want: "text/xml"},
		{name: "unknown id, form", c: admin, method: "GET", url: "/api/roles/99999/form", status: 404, want: "角色不存在"},
		{name: "unknown id, update, English", c: admin, lang: "en", method: "POST", url: "/api/roles/99999", body: ok, status: 404, want: "Role does not exist"},
		{name: "unknown id, delete", c: admin, method: "DELETE", url: fmt.Sprintf("/api/roles/%d,99999", id), status: 404},
		{name: "unknown id, status", c: admin, method: "POST", url: "/api/roles/99999/status?status=1", status: 404},
		{name: "unknown id, menu ids", c: admin, method: "GET", url: "/api/roles/99999/menuIds", status: 404},
		{name: "unknown id, grants", c: admin, method: "POST", url: "/api/roles/99999/menus", body: `[]`, status: 404},
		{name: "bad id", c: admin, method: "GET", url: "/api/roles/abc/form", status: 400},
		{name: "bad ids", c: admin, method: "DELETE", url: "/api/roles/1,x", status: 400},
		{name: "status missing", c: admin, method: "POST", url: one + "/status", status: 400, field: "status"},
		{name: "status out of range", c: admin, method: "POST", url: one + "/status?status=3", status: 400, field: "status"},
		{name: "status not a number", c: admin, method: "POST", url: one + "/status?status=on", status: 400},
		{name: "page size too large", c: admin, method: "GET", url: "/api/roles/page?pageSize=5000", status: 400, field: "pageSize"},
		{name: "reader cannot create", c: reader, method: "POST", url: "/api/roles/", body: ok, status: 403, want: "没有权限"},
		{name: "reader cannot edit", c: reader, method: "POST", url: one, body: ok, status: 403},
		{name: "reader cannot open the form", c: reader, method: "GET", url: one + "/form", status: 403},
		{name: "reader cannot delete", c: reader, method: "DELETE", url: one, status: 403},
		{name: "reader cannot grant", c: reader, method: "POST", url: one + "/menus", body: `[]`, status: 403},
		{name: "reader reads the grants", c: reader, method: "GET", url: one + "/menuIds", status: 200, want: "[]"},
		{name: "nobody cannot list", c: nobody, method: "GET", url: "/api/roles/page", status: 403},
		{name: "anyone signed in sees the options", c: nobody, method: "GET", url: "/api/roles/options", status: 200, want: "采购员"},
		{name: "anonymous", c: e.Anonymous(), method: "GET", url: "/api/roles/options", status: 401},
	})
	// Nothing was written by the refused calls.
	var n int
	e.App.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM roles WHERE code = 'NEW_ROLE' OR name = '新角色'").Scan(&n)
	if n != 0 {
		t.Fatalf("%d roles written by refused calls", n)
	}
}

func TestRootRoleIsProtected(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	editor := e.UserWith("sys:role:query", "sys:role:edit")
	root := roleID(t, e, "ROOT")
	clerk := roleID(t, e, "CLERK")
	rootURL := fmt.Sprintf("/api/roles/%d", root)
	run(t, []call{
		{name: "others cannot open ROOT", c: editor, method: "GET", url: rootURL + "/form", status: 403, want: "只有超级管理员"},
		{name: "others cannot edit ROOT", c: editor, method: "POST", url: rootURL, body: map[string]any{"name": "超级管理员", "code": "ROOT"}, status: 403},
		{name: "others cannot disable ROOT", c: editor, method: "POST", url: rootURL + "/status?status=0", status: 403},
		{name: "others cannot grant ROOT", c: editor, method: "POST", url: rootURL + "/menus", body: `[]`, status: 403},
		{name: "ROOT's code stays", c: admin, method: "POST", url: rootURL, body: map[string]any{"name": "超级管理员", "code": "ADMIN"}, status: 400, field: "code"},
		{name: "ROOT stays enabled", c: admin, method: "POST", url: rootURL, body: map[string]any{"name": "超级管理员", "code": "ROOT", "status": 0}, status: 400, want: "超级管理员角色的状态不能修改", field: "status"},
		{name: "ROOT stays enabled, status route", c: admin, lang: "en", method: "POST", url: rootURL + "/status?status=0", status: 400, want: "administrator role cannot be changed"},
		{name: "ROOT sees all data", c: admin, method: "POST", url: rootURL, body: map[string]any{"name": "超级管理员", "code": "ROOT", "dataScope": 3}, status: 400, field: "dataScope"},
		{name: "ROOT may rename ROOT", c: admin, method: "POST", url: rootURL, body: map[string]any{"name": "管理员", "code": "ROOT", "status": 1, "dataScope": 0, "sort": 1}, status: 200},
		{name: "built-in codes stay", c: admin, method: "POST", url: fmt.Sprintf("/api/roles/%d", clerk), body: map[string]any{"name": "业务员", "code": "SALES"}, status: 400, want: "内置角色“业务员”的编码不能修改", field: "code"},
		{name: "built-in roles may be renamed", c: editor, method: "POST", url: fmt.Sprintf("/api/roles/%d", clerk), body: map[string]any{"name": "销售员", "code": "CLERK"}, status: 200},
	})
	var page struct {
		List []role.Role `json:"list"`
	}
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
	e := apptest.New(t)
	c := e.Admin()
	ctx := context.Background()
	var free, used int64
	c.Do("POST", "/api/roles/", map[string]any{"name": "空闲角色", "code": "FREE"}).Want(200).Decode(&free)
	c.Do("POST", "/api/roles/", map[string]any{"name": "在用角色", "code": "USED"}).Want(200).Decode(&used)
	for _, name := range []string{"amy", "bob"} {
		uid := e.CreateUser(name, "secret1")
		if _, err := e.App.DB.Exec(ctx, "INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", uid, used); err != nil {
			t.Fatal(err)
		}
	}
	run(t, []call{
		{name: "built-in role", c: c, method: "DELETE", url: fmt.Sprintf("/api/roles/%d", roleID(t, e, "CLERK")), status: 409, want: "内置角色“业务员”不能删除"},
		{name: "role with users", c: c, method: "DELETE", url: fmt.Sprintf("/api/roles/%d", used), status: 409, want: "角色“在用角色”已分配给 2 个用户"},
		{name: "role with users, English", c: c, lang: "en", method: "DELETE", url: fmt.Sprintf("/api/roles/%d", used), status: 409, want: `Role "在用角色" is assigned to 2 user(s)`},
		{name: "batch with a blocked role", c: c, method: "DELETE", url: fmt.Sprintf("/api/roles/%d,%d", free, used), status: 409, want: "在用角色"},
	})
	// All or nothing: the free role survived the refused batch.
	c.Do("GET", fmt.Sprintf("/api/roles/%d/form", free), nil).Want(200)
	// Its grants go with it.
	c.Do("POST", fmt.Sprintf("/api/roles/%d/menus", free), []int64{menuID(t, e, "sys:user:query")}).Want(200)
	c.Do("DELETE", fmt.Sprintf("/api/roles/%d", free), nil).Want(200)
	var n int
	e.App.DB.QueryRow(ctx, "SELECT COUNT(*) FROM role_menus WHERE role_id = ?", free).Scan(&n)
	if n != 0 {
		t.Fatalf("%d grants left behind", n)
	}
}

func TestGrantsTakeEffectOnTheNextRequest(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	u := e.UserWith("sys:dept:query")
	rid := roleOf(t, e, u)
	grants := fmt.Sprintf("/api/roles/%d/menus", rid)
	button := menuID(t, e, "sys:dept:query")
	u.Do("GET", "/api/depts", nil).Want(200)

	// The role loses the permission: the next request is refused.
	admin.Do("POST", grants, `[]`).Want(200)
	u.Do("GET", "/api/depts", nil).Want(403)

	// Granting the button grants its menu and catalog too.
	admin.Do("POST", grants, map[string]any{"menuIds": []int64{button}}).Want(200)
	u.Do("GET", "/api/depts", nil).Want(200)
	var ids []int64
	admin.Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", rid), nil).Want(200).Decode(&ids)
	var treePath string
	e.App.DB.QueryRow(context.Background(), "SELECT tree_path FROM menus WHERE id = ?", button).Scan(&treePath)
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
	admin.Do("POST", grants, []int64{button, button, menuID(t, e, "sys:dept:add")}).Want(200)
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
	e := apptest.New(t)
	editor := e.UserWith("sys:role:edit", "sys:role:query", "sys:dept:query")
	target := roleID(t, e, "CLERK")
	grants := fmt.Sprintf("/api/roles/%d/menus", target)
	var before []int64
	e.Admin().Do("GET", fmt.Sprintf("/api/roles/%d/menuIds", target), nil).Want(200).Decode(&before)

	// Granting a permission the editor holds is fine …
	editor.Do("POST", grants, append(slices.Clone(before), menuID(t, e, "sys:dept:query"))).Want(200)
	// … one the editor lacks is refused, naming it, and nothing changes …
	editor.Lang = "en"
	r := editor.Do("POST", grants, append(slices.Clone(before), menuID(t, e, "sys:user:delete"))).Want(403)
	if !strings.Contains(r.Env.Msg, "sys:user:delete") {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// … including on the editor's own role.
	editor.Do("POST", fmt.Sprintf("/api/roles/%d/menus", roleOf(t, e, editor)), []int64{menuID(t, e, "sys:user:delete")}).Want(403)
	editor.Do("DELETE", "/api/users/1", nil).Want(403)
}
