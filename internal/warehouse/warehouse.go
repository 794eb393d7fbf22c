// Package warehouse is the warehouse documents: stock transfers (调拨单),
// other stock-in (其他入库单, incl. stocktake gain) and other stock-out
// (其他出库单, incl. stocktake loss) and cost adjustments (成本调整单: a
// change of a balance's value from a date on, without quantity), assembly
// and disassembly (组装单/拆卸单: the product's cost from its parts' plus a
// fee, or the parts' from the product's plus a fee). Each is a kind of the shared document
// engine (internal/bill) in the Inventory family: no money, an optional
// contact (none on a transfer), costs set by the stock engine (a transfer's
// in-move takes its out-move's cost; see docs/stock.md).
package warehouse

import "cangshu/internal/bill"

// Transaction types of the sub-types (docs/api.md §4).
const (
	TransTypeStocktakeGain = 150701
	TransTypeStocktakeLoss = 150801
)

// The kinds. Their permissions are the seed's warehouse:* buttons.
var (
	InvTf = &bill.Kind{Name: "invTf", TransType: 103091, Path: "/api/invTf", Perm: "warehouse:invTf", Stock: -1, Transfer: true,
		Family: bill.Inventory, MoneyRight: bill.CostRight, ShowCost: true, Label: "warehouse.kind.invTf", File: "warehouse.file.invTf"}
	OtherIn = &bill.Kind{Name: "otherIn", TransType: 150706, TransTypes: []int{TransTypeStocktakeGain}, Path: "/api/otherIn", Perm: "warehouse:otherIn", MaxLines: MaxCountLines,
		Stock: 1, ContactType: bill.Supplier, Family: bill.Inventory, MoneyRight: bill.CostRight, ShowCost: true,
		Label: "warehouse.kind.otherIn", File: "warehouse.file.otherIn"}
	OtherOut = &bill.Kind{Name: "otherOut", TransType: 150806, TransTypes: []int{TransTypeStocktakeLoss}, Path: "/api/otherOut", Perm: "warehouse:otherOut", MaxLines: MaxCountLines,
		Stock: -1, ContactType: bill.Customer, Family: bill.Inventory, MoneyRight: bill.CostRight, ShowCost: true,
		Label: "warehouse.kind.otherOut", File: "warehouse.file.otherOut"}
	CostAdjustment = &bill.Kind{Name: "costAdjustment", TransType: 150807, Path: "/api/costAdjustment", Perm: "warehouse:costAdjustment",
		Stock: 1, ValueOnly: true, Family: bill.Inventory, MoneyRight: bill.CostRight, ShowCost: true,
		Label: "warehouse.kind.costAdjustment", File: "warehouse.file.costAdjustment"}
	Combination = &bill.Kind{Name: "combination", TransType: 153301, TransTypes: []int{bill.TransTypeDisassembly}, Path: "/api/combination",
		Perm: "warehouse:combination", Stock: 1, Combination: true, Family: bill.Inventory, MoneyRight: bill.CostRight, ShowCost: true,
		Label: "warehouse.kind.combination", File: "warehouse.file.combination"}
)

// MaxCountLines is the most lines of a stocktake count, and so of the
// stock-in and stock-out documents it generates.
const MaxCountLines = 20_000

// Kinds lists the kinds of this package.
var Kinds = []*bill.Kind{InvTf, OtherIn, OtherOut, CostAdjustment, Combination}
