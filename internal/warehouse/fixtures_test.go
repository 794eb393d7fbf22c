package warehouse_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// world is an app with goods 可乐 (unit 瓶; 箱 = 12 瓶) and 手机 (serial
// numbers, unit 台); warehouses 总仓, 分仓 and 门店 in the main shop and 外仓
// in another shop only; a supplier and a customer.
type world struct {
	e                   *apptest.Env
	admin               *apptest.Client
	bottle, box, set    int64
	cola, phone         int64
	main, branch, store int64
	outside             int64
	supplier, customer  int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin()}
	shop := e.MainShop()
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	group := ins("INSERT INTO unit_types (name, created_at, updated_at) VALUES ('瓶箱', ?, ?)", now, now)
	w.bottle = ins("INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '瓶', 1000000, 1, ?, ?)", group, now, now)
	w.box = ins("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES (?, '箱', 12000000, ?, ?)", group, now, now)
	w.set = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('台', 1, ?, ?)", now, now)
	w.cola = ins("INSERT INTO goods (number, name, spec, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', '500ml', ?, ?, ?, ?)", group, w.bottle, now, now)
	w.phone = ins("INSERT INTO goods (number, name, unit_id, is_ser_num, created_at, updated_at) VALUES ('SP002', '手机', ?, 1, ?, ?)", w.set, now, now)
	loc := func(num, name string) int64 {
		return ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?)", num, name, now, now)
	}
	w.main, w.branch, w.store, w.outside = loc("CK001", "总仓"), loc("CK002", "分仓"), loc("CK003", "门店"), loc("CK004", "外仓")
	other := ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S099', '别家店', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?), (?, ?), (?, ?), (?, ?)", shop, w.main, shop, w.branch, shop, w.store, other, w.outside)
	w.supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'huadong', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zhangsan', ?, ?)", now, now)
	return w
}

type line = map[string]any

// Doc is the query answer, read with exact decimals as strings.
type Doc struct {
	ID        int64  `json:"id"`
	BillNo    string `json:"billNo"`
	TransType int    `json:"transType"`
	Checked   int    `json:"checked"`
	Version   int64  `json:"version"`
	BuID      int64  `json:"buId"`
	Entries   []struct {
		ID             int64        `json:"id"`
		Qty            json.Number  `json:"qty"`
		BaseQty        json.Number  `json:"baseQty"`
		Price          *json.Number `json:"price"`
		Amount         *json.Number `json:"amount"`
		LocationID     int64        `json:"locationId"`
		OutLocationID  int64        `json:"outLocationId"`
		InLocationID   int64        `json:"inLocationId"`
		InLocationName string       `json:"inLocationName"`
		UnitCost       *json.Number `json:"unitCost"`
		Cost           *json.Number `json:"cost"`
	} `json:"entries"`
}

func (w *world) save(c *apptest.Client, path string, body any) Doc {
	w.e.T.Helper()
	var d Doc
	c.Do("POST", path, body).Want(200).Decode(&d)
	return d
}

func (w *world) get(kind string, id int64) Doc {
	w.e.T.Helper()
	var d Doc
	w.admin.Do("GET", fmt.Sprintf("/api/%s/query?id=%d", kind, id), nil).Want(200).Decode(&d)
	return d
}

// cost is the cost of the first line of a document ("" when not shown).
func (w *world) cost(kind string, id int64) string {
	w.e.T.Helper()
	d := w.get(kind, id)
	if len(d.Entries) == 0 || d.Entries[0].Cost == nil {
		return ""
	}
	return d.Entries[0].Cost.String()
}

// batchErr calls a batch route on one id and answers its message ("" = ok).
func (w *world) batchErr(method, path string) string {
	w.e.T.Helper()
	var res []apptest.Batch
	w.admin.Do(method, path, nil).Want(200).Decode(&res)
	if len(res) != 1 {
		w.e.T.Fatalf("%s %s: %d results", method, path, len(res))
	}
	return res[0].Msg
}

func (w *world) purchase(date string, loc int64, qty, price string) Doc {
	return w.save(w.admin, "/api/purchase/add?check=1", map[string]any{"date": date, "buId": w.supplier, "locationId": loc,
		"entries": []line{{"invId": w.cola, "qty": json.Number(qty), "price": json.Number(price)}}})
}

func (w *world) sale(date string, loc int64, qty string) Doc {
	return w.save(w.admin, "/api/sales/add?check=1", map[string]any{"date": date, "buId": w.customer, "locationId": loc,
		"entries": []line{{"invId": w.cola, "qty": json.Number(qty), "price": 10}}})
}

func (w *world) transferBody(date string, from, to int64, qty string) map[string]any {
	return map[string]any{"date": date, "entries": []line{{"invId": w.cola, "outLocationId": from, "inLocationId": to, "qty": json.Number(qty)}}}
}

// balance is the on-hand quantity and value of 可乐 in a warehouse, as
// "qty/value" in whole units and cents.
func (w *world) balance(loc int64) string {
	w.e.T.Helper()
	q := w.e.Count("SELECT COALESCE(SUM(qty), 0) FROM stock_balances WHERE goods_id = ? AND location_id = ?", w.cola, loc)
	v := w.e.Count("SELECT COALESCE(SUM(amount), 0) FROM stock_balances WHERE goods_id = ? AND location_id = ?", w.cola, loc)
	return fmt.Sprintf("%d/%d", q/1_000_000, v/10_000)
}
