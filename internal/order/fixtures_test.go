package order_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// world is an app with: unit group 瓶/箱 (箱 = 12 瓶); goods 可乐 (unit 瓶)
// and 雪碧 (unit 瓶); warehouse 总仓 of the main shop holding 1000 of each
// (an audited purchase); a supplier, two customers.
type world struct {
	e                   *apptest.Env
	admin               *apptest.Client
	bottle, box         int64
	cola, sprite        int64
	main                int64
	supplier            int64
	customer, customer2 int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin()}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	group := ins("INSERT INTO unit_types (name, created_at, updated_at) VALUES ('瓶箱', ?, ?)", now, now)
	w.bottle = ins("INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '瓶', 1000000, 1, ?, ?)", group, now, now)
	w.box = ins("INSERT INTO units (unit_type_id, name, rate, created_at, updated_at) VALUES (?, '箱', 12000000, ?, ?)", group, now, now)
	w.cola = ins("INSERT INTO goods (number, name, spec, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', '500ml', ?, ?, ?, ?)", group, w.bottle, now, now)
	w.sprite = ins("INSERT INTO goods (number, name, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP002', '雪碧', ?, ?, ?, ?)", group, w.bottle, now, now)
	w.main = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), w.main)
	w.supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'hdyl', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zscs', ?, ?)", now, now)
	w.customer2 = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH002', '李四便利', 'lsbl', ?, ?)", now, now)
	w.save("/api/purchase/add?check=1", w.doc(w.supplier, "2025-03-01", w.line(w.cola, w.bottle, "1000", "2"), w.line(w.sprite, w.bottle, "1000", "2")))
	return w
}

type line = map[string]any

func (w *world) doc(contact int64, date string, lines ...line) map[string]any {
	return map[string]any{"date": date, "buId": contact, "locationId": w.main, "entries": lines}
}

func (w *world) line(goods, unit int64, qty, price string) line {
	return line{"invId": goods, "unitId": unit, "qty": json.Number(qty), "price": json.Number(price)}
}

// from is a line made from an order line.
func (w *world) from(o Doc, i int, unit int64, qty string) line {
	e := o.Entries[i]
	return line{"invId": e.InvID, "unitId": unit, "qty": json.Number(qty), "price": json.Number("5"), "srcOrderId": o.ID, "srcOrderEntryId": e.ID}
}

// Doc is the query answer.
type Doc struct {
	ID           int64       `json:"id"`
	BillNo       string      `json:"billNo"`
	TransType    int         `json:"transType"`
	DeliveryDate string      `json:"deliveryDate"`
	BillStatus   int         `json:"billStatus"`
	Checked      int         `json:"checked"`
	Version      int64       `json:"version"`
	TotalQty     json.Number `json:"totalQty"`
	Entries      []struct {
		ID              int64       `json:"id"`
		InvID           int64       `json:"invId"`
		Qty             json.Number `json:"qty"`
		SrcOrderID      int64       `json:"srcOrderId"`
		SrcOrderEntryID int64       `json:"srcOrderEntryId"`
		SrcOrderNo      string      `json:"srcOrderNo"`
	} `json:"entries"`
}

// Pending is the pending answer.
type Pending struct {
	ID         int64  `json:"id"`
	BillNo     string `json:"billNo"`
	BillStatus int    `json:"billStatus"`
	Entries    []struct {
		SrcOrderID       int64        `json:"srcOrderId"`
		SrcOrderEntryID  int64        `json:"srcOrderEntryId"`
		InvName          string       `json:"invName"`
		UnitName         string       `json:"unitName"`
		Qty              json.Number  `json:"qty"`
		BaseQty          json.Number  `json:"baseQty"`
		FulfilledQty     json.Number  `json:"fulfilledQty"`
		FulfilledBaseQty json.Number  `json:"fulfilledBaseQty"`
		RemainingQty     json.Number  `json:"remainingQty"`
		RemainingBaseQty json.Number  `json:"remainingBaseQty"`
		Price            *json.Number `json:"price"`
		DiscountRate     json.Number  `json:"discountRate"`
		TaxRate          json.Number  `json:"taxRate"`
		LocationName     string       `json:"locationName"`
		Status           int          `json:"status"`
	} `json:"entries"`
}

func (w *world) save(path string, body any) Doc {
	w.e.T.Helper()
	var d Doc
	w.admin.Do("POST", path, body).Want(200).Decode(&d)
	return d
}

func (w *world) get(kind string, id int64) Doc {
	w.e.T.Helper()
	var d Doc
	w.admin.Do("GET", fmt.Sprintf("/api/%s/query?id=%d", kind, id), nil).Want(200).Decode(&d)
	return d
}

func (w *world) pending(kind string, id int64) Pending {
	w.e.T.Helper()
	var p Pending
	w.admin.Do("GET", fmt.Sprintf("/api/%s/pending?id=%d", kind, id), nil).Want(200).Decode(&p)
	return p
}

// batch calls a batch route on one id and answers its message ("" = ok).
func (w *world) batch(method, path string) string {
	w.e.T.Helper()
	var res []apptest.Batch
	w.admin.Do(method, path, nil).Want(200).Decode(&res)
	if len(res) != 1 {
		w.e.T.Fatalf("%s %s: %d results", method, path, len(res))
	}
	if res[0].OK {
		return ""
	}
	if res[0].Msg == "" {
		return "failed"
	}
	return res[0].Msg
}

func (w *world) ok(method, path string) {
	w.e.T.Helper()
	if msg := w.batch(method, path); msg != "" {
		w.e.T.Fatalf("%s %s: %s", method, path, msg)
	}
}

// salesOrder is an audited sales order of customer: 10 bottles of 可乐 and
// 2 boxes of 雪碧.
func (w *world) salesOrder(customer int64) Doc {
	w.e.T.Helper()
	body := w.doc(customer, "2025-03-02", w.line(w.cola, w.bottle, "10", "5"), w.line(w.sprite, w.box, "2", "60"))
	body["deliveryDate"] = "2025-03-20"
	return w.save("/api/salesOrder/add?check=1", body)
}
