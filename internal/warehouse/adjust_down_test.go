package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestCostAdjustmentDown: an adjustment lowering the value (a negative
// amount) saves as a draft and audits like a raising one (no discount or
// payment applies to warehouse documents, so no "discount too large" on a
// negative total): 4 @ 2.5 (10), −1.5 twice (a draft audited, then saved
// and audited at once) → 7; a sale of 2 costs 3.5.
func TestCostAdjustmentDown(t *testing.T) {
	w := newWorld(t)
	w.purchase("2025-05-01", w.main, "4", "2.5")
	body := map[string]any{"date": "2025-05-02", "entries": []line{{"invId": w.cola, "locationId": w.main, "amount": json.Number("-1.5")}}}
	draft := w.save(w.admin, "/api/costAdjustment/add", body)
	if msg := w.batchErr("POST", fmt.Sprintf("/api/costAdjustment/check?id=%d", draft.ID)); msg != "" {
		t.Fatalf("audit of a lowering adjustment: %s", msg)
	}
	w.save(w.admin, "/api/costAdjustment/add?check=1", body)
	if b := w.balance(w.main); b != "4/700" {
		t.Fatalf("总仓 %s, want 4/700", b)
	}
	s := w.sale("2025-05-03", w.main, "2")
	if c := w.cost("sales", s.ID); c != "3.5" {
		t.Fatalf("the sale costs %s, want 3.5", c)
	}
}
