package report_test

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/stock"
)

// world: goods 可乐 (瓶) and 雪碧 (个); warehouses 总仓 and 分仓 in the main
// shop, 外仓 in another shop; a supplier, a customer, a salesperson.
type world struct {
	e                     *apptest.Env
	admin                 *apptest.Client
	shop, otherShop       int64
	bottle, piece         int64
	cola, sprite          int64
	main, branch, outside int64
	supplier, customer    int64
	staff                 int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin(), shop: e.MainShop()}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	w.bottle = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	w.piece = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('个', 1, ?, ?)", now, now)
	w.cola = ins("INSERT INTO goods (number, name, spec, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', '500ml', ?, ?, ?)", w.bottle, now, now)
	w.sprite = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP002', '雪碧', ?, ?, ?)", w.piece, now, now)
	loc := func(num, name string) int64 {
		return ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?)", num, name, now, now)
	}
	w.main, w.branch, w.outside = loc("CK001", "总仓"), loc("CK002", "分仓"), loc("CK003", "外仓")
	w.otherShop = ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S099', '别家店', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?), (?, ?), (?, ?)", w.shop, w.main, w.shop, w.branch, w.otherShop, w.outside)
	w.supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'hd', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, opening_amount, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zs', 5000000, ?, ?)", now, now)
	w.staff = ins("INSERT INTO employees (number, name, created_at, updated_at) VALUES ('E01', '李四', ?, ?)", now, now)
	return w
}

type line = map[string]any

type doc struct {
	ID      int64 `json:"id"`
	Entries []struct {
		ID int64 `json:"id"`
	} `json:"entries"`
}

func (w *world) post(path, date string, contact, loc int64, extra map[string]any, lines ...line) doc {
	w.e.T.Helper()
	body := map[string]any{"date": date, "buId": contact, "locationId": loc, "entries": lines}
	for k, v := range extra {
		body[k] = v
	}
	var d doc
	w.admin.Do("POST", path+"/add?check=1", body).Want(200).Decode(&d)
	return d
}

func (w *world) l(goods, unit int64, loc int64, qty, price string) line {
	return line{"invId": goods, "unitId": unit, "locationId": loc, "qty": json.Number(qty), "price": json.Number(price)}
}

// answer is a report answer with exact numbers (json.Number).
type answer struct {
	Records  int              `json:"records"`
	Total    int              `json:"total"`
	Rows     []map[string]any `json:"rows"`
	Userdata map[string]any   `json:"userdata"`
	Columns  []struct {
		Key   string `json:"key"`
		Label string `json:"label"`
	} `json:"columns"`
	Drill string `json:"drill"`
}

func get(t *testing.T, c *apptest.Client, url string) answer {
	t.Helper()
	res := c.Do("GET", url, nil).Want(200)
	dec := json.NewDecoder(bytes.NewReader(res.Env.Data))
	dec.UseNumber()
	var a answer
	if err := dec.Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a
}

func (a answer) keys() []string {
	var out []string
	for _, c := range a.Columns {
		out = append(out, c.Key)
	}
	return out
}

// num is a field as its exact text ("" when absent).
func num(m map[string]any, key string) string {
	v, ok := m[key]
	if !ok || v == nil {
		return ""
	}
	if n, ok := v.(json.Number); ok {
		return n.String()
	}
	return v.(string)
}

func want(t *testing.T, what string, m map[string]any, pairs ...string) {
	t.Helper()
	for i := 0; i < len(pairs); i += 2 {
		if got := num(m, pairs[i]); got != pairs[i+1] {
			t.Errorf("%s %s = %q, want %q (row %v)", what, pairs[i], got, pairs[i+1], m)
		}
	}
}

