package app

import (
	"cangshu/internal/fund"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// wireFund adds the money documents (receipts, payments, other income and
// expense, fund transfers) to the document engine; their lines' items,
// accounts and payment methods are uses like any document's.
func (a *App) wireFund() ([]server.Route, error) {
	no := "(SELECT b.bill_no FROM bills b WHERE b.id = fund_entries.bill_id)"
	a.Usage.Add(usage.Account,
		usage.Ref{Table: "fund_entries", Column: "account_id", What: "bill.entity", Name: no},
		usage.Ref{Table: "fund_entries", Column: "in_account_id", What: "bill.entity", Name: no})
	a.Usage.Add(usage.Assist, usage.Ref{Table: "fund_entries", Column: "way_id", What: "bill.entity", Name: no})
	a.Usage.Add(usage.Item, usage.Ref{Table: "fund_entries", Column: "item_id", What: "bill.entity", Name: no})
	a.Usage.Add(usage.Contact, usage.Ref{Table: "bills", Column: "to_contact_id", What: "bill.entity", Name: "bill_no"})
	return fund.Routes(a.Bills), nil
}
