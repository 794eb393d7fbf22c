package menu

import (
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
	"cangshu/internal/server"
)

// systemPerms are the permissions the API routes are written against.
const systemPerms = `sys:user:query sys:user:add sys:user:edit sys:user:delete sys:user:password:reset
sys:user:import sys:user:export sys:role:query sys:role:add sys:role:edit sys:role:delete sys:menu:query
sys:menu:add sys:menu:edit sys:menu:delete sys:dept:query sys:dept:add sys:dept:edit sys:dept:delete
sys:dict:query sys:dict:add sys:dict:edit sys:dict:delete sys:dict-item:query sys:dict-item:add
sys:dict-item:edit sys:dict-item:delete sys:notice:query sys:notice:add sys:notice:edit sys:notice:delete
sys:notice:publish sys:notice:revoke sys:log:query sys:config:query sys:config:add sys:config:update
sys:config:delete sys:config:refresh sys:shop:query sys:shop:add sys:shop:edit sys:shop:delete
settings:reset:execute settings:parameter:query settings:parameter:update`

var permPattern = regexp.MustCompile(`^[a-z]+:[a-zA-Z-]+(:[a-zA-Z-]+)+$`)

func TestSeedsAreWellFormed(t *testing.T) {
	t.Parallel()
	codes := map[string]bool{}
	perms := map[string]bool{}
	components := map[string]string{}
	routes := map[string]string{} // full route path → code
	fullPath := map[string]string{}
	Walk(Seeds, func(s Seed, parent *Seed) {
		if s.Code == "" || codes[s.Code] {
			t.Errorf("code %q is empty or not unique", s.Code)
		}
		codes[s.Code] = true
		if s.Name == "" || s.NameEn == "" {
			t.Errorf("%s: missing zh or en title", s.Code)
		}
		for _, r := range s.Roles {
			if !slices.Contains(allRoles, r) {
				t.Errorf("%s: role %q is not a non-ROOT built-in role", s.Code, r)
			}
		}
		switch s.Type {
		case TypeCatalog, TypeMenu:
			if s.Type == TypeCatalog && s.Component != "Layout" {
				t.Errorf("catalog %s: component %q, want Layout", s.Code, s.Component)
			}
			if s.Type == TypeMenu && (s.Component == "" || s.Component == "Layout") {
				t.Errorf("menu %s: component %q, want a view name", s.Code, s.Component)
			}
			if s.Perm != "" {
				t.Errorf("%s: a %s has no permission", s.Code, s.Type)
			}
			if parent == nil {
				if !strings.HasPrefix(s.Path, "/") {
					t.Errorf("top-level %s: path %q is not absolute", s.Code, s.Path)
				}
				fullPath[s.Code] = s.Path
			} else {
				if s.Path == "" || strings.Contains(s.Path, "/") {
					t.Errorf("%s: path %q is not one relative segment", s.Code, s.Path)
				}
				fullPath[s.Code] = strings.TrimSuffix(fullPath[parent.Code], "/") + "/" + s.Path
			}
			if other, dup := routes[fullPath[s.Code]]; dup {
				t.Errorf("%s and %s share route %s", other, s.Code, fullPath[s.Code])
			}
			routes[fullPath[s.Code]] = s.Code
			if s.Type == TypeMenu {
				if other, dup := components[s.Component]; dup {
					t.Errorf("%s and %s share component %s", other, s.Code, s.Component)
				}
				components[s.Component] = s.Code
			}
		case TypeButton:
			if !permPattern.MatchString(s.Perm) {
				t.Errorf("button %s: permission %q is malformed", s.Code, s.Perm)
			}
			if perms[s.Perm] {
				t.Errorf("permission %s is seeded twice", s.Perm)
			}
			perms[s.Perm] = true
			if s.Path != "" || s.Component != "" || len(s.Children) > 0 {
				t.Errorf("button %s has a path, component or children", s.Code)
			}
			if parent == nil || parent.Type == TypeButton {
				t.Errorf("button %s is not under a catalog or menu", s.Code)
			}
		default:
			t.Errorf("%s: type %q", s.Code, s.Type)
		}
	})
	for _, p := range strings.Fields(systemPerms) {
		if !perms[p] {
			t.Errorf("permission %s is not seeded", p)
		}
	}
	// Every report of docs/api.md §5 has its screen.
	for _, name := range strings.Fields(`invBalance deliverDetail deliverSummary outboundDetail warehouseDetail
		serNumTracer puDetail puOrderDetail puSummaryInv puSummarySupplier salesDetail salesOrderDetail salesProfit
		salesSummaryCustomer salesSummaryInv contactDebt payableDetail receivableDetail bankJournal
		customerReconciliation supplierReconciliation oriDetail`) {
		if components["report/"+name] == "" || !perms["report:"+name+":query"] {
			t.Errorf("report %s has no screen or no query button", name)
		}
	}
	if got := Perms(); len(got) != len(perms) {
		t.Errorf("Perms() lists %d permissions, the tree holds %d", len(got), len(perms))
	}
}

