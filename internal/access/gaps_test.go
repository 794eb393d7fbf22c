package access_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// limitedUser is a user limited to warehouse A (总仓) and customer 1
// (张三超市), every supplier, with the rights of the opening balances,
// stocktakes, serial and batch lookups, sales, returns and receipts.
func (w *world) limitedUser(t *testing.T) *apptest.Client {
	t.Helper()
	id := w.e.CreateUser("limited", "secret1", "settings:opening:query", "settings:opening:update",
		"warehouse:stocktake:query", "warehouse:stocktake:add", "warehouse:stocktake:update", "warehouse:stocktake:delete", "warehouse:stocktake:check",
		"warehouse:stocktake:export", "settings:inventory:query", "report:serNumTracer:query",
		"sales:sales:query", "sales:sales:add", "sales:sales:update", "sales:sales:check",
		"purchase:rePurchase:query", "purchase:rePurchase:add", "purchase:rePurchase:check",
		"fund:receipt:query", "fund:receipt:add", "fund:receipt:check", "money:salesAmount:view", "money:purchaseAmount:view")
	w.rights(map[string]any{"userId": id, "warehouseIds": []int64{w.b.Location}, "customerIds": []int64{w.b.Customer}, "allSuppliers": true})
	return w.e.SignIn("limited", "secret1")
}

// TestOpeningLimited: the opening balances screen lists, totals, exports and
// takes only the warehouses and contacts the user may use.
func TestOpeningLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, e := w.admin, w.e
	c := w.limitedUser(t)
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": w.b.Goods, "locationId": w.b.Location, "qty": "3", "unitCost": "2"}).Want(200)
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": w.b.Goods, "locationId": w.whB, "qty": "4", "unitCost": "5"}).Want(200)
	a.Do("POST", "/api/opening/contact", map[string]any{"id": w.b.Customer, "amount": "100", "periodMoney": "0"}).Want(200)
	a.Do("POST", "/api/opening/contact", map[string]any{"id": w.customer2, "amount": "70", "periodMoney": "0"}).Want(200)

	if l := get(t, c, "/api/opening/stock?page=1&rows=20"); ids(l, "locationName") != "总仓" {
		t.Errorf("opening stock %v", l.Rows)
	}
	if l := get(t, c, fmt.Sprintf("/api/opening/stock?page=1&rows=20&locationId=%d", w.whB)); l.Records != 0 {
		t.Errorf("opening stock of B by filter %v", l.Rows)
	}
	if l := get(t, a, "/api/opening/stock?page=1&rows=20"); l.Records != 2 {
		t.Errorf("ROOT opening stock %d", l.Records)
	}
	if l := get(t, c, "/api/opening/contact?type=-10&page=1&rows=20"); ids(l, "name") != "张三超市" {
		t.Errorf("opening receivables %v", l.Rows)
	}
	if l := get(t, c, "/api/opening/contact?type=10&page=1&rows=20"); ids(l, "name") != "华东饮料" {
		t.Errorf("suppliers are not limited: %v", l.Rows)
	}
	var sum struct {
		StockLines int
		StockQty   any
		Receivable any
	}
	c.Do("GET", "/api/opening/summary", nil).Want(200).Decode(&sum)
	if sum.StockLines != 1 || fmt.Sprint(sum.StockQty) != "3" || fmt.Sprint(sum.Receivable) != "100" {
		t.Errorf("limited summary %+v", sum)
	}
	a.Do("GET", "/api/opening/summary", nil).Want(200).Decode(&sum)
	if sum.StockLines != 2 || fmt.Sprint(sum.Receivable) != "170" {
		t.Errorf("ROOT summary %+v", sum)
	}
	for kind, hidden := range map[string]string{"stock": "北仓", "customer": "李四商店"} {
		text, _ := sheetText(t, c, "/api/opening/template?kind="+kind)
		if strings.Contains(text, hidden) {
			t.Errorf("%s template shows %s:\n%s", kind, hidden, text)
		}
	}

	apptest.Run(t, []apptest.Step{
		{Name: "stock into B", As: c, Method: "POST", Path: "/api/opening/stock", Body: map[string]any{"invId": w.b.Goods, "locationId": w.whB, "qty": "9", "unitCost": "1"},
			Status: 400, Field: "locationId"},
		{Name: "remove B's stock", As: c, Method: "POST", Path: "/api/opening/stock", Body: map[string]any{"invId": w.b.Goods, "locationId": w.whB, "qty": "0", "unitCost": "0"},
			Status: 400, Field: "locationId"},
		{Name: "customer 2's receivable", As: c, Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": w.customer2, "amount": "1", "periodMoney": "0"},
			Status: 400, Field: "id"},
		{Name: "stock into A", As: c, Method: "POST", Path: "/api/opening/stock", Body: map[string]any{"invId": w.b.Goods, "locationId": w.b.Location, "qty": "6", "unitCost": "2"},
			Status: 200},
		{Name: "customer 1's receivable", As: c, Method: "POST", Path: "/api/opening/contact", Body: map[string]any{"id": w.b.Customer, "amount": "90", "periodMoney": "0"},
			Status: 200},
	})

	// The administrator's templates name B and customer 2: imported by the
	// limited user, those rows are unknown and nothing is written.
	for _, kind := range []string{"stock", "customer"} {
		file := a.Do("GET", "/api/opening/template?kind="+kind, nil).Want(200).Body
		var res struct {
			InvalidCount  int `json:"invalidCount"`
			ImportedCount int `json:"importedCount"`
		}
		c.Multipart("POST", "/api/opening/import?kind="+kind, nil, "file", file).Want(200).Decode(&res)
		if res.InvalidCount != 1 || res.ImportedCount != 0 {
			t.Errorf("%s import of hidden rows: %+v", kind, res)
		}
	}
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE location_id = ?", w.whB); q != "4000000" {
		t.Errorf("B's opening stock changed: %s", q)
	}
	if v := e.Text("SELECT CAST(opening_amount AS TEXT) FROM contacts WHERE id = ?", w.customer2); v != "70000000" {
		t.Errorf("customer 2's opening changed: %s", v)
	}
}

