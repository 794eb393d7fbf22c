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
//
// The moves are summed per balance on their own (on SQLite from the
// balance index, which carries the figures: read in its order, no sort of
// every move; PostgreSQL hashes them), each sum compared with its balance
// row, then the balance rows that have no moves are counted unless zero.
func LedgerMismatches(ctx context.Context, q db.Querier) (int64, error) {
	var n int64
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM (
		SELECT 1 AS one FROM (
			SELECT goods_id, sku_id, location_id, batch, SUM(qty) AS qty, SUM(amount) AS amount
			FROM stock_moves GROUP BY goods_id, sku_id, location_id, batch
		) m LEFT JOIN stock_balances b
			ON b.goods_id = m.goods_id AND b.sku_id = m.sku_id AND b.location_id = m.location_id AND b.batch = m.batch
		WHERE m.qty <> COALESCE(b.qty, 0) OR m.amount <> COALESCE(b.amount, 0)
		UNION ALL
		SELECT 1 FROM stock_balances b
		WHERE (b.qty <> 0 OR b.amount <> 0) AND NOT EXISTS (SELECT 1 FROM stock_moves m
			WHERE m.goods_id = b.goods_id AND m.sku_id = b.sku_id AND m.location_id = b.location_id AND m.batch = b.batch)
	) x`).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("stock ledger check: %w", err)
	}
	return n, nil
}
