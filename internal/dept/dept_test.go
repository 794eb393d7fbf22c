package dept_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/dept"
)

func create(t *testing.T, c *apptest.Client, parent int64, name, code string) int64 {
	t.Helper()
	var id int64
	c.Do("POST", "/api/depts/", map[string]any{"parentId": parent, "name": name, "code": code}).Want(200).Decode(&id)
	return id
}

func treePath(e *apptest.Env, id int64) string {
	return e.Text("SELECT tree_path FROM depts WHERE id = ?", id)
}

func hq(e *apptest.Env) int64 { return e.ID("SELECT id FROM depts WHERE code = 'HQ'") }

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
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	head := hq(e)
	sales := create(t, c, 0, "销售部", "SALES")
	east := create(t, c, sales, "华东组", "SALES-EAST")
	west := create(t, c, sales, "华西组", "SALES-WEST")
	c.Do("POST", fmt.Sprintf("/api/depts/%d", west), map[string]any{"parentId": sales, "name": "华西组", "code": "SALES-WEST", "sort": 9, "status": 0}).Want(200)
	c.Do("POST", fmt.Sprintf("/api/depts/%d", east), map[string]any{"parentId": sales, "name": "华东组", "code": "SALES-EAST", "sort": 1}).Want(200)
	if p := treePath(e, east); p != fmt.Sprintf("0,%d", sales) {
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
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	head := hq(e)
	a := create(t, c, 0, "甲", "A")
	b := create(t, c, a, "乙", "B")
	cc := create(t, c, b, "丙", "C")
	d := create(t, c, cc, "丁", "D")
	if p := treePath(e, d); p != fmt.Sprintf("0,%d,%d,%d", a, b, cc) {
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
		if got := treePath(e, id); got != p {
			t.Errorf("tree path of %d: %q, want %q", id, got, p)
		}
	}
	move(cc, 0, "丙", "C").Want(200)
	if p := treePath(e, d); p != fmt.Sprintf("0,%d", cc) {
		t.Fatalf("tree path of D after moving C to the root: %q", p)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "under itself", As: c, Method: "POST", Path: fmt.Sprintf("/api/depts/%d", cc), Body: map[string]any{"parentId": cc, "name": "丙", "code": "C"}, Status: 400, MsgHas: "不能是本部门或其下级部门", Field: "parentId"},
		{Name: "under its child, English", As: c, Lang: "en", Method: "POST", Path: fmt.Sprintf("/api/depts/%d", cc), Body: map[string]any{"parentId": d, "name": "丙", "code": "C"}, Status: 400, MsgHas: "cannot be the department itself or one below it", Field: "parentId"},
	})
	if p := treePath(e, d); p != fmt.Sprintf("0,%d", cc) {
		t.Fatalf("a refused move changed D's tree path: %q", p)
	}
}

