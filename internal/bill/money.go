package bill

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// MoneyMove is one money effect of an audited document (docs/money.md): on
// a contact (ContactID: Debt changes its receivable or payable, Advance the
// advance it holds) or on a settlement account (AccountID: Amount is money
// in, negative out). A family's moneyMoves answers them; the engine writes
// them to the ledger (contact_moves, account_moves) and the balances
// (contact_balances, account_balances) in the audit's transaction, and
// removes them on un-audit.
type MoneyMove struct {
	ContactID, AccountID int64
	Debt, Advance        dec.Dec
	Amount               dec.Dec
}

// ContactDebtSQL is a scalar SQL expression: what the ledger holds for the
// contact whose id is the SQL expression idExpr, its debt less its advance
// (micro-units; the opening amounts are the contact's own). One indexed row.
func ContactDebtSQL(idExpr string) string {
	return "(SELECT COALESCE(MAX(cb.debt - cb.advance), 0) FROM contact_balances cb WHERE cb.contact_id = " + idExpr + ")"
}

// AccountFlowSQL is a scalar SQL expression: the money in less the money out
// of the account whose id is idExpr by audited documents (micro-units; the
// opening balance is the account's own). One indexed row.
func AccountFlowSQL(idExpr string) string {
	return "(SELECT COALESCE(MAX(ab.amount), 0) FROM account_balances ab WHERE ab.account_id = " + idExpr + ")"
}

// balances are the changes an audit makes to the contacts' and accounts'
// running balances, by id, and the ledger rows that make them (moves: the
// contact_moves and account_moves rows still to be written); addBalances
// writes both.
type balances struct {
	contacts map[int64][2]dec.Dec
	accounts map[int64]dec.Dec
	moves    []ledgerMove
}

// ledgerMove is a money move of document billID, still to be written.
type ledgerMove struct {
	billID, shopID int64
	date           string
	MoneyMove
}

// add adds o's changes to b's.
func (b *balances) add(o balances) {
	if b.contacts == nil {
		b.contacts, b.accounts = map[int64][2]dec.Dec{}, map[int64]dec.Dec{}
	}
	for id, d := range o.contacts {
		c := b.contacts[id]
		b.contacts[id] = [2]dec.Dec{c[0].Add(d[0]), c[1].Add(d[1])}
	}
	for id, a := range o.accounts {
		b.accounts[id] = b.accounts[id].Add(a)
	}
	b.moves = append(b.moves, o.moves...)
}

// postMoney answers the money moves of the audited document st and the
// changes they make to the balances (addBalances writes them).
func postMoney(ctx context.Context, tx db.Querier, k *Kind, st state, lines []line) (balances, error) {
	moves, err := k.family().moneyMoves(ctx, tx, k, st, lines)
	if err != nil {
		return balances{}, fmt.Errorf("money moves of bill %d: %w", st.id, err)
	}
	b := balances{contacts: map[int64][2]dec.Dec{}, accounts: map[int64]dec.Dec{}}
	for _, m := range moves {
		switch {
		case m.ContactID != 0:
			if m.Debt.Sign() == 0 && m.Advance.Sign() == 0 {
				continue
			}
			c := b.contacts[m.ContactID]
			b.contacts[m.ContactID] = [2]dec.Dec{c[0].Add(m.Debt), c[1].Add(m.Advance)}
		case m.AccountID != 0:
			if m.Amount.Sign() == 0 {
				continue
			}
			b.accounts[m.AccountID] = b.accounts[m.AccountID].Add(m.Amount)
		default:
			continue
		}
		b.moves = append(b.moves, ledgerMove{billID: st.id, shopID: st.shopID, date: st.date, MoneyMove: m})
	}
	return b, nil
}

// withMoves is the statement q (its arguments args) preceded by the rows of
// the ledger that table's insert (VALUES of rows, their arguments rowArgs)
// writes: on PostgreSQL one statement (a data-modifying WITH), on SQLite,
// which has none, the insert is run first.
func withMoves(ctx context.Context, tx db.Querier, insert string, rows []string, rowArgs []any, q string, args []any) (string, []any, error) {
	if len(rows) == 0 {
		return q, args, nil
	}
	insert += strings.Join(rows, ", ")
	if tx.Engine() == db.Postgres {
		return "WITH m AS (" + insert + ") " + q, append(rowArgs, args...), nil
	}
	_, err := tx.Exec(ctx, insert, rowArgs...)
	return q, args, err
}

