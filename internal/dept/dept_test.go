package dept_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/dept"
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

func create(t *testing.T, c *apptest.Client, parent int64, name, code string) int64 {
	t.Helper()
	var id int64
	c.Do("POST", "/api/depts/", map[string]any{"parentId": parent, "name": name, "code": code}).Want(200).Decode(&id)
	return id
}

func treePath(t *testing.T, e *apptest.Env, id int64) string {
	t.Helper()
	var p string
	if err := e.App.DB.QueryRow(context.Background(), "SELECT tree_path FROM depts WHERE id = ?", id).Scan(&p); err != nil {
		t.Fatal(err)
	}
	return p
}

func hq(t *testing.T, e *apptest.Env) int64 {
	t.Helper()
	var id int64
	if err := e.App.DB.QueryRow(context.Background(), "SELECT id FROM depts WHERE code = 'HQ'").Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// names flattens a tree into "name(child,child)" form.
func names(ds []*dept.Dept) string {
	var parts []string
	for _, d := range ds {
		s := d.Name
		if len(d.Children) > 0 {
			s += "(" + names(d.Children) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

func optionNames(os []dept.Option) string {
	var parts []string
	for _, o := range os {
		s := o.Label
		if len(o.Children) > 0 {
			s += "(" + optionNames(o.Children) + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ",")
}

func TestDeptTreeAndForm(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	head := hq(t, e)
	sales := create(t, c, 0, "销售部", "SALES")
	east := create(t, c, sales, "华东组", "SALES-EAST")
	west := create(t, c, sales, "华西组", "SALES-WEST")
	c.Do("POST", fmt.Sprintf("/api/depts/%d", west), map[string]any{"parentId": sales, "name": "华西组", "code": "SALES-WEST", "sort": 9, "status": 0}).Want(200)
	c.Do("POST", fmt.Sprintf("/api/depts/%d", east), map[string]any{"parentId": sales, "name": "华东组", "code": "SALES-EAST", "sort": 1}).Want(200)
	if p := treePath(t, e, east); p != fmt.Sprintf("0,%d", sales) {
		t.Fatalf("tree path %q", p)
	}

	tests := []struct{ url, want string }{
		{"/api/depts", "销售部(华东组,华西组),总部"},              // by sort (HQ has 1), then id
		{"/api/depts?keywords=华东", "销售部(华东组)"},         // a match keeps its ancestors
		{"/api/depts?keywords=sales-w", "销售部(华西组)"},    // codes match too, in any case
		{"/api/depts?status=0", "销售部(华西组)"},            // the disabled one, under its enabled parent
		{"/api/depts?status=1&keywords=组", "销售部(华东组)"}, //
		{"/api/depts?keywords=nothing", ""},
	}
	for _, tt := range tests {
		var tree []*dept.Dept
		c.Do("GET", tt.url, nil).Want(200).Decode(&tree)
		if got := names(tree); got != tt.want {
			t.Errorf("%s: tree %s, want %s", tt.url, got, tt.want)
		}
	}
	var tree []*dept.Dept
	c.Do("GET", "/api/depts", nil).Want(200).Decode(&tree)
	d := tree[0].Children[0]
	if d.ID != east || d.ParentID != sales || d.Code != "SALES-EAST" || d.Status != 1 || d.Sort != 1 ||
		d.CreateTime.IsZero() || d.UpdateTime.IsZero() || d.Children == nil {
		t.Fatalf("node %+v", d)
	}
	if tree[1].ID != head {
		t.Fatalf("second root %+v", tree[1])
	}

	// Options: enabled departments only.
	var opts []dept.Option
	e.UserWith().Do("GET", "/api/depts/options", nil).Want(200).Decode(&opts)
	if got := optionNames(opts); got != "销售部(华东组),总部" {
		t.Fatalf("options %s", got)
	}

	var f dept.Form
	c.Do("GET", fmt.Sprintf("/api/depts/%d/form", west), nil).Want(200).Decode(&f)
	if f != (dept.Form{ID: west, ParentID: sales, Name: "华西组", Code: "SALES-WEST", Sort: 9, Status: 0}) {
		t.Fatalf("form %+v", f)
	}
}

func TestMovingADeptRewritesTheTreePathsBelowIt(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	head := hq(t, e)
	a := create(t, c, 0, "甲", "A")
	b := create(t, c, a, "乙", "B")
	cc := create(t, c, b, "丙", "C")
	d := create(t, c, cc, "丁", "D")
	if p := treePath(t, e, d); p != fmt.Sprintf("0,%d,%d,%d", a, b, cc) {
		t.Fatalf("tree path of D %q", p)
	}
	move := func(id, parent int64, name, code string) *apptest.Response {
		return c.Do("POST", fmt.Sprintf("/api/depts/%d", id), map[string]any{"parentId": parent, "name": name, "code": code})
	}
	move(b, head, "乙", "B").Want(200)
	want := map[int64]string{
		a: "0", b: fmt.Sprintf("0,%d", head), cc: fmt.Sprintf("0,%d,%d", head, b), d: fmt.Sprintf("0,%d,%d,%d", head, b, cc),
	}
	for id, p := range want {
		if got := treePath(t, e, id); got != p {
			t.Errorf("tree path of %d: %q, want %q", id, got, p)
		}
	}
	move(cc, 0, "丙", "C").Want(200)
	if p := treePath(t, e, d); p != fmt.Sprintf("0,%d", cc) {
		t.Fatalf("tree path of D after moving C to the root: %q", p)
	}
	run(t, []call{
		{name: "under itself", c: c, method: "POST", url: fmt.Sprintf("/api/depts/%d", cc), body: map[string]any{"parentId": cc, "name": "丙", "code": "C"}, status: 400, want: "不能是本部门或其下级部门", field: "parentId"},
		{name: "under its child, English", c: c, lang: "en", method: "POST", url: fmt.Sprintf("/api/depts/%d", cc), body: map[string]any{"parentId": d, "name": "丙", "code": "C"}, status: 400, want: "cannot be the department itself or one below it", field: "parentId"},
	})
	if p := treePath(t, e, d); p != fmt.Sprintf("0,%d", cc) {
		t.Fatalf("a refused move changed D's tree path: %q", p)
	}
}

func TestDeptBadInput(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	reader := e.UserWith("sys:dept:query")
	nobody := e.UserWith()
	head := hq(t, e)
	sales := create(t, admin, 0, "销售部", "SALES")
	create(t, admin, sales, "一组", "S1")
	one := fmt.Sprintf("/api/depts/%d", sales)
	with := func(k string, v any) map[string]any {
		m := map[string]any{"parentId": 0, "name": "新部门", "code": "NEW"}
		m[k] = v
		return m
	}
	run(t, []call{
		{name: "missing name", c: admin, method: "POST", url: "/api/depts/", body: with("name", ""), status: 400, want: "名称不能为空", field: "name"},
		{name: "missing code, English", c: admin, lang: "en", method: "POST", url: "/api/depts/", body: with("code", " "), status: 400, want: "Code is required", field: "code"},
		{name: "oversize name", c: admin, method: "POST", url: "/api/depts/", body: with("name", strings.Repeat("部", 33)), status: 400, want: "不能超过 32 个字符", field: "name"},
		{name: "oversize code", c: admin, method: "POST", url: "/api/depts/", body: with("code", strings.Repeat("C", 33)), status: 400, field: "code"},
		{name: "bad code", c: admin, method: "POST", url: "/api/depts/", body: with("code", "销售 部"), status: 400, want: "只能由字母", field: "code"},
		{name: "bad status", c: admin, method: "POST", url: "/api/depts/", body: with("status", 5), status: 400, field: "status"},
		{name: "unknown parent", c: admin, method: "POST", url: "/api/depts/", body: with("parentId", 99999), status: 400, want: "上级部门不存在", field: "parentId"},
		{name: "negative parent", c: admin, method: "POST", url: "/api/depts/", body: with("parentId", -1), status: 400, field: "parentId"},
		{name: "duplicate code", c: admin, method: "POST", url: "/api/depts/", body: with("code", "HQ"), status: 409, want: "编码“HQ”已存在", field: "code"},
		{name: "duplicate name among siblings, English", c: admin, lang: "en", method: "POST", url: "/api/depts/", body: map[string]any{"parentId": sales, "name": "一组", "code": "S1B"}, status: 409, want: `Name "一组" already exists`, field: "name"},
		{name: "same name elsewhere is fine", c: admin, method: "POST", url: "/api/depts/", body: map[string]any{"parentId": head, "name": "一组", "code": "H1"}, status: 200},
		{name: "update to a taken code", c: admin, method: "POST", url: one, body: map[string]any{"name": "销售部", "code": "HQ"}, status: 409, field: "code"},
		{name: "malformed JSON", c: admin, method: "POST", url: "/api/depts/", body: `{"name":`, status: 400, want: "JSON"},
		{name: "wrong content type", c: admin, method: "POST", url: one, body: "name=x", ct: "text/plain", status: 400, want: "text/plain"},
		{name: "parent id of a wrong type", c: admin, method: "POST", url: "/api/depts/", body: `{"parentId": "x", "name": "n", "code": "N"}`, status: 400, field: "parentId"},
		{name: "unknown id, form", c: admin, method: "GET", url: "/api/depts/99999/form", status: 404, want: "部门不存在"},
		{name: "unknown id, update, English", c: admin, lang: "en", method: "POST", url: "/api/depts/99999", body: with("code", "X"), status: 404, want: "Department does not exist"},
		{name: "unknown id, delete", c: admin, method: "DELETE", url: "/api/depts/99999", status: 404},
		{name: "bad status filter", c: admin, method: "GET", url: "/api/depts?status=7", status: 400, field: "status"},
		{name: "reader cannot create", c: reader, method: "POST", url: "/api/depts/", body: with("code", "R"), status: 403},
		{name: "reader cannot edit", c: reader, method: "POST", url: one, body: with("code", "R"), status: 403},
		{name: "reader cannot open the form", c: reader, method: "GET", url: one + "/form", status: 403},
		{name: "reader cannot delete", c: reader, method: "DELETE", url: one, status: 403},
		{name: "nobody cannot see the tree", c: nobody, method: "GET", url: "/api/depts", status: 403, want: "没有权限"},
		{name: "anonymous", c: e.Anonymous(), method: "GET", url: "/api/depts/options", status: 401},
	})
	var n int
	e.App.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM depts WHERE name = '新部门' OR code IN ('NEW', 'R', 'S1B')").Scan(&n)
	if n != 0 {
		t.Fatalf("%d departments written by refused calls", n)
	}
}

func TestDeptDeleteIsRefusedWhileInUse(t *testing.T) {
	e := apptest.New(t)
	c := e.Admin()
	head := hq(t, e)
	sales := create(t, c, 0, "销售部", "SALES")
	east := create(t, c, sales, "华东组", "EAST")
	lone := create(t, c, 0, "独立部门", "LONE")
	run(t, []call{
		{name: "with users", c: c, method: "DELETE", url: fmt.Sprintf("/api/depts/%d", head), status: 409, want: "部门“总部”下还有 1 个用户"},
		{name: "with users, English", c: c, lang: "en", method: "DELETE", url: fmt.Sprintf("/api/depts/%d", head), status: 409, want: `Department "总部" still has 1 user(s)`},
		{name: "with children", c: c, method: "DELETE", url: fmt.Sprintf("/api/depts/%d", sales), status: 409, want: "部门“销售部”下还有子部门"},
		{name: "batch with a blocked one", c: c, method: "DELETE", url: fmt.Sprintf("/api/depts/%d,%d", lone, sales), status: 409},
		{name: "batch with an unknown one", c: c, method: "DELETE", url: fmt.Sprintf("/api/depts/%d,99999", lone), status: 404},
	})
	c.Do("GET", fmt.Sprintf("/api/depts/%d/form", lone), nil).Want(200)
	// A department goes together with its children.
	c.Do("DELETE", fmt.Sprintf("/api/depts/%d,%d,%d", sales, east, lone), nil).Want(200)
	var tree []*dept.Dept
	c.Do("GET", "/api/depts", nil).Want(200).Decode(&tree)
	if got := names(tree); got != "总部" {
		t.Fatalf("tree after delete: %s", got)
	}
}
