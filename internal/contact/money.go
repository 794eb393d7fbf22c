package contact

import "cangshu/internal/server"

// money are a contact's money fields (docs/rights.md, "Money rights"): its
// opening debt and advance and its current balance are sales figures for a
// customer, purchase figures for a supplier; without the type's amount
// right the list, the form and the export leave them out, and a save keeps
// the stored opening figures.
func money(typ int64) server.Money {
	right := server.SalesRight
	if typ == TypeSupplier {
		right = server.PurchaseRight
	}
	return server.Money{"amount": right, "periodMoney": right, "balance": right}
}
