package app_test

import (
	"encoding/json"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// formPair is a form route of the route table and the route that saves it.
type formPair struct{ get, save string }

var formID = regexp.MustCompile(`\{[A-Za-z]+\}`)

// formPairs finds, in the route table, every route that reads a record for
// editing and the route that saves it: X/get_update → X/update, X/{id}/form
// → X/{id}, X/query → X/update (documents), and /api/config/system.
func formPairs(routes []string) []formPair {
	has := func(p string) bool { return slices.Contains(routes, p) }
	var out []formPair
	for _, r := range routes {
		path, ok := strings.CutPrefix(r, "GET ")
		if !ok {
			continue
		}
		var save string
		switch {
		case strings.HasSuffix(path, "/get_update"):
			save = "POST " + strings.TrimSuffix(path, "/get_update") + "/update"
		case strings.HasSuffix(path, "/form"):
			save = "POST " + strings.TrimSuffix(path, "/form")
		case strings.HasSuffix(path, "/query"):
			save = "POST " + strings.TrimSuffix(path, "/query") + "/update"
		case path == "/api/config/system":
			save = "POST " + path
		default:
			continue
		}
		if has(save) {
			out = append(out, formPair{r, save})
		}
	}
	return out
}

// notYetSeeded are the form routes this test does not reach yet: their
// drafts need more set-up (stock to adjust, assembly templates, audited
// documents to verify or invoice). Each is a known gap, not a pass.
var notYetSeeded = map[string]string{
	"GET /api/costAdjustment/query":        "needs stock in the warehouse",
	"GET /api/combination/query":           "needs an assembly template",
	"GET /api/combination/templates/query": "needs an assembly template",
	"GET /api/stocktake/query":             "needs a stocktake sheet",
	"GET /api/verification/query":          "needs audited documents to verify",
	"GET /api/salesInvoice/query":          "needs an audited sale",
	"GET /api/purInvoice/query":            "needs an audited purchase",
}

// volatile fields change on every save; search (the text pickers and
// matchCon look in, search.Text of the record's number, name … with their
// pinyin) is derived on every save, and the seeds above, inserted by SQL,
// have none yet.
var volatile = []string{"version", "updateTime", "updatedAt", "modifyTime", "modifyName", "search"}

func stripVolatile(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range volatile {
			delete(x, k)
		}
		// A document's lines and settlement lines are written anew on every
		// save (new line ids).
		for _, key := range []string{"entries", "accounts"} {
			if lines, ok := x[key].([]any); ok {
				for _, l := range lines {
					if m, ok := l.(map[string]any); ok {
						delete(m, "id")
					}
				}
			}
		}
		for k, e := range x {
			x[k] = stripVolatile(e)
		}
	case []any:
		for i, e := range x {
			x[i] = stripVolatile(e)
		}
	}
	return v
}

