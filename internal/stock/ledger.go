package stock

import (
	"context"
	"fmt"

	"cangshu/internal/db"
)

// LedgerMismatches counts the balances (goods × SKU × location × batch)
// whose quantity or value differs from the sums of their moves: a balance
// row without its moves and moves without their balance row count too.
// The books' first invariant (docs/stock.md); a restore refuses a backup
// where it does not hold, and the property tests check it after every step.
func LedgerMismatches(ctx context.Context, q db.Querier) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 FROM (
			SELECT goods_id, sku_id, location_id, batch, qty, amount FROM stock_moves
			UNION ALL
			SELECT goods_id, sku_id, location_id, batch, -qty, -amount FROM stock_balances
		) x GROUP BY goods_id, sku_id, location_id, batch HAVING SUM(qty) <> 0 OR SUM(amount) <> 0) y`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("stock ledger check: %w", err)
	}
	return n, nil
}
