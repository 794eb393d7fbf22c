// Package order is the purchase orders (购货订单) and sales orders (销货订单):
// kinds of the shared document engine (internal/bill) that move no stock,
// carry a delivery date and track what the purchase receipts and sales
// deliveries made from them fulfilled (GET /pending, POST /close, /open).
// The fulfilment rules live in the engine (bill/order.go): receipts and
// deliveries name the order kind they are made from (bill.Kind.OrderKind).
package order

import (
	"cangshu/internal/bill"
	"cangshu/internal/server"
)

// The two kinds. Their transType is that of the document they lead to
// (docs/api.md §4); their coding rules (CGDD, XSDD) are seeded.
var (
	PurOrder = &bill.Kind{Name: "purOrder", TransType: 150501, Path: "/api/purOrder", Perm: "purchase:purOrder", Order: true,
		ContactType: bill.Supplier, MoneyRight: "money:purchaseAmount:view", Label: "order.kind.purOrder", File: "order.file.purOrder"}
	SalesOrder = &bill.Kind{Name: "salesOrder", TransType: 150601, Path: "/api/salesOrder", Perm: "sales:salesOrder", Order: true,
		ContactType: bill.Customer, MoneyRight: "money:salesAmount:view", Label: "order.kind.salesOrder", File: "order.file.salesOrder"}
)

// Kinds lists the kinds of this package.
var Kinds = []*bill.Kind{PurOrder, SalesOrder}

// Routes are the endpoints of the two kinds (the engine's, with pending,
// close and open).
func Routes(s *bill.Service) []server.Route {
	var out []server.Route
	for _, k := range Kinds {
		out = append(out, bill.Routes(s, k)...)
	}
	return out
}
