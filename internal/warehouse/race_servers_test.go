package warehouse_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
)

// TestTransfersRaceSalesOneApp: raceTransfers on one app over real HTTP
// (the engine of the run).
func TestTransfersRaceSalesOneApp(t *testing.T) {
	e := apptest.New(t)
	srv := httptest.NewServer(e.App.Handler())
	t.Cleanup(srv.Close)
	raceTransfers(t, e.App.DB, []string{srv.URL})
}

// TestTransfersRaceSalesThreeServers: raceTransfers over three server
// processes of the real binary on one PostgreSQL (CANGSHU_TEST_PG).
func TestTransfersRaceSalesThreeServers(t *testing.T) {
	d, urls := apptest.Servers(t, 3)
	raceTransfers(t, d, urls)
}

// raceTransfers: 10 units of 可乐 in 总仓; 36 clients spread over the
// servers, each signed in on its own, at once: a third transfer 1 to 分仓,
// the rest sell 1 from 总仓. Exactly 10 go through, every other one gets
// the shortfall message, none anything else (no deadlock, no 500), and 总仓
// ends at 0 worth 0. Then the cross-balance race: 总仓 and 分仓 each
// feed the other through a transfer; 24 clients at once save receipts
// dated before both transfers, half into 总仓 (purchases) and half into 分仓
// (other stock-in): each
// recosts its warehouse and, through the transfer, the other one (locks
// taken in one order whatever the warehouse the change starts in: none
// fails). At the end every in-move equals its out-move and every balance
// its ledger.
func raceTransfers(t *testing.T, d *db.DB, urls []string) {
	ctx := context.Background()
	now := time.Now().UTC()
	var goods, main, branch, customer, supplier int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		ins := func(q string, args ...any) int64 {
			var id int64
			if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return id
		}
		unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
		goods = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP100', '可乐', ?, ?, ?)", unit, now, now)
		main = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?)", now, now)
		branch = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK101', '分仓', ?, ?)", now, now)
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", main); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", branch); err != nil {
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
	post := func(c *apptest.Remote, path string, body any) apptest.Answer {
		a, err := c.Post(path, body)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return a
	}
	receipt := func(date string, loc int64, qty int, price string) map[string]any {
		return map[string]any{"date": date, "buId": supplier, "locationId": loc, "entries": []map[string]any{{"invId": goods, "qty": qty, "price": price}}}
	}
	transfer := func(date string, from, to int64) map[string]any {
		return map[string]any{"date": date, "entries": []map[string]any{{"invId": goods, "outLocationId": from, "inLocationId": to, "qty": 1}}}
	}
	if a := post(setup, "/api/purchase/add?check=1", receipt("2025-09-01", main, 10, "3")); a.Status != 200 {
		t.Fatalf("receipt: %d %s", a.Status, a.Msg)
	}
	race := func(n int, call func(i int, c *apptest.Remote) apptest.Answer) []apptest.Answer {
		clients := make([]*apptest.Remote, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				c, err := apptest.SignIn(urls[i%len(urls)])
				if err != nil {
					t.Error(err)
					return
				}
				clients[i] = c
			})
		}
		wg.Wait()
		if t.Failed() {
			t.FailNow()
		}
		answers := make([]apptest.Answer, n)
		gate := make(chan struct{})
		for i, c := range clients {
			wg.Go(func() {
				<-gate
				answers[i] = call(i, c)
			})
		}
		close(gate)
		done := make(chan struct{})
		go func() { wg.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(120 * time.Second):
			t.Fatal("the race did not end within 120 s: deadlock?")
		}
		return answers
	}

	const racers = 36
	answers := race(racers, func(i int, c *apptest.Remote) apptest.Answer {
		if i%3 == 0 {
			return post(c, "/api/invTf/add?check=1", transfer("2025-09-02", main, branch))
		}
		return post(c, "/api/sales/add?check=1", map[string]any{"date": "2025-09-02", "buId": customer, "locationId": main,
			"entries": []map[string]any{{"invId": goods, "qty": 1, "price": 5}}})
	})
	ok, short, moved := 0, 0, 0
	for i, a := range answers {
		switch {
		case a.Status == 200:
			ok++
			if i%3 == 0 {
				moved++
			}
		case a.Status == 400 && a.Msg == "“可乐”在“总仓”库存不足，缺 1 瓶":
			short++
		default:
			t.Errorf("client %d: %d %q, want success or the shortfall", i, a.Status, a.Msg)
		}
	}
	t.Logf("last units over %d server(s): %d went through (%d transfers), %d refused", len(urls), ok, moved, short)
	if ok != 10 || short != racers-10 {
		t.Fatalf("%d went through and %d were refused; want 10 and %d", ok, short, racers-10)
	}
	one := func(q string, args ...any) int64 {
		var n int64
		if err := d.QueryRow(ctx, q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	bal := func(loc int64) string {
		return fmt.Sprintf("%d/%d", one("SELECT COALESCE(SUM(qty), 0) FROM stock_balances WHERE location_id = ?", loc)/1_000_000,
			one("SELECT COALESCE(SUM(amount), 0) FROM stock_balances WHERE location_id = ?", loc)/10_000)
	}
	if b := bal(main); b != "0/0" {
		t.Fatalf("总仓 %s, want 0/0", b)
	}
	if b, want := bal(branch), fmt.Sprintf("%d/%d", moved, moved*300); b != want {
		t.Fatalf("分仓 %s, want %s", b, want)
	}

	// Each warehouse feeds the other; back-dated receipts into both at once.
	for _, step := range []struct {
		path string
		body map[string]any
	}{
		{"/api/purchase/add?check=1", receipt("2025-09-10", main, 10, "2")},
		{"/api/purchase/add?check=1", receipt("2025-09-10", branch, 10, "4")},
		{"/api/invTf/add?check=1", transfer("2025-09-12", main, branch)},
		{"/api/invTf/add?check=1", transfer("2025-09-12", branch, main)},
	} {
		if a := post(setup, step.path, step.body); a.Status != 200 {
			t.Fatalf("%s: %d %s", step.path, a.Status, a.Msg)
		}
	}
	answers = race(24, func(i int, c *apptest.Remote) apptest.Answer {
		price := fmt.Sprintf("%d.%02d", 1+i%7, i)
		if i%2 == 1 {
			// Another kind: its own number sequence, so the two halves do
			// not wait on one number's lock.
			return post(c, "/api/otherIn/add?check=1", map[string]any{"date": "2025-09-11",
				"entries": []map[string]any{{"invId": goods, "locationId": branch, "qty": 1, "price": price}}})
		}
		return post(c, "/api/purchase/add?check=1", receipt("2025-09-11", main, 1, price))
	})
	for i, a := range answers {
		if a.Status != 200 {
			t.Errorf("back-dated receipt %d: %d %q", i, a.Status, a.Msg)
		}
	}
	if n := one(`SELECT COUNT(*) FROM stock_moves i JOIN stock_moves o ON o.feed_key = i.feed_key AND o.role = 1
		WHERE i.role = 2 AND i.amount <> -o.amount`); n != 0 {
		t.Errorf("%d in-moves differ from their out-moves", n)
	}
	if n := one(`SELECT COUNT(*) FROM stock_balances sb WHERE sb.qty <> (SELECT COALESCE(SUM(m.qty), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.location_id = sb.location_id) OR sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.location_id = sb.location_id)`); n != 0 {
		t.Errorf("%d balances differ from their ledger", n)
	}
	if n := one("SELECT COUNT(*) FROM stock_balances WHERE qty < 0"); n != 0 {
		t.Errorf("%d balances negative", n)
	}
}
