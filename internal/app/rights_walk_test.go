package app_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/menu"
	"cangshu/internal/server"
)

// The rights walkers call every route of the route table (the table the
// API description is generated from: a route added later is walked without
// touching them) as a restricted user, on seeded data, and look at every
// answer: JSON (every key at every depth) and Excel files (every cell). One
// walker, two sets of assertions: money rights (no price, cost or amount
// without its right) and data rights (no hidden warehouse, customer or
// supplier by name, number or id).

// answer is one route's answer to the walker.
type answer struct {
	route server.Route
	url   string
	body  []byte
	json  any        // the decoded JSON answer (nil for a file)
	cells [][]string // an Excel answer's cells, row by row (header first)
}

// paramRecorder records the query parameters each route reads.
type paramRecorder struct {
	mu     sync.Mutex
	params map[string][]string
}

func (o *paramRecorder) Queried(route, name string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !slices.Contains(o.params[route], name) {
		o.params[route] = append(o.params[route], name)
	}
}

func (o *paramRecorder) Bound(string, reflect.Type) {}

// walkValues are the values the walker gives each query parameter a route
// reads: the first of each list together, then one request per further
// value. byPrefix gives "id" (and the like) per route family: the first
// path segment after /api/.
type walkValues struct {
	common   map[string][]string
	byPrefix map[string][]string // "/api/purchase/" → ids of its records
}

// walkSkipped end the caller's session or stream until their end.
var walkSkipped = map[string]bool{"DELETE /api/auth/logout": true, "GET /api/live": true}

// walk calls every route of the table as c. GET routes are called plainly,
// then with the parameters they read (learnt from the plain call); the
// others with an empty body (a walker must not change the seeded data, and
// their refusals are answers too).
func walk(t *testing.T, e *apptest.Env, c *apptest.Client, v walkValues, visit func(a answer)) {
	t.Helper()
	rec := &paramRecorder{params: map[string][]string{}}
	e.App.Server.Observe(rec)
	defer e.App.Server.Observe(nil)
	routes := e.App.Server.Routes()
	do := func(r server.Route, u string) {
		var body any
		if r.Method != "GET" {
			body = "{}"
		}
		res := c.Do(r.Method, u, body)
		if res.Status >= 500 {
			t.Errorf("%s %s: %d %.300s", r.Method, u, res.Status, res.Body)
		}
		a := answer{route: r, url: u, body: res.Body}
		ct := res.Header.Get("Content-Type")
		switch {
		case strings.HasPrefix(ct, "application/json"):
			dec := json.NewDecoder(bytes.NewReader(res.Body))
			dec.UseNumber()
			if err := dec.Decode(&a.json); err != nil {
				t.Errorf("%s %s: %v", r.Method, u, err)
			}
		case strings.Contains(ct, "spreadsheetml"):
			a.cells = xlsxCells(t, res.Body)
		}
		visit(a)
	}
	var others []server.Route
	for _, r := range routes {
		if walkSkipped[r.Pattern()] || r.Public {
			continue
		}
		if r.Method != "GET" {
			others = append(others, r)
			continue
		}
		base := concreteWith(r.Path, firstOr(v.idsFor(r.Path), "1"))
		do(r, base)
		params := rec.params[r.Pattern()]
		if len(params) == 0 {
			continue
		}
		values := map[string][]string{}
		for _, p := range params {
			vals := v.common[p]
			if p == "id" || p == "ids" {
				if ids := v.idsFor(r.Path); len(ids) > 0 {
					vals = ids
				}
			}
			if len(vals) > 0 {
				values[p] = vals
			}
		}
		if len(values) == 0 {
			continue
		}
		keys := make([]string, 0, len(values))
		for k := range values {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		first := url.Values{}
		for _, k := range keys {
			first.Set(k, values[k][0])
		}
		do(r, base+sep(base)+first.Encode())
		for _, k := range keys {
			for _, val := range values[k][1:] {
				q := url.Values{}
				for _, k2 := range keys {
					q.Set(k2, values[k2][0])
				}
				q.Set(k, val)
				do(r, base+sep(base)+q.Encode())
			}
		}
	}
	for _, r := range others {
		do(r, concreteWith(r.Path, firstOr(v.idsFor(r.Path), "1")))
	}
}

func (v walkValues) idsFor(path string) []string {
	best := ""
	for p := range v.byPrefix {
		if strings.HasPrefix(path, p) && len(p) > len(best) {
			best = p
		}
	}
	return v.byPrefix[best]
}

func firstOr(s []string, d string) string {
	if len(s) > 0 {
		return s[0]
	}
	return d
}

// xlsxCells reads every cell of every sheet of an Excel answer.
func xlsxCells(t *testing.T, b []byte) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	if err != nil {
		t.Errorf("not an Excel file: %v", err)
		return nil
	}
	defer f.Close()
	var out [][]string
	for _, s := range f.GetSheetList() {
		rows, err := f.GetRows(s, excelize.Options{RawCellValue: true})
		if err != nil {
			t.Errorf("sheet %s: %v", s, err)
			continue
		}
		out = append(out, rows...)
	}
	return out
}

