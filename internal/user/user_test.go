package user_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/server"
	"cangshu/internal/user"
)

// --- helpers ---------------------------------------------------------------

func scalar(t *testing.T, e *apptest.Env, query string, args ...any) int64 {
	t.Helper()
	var n int64
	if err := e.App.DB.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

func text(t *testing.T, e *apptest.Env, query string, args ...any) string {
	t.Helper()
	var s string
	if err := e.App.DB.QueryRow(context.Background(), query, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return s
}

func run(t *testing.T, e *apptest.Env, query string, args ...any) {
	t.Helper()
	if _, err := e.App.DB.Exec(context.Background(), query, args...); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
}

// insertID runs an INSERT … RETURNING id on the writer.
func insertID(t *testing.T, e *apptest.Env, query string, args ...any) int64 {
	t.Helper()
	var id int64
	err := e.App.DB.InTx(context.Background(), func(tx *db.Tx) error { return tx.QueryRow(context.Background(), query, args...).Scan(&id) })
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return id
}

func roleID(t *testing.T, e *apptest.Env, code string) int64 {
	return scalar(t, e, "SELECT id FROM roles WHERE code = ?", code)
}

func mainShop(t *testing.T, e *apptest.Env) int64 {
	return scalar(t, e, "SELECT id FROM shops WHERE code = 'S001'")
}

func hq(t *testing.T, e *apptest.Env) int64 {
	return scalar(t, e, "SELECT id FROM depts WHERE code = 'HQ'")
}

func addShop(t *testing.T, e *apptest.Env, code, name string) int64 {
	now := time.Now().UTC()
	return insertID(t, e, `INSERT INTO shops (code, name, status, sort, created_at, updated_at) VALUES (?, ?, 1, 2, ?, ?) RETURNING id`,
		code, name, now, now)
}

// addDept adds a department under parent (0 = top) with youlai's tree_path.
func addDept(t *testing.T, e *apptest.Env, parent int64, code, name string) int64 {
	path := "0"
	if parent > 0 {
		path = text(t, e, "SELECT tree_path FROM depts WHERE id = ?", parent) + "," + strconv.FormatInt(parent, 10)
	}
	now := time.Now().UTC()
	return insertID(t, e, `INSERT INTO depts (parent_id, tree_path, name, code, sort, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, 1, 1, ?, ?) RETURNING id`, parent, path, name, code, now, now)
}

func userID(t *testing.T, e *apptest.Env, username string) int64 {
	return scalar(t, e, "SELECT id FROM users WHERE username = ?", username)
}

func count(t *testing.T, e *apptest.Env, query string, args ...any) int64 {
	return scalar(t, e, query, args...)
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
func newUser(t *testing.T, e *apptest.Env, username string) map[string]any {
	return map[string]any{
		"username": username, "nickname": "Nick " + username, "roleIds": []int64{roleID(t, e, "CLERK")},
		"shopIds": []int64{mainShop(t, e)}, "password": "secret1",
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

func page(t *testing.T, c *apptest.Client, query string) server.PageResult[user.Item] {
	t.Helper()
	var p server.PageResult[user.Item]
	c.Do("GET", "/api/users/page?"+query, nil).Want(200).Decode(&p)
	return p
}

func names(p server.PageResult[user.Item]) string {
	var s []string
	for _, it := range p.List {
		s = append(s, it.Username)
	}
	return strings.Join(s, ",")
}

// --- CRUD --------------------------------------------------------------------

func TestCreateReadUpdateDelete(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	clerk, keeper, shop, dept := roleID(t, e, "CLERK"), roleID(t, e, "KEEPER"), mainShop(t, e), hq(t, e)

	id := create(t, admin, map[string]any{
		"username": "li.si", "nickname": "李四", "mobile": "13800138000", "email": "lisi@example.com", "gender": 1,
		"avatar": "/files/a.png", "status": 1, "deptId": dept, "roleIds": []int64{clerk}, "shopIds": []int64{shop},
		"password": "lisi-pass",
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
	li := e.SignIn("li.si", "lisi-pass")
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
	e.SignIn("li.si", "lisi-pass")

	// Form-urlencoded bodies work too (the web client's default).
	r := admin.Raw("POST", fmt.Sprintf("/api/users/%d", id), "application/x-www-form-urlencoded", strings.NewReader(
		fmt.Sprintf("username=li.si&nickname=Form+Li&status=1&roleIds=%d&shopIds=%d", clerk, shop)))
	r.Want(200)
	if got := text(t, e, "SELECT nickname FROM users WHERE id = ?", id); got != "Form Li" {
		t.Fatalf("nickname %q", got)
	}

	admin.Do("DELETE", fmt.Sprintf("/api/users/%d", id), nil).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/users/%d/form", id), nil).Want(404)
	if n := count(t, e, "SELECT COUNT(*) FROM sessions WHERE user_id = ?", id); n != 0 {
		t.Fatalf("%d sessions left", n)
	}
	if r := li.Do("GET", "/api/users/me", nil); r.Status != 401 {
		t.Fatalf("deleted user's token still works: %d", r.Status)
	}
}

func TestCreateWithoutPasswordUsesInitialPassword(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	create(t, admin, with(newUser(t, e, "plain"), "password", nil))
	e.SignIn("plain", user.DefaultInitPassword)

	now := time.Now().UTC()
	run(t, e, `INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('init', ?, 'Start#2026', ?, ?)
		ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value`,
		user.InitPasswordKey, now, now)
	create(t, admin, with(newUser(t, e, "configured"), "password", ""))
	c := e.SignIn("configured", "Start#2026")
	var me user.Me
	c.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if !me.MustChangePassword {
		t.Fatal("initial password need not be changed")
	}
	if r := c.Do("GET", "/api/users/options", nil); r.Status != 403 || r.Env.Code != "A0232" {
		t.Fatalf("options before the password change: %d %s", r.Status, r.Body)
	}
}

func TestBadInput(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	base := newUser(t, e, "valid.user")
	create(t, admin, newUser(t, e, "taken"))
	before := count(t, e, "SELECT COUNT(*) FROM users")
	tests := []struct {
		name   string
		lang   string
		body   any
		status int
		code   string
		field  string
		msg    string
	}{
		{"missing username", "", with(base, "username", nil), 400, "A0410", "username", "用户名不能为空"},
		{"missing username en", "en", with(base, "username", "  "), 400, "A0410", "username", "Username is required"},
		{"short username", "en", with(base, "username", "ab"), 400, "A0400", "username", "Username must be at least 3 characters"},
		{"long username", "", with(base, "username", strings.Repeat("a", 33)), 400, "A0400", "username", "用户名不能超过 32 个字符"},
		{"username chars", "en", with(base, "username", "li si"), 400, "A0400", "username", "Username may contain only letters, digits and . _ -"},
		{"chinese username", "", with(base, "username", "张三丰"), 400, "A0400", "username", "用户名只能包含字母、数字和 . _ -"},
		{"missing nickname", "", with(base, "nickname", nil), 400, "A0410", "nickname", "昵称不能为空"},
		{"long nickname", "en", with(base, "nickname", strings.Repeat("名", 33)), 400, "A0400", "nickname", "Nickname must be at most 32 characters"},
		{"bad mobile", "", with(base, "mobile", "12345678901"), 400, "A0400", "mobile", "手机号码格式不正确"},
		{"short mobile", "en", with(base, "mobile", "1380013800"), 400, "A0400", "mobile", "Mobile is not valid"},
		{"bad email", "en", with(base, "email", "lisi@"), 400, "A0400", "email", "Email is not valid"},
		{"email with name", "en", with(base, "email", "Li <li@example.com>"), 400, "A0400", "email", "Email is not valid"},
		{"long email", "en", with(base, "email", strings.Repeat("a", 95)+"@x.com"), 400, "A0400", "email", "Email must be at most 100 characters"},
		{"bad gender", "en", with(base, "gender", 3), 400, "A0400", "gender", "Gender has a value that is not allowed"},
		{"bad status", "", with(base, "status", 2), 400, "A0400", "status", "状态的取值不正确"},
		{"long avatar", "en", with(base, "avatar", strings.Repeat("x", 501)), 400, "A0400", "avatar", "Avatar must be at most 500 characters"},
		{"no roles", "", with(base, "roleIds", []int64{}), 400, "A0410", "roleIds", "角色不能为空"},
		{"unknown role", "en", with(base, "roleIds", []int64{999999}), 400, "A0400", "roleIds", "Roles does not exist or has been deleted"},
		{"no shops", "en", with(base, "shopIds", nil), 400, "A0410", "shopIds", "Shops is required"},
		{"unknown shop", "", with(base, "shopIds", []int64{999999}), 400, "A0400", "shopIds", "门店不存在或已被删除"},
		{"unknown dept", "en", with(base, "deptId", 999999), 400, "A0400", "deptId", "Department does not exist or has been deleted"},
		{"short password", "en", with(base, "password", "12345"), 400, "A0400", "password", "Password must be at least 6 characters"},
		{"duplicate username", "", with(base, "username", "taken"), 409, "A0409", "username", "用户名“taken”已存在"},
		{"duplicate username other case", "en", with(base, "username", "TAKEN"), 409, "A0409", "username", `Username "TAKEN" already exists`},
		{"duplicate admin", "en", with(base, "username", "admin"), 409, "A0409", "username", `Username "admin" already exists`},
		{"malformed JSON", "", `{"username": "x",`, 400, "A0400", "", "请求内容不是有效的 JSON"},
		{"wrong type", "en", `{"username": 12}`, 400, "A0400", "username", "username is not valid"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			admin.Lang = tt.lang
			r := admin.Do("POST", "/api/users/", tt.body).Want(tt.status)
			if r.Env.Code != tt.code || r.Env.Msg != tt.msg {
				t.Fatalf("got %s %q, want %s %q", r.Env.Code, r.Env.Msg, tt.code, tt.msg)
			}
			if tt.field != "" && r.Env.Errors[tt.field] == "" {
				t.Fatalf("no error on %s: %s", tt.field, r.Body)
			}
		})
	}
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
	if after := count(t, e, "SELECT COUNT(*) FROM users"); after != before {
		t.Fatalf("bad input wrote users: %d → %d", before, after)
	}

	// Update: the same rules, plus unknown ids and a bad id.
	id := userID(t, e, "taken")
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
	e := apptest.New(t)
	admin := e.Admin()
	id := create(t, admin, newUser(t, e, "target"))
	viewer := e.UserWith("sys:user:query")
	viewer.Lang = "en"
	body := newUser(t, e, "another")
	routes := []struct{ method, path string }{
		{"POST", "/api/users/"},
		{"POST", fmt.Sprintf("/api/users/%d", id)},
		{"GET", fmt.Sprintf("/api/users/%d/form", id)},
		{"DELETE", fmt.Sprintf("/api/users/%d", id)},
		{"POST", fmt.Sprintf("/api/users/%d/password/reset?password=abcdef", id)},
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
	if n := count(t, e, "SELECT COUNT(*) FROM users WHERE username = 'another'"); n != 0 {
		t.Fatal("forbidden create wrote a user")
	}
}

func TestDeleteIsAllOrNothing(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	a := create(t, admin, newUser(t, e, "del_a"))
	b := create(t, admin, newUser(t, e, "del_b"))
	admin.Do("DELETE", fmt.Sprintf("/api/users/%d,%d,999999", a, b), nil).Want(404)
	if count(t, e, "SELECT COUNT(*) FROM users WHERE id IN (?, ?)", a, b) != 2 {
		t.Fatal("partial delete")
	}
	e.SignIn("del_a", "secret1")
	admin.Do("DELETE", fmt.Sprintf("/api/users/%d,%d", a, b), nil).Want(200)
	if count(t, e, "SELECT COUNT(*) FROM users WHERE id IN (?, ?)", a, b) != 0 {
		t.Fatal("not deleted")
	}
	// The operation log records the change under the user namespace.
	if n := count(t, e, "SELECT COUNT(*) FROM sys_logs WHERE action = 'log.user.delete'"); n < 1 {
		t.Fatalf("operation log: %d", n)
	}
}

func TestResetPasswordRevokesSessions(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	id := e.CreateUser("bob", "secret1", "sys:user:query")
	bob := e.SignIn("bob", "secret1")
	bob.Do("GET", "/api/users/page", nil).Want(200)

	admin.Lang = "en"
	r := admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset?password=123", id), nil).Want(400)
	if r.Env.Errors["password"] != "Password must be at least 6 characters" {
		t.Fatalf("short: %s", r.Body)
	}
	admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset", id), nil).Want(400)
	admin.Do("POST", "/api/users/999999/password/reset?password=abcdef", nil).Want(404)
	bob.Do("GET", "/api/users/page", nil).Want(200)

	admin.Do("POST", fmt.Sprintf("/api/users/%d/password/reset?password=fresh-pass", id), nil).Want(200)
	if r := bob.Do("GET", "/api/users/page", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("old session after reset: %d %s", r.Status, r.Body)
	}
	if r := e.Anonymous().Login("bob", "secret1"); r.Status != 401 {
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
	e := apptest.New(t)
	admin := e.Admin()
	id := create(t, admin, newUser(t, e, "carl"))
	run(t, e, "UPDATE users SET must_change_password = 0 WHERE id = ?", id)
	carl := e.SignIn("carl", "secret1")
	carl.Do("GET", "/api/users/me", nil).Want(200)

	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(newUser(t, e, "carl"), "status", 0)).Want(200)
	if r := carl.Do("GET", "/api/users/me", nil); r.Status != 401 {
		t.Fatalf("disabled user's session: %d", r.Status)
	}
	if n := count(t, e, "SELECT COUNT(*) FROM sessions WHERE user_id = ? AND revoked_at IS NULL", id); n != 0 {
		t.Fatalf("%d live sessions", n)
	}
	if r := e.Anonymous().Login("carl", "secret1"); r.Status != 403 || r.Env.Code != "A0201" {
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
	admin.Do("POST", fmt.Sprintf("/api/users/%d", id), with(newUser(t, e, "carl"), "status", 1)).Want(200)
	e.SignIn("carl", "secret1")
}

func TestOptionsAndMe(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	create(t, admin, with(newUser(t, e, "opt_user"), "nickname", "选项用户"))
	var opts []user.Option
	admin.Do("GET", "/api/users/options", nil).Want(200).Decode(&opts)
	found := false
	for _, o := range opts {
		found = found || (o.Label == "选项用户" && o.Value == userID(t, e, "opt_user"))
	}
	if !found {
		t.Fatalf("options %+v", opts)
	}

	var me user.Me
	admin.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if me.Username != "admin" || me.Nickname != "系统管理员" || fmt.Sprint(me.Roles) != "[ROOT]" ||
		fmt.Sprint(me.Perms) != "[*:*:*]" || me.MustChangePassword || me.ShopID != mainShop(t, e) ||
		me.DeptID == nil || *me.DeptID != hq(t, e) || me.UserID != userID(t, e, "admin") {
		t.Fatalf("me %+v", me)
	}
	c := e.UserWith("sys:user:query", "sys:user:export")
	c.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if fmt.Sprint(me.Perms) != "[sys:user:export sys:user:query]" || me.DeptID != nil || len(me.Roles) != 1 {
		t.Fatalf("me %+v", me)
	}
}
