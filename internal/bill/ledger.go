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
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 FROM (
			SELECT contact_id, debt, advance FROM contact_moves
			UNION ALL
			SELECT contact_id, -debt, -advance FROM contact_balances
		) x GROUP BY contact_id HAVING SUM(debt) <> 0 OR SUM(advance) <> 0) y`).Scan(&contacts)
	if err != nil {
		return 0, 0, fmt.Errorf("money ledger check: %w", err)
	}
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 FROM (
			SELECT account_id, amount FROM account_moves
			UNION ALL
			SELECT account_id, -amount FROM account_balances
		) x GROUP BY account_id HAVING SUM(amount) <> 0) y`).Scan(&accounts)
	if err != nil {
		return 0, 0, fmt.Errorf("money ledger check: %w", err)
	}
	return contacts, accounts, nil
}
