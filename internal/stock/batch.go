package stock

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"cangshu/internal/db"
)

// The statements of a post are batched over the document's balances: one
// to lock them all (two on PostgreSQL), one to learn which have later
// moves, one to insert the moves and one to write the balances, whatever
// the number of lines. Each statement costs a parse and a round trip; a
// per-line loop cost several of each per line.

// chunk is the most balances one statement names (4 to 12 parameters
// each: far below either engine's limit).
const chunk = 200

// locked is a balance row as locked, with its warehouse's allowance.
type locked struct {
	qty, value, last int64
	allowNegative    bool
}

// keysCond is "(key 1) OR (key 2) …" over the balance columns of alias a.
func keysCond(a string, keys []Key) (string, []any) {
	var sb strings.Builder
	args := make([]any, 0, 4*len(keys))
	for i, k := range keys {
		if i > 0 {
			sb.WriteString(" OR ")
		}
		fmt.Fprintf(&sb, "(%[1]s.goods_id = ? AND %[1]s.sku_id = ? AND %[1]s.location_id = ? AND %[1]s.batch = ?)", a)
		args = append(args, k.args()...)
	}
	return sb.String(), args
}

// lockBalances makes sure the balance rows of keys (sorted) exist and
// locks them, in key order, so that concurrent documents never wait on
// each other in a cycle: PostgreSQL inserts the missing rows (ON CONFLICT
// DO NOTHING, in key order) and then locks every row with one SELECT …
// ORDER BY … FOR UPDATE (rows are locked as they leave the sort); on
// SQLite the transaction already holds the only write lock, so the rows
// are read first and inserted only when missing.
func lockBalances(ctx context.Context, tx db.Querier, keys []Key) (map[Key]locked, error) {
	out := make(map[Key]locked, len(keys))
	pg := tx.Engine() == db.Postgres
	for start := 0; start < len(keys); start += chunk {
		part := keys[start:min(start+chunk, len(keys))]
		if !pg {
			if err := readLocked(ctx, tx, part, out); err != nil {
				return nil, err
			}
			complete := true
			for _, k := range part {
				if _, ok := out[k]; !ok {
					complete = false
				}
			}
			if complete {
				continue
			}
		}
		var sb strings.Builder
		sb.WriteString("INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost) VALUES ")
		args := make([]any, 0, 4*len(part))
		for i, k := range part {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, 0, 0, 0)")
			args = append(args, k.args()...)
		}
		sb.WriteString(" ON CONFLICT DO NOTHING")
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return nil, fmt.Errorf("balance rows: %w", err)
		}
		if err := readLocked(ctx, tx, part, out); err != nil {
			return nil, err
		}
		for _, k := range part {
			if _, ok := out[k]; !ok {
				return nil, fmt.Errorf("stock: balance row %+v missing after insert", k)
			}
		}
	}
	return out, nil
}

func readLocked(ctx context.Context, tx db.Querier, keys []Key, out map[Key]locked) error {
	var q string
	var args []any
	if tx.Engine() == db.Postgres {
		cond, a := keysCond("b", keys)
		q, args = `SELECT b.goods_id, b.sku_id, b.location_id, b.batch, b.qty, b.amount, b.last_cost, COALESCE(l.allow_negative, 0)
		FROM stock_balances b LEFT JOIN locations l ON l.id = b.location_id WHERE `+cond+
			" ORDER BY b.goods_id, b.sku_id, b.location_id, b.batch FOR UPDATE OF b", a
	} else {
		// SQLite plans a row-value IN over VALUES far faster than the
		// OR of the keys (no lock order to keep: one writer at a time).
		var sb strings.Builder
		args = make([]any, 0, 4*len(keys))
		for i, k := range keys {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?)")
			args = append(args, k.args()...)
		}
		q = `SELECT b.goods_id, b.sku_id, b.location_id, b.batch, b.qty, b.amount, b.last_cost, COALESCE(l.allow_negative, 0)
		FROM stock_balances b LEFT JOIN locations l ON l.id = b.location_id
		WHERE (b.goods_id, b.sku_id, b.location_id, b.batch) IN (VALUES ` + sb.String() + ")"
	}
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("lock balances: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k Key
		var l locked
		var allow int
		if err := rows.Scan(&k.GoodsID, &k.SKUID, &k.LocationID, &k.Batch, &l.qty, &l.value, &l.last, &allow); err != nil {
			return err
		}
		l.allowNegative = allow == 1
		out[k] = l
	}
	return rows.Err()
}