// Every form route accepts its own answer unchanged: the form of a seeded
// record, sent back as it came, saves (200) and changes nothing a later
// read shows. A new form route of the route table needs a seeded record
// here, or the test fails.
func TestFormsRoundTrip(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	// Goods without a unit group (b.Goods), goods with one.
	assistType := ins("INSERT INTO assist_types (number, name, created_at, updated_at) VALUES ('color', '颜色', ?, ?)", now, now)
	assist := ins("INSERT INTO assists (type_id, name, created_at, updated_at) VALUES (?, '红', ?, ?)", assistType, now, now)
	var group struct {
		ID    int64 `json:"id"`
		Units []struct {
			ID int64 `json:"id"`
		} `json:"units"`
	}
	admin.Do("POST", "/api/unitType/add", map[string]any{"name": "瓶箱", "units": []map[string]any{{"name": "支", "rate": 1}, {"name": "盒", "rate": 12}}}).Want(200).Decode(&group)
	unitType := group.ID
	var grouped struct {
		ID int64 `json:"id"`
	}
	admin.Do("POST", "/api/inventory/add", map[string]any{"number": "SP002", "name": "铅笔", "unitTypeId": group.ID, "unitId": group.Units[0].ID,
		"barCode": "690001", "purPrice": 1, "salePrice": 2, "units": []map[string]any{{"unitId": group.Units[1].ID, "barCode": "690002", "salePrice": 20}}}).Want(200).Decode(&grouped)
	employee := ins("INSERT INTO employees (number, name, created_at, updated_at) VALUES ('YG001', '李四', ?, ?)", now, now)
	item := ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (1, 'SR001', '利息', ?, ?)", now, now)
	notice := ins("INSERT INTO notices (title, created_at, updated_at) VALUES ('通知', ?, ?)", now, now)
	clerk := e.UserWith("sales:sales:query")
	clerkID := e.ID("SELECT id FROM users WHERE id = (SELECT MAX(id) FROM users)")
	type doc struct {
		ID int64 `json:"id"`
	}
	draft := func(path string, body map[string]any) int64 {
		var d doc
		admin.Do("POST", path, body).Want(200).Decode(&d)
		return d.ID
	}
	docs := map[string]int64{
		"purchase":   draft("/api/purchase/add", b.Doc(b.Supplier, "2025-01-10", "10", "3")),
		"rePurchase": draft("/api/rePurchase/add", b.Doc(b.Supplier, "2025-01-10", "1", "3")),
		"purOrder":   draft("/api/purOrder/add", b.Doc(b.Supplier, "2025-01-10", "10", "3")),
		"sales":      draft("/api/sales/add", b.Doc(b.Customer, "2025-01-10", "1", "5")),
		"reSales":    draft("/api/reSales/add", b.Doc(b.Customer, "2025-01-10", "1", "5")),
		"salesOrder": draft("/api/salesOrder/add", b.Doc(b.Customer, "2025-01-10", "1", "5")),
	}
	branch := ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK002', '分仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), branch)
	bank := ins("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH002', '银行', ?, ?)", now, now)
	expenseItem := ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (2, 'ZC001', '房租', ?, ?)", now, now)
	line := func(extra map[string]any) []map[string]any {
		l := map[string]any{"invId": b.Goods, "unitId": b.Unit, "qty": 1, "price": 3, "locationId": b.Location}
		for k, v := range extra {
			l[k] = v
		}
		return []map[string]any{l}
	}
	docs["otherIn"] = draft("/api/otherIn/add", map[string]any{"date": "2025-01-10", "entries": line(nil)})
	docs["otherOut"] = draft("/api/otherOut/add", map[string]any{"date": "2025-01-10", "entries": line(nil)})
	docs["invTf"] = draft("/api/invTf/add", map[string]any{"date": "2025-01-10", "entries": line(map[string]any{"outLocationId": b.Location, "inLocationId": branch})})
	docs["receipt"] = draft("/api/receipt/add", map[string]any{"date": "2025-01-10", "buId": b.Customer, "accounts": []map[string]any{{"accId": b.Account, "payment": 80}}})
	docs["payment"] = draft("/api/payment/add", map[string]any{"date": "2025-01-10", "buId": b.Supplier, "accounts": []map[string]any{{"accId": b.Account, "payment": 80}}})
	docs["income"] = draft("/api/income/add", map[string]any{"date": "2025-01-10", "accId": bank, "entries": []map[string]any{{"itemId": item, "amount": 12}}})
	docs["expense"] = draft("/api/expense/add", map[string]any{"date": "2025-01-10", "accId": bank, "entries": []map[string]any{{"itemId": expenseItem, "amount": 12}}})
	docs["fundTf"] = draft("/api/fundTf/add", map[string]any{"date": "2025-01-10", "entries": []map[string]any{{"outAccId": b.Account, "inAccId": bank, "amount": 1}}})
	_ = clerk
	first := func(q string) string { return fmt.Sprint(e.ID(q)) }
	seeds := map[string]string{
		"GET /api/users/{id}/form":                         "/api/users/" + fmt.Sprint(clerkID) + "/form",
		"GET /api/roles/{id}/form":                         "/api/roles/" + first("SELECT MAX(role_id) FROM user_roles WHERE user_id = "+fmt.Sprint(clerkID)) + "/form",
		"GET /api/depts/{id}/form":                         "/api/depts/" + first("SELECT MIN(id) FROM depts") + "/form",
		"GET /api/menus/get_update":                        "/api/menus/get_update?id=" + first("SELECT MIN(id) FROM menus"),
		"GET /api/v1/dicts/{id}/form":                      "/api/v1/dicts/" + first("SELECT MIN(id) FROM dicts") + "/form",
		"GET /api/v1/dicts/{dictCode}/items/{itemId}/form": "/api/v1/dicts/" + e.Text("SELECT dict_code FROM dict_items ORDER BY id LIMIT 1") + "/items/" + first("SELECT MIN(id) FROM dict_items") + "/form",
		"GET /api/notices/{id}/form":                       fmt.Sprintf("/api/notices/%d/form", notice),
		"GET /api/config/{id}/form":                        "/api/config/" + first("SELECT id FROM configs WHERE config_key = 'startDate'") + "/form",
		"GET /api/config/system":                           "/api/config/system",
		"GET /api/shops/{id}/form":                         fmt.Sprintf("/api/shops/%d/form", e.MainShop()),
		"GET /api/assistType/get_update":                   fmt.Sprintf("/api/assistType/get_update?id=%d", assistType),
		"GET /api/assist/get_update":                       fmt.Sprintf("/api/assist/get_update?id=%d", assist),
		"GET /api/unit/get_update":                         fmt.Sprintf("/api/unit/get_update?id=%d", b.Unit),
		"GET /api/unitType/get_update":                     fmt.Sprintf("/api/unitType/get_update?id=%d", unitType),
		"GET /api/invlocation/get_update":                  fmt.Sprintf("/api/invlocation/get_update?id=%d", b.Location),
		"GET /api/employee/get_update":                     fmt.Sprintf("/api/employee/get_update?id=%d", employee),
		"GET /api/settAcct/get_update":                     fmt.Sprintf("/api/settAcct/get_update?id=%d", b.Account),
		"GET /api/item/get_update":                         fmt.Sprintf("/api/item/get_update?id=%d", item),
		"GET /api/contact/get_update":                      fmt.Sprintf("/api/contact/get_update?id=%d", b.Customer),
		"GET /api/inventory/get_update":                    fmt.Sprintf("/api/inventory/get_update?id=%d", b.Goods),
	}
	seeds["GET /api/inventory/get_update (unit group)"] = fmt.Sprintf("/api/inventory/get_update?id=%d", grouped.ID)
	for k, id := range docs {
		seeds["GET /api/"+k+"/query"] = fmt.Sprintf("/api/%s/query?id=%d", k, id)
	}
	var routes []string
	for _, r := range e.App.Server.Routes() {
		routes = append(routes, r.Pattern())
	}
	pairs := append(formPairs(routes), formPair{"GET /api/inventory/get_update (unit group)", "POST /api/inventory/update"})
	for _, p := range pairs {
		t.Run(strings.TrimPrefix(p.get, "GET /api/"), func(t *testing.T) {
			if why, ok := notYetSeeded[p.get]; ok {
				t.Skip(why)
			}
			get, ok := seeds[p.get]
			if !ok {
				t.Fatalf("%s: no seeded record to read (add one to the seeds)", p.get)
			}
			save := strings.TrimPrefix(p.save, "POST ")
			if formID.MatchString(save) {
				save = strings.TrimSuffix(strings.SplitN(get, "?", 2)[0], "/form")
			} else if _, q, ok := strings.Cut(get, "?"); ok {
				save += "?" + q // the update routes that name the record in the query (menus)
			}
			var before struct {
				Data json.RawMessage `json:"data"`
			}
			r := admin.Do("GET", get, nil).Want(200)
			if err := json.Unmarshal(r.Body, &before); err != nil {
				t.Fatal(err)
			}
			if r := admin.Do("POST", save, before.Data); r.Status != 200 || strings.Contains(string(r.Body), `"ok":false`) {
				t.Fatalf("%s refused its own form from %s: %d %s\nsent %s", save, get, r.Status, r.Body, before.Data)
			}
			var after struct {
				Data json.RawMessage `json:"data"`
			}
			if err := json.Unmarshal(admin.Do("GET", get, nil).Want(200).Body, &after); err != nil {
				t.Fatal(err)
			}
			var x, y any
			json.Unmarshal(before.Data, &x)
			json.Unmarshal(after.Data, &y)
			if !reflect.DeepEqual(stripVolatile(x), stripVolatile(y)) {
				t.Fatalf("sent back unchanged, the record changed: %s", strings.Join(diff("", x, y), "; "))
			}
		})
	}
}

// diff lists the paths where a and b differ, with both values.
func diff(at string, a, b any) []string {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		var out []string
		for k := range am {
			out = append(out, diff(at+"."+k, am[k], bm[k])...)
		}
		for k := range bm {
			if _, ok := am[k]; !ok {
				out = append(out, diff(at+"."+k, nil, bm[k])...)
			}
		}
		slices.Sort(out)
		return out
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok && len(as) == len(bs) {
		var out []string
		for i := range as {
			out = append(out, diff(fmt.Sprintf("%s[%d]", at, i), as[i], bs[i])...)
		}
		return out
	}
	if reflect.DeepEqual(a, b) {
		return nil
	}
	return []string{fmt.Sprintf("%s: %v → %v", at, a, b)}
}
