package track_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// world: goods 手机 (serial numbers, 365 warranty days) and 牛奶 (batches,
// 30 days shelf life), both in unit 台/盒; warehouses 总仓 and 分仓 of the
// main shop; a supplier and a customer; ISSERNUM and ISWARRANTY on.
type world struct {
	e                  *apptest.Env
	a                  *apptest.Client
	phone, milk, plain int64
	main, branch       int64
	supplier, customer int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, a: e.Admin()}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('台', 1, ?, ?)", now, now)
	w.phone = ins("INSERT INTO goods (number, name, unit_id, is_ser_num, safe_days, created_at, updated_at) VALUES ('SP001', '手机', ?, 1, 365, ?, ?)", unit, now, now)
	w.milk = ins("INSERT INTO goods (number, name, unit_id, is_warranty, safe_days, created_at, updated_at) VALUES ('SP002', '牛奶', ?, 1, 30, ?, ?)", unit, now, now)
	w.plain = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '杯子', ?, ?, ?)", unit, now, now)
	loc := func(num, name string) int64 {
		return ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?)", num, name, now, now)
	}
	w.main, w.branch = loc("CK001", "总仓"), loc("CK002", "分仓")
	shop := e.MainShop()
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?), (?, ?)", shop, w.main, shop, w.branch)
	w.supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东电子', 'hd', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三', 'zs', ?, ?)", now, now)
	w.a.Do("POST", "/api/config/system", map[string]any{"ISSERNUM": 1, "ISWARRANTY": 1}).Want(200)
	return w
}

type line = map[string]any

func (w *world) doc(contact, loc int64, date string, lines ...line) map[string]any {
	return map[string]any{"date": date, "buId": contact, "locationId": loc, "entries": lines}
}

func phones(qty int, serials ...string) line {
	l := line{"qty": qty, "price": 1000, "serNumList": []map[string]string{}}
	list := []map[string]string{}
	for _, s := range serials {
		list = append(list, map[string]string{"serNum": s})
	}
	l["serNumList"] = list
	return l
}

func (w *world) phoneLine(serials ...string) line {
	l := phones(len(serials), serials...)
	l["invId"] = w.phone
	return l
}

type doc struct {
	ID      int64 `json:"id"`
	Entries []struct {
		Batch      string `json:"batch"`
		ProdDate   string `json:"prodDate"`
		ValidDate  string `json:"validDate"`
		SerNumList []struct {
			SerNum string `json:"serNum"`
		} `json:"serNumList"`
	} `json:"entries"`
}

func (w *world) save(path string, body any) doc {
	w.e.T.Helper()
	var d doc
	w.a.Do("POST", path, body).Want(200).Decode(&d)
	return d
}

// refused posts and wants a 400/409 whose message has every part.
func (w *world) refused(t *testing.T, status int, path string, body any, parts ...string) {
	t.Helper()
	r := w.a.Do("POST", path, body)
	if r.Status != status {
		t.Fatalf("%s: status %d, want %d: %s", path, r.Status, status, r.Body)
	}
	for _, p := range parts {
		if !strings.Contains(r.Env.Msg, p) {
			t.Fatalf("%s: message %q lacks %q", path, r.Env.Msg, p)
		}
	}
}

func (w *world) batchMsg(path string) string {
	w.e.T.Helper()
	var res []apptest.Batch
	w.a.Do("POST", path, nil).Want(200).Decode(&res)
	if len(res) != 1 {
		w.e.T.Fatalf("%s: %d results", path, len(res))
	}
	return res[0].Msg
}

func TestSerialsSavedWithTheDraft(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	d := w.save("/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("A1", " A2 ")))
	var got doc
	w.a.Do("GET", fmt.Sprintf("/api/purchase/query?id=%d", d.ID), nil).Want(200).Decode(&got)
	if len(got.Entries) != 1 || len(got.Entries[0].SerNumList) != 2 || got.Entries[0].SerNumList[1].SerNum != "A2" {
		t.Fatalf("serials of the draft: %+v", got.Entries)
	}
	// Nothing is in stock until the audit.
	if n := w.e.Count("SELECT COUNT(*) FROM serials"); n != 0 {
		t.Fatalf("%d serials before audit", n)
	}
	// The update replaces them.
	body := w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("A3"))
	body["id"], body["version"] = d.ID, 1
	w.save("/api/purchase/update", body)
	if s := w.e.Text("SELECT MIN(serial) || '/' || COUNT(*) FROM bill_entry_serials"); s != "A3/1" {
		t.Fatalf("serials after update: %s", s)
	}
}

func TestSerialsRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("S1", "S2", "S3")))
	w.save("/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-03-02", w.phoneLine("S3")))
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("R1")))
	w.save("/api/rePurchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-02", w.phoneLine("R1")))
	cup := line{"invId": w.plain, "qty": 1, "price": 1, "serNumList": []map[string]string{{"serNum": "X"}}}
	short := w.phoneLine("S9")
	short["qty"] = 2
	cases := []struct {
		name, path string
		body       any
		parts      []string
	}{
		{"duplicate in one line", "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-03", w.phoneLine("N1", "N1")), []string{"N1", "重复"}},
		{"duplicate across lines", "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-03", w.phoneLine("N1"), w.phoneLine("N1")), []string{"N1", "第 1 行和第 2 行"}},
		{"count differs from quantity", "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-03", short), []string{"须录入 2 个序列号", "已录入 1 个"}},
		{"serials on goods without", "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-03", cup), []string{"杯子", "不管理序列号"}},
		{"receipt of a serial in stock", "/api/purchase/add?check=1", w.doc(w.supplier, w.branch, "2025-03-03", w.phoneLine("S1")), []string{"S1", "已在库", "总仓"}},
		{"delivery of a serial never received", "/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-03-03", w.phoneLine("Z9")), []string{"Z9", "不在库存中"}},
		{"delivery of a serial already sold", "/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-03-03", w.phoneLine("S3")), []string{"S3", "不在库存中"}},
		{"delivery from the wrong warehouse", "/api/sales/add?check=1", w.doc(w.customer, w.branch, "2025-03-03", w.phoneLine("S1")), []string{"S1", "在“总仓”", "不在“分仓”"}},
		{"return of a serial in stock", "/api/reSales/add?check=1", w.doc(w.customer, w.main, "2025-03-03", w.phoneLine("S2")), []string{"S2", "已在库"}},
		{"return of a serial never sold", "/api/reSales/add?check=1", w.doc(w.customer, w.main, "2025-03-03", w.phoneLine("Q1")), []string{"Q1", "未曾售出", "不能退回"}},
		{"return of a serial sent back to the supplier", "/api/reSales/add?check=1", w.doc(w.customer, w.main, "2025-03-03", w.phoneLine("R1")), []string{"R1", "不能退回"}},
		{"purchase return of a serial not in stock", "/api/rePurchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-03", w.phoneLine("S3")), []string{"S3", "不在库存中"}},
	}
	bills := w.e.Count("SELECT COUNT(*) FROM bills")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { w.refused(t, 400, c.path, c.body, c.parts...) })
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != bills {
		t.Fatalf("refused documents left %d bills, want %d", n, bills)
	}
	if s := w.e.Text("SELECT COUNT(*) || '/' || SUM(in_stock) FROM serials"); s != "4/2" {
		t.Fatalf("serials/in stock after refusals: %s", s)
	}
}

