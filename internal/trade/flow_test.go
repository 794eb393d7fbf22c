package trade_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/dec"
)

// A purchase is saved, edited with its version, audited; a sale takes the
// moving-average cost; a return made from the sale comes back at the sale
// line's cost, cannot return more than was delivered, and blocks the
// sale's un-audit while it is audited.
func TestLifeCycle(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin

	p1 := w.save(a, "/api/purchase/add", w.doc(w.supplier, "2025-03-01", w.colaLine("10", "3")))
	if p1.BillNo != "CG20250301001" || p1.Checked != 0 || p1.Amount.String() != "30" || p1.Arrears.String() != "30" || p1.TransType != 150501 {
		t.Fatalf("draft purchase %+v", p1)
	}
	// Update with the version read: the line changes, the version moves on.
	body := w.doc(w.supplier, "2025-03-01", w.colaLine("10", "3"), line{"invId": w.cola, "unitId": w.box, "qty": 1, "price": 43.2})
	body["id"], body["version"] = p1.ID, p1.Version
	p1b := w.save(a, "/api/purchase/update", body)
	if p1b.Version != p1.Version+1 || len(p1b.Entries) != 2 || p1b.Entries[1].BaseQty.String() != "12" || p1b.Amount.String() != "73.2" || p1b.BillNo != p1.BillNo {
		t.Fatalf("updated purchase %+v", p1b)
	}
	// The operation log names what the update changed: the added line and
	// the new totals, not the version.
	changes := w.e.Text("SELECT changes FROM sys_logs WHERE request_uri LIKE '/api/purchase/update%' ORDER BY id DESC LIMIT 1")
	for _, want := range []string{`"field":"entries[1]"`, `"field":"amount","old":30,"new":73.2`} {
		if !strings.Contains(changes, want) {
			t.Errorf("logged changes lack %s: %s", want, changes)
		}
	}
	if strings.Contains(changes, `"version"`) || strings.Contains(changes, "modifyTime") {
		t.Errorf("logged changes name bookkeeping fields: %s", changes)
	}
	// The same stale body again: 409, nothing changed.
	r := a.Do("POST", "/api/purchase/update", body)
	if r.Status != 409 || !strings.Contains(r.Env.Msg, "已被他人修改") {
		t.Fatalf("stale update: %d %s", r.Status, r.Body)
	}
	if got := w.get(a, "purchase", p1.ID); got.Version != p1b.Version || got.Amount.String() != "73.2" {
		t.Fatalf("after stale update %+v", got)
	}
	w.batchOK(a, "POST", fmt.Sprintf("/api/purchase/check?id=%d", p1.ID))
	// 22 bottles worth 73.20 in 总仓.
	if q := w.e.Text("SELECT CAST(qty AS TEXT) FROM stock_balances WHERE goods_id = ? AND location_id = ?", w.cola, w.main); q != "22000000" {
		t.Fatalf("on hand %s", q)
	}
	// The goods list shows it as the shop's on-hand quantity.
	var goodsList apptest.List[struct {
		ID       int64   `json:"id"`
		StockQty dec.Dec `json:"stockQty"`
	}]
	a.Do("GET", "/api/inventory/list?rows=1000", nil).Want(200).Decode(&goodsList)
	found := false
	for _, g := range goodsList.Rows {
		if g.ID == w.cola {
			found = true
			if g.StockQty.String() != "22" {
				t.Fatalf("goods list on hand %s", g.StockQty)
			}
		}
	}
	if !found {
		t.Fatal("the goods list lacks the purchased goods")
	}
	// Audited: no edit, no delete.
	body["version"] = p1b.Version + 1
	if r := a.Do("POST", "/api/purchase/update", body); r.Status != 409 || !strings.Contains(r.Env.Msg, p1.BillNo) {
		t.Fatalf("edit audited: %d %s", r.Status, r.Body)
	}
	if msg := w.batchErr(a, "DELETE", fmt.Sprintf("/api/purchase/delete?id=%d", p1.ID)); !strings.Contains(msg, "已审核") {
		t.Fatalf("delete audited: %q", msg)
	}

	// A sale of 11 bottles, saved and audited at once: cost 73.20 × 11 / 22 = 36.60.
	sb := w.doc(w.customer, "2025-03-02", w.colaLine("11", "5"))
	s1 := w.save(a, "/api/sales/add?check=1", sb)
	if s1.Checked != 1 || s1.BillNo != "XS20250302001" || s1.Entries[0].Cost == nil || s1.Entries[0].Cost.String() != "36.6" || s1.Entries[0].UnitCost.String() != "3.327273" {
		t.Fatalf("audited sale %+v", s1)
	}

	// Return 4 of them from the sale: 36.60 × 4 / 11 = 13.309… → 13.31.
	ret := w.doc(w.customer, "2025-03-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 4, "price": 5, "srcEntryId": s1.Entries[0].ID})
	ret["srcBillId"] = s1.ID
	r1 := w.save(a, "/api/reSales/add?check=1", ret)
	if r1.Entries[0].Cost == nil || r1.Entries[0].Cost.String() != "13.31" || r1.TransType != 150602 {
		t.Fatalf("return %+v", r1)
	}
	// 8 more cannot come back: 7 are left to return.
	ret2 := w.doc(w.customer, "2025-03-03", line{"invId": w.cola, "unitId": w.bottle, "qty": 8, "price": 5, "srcEntryId": s1.Entries[0].ID})
	ret2["srcBillId"] = s1.ID
	apptest.Run(t, []apptest.Step{
		{Name: "return too much", As: a, Method: "POST", Path: "/api/reSales/add", Body: ret2, Status: 400, Field: "entries[0].qty", MsgHas: "最多还可退 7"},
		{Name: "un-audit the sale blocked by its return", As: a, Method: "POST", Path: fmt.Sprintf("/api/sales/uncheck?id=%d", s1.ID), Status: 200, BodyHas: r1.BillNo},
		{Name: "un-audit the return", As: a, Method: "POST", Path: fmt.Sprintf("/api/reSales/uncheck?id=%d", r1.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "now the sale un-audits", As: a, Method: "POST", Path: fmt.Sprintf("/api/sales/uncheck?id=%d", s1.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "the draft return keeps the sale from being deleted", As: a, Method: "DELETE", Path: fmt.Sprintf("/api/sales/delete?id=%d", s1.ID), Status: 200, BodyHas: r1.BillNo},
		{Name: "a draft return of a draft sale cannot be saved", As: a, Method: "POST", Path: "/api/reSales/add", Body: ret2, Status: 400, Field: "srcBillId"},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id IN (?, ?)", s1.ID, r1.ID); n != 0 {
		t.Fatalf("%d moves left after un-audit", n)
	}
	// Deleting the draft return and then the draft sale.
	w.batchOK(a, "DELETE", fmt.Sprintf("/api/reSales/delete?id=%d", r1.ID))
	w.batchOK(a, "DELETE", fmt.Sprintf("/api/sales/delete?id=%d", s1.ID))
	if n := w.e.Count("SELECT COUNT(*) FROM bill_entries WHERE bill_id IN (?, ?)", s1.ID, r1.ID); n != 0 {
		t.Fatalf("lines left: %d", n)
	}
}

// Lists: filters, free text, sorting, paging and the totals row; another
// shop's documents are invisible; the export is an Excel file.
func TestListAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	for i, d := range []string{"2025-04-01", "2025-04-02", "2025-04-03"} {
		b := w.doc(w.supplier, d, w.colaLine(fmt.Sprint(i+1), "10"))
		b["description"] = fmt.Sprintf("第%d批", i+1)
		w.save(a, "/api/purchase/add", b)
	}
	sp := w.doc(w.supplier, "2025-04-05", line{"invId": w.sprite, "qty": 5, "price": 2})
	w.save(a, "/api/purchase/add?check=1", sp)

	type row struct {
		BillNo string      `json:"billNo"`
		Amount json.Number `json:"amount"`
	}
	list := func(q string) apptest.List[row] {
		var l apptest.List[row]
		a.Do("GET", "/api/purchase/list?"+q, nil).Want(200).Decode(&l)
		return l
	}
	nos := func(l apptest.List[row]) string {
		var s []string
		for _, r := range l.Rows {
			s = append(s, r.BillNo)
		}
		return strings.Join(s, ",")
	}
	if l := list(""); l.Records != 4 || nos(l) != "CG20250405001,CG20250403001,CG20250402001,CG20250401001" || !strings.Contains(string(l.Userdata), `"amount":70`) {
		t.Fatalf("default list %s %s", nos(l), l.Userdata)
	}
	cases := []struct{ q, want string }{
		{"beginDate=2025-04-02&endDate=2025-04-03&sidx=billNo&sord=asc", "CG20250402001,CG20250403001"},
		{fmt.Sprintf("invId=%d", w.sprite), "CG20250405001"},
		{"checked=0&sidx=date&sord=asc&rows=2&page=2", "CG20250403001"},
		{"status=1", "CG20250405001"},
		{"matchCon=第2批", "CG20250402001"},
		{"matchCon=hdyl&rows=1", "CG20250405001"},
		{"billNo=0401", "CG20250401001"},
		{fmt.Sprintf("buId=%d&locationId=%d&sidx=amount&sord=desc&rows=1", w.supplier, w.main), "CG20250403001"},
	}
	for _, c := range cases {
		if got := nos(list(c.q)); got != c.want {
			t.Errorf("%s: %s, want %s", c.q, got, c.want)
		}
	}
	if l := list("beginDate=2025-04-02&endDate=2025-04-03"); !strings.Contains(string(l.Userdata), `"totalQty":5`) || !strings.Contains(string(l.Userdata), `"amount":50`) {
		t.Errorf("totals row %s", l.Userdata)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "bad sort field", As: a, Method: "GET", Path: "/api/purchase/list?sidx=secret", Status: 400, Field: "sidx"},
		{Name: "bad date filter", As: a, Method: "GET", Path: "/api/purchase/list?beginDate=2025-13-01", Status: 400, Field: "beginDate"},
	})

	// A document of another shop: not listed, not readable, not changeable.
	other := w.e.Insert(`INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, contact_id, created_at, updated_at)
		VALUES (?, 'purchase', 150501, 'CG-OTHER', '2025-04-01', ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP) RETURNING id`, w.otherShop, w.supplier)
	if l := list(""); l.Records != 4 {
		t.Errorf("another shop's document listed: %d", l.Records)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "query another shop's", As: a, Method: "GET", Path: fmt.Sprintf("/api/purchase/query?id=%d", other), Status: 404},
		{Name: "audit another shop's", As: a, Method: "POST", Path: fmt.Sprintf("/api/purchase/check?id=%d", other), Status: 200, BodyHas: "不存在"},
		{Name: "a purchase is not a sale", As: a, Method: "GET", Path: fmt.Sprintf("/api/sales/query?id=%d", other), Status: 404},
	})

	r := a.Do("GET", "/api/purchase/export?checked=0", nil).Want(200)
	if !strings.Contains(r.Header.Get("Content-Disposition"), ".xlsx") || len(r.Body) < 100 {
		t.Fatalf("export: %v %d bytes", r.Header, len(r.Body))
	}
}