// eachKey calls f with every object key and its value, at any depth.
func eachKey(v any, f func(key string, val any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			f(k, val)
			eachKey(val, f)
		}
	case []any:
		for _, it := range x {
			eachKey(it, f)
		}
	}
}

// walkWorld is the seeded data both walkers read.
type walkWorld struct {
	e                          *apptest.Env
	admin                      *apptest.Client
	b                          apptest.Basics
	loc2, supplier2, customer2 int64
	docs                       map[string][]int64 // kind path → document ids
	billNos                    map[int64]string
	hiddenBills                []string // numbers of the documents naming the second warehouse or contacts
}

// Distinctive money figures of the seeded data: none of them may reach a
// caller without the right (amounts are qty × price of the lines below).
var moneyFigures = []string{
	"4711.83", "6929.41", "6111.27", "5888.19", // goods prices: purchase, retail, wholesale, VIP
	"14135.49", // purchase: 3 × 4711.83 (and the supplier's debt)
	"13858.82", // sale: 2 × 6929.41 (and the customer's debt)
	"9423.66",  // its cost of goods: 2 × 4711.83
	"23559.15", // purchase order: 5 × 4711.83
	"27717.64", // sales order: 4 × 6929.41
	"3877.29",  // other stock-in at a cost of 3877.29
	"2468.13",  // an opening stock line's unit cost
	"1357.91",  // the customer's opening debt
}

