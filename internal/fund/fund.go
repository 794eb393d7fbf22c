// Package fund is the money documents (docs/money.md): receipts (收款单)
// and payments (付款单) that settle sales and purchases (核销), other
// income (其他收入单) and expense (其他支出单), and fund transfers
// (资金转账单), and verification documents (核销单) setting advances,
// receivables and payables against each other, and sales and purchase
// invoices (销售发票, 采购发票). Each is a kind of the shared document engine
// (internal/bill, family bill.Fund); their money moves go to the engine's
// money ledger when they are audited.
package fund

import (
	"cangshu/internal/bill"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// The kinds.
var (
	Receipt = &bill.Kind{Name: "receipt", TransType: 153001, Path: "/api/receipt", Perm: "fund:receipt", Family: bill.Fund, Fund: bill.FundReceipt,
		ContactType: bill.Customer, SettleKinds: []string{"sales", "reSales"}, Label: "fund.kind.receipt", File: "fund.file.receipt"}
	Payment = &bill.Kind{Name: "payment", TransType: 153101, Path: "/api/payment", Perm: "fund:payment", Family: bill.Fund, Fund: bill.FundPayment,
		ContactType: bill.Supplier, SettleKinds: []string{"purchase", "rePurchase"}, Label: "fund.kind.payment", File: "fund.file.payment"}
	Income = &bill.Kind{Name: "income", TransType: 153401, Path: "/api/income", Perm: "fund:income", Family: bill.Fund, Fund: bill.FundIncome,
		Label: "fund.kind.income", File: "fund.file.income"}
	Expense = &bill.Kind{Name: "expense", TransType: 153402, Path: "/api/expense", Perm: "fund:expense", Family: bill.Fund, Fund: bill.FundExpense,
		Label: "fund.kind.expense", File: "fund.file.expense"}
	Transfer = &bill.Kind{Name: "fundTf", TransType: 150901, Path: "/api/fundTf", Perm: "fund:fundTf", Family: bill.Fund, Fund: bill.FundTransfer,
		Label: "fund.kind.fundTf", File: "fund.file.fundTf"}
	// Verification (核销单): transType 153201 (the kind's) to 153205.
	Verification = &bill.Kind{Name: "verification", TransType: bill.VerifyAdvanceReceived, Path: "/api/verification", Perm: "fund:verification",
		Family: bill.Fund, Fund: bill.FundVerify, Label: "fund.kind.verification", File: "fund.file.verification",
		TransTypes: []int{bill.VerifyAdvancePaid, bill.VerifyReceivablePay, bill.VerifyMoveReceivable, bill.VerifyMovePayable}}
	// Invoices (销售发票, 采购发票): transTypes 153501 and 153502
	// (docs/api.md §4). They move neither stock nor money: their lines draw the
	// invoiced amounts of goods documents.
	SalesInvoice = &bill.Kind{Name: "salesInvoice", TransType: 153501, Path: "/api/salesInvoice", Perm: "sales:salesInvoice", Family: bill.Fund,
		Fund: bill.FundInvoice, ContactType: bill.Customer, SettleKinds: []string{"sales", "reSales"}, MoneyRight: "money:salesAmount:view",
		Label: "fund.kind.salesInvoice", File: "fund.file.salesInvoice"}
	PurInvoice = &bill.Kind{Name: "purInvoice", TransType: 153502, Path: "/api/purInvoice", Perm: "purchase:purInvoice", Family: bill.Fund,
		Fund: bill.FundInvoice, ContactType: bill.Supplier, SettleKinds: []string{"purchase", "rePurchase"}, MoneyRight: "money:purchaseAmount:view",
		Label: "fund.kind.purInvoice", File: "fund.file.purInvoice"}
)

// Kinds lists the kinds of this package.
var Kinds = []*bill.Kind{Receipt, Payment, Income, Expense, Transfer, Verification, SalesInvoice, PurInvoice}

// Routes are the endpoints of the kinds, and the unsettled lists of
// receipts and payments.
func Routes(s *bill.Service) []server.Route {
	var out []server.Route
	for _, k := range Kinds {
		out = append(out, bill.Routes(s, k)...)
	}
	for _, k := range []*bill.Kind{Receipt, Payment} {
		out = append(out, k.Describe(server.Route{Method: "GET", Path: k.Path + "/unsettled", Perm: k.Perm + ":query", Tag: k.Name,
			H: func(c *server.Ctx) (any, error) {
				buID, err := c.QueryInt("buId", 0)
				if err != nil || buID <= 0 {
					return nil, errs.Field("buId", "err.badParam", errs.A("name", "buId"))
				}
				if c.User == nil || c.User.ShopID == 0 {
					return nil, errs.Invalid("bill.err.noShop")
				}
				rows, err := s.Unsettled(c.Context(), c.User.ShopID, c.User.Rights, k, buID)
				if err != nil {
					return nil, err
				}
				advance, err := s.AdvanceHeld(c.Context(), k, buID)
				if err != nil {
					return nil, err
				}
				return map[string]any{"items": rows, "totalsize": len(rows), "advance": advance}, nil
			}}))
	}
	return out
}