func TestGrantedRolesInheritAndBubbleUp(t *testing.T) {
	t.Parallel()
	tree := []Seed{catalog("c", "/c", "目录", "Catalog", "",
		Seed{Code: "c.page", Name: "页", NameEn: "Page", Type: TypeMenu, Path: "page", Component: "c/page",
			Roles: []string{RoleClerk},
			Children: []Seed{
				button("c:page:query"),
				withRoles(button("c:page:add"), RoleKeeper),
				{Code: "c.page.none", Name: "无", NameEn: "None", Type: TypeButton, Perm: "c:page:none", Roles: []string{}},
			}},
	)}
	got := grantedRoles(tree)
	want := map[string][]string{
		"c":            {RoleClerk, RoleKeeper},
		"c.page":       {RoleClerk, RoleKeeper},
		"c.page.none":  nil,
		"c.page.add":   {RoleKeeper},
		"c.page.query": {RoleClerk},
	}
	for code, roles := range want {
		if !slices.Equal(got[code], roles) {
			t.Errorf("%s: granted %v, want %v", code, got[code], roles)
		}
	}
}

func TestSeedAllIsIdempotent(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	start := time.Now()
	seed(t, d)
	t.Logf("first SeedAll on %s: %v", d.Engine(), time.Since(start))
	first := counts(t, d)
	start = time.Now()
	seed(t, d)
	t.Logf("second SeedAll on %s: %v", d.Engine(), time.Since(start))
	if second := counts(t, d); second != first {
		t.Fatalf("second SeedAll changed the counts: %v, then %v", first, second)
	}
	n := 0
	Walk(Seeds, func(Seed, *Seed) { n++ })
	if first.menus != n || first.roles != len(BuiltinRoles) || first.grants == 0 {
		t.Fatalf("counts %+v, want %d menus and %d roles", first, n, len(BuiltinRoles))
	}
}

func TestSeedAllWritesTheTree(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	seed(t, d)
	rows := loadMenus(t, d)
	byCode := map[string]dbMenu{}
	for _, m := range rows {
		byCode[m.code] = m
	}
	var check func(seeds []Seed, parent dbMenu)
	check = func(seeds []Seed, parent dbMenu) {
		for i, s := range seeds {
			m, ok := byCode[s.Code]
			if !ok {
				t.Errorf("%s not seeded", s.Code)
				continue
			}
			wantPath := "0"
			if parent.id != 0 {
				wantPath = parent.treePath + "," + itoa(parent.id)
			}
			if m.parentID != parent.id || m.treePath != wantPath || m.sort != i+1 {
				t.Errorf("%s: parent %d, tree_path %q, sort %d; want %d, %q, %d",
					s.Code, m.parentID, m.treePath, m.sort, parent.id, wantPath, i+1)
			}
			if m.typ != s.Type || m.perm != s.Perm || m.component != s.Component || m.path != s.Path ||
				m.visible != flag(!s.Hidden) || m.nameEn != s.NameEn {
				t.Errorf("%s: row %+v does not match its seed", s.Code, m)
			}
			check(s.Children, m)
		}
	}
	check(Seeds, dbMenu{treePath: "0"})
}

