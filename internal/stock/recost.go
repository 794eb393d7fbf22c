package stock

import (
	"context"
	"fmt"

	"cangshu/internal/db"
)

// Recost replays balance k's ledger from date on, as a back-dated document
// would: every computed cost from there is recomputed (only changed ones
// written), the balance row and FIFO layers rewritten, and the balances fed
// by its moves whose cost changed (transfers, assemblies) recosted in turn.
// Quantities do not change, so the negative-stock rule is not checked. The
// balance is locked first, like any posting. Cost recalculation
// (internal/recost) calls it per balance, each in its own transaction.
func Recost(ctx context.Context, tx db.Querier, cfg Config, k Key, date string) error {
	// Like a posting: on PostgreSQL every balance the recost can reach is
	// locked up front in one order (reach.go), so that concurrent postings
	// never deadlock with it.
	var held map[Key]bool
	var err error
	if tx.Engine() == db.Postgres {
		_, held, err = lockReach(ctx, tx, []Key{k}, map[Key]string{k: date})
	} else {
		_, err = lockBalances(ctx, tx, []Key{k})
	}
	if err != nil {
		return fmt.Errorf("lock balance %+v: %w", k, err)
	}
	fed, err := walk(ctx, tx, cfg, k, date, 0, nil, nil, false)
	if err != nil {
		return err
	}
	if err := propagate(ctx, tx, cfg, fed, held); err != nil {
		return err
	}
	return staleFrom(ctx, tx, date)
}
