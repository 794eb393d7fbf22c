package app_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// Each app process keeps the signed-in callers, the route trees and the
// system parameters it read (db.Cached), while the database's change
// counters say nothing they are made of changed. Three app nodes on one
// database (each with its own connections and caches, as three processes
// behind a load balancer): every node has cached what it is asked below
// before the change is made on another node (or by SQL, as another program
// would), and the next request on every node sees the change: a sign-out,
// a disabled user, a removed permission, a renamed menu, a changed
// parameter, a shop the user left, a changed coding rule, a new required
// custom field, a new shop, a user's new nickname.
func TestCachesNeverDelayAChangeOnAnyNode(t *testing.T) {
	a := apptest.New(t)
	nodes := []*apptest.Env{a, a.Node(), a.Node()}
	admin := a.Admin()
	each := func(t *testing.T, c *apptest.Client, path string, want int, what string) []*apptest.Response {
		t.Helper()
		var out []*apptest.Response
		for i, n := range nodes {
			r := c.On(n).Do("GET", path, nil)
			if r.Status != want {
				t.Fatalf("%s: node %d: GET %s answered %d, want %d: %s", what, i, path, r.Status, want, r.Body)
			}
			out = append(out, r)
		}
		return out
	}
	warm := func(t *testing.T, c *apptest.Client, path string) { t.Helper(); each(t, c, path, 200, "before") }

	t.Run("sign-out", func(t *testing.T) {
		u := a.UserWith("sys:user:query")
		warm(t, u, "/api/users/me")
		u.On(nodes[1]).Do("DELETE", "/api/auth/logout", nil).Want(200)
		each(t, u, "/api/users/me", 401, "signed out on node 1")
	})

	t.Run("disabled user", func(t *testing.T) {
		u := a.UserWith("sys:user:query")
		warm(t, u, "/api/users/page")
		a.Exec("UPDATE users SET status = 0 WHERE username = ?", u.Username) // no session revoked: only the status
		each(t, u, "/api/users/page", 401, "user disabled")
	})

	t.Run("removed permission", func(t *testing.T) {
		u := a.UserWith("sys:user:query", "sys:role:query")
		warm(t, u, "/api/users/page")
		rs := each(t, u, "/api/users/me", 200, "before")
		if !strings.Contains(string(rs[2].Body), "sys:user:query") {
			t.Fatalf("me before: %s", rs[2].Body)
		}
		admin.On(nodes[2]).Do("POST", fmt.Sprintf("/api/roles/%d/menus", a.RoleOf(u)),
			[]int64{a.MenuID("sys:role:query")}).Want(200)
		each(t, u, "/api/users/page", 403, "permission removed on node 2")
		for i, r := range each(t, u, "/api/users/me", 200, "after") {
			if strings.Contains(string(r.Body), "sys:user:query") {
				t.Fatalf("node %d still lists the removed permission: %s", i, r.Body)
			}
		}
		each(t, u, "/api/roles/page", 200, "the kept permission")
	})

	t.Run("disabled role", func(t *testing.T) {
		u := a.UserWith("sys:user:query")
		warm(t, u, "/api/users/page")
		admin.On(nodes[1]).Do("POST", fmt.Sprintf("/api/roles/%d/status?status=0", a.RoleOf(u)), nil).Want(200)
		each(t, u, "/api/users/page", 403, "role disabled on node 1")
	})

	t.Run("renamed menu", func(t *testing.T) {
		warm(t, admin, "/api/menus/routes")
		a.Exec("UPDATE menus SET name = '改过的名字' WHERE id = (SELECT MIN(id) FROM menus WHERE type = 'CATALOG')")
		for i, r := range each(t, admin, "/api/menus/routes", 200, "after") {
			if !strings.Contains(string(r.Body), "改过的名字") {
				t.Fatalf("node %d's route tree lacks the new name: %s", i, r.Body)
			}
		}
	})

	t.Run("changed parameter", func(t *testing.T) {
		warm(t, admin, "/api/config/system")
		warm(t, admin, "/api/home")
		admin.On(nodes[1]).Do("POST", "/api/config/system", map[string]any{"companyName": "换了名字的公司"}).Want(200)
		for _, path := range []string{"/api/config/system", "/api/home"} {
			for i, r := range each(t, admin, path, 200, "after") {
				if !strings.Contains(string(r.Body), "换了名字的公司") {
					t.Fatalf("node %d: %s lacks the new company name: %s", i, path, r.Body)
				}
			}
		}
		// A refused change (all or nothing) changes nothing anywhere.
		admin.On(nodes[2]).Do("POST", "/api/config/system", map[string]any{"companyName": "不该有的名字", "qtyPlaces": 9}).Want(400)
		for i, r := range each(t, admin, "/api/config/system", 200, "after a refused change") {
			if strings.Contains(string(r.Body), "不该有的名字") || !strings.Contains(string(r.Body), "换了名字的公司") {
				t.Fatalf("node %d after a refused change: %s", i, r.Body)
			}
		}
	})

	b := a.AddBasics()
	saveOn := func(t *testing.T, n *apptest.Env, body map[string]any, want int) string {
		t.Helper()
		var doc struct{ BillNo string }
		r := admin.On(n).Do("POST", "/api/sales/add", body)
		if r.Status != want {
			t.Fatalf("sales/add answered %d, want %d: %s", r.Status, want, r.Body)
		}
		if want == 200 {
			r.Decode(&doc)
		}
		return doc.BillNo
	}

	t.Run("changed coding rule", func(t *testing.T) {
		for _, n := range nodes {
			saveOn(t, n, b.Doc(b.Customer, "2025-03-01", "1", "5"), 200)
		}
		admin.On(nodes[1]).Do("POST", "/api/coding/update", map[string]any{"kind": "sales", "prefix": "XSNEW",
			"datePart": "yyyyMMdd", "digits": 4, "reset": "daily"}).Want(200)
		for i, n := range nodes {
			if no := saveOn(t, n, b.Doc(b.Customer, "2025-03-01", "1", "5"), 200); !strings.HasPrefix(no, "XSNEW20250301") {
				t.Fatalf("node %d numbered %q after the rule changed on node 1", i, no)
			}
		}
	})

	t.Run("new required custom field", func(t *testing.T) {
		for _, n := range nodes {
			saveOn(t, n, b.Doc(b.Customer, "2025-03-02", "1", "5"), 200)
		}
		admin.On(nodes[2]).Do("POST", "/api/customField/add", map[string]any{"target": "bill", "labelZh": "车牌号",
			"labelEn": "Plate", "type": "text", "required": 1}).Want(200)
		for _, n := range nodes {
			saveOn(t, n, b.Doc(b.Customer, "2025-03-02", "1", "5"), 400)
		}
	})

	t.Run("renamed user", func(t *testing.T) {
		u := a.UserWith("sys:user:query")
		warm(t, u, "/api/users/me")
		a.Exec("UPDATE users SET nickname = '改名的店员' WHERE username = ?", u.Username)
		for i, r := range each(t, u, "/api/users/me", 200, "after") {
			if !strings.Contains(string(r.Body), "改名的店员") {
				t.Fatalf("node %d: users/me lacks the new nickname: %s", i, r.Body)
			}
		}
	})

	t.Run("new shop", func(t *testing.T) {
		warm(t, admin, "/api/shops/options")
		warm(t, admin, "/api/home")
		now := time.Now().UTC()
		a.Exec("INSERT INTO shops (code, name, status, sort, created_at, updated_at) VALUES ('S077', '新开的分店', 1, 9, ?, ?)", now, now)
		for _, path := range []string{"/api/shops/options", "/api/home"} {
			for i, r := range each(t, admin, path, 200, "after") {
				if !strings.Contains(string(r.Body), "新开的分店") {
					t.Fatalf("node %d: %s lacks the new shop: %s", i, path, r.Body)
				}
			}
		}
	})

	t.Run("left the shop", func(t *testing.T) {
		u := a.UserWith("sys:user:query")
		for i, r := range each(t, u, "/api/users/me", 200, "before") {
			if !strings.Contains(string(r.Body), fmt.Sprintf(`"shopId":%d`, a.MainShop())) {
				t.Fatalf("node %d: no active shop before: %s", i, r.Body)
			}
		}
		a.Exec("DELETE FROM user_shops WHERE user_id = ?", a.UserID(u.Username))
		for i, r := range each(t, u, "/api/users/me", 200, "after") {
			if strings.Contains(string(r.Body), fmt.Sprintf(`"shopId":%d`, a.MainShop())) {
				t.Fatalf("node %d: the shop the user left is still active: %s", i, r.Body)
			}
		}
	})
}