// TestStocktakeLimited: counts of a hidden warehouse are not listed, read,
// updated, deleted or generated.
func TestStocktakeLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	c := w.limitedUser(t)
	count := func(loc int64) int64 {
		var d struct{ ID int64 }
		a.Do("POST", "/api/stocktake/add", map[string]any{"date": today, "locationId": loc,
			"entries": []map[string]any{{"invId": w.b.Goods, "countQty": "1"}}}).Want(200).Decode(&d)
		return d.ID
	}
	inA, inB := count(w.b.Location), count(w.whB)
	if l := get(t, c, "/api/stocktake/list?page=1&rows=20"); ids(l, "id") != fmt.Sprint(inA) {
		t.Errorf("counts %s", ids(l, "id"))
	}
	if l := get(t, a, "/api/stocktake/list?page=1&rows=20"); l.Records != 2 {
		t.Errorf("ROOT counts %d", l.Records)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "read B's count", As: c, Method: "GET", Path: fmt.Sprintf("/api/stocktake/query?id=%d", inB), Status: 404},
		{Name: "update B's count", As: c, Method: "POST", Path: "/api/stocktake/update", Body: map[string]any{"id": inB, "version": 1, "date": today,
			"locationId": w.b.Location, "entries": []map[string]any{{"invId": w.b.Goods, "countQty": "1"}}}, Status: 404},
		{Name: "generate B's count", As: c, Method: "POST", Path: fmt.Sprintf("/api/stocktake/generate?id=%d", inB), Status: 404},
		{Name: "delete B's count", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/stocktake/delete?id=%d", inB), Status: 200, BodyHas: "不存在"},
		{Name: "read A's count", As: c, Method: "GET", Path: fmt.Sprintf("/api/stocktake/query?id=%d", inA), Status: 200},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM stocktakes WHERE id = ? AND generated = 0 AND location_id = ?", inB, w.whB); n != 1 {
		t.Errorf("B's count changed")
	}
}

