package report_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"
	"time"

	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// TestCrossReportInvariants runs a random history of purchases, sales,
// returns and un-audits (back-dated on purpose, both valuation methods) and
// checks the reports against each other and the stock balances:
// deliverSummary closing = invBalance at the end date = stock balances; a
// period's opening = the previous period's closing; salesProfit totals =
// salesDetail totals; contactDebt = the contacts' balances.
// CANGSHU_SEED reproduces a run, CANGSHU_STEPS sets its length.
func TestCrossReportInvariants(t *testing.T) {
	t.Parallel()
	seed := time.Now().UnixNano() % 100000
	if s, err := strconv.ParseInt(os.Getenv("CANGSHU_SEED"), 10, 64); err == nil {
		seed = s
	}
	steps := 80
	if s, err := strconv.Atoi(os.Getenv("CANGSHU_STEPS")); err == nil {
		steps = s
	}
	for _, method := range []string{"movingAverage", "fifo"} {
		t.Run(method, func(t *testing.T) {
			t.Logf("seed %d, %d steps (CANGSHU_SEED=%d reproduces)", seed, steps, seed)
			rng := rand.New(rand.NewPCG(uint64(seed), 7))
			w := newWorld(t)
			w.admin.Do("POST", "/api/config/system", map[string]any{"valMethods": method}).Want(200)
			goods := []struct{ id, unit int64 }{{w.cola, w.bottle}, {w.sprite, w.piece}}
			locs := []int64{w.main, w.branch}
			var audited []struct {
				path string
				id   int64
			}
			for range steps {
				g := goods[rng.IntN(2)]
				loc := locs[rng.IntN(2)]
				date := fmt.Sprintf("2026-%02d-%02d", 1+rng.IntN(3), 1+rng.IntN(28))
				qty := strconv.Itoa(1 + rng.IntN(9))
				price := fmt.Sprintf("%d.%02d", 1+rng.IntN(9), rng.IntN(100))
				path, contact := "/api/purchase", w.supplier
				switch k := rng.IntN(10); {
				case k < 4:
				case k < 8:
					path, contact = "/api/sales", w.customer
				case k < 9:
					path, contact = "/api/reSales", w.customer
				default:
					path = "/api/rePurchase"
				}
				if rng.IntN(12) == 0 && len(audited) > 0 {
					d := audited[rng.IntN(len(audited))]
					w.admin.Do("POST", d.path+"/uncheck?id="+itoa(d.id), nil) // may be refused (stock)
					continue
				}
				body := map[string]any{"date": date, "buId": contact, "locationId": loc,
					"entries": []line{w.l(g.id, g.unit, loc, qty, price)}}
				res := w.admin.Do("POST", path+"/add?check=1", body)
				if res.Status == 200 {
					var d doc
					res.Decode(&d)
					audited = append(audited, struct {
						path string
						id   int64
					}{path, d.ID})
				} else if res.Status != 400 {
					t.Fatalf("%s: %s", path, res.Body)
				}
			}
			t.Logf("%d documents audited", len(audited))
			checkInvariants(t, w)

			// Stock snapshots (month ends) change no figure: the stock at
			// a date and a period's opening read from a snapshot and the
			// moves since equal the moves before; a back-dated document
			// makes the later snapshots stale, and the figures follow it.
			was := stockFigures(t, w)
			snaps := func() {
				t.Helper()
				n, err := stock.BuildSnapshots(t.Context(), w.e.App.DB, "2026-12-01")
				if err != nil || n == 0 {
					t.Fatalf("snapshots: %d made, %v", n, err)
				}
			}
			snaps()
			if now := stockFigures(t, w); !reflect.DeepEqual(now, was) {
				t.Errorf("figures with month-end snapshots differ:\n%v\nwithout:\n%v", now, was)
			}
			checkInvariants(t, w)
			w.admin.Do("POST", "/api/purchase/add?check=1", map[string]any{"date": "2026-01-02", "buId": w.supplier, "locationId": w.main,
				"entries": []line{w.l(w.cola, w.bottle, w.main, "7", "3.33")}}).Want(200)
			var valid int
			w.e.App.DB.QueryRow(t.Context(), "SELECT COUNT(*) FROM stock_snapshots WHERE state = 'valid'").Scan(&valid)
			if valid != 0 {
				t.Errorf("%d snapshots still valid after a document dated 2026-01-02", valid)
			}
			was = stockFigures(t, w)
			snaps()
			if now := stockFigures(t, w); !reflect.DeepEqual(now, was) {
				t.Errorf("after the back-dated purchase, figures with snapshots differ:\n%v\nwithout:\n%v", now, was)
			}
			checkInvariants(t, w)
		})
	}
}

