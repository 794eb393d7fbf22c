package user_test

import (
	"fmt"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/user"
)

// A user administrator of one shop may not import what it may not create:
// a role holding rights it lacks, the administrator role, a user without a
// role. The file is refused naming row and column, and nothing is written;
// the same row through the create route answers 403.
func TestImportAppliesTheRulesOfCreate(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	addShop(e, "S002", "分店")
	perms := append(rolePerms(t, e, "CLERK"), "sys:user:query", "sys:user:add", "sys:user:import")
	mgr := e.UserWith(perms...)
	mgr.Lang = "en"
	keeper := e.RoleID("BOOKKEEPER")

	// The create route refuses the bookkeeper role (rights the manager lacks).
	r := mgr.Do("POST", "/api/users/", with(newUser(e, "rich"), "roleIds", []int64{keeper})).Want(403)
	if r.Env.Msg == "" || e.Count("SELECT COUNT(*) FROM users WHERE username = 'rich'") != 0 {
		t.Fatalf("create: %s", r.Body)
	}
	before := e.Count("SELECT COUNT(*) FROM users")
	head := []any{"Username*", "Nickname*", "Gender", "Mobile", "Email", "Role codes*", "Status"}
	tests := []struct {
		name string
		row  []any
		want user.ImportError
	}{
		{"a role with rights the importer lacks", []any{"rich", "Rich", "", "", "", "BOOKKEEPER", ""},
			user.ImportError{Row: 3, Column: "Role codes*", Message: "You cannot assign a role with a permission you do not hold: "}},
		{"the administrator role", []any{"boss", "Boss", "", "", "", "CLERK,ROOT", ""},
			user.ImportError{Row: 3, Column: "Role codes*", Message: "Only an administrator can grant the administrator role"}},
		{"no role", []any{"nobody", "Nobody", "", "", "", "", ""},
			user.ImportError{Row: 3, Column: "Role codes*", Message: "Roles is required"}},
	}
	for _, tt := range tests {
		var res user.ImportResult
		importFile(t, mgr, "", book(t, head, []any{"fine.one", "Fine", "", "", "", "CLERK", ""}, tt.row)).Want(200).Decode(&res)
		if res.InvalidCount != 1 || res.ImportedCount != 0 || len(res.Errors) != 1 {
			t.Errorf("%s: %+v", tt.name, res)
			continue
		}
		got := res.Errors[0]
		if got.Row != tt.want.Row || got.Column != tt.want.Column || len(got.Message) < len(tt.want.Message) ||
			got.Message[:len(tt.want.Message)] != tt.want.Message {
			t.Errorf("%s: %+v, want %+v", tt.name, got, tt.want)
		}
		if after := e.Count("SELECT COUNT(*) FROM users"); after != before {
			t.Fatalf("%s: a refused file wrote users: %d → %d", tt.name, before, after)
		}
	}

	// What the manager may create, it may import; the users are of its shop
	// and must change the initial password at first sign-in.
	var res user.ImportResult
	importFile(t, mgr, "", book(t, head, []any{"fine.one", "Fine", "", "", "", "CLERK", ""})).Want(200).Decode(&res)
	if res.ImportedCount != 1 {
		t.Fatalf("a good file: %+v", res)
	}
	if n := e.Count(`SELECT COUNT(*) FROM users u JOIN user_shops us ON us.user_id = u.id
		WHERE u.username = 'fine.one' AND us.shop_id = ? AND u.must_change_password = 1`, e.MainShop()); n != 1 {
		t.Fatalf("imported user: %d", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM user_shops WHERE user_id = ?", e.UserID("fine.one")); n != 1 {
		t.Fatalf("imported user in %d shops", n)
	}
	_ = fmt.Sprint
}