func TestSerialHistoryAndReversal(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("H1", "H2")))
	sale := w.save("/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-04-10", w.phoneLine("H1")))
	var h struct {
		InStock      int    `json:"inStock"`
		LocationName string `json:"locationName"`
		SaleDate     string `json:"saleDate"`
		WarrantyEnd  string `json:"warrantyEnd"`
		Moves        []struct {
			BillNo      string `json:"billNo"`
			Kind        string `json:"kind"`
			Direction   int    `json:"direction"`
			ContactName string `json:"contactName"`
		} `json:"moves"`
	}
	w.a.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=H1", w.phone), nil).Want(200).Decode(&h)
	if h.InStock != 0 || h.SaleDate != "2025-04-10" || h.WarrantyEnd != "2026-04-10" || len(h.Moves) != 2 ||
		h.Moves[0].Kind != "purchase" || h.Moves[0].Direction != 1 || h.Moves[1].Kind != "sales" || h.Moves[1].ContactName != "张三" {
		t.Fatalf("history of H1: %+v", h)
	}
	w.a.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=NOPE", w.phone), nil).Want(404)
	var list []struct{ SerNum string }
	w.a.Do("GET", fmt.Sprintf("/api/serNum/list?invId=%d&locationId=%d", w.phone, w.main), nil).Want(200).Decode(&list)
	if len(list) != 1 || list[0].SerNum != "H2" {
		t.Fatalf("in stock: %+v", list)
	}
	// The sold serial comes back by a return; the sale cannot be
	// un-audited while the return holds its serial.
	ret := w.save("/api/reSales/add?check=1", w.doc(w.customer, w.branch, "2025-04-20", w.phoneLine("H1")))
	if msg := w.batchMsg(fmt.Sprintf("/api/sales/uncheck?id=%d", sale.ID)); !strings.Contains(msg, "H1") || !strings.Contains(msg, "反审核") {
		t.Fatalf("un-audit of the sale: %q", msg)
	}
	w.a.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=H1", w.phone), nil).Want(200).Decode(&h)
	if h.InStock != 1 || h.LocationName != "分仓" || h.WarrantyEnd != "" || len(h.Moves) != 3 {
		t.Fatalf("history after the return: %+v", h)
	}
	// Un-audit the return, then the sale: H1 is back in 总仓.
	if msg := w.batchMsg(fmt.Sprintf("/api/reSales/uncheck?id=%d", ret.ID)); msg != "" {
		t.Fatal(msg)
	}
	if msg := w.batchMsg(fmt.Sprintf("/api/sales/uncheck?id=%d", sale.ID)); msg != "" {
		t.Fatal(msg)
	}
	w.a.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=H1", w.phone), nil).Want(200).Decode(&h)
	if h.InStock != 1 || h.LocationName != "总仓" || len(h.Moves) != 1 {
		t.Fatalf("history after un-audits: %+v", h)
	}
	// Audit the sale again (its stored serials apply again).
	if msg := w.batchMsg(fmt.Sprintf("/api/sales/check?id=%d", sale.ID)); msg != "" {
		t.Fatal(msg)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM serials WHERE in_stock = 1"); n != 1 {
		t.Fatalf("%d in stock", n)
	}
}

// Two receipts of the same new serial audited at the same time: exactly
// one succeeds (the unique index and the conditional upsert).
func TestSerialConcurrentReceipts(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	for round := range 5 {
		sn := fmt.Sprintf("C%d", round)
		ids := make([]int64, 2)
		for i := range ids {
			ids[i] = w.save("/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine(sn))).ID
		}
		msgs := make([]string, 2)
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Go(func() {
				r := w.a.Do("POST", fmt.Sprintf("/api/purchase/check?id=%d", id), nil)
				var res []apptest.Batch
				if r.Status != 200 || json.Unmarshal(r.Env.Data, &res) != nil || len(res) != 1 {
					msgs[i] = fmt.Sprintf("status %d: %s", r.Status, r.Body)
					return
				}
				if !res[0].OK {
					msgs[i] = res[0].Msg
				}
			})
		}
		wg.Wait()
		ok := 0
		for _, m := range msgs {
			if m == "" {
				ok++
			} else if !strings.Contains(m, sn) || !strings.Contains(m, "已在库") {
				t.Fatalf("round %d: refusal %q", round, m)
			}
		}
		if ok != 1 {
			t.Fatalf("round %d: %d audits succeeded: %q", round, ok, msgs)
		}
		if n := w.e.Count("SELECT COUNT(*) FROM serials WHERE serial = ? AND in_stock = 1", sn); n != 1 {
			t.Fatalf("round %d: %d rows in stock", round, n)
		}
		if n := w.e.Count("SELECT COUNT(*) FROM stock_moves m JOIN bills b ON b.id = m.bill_id WHERE b.checked = 1 AND m.bill_id IN (?, ?)", ids[0], ids[1]); n != 1 {
			t.Fatalf("round %d: %d stock moves", round, n)
		}
	}
}

