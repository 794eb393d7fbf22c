package trade_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
)

// The race for the last units: 50 clients, each with its own HTTP client
// and sign-in, save and audit at once (POST /api/sales/add?check=1) a sale
// of 1 unit while 10 are in stock. Exactly 10 go; every other client gets
// the negative-stock message naming goods, warehouse and shortfall; no
// deadlock, no lost update: the balance ends at 0 worth 0 with 10 audited
// sales and 10 moves.

const (
	racers   = 50
	lastQty  = 10
	raceDate = "2025-06-01"
)

// TestLastUnitsOneApp races on one app (the engine of the run: SQLite, or
// PostgreSQL with CANGSHU_TEST_PG) over real HTTP.
func TestLastUnitsOneApp(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	srv := httptest.NewServer(e.App.Handler())
	t.Cleanup(srv.Close)
	raceLastUnits(t, e.App.DB, []string{srv.URL})
}

// TestLastUnitsThreeServers races on PostgreSQL with three server
// processes of the real binary sharing one database (CANGSHU_TEST_PG).
func TestLastUnitsThreeServers(t *testing.T) {
	t.Parallel()
	start := time.Now()
	d, urls := apptest.Servers(t, 3)
	raceLastUnits(t, d, urls)
	t.Logf("total %s", time.Since(start).Round(time.Millisecond))
}

// raceLastUnits sets up goods with 10 units in stock through the database
// and the API, runs the race over the servers at urls and checks the result.
func raceLastUnits(t *testing.T, d *db.DB, urls []string) {
	ctx := context.Background()
	now := time.Now().UTC()
	var goods, loc, customer, supplier int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		ins := func(q string, args ...any) int64 {
			var id int64
			if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return id
		}
		unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
		goods = ins("INSERT INTO goods (number, name, spec, unit_id, created_at, updated_at) VALUES ('SP100', '可口可乐', '500ml', ?, ?, ?)", unit, now, now)
		loc = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?)", now, now)
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
			return err
		}
		customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH100', '张三超市', 'zscs', ?, ?)", now, now)
		supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY100', '华东饮料', 'hdyl', ?, ?)", now, now)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := apptest.SignIn(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	a, err := setup.Post("/api/purchase/add?check=1", map[string]any{"date": "2025-05-01", "buId": supplier, "locationId": loc,
		"entries": []map[string]any{{"invId": goods, "qty": lastQty, "price": "3.33"}}})
	if err != nil || a.Status != 200 {
		t.Fatalf("purchase: %v %d %s", err, a.Status, a.Msg)
	}

	// Every client signs in at its server first; then all sell at once.
	clients := make([]*apptest.Remote, racers)
	var wg sync.WaitGroup
	errc := make(chan error, racers)
	for i := range racers {
		wg.Go(func() {
			c, err := apptest.SignIn(urls[i%len(urls)])
			if err != nil {
				errc <- err
				return
			}
			clients[i] = c
		})
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Fatal(err)
	}
	answers := make([]apptest.Answer, racers)
	fails := make([]error, racers)
	gate := make(chan struct{})
	started := time.Now()
	for i, c := range clients {
		wg.Go(func() {
			<-gate
			answers[i], fails[i] = c.Post("/api/sales/add?check=1", map[string]any{"date": raceDate, "buId": customer, "locationId": loc,
				"entries": []map[string]any{{"invId": goods, "qty": 1, "price": 5}}})
		})
	}
	close(gate)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the race did not end within 60 s: deadlock?")
	}
	took := time.Since(started)

	ok, short := 0, 0
	for i, a := range answers {
		switch {
		case fails[i] != nil:
			t.Errorf("client %d: %v", i, fails[i])
		case a.Status == 200:
			ok++
		case a.Status == 400 && a.Msg == "“可口可乐 500ml”在“总仓”库存不足，缺 1 瓶":
			short++
		default:
			t.Errorf("client %d (%s): %d %q, want the negative-stock message", i, clients[i].Base, a.Status, a.Msg)
		}
	}
	t.Logf("%d clients over %d server(s): %d sold, %d refused, in %s", racers, len(urls), ok, short, took.Round(time.Millisecond))
	if ok != lastQty || short != racers-lastQty {
		t.Fatalf("%d sales went through and %d were refused; want %d and %d", ok, short, lastQty, racers-lastQty)
	}
	count := func(q string, args ...any) int64 {
		var n int64
		if err := d.QueryRow(ctx, q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	var qty, amount int64
	if err := d.QueryRow(ctx, "SELECT qty, amount FROM stock_balances WHERE goods_id = ? AND location_id = ?", goods, loc).Scan(&qty, &amount); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want int64
	}{
		{"on hand (micros)", qty, 0},
		{"value left (micros)", amount, 0},
		{"audited sales", count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND checked = 1"), lastQty},
		{"sales of any state", count("SELECT COUNT(*) FROM bills WHERE kind = 'sales'"), lastQty},
		{"distinct numbers", count("SELECT COUNT(DISTINCT bill_no) FROM bills WHERE kind = 'sales'"), lastQty},
		{"sales moves", count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'sales' AND goods_id = ?", goods), lastQty},
		{"units moved out (micros)", -count("SELECT COALESCE(SUM(qty), 0) FROM stock_moves WHERE kind = 'sales'"), lastQty * 1_000_000},
		{"cost of what left (micros)", -count("SELECT COALESCE(SUM(amount), 0) FROM stock_moves WHERE kind = 'sales'"), 33_300_000},
		{"last number's sequence", count("SELECT last_seq FROM bill_sequences WHERE kind = 'sales'"), lastQty},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	if ok > 0 {
		// The numbers were taken one after the other, with no gap.
		if n := count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND bill_no = ?", "XS"+strings.ReplaceAll(raceDate, "-", "")+fmt.Sprintf("%03d", lastQty)); n != 1 {
			t.Errorf("no sale numbered %d", lastQty)
		}
	}
}
