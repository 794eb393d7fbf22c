package bench

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// BenchmarkOrderPending: GET /api/salesOrder/pending on an audited sales
// order of 500 lines (500 goods items) with 20 audited partial deliveries,
// each delivering 1 of every line (10,000 linked lines). Aim: < 20 ms.
func BenchmarkOrderPending(b *testing.B) {
	e := apptest.New(b)
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	loc := ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), loc)
	supplier := ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'hdyl', ?, ?)", now, now)
	customer := ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zscs', ?, ?)", now, now)
	const n = 500
	goods := make([]int64, n)
	for i := range goods {
		goods[i] = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
			fmt.Sprintf("SP%04d", i), fmt.Sprintf("商品%d", i), unit, now, now)
	}
	admin := e.Admin()
	doc := func(contact int64, date string, line func(i int) map[string]any) map[string]any {
		lines := make([]map[string]any, n)
		for i := range lines {
			lines[i] = line(i)
		}
		return map[string]any{"date": date, "buId": contact, "locationId": loc, "entries": lines}
	}
	admin.Do("POST", "/api/purchase/add?check=1", doc(supplier, "2025-06-01", func(i int) map[string]any {
		return map[string]any{"invId": goods[i], "qty": 1000, "price": json.Number("2.5")}
	})).Want(200)
	var order struct {
		ID      int64 `json:"id"`
		Entries []struct {
			ID int64 `json:"id"`
		} `json:"entries"`
	}
	admin.Do("POST", "/api/salesOrder/add?check=1", doc(customer, "2025-06-02", func(i int) map[string]any {
		return map[string]any{"invId": goods[i], "qty": 100, "price": json.Number("4.2")}
	})).Want(200).Decode(&order)
	for d := range 20 {
		admin.Do("POST", "/api/sales/add?check=1", doc(customer, fmt.Sprintf("2025-06-%02d", 3+d), func(i int) map[string]any {
			return map[string]any{"invId": goods[i], "qty": 1, "price": json.Number("4.2"), "srcOrderId": order.ID, "srcOrderEntryId": order.Entries[i].ID}
		})).Want(200)
	}
	if e.App.Config.IsPostgres() {
		e.Exec("ANALYZE") // as autovacuum would after these inserts
	}
	b.Logf("%d lines linked to the order", e.Count("SELECT COUNT(*) FROM bill_entries WHERE src_order_id = ?", order.ID))
	path := fmt.Sprintf("/api/salesOrder/pending?id=%d", order.ID)
	var check struct {
		Entries []struct {
			FulfilledQty json.Number `json:"fulfilledQty"`
		} `json:"entries"`
	}
	admin.Do("GET", path, nil).Want(200).Decode(&check)
	if len(check.Entries) != n || check.Entries[n-1].FulfilledQty.String() != "20" {
		b.Fatalf("pending: %d lines, last %+v", len(check.Entries), check.Entries[n-1])
	}
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		admin.Do("GET", path, nil).Want(200)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/pending")
	// For comparison: the order's query answer (the same 500 lines, no sums).
	t0 := time.Now()
	for range 20 {
		admin.Do("GET", fmt.Sprintf("/api/salesOrder/query?id=%d", order.ID), nil).Want(200)
	}
	b.ReportMetric(float64(time.Since(t0).Microseconds())/1000/20, "ms/query")
}
