package bill_test

import (
	"encoding/json"
	"testing"
	"time"
)

// A line's base quantity is its quantity × the unit's rate rounded half up
// to the quantity places (qtyPlaces, 2 here): 0.33 of a unit of 2.5 is
// 0.825 → 0.83 base units; 0.31 is 0.775 → 0.78. The stock moves that
// quantity.
func TestBaseQuantityIsRoundedToQtyPlaces(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Now().UTC()
	half := w.e.Insert("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES ((SELECT unit_type_id FROM units WHERE id = ?), '半打', 2500000, ?, ?) RETURNING id", w.bottle, now, now)
	line := func(qty string) line {
		return line{"invId": w.cola, "unitId": half, "qty": json.Number(qty), "price": json.Number("1")}
	}
	d := w.save(w.admin, "/api/purchase/add?check=1", w.doc(w.supplier, "2025-01-10", line("0.33"), line("0.31")))
	if len(d.Entries) != 2 || d.Entries[0].BaseQty.String() != "0.83" || d.Entries[1].BaseQty.String() != "0.78" {
		t.Fatalf("base quantities %+v, want 0.83 and 0.78", d.Entries)
	}
	if got := w.e.Text("SELECT CAST(SUM(qty) AS TEXT) FROM stock_moves WHERE bill_id = ?", d.ID); got != "1610000" {
		t.Fatalf("stock moved %s micros, want 1610000 (1.61)", got)
	}
}
