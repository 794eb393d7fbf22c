package report_test

import "testing"

// A goods whose warehouses cancel out (1 in one, −1 in a warehouse that
// allows negative stock) is still listed by invBalance, as the stock query
// and deliverSummary list it: a row is hidden only when every warehouse
// column is zero, and the totals count it.
func TestInvBalanceKeepsWarehousesThatCancelOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.e.Exec("UPDATE locations SET allow_negative = 1 WHERE id = ?", w.branch)
	// 分仓: 1 in at 4, 2 out (the second at its last cost 4): −1 worth −4. 总仓: 1 worth 4.
	w.post("/api/purchase", "2026-01-04", w.supplier, w.branch, nil, w.l(w.cola, w.bottle, w.branch, "1", "4"))
	w.post("/api/sales", "2026-01-05", w.customer, w.branch, nil, w.l(w.cola, w.bottle, w.branch, "2", "5"))
	w.post("/api/purchase", "2026-01-06", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "1", "4"))
	b := get(t, w.admin, "/api/report/invBalance?endDate=2026-01-31")
	if b.Records != 1 {
		t.Fatalf("invBalance rows %d, want 可乐: %v", b.Records, b.Rows)
	}
	want(t, "row", b.Rows[0], "invName", "可乐", "qty", "0", "amount", "0", "qty_"+itoa(w.main), "1", "amount_"+itoa(w.main), "4",
		"qty_"+itoa(w.branch), "-1", "amount_"+itoa(w.branch), "-4")
	want(t, "totals", b.Userdata, "qty", "0", "qty_"+itoa(w.main), "1", "amount_"+itoa(w.main), "4", "qty_"+itoa(w.branch), "-1")
	// Nothing anywhere: hidden.
	w.post("/api/purchase", "2026-01-07", w.supplier, w.branch, nil, w.l(w.cola, w.bottle, w.branch, "1", "4"))
	w.post("/api/sales", "2026-01-08", w.customer, w.main, nil, w.l(w.cola, w.bottle, w.main, "1", "5"))
	if b := get(t, w.admin, "/api/report/invBalance?endDate=2026-01-31"); b.Records != 0 {
		t.Fatalf("every warehouse at zero, still listed: %v", b.Rows)
	}
	if b := get(t, w.admin, "/api/report/invBalance?endDate=2026-01-31&showZero=1"); b.Records != 1 {
		t.Fatalf("showZero: %v", b.Rows)
	}
}