// history is the worked example (amounts to 2 places, moving average):
//
//	01-05 purchase 10 可乐 @3 → 总仓                 stock 10 / 30
//	01-10 purchase 10 @4                             stock 20 / 70
//	01-12 sale 5 @6 (salesperson 李四)               cost 17.50 at first …
//	01-08 purchase 10 @5, entered after the sale (back-dated): 01-08 20 / 80,
//	      01-10 30 / 120, the sale recosts to 120 × 5 / 30 = 20.00
//	01-15 return of 1 from the sale                  back at 4.00; 26 / 104
//	01-20 purchase return 2 @5                       out at 104 × 2 / 26 = 8.00; 24 / 96
//	02-03 sale 4 雪碧 from 分仓 after a purchase of 6 @2.5 in 分仓 on 02-01
func history(t *testing.T, w *world) {
	w.post("/api/purchase", "2026-01-05", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "10", "3"))
	w.post("/api/purchase", "2026-01-10", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "10", "4"))
	sale := w.post("/api/sales", "2026-01-12", w.customer, w.main, map[string]any{"salesId": w.staff}, w.l(w.cola, w.bottle, w.main, "5", "6"))
	w.post("/api/purchase", "2026-01-08", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "10", "5"))
	ret := w.l(w.cola, w.bottle, w.main, "1", "6")
	ret["srcEntryId"] = sale.Entries[0].ID
	w.post("/api/reSales", "2026-01-15", w.customer, w.main, map[string]any{"srcBillId": sale.ID}, ret)
	w.post("/api/rePurchase", "2026-01-20", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "2", "5"))
	w.post("/api/purchase", "2026-02-01", w.supplier, w.branch, nil, w.l(w.sprite, w.piece, w.branch, "6", "2.5"))
	w.post("/api/sales", "2026-02-03", w.customer, w.branch, nil, w.l(w.sprite, w.piece, w.branch, "4", "5"))
}

const jan = "beginDate=2026-01-01&endDate=2026-01-31"

func TestWorkedExample(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	history(t, w)
	a := w.admin

	t.Run("salesDetail", func(t *testing.T) {
		r := get(t, a, "/api/report/salesDetail?"+jan)
		if r.Records != 2 {
			t.Fatalf("rows %v", r.Rows)
		}
		want(t, "sale", r.Rows[0], "qty", "5", "amount", "30", "cost", "20", "unitCost", "4", "profit", "10", "margin", "33.33", "salesName", "李四")
		want(t, "return", r.Rows[1], "qty", "-1", "amount", "-6", "cost", "-4", "profit", "-2")
		if r.Rows[0]["billId"] == nil || num(r.Rows[0], "transType") != "150601" || num(r.Rows[1], "transType") != "150602" {
			t.Errorf("rows open their documents: %v", r.Rows)
		}
		want(t, "totals", r.Userdata, "qty", "4", "amount", "24", "cost", "16", "profit", "8", "margin", "33.33")
		// salesperson filter
		if r := get(t, a, "/api/report/salesDetail?"+jan+"&salesId="+itoa(w.staff)); r.Records != 1 {
			t.Errorf("salesperson filter: %d rows", r.Records)
		}
	})
	t.Run("salesProfit equals salesDetail", func(t *testing.T) {
		p := get(t, a, "/api/report/salesProfit?beginDate=2026-01-01&endDate=2026-12-31")
		d := get(t, a, "/api/report/salesDetail?beginDate=2026-01-01&endDate=2026-12-31")
		for _, k := range []string{"qty", "amount", "cost", "profit"} {
			if num(p.Userdata, k) != num(d.Userdata, k) {
				t.Errorf("%s: profit %s, detail %s", k, num(p.Userdata, k), num(d.Userdata, k))
			}
		}
		want(t, "profit totals", p.Userdata, "amount", "44", "cost", "26", "profit", "18", "receivable", "44")
	})
	t.Run("summaries", func(t *testing.T) {
		s := get(t, a, "/api/report/salesSummaryCustomer?"+jan)
		if s.Drill != "salesDetail" || s.Records != 1 {
			t.Fatalf("%+v", s)
		}
		want(t, "customer", s.Rows[0], "qty", "4", "amount", "24", "cost", "16", "profit", "8", "buId", itoa(w.customer))
		g := get(t, a, "/api/report/salesSummaryInv?"+jan)
		want(t, "goods", g.Rows[0], "invName", "可乐", "qty", "4", "avgPrice", "6")
		sp := get(t, a, "/api/report/salesSummarySales?"+jan)
		want(t, "salesperson", sp.Rows[0], "salesName", "李四", "amount", "30")
		pu := get(t, a, "/api/report/puSummarySupplier?"+jan)
		want(t, "supplier", pu.Rows[0], "qty", "28", "amount", "110")
		pd := get(t, a, "/api/report/puDetail?"+jan)
		if pd.Records != 4 {
			t.Errorf("puDetail rows %d", pd.Records)
		}
		want(t, "puDetail totals", pd.Userdata, "qty", "28", "amount", "110", "taxAmount", "110")
	})
	t.Run("invBalance at a past date", func(t *testing.T) {
		b := get(t, a, "/api/report/invBalance?endDate=2026-01-09")
		want(t, "01-09", b.Rows[0], "invName", "可乐", "qty", "20", "amount", "80", "unitCost", "4", "qty_"+itoa(w.main), "20")
		e := get(t, a, "/api/report/invBalance?endDate=2026-01-31")
		want(t, "01-31", e.Rows[0], "qty", "24", "amount", "96")
		if e.Records != 1 {
			t.Errorf("雪碧 had no stock at 01-31: %v", e.Rows)
		}
		now := get(t, a, "/api/report/invBalance")
		want(t, "now", now.Userdata, "qty", "26", "amount", "101")
	})
	t.Run("deliverSummary", func(t *testing.T) {
		s := get(t, a, "/api/report/deliverSummary?"+jan)
		want(t, "jan", s.Rows[0], "openQty", "0", "in_purchaseQty", "30", "in_purchaseAmount", "120", "in_salesReturnQty", "1",
			"in_salesReturnAmount", "4", "out_salesQty", "5", "out_salesAmount", "20", "out_purchaseReturnQty", "2",
			"out_purchaseReturnAmount", "8", "closeQty", "24", "closeAmount", "96")
		f := get(t, a, "/api/report/deliverSummary?beginDate=2026-02-01&endDate=2026-02-28")
		for _, r := range f.Rows {
			if num(r, "invName") == "可乐" {
				want(t, "feb opening = jan closing", r, "openQty", "24", "openAmount", "96", "closeQty", "24")
			}
		}
		want(t, "feb totals", f.Userdata, "openQty", "24", "inQty", "6", "outQty", "4", "closeQty", "26", "closeAmount", "101")
	})
	t.Run("deliverDetail", func(t *testing.T) {
		d := get(t, a, "/api/report/deliverDetail?beginDate=2026-01-09&endDate=2026-01-31&invId="+itoa(w.cola))
		if len(d.Rows) != 5 || d.Rows[0]["rowType"] != "opening" {
			t.Fatalf("rows %v", d.Rows)
		}
		want(t, "opening", d.Rows[0], "balQty", "20", "balAmount", "80")
		want(t, "sale", d.Rows[2], "outQty", "5", "outAmount", "20", "balQty", "25", "balAmount", "100")
		want(t, "last", d.Rows[4], "balQty", "24", "balAmount", "96")
	})
	t.Run("stock-in and stock-out detail", func(t *testing.T) {
		in := get(t, a, "/api/report/warehouseDetail?"+jan)
		want(t, "in", in.Userdata, "qty", "31", "cost", "124")
		out := get(t, a, "/api/report/outboundDetail?"+jan)
		want(t, "out", out.Userdata, "qty", "7", "cost", "28")
	})
	t.Run("contactDebt", func(t *testing.T) {
		c := get(t, a, "/api/report/contactDebt")
		want(t, "totals", c.Userdata, "receivable", "49", "payable", "125")
		cu := get(t, a, "/api/report/contactDebt?contactType=-10")
		if cu.Records != 1 {
			t.Errorf("customers only: %v", cu.Rows)
		}
	})
	t.Run("sorting and paging", func(t *testing.T) {
		p := get(t, a, "/api/report/puDetail?"+jan+"&rows=2&page=2&sidx=amount&sord=desc")
		if p.Records != 4 || p.Total != 2 || len(p.Rows) != 2 || num(p.Rows[1], "amount") != "-10" {
			t.Errorf("page 2 by amount desc: %+v", p)
		}
		want(t, "totals over every page", p.Userdata, "amount", "110")
	})
}