func checkInvariants(t *testing.T, w *world) {
	t.Helper()
	a := w.admin
	checkSummaryPages(t, w)
	year := "beginDate=2026-01-01&endDate=2026-12-31"
	// deliverSummary closing = invBalance at the end date = balances
	sum := get(t, a, "/api/report/deliverSummary?"+year+"&rows=1000")
	bal := get(t, a, "/api/report/invBalance?endDate=2026-12-31&rows=1000&showZero=1")
	type qa struct{ q, a string }
	closing := map[string]qa{}
	for _, r := range sum.Rows {
		closing[num(r, "invId")+"/"+num(r, "locationId")] = qa{num(r, "closeQty"), num(r, "closeAmount")}
	}
	rows, err := w.e.App.DB.Query(t.Context(), `SELECT goods_id, location_id, SUM(qty), SUM(amount) FROM stock_balances GROUP BY goods_id, location_id`)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for rows.Next() {
		var g, l int64
		var q, am dec.Dec
		if err := rows.Scan(&g, &l, &q, &am); err != nil {
			t.Fatal(err)
		}
		if q.IsZero() && am.IsZero() {
			continue
		}
		n++
		key := itoa(g) + "/" + itoa(l)
		if c := closing[key]; c.q != q.String() || c.a != am.String() {
			t.Errorf("%s: deliverSummary closing %v, balances %s / %s", key, c, q, am)
		}
		for _, r := range bal.Rows {
			if num(r, "invId") == itoa(g) {
				if num(r, "qty_"+itoa(l)) != q.String() || num(r, "amount_"+itoa(l)) != am.String() {
					t.Errorf("%s: invBalance %s / %s, balances %s / %s", key, num(r, "qty_"+itoa(l)), num(r, "amount_"+itoa(l)), q, am)
				}
			}
		}
	}
	rows.Close()
	if n == 0 {
		t.Fatal("the history left no stock: nothing compared")
	}
	// a period's opening = the previous period's closing, and invBalance at
	// the day before
	for _, split := range []string{"2026-02-01", "2026-02-15", "2026-03-01"} {
		t0, _ := time.Parse(time.DateOnly, split)
		prev := t0.AddDate(0, 0, -1).Format(time.DateOnly)
		before := get(t, a, "/api/report/deliverSummary?beginDate=2026-01-01&endDate="+prev+"&rows=1000")
		after := get(t, a, "/api/report/deliverSummary?beginDate="+split+"&endDate=2026-12-31&rows=1000")
		at := get(t, a, "/api/report/invBalance?endDate="+prev+"&rows=1000")
		was := map[string]qa{}
		for _, r := range before.Rows {
			was[num(r, "invId")+"/"+num(r, "locationId")] = qa{num(r, "closeQty"), num(r, "closeAmount")}
		}
		for _, r := range after.Rows {
			key := num(r, "invId") + "/" + num(r, "locationId")
			c, ok := was[key]
			if !ok {
				c = qa{"0", "0"}
			}
			if c.q != num(r, "openQty") || c.a != num(r, "openAmount") {
				t.Errorf("%s at %s: opening %s / %s, previous closing %v", key, split, num(r, "openQty"), num(r, "openAmount"), c)
			}
		}
		// one goods (invId) is that goods' rows of the whole, whether the
		// opening came from the moves before or the balances less the
		// moves since
		for _, whole := range []struct {
			url string
			a   answer
		}{
			{"/api/report/deliverSummary?beginDate=2026-01-01&endDate=" + prev + "&rows=1000", before},
			{"/api/report/deliverSummary?beginDate=" + split + "&endDate=2026-12-31&rows=1000", after}} {
			for _, g := range []int64{w.cola, w.sprite} {
				var want []map[string]any
				for _, r := range whole.a.Rows {
					if num(r, "invId") == itoa(g) {
						want = append(want, r)
					}
				}
				got := get(t, a, whole.url+"&invId="+itoa(g))
				if !reflect.DeepEqual(got.Rows, want) && (len(got.Rows) > 0 || len(want) > 0) {
					t.Errorf("%s&invId=%d: %v, the whole's rows %v", whole.url, g, got.Rows, want)
				}
			}
		}
		if num(before.Userdata, "closeQty") != num(at.Userdata, "qty") || num(before.Userdata, "closeAmount") != num(at.Userdata, "amount") {
			t.Errorf("at %s: closing %v, invBalance %v", prev, before.Userdata, at.Userdata)
		}
	}
	// salesProfit totals = salesDetail totals
	p := get(t, a, "/api/report/salesProfit?"+year)
	d := get(t, a, "/api/report/salesDetail?"+year)
	// the dashboard's months (sales from the documents' totals, profit
	// from the moves or the snapshots' flows) = salesDetail's totals
	var dash struct {
		Months []struct {
			Sales  dec.Dec  `json:"sales"`
			Profit *dec.Dec `json:"profit"`
		} `json:"months"`
	}
	a.Do("GET", "/api/report/dashboard", nil).Want(200).Decode(&dash)
	ms, mp := dec.Zero, dec.Zero
	for _, m := range dash.Months {
		ms = ms.Add(m.Sales)
		if m.Profit != nil {
			mp = mp.Add(*m.Profit)
		}
	}
	if ms.String() != num(d.Userdata, "amount") || mp.String() != num(d.Userdata, "profit") {
		t.Errorf("dashboard months: sales %s, profit %s; salesDetail %s, %s", ms, mp, num(d.Userdata, "amount"), num(d.Userdata, "profit"))
	}
	for _, k := range []string{"qty", "amount", "cost", "profit", "margin"} {
		if num(p.Userdata, k) != num(d.Userdata, k) {
			t.Errorf("%s: salesProfit %s, salesDetail %s", k, num(p.Userdata, k), num(d.Userdata, k))
		}
	}
	// contactDebt = the contacts' balances (the customer list)
	cd := get(t, a, "/api/report/contactDebt?contactType=-10&showZero=1")
	var cl struct {
		Rows []struct {
			Balance json.Number `json:"balance"`
		} `json:"rows"`
	}
	a.Do("GET", "/api/contact/list?type=-10", nil).Want(200).Decode(&cl)
	if len(cl.Rows) != 1 || cl.Rows[0].Balance.String() != num(cd.Rows[0], "receivable") {
		t.Errorf("contactDebt %v, customer list %v", cd.Rows, cl.Rows)
	}
}