func TestBuiltinRoleGrants(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	seed(t, d)
	menus := map[int64]dbMenu{}
	for _, m := range loadMenus(t, d) {
		menus[m.id] = m
	}
	granted := loadGrants(t, d) // role code → menu ids
	if len(granted[server.RootRole]) != 0 {
		t.Errorf("ROOT has %d grants; it needs none", len(granted[server.RootRole]))
	}
	for _, role := range allRoles {
		ids := granted[role]
		if len(ids) == 0 {
			t.Errorf("%s has no grant", role)
		}
		for id := range ids {
			m := menus[id]
			if strings.HasPrefix(m.perm, "sys:") || m.code == "system" {
				t.Errorf("%s is granted system administration: %s", role, m.code)
			}
			if p := m.parentID; p != 0 && !ids[p] {
				t.Errorf("%s is granted %s but not its parent %s", role, m.code, menus[p].code)
			}
		}
	}
	has := func(role, code string) bool {
		for id := range granted[role] {
			if menus[id].code == code || menus[id].perm == code {
				return true
			}
		}
		return false
	}
	tests := []struct {
		role     string
		has, not []string
	}{
		{RoleClerk,
			[]string{"home.dashboard", "home.profile", "home.myNotice", "purchase:purOrder:check", "purchase:purOrder:close",
				"sales:sales:uncheck", "sales:salesInvoice:add", "purchase.purchase_detail", "settings:customer:add",
				"settings:supplier:add", "settings:inventory:query", "report:puDetail:export", "report:salesDetail:query",
				"report:contactDebt:query", "money:purchaseAmount:view", "money:salesAmount:view"},
			[]string{"money:cost:view", "settings:customer:delete", "warehouse:invTf:add", "fund:receipt:add",
				"report:salesProfit:query", "report:invBalance:query"}},
		{RoleKeeper,
			[]string{"home.profile", "home.myNotice", "warehouse:invTf:check", "warehouse:otherIn:add", "warehouse:combination:add",
				"warehouse.combination_detail", "warehouse.warehouse_detail", "warehouse.exWarehouse_detail", "warehouse:stocktake:add", "warehouse:stock:query", "report:invBalance:query",
				"report:serNumTracer:export", "purchase:purchase:query", "purchase.purchase_detail", "sales:salesOrder:query",
				"settings:inventory:query", "settings:invlocation:query"},
			[]string{"money:cost:view", "money:purchaseAmount:view", "money:salesAmount:view", "purchase:purchase:add",
				"sales:sales:check", "warehouse:costAdjustment:add", "report:puDetail:query", "fund:receipt:query"}},
		{RoleBookkeeper,
			[]string{"home.profile", "fund:receipt:check", "fund:verification:add", "fund:fundTf:uncheck",
				"report:salesProfit:query", "report:bankJournal:export", "report:invBalance:query", "purchase:purOrder:query",
				"sales:reSales:query", "warehouse:invTf:query", "warehouse:costAdjustment:check", "settings:settAcct:add",
				"settings:period:close", "settings:period:open", "money:cost:view", "money:purchaseAmount:view",
				"money:salesAmount:view"},
			[]string{"purchase:purOrder:add", "sales:sales:check", "settings:reset:execute", "settings:parameter:update",
				"settings:backup:restore"}},
	}
	for _, tt := range tests {
		for _, c := range tt.has {
			if !has(tt.role, c) {
				t.Errorf("%s lacks %s", tt.role, c)
			}
		}
		for _, c := range tt.not {
			if has(tt.role, c) {
				t.Errorf("%s must not have %s", tt.role, c)
			}
		}
	}
}

func TestSeedAllRestoresDeletedMenusAndKeepsEditedOnes(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	seed(t, d)
	full := counts(t, d)
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := d.Exec(ctx, q, args...); err != nil {
			t.Fatal(err)
		}
	}
	id := func(code string) int64 {
		t.Helper()
		var id int64
		if err := d.QueryRow(ctx, "SELECT id FROM menus WHERE code = ?", code).Scan(&id); err != nil {
			t.Fatalf("menu %s: %v", code, err)
		}
		return id
	}
	// An administrator renames one menu, deletes another with its buttons,
	// and takes one button away from a role.
	exec("UPDATE menus SET name = ?, sort = ? WHERE code = ?", "采购订单", 9, "purchase.purOrder")
	orders := id("sales.salesOrder")
	exec("DELETE FROM menus WHERE id = ? OR parent_id = ?", orders, orders)
	exec("DELETE FROM role_menus WHERE menu_id = ? AND role_id = (SELECT id FROM roles WHERE code = ?)",
		id("purchase.purchase.query"), RoleKeeper)
	if counts(t, d).menus >= full.menus {
		t.Fatal("nothing deleted")
	}

	seed(t, d)
	after := counts(t, d)
	if after.menus != full.menus || after.grants != full.grants-1 {
		t.Fatalf("after re-seeding %+v, want %d menus and %d grants", after, full.menus, full.grants-1)
	}
	var name string
	var sort int
	if err := d.QueryRow(ctx, "SELECT name, sort FROM menus WHERE code = ?", "purchase.purOrder").Scan(&name, &sort); err != nil {
		t.Fatal(err)
	}
	if name != "采购订单" || sort != 9 {
		t.Errorf("edited menu reset to %q, %d", name, sort)
	}
	again := id("sales.salesOrder")
	var parent int64
	if err := d.QueryRow(ctx, "SELECT parent_id FROM menus WHERE code = ?", "sales.salesOrder.close").Scan(&parent); err != nil {
		t.Fatal(err)
	}
	if again == orders || parent != again {
		t.Errorf("restored menu %d (was %d); its button hangs under %d", again, orders, parent)
	}
	grants := loadGrants(t, d)
	for _, role := range allRoles {
		if !grants[role][again] {
			t.Errorf("restored sales orders not granted to %s again", role)
		}
	}
	if grants[RoleKeeper][id("purchase.purchase.query")] {
		t.Error("a grant the administrator removed came back")
	}
}

