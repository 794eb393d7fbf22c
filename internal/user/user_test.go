package user_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/user"
)

// --- helpers ---------------------------------------------------------------

func hq(e *apptest.Env) int64 {
	return e.ID("SELECT id FROM depts WHERE code = 'HQ'")
}

func addShop(e *apptest.Env, code, name string) int64 {
	now := time.Now().UTC()
	return e.Insert(`INSERT INTO shops (code, name, status, sort, created_at, updated_at) VALUES (?, ?, 1, 2, ?, ?) RETURNING id`,
		code, name, now, now)
}

// addDept adds a department under parent (0 = top) with youlai's tree_path.
func addDept(e *apptest.Env, parent int64, code, name string) int64 {
	path := "0"
	if parent > 0 {
		path = e.Text("SELECT tree_path FROM depts WHERE id = ?", parent) + "," + strconv.FormatInt(parent, 10)
	}
	now := time.Now().UTC()
	return e.Insert(`INSERT INTO depts (parent_id, tree_path, name, code, sort, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, 1, 1, ?, ?) RETURNING id`, parent, path, name, code, now, now)
}

// create creates a user through the API and returns its id.
func create(t *testing.T, c *apptest.Client, body map[string]any) int64 {
	t.Helper()
	var id int64
	c.Do("POST", "/api/users/", body).Want(200).Decode(&id)
	if id <= 0 {
		t.Fatalf("no id for %v", body)
	}
	return id
}

// newUser is a valid create body for the main shop with the CLERK role.
func newUser(e *apptest.Env, username string) map[string]any {
	return map[string]any{
		"username": username, "nickname": "Nick " + username, "roleIds": []int64{e.RoleID("CLERK")},
		"shopIds": []int64{e.MainShop()}, "password": "Walnut-Cabin-61",
	}
}

func with(m map[string]any, kv ...any) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	for i := 0; i < len(kv); i += 2 {
		k := kv[i].(string)
		if kv[i+1] == nil {
			delete(out, k)
		} else {
			out[k] = kv[i+1]
		}
	}
	return out
}

func page(t *testing.T, c *apptest.Client, query string) apptest.Page[user.Item] {
	t.Helper()
	var p apptest.Page[user.Item]
	c.Do("GET", "/api/users/page?"+query, nil).Want(200).Decode(&p)
	return p
}

func names(p apptest.Page[user.Item]) string {
	var s []string
	for _, it := range p.List {
		s = append(s, it.Username)
	}
	return strings.Join(s, ",")
}

// --- CRUD --------------------------------------------------------------------

