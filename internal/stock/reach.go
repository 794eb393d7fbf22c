package stock

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"cangshu/internal/db"
)

// Lock order across balances. A change recosts its own balances and,
// through the groups of fed moves (transfers, assemblies), the balances
// they feed, pass after pass (propagate). Were those locked as propagate
// reaches them, two documents starting in two warehouses that feed each
// other would each hold one and wait for the other (PostgreSQL aborts one
// of them as a deadlock). So on PostgreSQL apply first reads which
// balances the change can reach (reach) and locks them all with its own,
// in key order, in one statement: every document takes its locks in the
// one global order. SQLite has one writer at a time and needs none of it.
//
// A balance reached only through a group saved after reach read the
// ledger (committed between that read and the lock) is locked when
// propagate meets it, out of order; the window is one statement wide.

// reach answers the balances, other than those of starts, that a change
// of the balances starts (each from its earliest changed date) can recost
// through fed moves: the balances of the fed moves whose groups are fed by
// a move of a reached balance dated on or after the point it is reached
// from, transitively.
func reach(ctx context.Context, tx db.Querier, starts map[Key]string) ([]Key, error) {
	known := make(map[Key]string, len(starts))
	frontier := make(map[Key]string, len(starts))
	for k, d := range starts {
		known[k], frontier[k] = d, d
	}
	var out []Key
	for pass := 0; len(frontier) > 0; pass++ {
		if pass >= maxPasses {
			return nil, fmt.Errorf("stock: reach did not settle after %d passes", maxPasses)
		}
		keys := make([]Key, 0, len(frontier))
		for k := range frontier {
			keys = append(keys, k)
		}
		next := map[Key]string{}
		for start := 0; start < len(keys); start += chunk {
			part := keys[start:min(start+chunk, len(keys))]
			var sb strings.Builder
			args := make([]any, 0, 5*len(part))
			for i, k := range part {
				if i > 0 {
					sb.WriteString(" OR ")
				}
				sb.WriteString("(o.goods_id = ? AND o.sku_id = ? AND o.location_id = ? AND o.batch = ? AND o.move_date >= ?)")
				args = append(args, k.args(frontier[k])...)
			}
			rows, err := db.All(ctx, tx, func(r *sql.Rows, m *groupMove) error {
				return r.Scan(&m.GoodsID, &m.SKUID, &m.LocationID, &m.Batch, &m.date)
			}, `SELECT i.goods_id, i.sku_id, i.location_id, i.batch, MIN(i.move_date) FROM stock_moves o
				JOIN stock_moves i ON i.feed_key = o.feed_key AND i.role = 2
				WHERE o.role = 1 AND (`+sb.String()+`) GROUP BY i.goods_id, i.sku_id, i.location_id, i.batch`, args...)
			if err != nil {
				return nil, fmt.Errorf("balances reached: %w", err)
			}
			for _, m := range rows {
				d, ok := known[m.Key]
				if ok && d <= m.date {
					continue
				}
				if !ok {
					out = append(out, m.Key)
				}
				known[m.Key] = m.date
				if n, ok := next[m.Key]; !ok || m.date < n {
					next[m.Key] = m.date
				}
			}
		}
		frontier = next
	}
	return out, nil
}
