package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
)

// moneyWorld: 10,000 customers (seedCustomers) and CANGSHU_BENCH_BILLS
// audited sales deliveries (default 1,000,000) written straight into the
// database with their money ledger rows: the first 10,000 (each owing 10)
// belong to customer 1, the rest are spread over every customer. The
// contact balances are the ledger's sums, as audits leave them.
type moneyWorld struct {
	e     *apptest.Env
	srv   *server
	cash  int64
	first []int64 // customer 1's deliveries, oldest first
}

const openOfOne = 10_000

func newMoneyWorld(b *testing.B) *moneyWorld {
	b.Helper()
	bills := 1_000_000
	if s := os.Getenv("CANGSHU_BENCH_BILLS"); s != "" {
		bills, _ = strconv.Atoi(s)
	}
	bills = max(bills, openOfOne)
	e := apptest.New(b)
	seedCustomers(b, e, 10000)
	w := &moneyWorld{e: e}
	now := time.Now().UTC()
	w.cash = e.Insert("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH001', '现金', ?, ?) RETURNING id", now, now)
	shop := e.MainShop()
	ctx := context.Background()
	t0 := time.Now()
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		const per = 500
		for start := 0; start < bills; start += per {
			end := min(start+per, bills)
			var sb strings.Builder
			args := make([]any, 0, 9*(end-start))
			for i := start; i < end; i++ {
				if i > start {
					sb.WriteString(", ")
				}
				contact := 1
				if i >= openOfOne {
					contact = 1 + i%10000
				}
				date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i%500).Format("2006-01-02")
				sb.WriteString("(?, 'sales', 150601, ?, ?, ?, 10000000, 10000000, 10000000, 1, ?, ?)")
				args = append(args, shop, fmt.Sprintf("XS%08d", i), date, contact, now, now)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, contact_id, total_amount, amount, arrears, checked,
				created_at, updated_at) VALUES `+sb.String(), args...); err != nil {
				return err
			}
		}
		for _, s := range []string{
			`INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance)
			  SELECT id, shop_id, contact_id, bill_date, arrears, 0 FROM bills WHERE kind = 'sales'`,
			`INSERT INTO contact_balances (contact_id, debt, advance) SELECT contact_id, SUM(debt), SUM(advance) FROM contact_moves GROUP BY contact_id`,
		} {
			if _, err := tx.Exec(ctx, s); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	// The figures are the requests', not the seeding's aftermath: on
	// SQLite the write-ahead log of the seeding (hundreds of megabytes) is
	// copied into the database now, not by the checkpointer while the
	// requests are timed; PostgreSQL gets its statistics and visibility map.
	if e.App.DB.Engine() == db.Postgres {
		e.Exec("VACUUM ANALYZE")
	} else {
		e.Exec("PRAGMA wal_checkpoint(TRUNCATE)")
	}
	b.Logf("%d deliveries with their ledger seeded in %v", bills, time.Since(t0).Round(time.Millisecond))
	ids, err := db.Values[int64](ctx, e.App.DB, "SELECT id FROM bills WHERE contact_id = 1 ORDER BY bill_date, id")
	if err != nil {
		b.Fatal(err)
	}
	w.first = ids
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	w.srv = &server{url: ts.URL, token: e.Admin().Token, client: ts.Client()}
	return w
}

// BenchmarkMoney: the money documents' figures (docs/scaling.md) on one world (SQLite, or
// PostgreSQL with CANGSHU_TEST_PG). Goals: unsettled list of a customer
// with 10,000 open documents < 50 ms; a receipt settling 500 documents
// (saved and audited at once) < 200 ms; the customer list with balances
// of 10,000 customers over 1,000,000 documents < 200 ms (a page of 50
// sorted by balance, and all 10,000 rows). Every figure is a real HTTP
// request to the server (httptest, over TCP: routing, authentication,
// the service, JSON), timed by the client; cpu-ms/op is this process's
// CPU time per request (the server's share; PostgreSQL's runs in its own
// processes), which the queue for a shared machine's cores does not
// inflate.
func BenchmarkMoney(b *testing.B) {
	w := newMoneyWorld(b)
	admin := w.e.Admin()
	b.Run("unsettled10k", func(b *testing.B) {
		var r struct {
			Totalsize int `json:"totalsize"`
		}
		admin.Do("GET", "/api/receipt/unsettled?buId=1", nil).Want(200).Decode(&r)
		if r.Totalsize != len(w.first) {
			b.Fatalf("%d open, want %d", r.Totalsize, len(w.first))
		}
		start, cpu := time.Now(), cpuTime()
		for b.Loop() {
			if err := w.srv.get("/api/receipt/unsettled?buId=1"); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/list")
		reportCPU(b, cpu)
	})
	for _, c := range []struct{ name, path string }{
		{"customers50ByBalance", "/api/contact/list?type=-10&page=1&rows=50&sidx=balance&sord=desc"},
		{"customers10k", "/api/contact/list?type=-10&page=1&rows=10000"},
	} {
		b.Run(c.name, func(b *testing.B) {
			var l apptest.List[struct {
				Balance json.Number `json:"balance"`
			}]
			admin.Do("GET", c.path, nil).Want(200).Decode(&l)
			if l.Records != 10000 || l.Rows[0].Balance == "" {
				b.Fatalf("%d customers", l.Records)
			}
			start, cpu := time.Now(), cpuTime()
			for b.Loop() {
				if err := w.srv.get(c.path); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/page")
			reportCPU(b, cpu)
		})
	}
	b.Run("receipt500", func(b *testing.B) {
		checks := make([]map[string]any, 500)
		for i := range checks {
			checks[i] = map[string]any{"billId": w.first[i], "nowCheck": 10}
		}
		body, err := json.Marshal(map[string]any{"date": "2025-06-01", "buId": 1, "accounts": []map[string]any{{"accId": w.cash, "payment": 5000}},
			"checks": checks})
		if err != nil {
			b.Fatal(err)
		}
		var total, cpu time.Duration
		n := 0
		for b.Loop() {
			t, c := time.Now(), cpuTime()
			var d struct {
				Data struct {
					ID int64 `json:"id"`
				} `json:"data"`
			}
			if err := w.srv.post("/api/receipt/add?check=1", body, &d); err != nil {
				b.Fatal(err)
			}
			total += time.Since(t)
			cpu += cpuTime() - c
			n++
			// Undo it (not measured) so that the next one finds the 500 open.
			b.StopTimer()
			admin.Do("POST", fmt.Sprintf("/api/receipt/uncheck?id=%d", d.Data.ID), nil).Want(200)
			admin.Do("DELETE", fmt.Sprintf("/api/receipt/delete?id=%d", d.Data.ID), nil).Want(200)
			b.StartTimer()
		}
		b.ReportMetric(float64(total.Microseconds())/1000/float64(n), "ms/receipt")
		b.ReportMetric(float64(cpu.Microseconds())/1000/float64(n), "cpu-ms/op")
	})
}