// TestTrackLimited: the serial and batch pickers without a warehouse list
// only the user's warehouses; a serial seen only in a hidden warehouse is
// unknown to the serial tracer.
func TestTrackLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, e := w.admin, w.e
	c := w.limitedUser(t)
	a.Do("POST", "/api/config/system", map[string]any{"ISSERNUM": 1, "ISWARRANTY": 1}).Want(200)
	now := time.Now().UTC()
	phone := e.Insert("INSERT INTO goods (number, name, unit_id, is_ser_num, created_at, updated_at) VALUES ('SP008', '手机', ?, 1, ?, ?) RETURNING id", w.b.Unit, now, now)
	milk := e.Insert("INSERT INTO goods (number, name, unit_id, is_warranty, created_at, updated_at) VALUES ('SP009', '牛奶', ?, 1, ?, ?) RETURNING id", w.b.Unit, now, now)
	for _, in := range []struct {
		loc           int64
		serial, batch string
	}{{w.b.Location, "S-A", "LA"}, {w.whB, "S-B", "LB"}} {
		w.post(a, "/api/purchase", map[string]any{"date": today, "buId": w.b.Supplier, "locationId": in.loc, "entries": []map[string]any{
			{"invId": phone, "unitId": w.b.Unit, "qty": 1, "price": 100, "locationId": in.loc, "serNumList": []map[string]string{{"serNum": in.serial}}},
			{"invId": milk, "unitId": w.b.Unit, "qty": 2, "price": 3, "locationId": in.loc, "batch": in.batch, "prodDate": today}}})
	}
	var serials []map[string]any
	c.Do("GET", fmt.Sprintf("/api/serNum/list?invId=%d", phone), nil).Want(200).Decode(&serials)
	if len(serials) != 1 || serials[0]["serNum"] != "S-A" {
		t.Errorf("serials %v", serials)
	}
	a.Do("GET", fmt.Sprintf("/api/serNum/list?invId=%d", phone), nil).Want(200).Decode(&serials)
	if len(serials) != 2 {
		t.Errorf("ROOT serials %v", serials)
	}
	var batches []map[string]any
	c.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d", milk), nil).Want(200).Decode(&batches)
	if len(batches) != 1 || batches[0]["batch"] != "LA" {
		t.Errorf("batches %v", batches)
	}
	a.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d", milk), nil).Want(200).Decode(&batches)
	if len(batches) != 2 {
		t.Errorf("ROOT batches %v", batches)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "history of a serial in B", As: c, Method: "GET", Path: fmt.Sprintf("/api/serNum/history?invId=%d&serNum=S-B", phone), Status: 404},
		{Name: "history of a serial in A", As: c, Method: "GET", Path: fmt.Sprintf("/api/serNum/history?invId=%d&serNum=S-A", phone), Status: 200, BodyHas: "总仓"},
		{Name: "ROOT: history of a serial in B", As: a, Method: "GET", Path: fmt.Sprintf("/api/serNum/history?invId=%d&serNum=S-B", phone), Status: 200, BodyHas: "北仓"},
		{Name: "serials of B", As: c, Method: "GET", Path: fmt.Sprintf("/api/serNum/list?invId=%d&locationId=%d", phone, w.whB), Status: 400, Field: "locationId"},
	})
}

// TestHiddenSources: a document cannot draw from a source the user may not
// see (an order, a purchase or a sale of a hidden warehouse): refused as
// not found at save and at audit, while the same body passes for ROOT.
func TestHiddenSources(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, e := w.admin, w.e
	c := w.limitedUser(t)
	type saved struct {
		ID      int64
		Entries []struct{ ID int64 }
	}
	save := func(path string, body map[string]any) saved {
		t.Helper()
		var s saved
		a.Do("POST", path, body).Want(200).Decode(&s)
		return s
	}
	line := func(d map[string]any) map[string]any { return d["entries"].([]map[string]any)[0] }
	// In B, for customer 1: an order and a sale; the purchase into B.
	orderB := save("/api/salesOrder/add?check=1", w.doc(w.b.Customer, w.whB, "2"))
	saleB := save("/api/sales/add?check=1", w.doc(w.b.Customer, w.whB, "1"))
	var puB saved
	a.Do("GET", fmt.Sprintf("/api/purchase/query?id=%d", w.puB), nil).Want(200).Decode(&puB)

	fulfil := func() map[string]any {
		d := w.doc(w.b.Customer, w.b.Location, "1")
		line(d)["srcOrderId"], line(d)["srcOrderEntryId"] = orderB.ID, orderB.Entries[0].ID
		return d
	}
	ret := func() map[string]any {
		d := w.doc(w.b.Supplier, w.b.Location, "1")
		d["srcBillId"] = w.puB
		line(d)["srcEntryId"] = puB.Entries[0].ID
		return d
	}
	receipt := func() map[string]any {
		return map[string]any{"date": today, "buId": w.b.Customer, "accounts": []map[string]any{{"accId": w.b.Account, "payment": 2}},
			"checks": []map[string]any{{"billId": saleB.ID, "nowCheck": 2}}}
	}
	// A draft (A, customer 1) the administrator saved from B's order: the
	// limited user sees it and may not audit it.
	draft := save("/api/sales/add", fulfil())
	before := e.Count("SELECT COUNT(*) FROM bills")
	apptest.Run(t, []apptest.Step{
		{Name: "deliver B's order", As: c, Method: "POST", Path: "/api/sales/add", Body: fulfil(), Status: 400, Field: "entries[0].srcOrderId", Msg: "源订单不存在或已被删除"},
		{Name: "deliver B's order, audited", As: c, Method: "POST", Path: "/api/sales/add?check=1", Body: fulfil(), Status: 400, Field: "entries[0].srcOrderId"},
		{Name: "deliver B's order, en", As: c, Lang: "en", Method: "POST", Path: "/api/sales/add", Body: fulfil(), Status: 400, Field: "entries[0].srcOrderId", Msg: "Source order does not exist or has been deleted"},
		{Name: "return B's purchase", As: c, Method: "POST", Path: "/api/rePurchase/add?check=1", Body: ret(), Status: 400, Field: "srcBillId"},
		{Name: "settle B's sale", As: c, Method: "POST", Path: "/api/receipt/add?check=1", Body: receipt(), Status: 400, Field: "checks[0].billId"},
		{Name: "audit the draft from B's order", As: c, Method: "POST", Path: fmt.Sprintf("/api/sales/check?id=%d", draft.ID), Status: 200, BodyHas: "不存在"},
	})
	if n := e.Count("SELECT COUNT(*) FROM bills"); n != before {
		t.Fatalf("refused documents were written: %d → %d", before, n)
	}
	if n := e.Count("SELECT COUNT(*) FROM bills WHERE id = ? AND checked = 0", draft.ID); n != 1 {
		t.Fatalf("the draft was audited")
	}
	apptest.Run(t, []apptest.Step{
		{Name: "ROOT delivers B's order", As: a, Method: "POST", Path: "/api/sales/add?check=1", Body: fulfil(), Status: 200},
		{Name: "ROOT returns B's purchase", As: a, Method: "POST", Path: "/api/rePurchase/add?check=1", Body: ret(), Status: 200},
		{Name: "ROOT settles B's sale", As: a, Method: "POST", Path: "/api/receipt/add?check=1", Body: receipt(), Status: 200},
	})
}