func TestCreateReadUpdateDelete(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	clerk, keeper, shop, dept := e.RoleID("CLERK"), e.RoleID("KEEPER"), e.MainShop(), hq(e)

	id := create(t, admin, map[string]any{
		"username": "li.si", "nickname": "李四", "mobile": "13800138000", "email": "lisi@example.com", "gender": 1,
		"avatar": "/files/a.png", "status": 1, "deptId": dept, "roleIds": []int64{clerk}, "shopIds": []int64{shop},
		"password": "Pebble-Lisi-83",
	})

	var f user.Form
	admin.Do("GET", fmt.Sprintf("/api/users/%d/form", id), nil).Want(200).Decode(&f)
	if f.Username != "li.si" || f.Nickname != "李四" || f.Mobile != "13800138000" || f.Email != "lisi@example.com" ||
		f.Gender != 1 || f.Avatar != "/files/a.png" || f.Status != 1 || f.DeptID == nil || *f.DeptID != dept ||
		fmt.Sprint(f.RoleIDs) != fmt.Sprint([]int64{clerk}) || fmt.Sprint(f.ShopIDs) != fmt.Sprint([]int64{shop}) {
		t.Fatalf("form %+v", f)
	}
	p := page(t, admin, "keywords=li.si")
	if p.Total != 1 || p.List[0].DeptName != "总部" || p.List[0].RoleNames == "" || p.List[0].ShopNames != "总店" ||
		p.List[0].CreateTime.IsZero() || p.List[0].Mobile != "13800138000" {
		t.Fatalf("page %+v", p)
	}

	// The new user signs in with the password given and must change it first.
	li := e.SignIn("li.si", "Pebble-Lisi-83")
	var me user.Me
	li.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if !me.MustChangePassword || me.Username != "li.si" || len(me.Roles) != 1 || me.Roles[0] != "CLERK" {
		t.Fatalf("me %+v", me)
	}

	// Update: new nickname, two roles, no department; the password is not touched.
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), map[string]any{
		"username": "li.si", "nickname": "李四四", "gender": 2, "status": 1, "roleIds": []int64{clerk, keeper},
		"shopIds": []int64{shop}, "password": "ignored-on-update",
	}).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/users/%d/form", id), nil).Want(200).Decode(&f)
	if f.Nickname != "李四四" || f.Gender != 2 || f.DeptID != nil || len(f.RoleIDs) != 2 || f.Mobile != "" {
		t.Fatalf("form after update %+v", f)
	}
	e.SignIn("li.si", "Pebble-Lisi-83")

	// Form-urlencoded bodies work too (the web client's default).
	r := admin.Raw("POST", fmt.Sprintf("/api/users/%d", id), "application/x-www-form-urlencoded", strings.NewReader(
		fmt.Sprintf("username=li.si&nickname=Form+Li&status=1&roleIds=%d&shopIds=%d", clerk, shop)))
	r.Want(200)
	if got := e.Text("SELECT nickname FROM users WHERE id = ?", id); got != "Form Li" {
		t.Fatalf("nickname %q", got)
	}

	admin.Do("DELETE", fmt.Sprintf("/api/users/%d", id), nil).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/users/%d/form", id), nil).Want(404)
	if n := e.Count("SELECT COUNT(*) FROM sessions WHERE user_id = ?", id); n != 0 {
		t.Fatalf("%d sessions left", n)
	}
	if r := li.Do("GET", "/api/users/me", nil); r.Status != 401 {
		t.Fatalf("deleted user's token still works: %d", r.Status)
	}
}

