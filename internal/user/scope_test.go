package user_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/user"
)

// --- list ----------------------------------------------------------------------

func TestPageFiltersAndPaging(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	top := hq(e)
	sales := addDept(e, top, "SALES", "销售部")
	east := addDept(e, sales, "EAST", "华东")
	other := addDept(e, top, "OPS", "运营部")
	mk := func(name, nick, mobile string, dept int64, status int, created string) {
		id := create(t, admin, with(newUser(e, name), "nickname", nick, "mobile", mobile, "deptId", dept, "status", status))
		c, _ := time.Parse(time.DateTime, created)
		e.Exec("UPDATE users SET created_at = ? WHERE id = ?", c.UTC(), id)
	}
	mk("alice", "Alice", "13900000001", sales, 1, "2026-01-05 10:00:00")
	mk("bob", "Bobby", "13900000002", east, 1, "2026-01-20 10:00:00")
	mk("carol", "Carol", "13700000003", other, 0, "2026-02-10 10:00:00")
	mk("dave_x", "Dave", "", 0, 1, "2026-03-01 10:00:00")
	e.Exec("UPDATE users SET created_at = ? WHERE username = 'admin'", time.Date(2025, 12, 1, 0, 0, 0, 0, time.UTC))

	tests := []struct{ query, want string }{
		{"", "dave_x,carol,bob,alice,admin"},
		{"keywords=bob", "bob"},
		{"keywords=BOB", "bob"},       // case-insensitive
		{"keywords=139", "bob,alice"}, // mobile
		{"keywords=aro", "carol"},     // nickname/username contains
		{"keywords=_x", "dave_x"},     // _ is no wildcard
		{"keywords=%25", ""},          // % is no wildcard
		{"status=0", "carol"},         // disabled
		{"status=1&keywords=a", "dave_x,alice,admin"},
		{fmt.Sprintf("deptId=%d", sales), "bob,alice"}, // with sub-departments
		{fmt.Sprintf("deptId=%d", east), "bob"},
		{fmt.Sprintf("deptId=%d", top), "carol,bob,alice,admin"},
		{"createTime=2026-01-01,2026-01-31", "bob,alice"},
		{"createTime=2026-01-20,2026-01-20", "bob"}, // the end day is included
		{"createTime=2026-01-01&createTime=2026-02-28", "carol,bob,alice"},
		{"createTime%5B0%5D=2026-02-01&createTime%5B1%5D=2026-12-31", "dave_x,carol"},
		{"createTime=2026-02-01,", "dave_x,carol"},
		{"createTime=,2026-01-10", "alice,admin"},
	}
	for _, tt := range tests {
		p := page(t, admin, tt.query)
		if got := names(p); got != tt.want || p.Total != len(p.List) {
			t.Errorf("%s: got %q (total %d), want %q", tt.query, got, p.Total, tt.want)
		}
	}
	p := page(t, admin, "pageNum=2&pageSize=2")
	if p.Total != 5 || names(p) != "bob,alice" {
		t.Fatalf("page 2: %d %s", p.Total, names(p))
	}
	p = page(t, admin, "pageNum=3&pageSize=2")
	if p.Total != 5 || names(p) != "admin" {
		t.Fatalf("page 3: %d %s", p.Total, names(p))
	}
	admin.Lang = "en"
	for q, field := range map[string]string{
		"pageSize=0": "pageSize", "pageNum=x": "pageNum", "status=7": "status", "deptId=x": "deptId",
		"createTime=yesterday": "createTime", "createTime=2026-02-01,2026-01-01": "createTime",
	} {
		r := admin.Do("GET", "/api/users/page?"+q, nil).Want(400)
		if r.Env.Errors[field] == "" {
			t.Errorf("%s: %s", q, r.Body)
		}
	}
}

func TestDataScope(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	top := hq(e)
	sales := addDept(e, top, "SALES", "销售部")
	east := addDept(e, sales, "EAST", "华东")
	create(t, admin, with(newUser(e, "in_hq"), "deptId", top))
	create(t, admin, with(newUser(e, "in_sales"), "deptId", sales))
	eastID := create(t, admin, with(newUser(e, "in_east"), "deptId", east))
	create(t, admin, newUser(e, "no_dept"))

	scoped := func(name string, scope int) *apptest.Client {
		e.CreateUser(name, "Walnut-Cabin-61", "sys:user:query", "sys:user:edit", "sys:user:export")
		e.Exec("UPDATE roles SET data_scope = ? WHERE code = ?", scope, "R_"+strings.ToUpper(name))
		e.Exec("UPDATE users SET dept_id = ? WHERE username = ?", sales, name)
		return e.SignIn(name, "Walnut-Cabin-61")
	}
	tests := []struct {
		name  string
		scope int
		want  string
	}{
		{"scope_all", 0, "in_east,in_hq,in_sales,no_dept,scope_all"},
		{"scope_tree", 1, "in_east,in_sales,scope_tree"},
		{"scope_dept", 2, "in_sales,scope_dept"},
		{"scope_self", 3, "scope_self"},
	}
	for _, tt := range tests {
		c := scoped(tt.name, tt.scope)
		var got []string
		for _, it := range page(t, c, "pageSize=100").List {
			if strings.HasPrefix(it.Username, "in_") || it.Username == "no_dept" || it.Username == tt.name {
				got = append(got, it.Username)
			}
		}
		sortStrings(got)
		if strings.Join(got, ",") != tt.want {
			t.Errorf("%s: got %v, want %s", tt.name, got, tt.want)
		}
		// A user outside the scope is not found.
		st := c.Do("GET", fmt.Sprintf("/api/users/%d/form", eastID), nil).Status
		if wantSt := map[bool]int{true: 200, false: 404}[tt.scope <= 1]; st != wantSt {
			t.Errorf("%s: form of in_east %d, want %d", tt.name, st, wantSt)
		}
	}
}