func TestMoneyRightsAndScope(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	history(t, w)
	// sales amounts but no cost
	clerk := w.e.UserWith("report:salesDetail:query", "report:salesDetail:export", "money:salesAmount:view",
		"report:invBalance:query", "report:invBalance:export")
	r := get(t, clerk, "/api/report/salesDetail?"+jan)
	for _, k := range []string{"cost", "unitCost", "profit", "margin"} {
		if slices.Contains(r.keys(), k) || r.Rows[0][k] != nil || r.Userdata[k] != nil {
			t.Errorf("%s visible without the cost right", k)
		}
	}
	if num(r.Rows[0], "amount") != "30" {
		t.Errorf("revenue hidden with the sales right: %v", r.Rows[0])
	}
	b := get(t, clerk, "/api/report/invBalance?endDate=2026-01-31")
	if b.Rows[0]["amount"] != nil || b.Userdata["amount"] != nil || num(b.Rows[0], "qty") != "24" {
		t.Errorf("invBalance without cost: %v %v", b.Rows[0], b.Userdata)
	}
	// the Excel lacks the cost columns too
	res := clerk.Do("GET", "/api/report/salesDetail/export?"+jan, nil).Want(200)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetList()[0])
	head := strings.Join(rows[0], "|")
	if strings.Contains(head, "成本") || strings.Contains(head, "毛利") || !strings.Contains(head, "销售收入") {
		t.Errorf("Excel headers %s", head)
	}
	if len(rows) != 4 || rows[3][0] != "合计" {
		t.Errorf("Excel rows %v", rows)
	}
	// no sales right at all: no money columns
	bare := w.e.UserWith("report:salesDetail:query")
	r = get(t, bare, "/api/report/salesDetail?"+jan)
	if slices.Contains(r.keys(), "amount") || slices.Contains(r.keys(), "price") || r.Userdata["amount"] != nil {
		t.Errorf("money without the right: %v", r.keys())
	}
	// another report's permission does not open this one
	clerk.Do("GET", "/api/report/puDetail?"+jan, nil).Want(403)
	// shops: another shop's warehouse gives nothing; only ROOT names shops
	if b := get(t, clerk, "/api/report/invBalance?locationId="+itoa(w.outside)); b.Records != 0 {
		t.Errorf("another shop's warehouse: %v", b.Rows)
	}
	res = clerk.Do("GET", "/api/report/salesDetail?shopId="+itoa(w.otherShop), nil).Want(400)
	if res.Env.Errors["shopId"] == "" {
		t.Errorf("shopId by a non-administrator: %s", res.Body)
	}
	if r := get(t, w.admin, "/api/report/salesDetail?"+jan+"&shopId="+itoa(w.otherShop)); r.Records != 0 {
		t.Errorf("the other shop has no sales: %v", r.Rows)
	}
	if r := get(t, w.admin, "/api/report/salesDetail?"+jan+"&shopId="+itoa(w.shop)+","+itoa(w.otherShop)); r.Records != 2 {
		t.Errorf("both shops: %d", r.Records)
	}
}

func TestBadInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for _, c := range []struct{ url, field string }{
		{"/api/report/salesDetail?beginDate=2026-02-30", "beginDate"},
		{"/api/report/salesDetail?endDate=x'--", "endDate"},
		{"/api/report/salesDetail?beginDate=2026-03-01&endDate=2026-01-01", "beginDate"},
		{"/api/report/salesDetail?invId=abc", "invId"},
		{"/api/report/salesDetail?locationId=-3", "locationId"},
		{"/api/report/salesDetail?sidx=password", "sidx"},
		{"/api/report/salesDetail?sord=sideways", "sord"},
		{"/api/report/salesDetail?rows=0", "rows"},
		{"/api/report/deliverDetail?sidx=date", "sidx"},
		{"/api/report/puOrderDetail?status=9", "status"},
		{"/api/report/contactDebt?contactType=5", "contactType"},
		{"/api/report/invBalance?showZero=2", "showZero"},
		{"/api/report/salesDetail/export?sidx=nope", "sidx"},
	} {
		res := w.admin.Do("GET", c.url, nil)
		if res.Status != 400 || res.Env.Errors[c.field] == "" {
			t.Errorf("%s: %d %s", c.url, res.Status, res.Body)
		}
	}
	en := w.admin
	en.Lang = "en"
	res := en.Do("GET", "/api/report/salesDetail?beginDate=2026-03-01&endDate=2026-01-01", nil).Want(400)
	if !strings.Contains(res.Env.Msg+res.Env.Errors["beginDate"], "begin date") {
		t.Errorf("English message: %s", res.Body)
	}
	// hostile text is a filter value, not SQL
	if r := get(t, w.admin, "/api/report/salesDetail?matchCon="+url.QueryEscape("%' OR 1=1 --")); r.Records != 0 {
		t.Errorf("matchCon injection: %v", r.Rows)
	}
	w.admin.Do("GET", "/api/report/nope", nil).Want(404)
}