// unpostMoney removes the money moves of an un-audited document and takes
// them off the balances.
func unpostMoney(ctx context.Context, tx db.Querier, billID int64) error {
	type cm struct {
		id            int64
		debt, advance dec.Dec
	}
	cms, err := db.All(ctx, tx, func(r *sql.Rows, c *cm) error { return r.Scan(&c.id, &c.debt, &c.advance) },
		"SELECT contact_id, SUM(debt), SUM(advance) FROM contact_moves WHERE bill_id = ? GROUP BY contact_id", billID)
	if err != nil {
		return fmt.Errorf("contact moves of bill %d: %w", billID, err)
	}
	type am struct {
		id     int64
		amount dec.Dec
	}
	ams, err := db.All(ctx, tx, func(r *sql.Rows, a *am) error { return r.Scan(&a.id, &a.amount) },
		"SELECT account_id, SUM(amount) FROM account_moves WHERE bill_id = ? GROUP BY account_id", billID)
	if err != nil {
		return fmt.Errorf("account moves of bill %d: %w", billID, err)
	}
	contacts := map[int64][2]dec.Dec{}
	for _, c := range cms {
		contacts[c.id] = [2]dec.Dec{c.debt.Neg(), c.advance.Neg()}
	}
	accounts := map[int64]dec.Dec{}
	for _, a := range ams {
		accounts[a.id] = a.amount.Neg()
	}
	for _, s := range []string{"DELETE FROM contact_moves WHERE bill_id = ?", "DELETE FROM account_moves WHERE bill_id = ?"} {
		if _, err := tx.Exec(ctx, s, billID); err != nil {
			return err
		}
	}
	return addBalances(ctx, tx, balances{contacts: contacts, accounts: accounts})
}