func sortStrings(s []string) {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
}

func TestShopScope(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	shop1 := e.MainShop()
	shop2 := addShop(e, "S002", "分店")
	clerk := e.RoleID("CLERK")
	otherID := create(t, admin, with(newUser(e, "far_away"), "shopIds", []int64{shop2}))
	bothID := create(t, admin, with(newUser(e, "both_shops"), "shopIds", []int64{shop1, shop2}))

	mgr := e.UserWith(append(rolePerms(t, e, "CLERK"), "sys:user:query", "sys:user:add", "sys:user:edit", "sys:user:delete", "sys:user:password:reset", "sys:user:export")...)
	mgr.Lang = "en"
	if p := page(t, mgr, "keywords=far_away"); p.Total != 0 {
		t.Fatalf("another shop's user listed: %+v", p)
	}
	if p := page(t, admin, "keywords=far_away"); p.Total != 1 || p.List[0].ShopNames != "分店" {
		t.Fatalf("ROOT does not see every shop: %+v", p)
	}
	for _, rt := range []struct{ method, path string }{
		{"GET", fmt.Sprintf("/api/users/%d/form", otherID)},
		{"POST", fmt.Sprintf("/api/users/%d", otherID)},
		{"DELETE", fmt.Sprintf("/api/users/%d", otherID)},
		{"POST", fmt.Sprintf("/api/users/%d/password/reset?password=Birch-Sail-47", otherID)},
	} {
		r := mgr.Do(rt.method, rt.path, with(newUser(e, "far_away"), "shopIds", []int64{shop1}))
		if r.Status != 404 || r.Env.Msg != "User does not exist or has been deleted" {
			t.Errorf("%s %s: %d %s", rt.method, rt.path, r.Status, r.Body)
		}
	}
	// All or nothing: one invisible id spoils the batch.
	mine := create(t, mgr, newUser(e, "mine"))
	mgr.Do("DELETE", fmt.Sprintf("/api/users/%d,%d", mine, otherID), nil).Want(404)
	if e.Count("SELECT COUNT(*) FROM users WHERE id = ?", mine) != 1 {
		t.Fatal("half a batch was deleted")
	}
	// The picker lists only the active shop.
	var opts []user.Option
	mgr.Do("GET", "/api/users/options", nil).Want(200).Decode(&opts)
	for _, o := range opts {
		if o.Value == otherID {
			t.Fatal("options list another shop's user")
		}
	}
	// A manager cannot hand out a shop they do not belong to...
	r := mgr.Do("POST", "/api/users/", with(newUser(e, "sneaky"), "shopIds", []int64{shop2})).Want(400)
	if r.Env.Errors["shopIds"] != "You can only assign shops you belong to" {
		t.Fatalf("shop grant: %s", r.Body)
	}
	// ...and editing a user of two shops keeps the shop the manager cannot see.
	mgr.Do("POST", fmt.Sprintf("/api/users/%d", bothID), map[string]any{
		"username": "both_shops", "nickname": "Both", "roleIds": []int64{clerk}, "shopIds": []int64{shop1},
	}).Want(200)
	var f user.Form
	admin.Do("GET", fmt.Sprintf("/api/users/%d/form", bothID), nil).Want(200).Decode(&f)
	if fmt.Sprint(f.ShopIDs) != fmt.Sprint([]int64{shop1, shop2}) {
		t.Fatalf("shops after a manager's edit: %v", f.ShopIDs)
	}
	// ROOT may move a user between shops.
	admin.Do("POST", fmt.Sprintf("/api/users/%d", bothID), map[string]any{
		"username": "both_shops", "nickname": "Both", "roleIds": []int64{clerk}, "shopIds": []int64{shop2},
	}).Want(200)
	mgr.Do("GET", fmt.Sprintf("/api/users/%d/form", bothID), nil).Want(404)
}