func TestOrderTrackingAndDashboard(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	var order doc
	w.admin.Do("POST", "/api/salesOrder/add?check=1", map[string]any{"date": "2026-01-03", "buId": w.customer, "locationId": w.main,
		"deliveryDate": "2026-01-20", "entries": []line{w.l(w.cola, w.bottle, w.main, "8", "6")}}).Want(200).Decode(&order)
	history(t, w)
	del := w.l(w.cola, w.bottle, w.main, "3", "6")
	del["srcOrderEntryId"], del["srcOrderId"] = order.Entries[0].ID, order.ID
	w.post("/api/sales", "2026-01-25", w.customer, w.main, nil, del)
	o := get(t, w.admin, "/api/report/salesOrderDetail?"+jan)
	if o.Records != 1 {
		t.Fatalf("%v", o.Rows)
	}
	want(t, "order", o.Rows[0], "qty", "8", "doneQty", "3", "leftQty", "5", "statusName", "部分完成", "deliveryDate", "2026-01-20")
	if r := get(t, w.admin, "/api/report/salesOrderDetail?"+jan+"&status=2"); r.Records != 0 {
		t.Errorf("status filter: %v", r.Rows)
	}

	var d map[string]any
	w.admin.Do("GET", "/api/report/dashboard", nil).Want(200).Decode(&d)
	if d["stockValue"] == nil || d["receivable"] == nil || d["months"] == nil {
		t.Errorf("dashboard for the administrator: %v", d)
	}
	// the stock value is the sum of balances: 可乐 21 left at 4 = 84, 雪碧 2 at 2.5 = 5
	if v, _ := json.Marshal(d["stockValue"]); string(v) != "89" {
		t.Errorf("stock value %s", v)
	}
	keeper := w.e.UserWith()
	var k map[string]any
	keeper.Do("GET", "/api/report/dashboard", nil).Want(200).Decode(&k)
	for _, key := range []string{"stockValue", "receivable", "payable", "topGoods", "months"} {
		if k[key] != nil {
			t.Errorf("dashboard shows %s without its right", key)
		}
	}
	if k["today"].(map[string]any)["sales"] != nil {
		t.Errorf("today's sales without the right: %v", k["today"])
	}
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// TestPagedInSQL: the line reports page, sort and total in SQL: every sort
// of salesDetail gives the same totals, pages tile the whole, computed
// columns (cost, margin) sort too.
func TestPagedInSQL(t *testing.T) {
	w := newWorld(t)
	history(t, w)
	a := w.admin
	year := "beginDate=2026-01-01&endDate=2026-12-31"
	whole := get(t, a, "/api/report/salesDetail?"+year)
	if whole.Records != 3 {
		t.Fatalf("3 sales lines in the year: %v", whole.Rows)
	}
	for _, s := range []string{"date", "billNo", "contactName", "invName", "qty", "amount", "cost", "unitCost", "profit", "margin", "locationName"} {
		for _, dir := range []string{"asc", "desc"} {
			var seen []string
			for page := 1; page <= 2; page++ {
				p := get(t, a, "/api/report/salesDetail?"+year+"&rows=2&page="+itoa(int64(page))+"&sidx="+s+"&sord="+dir)
				if p.Records != 3 || p.Total != 2 || num(p.Userdata, "profit") != num(whole.Userdata, "profit") {
					t.Errorf("sort %s %s page %d: records %d total %d totals %v", s, dir, page, p.Records, p.Total, p.Userdata)
				}
				for _, r := range p.Rows {
					seen = append(seen, num(r, "billNo")+"/"+num(r, "qty"))
				}
			}
			if len(seen) != 3 || len(slices.Compact(slices.Sorted(slices.Values(seen)))) != 3 {
				t.Errorf("sort %s %s: pages do not tile the rows: %v", s, dir, seen)
			}
		}
	}
	// margin ascending: the return (-2 on -6 = 33.33) ties the sale; 雪碧
	// (20 − 10 = 10 on 20 = 50) last
	m := get(t, a, "/api/report/salesDetail?"+year+"&sidx=margin&sord=asc")
	want(t, "highest margin last", m.Rows[2], "invName", "雪碧", "margin", "50")
	c := get(t, a, "/api/report/salesDetail?"+year+"&sidx=cost&sord=desc")
	want(t, "largest cost first", c.Rows[0], "cost", "20")
	want(t, "the return's cost last", c.Rows[2], "cost", "-4")
	// the sort key of a column the caller may not see is refused
	clerk := w.e.UserWith("report:salesDetail:query", "money:salesAmount:view")
	if res := clerk.Do("GET", "/api/report/salesDetail?"+year+"&sidx=cost", nil).Want(400); res.Env.Errors["sidx"] == "" {
		t.Errorf("sort by a hidden column: %s", res.Body)
	}
}

// TestExcelNumbers: figures are number cells in their decimal places,
// numbers and codes stay text.
func TestExcelNumbers(t *testing.T) {
	w := newWorld(t)
	history(t, w)
	res := w.admin.Do("GET", "/api/report/salesDetail/export?"+jan, nil).Want(200)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	sh := f.GetSheetList()[0]
	rows, _ := f.GetRows(sh)
	col := func(key string) string {
		i := slices.Index(rows[0], key)
		if i < 0 {
			t.Fatalf("no column %s in %v", key, rows[0])
		}
		name, _ := excelize.ColumnNumberToName(i + 1)
		return name
	}
	check := func(cell, raw, shown string, number bool) {
		t.Helper()
		v, _ := f.GetCellValue(sh, cell, excelize.Options{RawCellValue: true})
		s, _ := f.GetCellValue(sh, cell)
		typ, _ := f.GetCellType(sh, cell)
		isText := typ == excelize.CellTypeInlineString || typ == excelize.CellTypeSharedString
		if v != raw || s != shown || isText == number {
			t.Errorf("%s: raw %q shown %q text %v, want %q %q number %v", cell, v, s, isText, raw, shown, number)
		}
	}
	check(col("销售收入")+"2", "30", "30.00", true)
	check(col("数量")+"3", "-1", "-1.00", true)
	check(col("毛利率%")+"2", "33.33", "33.33", true)
	check(col("单据编号")+"2", rows[1][slices.Index(rows[0], "单据编号")], rows[1][slices.Index(rows[0], "单据编号")], false)
	check(col("销售收入")+"4", "24", "24.00", true) // the totals row
}

// TestInvBalanceBySkuInUnits: invBalance per goods × SKU, quantities also
// in the goods' units (箱 = 12 瓶).
func TestInvBalanceBySkuInUnits(t *testing.T) {
	w := newWorld(t)
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return w.e.Insert(q+" RETURNING id", args...) }
	group := ins("INSERT INTO unit_types (name, created_at, updated_at) VALUES ('瓶箱', ?, ?)", now, now)
	btl := ins("INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '支', 1000000, 1, ?, ?)", group, now, now)
	box := ins("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES (?, '箱', 12000000, ?, ?)", group, now, now)
	beer := ins("INSERT INTO goods (number, name, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP009', '啤酒', ?, ?, ?, ?)", group, btl, now, now)
	red := ins("INSERT INTO goods_skus (goods_id, assist_ids, name, created_at) VALUES (?, '1', '红', ?)", beer, now)
	blue := ins("INSERT INTO goods_skus (goods_id, assist_ids, name, created_at) VALUES (?, '2', '蓝', ?)", beer, now)
	l1 := w.l(beer, box, w.main, "3", "24")
	l1["skuId"] = red
	l2 := w.l(beer, btl, w.main, "5", "2")
	l2["skuId"] = red
	l3 := w.l(beer, btl, w.branch, "7", "2")
	l3["skuId"] = blue
	w.post("/api/purchase", "2026-03-01", w.supplier, w.main, nil, l1, l2, l3)
	out := w.l(beer, btl, w.main, "2", "3")
	out["skuId"] = red
	w.post("/api/sales", "2026-03-05", w.customer, w.main, nil, out)

	all := get(t, w.admin, "/api/report/invBalance?endDate=2026-03-31")
	want(t, "one row per goods", all.Rows[0], "invName", "啤酒", "qty", "46", "qtyText", "3 箱 10 支", "qty_"+itoa(w.main), "39")
	if slices.Contains(all.keys(), "skuName") {
		t.Errorf("SKU column without bySku: %v", all.keys())
	}
	by := get(t, w.admin, "/api/report/invBalance?endDate=2026-03-31&bySku=1")
	if by.Records != 2 || !slices.Contains(by.keys(), "skuName") {
		t.Fatalf("by SKU: %v", by.Rows)
	}
	want(t, "红", by.Rows[0], "skuName", "红", "qty", "39", "qtyText", "3 箱 3 支", "skuId", itoa(red))
	want(t, "蓝", by.Rows[1], "skuName", "蓝", "qty", "7", "qtyText", "7 支", "qty_"+itoa(w.branch), "7")
	want(t, "totals", by.Userdata, "qty", "46")
	// before the sale (the moves up to the date, near the first move)
	early := get(t, w.admin, "/api/report/invBalance?endDate=2026-03-02&bySku=1")
	want(t, "红 before the sale", early.Rows[0], "qty", "41", "qtyText", "3 箱 5 支")
	if res := w.admin.Do("GET", "/api/report/invBalance?bySku=2", nil).Want(400); res.Env.Errors["bySku"] == "" {
		t.Errorf("bySku=2: %s", res.Body)
	}
}

