package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"cangshu/internal/db"
)

// raw writes, directly in one transaction and without HTTP, the rows an
// audited 5-line sales delivery writes: the number's sequence step, the
// header, the 5 lines, the 5 stock moves, the 5 balances, the customer's
// ledger row and balance (the sale is on credit) and the operation log. It
// is the floor BenchmarkSalesDelivery is measured against: what the same
// SQL costs when nothing else runs (no validation, no reads, no answer).
// Its moves and balances keep the ledger sound (a sale of 3 at the cost of
// 2.50 each, as the HTTP deliveries take), and its numbers ("RF…") never
// meet the documents' own.
func (w *salesWorld) raw(ctx context.Context) error {
	k := int(w.n.Add(1))
	const scale = 1_000_000
	shop := w.e.MainShop()
	now := time.Now().UTC()
	return w.e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		var seq int64
		if err := tx.QueryRow(ctx, "UPDATE bill_sequences SET last_seq = last_seq + 1 WHERE shop_id = ? AND kind = ? AND period = ? RETURNING last_seq",
			shop, "sales", "raw").Scan(&seq); err != nil {
			return fmt.Errorf("sequence: %w", err)
		}
		var id int64
		if err := tx.QueryRow(ctx, `INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, contact_id, employee_id, location_id, src_bill_id,
		description, delivery_date, total_qty, total_amount, dis_rate, dis_amount, amount, total_tax, total_tax_amount, rp_amount, arrears, hx_state,
		maker_id, checked, checker_id, checked_at, version, created_at, updated_at, fee)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			shop, "sales", 150601, fmt.Sprintf("RF%09d", seq), "2025-06-02", w.customer, nil, w.loc, nil,
			"bench", "", 15*scale, 59_850_000, 0, 0, 59_850_000, 0, 59_850_000, 0, 59_850_000, 0,
			1, 1, 1, now, 2, now, now, 0).Scan(&id); err != nil {
			return fmt.Errorf("header: %w", err)
		}
		goods := make([]int64, 5)
		for i := range goods {
			goods[i] = w.goods[(k*5+i)%len(w.goods)]
		}
		var q strings.Builder
		q.WriteString(`INSERT INTO bill_entries (bill_id, line_no, goods_id, sku_id, unit_id, unit_rate, location_id, qty, base_qty,
			price, discount_rate, deduction, amount, tax_rate, tax, tax_amount, batch, prod_date, valid_date, src_entry_id,
			src_order_id, src_order_entry_id, description, in_location_id, entry_type) VALUES `)
		var args []any
		for i, g := range goods {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, id, i+1, g, nil, w.unit, scale, w.loc, 3*scale, 3*scale,
				4_200_000, 5*scale, 630_000, 11_970_000, 0, 0, 11_970_000, "", "", "", nil, nil, nil, "", nil, 0)
		}
		q.WriteString(" RETURNING id")
		entries, err := ids(ctx, tx, q.String(), args)
		if err != nil {
			return fmt.Errorf("lines: %w", err)
		}
		q.Reset()
		args = args[:0]
		q.WriteString(`INSERT INTO stock_moves (goods_id, sku_id, location_id, batch, move_date, qty, amount, cost_mode, kind, bill_id, entry_id, opening_id, role,
			feed_key, weight, fee) VALUES `)
		for i, g := range goods {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, g, 0, w.loc, "", "2025-06-02", -3*scale, -7_500_000, 0, "sales", id, entries[i], nil, 0, nil, 0, 0)
		}
		q.WriteString(" RETURNING id")
		if _, err := ids(ctx, tx, q.String(), args); err != nil {
			return fmt.Errorf("moves: %w", err)
		}
		q.Reset()
		args = args[:0]
		q.WriteString("INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost) VALUES ")
		for i, g := range goods {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?)")
			args = append(args, g, 0, w.loc, "", -3*scale, -7_500_000, 2_500_000)
		}
		// The engine writes the new absolute figures it computed; here
		// the same statement adds the change, so that no read is needed.
		q.WriteString(` ON CONFLICT (goods_id, sku_id, location_id, batch) DO UPDATE SET qty = stock_balances.qty + excluded.qty,
			amount = stock_balances.amount + excluded.amount, last_cost = excluded.last_cost`)
		if _, err := tx.Exec(ctx, q.String(), args...); err != nil {
			return fmt.Errorf("balances: %w", err)
		}
		// The customer's ledger row and balance: the sale is on credit.
		if _, err := tx.Exec(ctx, "INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance) VALUES (?, ?, ?, ?, ?, ?)",
			id, shop, w.customer, "2025-06-02", 59_850_000, 0); err != nil {
			return fmt.Errorf("contact move: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO contact_balances (contact_id, debt, advance) VALUES (?, ?, ?)
			ON CONFLICT (contact_id) DO UPDATE SET debt = contact_balances.debt + excluded.debt, advance = contact_balances.advance + excluded.advance`,
			w.customer, 59_850_000, 0); err != nil {
			return fmt.Errorf("contact balance: %w", err)
		}
		if _, err := tx.Exec(ctx, `INSERT INTO sys_logs (module, action, request_method, request_uri, params, changes, ip, browser, os,
		status, elapsed_ms, user_id, username, shop_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			"sales", "log.sales.add", "POST", "/api/sales/add?check=1", string(w.body()), "", "127.0.0.1", "", "", 200, 3, 1, "admin", shop, now); err != nil {
			return fmt.Errorf("log: %w", err)
		}
		return nil
	})
}

func ids(ctx context.Context, tx *db.Tx, q string, args []any) ([]int64, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// echoServer answers every request with answer, after reading its body: a
// document's HTTP exchange without the app (transport, the client's own
// JSON, nothing else), reached with srv's client.
func echoServer(b *testing.B, srv *server, answer []byte) *server {
	ts := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		rw.Header().Set("Content-Type", "application/json")
		rw.Write(answer)
	}))
	b.Cleanup(ts.Close)
	return &server{url: ts.URL, token: srv.token, client: srv.client}
}

// BenchmarkSalesFloor measures BenchmarkSalesDelivery's documents beside
// their raw floor (the same writes in one transaction, no HTTP; see raw),
// alternating in rounds of 50 documents each in one run so that both see
// the same machine. Reported: http-docs/s, raw-docs/s and http/raw (the
// share of its own SQL's speed the HTTP path reaches), at 1 and 8 clients.
// Also the HTTP exchange alone (echo: the same request answered with a
// real document's answer by a handler that does nothing else) and
// best-http/raw, the share of the raw floor a document would reach if it
// cost its SQL and its exchange and nothing more.
func BenchmarkSalesFloor(b *testing.B) {
	w := newSalesWorld(b)
	w.e.Exec("INSERT INTO bill_sequences (shop_id, kind, period, last_seq) VALUES (?, 'sales', 'raw', 0)", w.e.MainShop())
	ctx := context.Background()
	answer := w.e.Admin().Do("POST", "/api/sales/add?check=1", w.body()).Want(200).Body
	echo := echoServer(b, w.srv, answer)
	for _, c := range []int{1, 8} {
		b.Run(fmt.Sprintf("clients=%d", c), func(b *testing.B) {
			n := max(b.N, 2*c)
			const round = 50
			var httpTime, rawTime, echoTime, httpCPU, rawCPU, echoCPU, httpServer, rawServer time.Duration
			var httpDocs, rawDocs int
			b.ResetTimer()
			for done := 0; done < n; {
				m := min(round, n-done)
				m = max(m, c)
				cpu, srv := cpuTime(), serverCPU()
				d, err := parallel(c, m, w.sale)
				if err != nil {
					b.Fatal(err)
				}
				httpCPU += cpuTime() - cpu
				httpServer += serverCPU() - srv
				httpTime += d
				httpDocs += m
				cpu, srv = cpuTime(), serverCPU()
				d, err = parallel(c, m, func() error { return w.raw(ctx) })
				if err != nil {
					b.Fatal(err)
				}
				rawCPU += cpuTime() - cpu
				rawServer += serverCPU() - srv
				rawTime += d
				rawDocs += m
				cpu = cpuTime()
				d, err = parallel(c, m, func() error { return w.saleOn(echo) })
				if err != nil {
					b.Fatal(err)
				}
				echoCPU += cpuTime() - cpu
				echoTime += d
				done += m
			}
			b.StopTimer()
			h := float64(httpDocs) / httpTime.Seconds()
			r := float64(rawDocs) / rawTime.Seconds()
			b.ReportMetric(h, "http-docs/s")
			b.ReportMetric(r, "raw-docs/s")
			b.ReportMetric(h/r, "http/raw")
			// the exchange alone, and the share of the raw floor left at best
			// to a document that costs its SQL and its exchange
			e := float64(rawDocs) / echoTime.Seconds() // as many exchanges as raw documents
			b.ReportMetric(e, "echo-docs/s")
			b.ReportMetric(e/(r+e), "best-http/raw")
			b.ReportMetric(float64(echoCPU.Microseconds())/float64(rawDocs), "echo-cpu-µs/doc")
			// CPU time of this process per document: on a busy shared
			// machine the steadier figure (waiting for a core is not in it).
			// On PostgreSQL the server's own work is not in it.
			b.ReportMetric(float64(httpCPU.Microseconds())/float64(httpDocs), "http-cpu-µs/doc")
			b.ReportMetric(float64(rawCPU.Microseconds())/float64(rawDocs), "raw-cpu-µs/doc")
			// PostgreSQL on this machine: its processes' CPU per document.
			if w.e.App.DB.Engine() == db.Postgres && httpServer+rawServer > 0 {
				b.ReportMetric(float64(httpServer.Microseconds())/float64(httpDocs), "http-pg-cpu-µs/doc")
				b.ReportMetric(float64(rawServer.Microseconds())/float64(rawDocs), "raw-pg-cpu-µs/doc")
			}
		})
	}
	bad := w.e.Count(`SELECT COUNT(*) FROM stock_balances sb WHERE sb.qty <> (SELECT COALESCE(SUM(m.qty), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)
		OR sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)`)
	bad += w.e.Count(`SELECT COUNT(*) FROM contact_balances cb WHERE cb.debt <> (SELECT COALESCE(SUM(m.debt), 0) FROM contact_moves m
		WHERE m.contact_id = cb.contact_id)`)
	if bad != 0 {
		b.Fatalf("%d balances differ from the ledger", bad)
	}
}

// parallel runs do n times from clients goroutines and answers the wall time.
func parallel(clients, n int, do func() error) (time.Duration, error) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var first error
	var once sync.Once
	start := time.Now()
	for range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				if err := do(); err != nil {
					once.Do(func() { first = err })
					return
				}
			}
		}()
	}
	wg.Wait()
	return time.Since(start), first
}

// BenchmarkSalesNodes: BenchmarkSalesDelivery's documents from 8 clients
// spread over 1, 2 and 3 app nodes on the same database (each node with its
// own connections and caches, as separate processes behind a load
// balancer; run it on PostgreSQL, CANGSHU_TEST_PG). On one machine the
// nodes share its cores: the figure shows what several nodes cost in
// coordination (locks, the shared counters), not what more machines add.
func BenchmarkSalesNodes(b *testing.B) {
	w := newSalesWorld(b)
	srvs := []*server{w.srv}
	for range 2 {
		n := w.e.Node()
		ts := httptest.NewServer(n.App.Handler())
		b.Cleanup(ts.Close)
		srvs = append(srvs, &server{url: ts.URL, token: w.srv.token, client: w.srv.client})
	}
	for nodes := 1; nodes <= 3; nodes++ {
		b.Run(fmt.Sprintf("nodes=%d", nodes), func(b *testing.B) {
			var k atomic.Int64
			latency(b, 8, func() error { return w.saleOn(srvs[int(k.Add(1))%nodes]) })
		})
	}
}

// cpuTime is the CPU time this process used so far (user and system).
func cpuTime() time.Duration {
	var u syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &u)
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}

// serverCPU is the CPU time used so far by the processes named postgres on
// this machine (the database server, when it runs here: its share of a
// document's work, which cpuTime leaves out), read from /proc; 0 when
// none can be read. Processes that ended meanwhile are not counted, so it
// is meaningful over a run in which the server's connections stay open.
func serverCPU() time.Duration {
	dirs, _ := os.ReadDir("/proc")
	var ticks int64
	for _, d := range dirs {
		if d.Name()[0] < '0' || d.Name()[0] > '9' {
			continue
		}
		b, err := os.ReadFile("/proc/" + d.Name() + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state … : comm may hold spaces, so split after ')'
		open, end := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || end < open || string(b[open+1:end]) != "postgres" {
			continue
		}
		f := strings.Fields(string(b[end+1:]))
		if len(f) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(f[11], 10, 64) // utime (field 14)
		k, _ := strconv.ParseInt(f[12], 10, 64) // stime (field 15)
		ticks += u + k
	}
	return time.Duration(ticks) * (time.Second / 100) // USER_HZ
}
