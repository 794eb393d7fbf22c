package bill_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// The overflow cases (docs/limits.md): figures beyond the limits
// are refused with a 400 naming the field; stock, contact and list figures
// never wrap, and the lists keep answering.
func TestFiguresBeyondTheLimitsAreRefusedAndListsKeepAnswering(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	clerk := w.e.UserWith("purchase:purchase:query", "purchase:purchase:add")
	big := func(qty, price string) map[string]any {
		return w.doc(w.supplier, "2025-07-01", line{"invId": w.sprite, "qty": json.Number(qty), "price": json.Number(price)})
	}
	apptest.Run(t, []apptest.Step{
		// Two audited purchases of 5,000,000 × 1,000,000 wrapped the balance.
		{Name: "5,000,000 × 1,000,000 audited", As: a, Method: "POST", Path: "/api/purchase/add?check=1", Body: big("5000000", "1000000"), Status: 400, Field: "entries[0].amount", MsgHas: "1000000000000"},
		{Name: "the same again", As: a, Method: "POST", Path: "/api/purchase/add?check=1", Body: big("5000000", "1000000"), Status: 400, Field: "entries[0].amount"},
		{Name: "a clerk's draft of it", As: clerk, Method: "POST", Path: "/api/purchase/add", Body: big("5000000", "1000000"), Status: 400, Field: "entries[0].amount"},
		{Name: "10,000,000 × 10,000,000", As: a, Method: "POST", Path: "/api/purchase/add", Body: big("10000000", "10000000"), Status: 400, Field: "entries[0].amount"},
		{Name: "quantity beyond the limit", As: a, Method: "POST", Path: "/api/purchase/add", Body: big("1000000001", "0"), Status: 400, Field: "entries[0].qty"},
		{Name: "price beyond the limit", As: a, Method: "POST", Path: "/api/purchase/add", Body: big("1", "1000000001"), Status: 400, Field: "entries[0].price"},
		{Name: "a huge exponent", As: a, Method: "POST", Path: "/api/purchase/add", Body: big("1e400", "1"), Status: 400, Field: "entries[0].qty"},
		{Name: "in base units beyond the limit", As: a, Method: "POST", Path: "/api/purchase/add",
			Body: w.doc(w.supplier, "2025-07-01", line{"invId": w.cola, "unitId": w.box, "qty": json.Number("900000000"), "price": json.Number("0")}), Status: 400, Field: "entries[0].qty"},
		{Name: "a document total beyond the limit", As: a, Method: "POST", Path: "/api/purchase/add",
			Body: w.doc(w.supplier, "2025-07-01", line{"invId": w.sprite, "qty": json.Number("1000000"), "price": json.Number("1000000")},
				line{"invId": w.sprite, "qty": json.Number("1"), "price": json.Number("1")}), Status: 400, Field: "totalAmount"},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != 0 {
		t.Fatalf("refused documents were written: %d", n)
	}

	// At the limits: five audited purchases of 1,000,000 × 1,000,000 fill
	// the balance and the supplier's debt; the sixth is refused whole.
	for range 5 {
		w.save(a, "/api/purchase/add?check=1", big("1000000", "1000000"))
	}
	a.Lang = "en"
	res := a.Do("POST", "/api/purchase/add?check=1", big("1000000", "1000000")).Want(400)
	a.Lang = ""
	if !strings.Contains(res.Env.Msg, "雪碧") && !strings.Contains(res.Env.Msg, "华东饮料") || !strings.Contains(res.Env.Msg, "largest allowed") {
		t.Fatalf("sixth purchase: %s", res.Body)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != 5 {
		t.Fatalf("%d documents after the refused sixth", n)
	}
	if v := w.e.Count("SELECT amount FROM stock_balances WHERE goods_id = ?", w.sprite); v != 5_000_000_000_000*1_000_000 {
		t.Fatalf("balance value %d", v)
	}
	// Ten drafts by a clerk take the list total past int64 micros: the
	// lists answer with the exact total.
	for range 10 {
		w.save(clerk, "/api/purchase/add", big("1000000", "1000000"))
	}
	var list struct {
		Records  int `json:"records"`
		Userdata struct {
			TotalAmount json.Number `json:"totalAmount"`
			Arrears     json.Number `json:"arrears"`
		} `json:"userdata"`
	}
	a.Do("GET", "/api/purchase/list?rows=5", nil).Want(200).Decode(&list)
	if list.Records != 15 || list.Userdata.TotalAmount != "15000000000000" || list.Userdata.Arrears != "15000000000000" {
		t.Fatalf("purchase list: %+v", list)
	}
	clerk.Do("GET", "/api/purchase/list", nil).Want(200)
	a.Do("GET", "/api/contact/list?type=10", nil).Want(200)
	a.Do("GET", "/api/contact/exporterSupplier", nil).Want(200)
	a.Do("GET", "/api/purchase/export", nil).Want(200)
}

// Documents dated before the start date or absurdly far ahead are refused
// with a message naming the bound.
func TestDatesOutsideTheSystemsRangeAreRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	next := time.Now().UTC().AddDate(0, 0, 30).Format("2006-01-02")
	tooLate := time.Now().UTC().AddDate(2, 0, 0).Format("2006-01-02")
	withLine := func(date string, mod func(l line)) map[string]any {
		l := w.colaLine("1", "1")
		if mod != nil {
			mod(l)
		}
		return w.doc(w.supplier, date, l)
	}
	order := func(delivery string) map[string]any {
		b := withLine("2025-07-01", nil)
		b["deliveryDate"] = delivery
		return b
	}
	apptest.Run(t, []apptest.Step{
		{Name: "0001-01-01", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine("0001-01-01", nil), Status: 400, Field: "date", MsgHas: apptest.TestStartDate},
		{Name: "the day before the start", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine("2019-12-31", nil), Status: 400, Field: "date"},
		{Name: "9999-12-31", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine("9999-12-31", nil), Status: 400, Field: "date"},
		{Name: "two years ahead", As: a, Lang: "en", Method: "POST", Path: "/api/purchase/add", Body: withLine(tooLate, nil), Status: 400, Field: "date", MsgHas: "too far ahead"},
		{Name: "a delivery date in 9999", As: a, Method: "POST", Path: "/api/purOrder/add", Body: order("9999-12-31"), Status: 400, Field: "deliveryDate"},
		{Name: "a production date in year 1", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine("2025-07-01", func(l line) { l["prodDate"] = "0001-01-01" }), Status: 400, Field: "entries[0].prodDate"},
		{Name: "the start date", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine(apptest.TestStartDate, nil), Status: 200},
		{Name: "next month", As: a, Method: "POST", Path: "/api/purchase/add", Body: withLine(next, nil), Status: 200},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != 2 {
		t.Fatalf("%d documents", n)
	}
}

// A settlement account's balance cannot be taken past the largest balance
// either: purchases paid in full never touch the supplier's debt, but six
// of 1,000,000 × 1,000,000 over two goods would take the cash account to
// −6,000,000,000,000 (+ its opening); the sixth is refused whole.
func TestAccountBalanceBeyondTheLimitIsRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	paid := func(goods int64) map[string]any {
		b := w.doc(w.supplier, "2025-07-01", line{"invId": goods, "qty": json.Number("1000000"), "price": json.Number("1000000")})
		b["accounts"] = []map[string]any{{"accId": w.cash, "payment": json.Number("1000000000000")}}
		return b
	}
	for i := range 5 {
		w.save(a, "/api/purchase/add?check=1", paid([]int64{w.sprite, w.cola}[i%2]))
	}
	a.Lang = "en"
	res := a.Do("POST", "/api/purchase/add?check=1", paid(w.cola)).Want(400)
	a.Lang = ""
	if !strings.Contains(res.Env.Msg, "现金") || !strings.Contains(res.Env.Msg, "largest allowed") {
		t.Fatalf("sixth purchase: %s", res.Body)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != 5 {
		t.Fatalf("%d documents after the refused sixth", n)
	}
	a.Do("GET", "/api/settAcct/list", nil).Want(200)
}