// TestGroupedInSQL: the grouped reports sort by any visible column, page
// (a page past the end keeps the count and totals), and lack the money
// columns without their right in JSON and Excel.
func TestGroupedInSQL(t *testing.T) {
	w := newWorld(t)
	history(t, w)
	a := w.admin
	year := "beginDate=2026-01-01&endDate=2026-12-31"
	s := get(t, a, "/api/report/deliverSummary?"+year+"&sidx=closeQty&sord=desc")
	if s.Records != 2 {
		t.Fatalf("two goods × warehouse rows: %v", s.Rows)
	}
	want(t, "largest closing first", s.Rows[0], "invName", "可乐", "closeQty", "24", "closeAmount", "96")
	want(t, "then", s.Rows[1], "invName", "雪碧", "closeQty", "2", "locationId", itoa(w.branch))
	want(t, "totals", s.Userdata, "closeQty", "26", "closeAmount", "101", "in_purchaseQty", "36", "out_salesQty", "9")
	past := get(t, a, "/api/report/deliverSummary?"+year+"&rows=1&page=5")
	if len(past.Rows) != 0 || past.Records != 2 || num(past.Userdata, "closeQty") != "26" {
		t.Errorf("a page past the end: %+v", past)
	}
	u := get(t, a, "/api/report/invBalance?endDate=2026-12-31&sidx=unitCost&sord=asc")
	want(t, "lowest unit cost first", u.Rows[0], "invName", "雪碧", "unitCost", "2.5")
	p := get(t, a, "/api/report/salesProfit?"+year+"&sidx=margin&sord=desc&rows=1")
	if p.Records != 3 || p.Total != 3 {
		t.Errorf("salesProfit paging: %+v", p)
	}
	want(t, "highest margin first", p.Rows[0], "margin", "50", "receivable", "20")
	want(t, "totals over every page", p.Userdata, "amount", "44", "profit", "18")
	g := get(t, a, "/api/report/salesSummaryInv?"+year+"&sidx=amount&sord=desc")
	want(t, "goods by revenue", g.Rows[0], "invName", "可乐", "amount", "24", "cost", "16")

	clerk := w.e.UserWith("report:deliverSummary:query", "report:deliverSummary:export", "report:salesProfit:query",
		"report:salesProfit:export", "report:salesSummaryInv:query", "money:salesAmount:view")
	for _, name := range []string{"deliverSummary", "salesProfit", "salesSummaryInv"} {
		r := get(t, clerk, "/api/report/"+name+"?"+year)
		for _, k := range r.keys() {
			if strings.Contains(strings.ToLower(k), "amount") && name == "deliverSummary" || k == "cost" || k == "profit" || k == "margin" || k == "netProfit" {
				t.Errorf("%s: column %s without the cost right", name, k)
			}
		}
		for k := range r.Userdata {
			if k == "cost" || k == "profit" || k == "closeAmount" || k == "openAmount" {
				t.Errorf("%s: total %s without the cost right", name, k)
			}
		}
		for k := range r.Rows[0] {
			if k == "cost" || k == "profit" || k == "closeAmount" {
				t.Errorf("%s: row field %s without the cost right", name, k)
			}
		}
		if res := clerk.Do("GET", "/api/report/"+name+"?"+year+"&sidx=cost", nil).Want(400); res.Env.Errors["sidx"] == "" {
			t.Errorf("%s: sort by a hidden column: %s", name, res.Body)
		}
	}
	want(t, "revenue with the sales right", get(t, clerk, "/api/report/salesProfit?"+year).Userdata, "amount", "44")
	for _, name := range []string{"deliverSummary", "salesProfit"} {
		res := clerk.Do("GET", "/api/report/"+name+"/export?"+year, nil).Want(200)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		for _, h := range rows[0] {
			if strings.HasSuffix(h, "成本") || strings.HasSuffix(h, "金额") || strings.Contains(h, "毛利") {
				t.Errorf("%s Excel header %s without the cost right: %v", name, h, rows[0])
			}
		}
		if last := rows[len(rows)-1]; last[0] != "合计" {
			t.Errorf("%s Excel ends with the totals row: %v", name, last)
		}
	}
}

