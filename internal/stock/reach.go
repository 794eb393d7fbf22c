package stock

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/db"
)

// Lock order across balances. A change recosts its own balances and,
// through the groups of fed moves (transfers, assemblies), the balances
// they feed, pass after pass (propagate). Were those locked as propagate
// reaches them, two documents starting in two warehouses that feed each
// other would each hold one and wait for the other (PostgreSQL aborts one
// of them as a deadlock). So on PostgreSQL apply first reads which
// balances the change can reach and locks them all with its own, in key
// order, in one statement (lockReach): every document takes its locks in
// the one global order. SQLite has one writer at a time and needs none of
// it.
//
// The first step of the reach rides on the statement that creates the
// missing balance rows (one statement either way): a document whose
// balances feed nothing later costs no extra round trip.
//
// A balance reached only through a group saved after the reach read the
// ledger (committed between that read and the lock) is locked when
// propagate meets it, out of order; the window is one statement wide.

// lockReach (PostgreSQL) makes sure the balance rows of keys (sorted)
// exist, finds the balances a change of keys (each from its date in
// starts) can recost through fed moves (reachStep), and locks them all in
// key order. It answers the locked rows of keys and every key locked.
func lockReach(ctx context.Context, tx db.Querier, keys []Key, starts map[Key]string) (map[Key]locked, map[Key]bool, error) {
	r := &reacher{known: make(map[Key]string, len(keys))}
	for k, d := range starts {
		r.known[k] = d
	}
	frontier, err := r.step(ctx, tx, keys, starts, true)
	if err != nil {
		return nil, nil, err
	}
	for pass := 0; len(frontier) > 0; pass++ {
		if pass >= maxPasses {
			return nil, nil, fmt.Errorf("stock: reach did not settle after %d passes", maxPasses)
		}
		next := make([]Key, 0, len(frontier))
		for k := range frontier {
			next = append(next, k)
		}
		if frontier, err = r.step(ctx, tx, next, frontier, false); err != nil {
			return nil, nil, err
		}
	}
	all := append(slices.Clone(keys), r.more...)
	slices.SortFunc(all, cmpKey)
	out := make(map[Key]locked, len(all))
	held := make(map[Key]bool, len(all))
	for start := 0; start < len(all); start += chunk {
		if err := readLocked(ctx, tx, all[start:min(start+chunk, len(all))], out); err != nil {
			return nil, nil, err
		}
	}
	for _, k := range all {
		if _, ok := out[k]; !ok {
			return nil, nil, fmt.Errorf("stock: balance row %+v missing", k)
		}
		held[k] = true
	}
	return out, held, nil
}

// reacher is the balances reached so far, each with the earliest date it
// is reached from.
type reacher struct {
	known map[Key]string
	more  []Key // reached, beyond the change's own balances
}

// step reads the balances of the fed moves whose groups are fed by a move
// of one of keys dated on or after its date in from; it answers those
// reached anew or from an earlier date (the next frontier). With insert,
// each statement first creates the missing balance rows of its keys.
func (r *reacher) step(ctx context.Context, tx db.Querier, keys []Key, from map[Key]string, insert bool) (map[Key]string, error) {
	next := map[Key]string{}
	for start := 0; start < len(keys); start += chunk {
		part := keys[start:min(start+chunk, len(keys))]
		var sb strings.Builder
		// Lookups by key: one plan serves every document (db.GenericPlan).
		sb.WriteString(db.GenericPlan)
		args := make([]any, 0, 9*len(part))
		if insert {
			sb.WriteString("WITH ins AS (INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost) VALUES ")
			for i, k := range part {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString("(?, ?, ?, ?, 0, 0, 0)")
				args = append(args, k.args()...)
			}
			sb.WriteString(" ON CONFLICT DO NOTHING) ")
		}
		sb.WriteString(`SELECT i.goods_id, i.sku_id, i.location_id, i.batch, MIN(i.move_date) FROM stock_moves o
			JOIN stock_moves i ON i.feed_key = o.feed_key AND i.role = 2 WHERE o.role = 1 AND (`)
		for i, k := range part {
			if i > 0 {
				sb.WriteString(" OR ")
			}
			sb.WriteString("(o.goods_id = ? AND o.sku_id = ? AND o.location_id = ? AND o.batch = ? AND o.move_date >= ?)")
			args = append(args, k.args(from[k])...)
		}
		sb.WriteString(") GROUP BY i.goods_id, i.sku_id, i.location_id, i.batch")
		rows, err := db.All(ctx, tx, func(r *sql.Rows, m *groupMove) error {
			return r.Scan(&m.GoodsID, &m.SKUID, &m.LocationID, &m.Batch, &m.date)
		}, sb.String(), args...)
		if err != nil {
			return nil, fmt.Errorf("balances reached: %w", err)
		}
		for _, m := range rows {
			d, ok := r.known[m.Key]
			if ok && d <= m.date {
				continue
			}
			if !ok {
				r.more = append(r.more, m.Key)
			}
			r.known[m.Key] = m.date
			if n, ok := next[m.Key]; !ok || m.date < n {
				next[m.Key] = m.date
			}
		}
	}
	return next, nil
}
