package bill

import (
	"context"
	"fmt"

	"cangshu/internal/db"
)

// MoneyLedgerMismatches counts the contacts whose balance row differs from
// the sums of their moves (debt, advance), and the settlement accounts
// whose balance row differs from the sum of theirs; a balance row without
// moves and moves without a balance row count too. The money ledger's
// invariant (docs/money.md); a restore refuses a backup where it does not
// hold, and the document property test checks it after every step.
func MoneyLedgerMismatches(ctx context.Context, q db.Querier) (contacts, accounts int64, err error) {
	// As stock.LedgerMismatches: the moves summed per contact or account on
	// their own (SQLite: from the index that carries the figures), compared
	// with the balance row; then the nonzero balance rows without moves.
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 AS one FROM (
			SELECT contact_id, SUM(debt) AS debt, SUM(advance) AS advance FROM contact_moves GROUP BY contact_id
		) m LEFT JOIN contact_balances b ON b.contact_id = m.contact_id
		WHERE m.debt <> COALESCE(b.debt, 0) OR m.advance <> COALESCE(b.advance, 0)
		UNION ALL
		SELECT 1 FROM contact_balances b
		WHERE (b.debt <> 0 OR b.advance <> 0) AND NOT EXISTS (SELECT 1 FROM contact_moves m WHERE m.contact_id = b.contact_id)
	) x`).Scan(&contacts)
	if err != nil {
		return 0, 0, fmt.Errorf("money ledger check: %w", err)
	}
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 AS one FROM (
			SELECT account_id, SUM(amount) AS amount FROM account_moves GROUP BY account_id
		) m LEFT JOIN account_balances b ON b.account_id = m.account_id
		WHERE m.amount <> COALESCE(b.amount, 0)
		UNION ALL
		SELECT 1 FROM account_balances b
		WHERE b.amount <> 0 AND NOT EXISTS (SELECT 1 FROM account_moves m WHERE m.account_id = b.account_id)
	) x`).Scan(&accounts)
	if err != nil {
		return 0, 0, fmt.Errorf("money ledger check: %w", err)
	}
	return contacts, accounts, nil
}