func TestCreateWithoutPasswordUsesInitialPassword(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	create(t, admin, with(newUser(e, "plain"), "password", nil))
	e.SignIn("plain", e.Text("SELECT config_value FROM configs WHERE config_key = 'sys.user.initPassword'"))

	now := time.Now().UTC()
	e.Exec(`INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('init', ?, 'Ginger-Teapot-9', ?, ?)
		ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value`,
		user.InitPasswordKey, now, now)
	create(t, admin, with(newUser(e, "configured"), "password", ""))
	c := e.SignIn("configured", "Ginger-Teapot-9")
	var me user.Me
	c.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if !me.MustChangePassword {
		t.Fatal("initial password need not be changed")
	}
	if r := c.Do("GET", "/api/users/options", nil); r.Status != 403 || r.Env.Code != "A0232" {
		t.Fatalf("options before the password change: %d %s", r.Status, r.Body)
	}

	// An initial password that breaks the rule (an old installation's
	// 123456, or one the rule was tightened past) gives nobody an account:
	// the form names the password, an import is refused whole.
	admin.Lang = "en"
	for _, weak := range []string{"123456", "Ginger-Teapot-9"} {
		e.Exec("UPDATE configs SET config_value = ? WHERE config_key = ?", weak, user.InitPasswordKey)
		if weak == "Ginger-Teapot-9" {
			e.Exec("UPDATE configs SET config_value = '16' WHERE config_key = 'passwordMinLength'")
		}
		r := admin.Do("POST", "/api/users/", with(newUser(e, "weakling"), "password", "")).Want(400)
		if !strings.Contains(r.Env.Errors["password"], "The initial password (system parameters) does not meet the password rule") {
			t.Fatalf("%s: %s", weak, r.Body)
		}
		r = admin.Multipart("POST", "/api/users/import", nil, "file", book(t,
			[]any{"Username*", "Nickname*", "Gender", "Mobile", "Email", "Role codes*", "Status"},
			[]any{"weakling", "Weak", "", "", "", "CLERK", ""})).Want(400)
		if !strings.Contains(r.Env.Msg, "The initial password") {
			t.Fatalf("import, %s: %s", weak, r.Body)
		}
		if n := e.Count("SELECT COUNT(*) FROM users WHERE username = 'weakling'"); n != 0 {
			t.Fatalf("%s: a user was created", weak)
		}
	}
	// The tightened rule holds for a password typed in too.
	r := admin.Do("POST", "/api/users/", with(newUser(e, "typed"), "password", "Short-but-8")).Want(400)
	if r.Env.Errors["password"] != "Password must be at least 16 characters" {
		t.Fatalf("tightened: %s", r.Body)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	base := newUser(e, "valid.user")
	create(t, admin, newUser(e, "taken"))
	before := e.Count("SELECT COUNT(*) FROM users")
	apptest.Run(t, []apptest.Step{
		{Name: "missing username", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "username", nil), Status: 400, Code: "A0410", Field: "username", Msg: "用户名不能为空"},
		{Name: "missing username en", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "username", "  "), Status: 400, Code: "A0410", Field: "username", Msg: "Username is required"},
		{Name: "short username", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "username", "ab"), Status: 400, Code: "A0400", Field: "username", Msg: "Username must be at least 3 characters"},
		{Name: "long username", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "username", strings.Repeat("a", 33)), Status: 400, Code: "A0400", Field: "username", Msg: "用户名不能超过 32 个字符"},
		{Name: "username chars", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "username", "li si"), Status: 400, Code: "A0400", Field: "username", Msg: "Username may contain only letters, digits and . _ -"},
		{Name: "chinese username", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "username", "张三丰"), Status: 400, Code: "A0400", Field: "username", Msg: "用户名只能包含字母、数字和 . _ -"},
		{Name: "missing nickname", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "nickname", nil), Status: 400, Code: "A0410", Field: "nickname", Msg: "昵称不能为空"},
		{Name: "long nickname", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "nickname", strings.Repeat("名", 33)), Status: 400, Code: "A0400", Field: "nickname", Msg: "Nickname must be at most 32 characters"},
		{Name: "bad mobile", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "mobile", "12345678901"), Status: 400, Code: "A0400", Field: "mobile", Msg: "手机号码格式不正确"},
		{Name: "short mobile", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "mobile", "1380013800"), Status: 400, Code: "A0400", Field: "mobile", Msg: "Mobile is not valid"},
		{Name: "bad email", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "email", "lisi@"), Status: 400, Code: "A0400", Field: "email", Msg: "Email is not valid"},
		{Name: "email with name", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "email", "Li <li@example.com>"), Status: 400, Code: "A0400", Field: "email", Msg: "Email is not valid"},
		{Name: "long email", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "email", strings.Repeat("a", 95)+"@x.com"), Status: 400, Code: "A0400", Field: "email", Msg: "Email must be at most 100 characters"},
		{Name: "bad gender", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "gender", 3), Status: 400, Code: "A0400", Field: "gender", Msg: "Gender has a value that is not allowed"},
		{Name: "bad status", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "status", 2), Status: 400, Code: "A0400", Field: "status", Msg: "状态的取值不正确"},
		{Name: "long avatar", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "avatar", strings.Repeat("x", 501)), Status: 400, Code: "A0400", Field: "avatar", Msg: "Avatar must be at most 500 characters"},
		{Name: "no roles", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "roleIds", []int64{}), Status: 400, Code: "A0410", Field: "roleIds", Msg: "角色不能为空"},
		{Name: "unknown role", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "roleIds", []int64{999999}), Status: 400, Code: "A0400", Field: "roleIds", Msg: "Roles does not exist or has been deleted"},
		{Name: "no shops", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "shopIds", nil), Status: 400, Code: "A0410", Field: "shopIds", Msg: "Shops is required"},
		{Name: "unknown shop", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "shopIds", []int64{999999}), Status: 400, Code: "A0400", Field: "shopIds", Msg: "门店不存在或已被删除"},
		{Name: "unknown dept", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "deptId", 999999), Status: 400, Code: "A0400", Field: "deptId", Msg: "Department does not exist or has been deleted"},
		{Name: "short password", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "password", "12345"), Status: 400, Code: "A0400", Field: "password", Msg: "Password must be at least 8 characters"},
		{Name: "duplicate username", As: admin, Method: "POST", Path: "/api/users/", Body: with(base, "username", "taken"), Status: 409, Code: "A0409", Field: "username", Msg: "用户名“taken”已存在"},
		{Name: "duplicate username other case", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "username", "TAKEN"), Status: 409, Code: "A0409", Field: "username", Msg: `Username "TAKEN" already exists`},
		{Name: "duplicate admin", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: with(base, "username", "admin"), Status: 409, Code: "A0409", Field: "username", Msg: `Username "admin" already exists`},
		{Name: "malformed JSON", As: admin, Method: "POST", Path: "/api/users/", Body: `{"username": "x",`, Status: 400, Code: "A0400", Msg: "请求内容不是有效的 JSON"},
		{Name: "wrong type", As: admin, Lang: "en", Method: "POST", Path: "/api/users/", Body: `{"username": 12}`, Status: 400, Code: "A0400", Field: "username", Msg: "username is not valid"},
	})
	admin.Lang = "en"
	r := admin.Raw("POST", "/api/users/", "text/xml", strings.NewReader("<user/>")).Want(400)
	if !strings.Contains(r.Env.Msg, "text/xml") {
		t.Fatalf("content type: %s", r.Body)
	}
	// Several bad fields are reported together.
	r = admin.Do("POST", "/api/users/", map[string]any{"username": "x", "mobile": "1", "email": "no"}).Want(400)
	for _, f := range []string{"username", "nickname", "mobile", "email", "roleIds", "shopIds"} {
		if r.Env.Errors[f] == "" {
			t.Errorf("no error on %s: %s", f, r.Body)
		}
	}
	if after := e.Count("SELECT COUNT(*) FROM users"); after != before {
		t.Fatalf("bad input wrote users: %d → %d", before, after)
	}

	// Update: the same rules, plus unknown ids and a bad id.
	id := e.UserID("taken")
	admin.Do("POST", "/api/users/999999", base).Want(404)
	admin.Do("POST", "/api/users/abc", base).Want(400)
	r = admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(base, "username", "admin")).Want(409)
	if r.Env.Errors["username"] == "" {
		t.Fatalf("duplicate on update: %s", r.Body)
	}
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(base, "username", "taken", "mobile", "999")).Want(400)
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), `{"nickname":`).Want(400)
	// Keeping one's own name is no duplicate.
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(base, "username", "taken")).Want(200)
	admin.Do("GET", "/api/users/999999/form", nil).Want(404)
	admin.Do("DELETE", "/api/users/999999", nil).Want(404)
	admin.Do("DELETE", "/api/users/x,y", nil).Want(400)
}