func TestDeptBadInput(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	reader := e.UserWith("sys:dept:query")
	nobody := e.UserWith()
	head := hq(e)
	sales := create(t, admin, 0, "销售部", "SALES")
	create(t, admin, sales, "一组", "S1")
	one := fmt.Sprintf("/api/depts/%d", sales)
	with := func(k string, v any) map[string]any {
		m := map[string]any{"parentId": 0, "name": "新部门", "code": "NEW"}
		m[k] = v
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "missing name", As: admin, Method: "POST", Path: "/api/depts/", Body: with("name", ""), Status: 400, MsgHas: "名称不能为空", Field: "name"},
		{Name: "missing code, English", As: admin, Lang: "en", Method: "POST", Path: "/api/depts/", Body: with("code", " "), Status: 400, MsgHas: "Code is required", Field: "code"},
		{Name: "oversize name", As: admin, Method: "POST", Path: "/api/depts/", Body: with("name", strings.Repeat("部", 33)), Status: 400, MsgHas: "不能超过 32 个字符", Field: "name"},
		{Name: "oversize code", As: admin, Method: "POST", Path: "/api/depts/", Body: with("code", strings.Repeat("C", 33)), Status: 400, Field: "code"},
		{Name: "bad code", As: admin, Method: "POST", Path: "/api/depts/", Body: with("code", "销售 部"), Status: 400, MsgHas: "只能由字母", Field: "code"},
		{Name: "bad status", As: admin, Method: "POST", Path: "/api/depts/", Body: with("status", 5), Status: 400, Field: "status"},
		{Name: "unknown parent", As: admin, Method: "POST", Path: "/api/depts/", Body: with("parentId", 99999), Status: 400, MsgHas: "上级部门不存在", Field: "parentId"},
		{Name: "negative parent", As: admin, Method: "POST", Path: "/api/depts/", Body: with("parentId", -1), Status: 400, Field: "parentId"},
		{Name: "duplicate code", As: admin, Method: "POST", Path: "/api/depts/", Body: with("code", "HQ"), Status: 409, MsgHas: "编码“HQ”已存在", Field: "code"},
		{Name: "duplicate name among siblings, English", As: admin, Lang: "en", Method: "POST", Path: "/api/depts/", Body: map[string]any{"parentId": sales, "name": "一组", "code": "S1B"}, Status: 409, MsgHas: `Name "一组" already exists`, Field: "name"},
		{Name: "same name elsewhere is fine", As: admin, Method: "POST", Path: "/api/depts/", Body: map[string]any{"parentId": head, "name": "一组", "code": "H1"}, Status: 200},
		{Name: "update to a taken code", As: admin, Method: "POST", Path: one, Body: map[string]any{"name": "销售部", "code": "HQ"}, Status: 409, Field: "code"},
		{Name: "malformed JSON", As: admin, Method: "POST", Path: "/api/depts/", Body: `{"name":`, Status: 400, MsgHas: "JSON"},
		{Name: "wrong content type", As: admin, Method: "POST", Path: one, Body: apptest.Raw{ContentType: "text/plain", Text: "name=x"}, Status: 400, MsgHas: "text/plain"},
		{Name: "parent id of a wrong type", As: admin, Method: "POST", Path: "/api/depts/", Body: `{"parentId": "x", "name": "n", "code": "N"}`, Status: 400, Field: "parentId"},
		{Name: "unknown id, form", As: admin, Method: "GET", Path: "/api/depts/99999/form", Status: 404, MsgHas: "部门不存在"},
		{Name: "unknown id, update, English", As: admin, Lang: "en", Method: "POST", Path: "/api/depts/99999", Body: with("code", "X"), Status: 404, MsgHas: "Department does not exist"},
		{Name: "unknown id, delete", As: admin, Method: "DELETE", Path: "/api/depts/99999", Status: 404},
		{Name: "bad status filter", As: admin, Method: "GET", Path: "/api/depts?status=7", Status: 400, Field: "status"},
		{Name: "reader cannot create", As: reader, Method: "POST", Path: "/api/depts/", Body: with("code", "R"), Status: 403},
		{Name: "reader cannot edit", As: reader, Method: "POST", Path: one, Body: with("code", "R"), Status: 403},
		{Name: "reader cannot open the form", As: reader, Method: "GET", Path: one + "/form", Status: 403},
		{Name: "reader cannot delete", As: reader, Method: "DELETE", Path: one, Status: 403},
		{Name: "nobody cannot see the tree", As: nobody, Method: "GET", Path: "/api/depts", Status: 403, MsgHas: "没有权限"},
		{Name: "anonymous", As: e.Anonymous(), Method: "GET", Path: "/api/depts/options", Status: 401},
	})
	if n := e.Count("SELECT COUNT(*) FROM depts WHERE name = '新部门' OR code IN ('NEW', 'R', 'S1B')"); n != 0 {
		t.Fatalf("%d departments written by refused calls", n)
	}
}

func TestDeptDeleteIsRefusedWhileInUse(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	head := hq(e)
	sales := create(t, c, 0, "销售部", "SALES")
	east := create(t, c, sales, "华东组", "EAST")
	lone := create(t, c, 0, "独立部门", "LONE")
	apptest.Run(t, []apptest.Step{
		{Name: "with users", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/depts/%d", head), Status: 409, MsgHas: "部门“总部”下还有 1 个用户"},
		{Name: "with users, English", As: c, Lang: "en", Method: "DELETE", Path: fmt.Sprintf("/api/depts/%d", head), Status: 409, MsgHas: `Department "总部" still has 1 user(s)`},
		{Name: "with children", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/depts/%d", sales), Status: 409, MsgHas: "部门“销售部”下还有子部门"},
		{Name: "batch with a blocked one", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/depts/%d,%d", lone, sales), Status: 409},
		{Name: "batch with an unknown one", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/depts/%d,99999", lone), Status: 404},
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

// The head office's seeded name (总部) follows the caller's language in the
// tree, the options and the edit form; a name an administrator typed stays.
func TestSeededHeadOfficeFollowsTheLanguage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	zh := e.Admin()
	en := e.Admin()
	en.Lang = "en"
	id := hq(e)
	treeName := func(c *apptest.Client) string {
		t.Helper()
		var tree []*dept.Dept
		c.Do("GET", "/api/depts", nil).Want(200).Decode(&tree)
		for _, d := range tree {
			if d.ID == id {
				return d.Name
			}
		}
		t.Fatalf("no head office in %s", names(tree))
		return ""
	}
	for _, tc := range []struct {
		c    *apptest.Client
		want string
	}{{zh, "总部"}, {en, "Head office"}} {
		if got := treeName(tc.c); got != tc.want {
			t.Errorf("tree in %q: %q", tc.c.Lang, got)
		}
		var opts []dept.Option
		tc.c.Do("GET", "/api/depts/options", nil).Want(200).Decode(&opts)
		if !strings.Contains(optionNames(opts), tc.want) {
			t.Errorf("options in %q: %s", tc.c.Lang, optionNames(opts))
		}
		var f dept.Form
		tc.c.Do("GET", fmt.Sprintf("/api/depts/%d/form", id), nil).Want(200).Decode(&f)
		if f.Name != tc.want {
			t.Errorf("form in %q: %+v", tc.c.Lang, f)
		}
	}
	zh.Do("POST", fmt.Sprintf("/api/depts/%d", id), map[string]any{"parentId": 0, "name": "上海总公司", "code": "HQ", "sort": 1}).Want(200)
	if a, b := treeName(zh), treeName(en); a != "上海总公司" || b != "上海总公司" {
		t.Errorf("typed name: %q / %q", a, b)
	}
}
