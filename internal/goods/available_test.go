package goods_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// What a document line can take: on hand per goods, SKU and warehouse of the
// active shop, in the base unit (a box of the cola group is 24 bottles);
// warehouses outside the shop are not answered; bad ids are a 400; the route
// needs its permission.
func TestAvailableStock(t *testing.T) {
	t.Parallel()
	p := newPricing(t)
	var rows []struct {
		InvID      int64       `json:"invId"`
		SkuID      int64       `json:"skuId"`
		LocationID int64       `json:"locationId"`
		Qty        json.Number `json:"qty"`
	}
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d,%d", p.cola, p.towel), nil).Want(200).Decode(&rows)
	got := map[int64]string{}
	for _, r := range rows {
		if r.LocationID != p.main {
			t.Fatalf("a warehouse outside the shop's: %+v", r)
		}
		got[r.InvID] = r.Qty.String()
	}
	// 1000 bottles and 10 boxes of 24 of cola, in bottles; 100 towels
	if got[p.towel] != "100" || got[p.cola] != "1240" {
		t.Fatalf("available %v", got)
	}
	// one warehouse: the second has none
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d&locationId=%d", p.towel, p.second), nil).Want(200).Decode(&rows)
	if len(rows) != 0 {
		t.Fatalf("second warehouse: %+v", rows)
	}
	// a warehouse of no shop of the caller's is not answered
	p.e.Exec("DELETE FROM shop_locations WHERE location_id = ?", p.main)
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d", p.towel), nil).Want(200).Decode(&rows)
	if len(rows) != 0 {
		t.Fatalf("outside the shop: %+v", rows)
	}
	p.admin.Do("GET", "/api/inventory/available?ids=x", nil).Want(400)
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d&locationId=abc", p.towel), nil).Want(400)
	p.e.UserWith("purchase:purchase:query").Do("GET", fmt.Sprintf("/api/inventory/available?ids=%d", p.towel), nil).Want(403)
}
