package app

import (
	"cangshu/internal/server"
	"cangshu/internal/usage"
	"cangshu/internal/warehouse"
)

// wireWarehouse adds the warehouse documents (transfers, other stock-in and
// stock-out) to the document engine; a transfer's in warehouse is a use of
// the warehouse like any line's.
func (a *App) wireWarehouse() ([]server.Route, error) {
	a.Usage.Add(usage.Location, usage.Ref{Table: "bill_entries", Column: "in_location_id", What: "bill.entity",
		Name: "(SELECT b.bill_no FROM bills b WHERE b.id = bill_entries.bill_id)"})
	bills := a.Bills
	return warehouse.Routes(bills, warehouse.NewService(a.DB, bills)), nil
}
