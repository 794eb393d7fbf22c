package bill_test

// The world of the engine's own tests (numbering, limits): a copy of
// internal/trade's, whose scenario tests share it.

import (
	"encoding/json"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// world is an app with: unit group 瓶/箱 (箱 = 12 瓶) and a lone unit 个;
// goods 可乐 (unit 瓶 of the group) with a SKU 红, and 雪碧 (unit 个);
// warehouses 总仓 and 分仓 in the main shop and 外仓 in another shop only;
// a supplier, a customer and a cash account (opening 1000).
type world struct {
	e                     *apptest.Env
	admin                 *apptest.Client
	shop, otherShop       int64
	bottle, box, piece    int64
	otherGroupUnit        int64
	cola, sprite, colaRed int64
	main, branch, outside int64
	supplier, customer    int64
	cash                  int64
	way                   int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin(), shop: e.MainShop()}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	group := ins("INSERT INTO unit_types (name, created_at, updated_at) VALUES ('瓶箱', ?, ?)", now, now)
	other := ins("INSERT INTO unit_types (name, created_at, updated_at) VALUES ('斤', ?, ?)", now, now)
	w.bottle = ins("INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '瓶', 1000000, 1, ?, ?)", group, now, now)
	w.box = ins("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES (?, '箱', 12000000, ?, ?)", group, now, now)
	w.otherGroupUnit = ins("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES (?, '公斤', 2000000, ?, ?)", other, now, now)
	w.piece = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('个', 1, ?, ?)", now, now)
	w.cola = ins("INSERT INTO goods (number, name, spec, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', '500ml', ?, ?, ?, ?)", group, w.bottle, now, now)
	w.sprite = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP002', '雪碧', ?, ?, ?)", w.piece, now, now)
	w.colaRed = ins("INSERT INTO goods_skus (goods_id, assist_ids, name, created_at) VALUES (?, '1', '红', ?)", w.cola, now)
	loc := func(num, name string) int64 {
		return ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?)", num, name, now, now)
	}
	w.main, w.branch, w.outside = loc("CK001", "总仓"), loc("CK002", "分仓"), loc("CK003", "外仓")
	w.otherShop = ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S099', '别家店', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?), (?, ?), (?, ?)", w.shop, w.main, w.shop, w.branch, w.otherShop, w.outside)
	w.supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'huadong hdyl', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, opening_amount, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zhangsan zscs', 50000000, ?, ?)", now, now)
	w.cash = ins("INSERT INTO settle_accounts (number, name, opening_balance, created_at, updated_at) VALUES ('ZH001', '现金', 1000000000, ?, ?)", now, now)
	w.way = ins("INSERT INTO assists (type_id, name, created_at, updated_at) VALUES ((SELECT MIN(id) FROM assist_types), '转账', ?, ?)", now, now)
	return w
}

type line = map[string]any

// doc is a document body.
func (w *world) doc(contact int64, date string, lines ...line) map[string]any {
	return map[string]any{"date": date, "buId": contact, "locationId": w.main, "entries": lines}
}

// colaLine is qty bottles of 可乐 at price.
func (w *world) colaLine(qty, price string) line {
	return line{"invId": w.cola, "unitId": w.bottle, "qty": json.Number(qty), "price": json.Number(price)}
}

// Doc is the query answer, read with exact decimals as strings.
type Doc struct {
	ID             int64        `json:"id"`
	BillNo         string       `json:"billNo"`
	TransType      int          `json:"transType"`
	Date           string       `json:"date"`
	ContactName    string       `json:"contactName"`
	TotalQty       json.Number  `json:"totalQty"`
	TotalAmount    *json.Number `json:"totalAmount"`
	DisAmount      json.Number  `json:"disAmount"`
	Amount         json.Number  `json:"amount"`
	TotalTax       json.Number  `json:"totalTax"`
	TotalTaxAmount json.Number  `json:"totalTaxAmount"`
	RPAmount       json.Number  `json:"rpAmount"`
	Arrears        json.Number  `json:"arrears"`
	HXStateCode    int          `json:"hxStateCode"`
	Checked        int          `json:"checked"`
	Version        int64        `json:"version"`
	Entries        []struct {
		ID           int64        `json:"id"`
		InvName      string       `json:"invName"`
		UnitName     string       `json:"unitName"`
		Qty          json.Number  `json:"qty"`
		BaseQty      json.Number  `json:"baseQty"`
		Price        *json.Number `json:"price"`
		Deduction    json.Number  `json:"deduction"`
		Amount       json.Number  `json:"amount"`
		TaxRate      json.Number  `json:"taxRate"`
		Tax          json.Number  `json:"tax"`
		TaxAmount    json.Number  `json:"taxAmount"`
		LocationName string       `json:"locationName"`
		UnitCost     *json.Number `json:"unitCost"`
		Cost         *json.Number `json:"cost"`
		// Lines made from an order name it.
		SrcOrderID      int64 `json:"srcOrderId"`
		SrcOrderEntryID int64 `json:"srcOrderEntryId"`
	} `json:"entries"`
}

func (w *world) save(c *apptest.Client, path string, body any) Doc {
	w.e.T.Helper()
	var d Doc
	c.Do("POST", path, body).Want(200).Decode(&d)
	return d
}