// TestGoodsFormOpeningsLimited: the goods form shows and replaces only the
// opening stock of the warehouses the user may use; another warehouse's
// opening is neither shown, nor removed by a save, nor written.
func TestGoodsFormOpeningsLimited(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a, e := w.admin, w.e
	id := e.CreateUser("goodsclerk", "secret1", "settings:inventory:query", "settings:inventory:update")
	w.rights(map[string]any{"userId": id, "warehouseIds": []int64{w.b.Location}, "allCustomers": true, "allSuppliers": true})
	c := e.SignIn("goodsclerk", "secret1")
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": w.b.Goods, "locationId": w.b.Location, "qty": "3", "unitCost": "2"}).Want(200)
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": w.b.Goods, "locationId": w.whB, "qty": "4", "unitCost": "5"}).Want(200)

	form := func(as *apptest.Client) map[string]any {
		var d map[string]any
		as.Do("GET", fmt.Sprintf("/api/inventory/get_update?id=%d", w.b.Goods), nil).Want(200).Decode(&d)
		return d
	}
	// the form's body: the goods row with its openings (units, SKUs and warnings kept)
	body := func(d map[string]any, openings ...map[string]any) map[string]any {
		for _, k := range []string{"units", "skus", "warnings", "images"} {
			delete(d, k)
		}
		d["openings"] = openings
		return d
	}
	names := func(d map[string]any) string {
		var out []string
		for _, o := range d["openings"].([]any) {
			out = append(out, fmt.Sprint(o.(map[string]any)["locationName"]))
		}
		return strings.Join(out, ",")
	}
	if n := names(form(c)); n != "总仓" {
		t.Fatalf("the limited form shows the openings of %q", n)
	}
	if n := names(form(a)); !strings.Contains(n, "北仓") || !strings.Contains(n, "总仓") {
		t.Fatalf("ROOT's form shows %q", n)
	}

	// Saved by the limited user with its warehouse's opening changed: B's stays.
	c.Do("POST", "/api/inventory/update", body(form(c), map[string]any{"locationId": w.b.Location, "qty": "5", "unitCost": "2"})).Want(200)
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE goods_id = ? AND location_id = ?", w.b.Goods, w.whB); q != "4000000" {
		t.Errorf("B's opening after the limited save: %q", q)
	}
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE goods_id = ? AND location_id = ?", w.b.Goods, w.b.Location); q != "5000000" {
		t.Errorf("A's opening after the limited save: %q", q)
	}

	// An opening into B is refused on its field, nothing written.
	apptest.Run(t, []apptest.Step{
		{Name: "opening into B", As: c, Method: "POST", Path: "/api/inventory/update", Status: 400, Field: "openings[0].locationId",
			Body: body(form(c), map[string]any{"locationId": w.whB, "qty": "9", "unitCost": "1"})},
	})
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE goods_id = ? AND location_id = ?", w.b.Goods, w.whB); q != "4000000" {
		t.Errorf("B's opening after the refused save: %q", q)
	}
	if q := e.Text("SELECT CAST(qty AS TEXT) FROM goods_openings WHERE goods_id = ? AND location_id = ?", w.b.Goods, w.b.Location); q != "5000000" {
		t.Errorf("A's opening after the refused save: %q", q)
	}
}
