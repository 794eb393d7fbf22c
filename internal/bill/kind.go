// Package bill is the document engine every document kind shares: the
// kinds registry, numbering from coding rules, save (draft), update with an
// optimistic version, delete of drafts, audit and un-audit (posting stock
// through internal/stock), save-and-audit in one transaction, batches with
// per-id results, the list with filters, sorting, paging and a totals row,
// Excel export, and the money ledger of audited documents (money.go).
// See docs/stock.md. A kind package (internal/trade) plugs its kinds in.
package bill

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Contact types of contacts.type.
const (
	Supplier = 10
	Customer = -10
)

// Kind describes one document kind.
type Kind struct {
	Name        string   // bills.kind and coding_rules.kind: "purchase"
	TransType   int      // docs/api.md §4
	Path        string   // route prefix: "/api/purchase"
	Perm        string   // permission prefix: "purchase:purchase" (+ ":query" …)
	Stock       int      // +1 in, −1 out, 0 none
	ContactType int      // Supplier or Customer (0: the kind has no contact)
	MoneyRight  string   // without it prices and amounts are left out of answers
	ShowCost    bool     // lines show unitCost/cost (with money:cost:view)
	ReturnOf    string   // the kind a return is made from ("" = not a return)
	Order       bool     // an order: no stock, a delivery date, a fulfilment status, close/open/pending
	OrderKind   string   // receipts and deliveries: the order kind their lines may be made from ("purOrder")
	Family      Family   // the kind's behaviour: Trade (default) or Inventory
	TransTypes  []int    // other transTypes a document of the kind may take (sub-types: stocktake gain 150701 of otherIn)
	Transfer    bool     // lines leave locationId for inLocationId (stock transfers)
	Combination bool     // assembly (transType 153301) and disassembly (153302): a product line (entryType 1), part lines (2), a header fee
	MaxLines    int      // the most lines a document may have (0: 500)
	ValueOnly   bool     // lines change a balance's value, not its quantity: amount (signed), no qty or price (cost adjustments)
	Fund        int      // fund kinds (Family Fund): FundReceipt, FundPayment, FundIncome, FundExpense, FundTransfer
	SettleKinds []string // receipts and payments: the kinds they settle ("sales", "reSales"); the first is the positive one
	Label       errs.Key // what users call the kind ("购货单"), for messages
	File        errs.Key // the export's file name ("购货单记录.xlsx")
}

// Settled tells whether receipts, payments and verifications settle the
// kind's documents (purchases, sales and their returns): their lists show
// what is settled and open and filter on the settlement state.
func (k *Kind) Settled() bool {
	return !k.Order && k.Fund == 0 && k.ContactType != 0 && k.family() == Trade
}

// CostRight is the right to see costs.
const CostRight = server.CostRight
