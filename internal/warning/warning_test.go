package warning_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/warning"
)

func TestStockWarnings(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	tea := e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP002', '绿茶', ?, ?, ?) RETURNING id", b.Unit, now, now)
	water := e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '矿泉水', ?, ?, ?) RETURNING id", b.Unit, now, now)
	// Another shop's warehouse: a clerk of the main shop does not see its warnings.
	shop := e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S9', '分店', ?, ?) RETURNING id", now, now)
	far := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK009', '远仓', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", shop, far)
	// 可乐: 10 on hand, low 20 → 10 short. 绿茶: none on hand, low 5 → 5 short.
	// 矿泉水: 10 on hand, high 8 → 2 over. 可乐 in 远仓: none, low 1.
	e.Exec("INSERT INTO goods_warnings (goods_id, location_id, low_qty, high_qty) VALUES (?, ?, 20000000, NULL), (?, ?, 5000000, 50000000), (?, ?, NULL, 8000000), (?, ?, 1000000, NULL)",
		b.Goods, b.Location, tea, b.Location, water, b.Location, b.Goods, far)
	doc := b.Doc(b.Supplier, "2025-01-10", "10", "3")
	admin.Do("POST", "/api/purchase/add?check=1", doc).Want(200)
	doc["entries"].([]map[string]any)[0]["invId"] = water
	admin.Do("POST", "/api/purchase/add?check=1", doc).Want(200)

	var page struct {
		Records int           `json:"records"`
		Rows    []warning.Row `json:"rows"`
	}
	admin.Do("GET", "/api/report/stockWarning?page=1&rows=20", nil).Want(200).Decode(&page)
	if page.Records != 4 {
		t.Fatalf("admin sees %d warnings: %+v", page.Records, page.Rows)
	}
	got := map[string]string{}
	for _, r := range page.Rows {
		got[r.InvNumber+"@"+r.LocationName] = r.State + " " + r.Gap.String()
	}
	want := map[string]string{"SP001@总仓": "low 10", "SP002@总仓": "low 5", "SP003@总仓": "high 2", "SP001@远仓": "low 1"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
	admin.Do("GET", "/api/report/stockWarning?page=1&rows=20&state=high", nil).Want(200).Decode(&page)
	if page.Records != 1 || page.Rows[0].InvNumber != "SP003" || page.Rows[0].HighQty.String() != "8" || page.Rows[0].LowQty != nil {
		t.Fatalf("high only %+v", page)
	}
	admin.Do("GET", "/api/report/stockWarning?page=1&rows=20&matchCon=绿茶", nil).Want(200).Decode(&page)
	if page.Records != 1 {
		t.Fatalf("search %+v", page)
	}

	clerk := e.UserWith("report:stockWarning:query")
	var counts warning.Counts
	clerk.Do("GET", "/api/report/stockWarning/counts", nil).Want(200).Decode(&counts)
	if counts.Low != 2 || counts.High != 1 {
		t.Fatalf("clerk's counts %+v (the other shop's warehouse is not theirs)", counts)
	}
	nobody := e.UserWith("report:invBalance:query")
	apptest.Run(t, []apptest.Step{
		{Name: "list: not signed in", As: e.Anonymous(), Method: "GET", Path: "/api/report/stockWarning", Status: 401},
		{Name: "list: no right", As: nobody, Method: "GET", Path: "/api/report/stockWarning", Status: 403},
		{Name: "counts: no right", As: nobody, Method: "GET", Path: "/api/report/stockWarning/counts", Status: 403},
		{Name: "export: no export right", As: clerk, Method: "GET", Path: "/api/report/stockWarning/export", Status: 403},
		{Name: "bad state", As: admin, Method: "GET", Path: "/api/report/stockWarning?state=medium", Status: 400, Field: "state", Msg: "预警格式不正确"},
		{Name: "bad state, en", As: admin, Lang: "en", Method: "GET", Path: "/api/report/stockWarning?state=x", Status: 400, Msg: "Warning is not valid"},
		{Name: "bad sort", As: admin, Method: "GET", Path: "/api/report/stockWarning?sidx=password", Status: 400},
		{Name: "bad warehouse", As: admin, Method: "GET", Path: "/api/report/stockWarning?locationId=abc", Status: 400},
		{Name: "clerk's list", As: clerk, Method: "GET", Path: "/api/report/stockWarning?page=1&rows=20", Status: 200, BodyHas: `"records":3`},
	})

	// Excel: the filtered list in the caller's language.
	x := admin.Do("GET", "/api/report/stockWarning/export?state=low", nil).Want(200)
	f, err := excelize.OpenReader(bytes.NewReader(x.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetList()[0])
	if len(rows) != 4 || rows[0][0] != "商品编号" || rows[1][8] != "低于最低库存" {
		t.Fatalf("export %v", rows)
	}
}
