package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
	"cangshu/internal/i18n"
	"cangshu/internal/report"
	srv "cangshu/internal/server"
	"cangshu/internal/stock"
)

// BenchmarkReports: the reports' full scale (docs/reports.md): 1,000,000 stock moves
// from 200,000 audited documents (5 lines each; 60% sales, 40% purchases)
// over 2025, 10,000 goods, 10 warehouses, 5,000 customers and 100
// suppliers, seeded straight into the tables (with balances = the sums of
// the moves). CANGSHU_BENCH_DIV=n divides documents, goods and customers
// by n (the seeding of the full scale takes minutes on a busy machine).
// Sub-benchmarks: invBalance at a past date, deliverSummary for a month
// (also sorted by a column) and a year, salesDetail first page with totals
// for a month, contactDebt, a customer's statement for the year (with and
// without its goods lines), receivableDetail for a month (every customer),
// the dashboard, and the Excel of salesDetail for ~100,000 rows with the
// peak heap it needed.
func BenchmarkReports(b *testing.B) {
	div := 1
	if v, err := strconv.Atoi(os.Getenv("CANGSHU_BENCH_DIV")); err == nil && v > 0 {
		div = v
	}
	docs, goods, customers, locs := 200_000/div, 10_000/div, 5_000/div, 10
	d, shop := reportWorld(b, docs, goods, customers, locs)
	svc := report.NewService(d)
	p := &srv.Principal{UserID: 1, ShopID: shop, Roles: []string{srv.RootRole}}
	ctx := context.Background()
	lp := srv.ListParams{Page: 1, Rows: 100}
	run := func(name, rep string, f report.Filter, sort ...string) {
		lp := lp
		if len(sort) > 0 {
			lp.Sidx = sort[0]
		}
		b.Run(name, func(b *testing.B) {
			var rows int
			cpu := cpuTime()
			for b.Loop() {
				a, err := svc.Run(ctx, p, i18n.ZH, rep, f, nil, lp)
				if err != nil {
					b.Fatal(err)
				}
				rows = a.Records
			}
			reportCPU(b, cpu)
			b.ReportMetric(float64(rows), "rows")
		})
	}
	all := report.Filter{Status: -1}
	at := all
	at.EndDate = "2025-06-30"
	month := all
	month.BeginDate, month.EndDate = "2025-06-01", "2025-06-30"
	// the stock at a date in the middle of the year from the ledger alone
	// (no snapshot yet), then from the month-end snapshots the app builds
	// in the background (stock.KeepSnapshots), built here
	run("invBalance/pastDate/ledger", "invBalance", at)
	run("deliverSummary/month/ledger", "deliverSummary", month)
	t0, cpu0 := time.Now(), cpuTime()
	n, err := stock.BuildSnapshots(ctx, d, "2026-01-01")
	if err != nil || n != 12 {
		b.Fatalf("month-end snapshots: %d made, %v", n, err)
	}
	settle(b, d)
	var snapRows int
	d.QueryRow(ctx, "SELECT COUNT(*) FROM stock_snapshot_rows").Scan(&snapRows)
	b.Logf("12 month-end snapshots (%d rows) built in %v (%v CPU of the Go process)", snapRows, time.Since(t0).Round(time.Millisecond), (cpuTime() - cpu0).Round(time.Millisecond))
	run("invBalance/pastDate", "invBalance", at)
	run("deliverSummary/month", "deliverSummary", month)
	// sorted by a column: every pair grouped (the default order groups the
	// page's pairs only)
	run("deliverSummary/month/byCloseQty", "deliverSummary", month, "closeQty")
	year := all
	year.BeginDate, year.EndDate = "2025-01-01", "2025-12-31"
	run("deliverSummary/year", "deliverSummary", year)
	run("salesDetail/month", "salesDetail", month)
	run("contactDebt", "contactDebt", all)
	// a customer's statement for the year (its ~24 documents among 200,000)
	statement := year
	statement.BuID = 1
	run("customerReconciliation/year", "customerReconciliation", statement)
	statement.ShowGoods = true
	run("customerReconciliation/year/goods", "customerReconciliation", statement)
	run("receivableDetail/month", "receivableDetail", month)
	b.Run("dashboard", func(b *testing.B) {
		cpu := cpuTime()
		for b.Loop() {
			if _, err := svc.Dashboard(ctx, p, i18n.ZH); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	// the dashboard of a shop whose last twelve months are all busy: seen
	// on 2025-12-31, its chart covers the whole seeded year
	b.Run("dashboard/busyYear", func(b *testing.B) {
		busy := report.NewService(d)
		busy.Now = func() time.Time { return time.Date(2025, 12, 31, 18, 0, 0, 0, time.Local) }
		cpu := cpuTime()
		for b.Loop() {
			if _, err := busy.Dashboard(ctx, p, i18n.ZH); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, cpu)
	})
	// a busy year's sales lines, first page with totals
	run("salesDetail/year", "salesDetail", year)
	// ~100,000 rows at the full scale: the sales lines of 2025-01..2025-04
	// (600,000 sales lines a year).
	excel := all
	excel.BeginDate, excel.EndDate = "2025-01-01", "2025-03-02"
	b.Run("excel/salesDetail", func(b *testing.B) {
		var peak atomic.Uint64
		stop := make(chan struct{})
		go func() {
			var m runtime.MemStats
			for {
				select {
				case <-stop:
					return
				case <-time.After(20 * time.Millisecond):
					runtime.ReadMemStats(&m)
					if m.HeapInuse > peak.Load() {
						peak.Store(m.HeapInuse)
					}
				}
			}
		}()
		var size, rows int
		cpu := cpuTime()
		for b.Loop() {
			f, err := svc.Export(ctx, p, i18n.ZH, "salesDetail", excel, nil, srv.ListParams{Page: 1, Rows: 1})
			if err != nil {
				b.Fatal(err)
			}
			size = len(f.Data)
		}
		reportCPU(b, cpu)
		close(stop)
		a, _ := svc.Run(ctx, p, i18n.ZH, "salesDetail", excel, nil, lp)
		rows = a.Records
		b.ReportMetric(float64(rows), "rows")
		b.ReportMetric(float64(size)/1e6, "MB-file")
		b.ReportMetric(float64(peak.Load())/1e6, "MB-peak-heap")
	})
}

// cpuTime is the process's CPU time so far (user + system): on a shared
// machine the wall time of a benchmark measures the queue for the cores,
// the CPU time what the work costs (PostgreSQL's share runs in its own
// processes and is not counted).
func reportCPU(b *testing.B, since time.Duration) {
	b.ReportMetric(float64(cpuTime()-since)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// reportWorld seeds the documents, lines, moves and balances.
func reportWorld(b *testing.B, docs, goods, customers, locs int) (*db.DB, int64) {
	ctx := context.Background()
	d := dbtest.Open(b)
	now := time.Now().UTC()
	start := time.Now()
	rng := rand.New(rand.NewPCG(1, 2))
	var shop int64
	exec := func(tx *db.Tx, q string, args ...any) {
		if _, err := tx.Exec(ctx, q, args...); err != nil {
			b.Fatalf("%.80s: %v", q, err)
		}
	}
	// multi-row INSERT of rows of n columns
	bulk := func(tx *db.Tx, head string, n int, rows [][]any) {
		per := 900 / n
		for len(rows) > 0 {
			k := min(per, len(rows))
			ph := "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")"
			args := make([]any, 0, k*n)
			for _, r := range rows[:k] {
				args = append(args, r...)
			}
			exec(tx, head+" VALUES "+strings.TrimSuffix(strings.Repeat(ph+",", k), ","), args...)
			rows = rows[k:]
		}
	}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRow(ctx, `INSERT INTO shops (code, name, status, sort, created_at, updated_at) VALUES ('S001', '总店', 1, 1, ?, ?)
		  ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`, now, now).Scan(&shop); err != nil {
			return err
		}
		exec(tx, "INSERT INTO units (id, name, is_base, created_at, updated_at) VALUES (1, '个', 1, ?, ?)", now, now)
		var rows [][]any
		for i := range locs {
			rows = append(rows, []any{i + 1, fmt.Sprintf("L%02d", i), fmt.Sprintf("仓库%d", i), now, now})
		}
		bulk(tx, "INSERT INTO locations (id, number, name, created_at, updated_at)", 5, rows)
		rows = nil
		for i := range locs {
			rows = append(rows, []any{shop, i + 1})
		}
		bulk(tx, "INSERT INTO shop_locations (shop_id, location_id)", 2, rows)
		rows = nil
		for i := range goods {
			rows = append(rows, []any{i + 1, fmt.Sprintf("G%05d", i), fmt.Sprintf("商品%d", i), 1, now, now})
		}
		bulk(tx, "INSERT INTO goods (id, number, name, unit_id, created_at, updated_at)", 6, rows)
		rows = nil
		suppliers := 100
		for i := range customers + suppliers {
			typ, num := -10, fmt.Sprintf("KH%05d", i)
			if i >= customers {
				typ, num = 10, fmt.Sprintf("GY%05d", i)
			}
			rows = append(rows, []any{i + 1, typ, num, "单位" + num, now, now})
		}
		bulk(tx, "INSERT INTO contacts (id, type, number, name, created_at, updated_at)", 6, rows)
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	// documents in batches of 2,000, each batch its own transaction
	type key struct{ g, l int }
	bal := map[key][2]int64{}
	const lines = 5
	entry := int64(0)
	for first := 0; first < docs; first += 2000 {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			var bills, entries, moves [][]any
			for i := first; i < min(first+2000, docs); i++ {
				id := int64(i + 1)
				date := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*365/docs).Format(time.DateOnly)
				sale := rng.IntN(10) < 6
				kind, tt, contact, sign := "purchase", 150501, customers+1+rng.IntN(100), int64(1)
				if sale {
					kind, tt, contact, sign = "sales", 150601, 1+rng.IntN(customers), -1
				}
				loc := 1 + rng.IntN(locs)
				var total int64
				for j := range lines {
					entry++
					g := 1 + rng.IntN(goods)
					qty := int64(1+rng.IntN(5)) * 1_000_000
					price := int64(10+rng.IntN(90)) * 1_000_000
					amount := qty / 1_000_000 * price
					cost := qty / 1_000_000 * 8_000_000
					total += amount
					entries = append(entries, []any{entry, id, j + 1, g, 1, 1_000_000, loc, qty, qty, price, amount, amount})
					moves = append(moves, []any{g, loc, date, sign * qty, sign * cost, 1, kind, id, entry})
					k := key{g, loc}
					v := bal[k]
					bal[k] = [2]int64{v[0] + sign*qty, v[1] + sign*cost}
				}
				bills = append(bills, []any{id, shop, kind, tt, fmt.Sprintf("B%07d", i), date, contact, loc, total, total, total, total, 1, now, now})
			}
			bulk(tx, `INSERT INTO bills (id, shop_id, kind, trans_type, bill_no, bill_date, contact_id, location_id, total_amount, amount,
			  total_tax_amount, arrears, checked, created_at, updated_at)`, 15, bills)
			bulk(tx, `INSERT INTO bill_entries (id, bill_id, line_no, goods_id, unit_id, unit_rate, location_id, qty, base_qty, price, amount, tax_amount)`, 12, entries)
			bulk(tx, `INSERT INTO stock_moves (goods_id, location_id, move_date, qty, amount, cost_mode, kind, bill_id, entry_id)`, 9, moves)
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	err = d.InTx(ctx, func(tx *db.Tx) error {
		var rows [][]any
		for k, v := range bal {
			rows = append(rows, []any{k.g, k.l, v[0], v[1]})
		}
		bulk(tx, "INSERT INTO stock_balances (goods_id, location_id, qty, amount)", 4, rows)
		// the money ledger: every document leaves its amount owed
		for _, q := range []string{
			`INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance)
			  SELECT id, shop_id, contact_id, bill_date, arrears, 0 FROM bills`,
			`INSERT INTO contact_balances (contact_id, debt, advance) SELECT contact_id, SUM(debt), SUM(advance) FROM contact_moves GROUP BY contact_id`,
		} {
			exec(tx, q)
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	settle(b, d)
	b.Logf("seeded %d documents, %d moves, %d goods, %d customers, %d warehouses in %s", docs, docs*lines, goods, customers, locs, time.Since(start).Round(time.Second))
	return d, shop
}

// settle brings the bulk-written tables to the state a running database
// keeps them in: statistics, and on PostgreSQL the visibility map
// (autovacuum's work after bulk inserts; without it an index-only scan
// visits every row it names).
func settle(b *testing.B, d *db.DB) {
	b.Helper()
	q := "ANALYZE"
	if d.Engine() == db.Postgres {
		q = "VACUUM (ANALYZE)"
	}
	if _, err := d.Exec(context.Background(), q); err != nil {
		b.Fatal(err)
	}
}