func TestAdministratorsAreProtected(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	adminID := e.UserID("admin")
	root, clerk := e.RoleID("ROOT"), e.RoleID("CLERK")
	mgr := e.UserWith(append(rolePerms(t, e, "CLERK"), "sys:user:query", "sys:user:add", "sys:user:edit", "sys:user:delete", "sys:user:password:reset")...)
	mgr.Lang = "en"

	r := mgr.Do("POST", "/api/users/", with(newUser(e, "wannabe"), "roleIds", []int64{root})).Want(403)
	if r.Env.Msg != "Only an administrator can grant the administrator role" {
		t.Fatalf("grant ROOT: %s", r.Body)
	}
	id := create(t, mgr, newUser(e, "plainuser"))
	mgr.Do("POST", fmt.Sprintf("/api/users/%d", id), with(newUser(e, "plainuser"), "roleIds", []int64{clerk, root})).Want(403)
	for _, rt := range []struct{ method, path string }{
		{"POST", fmt.Sprintf("/api/users/%d", adminID)},
		{"DELETE", fmt.Sprintf("/api/users/%d", adminID)},
		{"POST", fmt.Sprintf("/api/users/%d/password/reset?password=Hijack-Birch-47", adminID)},
	} {
		r := mgr.Do(rt.method, rt.path, with(newUser(e, "admin"), "roleIds", []int64{clerk}))
		if r.Status != 403 || !strings.Contains(r.Env.Msg, "Only an administrator can change") {
			t.Errorf("%s %s: %d %s", rt.method, rt.path, r.Status, r.Body)
		}
	}
	e.SignIn("admin", apptest.AdminPassword)

	// ROOT may grant ROOT.
	root2 := create(t, admin, with(newUser(e, "root2"), "roleIds", []int64{root}))

	// Nobody deletes or disables themself.
	admin.Lang = "en"
	r = admin.Do("DELETE", fmt.Sprintf("/api/users/%d,%d", root2, adminID), nil).Want(409)
	if r.Env.Msg != "You cannot delete your own account" {
		t.Fatalf("delete self: %s", r.Body)
	}
	r = admin.Do("POST", fmt.Sprintf("/api/users/%d", adminID), map[string]any{
		"username": "admin", "nickname": "Admin", "status": 0, "roleIds": []int64{root}, "shopIds": []int64{e.MainShop()},
	}).Want(400)
	if r.Env.Errors["status"] != "You cannot disable your own account" {
		t.Fatalf("disable self: %s", r.Body)
	}
	// The last enabled administrator keeps the role.
	admin.Do("DELETE", fmt.Sprintf("/api/users/%d", root2), nil).Want(200)
	r = admin.Do("POST", fmt.Sprintf("/api/users/%d", adminID), map[string]any{
		"username": "admin", "nickname": "Admin", "roleIds": []int64{clerk}, "shopIds": []int64{e.MainShop()},
	}).Want(409)
	if r.Env.Msg != "At least one enabled administrator account must remain" {
		t.Fatalf("last root: %s", r.Body)
	}
	admin.Lang = ""
	r = admin.Do("POST", fmt.Sprintf("/api/users/%d", adminID), map[string]any{
		"username": "admin", "nickname": "Admin", "roleIds": []int64{clerk}, "shopIds": []int64{e.MainShop()},
	}).Want(409)
	if r.Env.Msg != "至少要保留一个启用的系统管理员账号" {
		t.Fatalf("last root zh: %s", r.Body)
	}
	if e.Count("SELECT COUNT(*) FROM user_roles WHERE user_id = ? AND role_id = ?", adminID, root) != 1 {
		t.Fatal("the refused change was written")
	}
}

// rolePerms lists the permissions a role grants.
func rolePerms(t *testing.T, e *apptest.Env, code string) []string {
	t.Helper()
	rows, err := e.App.DB.Query(context.Background(), `SELECT m.perm FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
		JOIN roles r ON r.id = rm.role_id WHERE r.code = ? AND m.perm <> ''`, code)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		rows.Scan(&p)
		out = append(out, p)
	}
	return out
}

func TestManagersCannotAssignStrongerRoles(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	mgr := e.UserWith("sys:user:query", "sys:user:add", "sys:user:edit")
	mgr.Lang = "en"
	r := mgr.Do("POST", "/api/users/", newUser(e, "stronger")).Want(403)
	if !strings.Contains(r.Env.Msg, "You cannot assign a role with a permission you do not hold") {
		t.Fatalf("msg %q", r.Body)
	}
	if e.Count("SELECT COUNT(*) FROM users WHERE username = ?", "stronger") != 0 {
		t.Fatal("user written")
	}
	// A role whose permissions the manager holds is fine.
	var weak int64
	e.Admin().Do("POST", "/api/roles/", map[string]any{"name": "查看用户", "code": "VIEW_USERS", "status": 1}).Want(200).Decode(&weak)
	e.Admin().Do("POST", fmt.Sprintf("/api/roles/%d/menus", weak), []int64{e.MenuID("sys:user:query")}).Want(200)
	create(t, mgr, with(newUser(e, "weaker"), "roleIds", []int64{weak}))
}