// TestDeliverSummarySubTypes: the kinds with sub-types land in their own
// columns (stocktake gain 150701 and loss 150801 apart from other in and
// out), whether the opening comes from the moves before the period or
// from the balances less the moves since.
func TestDeliverSummarySubTypes(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.post("/api/purchase", "2026-01-05", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "20", "4"))
	w.post("/api/otherIn", "2026-01-07", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "10", "2"))
	w.post("/api/otherIn", "2026-01-07", w.supplier, w.main, map[string]any{"transType": 150701}, w.l(w.cola, w.bottle, w.main, "3", "2"))
	w.post("/api/otherOut", "2026-01-08", w.customer, w.main, map[string]any{"transType": 150801}, w.l(w.cola, w.bottle, w.main, "1", "0"))
	w.post("/api/otherOut", "2026-01-08", w.customer, w.main, nil, w.l(w.cola, w.bottle, w.main, "2", "0"))
	w.post("/api/purchase", "2026-03-25", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "1", "4"))
	for _, p := range []struct{ period, in, close string }{
		{"beginDate=2026-01-06&endDate=2026-01-10", "13", "30"}, // the opening from the moves before
		{"beginDate=2026-01-06&endDate=2026-03-31", "14", "31"}, // from the balances less the moves since
	} {
		s := get(t, w.admin, "/api/report/deliverSummary?"+p.period)
		if len(s.Rows) != 1 {
			t.Fatalf("%s: rows %v", p.period, s.Rows)
		}
		want(t, p.period, s.Rows[0], "openQty", "20", "openAmount", "80", "in_otherInQty", "10", "in_otherInAmount", "20",
			"in_stocktakeGainQty", "3", "in_stocktakeGainAmount", "6", "out_stocktakeLossQty", "1", "out_otherOutQty", "2",
			"inQty", p.in, "outQty", "3", "closeQty", p.close)
	}
	// the totals of whole months from the month-end snapshots' flows,
	// which keep the document types apart too
	if n, err := stock.BuildSnapshots(t.Context(), w.e.App.DB, "2026-04-01"); err != nil || n != 3 {
		t.Fatalf("snapshots: %d made, %v", n, err)
	}
	for _, period := range []string{"beginDate=2026-01-01&endDate=2026-01-31", "beginDate=2026-01-01&endDate=2026-02-28"} {
		s := get(t, w.admin, "/api/report/deliverSummary?"+period)
		want(t, period, s.Userdata, "openQty", "0", "in_purchaseQty", "20", "in_purchaseAmount", "80", "in_otherInQty", "10", "in_otherInAmount", "20",
			"in_stocktakeGainQty", "3", "in_stocktakeGainAmount", "6", "out_stocktakeLossQty", "1", "out_otherOutQty", "2",
			"inQty", "33", "outQty", "3", "closeQty", "30")
	}
}

