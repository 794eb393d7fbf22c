package home_test

import (
	"context"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/sysparam"
)

// TestEveryRoleReadsWhatTheScreensNeed: what a list, document or report
// screen needs of the system parameters (decimal places, units, tax, the
// default warehouse, the company for print-outs) is read from GET /api/home
// by every signed-in user — each seeded role, and a clerk limited by data
// rights to one warehouse — without the initial password; the full
// parameters (GET /api/config/system) stay behind settings:parameter:query.
// (The screens read /api/config/system before, so every user but the
// administrator saw "没有权限执行此操作" on every screen.)
func TestEveryRoleReadsWhatTheScreensNeed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	if err := sysparam.SeedDefaults(context.Background(), e.App.DB); err != nil {
		t.Fatal(err)
	}
	b := e.AddBasics()
	admin := e.Admin()
	admin.Do("POST", "/api/config/system", map[string]any{"qtyPlaces": 3, "pricePlaces": 2, "amountPlaces": 2, "multiUnit": 1,
		"defaultLocationId": b.Location}).Want(200)

	newUser := func(name, role string) *apptest.Client {
		t.Helper()
		admin.Do("POST", "/api/users/", map[string]any{"username": name, "nickname": name, "roleIds": []int64{e.RoleID(role)},
			"shopIds": []int64{e.MainShop()}, "password": "Quiet-Ledger-7"}).Want(200)
		e.Exec("UPDATE users SET must_change_password = 0 WHERE username = ?", name)
		return e.SignIn(name, "Quiet-Ledger-7")
	}
	users := map[string]*apptest.Client{
		"CLERK": newUser("clerk1", "CLERK"), "KEEPER": newUser("keeper1", "KEEPER"), "BOOKKEEPER": newUser("books1", "BOOKKEEPER"),
	}
	// the seeded 业务员 limited to one warehouse by data rights of its own
	admin.Do("POST", "/api/users/", map[string]any{"username": "limited", "nickname": "limited", "roleIds": []int64{e.RoleID("CLERK")},
		"shopIds": []int64{e.MainShop()}, "password": "Quiet-Ledger-7"}).Want(200)
	e.Exec("UPDATE users SET must_change_password = 0 WHERE username = 'limited'")
	admin.Do("POST", "/api/dataRights", map[string]any{"userId": e.UserID("limited"), "inherit": false,
		"allWarehouses": false, "warehouseIds": []int64{b.Location}, "allCustomers": true, "allSuppliers": true}).Want(200)
	users["CLERK limited to one warehouse"] = e.SignIn("limited", "Quiet-Ledger-7")

	for who, c := range users {
		for _, lang := range []string{"zh-CN", "en"} {
			c.Lang = lang
			h := getHome(t, c)
			for k, want := range map[string]any{"qtyPlaces": 3.0, "pricePlaces": 2.0, "amountPlaces": 2.0, "multiUnit": 1.0,
				"defaultLocationId": float64(b.Location), "taxRequiredInput": 13.0, "companyName": "仓鼠商贸", "language": lang} {
				if h[k] != want {
					t.Errorf("%s (%s): home %s = %#v, want %#v", who, lang, k, h[k], want)
				}
			}
			for _, p := range sysparam.Params() {
				if _, ok := h[p.Key]; !ok && p.Key != sysparam.KeyInitPassword {
					t.Errorf("%s: home lacks %s", who, p.Key)
				}
			}
			if _, ok := h[sysparam.KeyInitPassword]; ok {
				t.Errorf("%s: home shows the initial password", who)
			}
			// the full parameters stay the parameter page's
			r := c.Do("GET", "/api/config/system", nil)
			if r.Status != 403 {
				t.Errorf("%s: GET /api/config/system answered %d, want 403", who, r.Status)
			}
			c.Do("GET", "/api/menus/routes", nil).Want(200)
		}
	}
	if h := getHome(t, admin); h["qtyPlaces"] != 3.0 {
		t.Errorf("admin home %v", h["qtyPlaces"])
	}
	admin.Do("GET", "/api/config/system", nil).Want(200)
}
