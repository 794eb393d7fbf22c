package apptest

import "time"

// Basics are the few records a purchase or sales document needs: a unit,
// goods 可乐 (SP001) in it, warehouse 总仓 used by the main shop, a
// supplier, a customer and a cash account.
type Basics struct {
	Unit, Goods, Location, Supplier, Customer, Account int64
}

// AddBasics inserts Basics (for tests of features around documents).
func (e *Env) AddBasics() Basics {
	e.T.Helper()
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	var b Basics
	b.Unit = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	b.Goods = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP001', '可乐', ?, ?, ?)", b.Unit, now, now)
	b.Location = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), b.Location)
	b.Supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GYS001', '华东饮料', 'hdyl', ?, ?)", now, now)
	b.Customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zscs', ?, ?)", now, now)
	b.Account = ins("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH001', '现金', ?, ?)", now, now)
	return b
}

// Doc is a purchase or sales document body of one line: qty of the goods at price.
func (b Basics) Doc(contact int64, date, qty, price string) map[string]any {
	return map[string]any{"date": date, "buId": contact, "locationId": b.Location,
		"entries": []map[string]any{{"invId": b.Goods, "unitId": b.Unit, "qty": qty, "price": price, "locationId": b.Location}}}
}