func seedWalkWorld(t *testing.T) *walkWorld {
	e := apptest.New(t)
	e.App.Live.Life = 50 * time.Millisecond
	w := &walkWorld{e: e, admin: e.Admin(), b: e.AddBasics(), docs: map[string][]int64{}, billNos: map[int64]string{}}
	a := w.admin
	now := time.Now().UTC()
	a.Do("POST", "/api/inventory/prices", map[string]any{"rows": []map[string]any{{"invId": w.b.Goods, "unitId": w.b.Unit,
		"purPrice": "4711.83", "salePrice": "6929.41", "wholesalePrice": "6111.27", "vipPrice": "5888.19"}}}).Want(200)
	w.loc2 = e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CKHID9', '隐仓甲', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), w.loc2)
	w.supplier2 = e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GYSHID5', '隐供乙', 'ygy', ?, ?) RETURNING id", now, now)
	w.customer2 = e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KHHID7', '隐客丙', 'ykb', ?, ?) RETURNING id", now, now)
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": w.b.Goods, "locationId": w.b.Location, "qty": "1", "unitCost": "2468.13"}).Want(200)
	a.Do("POST", "/api/opening/contact", map[string]any{"id": w.b.Customer, "amount": "1357.91"}).Want(200)
	today := now.Format("2006-01-02")
	save := func(kind string, body map[string]any, hidden bool) int64 {
		t.Helper()
		var d struct {
			ID     int64  `json:"id"`
			BillNo string `json:"billNo"`
		}
		a.Do("POST", "/api/"+kind+"/add?check=1", body).Want(200).Decode(&d)
		w.docs["/api/"+kind+"/"] = append(w.docs["/api/"+kind+"/"], d.ID)
		w.billNos[d.ID] = d.BillNo
		if hidden {
			w.hiddenBills = append(w.hiddenBills, d.BillNo)
		}
		return d.ID
	}
	in := func(loc int64) map[string]any {
		d := w.b.Doc(0, today, "1", "3877.29")
		delete(d, "buId")
		d["locationId"] = loc
		d["entries"].([]map[string]any)[0]["locationId"] = loc
		return d
	}
	on := func(d map[string]any, loc int64) map[string]any {
		d["locationId"] = loc
		d["entries"].([]map[string]any)[0]["locationId"] = loc
		return d
	}
	// What the restricted users may see.
	save("purchase", w.b.Doc(w.b.Supplier, today, "3", "4711.83"), false)
	save("sales", w.b.Doc(w.b.Customer, today, "2", "6929.41"), false)
	save("purOrder", w.b.Doc(w.b.Supplier, today, "5", "4711.83"), false)
	save("salesOrder", w.b.Doc(w.b.Customer, today, "4", "6929.41"), false)
	save("otherIn", in(w.b.Location), false)
	// What the data-restricted user may not: the second warehouse and contacts.
	save("purchase", on(w.b.Doc(w.supplier2, today, "7", "12.5"), w.loc2), true)
	save("purchase", w.b.Doc(w.supplier2, today, "2", "12.5"), true)
	save("sales", w.b.Doc(w.customer2, today, "1", "20"), true)
	save("sales", on(w.b.Doc(w.b.Customer, today, "1", "20"), w.loc2), true)
	save("salesOrder", w.b.Doc(w.customer2, today, "1", "20"), true)
	save("purOrder", w.b.Doc(w.supplier2, today, "1", "12.5"), true)
	save("otherIn", in(w.loc2), true)
	return w
}

// values are the walker's parameter values on the seeded data.
func (w *walkWorld) values() walkValues {
	s := func(ids ...int64) []string {
		out := make([]string, len(ids))
		for i, id := range ids {
			out[i] = strconv.FormatInt(id, 10)
		}
		return out
	}
	v := walkValues{
		common: map[string][]string{
			"ids":        s(w.b.Goods),
			"invId":      s(w.b.Goods),
			"buId":       s(w.b.Supplier, w.b.Customer, w.supplier2, w.customer2),
			"contactId":  s(w.b.Supplier, w.b.Customer),
			"type":       {"10", "-10"},
			"locationId": s(w.b.Location, w.loc2),
			"beginDate":  {"2020-01-01"},
			"endDate":    {"2099-12-31"},
			"kind":       {"stock", "customer", "supplier", "account", "purchase", "sales"},
			"target":     {"goods", "customer", "supplier", "bill"},
			"showZero":   {"1"},
		},
		byPrefix: map[string][]string{
			"/api/inventory/":   s(w.b.Goods),
			"/api/contact/":     s(w.b.Supplier, w.b.Customer, w.supplier2, w.customer2),
			"/api/invlocation/": s(w.b.Location, w.loc2),
			"/api/settAcct/":    s(w.b.Account),
		},
	}
	for p, ids := range w.docs {
		v.byPrefix[p] = s(ids...)
	}
	return v
}

// allPermsBut is every seeded permission but those drop says no to.
func allPermsBut(drop func(string) bool) []string {
	var out []string
	for _, p := range menu.Perms() {
		if !drop(p) {
			out = append(out, p)
		}
	}
	return out
}