// Not parallel: it replaces the package's Seeds for its run (the parallel
// tests of the package start after it ends).
func TestSeedAllWritesEveryColumn(t *testing.T) {
	saved := Seeds
	t.Cleanup(func() { Seeds = saved })
	Seeds = []Seed{catalog("c", "/c", "目录", "Catalog", "icon-c",
		Seed{Code: "c.page", Name: "页", NameEn: "Page", Type: TypeMenu, Path: "page", Component: "c/page",
			Redirect: "/c/other", Hidden: true, KeepAlive: true, Params: map[string]string{"title": "t", "a": "1"},
			Roles: []string{RoleClerk}, Children: []Seed{button("c:page:query")}},
	)}
	d := dbtest.Open(t)
	seed(t, d)
	var (
		routeName, routePath, component, redirect, icon, params string
		visible, keepAlive, alwaysShow                          int
	)
	err := d.QueryRow(context.Background(), `SELECT route_name, route_path, component, redirect, icon, params,
		visible, keep_alive, always_show FROM menus WHERE code = ?`, "c.page").
		Scan(&routeName, &routePath, &component, &redirect, &icon, &params, &visible, &keepAlive, &alwaysShow)
	if err != nil {
		t.Fatal(err)
	}
	got := []any{routeName, routePath, component, redirect, icon, params, visible, keepAlive, alwaysShow}
	want := []any{"c.page", "page", "c/page", "/c/other", "", `{"a":"1","title":"t"}`, 0, 1, 0}
	if !slices.Equal(got, want) {
		t.Errorf("row %v, want %v", got, want)
	}
	if err := d.QueryRow(context.Background(), "SELECT icon, always_show FROM menus WHERE code = ?", "c").
		Scan(&icon, &alwaysShow); err != nil || icon != "icon-c" || alwaysShow != 1 {
		t.Errorf("catalog icon %q, always_show %d, %v", icon, alwaysShow, err)
	}
	if n := len(loadGrants(t, d)[RoleClerk]); n != 3 {
		t.Errorf("clerk holds %d grants, want catalog, page and button", n)
	}
}

// seed runs SeedAll in a transaction, as the app does.
func seed(t *testing.T, d *db.DB) {
	t.Helper()
	ctx := context.Background()
	if err := d.InTx(ctx, func(tx *db.Tx) error { return SeedAll(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
}

type rowCounts struct{ roles, menus, grants int }

func counts(t *testing.T, d *db.DB) rowCounts {
	t.Helper()
	var c rowCounts
	err := d.QueryRow(context.Background(), `SELECT (SELECT COUNT(*) FROM roles), (SELECT COUNT(*) FROM menus),
		(SELECT COUNT(*) FROM role_menus)`).Scan(&c.roles, &c.menus, &c.grants)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type dbMenu struct {
	id, parentID                                       int64
	code, treePath, typ, perm, component, path, nameEn string
	sort, visible                                      int
}

func loadMenus(t *testing.T, d *db.DB) []dbMenu {
	t.Helper()
	rows, err := d.Query(context.Background(), `SELECT id, parent_id, code, tree_path, type, perm, component,
		route_path, name_en, sort, visible FROM menus`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []dbMenu
	for rows.Next() {
		var m dbMenu
		if err := rows.Scan(&m.id, &m.parentID, &m.code, &m.treePath, &m.typ, &m.perm, &m.component,
			&m.path, &m.nameEn, &m.sort, &m.visible); err != nil {
			t.Fatal(err)
		}
		out = append(out, m)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// loadGrants gives the granted menu ids by role code.
func loadGrants(t *testing.T, d *db.DB) map[string]map[int64]bool {
	t.Helper()
	rows, err := d.Query(context.Background(),
		"SELECT r.code, rm.menu_id FROM role_menus rm JOIN roles r ON r.id = rm.role_id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string]map[int64]bool{}
	for rows.Next() {
		var code string
		var id int64
		if err := rows.Scan(&code, &id); err != nil {
			t.Fatal(err)
		}
		if out[code] == nil {
			out[code] = map[int64]bool{}
		}
		out[code][id] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
