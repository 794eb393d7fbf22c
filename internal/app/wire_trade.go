package app

import (
	"cangshu/internal/order"
	"cangshu/internal/server"
	"cangshu/internal/track"
	"cangshu/internal/trade"
	"cangshu/internal/usage"
)

// wireTrade builds the document engine with the purchase and sales
// documents and orders and registers what documents refer to, so that goods, units,
// warehouses, contacts, staff, accounts and payment methods used by a
// document cannot be deleted (the message names the document number).
func (a *App) wireTrade() ([]server.Route, error) {
	const what = "bill.entity"
	entryNo := "(SELECT b.bill_no FROM bills b WHERE b.id = bill_entries.bill_id)"
	accountNo := "(SELECT b.bill_no FROM bills b WHERE b.id = bill_accounts.bill_id)"
	a.Usage.Add(usage.Goods, usage.Ref{Table: "bill_entries", Column: "goods_id", What: what, Name: entryNo})
	a.Usage.Add(usage.SKU, usage.Ref{Table: "bill_entries", Column: "sku_id", What: what, Name: entryNo})
	a.Usage.Add(usage.Unit, usage.Ref{Table: "bill_entries", Column: "unit_id", What: what, Name: entryNo})
	a.Usage.Add(usage.Location,
		usage.Ref{Table: "bill_entries", Column: "location_id", What: what, Name: entryNo},
		usage.Ref{Table: "bills", Column: "location_id", What: what, Name: "bill_no"})
	a.Usage.Add(usage.Contact, usage.Ref{Table: "bills", Column: "contact_id", What: what, Name: "bill_no"})
	a.Usage.Add(usage.Employee, usage.Ref{Table: "bills", Column: "employee_id", What: what, Name: "bill_no"})
	a.Usage.Add(usage.Account, usage.Ref{Table: "bill_accounts", Column: "account_id", What: what, Name: accountNo})
	a.Usage.Add(usage.Assist, usage.Ref{Table: "bill_accounts", Column: "way_id", What: what, Name: accountNo})
	// Lines made from an order name it and its line (bill_entries.src_order_id,
	// src_order_entry_id); the engine refuses an order's delete or un-audit
	// while such documents exist, naming one.
	// Serials name their goods and warehouse (internal/track); a serial
	// exists only through an audited document, which already holds both.
	a.Usage.Add(usage.Goods, usage.Ref{Table: "serials", Column: "goods_id", What: "track.serial", Name: "serial"})
	s := a.Bills
	routes := append(trade.Routes(s), order.Routes(s)...)
	return append(routes, track.Routes(track.NewService(a.DB))...), nil
}