// stockFigures are the answers of the reports that read the stock at a
// date forward (invBalance, deliverSummary's opening, deliverDetail),
// at dates a month-end snapshot lies before, and the dashboard (its
// months' cost of sales).
func stockFigures(t *testing.T, w *world) []string {
	t.Helper()
	var out []string
	for _, url := range []string{
		"invBalance?endDate=2026-01-15", "invBalance?endDate=2026-02-10", "invBalance?endDate=2026-02-28", "invBalance?endDate=2026-03-05",
		"invBalance?endDate=2026-02-10&bySku=1", "invBalance?endDate=2026-02-10&invId=" + itoa(w.cola),
		"deliverSummary?beginDate=2026-02-10&endDate=2026-02-20", "deliverSummary?beginDate=2026-03-01&endDate=2026-03-10",
		"deliverSummary?beginDate=2026-02-10&endDate=2026-02-20&invId=" + itoa(w.sprite),
		"deliverDetail?beginDate=2026-02-10&endDate=2026-02-20", "deliverDetail?beginDate=2026-03-02&endDate=2026-03-09&invId=" + itoa(w.cola),
		"dashboard?of=months", // the cost of sales by month from the snapshots' flows
	} {
		out = append(out, url+" → "+string(w.admin.Do("GET", "/api/report/"+url+"&rows=1000", nil).Want(200).Body))
	}
	return out
}

// checkSummaryPages: deliverSummary's pages in its default order (each
// grouping only its own pairs) are, one after another, the rows, count and
// totals of the whole report sorted by goods number (every pair grouped),
// for periods on and off month ends, one goods, and for a page past the end.
func checkSummaryPages(t *testing.T, w *world) {
	t.Helper()
	for _, f := range []string{"beginDate=2026-01-01&endDate=2026-12-31", "beginDate=2026-02-01&endDate=2026-02-28",
		"beginDate=2026-02-10&endDate=2026-03-20", "beginDate=2026-04-01&endDate=2026-04-30",
		"beginDate=2026-02-10&endDate=2026-03-20&invId=" + itoa(w.cola)} {
		base := "/api/report/deliverSummary?" + f
		whole := get(t, w.admin, base+"&rows=1000&sidx=invNumber")
		var rows []map[string]any
		for page := 1; ; page++ {
			a := get(t, w.admin, base+"&rows=1&page="+itoa(int64(page)))
			if a.Records != whole.Records || !reflect.DeepEqual(a.Userdata, whole.Userdata) {
				t.Errorf("%s page %d: %d rows, totals %v; sorted: %d rows, totals %v", f, page, a.Records, a.Userdata, whole.Records, whole.Userdata)
			}
			if len(a.Rows) == 0 {
				break
			}
			rows = append(rows, a.Rows...)
		}
		if !reflect.DeepEqual(rows, whole.Rows) && !(len(rows) == 0 && len(whole.Rows) == 0) {
			t.Errorf("%s: pages\n%v\nsorted\n%v", f, rows, whole.Rows)
		}
	}
}
