package warehouse_test

import (
	"encoding/json"
	"testing"

	"cangshu/internal/apptest"
)

type queryPage struct {
	Records int `json:"records"`
	Rows    []struct {
		InvID        int64        `json:"invId"`
		LocationID   int64        `json:"locationId"`
		LocationName string       `json:"locationName"`
		Qty          json.Number  `json:"qty"`
		QtyText      string       `json:"qtyText"`
		Amount       *json.Number `json:"amount"`
		UnitCost     *json.Number `json:"unitCost"`
	} `json:"rows"`
	Userdata struct {
		Qty    json.Number  `json:"qty"`
		Amount *json.Number `json:"amount"`
	} `json:"userdata"`
}

// The stock query: on hand per goods and warehouse of the shop, in boxes
// and bottles, value with the cost right only, a totals row; another
// shop's warehouse never shows.
func TestStockQuery(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	w.purchase("2025-07-01", w.main, "41", "1.5")
	w.save(a, "/api/invTf/add?check=1", w.transferBody("2025-07-02", w.main, w.branch, "12"))
	var p queryPage
	a.Do("GET", "/api/stock/query?invId="+itoa(w.cola), nil).Want(200).Decode(&p)
	if p.Records != 2 || len(p.Rows) != 2 {
		t.Fatalf("rows %+v", p)
	}
	byLoc := map[int64]int{}
	for i, r := range p.Rows {
		byLoc[r.LocationID] = i
	}
	m, b := p.Rows[byLoc[w.main]], p.Rows[byLoc[w.branch]]
	if m.Qty.String() != "29" || m.QtyText != "2 箱 5 瓶" || m.Amount == nil || m.Amount.String() != "43.5" || m.UnitCost.String() != "1.5" {
		t.Fatalf("总仓 %+v", m)
	}
	if b.QtyText != "1 箱" || b.LocationName != "分仓" {
		t.Fatalf("分仓 %+v", b)
	}
	if p.Userdata.Qty.String() != "41" || p.Userdata.Amount == nil || p.Userdata.Amount.String() != "61.5" {
		t.Fatalf("totals %+v", p.Userdata)
	}
	keeper := w.e.UserWith("warehouse:stock:query")
	var k queryPage
	r := keeper.Do("GET", "/api/stock/query?locationId="+itoa(w.main), nil).Want(200)
	r.Decode(&k)
	if len(k.Rows) != 1 || k.Rows[0].Amount != nil || k.Rows[0].UnitCost != nil || k.Userdata.Amount != nil {
		t.Fatalf("without the cost right: %s", r.Body)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "no permission", As: w.e.UserWith("warehouse:invTf:query"), Method: "GET", Path: "/api/stock/query", Status: 403},
		{Name: "bad goods id", As: a, Method: "GET", Path: "/api/stock/query?invId=x", Status: 400},
		{Name: "another shop's warehouse shows nothing", As: a, Method: "GET", Path: "/api/stock/query?locationId=" + itoa(w.outside), Status: 200, BodyHas: `"records":0`},
		{Name: "search by name", As: a, Method: "GET", Path: "/api/stock/query?matchCon=可乐", Status: 200, BodyHas: `"records":2`},
		{Name: "search matching nothing", As: a, Method: "GET", Path: "/api/stock/query?matchCon=zzz", Status: 200, BodyHas: `"records":0`},
	})
}

func itoa(n int64) string { return jsonInt(n) }

func jsonInt(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}
