package fund_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// world: goods 可乐 in 总仓 (main shop) with 1000 in stock; 外仓 of another
// shop; customers 张三超市 (opening receivable 50) and 李四商店, suppliers
// 华东饮料 and 华北饮料; accounts 现金 (opening 1000) and 银行; an income
// item 利息 and an expense item 房租.
type world struct {
	e                   *apptest.Env
	admin               *apptest.Client
	shop, otherShop     int64
	unit, cola          int64
	main, outside       int64
	cust, cust2         int64
	supp, supp2         int64
	cash, bank          int64
	incomeItem, expItem int64
}

func newWorld(t *testing.T) *world {
	t.Helper()
	e := apptest.New(t)
	w := &world{e: e, admin: e.Admin(), shop: e.MainShop()}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	w.unit = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	w.cola = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', ?, ?, ?)", w.unit, now, now)
	w.main = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	w.outside = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK003', '外仓', ?, ?)", now, now)
	w.otherShop = ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S099', '别家店', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?), (?, ?)", w.shop, w.main, w.otherShop, w.outside)
	contact := func(typ int, num, name string, opening int64) int64 {
		return ins("INSERT INTO contacts (type, number, name, search, opening_amount, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
			typ, num, name, num, opening, now, now)
	}
	w.cust, w.cust2 = contact(-10, "KH001", "张三超市", 50_000000), contact(-10, "KH002", "李四商店", 0)
	w.supp, w.supp2 = contact(10, "GY001", "华东饮料", 0), contact(10, "GY002", "华北饮料", 0)
	w.cash = ins("INSERT INTO settle_accounts (number, name, opening_balance, created_at, updated_at) VALUES ('ZH001', '现金', 1000000000, ?, ?)", now, now)
	w.bank = ins("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH002', '银行', ?, ?)", now, now)
	w.incomeItem = ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (1, 'SR001', '利息', ?, ?)", now, now)
	w.expItem = ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (2, 'ZC001', '房租', ?, ?)", now, now)
	w.save("/api/purchase/add?check=1", w.goodsDoc(w.supp, "2025-01-01", "1000", "5"))
	return w
}

type body = map[string]any

func n(s string) json.Number { return json.Number(s) }

// goodsDoc is a purchase or sale of qty 可乐 at price from 总仓.
func (w *world) goodsDoc(contact int64, date, qty, price string) body {
	return body{"date": date, "buId": contact, "locationId": w.main,
		"entries": []body{{"invId": w.cola, "unitId": w.unit, "qty": n(qty), "price": n(price)}}}
}

// Doc is a document answer, decimals as text.
type Doc struct {
	ID          int64        `json:"id"`
	BillNo      string       `json:"billNo"`
	TransType   int          `json:"transType"`
	Amount      json.Number  `json:"amount"`
	RPAmount    json.Number  `json:"rpAmount"`
	Arrears     json.Number  `json:"arrears"`
	HXStateCode int          `json:"hxStateCode"`
	Checked     int          `json:"checked"`
	Version     int64        `json:"version"`
	AccID       int64        `json:"accId"`
	Discount    *json.Number `json:"discount"`
	Payment     *json.Number `json:"payment"`
	Checks      []Check      `json:"checks"`
	Entries     []struct {
		ItemID   int64       `json:"itemId"`
		OutAccID int64       `json:"outAccId"`
		InAccID  int64       `json:"inAccId"`
		Amount   json.Number `json:"amount"`
	} `json:"entries"`
}

// Check is a checks line or an unsettled row.
type Check struct {
	BillID    int64       `json:"billId"`
	BillNo    string      `json:"billNo"`
	TransType int         `json:"transType"`
	BillDate  string      `json:"billDate"`
	BillPrice json.Number `json:"billPrice"`
	HasCheck  json.Number `json:"hasCheck"`
	NotCheck  json.Number `json:"notCheck"`
	NowCheck  json.Number `json:"nowCheck"`
}

func (w *world) save(path string, b any) Doc {
	w.e.T.Helper()
	var d Doc
	w.admin.Do("POST", path, b).Want(200).Decode(&d)
	return d
}

func (w *world) get(kind string, id int64) Doc {
	w.e.T.Helper()
	var d Doc
	w.admin.Do("GET", fmt.Sprintf("/api/%s/query?id=%d", kind, id), nil).Want(200).Decode(&d)
	return d
}

// batch calls a batch route on one id and answers its message ("" = ok).
func (w *world) batch(c *apptest.Client, path string) string {
	w.e.T.Helper()
	var res []apptest.Batch
	c.Do("POST", path, nil).Want(200).Decode(&res)
	if len(res) != 1 {
		w.e.T.Fatalf("%s: %d results", path, len(res))
	}
	return res[0].Msg
}

func (w *world) unsettled(kind string, buID int64) []Check {
	w.e.T.Helper()
	var r struct {
		Items     []Check `json:"items"`
		Totalsize int     `json:"totalsize"`
	}
	w.admin.Do("GET", fmt.Sprintf("/api/%s/unsettled?buId=%d", kind, buID), nil).Want(200).Decode(&r)
	return r.Items
}

// balances are the contact list's and account list's balance columns, as
// the users see them: "name=balance" sorted by number.
func (w *world) balances() string {
	w.e.T.Helper()
	var out []string
	for _, typ := range []int{-10, 10} {
		var l apptest.List[struct {
			Name    string      `json:"name"`
			Balance json.Number `json:"balance"`
		}]
		w.admin.Do("GET", fmt.Sprintf("/api/contact/list?type=%d&rows=100", typ), nil).Want(200).Decode(&l)
		for _, r := range l.Rows {
			out = append(out, r.Name+"="+r.Balance.String())
		}
	}
	var l apptest.List[struct {
		Name    string      `json:"name"`
		Balance json.Number `json:"balance"`
	}]
	w.admin.Do("GET", "/api/settAcct/list?rows=100", nil).Want(200).Decode(&l)
	for _, r := range l.Rows {
		out = append(out, r.Name+"="+r.Balance.String())
	}
	return strings.Join(out, " ")
}
