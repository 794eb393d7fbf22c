package role_test

import (
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// Roles are shared by every shop. A shop-B role administrator may not
// disable, rename, empty, re-scope or delete a role held by a shop-A user,
// nor a role granting rights it lacks, nor a built-in role; nothing it was
// refused changed. ROOT may; so may an administrator holding every right of
// the role and every shop of its holders.
func TestSharedRolesAreChangedOnlyByThoseWhoHoldThem(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	now := time.Now().UTC()
	shopB := e.Insert(`INSERT INTO shops (code, name, status, sort, created_at, updated_at) VALUES ('S002', '分店', 1, 2, ?, ?) RETURNING id`, now, now)
	managerPerms := []string{"sys:role:query", "sys:role:add", "sys:role:edit", "sys:role:delete", "sys:dept:query"}

	// Shop A's role, held by a shop-A clerk, granting a permission the
	// shop-B manager holds too.
	var roleA, spare int64
	admin.Do("POST", "/api/roles/", map[string]any{"name": "A店角色", "code": "SHOP_A"}).Want(200).Decode(&roleA)
	admin.Do("POST", fmt.Sprintf("/api/roles/%d/menus", roleA), []int64{e.MenuID("sys:dept:query")}).Want(200)
	clerkA := e.CreateUser("clerk_a", "secret1") // in the main shop
	e.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", clerkA, roleA)
	// An unused role granting what the manager lacks.
	admin.Do("POST", "/api/roles/", map[string]any{"name": "备用角色", "code": "SPARE"}).Want(200).Decode(&spare)
	admin.Do("POST", fmt.Sprintf("/api/roles/%d/menus", spare), []int64{e.MenuID("sys:user:delete")}).Want(200)

	// The shop-B manager belongs to shop B only.
	mgrB := e.CreateUser("mgr_b", "secret1", managerPerms...)
	e.Exec("UPDATE user_shops SET shop_id = ? WHERE user_id = ?", shopB, mgrB)
	b := e.SignIn("mgr_b", "secret1")
	b.Lang = "en"
	keeper := e.RoleID("BOOKKEEPER")
	url := func(id int64, tail string) string { return fmt.Sprintf("/api/roles/%d%s", id, tail) }
	grants := func(id int64) string {
		return fmt.Sprint(e.Count("SELECT COUNT(*) FROM role_menus WHERE role_id = ?", id))
	}
	state := func() string {
		return e.Text("SELECT name || '/' || status || '/' || data_scope FROM roles WHERE id = ?", roleA) + " " + grants(roleA) +
			" " + e.Text("SELECT name || '/' || status FROM roles WHERE id = ?", keeper) + " " + grants(keeper) +
			fmt.Sprint(" ", e.Count("SELECT COUNT(*) FROM data_rights WHERE role_id IN (?, ?)", roleA, keeper), " ", e.Count("SELECT COUNT(*) FROM roles WHERE id = ?", spare))
	}
	before := state()
	rename := map[string]any{"name": "改名", "code": "SHOP_A"}
	apptest.Run(t, []apptest.Step{
		{Name: "rename another shop's role", As: b, Lang: "en", Method: "POST", Path: url(roleA, ""), Body: rename, Status: 403, MsgHas: "shop you do not belong to"},
		{Name: "disable it", As: b, Method: "POST", Path: url(roleA, "/status?status=0"), Status: 403},
		{Name: "empty it", As: b, Method: "POST", Path: url(roleA, "/menus"), Body: `[]`, Status: 403},
		{Name: "its data rights", As: b, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": roleA, "warehouseIds": []int64{}}, Status: 403},
		{Name: "read its data rights", As: b, Method: "GET", Path: fmt.Sprintf("/api/dataRights?roleId=%d", roleA), Status: 200},
		{Name: "delete a role granting more", As: b, Lang: "en", Method: "DELETE", Path: url(spare, ""), Status: 403, MsgHas: "sys:user:delete"},
		{Name: "rename a role granting more", As: b, Method: "POST", Path: url(spare, ""), Body: map[string]any{"name": "x", "code": "SPARE"}, Status: 403},
		{Name: "disable a built-in role", As: b, Lang: "en", Method: "POST", Path: url(keeper, "/status?status=0"), Status: 403, MsgHas: "built-in role"},
		{Name: "rename a built-in role", As: b, Method: "POST", Path: url(keeper, ""), Body: map[string]any{"name": "x", "code": "BOOKKEEPER"}, Status: 403},
		{Name: "empty a built-in role", As: b, Method: "POST", Path: url(keeper, "/menus"), Body: `[]`, Status: 403},
		{Name: "data rights of a built-in role", As: b, Method: "POST", Path: "/api/dataRights", Body: map[string]any{"roleId": keeper, "warehouseIds": []int64{}}, Status: 403},
		{Name: "zh", As: b, Lang: "zh-CN", Method: "POST", Path: url(keeper, "/status?status=0"), Status: 403, MsgHas: "只有超级管理员可以修改内置角色"},
	})
	if after := state(); after != before {
		t.Fatalf("refused changes changed roles: %s → %s", before, after)
	}

	// Its own shop's roles the manager may change, and create new ones.
	var roleB int64
	b.Do("POST", "/api/roles/", map[string]any{"name": "B店角色", "code": "SHOP_B"}).Want(200).Decode(&roleB)
	b.Do("POST", url(roleB, "/menus"), []int64{e.MenuID("sys:dept:query")}).Want(200)
	b.Do("POST", url(roleB, ""), map[string]any{"name": "B店角色2", "code": "SHOP_B"}).Want(200)
	b.Do("POST", "/api/dataRights", map[string]any{"roleId": roleB, "warehouseIds": []int64{}, "allCustomers": true, "allSuppliers": true}).Want(200)
	// A shop-A manager holding the role's rights may change shop A's role.
	a := e.UserWith(managerPerms...)
	a.Do("POST", url(roleA, ""), rename).Want(200)
	a.Do("POST", url(roleA, "/status?status=0"), nil).Want(200)
	// ROOT may change anything.
	admin.Do("POST", url(keeper, "/status?status=0"), nil).Want(200)
	admin.Do("POST", url(keeper, "/status?status=1"), nil).Want(200)
	admin.Do("DELETE", url(spare, ""), nil).Want(200)
}
