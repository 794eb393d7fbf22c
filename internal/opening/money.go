package opening

import "cangshu/internal/server"

// Money rights on the openings (docs/rights.md, "Money rights"): opening
// stock values and unit costs need the cost right, customers' openings the
// sales amount right, suppliers' the purchase amount right; settlement
// accounts need none. The summary's net position needs all three.
var (
	stockMoney   = server.Money{"amount": server.CostRight, "unitCost": server.CostRight}
	summaryMoney = server.Money{"stockAmount": server.CostRight, "receivable": server.SalesRight, "advanceReceived": server.SalesRight,
		"payable": server.PurchaseRight, "advancePaid": server.PurchaseRight}
)

// contactMoney are the openings of contacts of type typ (or of kind
// customer/supplier).
func contactMoney(supplier bool) server.Money {
	right := server.SalesRight
	if supplier {
		right = server.PurchaseRight
	}
	return server.Money{"amount": right, "periodMoney": right}
}

// kindMoney are the money columns of a kind's file.
func kindMoney(kind string) server.Money {
	switch kind {
	case KindStock:
		return stockMoney
	case KindCustomer, KindSupplier:
		return contactMoney(kind == KindSupplier)
	}
	return nil
}

// redactSummary answers the summary without what the caller may not see.
func redactSummary(p *server.Principal, s Summary, err error) (any, error) {
	if err != nil {
		return nil, err
	}
	hidden := summaryMoney.Hidden(p)
	if len(hidden) == 0 {
		return s, nil
	}
	hidden["net"] = true
	return server.Strip(s, hidden)
}