func TestPermissions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	id := create(t, admin, newUser(e, "target"))
	viewer := e.UserWith("sys:user:query")
	viewer.Lang = "en"
	body := newUser(e, "another")
	routes := []struct{ method, path string }{
		{"POST", "/api/users/"},
		{"POST", fmt.Sprintf("/api/users/%d", id)},
		{"GET", fmt.Sprintf("/api/users/%d/form", id)},
		{"DELETE", fmt.Sprintf("/api/users/%d", id)},
		{"POST", fmt.Sprintf("/api/users/%d/password/reset?password=Birch-Sail-47", id)},
		{"GET", "/api/users/template"},
		{"POST", "/api/users/import"},
		{"GET", "/api/users/export"},
	}
	for _, rt := range routes {
		r := viewer.Do(rt.method, rt.path, body)
		if r.Status != 403 || r.Env.Code != "A0301" || r.Env.Msg != "You do not have permission to do this" {
			t.Errorf("%s %s: %d %s", rt.method, rt.path, r.Status, r.Body)
		}
	}
	viewer.Do("GET", "/api/users/page", nil).Want(200)
	nobody := e.UserWith()
	nobody.Do("GET", "/api/users/page", nil).Want(403)
	// Signed-in routes need no permission.
	nobody.Do("GET", "/api/users/me", nil).Want(200)
	nobody.Do("GET", "/api/users/profile", nil).Want(200)
	nobody.Do("GET", "/api/users/options", nil).Want(200)
	// Anonymous callers get 401.
	for _, p := range []string{"/api/users/me", "/api/users/page", "/api/users/options"} {
		if r := e.Anonymous().Do("GET", p, nil); r.Status != 401 {
			t.Errorf("anonymous %s: %d", p, r.Status)
		}
	}
	if n := e.Count("SELECT COUNT(*) FROM users WHERE username = 'another'"); n != 0 {
		t.Fatal("forbidden create wrote a user")
	}
}