// The same over three server processes of the real binary on one
// PostgreSQL (CANGSHU_TEST_PG; skipped without it): one signed-in
// administrator calls all three, every server has cached what it is asked
// before another changes it, and the next request on every server sees
// the change: a parameter, a coding rule, a sign-out.
func TestCachesNeverDelayAChangeOnThreeServers(t *testing.T) {
	d, urls := apptest.Servers(t, 3)
	first, err := apptest.SignIn(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	var servers []*apptest.Remote
	for _, u := range urls {
		servers = append(servers, first.At(u))
	}
	ctx := context.Background()
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 {
		t.Helper()
		var id int64
		if err := d.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return id
	}
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	goods := ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', ?, ?, ?)", unit, now, now)
	loc := ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	if _, err := d.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
		t.Fatal(err)
	}
	customer := ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zscs', ?, ?)", now, now)
	doc := map[string]any{"date": "2025-03-01", "buId": customer, "locationId": loc,
		"entries": []map[string]any{{"invId": goods, "unitId": unit, "qty": "1", "price": "5", "locationId": loc}}}
	call := func(i int, method, path string, body any, want int) apptest.Answer {
		t.Helper()
		var a apptest.Answer
		var err error
		if body != nil {
			a, err = servers[i].Post(path, body)
		} else {
			a, err = servers[i].Send(method, path, "", nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		if a.Status != want {
			t.Fatalf("server %d: %s %s answered %d, want %d: %s", i, method, path, a.Status, want, a.Msg)
		}
		return a
	}
	billNo := func(i int) string {
		t.Helper()
		var saved struct{ BillNo string }
		if err := json.Unmarshal(call(i, "POST", "/api/sales/add", doc, 200).Data, &saved); err != nil {
			t.Fatal(err)
		}
		return saved.BillNo
	}
	for i := range servers {
		call(i, "GET", "/api/users/me", nil, 200)
		call(i, "GET", "/api/config/system", nil, 200)
		billNo(i)
	}

	call(1, "POST", "/api/config/system", map[string]any{"companyName": "换了名字的公司"}, 200)
	for i := range servers {
		if a := call(i, "GET", "/api/config/system", nil, 200); !strings.Contains(string(a.Data), "换了名字的公司") {
			t.Fatalf("server %d lacks the new company name: %s", i, a.Data)
		}
	}

	for i := range servers {
		billNo(i) // the rule cached again, after the parameters changed
	}
	call(2, "POST", "/api/coding/update", map[string]any{"kind": "sales", "prefix": "XSNEW", "datePart": "yyyyMMdd", "digits": 4, "reset": "daily"}, 200)
	for i := range servers {
		if no := billNo(i); !strings.HasPrefix(no, "XSNEW20250301") {
			t.Fatalf("server %d numbered %q after the rule changed on server 2", i, no)
		}
	}

	call(1, "DELETE", "/api/auth/logout", nil, 200)
	for i := range servers {
		call(i, "GET", "/api/users/me", nil, 401)
	}
}