func TestBatches(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	milk := func(qty int, batch, prod, valid string) line {
		return line{"invId": w.milk, "qty": qty, "price": 5, "batch": batch, "prodDate": prod, "validDate": valid}
	}
	w.refused(t, 400, "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-01", milk(1, "", "", "")), "牛奶", "批次")
	w.refused(t, 400, "/api/purchase/add", w.doc(w.supplier, w.main, "2025-03-01", milk(1, "B0", "2025-02-01", "2025-01-01")), "到期日期早于生产日期")
	r := w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-01",
		milk(10, "B1", "2025-02-01", ""), milk(4, "B2", "2025-01-20", ""), milk(6, "B3", "2025-02-10", "2025-02-15")))
	if r.Entries[0].ValidDate != "2025-03-03" || r.Entries[1].ValidDate != "2025-02-19" || r.Entries[2].ValidDate != "2025-02-15" {
		t.Fatalf("expiry from shelf life: %+v", r.Entries)
	}
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.branch, "2025-03-01", milk(2, "B1", "", "")))
	type batch struct {
		Batch        string      `json:"batch"`
		LocationName string      `json:"locationName"`
		Qty          json.Number `json:"qty"`
		ValidDate    string      `json:"validDate"`
	}
	var got []batch
	w.a.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d&locationId=%d", w.milk, w.main), nil).Want(200).Decode(&got)
	want := "B3 6 2025-02-15|B2 4 2025-02-19|B1 10 2025-03-03"
	if s := batchesString(got, func(b batch) string { return b.Batch + " " + b.Qty.String() + " " + b.ValidDate }); s != want {
		t.Fatalf("batches: %s, want %s", s, want)
	}
	// A delivery names a batch; its dates come from the batch; the
	// balance is per batch.
	sale := w.save("/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-03-05", milk(6, "B3", "", ""), line{"invId": w.milk, "qty": 1, "price": 5, "batch": "B2"}))
	if sale.Entries[0].ValidDate != "2025-02-15" || sale.Entries[1].ProdDate != "2025-01-20" {
		t.Fatalf("delivery dates: %+v", sale.Entries)
	}
	w.a.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d", w.milk), nil).Want(200).Decode(&got)
	want = "B2 总仓 3|B1 总仓 10|B1 分仓 2"
	if s := batchesString(got, func(b batch) string { return b.Batch + " " + b.LocationName + " " + b.Qty.String() }); s != want {
		t.Fatalf("batches after the sale: %s, want %s", s, want)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM stock_balances WHERE goods_id = ? AND batch = 'B3' AND qty = 0", w.milk); n != 1 {
		t.Fatal("B3 balance not emptied")
	}
	// A delivery without a batch, or from a batch without stock, is refused.
	w.refused(t, 400, "/api/sales/add", w.doc(w.customer, w.main, "2025-03-05", line{"invId": w.milk, "qty": 1, "price": 5}), "牛奶", "批次")
	w.refused(t, 400, "/api/sales/add?check=1", w.doc(w.customer, w.main, "2025-03-05", milk(1, "B3", "", "")), "牛奶", "总仓")
}

func batchesString[T any](rows []T, f func(T) string) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = f(r)
	}
	return strings.Join(parts, "|")
}

// A user of another shop learns nothing of a serial received only in the
// main shop (neither that it exists nor its warehouse); the administrator
// sees it with all its moves.
func TestSerialHistoryStaysInTheShop(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, w.main, "2025-03-01", w.phoneLine("S1", "S2")))
	now := time.Now().UTC()
	shopB := w.e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S002', '乙店', ?, ?) RETURNING id", now, now)
	locB := w.e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK009', '乙仓', ?, ?) RETURNING id", now, now)
	w.e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", shopB, locB)
	other := w.e.UserWith("report:serNumTracer:query")
	w.e.Exec("INSERT INTO user_shops (user_id, shop_id) SELECT id, ? FROM users WHERE username = ?", shopB, other.Username)
	other.Do("POST", "/api/home/switchShop", map[string]any{"shopId": shopB}).Want(200)
	path := fmt.Sprintf("/api/serNum/history?invId=%d&serNum=S1", w.phone)
	r := other.Do("GET", path, nil)
	if r.Status != 404 || strings.Contains(string(r.Body), "总仓") {
		t.Fatalf("shop B sees shop A's serial: %d %s", r.Status, r.Body)
	}
	// A user of the main shop sees it, and so does the administrator.
	mine := w.e.UserWith("report:serNumTracer:query")
	if r := mine.Do("GET", path, nil).Want(200); !strings.Contains(string(r.Body), "总仓") {
		t.Fatalf("main shop: %s", r.Body)
	}
	if r := w.a.Do("GET", path, nil).Want(200); !strings.Contains(string(r.Body), "总仓") {
		t.Fatalf("administrator: %s", r.Body)
	}
}