func TestDeleteIsAllOrNothing(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	a := create(t, admin, newUser(e, "del_a"))
	b := create(t, admin, newUser(e, "del_b"))
	admin.Do("DELETE", fmt.Sprintf("/api/users/%d,%d,999999", a, b), nil).Want(404)
	if e.Count("SELECT COUNT(*) FROM users WHERE id IN (?, ?)", a, b) != 2 {
		t.Fatal("partial delete")
	}
	e.SignIn("del_a", "Walnut-Cabin-61")
	admin.Do("DELETE", fmt.Sprintf("/api/users/%d,%d", a, b), nil).Want(200)
	if e.Count("SELECT COUNT(*) FROM users WHERE id IN (?, ?)", a, b) != 0 {
		t.Fatal("not deleted")
	}
	// The operation log records the change under the user namespace.
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE action = 'log.user.delete'"); n < 1 {
		t.Fatalf("operation log: %d", n)
	}
}

func TestResetPasswordRevokesSessions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	id := e.CreateUser("bob", "Walnut-Cabin-61", "sys:user:query")
	bob := e.SignIn("bob", "Walnut-Cabin-61")
	bob.Do("GET", "/api/users/page", nil).Want(200)

	admin.Lang = "en"
	r := admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset?password=123", id), nil).Want(400)
	if r.Env.Errors["password"] != "Password must be at least 8 characters" {
		t.Fatalf("short: %s", r.Body)
	}
	for pw, msg := range map[string]string{
		"abcdef12":     "Password is too common and easy to guess; choose another",
		"Bob-the-best": "Password may not contain the user name",
	} {
		r := admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset", id), map[string]any{"password": pw}).Want(400)
		if r.Env.Errors["password"] != msg {
			t.Fatalf("%s: %s", pw, r.Body)
		}
	}
	admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset", id), nil).Want(400)
	admin.Do("POST", "/api/users/999999/password/reset?password=Birch-Sail-47", nil).Want(404)
	bob.Do("GET", "/api/users/page", nil).Want(200)

	admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset?password=fresh-pass", id), nil).Want(200)
	if r := bob.Do("GET", "/api/users/page", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("old session after reset: %d %s", r.Status, r.Body)
	}
	if r := e.Anonymous().Login("bob", "Walnut-Cabin-61"); r.Status != 401 {
		t.Fatalf("old password: %d", r.Status)
	}
	bob = e.SignIn("bob", "fresh-pass")
	if r := bob.Do("GET", "/api/users/page", nil); r.Status != 403 || r.Env.Code != "A0232" {
		t.Fatalf("must change first: %d %s", r.Status, r.Body)
	}
	// The password may also come in the body.
	admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset", id), map[string]string{"password": "body-pass"}).Want(200)
	e.SignIn("bob", "body-pass")
}

