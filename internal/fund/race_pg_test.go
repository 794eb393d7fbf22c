package fund_test

import (
	"context"
	"encoding/json"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// Ten receipts race to settle the same open 100 through three server
// processes sharing one PostgreSQL database: exactly one wins.
func TestTenReceiptsThreeServers(t *testing.T) {
	d, urls := apptest.Servers(t, 3)
	ctx := context.Background()
	now := time.Now().UTC()
	var customer, account int64
	if err := d.QueryRow(ctx, "INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH100', '张三超市', 'zscs', ?, ?) RETURNING id",
		now, now).Scan(&customer); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH100', '现金', ?, ?) RETURNING id", now, now).Scan(&account); err != nil {
		t.Fatal(err)
	}
	setup, err := apptest.SignIn(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	// A delivery of nothing in stock is refused; an income document has no
	// stock: the open amount comes from a sale of goods bought first.
	var unit, goods, loc, supplier int64
	for _, q := range []struct {
		dst *int64
		sql string
	}{
		{&unit, "INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?) RETURNING id"},
		{&loc, "INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?) RETURNING id"},
		{&supplier, "INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY100', '华东饮料', 'hdyl', ?, ?) RETURNING id"},
	} {
		if err := d.QueryRow(ctx, q.sql, now, now).Scan(q.dst); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.QueryRow(ctx, "INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP100', '可乐', ?, ?, ?) RETURNING id", unit, now, now).Scan(&goods); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
		t.Fatal(err)
	}
	line := []map[string]any{{"invId": goods, "qty": 10, "price": 10}}
	if a, err := setup.Post("/api/purchase/add?check=1", map[string]any{"date": "2025-05-01", "buId": supplier, "locationId": loc, "entries": line}); err != nil || a.Status != 200 {
		t.Fatalf("purchase: %v %d %s", err, a.Status, a.Msg)
	}
	a, err := setup.Post("/api/sales/add?check=1", map[string]any{"date": "2025-05-02", "buId": customer, "locationId": loc, "entries": line})
	if err != nil || a.Status != 200 {
		t.Fatalf("sale: %v %d %s", err, a.Status, a.Msg)
	}
	var sale struct {
		ID int64 `json:"id"`
	}
	json.Unmarshal(a.Data, &sale)
	const racers = 10
	clients := make([]*apptest.Remote, racers)
	for i := range racers {
		if clients[i], err = apptest.SignIn(urls[i%len(urls)]); err != nil {
			t.Fatal(err)
		}
	}
	answers := make([]apptest.Answer, racers)
	fails := make([]error, racers)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i, c := range clients {
		wg.Go(func() {
			<-gate
			answers[i], fails[i] = c.Post("/api/receipt/add?check=1", map[string]any{"date": "2025-05-03", "buId": customer,
				"accounts": []map[string]any{{"accId": account, "payment": 100}}, "checks": []map[string]any{{"billId": sale.ID, "nowCheck": 100}}})
		})
	}
	close(gate)
	wg.Wait()
	won := 0
	for i, a := range answers {
		switch {
		case fails[i] != nil:
			t.Errorf("racer %d: %v", i, fails[i])
		case a.Status == 200:
			won++
		case a.Status == 400:
		default:
			t.Errorf("racer %d: %d %s", i, a.Status, a.Msg)
		}
	}
	if won != 1 {
		t.Fatalf("%d receipts won, want 1", won)
	}
	var hx, receipts, balance int64
	if err := d.QueryRow(ctx, "SELECT hx_amount FROM bills WHERE id = ?", sale.ID).Scan(&hx); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM bills WHERE kind = 'receipt'").Scan(&receipts); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT debt - advance FROM contact_balances WHERE contact_id = ?", customer).Scan(&balance); err != nil {
		t.Fatal(err)
	}
	if hx != 100_000000 || receipts != 1 || balance != 0 {
		t.Fatalf("settled %d, %d receipts, balance %d", hx, receipts, balance)
	}
}
