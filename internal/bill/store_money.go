package bill

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/dec"
)

// SQL of the money effects of audited documents (Effects): contact debts
// and account flows, for the limits checked at audit.

// contactDebt is the contact's signed arrears over its audited documents
// (an exact sum however many: dec.SumSQL).
func contactDebt(ctx context.Context, q db.Querier, contactID int64) (dec.Dec, error) {
	var debt dec.Dec
	err := q.QueryRow(ctx, "SELECT "+dec.SumSQL("b.arrears * ("+signCase(func(d, _ int) int { return d })+")")+
		" FROM bills b WHERE b.contact_id = ? AND b.checked = 1", contactID).Scan(dec.ScanSum(&debt))
	return debt, err
}

func contactName(ctx context.Context, q db.Querier, id int64) (string, error) {
	var name string
	err := q.QueryRow(ctx, "SELECT name FROM contacts WHERE id = ?", id).Scan(&name)
	return name, err
}

// billAccountIDs are the accounts of a document's settlement lines.
func billAccountIDs(ctx context.Context, q db.Querier, billID int64) ([]int64, error) {
	return db.Values[int64](ctx, q, "SELECT DISTINCT account_id FROM bill_accounts WHERE bill_id = ?", billID)
}

// accountFlow is the money in minus the money out of the account through
// the settlement lines of audited documents.
func accountFlow(ctx context.Context, q db.Querier, id int64) (dec.Dec, error) {
	var flow dec.Dec
	err := q.QueryRow(ctx, "SELECT "+dec.SumSQL("ba.payment * ("+signCase(func(_, c int) int { return c })+")")+
		" FROM bill_accounts ba JOIN bills b ON b.id = ba.bill_id WHERE ba.account_id = ? AND b.checked = 1", id).Scan(dec.ScanSum(&flow))
	return flow, err
}

// account is a settlement account's name and opening balance.
func account(ctx context.Context, q db.Querier, id int64) (string, dec.Dec, error) {
	var name string
	var opening dec.Dec
	err := q.QueryRow(ctx, "SELECT name, opening_balance FROM settle_accounts WHERE id = ?", id).Scan(&name, &opening)
	return name, opening, err
}

// ContactDebtSQL is a scalar SQL expression: the sum of the arrears of the
// audited documents of the contact whose id is the SQL expression idExpr,
// signed by Effects (stored micro-units, like every amount column).
func ContactDebtSQL(idExpr string) string {
	return "(SELECT COALESCE(SUM(b.arrears * (" + signCase(func(d, _ int) int { return d }) + ")), 0) FROM bills b WHERE b.contact_id = " +
		idExpr + " AND b.checked = 1)"
}

// AccountFlowSQL is a scalar SQL expression: the money in minus the money
// out of the account whose id is idExpr through settlement lines of audited
// documents (stored micro-units).
func AccountFlowSQL(idExpr string) string {
	return "(SELECT COALESCE(SUM(ba.payment * (" + signCase(func(_, c int) int { return c }) + ")), 0) FROM bill_accounts ba JOIN bills b ON b.id = ba.bill_id WHERE ba.account_id = " +
		idExpr + " AND b.checked = 1)"
}