func TestDisablingRevokesSessions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	id := create(t, admin, newUser(e, "carl"))
	e.Exec("UPDATE users SET must_change_password = 0 WHERE id = ?", id)
	carl := e.SignIn("carl", "Walnut-Cabin-61")
	carl.Do("GET", "/api/users/me", nil).Want(200)

	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(newUser(e, "carl"), "status", 0)).Want(200)
	if r := carl.Do("GET", "/api/users/me", nil); r.Status != 401 {
		t.Fatalf("disabled user's session: %d", r.Status)
	}
	if n := e.Count("SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL", id); n != 0 {
		t.Fatalf("%d live sessions", n)
	}
	if r := e.Anonymous().Login("carl", "Walnut-Cabin-61"); r.Status != 403 || r.Env.Code != "A0201" {
		t.Fatalf("disabled sign-in: %d %s", r.Status, r.Body)
	}
	if p := page(t, admin, "keywords=carl&status=0"); p.Total != 1 {
		t.Fatal("not listed as disabled")
	}
	var opts []user.Option
	admin.Do("GET", "/api/users/options", nil).Want(200).Decode(&opts)
	for _, o := range opts {
		if o.Value == id {
			t.Fatal("a disabled user is offered")
		}
	}
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(newUser(e, "carl"), "status", 1)).Want(200)
	e.SignIn("carl", "Walnut-Cabin-61")
}

func TestOptionsAndMe(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	create(t, admin, with(newUser(e, "opt_user"), "nickname", "选项用户"))
	var opts []user.Option
	admin.Do("GET", "/api/users/options", nil).Want(200).Decode(&opts)
	found := false
	for _, o := range opts {
		found = found || (o.Label == "选项用户" && o.Value == e.UserID("opt_user"))
	}
	if !found {
		t.Fatalf("options %+v", opts)
	}

	var me user.Me
	admin.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if me.Username != "admin" || me.Nickname != "系统管理员" || fmt.Sprint(me.Roles) != "[ROOT]" ||
		fmt.Sprint(me.Perms) != "[*:*:*]" || me.MustChangePassword || me.ShopID != e.MainShop() ||
		me.DeptID == nil || *me.DeptID != hq(e) || me.UserID != e.UserID("admin") {
		t.Fatalf("me %+v", me)
	}
	c := e.UserWith("sys:user:query", "sys:user:export")
	c.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if fmt.Sprint(me.Perms) != "[sys:user:export sys:user:query]" || me.DeptID != nil || len(me.Roles) != 1 {
		t.Fatalf("me %+v", me)
	}
}

// The user list names built-in roles and the seeded shop in the caller's
// language, as the roles screen and the role picker do.
func TestUserListNamesSeededRolesAndShopInTheCallersLanguage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	for _, tc := range []struct {
		lang, role, shop string
	}{
		{"", "超级管理员", "总店"},
		{"en", "Administrator", "Main shop"},
	} {
		c := e.Admin()
		c.Lang = tc.lang
		var page apptest.Page[user.Item]
		c.Do("GET", "/api/users/page?pageSize=50&keywords=admin", nil).Want(200).Decode(&page)
		if len(page.List) == 0 {
			t.Fatalf("%q: no admin in the list", tc.lang)
		}
		if got := page.List[0]; got.RoleNames != tc.role || got.ShopNames != tc.shop {
			t.Errorf("%q: roles %q, shops %q; want %q, %q", tc.lang, got.RoleNames, got.ShopNames, tc.role, tc.shop)
		}
	}
}
