// Package trade is the goods documents of buying and selling: purchase
// receipts (购货单), purchase returns (购货退货单), sales deliveries (销货单)
// and sales returns (销货退货单). Each is a kind of the shared document
// engine (internal/bill); this package says what makes each one itself.
package trade

import (
	"cangshu/internal/bill"
	"cangshu/internal/server"
)

// The four kinds. Returns name the kind they are made from: a return made
// from a source document comes back at the source line's cost and cannot
// return more than the source line has left. Receipts and deliveries name
// the order kind their lines may be made from (internal/order).
var (
	Purchase = &bill.Kind{Name: "purchase", TransType: 150501, Path: "/api/purchase", Perm: "purchase:purchase", Stock: 1, OrderKind: "purOrder",
		ContactType: bill.Supplier, MoneyRight: "money:purchaseAmount:view", Label: "trade.kind.purchase", File: "trade.file.purchase"}
	RePurchase = &bill.Kind{Name: "rePurchase", TransType: 150502, Path: "/api/rePurchase", Perm: "purchase:rePurchase", Stock: -1,
		ContactType: bill.Supplier, MoneyRight: "money:purchaseAmount:view", ShowCost: true, ReturnOf: "purchase", Label: "trade.kind.rePurchase", File: "trade.file.rePurchase"}
	Sales = &bill.Kind{Name: "sales", TransType: 150601, Path: "/api/sales", Perm: "sales:sales", Stock: -1, OrderKind: "salesOrder",
		ContactType: bill.Customer, MoneyRight: "money:salesAmount:view", ShowCost: true, Label: "trade.kind.sales", File: "trade.file.sales"}
	ReSales = &bill.Kind{Name: "reSales", TransType: 150602, Path: "/api/reSales", Perm: "sales:reSales", Stock: 1,
		ContactType: bill.Customer, MoneyRight: "money:salesAmount:view", ShowCost: true, ReturnOf: "sales", Label: "trade.kind.reSales", File: "trade.file.reSales"}
)

// Kinds lists the kinds of this package.
var Kinds = []*bill.Kind{Purchase, RePurchase, Sales, ReSales}

// Routes are the endpoints of the four kinds.
func Routes(s *bill.Service) []server.Route {
	var out []server.Route
	for _, k := range Kinds {
		out = append(out, bill.Routes(s, k)...)
	}
	return out
}
