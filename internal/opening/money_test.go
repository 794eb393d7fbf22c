package opening_test

import (
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/opening"
)

// A user who may set the openings but not see their money keeps what it
// cannot see: an opening stock line's unit cost (a new line's is 0), a
// customer's or supplier's opening debt and advance — on the screen's save
// and through the Excel import alike; what it may see it changes.
func TestOpeningKeepsMoneyItCannotSee(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	second := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK002', '分仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), second)
	admin.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "10", "unitCost": "2.5"}).Want(200)
	admin.Do("POST", "/api/opening/contact", map[string]any{"id": b.Customer, "amount": "100", "periodMoney": "20"}).Want(200)
	admin.Do("POST", "/api/opening/contact", map[string]any{"id": b.Supplier, "amount": "50", "periodMoney": "5"}).Want(200)

	keeper := e.UserWith("settings:opening:query", "settings:opening:update")
	seller := e.UserWith("settings:opening:query", "settings:opening:update", "money:salesAmount:view")
	stock := func() map[int64]opening.StockRow {
		t.Helper()
		var page stockPage
		admin.Do("GET", "/api/opening/stock?page=1&rows=20", nil).Want(200).Decode(&page)
		out := map[int64]opening.StockRow{}
		for _, r := range page.Rows {
			out[r.LocationID] = r
		}
		return out
	}
	contact := func(id int64) string {
		t.Helper()
		return e.Text("SELECT CAST(opening_amount AS TEXT) || '/' || CAST(opening_advance AS TEXT) FROM contacts WHERE id = ?", id)
	}
	debt := map[int64]string{b.Customer: contact(b.Customer), b.Supplier: contact(b.Supplier)}

	// The screen: the quantity changes, the unit cost stays; a new line costs 0.
	keeper.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "12"}).Want(200)
	keeper.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": second, "qty": "4", "unitCost": "9"}).Want(200)
	s := stock()
	if r := s[b.Location]; r.Qty.String() != "12" || r.UnitCost.String() != "2.5" || r.Amount.String() != "30" {
		t.Fatalf("the kept line %+v", r)
	}
	if r := s[second]; r.Qty.String() != "4" || !r.UnitCost.IsZero() || !r.Amount.IsZero() {
		t.Fatalf("the new line %+v", r)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'opening' AND goods_id = ? AND location_id = ? AND amount = 30000000", b.Goods, b.Location); n != 1 {
		t.Fatalf("the opening move does not carry the kept cost: %d", n)
	}
	keeper.Do("POST", "/api/opening/contact", map[string]any{"id": b.Customer, "amount": "0", "periodMoney": "0"}).Want(200)
	keeper.Do("POST", "/api/opening/contact", map[string]any{"id": b.Supplier}).Want(200)
	seller.Do("POST", "/api/opening/contact", map[string]any{"id": b.Supplier, "amount": "1", "periodMoney": "1"}).Want(200)
	for id, want := range debt {
		if got := contact(id); got != want {
			t.Fatalf("contact %d's openings %s, want %s kept", id, got, want)
		}
	}
	// What the caller sees it changes: the seller sets a customer's.
	seller.Do("POST", "/api/opening/contact", map[string]any{"id": b.Customer, "amount": "70", "periodMoney": "7"}).Want(200)
	if got := e.Text("SELECT CAST(opening_amount AS TEXT) FROM contacts WHERE id = ?", b.Customer); got != "70000000" {
		t.Fatalf("the seller's customer opening %s", got)
	}
	debt[b.Customer] = contact(b.Customer)

	// The import: the keeper's own template (no unit cost column) imports
	// back; a unit cost or debt column it cannot see is ignored.
	var res struct{ InvalidCount, ImportedCount int }
	tpl := keeper.Do("GET", "/api/opening/template?kind=stock", nil).Want(200)
	keeper.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", tpl.Body).Want(200).Decode(&res)
	if res.InvalidCount != 0 || res.ImportedCount != 2 {
		t.Fatalf("the keeper's template back %+v", res)
	}
	file := xlsx(t, []string{"商品编号", "仓库", "期初数量", "单位成本"}, [][]string{{"SP001", "总仓", "15", "99"}})
	keeper.Multipart("POST", "/api/opening/import?kind=stock", nil, "file", file).Want(200).Decode(&res)
	if r := stock()[b.Location]; res.ImportedCount != 1 || r.Qty.String() != "15" || r.UnitCost.String() != "2.5" || r.Amount.String() != "37.5" {
		t.Fatalf("imported line %+v (%+v)", r, res)
	}
	for kind, number := range map[string]string{"customer": "KH001", "supplier": "GYS001"} {
		file := xlsx(t, []string{"编号", "期初应收", "期初应付", "期初预收", "期初预付"}, [][]string{{number, "0", "0", "0", "0"}})
		keeper.Multipart("POST", "/api/opening/import?kind="+kind, nil, "file", file).Want(200).Decode(&res)
		if res.InvalidCount != 0 {
			t.Fatalf("%s import %+v", kind, res)
		}
	}
	for id, want := range debt {
		if got := contact(id); got != want {
			t.Fatalf("contact %d's openings after the import %s, want %s kept", id, got, want)
		}
	}
}