// addBalances writes b's ledger rows and adds to the balance rows, in id
// order (two documents touching the same rows lock them in the same order),
// and checks every balance the users see (opening + ledger) stays within
// dec.MaxBalance: one statement a contact or account (see withMoves),
// answering its new sums with its name and opening figures. Each change is
// at most a document's total, so the sums cannot leave the 64-bit range
// before they are checked (docs/limits.md).
//
// The balance rows are hot: every sale to the walk-in customer, every
// payment into the cash account updates the same row, and the row stays
// locked to the COMMIT. So they are written after the stock (post), and a
// document saved and audited alone writes them after its answer's reads,
// next to its number (Save): held for a few statements, not the whole
// audit. Stock balances, then contacts' and accounts', then the number:
// every audit locks in that order.
func addBalances(ctx context.Context, tx db.Querier, b balances) error {
	contacts, accounts := b.contacts, b.accounts
	for _, id := range slices.Sorted(maps.Keys(contacts)) {
		d := contacts[id]
		var rows []string
		var rowArgs []any
		for _, m := range b.moves {
			if m.ContactID == id {
				rows = append(rows, "(?, ?, ?, ?, ?, ?)")
				rowArgs = append(rowArgs, m.billID, m.shopID, id, m.date, m.Debt, m.Advance)
			}
		}
		q, args, err := withMoves(ctx, tx, "INSERT INTO contact_moves (bill_id, shop_id, contact_id, move_date, debt, advance) VALUES ", rows, rowArgs,
			`INSERT INTO contact_balances (contact_id, debt, advance) VALUES (?, ?, ?)
			ON CONFLICT (contact_id) DO UPDATE SET debt = contact_balances.debt + excluded.debt, advance = contact_balances.advance + excluded.advance
			RETURNING debt, advance, (SELECT c.name FROM contacts c WHERE c.id = contact_balances.contact_id),
			(SELECT c.opening_amount FROM contacts c WHERE c.id = contact_balances.contact_id),
			(SELECT c.opening_advance FROM contacts c WHERE c.id = contact_balances.contact_id)`, []any{id, d[0], d[1]})
		if err != nil {
			return fmt.Errorf("contact moves %d: %w", id, err)
		}
		var debt, advance, openAmount, openAdvance dec.Dec
		var name string
		if err := tx.QueryRow(ctx, q, args...).Scan(&debt, &advance, &name, &openAmount, &openAdvance); err != nil {
			return fmt.Errorf("contact balance %d: %w", id, err)
		}
		// An advance taken back (a receipt or payment un-audited) that was
		// used since (a verification document) would leave less than none.
		if d[1].Sign() < 0 && openAdvance.Add(advance).Sign() < 0 {
			return errs.Conflict("bill.err.advanceUsed", errs.A("contact", name))
		}
		for _, v := range []dec.Dec{debt, advance, openAmount.Add(debt), openAdvance.Add(advance), openAmount.Sub(openAdvance).Add(debt).Sub(advance)} {
			if v.Abs().Cmp(dec.MaxBalance) > 0 {
				return errs.Invalid("limit.err.contactBalance", errs.A("contact", name), errs.A("max", dec.MaxBalance.String()))
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(accounts)) {
		var rows []string
		var rowArgs []any
		for _, m := range b.moves {
			if m.AccountID == id {
				rows = append(rows, "(?, ?, ?, ?, ?)")
				rowArgs = append(rowArgs, m.billID, m.shopID, id, m.date, m.Amount)
			}
		}
		q, args, err := withMoves(ctx, tx, "INSERT INTO account_moves (bill_id, shop_id, account_id, move_date, amount) VALUES ", rows, rowArgs,
			`INSERT INTO account_balances (account_id, amount) VALUES (?, ?)
			ON CONFLICT (account_id) DO UPDATE SET amount = account_balances.amount + excluded.amount
			RETURNING amount, (SELECT a.name FROM settle_accounts a WHERE a.id = account_balances.account_id),
			(SELECT a.opening_balance FROM settle_accounts a WHERE a.id = account_balances.account_id)`, []any{id, accounts[id]})
		if err != nil {
			return fmt.Errorf("account moves %d: %w", id, err)
		}
		var amount, opening dec.Dec
		var name string
		if err := tx.QueryRow(ctx, q, args...).Scan(&amount, &name, &opening); err != nil {
			return fmt.Errorf("account balance %d: %w", id, err)
		}
		if amount.Abs().Cmp(dec.MaxBalance) > 0 || amount.Add(opening).Abs().Cmp(dec.MaxBalance) > 0 {
			return errs.Invalid("limit.err.accountBalance", errs.A("account", name), errs.A("max", dec.MaxBalance.String()))
		}
	}
	return nil
}

// tradeMoney: a purchase or sale leaves its arrears (amount − paid now) on
// the contact's payable or receivable, a return takes them off; its
// settlement lines move money out of (purchases, sales returns) or into
// (sales, purchase returns) their accounts. Orders move no money.
func tradeMoney(ctx context.Context, tx db.Querier, k *Kind, st state) ([]MoneyMove, error) {
	if k.Order {
		return nil, nil
	}
	debtSign := int64(1)
	if k.ReturnOf != "" {
		debtSign = -1
	}
	cashSign := debtSign
	if k.ContactType == Supplier {
		cashSign = -cashSign
	}
	var arrears dec.Dec
	if st.written != nil {
		arrears = st.written.Arrears
	} else if err := tx.QueryRow(ctx, "SELECT arrears FROM bills WHERE id = ?", st.id).Scan(&arrears); err != nil {
		return nil, err
	}
	var moves []MoneyMove
	if st.contactID != 0 {
		moves = append(moves, MoneyMove{ContactID: st.contactID, Debt: arrears.Mul(dec.FromInt(debtSign))})
	}
	acc, err := accountMoves(ctx, tx, st, cashSign)
	if err != nil {
		return nil, err
	}
	return append(moves, acc...), nil
}

// accountMoves are the document's settlement lines as account moves,
// signed, one per account in id order.
func accountMoves(ctx context.Context, tx db.Querier, st state, sign int64) ([]MoneyMove, error) {
	type row struct {
		id  int64
		sum dec.Dec
	}
	var rows []row
	if st.written != nil {
		sums := map[int64]dec.Dec{}
		for _, a := range st.written.Accounts {
			sums[a.AccID] = sums[a.AccID].Add(a.Payment)
		}
		for _, id := range slices.Sorted(maps.Keys(sums)) {
			rows = append(rows, row{id, sums[id]})
		}
	} else {
		var err error
		rows, err = db.All(ctx, tx, func(r *sql.Rows, v *row) error { return r.Scan(&v.id, &v.sum) },
			"SELECT account_id, SUM(payment) FROM bill_accounts WHERE bill_id = ? GROUP BY account_id ORDER BY account_id", st.id)
		if err != nil {
			return nil, err
		}
	}
	out := make([]MoneyMove, 0, len(rows))
	s := dec.FromInt(sign)
	for _, r := range rows {
		out = append(out, MoneyMove{AccountID: r.id, Amount: r.sum.Mul(s)})
	}
	return out, nil
}