// Batches answer per id; records used by documents cannot be deleted (the
// message names the document); every change is in the operation log.
func TestBatchUsageAndLog(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	d1 := w.save(a, "/api/sales/add", w.doc(w.customer, "2025-08-01", line{"invId": w.sprite, "qty": 1, "price": 1}))
	w.save(a, "/api/purchase/add?check=1", w.doc(w.supplier, "2025-08-01", line{"invId": w.sprite, "qty": 5, "price": 1}))
	d2 := w.save(a, "/api/sales/add", w.doc(w.customer, "2025-08-01", line{"invId": w.sprite, "qty": 5, "price": 1}))
	d3 := w.save(a, "/api/sales/add", w.doc(w.customer, "2025-08-01", line{"invId": w.sprite, "qty": 5, "price": 1}))
	var res []apptest.Batch
	a.Do("POST", fmt.Sprintf("/api/sales/check?id=%d,%d,%d,99999", d1.ID, d2.ID, d3.ID), nil).Want(200).Decode(&res)
	// 5 in stock: the first (1) goes, the second (5 more) is short, the
	// third too; an unknown id is reported, not fatal.
	if len(res) != 4 || !res[0].OK || res[1].OK || !strings.Contains(res[1].Msg, "库存不足") || res[2].OK || res[3].OK || !strings.Contains(res[3].Msg, "不存在") {
		t.Fatalf("batch %+v", res)
	}
	if got := w.get(a, "sales", d2.ID); got.Checked != 0 {
		t.Fatal("a refused audit half-applied")
	}
	apptest.Run(t, []apptest.Step{
		{Name: "goods in a document", As: a, Method: "DELETE", Path: fmt.Sprintf("/api/inventory/delete?id=%d", w.sprite), Status: 200, BodyHas: "20250801001”使用"},
		{Name: "customer in a document", As: a, Method: "DELETE", Path: fmt.Sprintf("/api/contact/delete?type=-10&id=%d", w.customer), Status: 200, BodyHas: "已被单据“"},
		{Name: "warehouse in a document", As: a, Method: "DELETE", Path: fmt.Sprintf("/api/invlocation/delete?id=%d", w.main), Status: 200, BodyHas: `"ok":false`},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '/api/sales/check%'"); n != 1 {
		t.Errorf("operation log rows for the batch audit: %d", n)
	}
}