// TestDashboardToday: documents dated today make the day's and the month's
// figures (sales net of tax, purchases, gross profit), the chart's last
// month, and the top goods and customers in order of sales, returns
// netted.
func TestDashboardToday(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	today := time.Now().Format(time.DateOnly)
	now := time.Now().UTC()
	other := w.e.Insert("INSERT INTO contacts (type, number, name, created_at, updated_at) VALUES (-10, 'KH099', '第二客户', ?, ?) RETURNING id", now, now)
	var first string
	if err := w.e.App.DB.QueryRow(t.Context(), "SELECT name FROM contacts WHERE id = ?", w.customer).Scan(&first); err != nil {
		t.Fatal(err)
	}
	w.post("/api/purchase", today, w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "20", "4"), w.l(w.sprite, w.piece, w.main, "20", "2"))
	w.post("/api/sales", today, w.customer, w.main, nil, w.l(w.cola, w.bottle, w.main, "5", "10"))   // 50, cost 20
	w.post("/api/sales", today, other, w.main, nil, w.l(w.sprite, w.piece, w.main, "10", "7"))       // 70, cost 20
	w.post("/api/reSales", today, other, w.main, nil, w.l(w.sprite, w.piece, w.main, "2", "7"))      // −14, cost −4
	w.post("/api/sales", today, w.customer, w.main, nil, w.l(w.sprite, w.piece, w.main, "1", "7.5")) // 7.5, cost 2
	type ranked struct {
		Name   string      `json:"name"`
		Amount json.Number `json:"amount"`
	}
	type figs struct {
		Month     string      `json:"month"`
		Sales     json.Number `json:"sales"`
		Purchases json.Number `json:"purchases"`
		Profit    json.Number `json:"profit"`
	}
	var d struct {
		Today, Month           figs
		Months                 []figs
		TopGoods, TopCustomers []ranked
	}
	w.admin.Do("GET", "/api/report/dashboard", nil).Want(200).Decode(&d)
	for _, f := range []figs{d.Today, d.Month} {
		if f.Sales != "113.5" || f.Purchases != "120" || f.Profit != "75.5" {
			t.Errorf("%+v, want sales 113.5, purchases 120, profit 75.5", f)
		}
	}
	if last := d.Months[len(d.Months)-1]; last.Month != today[:7] || last.Sales != "113.5" || last.Profit != "75.5" {
		t.Errorf("the chart's last month %+v", last)
	}
	list := func(rs []ranked) string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Name+"="+r.Amount.String())
		}
		return strings.Join(out, ",")
	}
	if g := list(d.TopGoods); g != "雪碧=63.5,可乐=50" {
		t.Errorf("top goods %s", g)
	}
	if c := list(d.TopCustomers); c != first+"=57.5,第二客户=56" {
		t.Errorf("top customers %s", c)
	}
}