// laterKeys tells, for each balance and date, whether the balance has a
// move dated after the date (a move on the same date sorts before a new
// one, which gets a higher id): one row of one flag per balance.
func laterKeys(ctx context.Context, tx db.Querier, keys []Key, dates []string) (map[Key]bool, error) {
	out := make(map[Key]bool, len(keys))
	for start := 0; start < len(keys); start += chunk {
		end := min(start+chunk, len(keys))
		var sb strings.Builder
		sb.WriteString("SELECT ")
		args := make([]any, 0, 5*(end-start))
		for i := start; i < end; i++ {
			if i > start {
				sb.WriteString(", ")
			}
			sb.WriteString("CASE WHEN EXISTS (SELECT 1 FROM stock_moves WHERE " + keyCond + " AND move_date > ?) THEN 1 ELSE 0 END")
			args = append(args, keys[i].args(dates[i])...)
		}
		flags := make([]int, end-start)
		dst := make([]any, len(flags))
		for i := range flags {
			dst[i] = &flags[i]
		}
		if err := tx.QueryRow(ctx, sb.String(), args...).Scan(dst...); err != nil {
			return nil, fmt.Errorf("later moves: %w", err)
		}
		for i, f := range flags {
			out[keys[start+i]] = f == 1
		}
	}
	return out, nil
}

// moveRow is a move to insert with its final quantity and amount.
type moveRow struct {
	m           *Move
	qty, amount int64
}

// insertMoves inserts the rows in one statement per chunk and answers
// their ids in the order given: ids are assigned in VALUES order on both
// engines (SQLite: rowid max + 1 per row; PostgreSQL: nextval per row, in
// order), so the sorted returned ids are the rows' ids in order.
func insertMoves(ctx context.Context, tx db.Querier, rows []moveRow) ([]int64, error) {
	ids := make([]int64, 0, len(rows))
	for start := 0; start < len(rows); start += chunk {
		part := rows[start:min(start+chunk, len(rows))]
		var sb strings.Builder
		sb.WriteString(`INSERT INTO stock_moves (goods_id, sku_id, location_id, batch, move_date, qty, amount, cost_mode, kind, bill_id, entry_id, opening_id, role,
			feed_key, weight, fee) VALUES `)
		args := make([]any, 0, 16*len(part))
		for i, r := range part {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.m.GoodsID, r.m.SKUID, r.m.LocationID, r.m.Batch, r.m.Date, r.qty, r.amount, r.m.mode(r.qty), r.m.Kind,
				nullID(r.m.BillID), nullID(r.m.EntryID), nullID(r.m.OpeningID), r.m.Role, nullID(r.m.feedKey()), r.m.Weight, r.m.Fee)
		}
		sb.WriteString(" RETURNING id")
		got, err := db.Values[int64](ctx, tx, sb.String(), args...)
		if err != nil {
			return nil, err
		}
		if len(got) != len(part) {
			return nil, fmt.Errorf("stock: %d ids for %d moves", len(got), len(part))
		}
		sort.Slice(got, func(i, j int) bool { return got[i] < got[j] })
		ids = append(ids, got...)
	}
	return ids, nil
}

// balanceRow is a balance's new state.
type balanceRow struct {
	key              Key
	qty, value, last int64
}

// writeBalances writes the balances' new states (their rows exist and are
// locked): one upsert per chunk.
func writeBalances(ctx context.Context, tx db.Querier, rows []balanceRow) error {
	for start := 0; start < len(rows); start += chunk {
		part := rows[start:min(start+chunk, len(rows))]
		var sb strings.Builder
		sb.WriteString("INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount, last_cost) VALUES ")
		args := make([]any, 0, 7*len(part))
		for i, r := range part {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?)")
			args = append(args, r.key.args(r.qty, r.value, r.last)...)
		}
		sb.WriteString(` ON CONFLICT (goods_id, sku_id, location_id, batch) DO UPDATE SET qty = excluded.qty, amount = excluded.amount,
			last_cost = excluded.last_cost`)
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("write balances: %w", err)
		}
	}
	return nil
}
