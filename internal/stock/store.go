package stock

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cangshu/internal/db"
)

// keyCond selects one balance's rows; keyArgs are its arguments.
const keyCond = "goods_id = ? AND sku_id = ? AND location_id = ? AND batch = ?"

func (k Key) args(more ...any) []any {
	return append([]any{k.GoodsID, k.SKUID, k.LocationID, k.Batch}, more...)
}

// before selects the moves of a balance strictly before the point (date, id).
// The date is bounded on its own (move_date <= ?) so that SQLite searches
// the balance index by date range: with the plain OR it reads every move of
// the balance (3.54 does; 50 ms over 100,000 moves).
const before = " AND move_date <= ? AND (move_date < ? OR id < ?)"

func (k Key) less(o Key) bool {
	if k.GoodsID != o.GoodsID {
		return k.GoodsID < o.GoodsID
	}
	if k.SKUID != o.SKUID {
		return k.SKUID < o.SKUID
	}
	if k.LocationID != o.LocationID {
		return k.LocationID < o.LocationID
	}
	return k.Batch < o.Batch
}

func writeBalance(ctx context.Context, tx db.Querier, k Key, s *state) error {
	_, err := tx.Exec(ctx, "UPDATE stock_balances SET qty = ?, amount = ?, last_cost = ? WHERE "+keyCond,
		append([]any{s.qty, s.value, s.last}, k.args()...)...)
	return err
}

func insertMove(ctx context.Context, tx db.Querier, m *Move, qty, amount int64) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO stock_moves (goods_id, sku_id, location_id, batch, move_date, qty, amount, cost_mode, kind, bill_id, entry_id, opening_id, role,
		feed_key, weight, fee) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		m.GoodsID, m.SKUID, m.LocationID, m.Batch, m.Date, qty, amount, m.mode(qty), m.Kind,
		db.NullID(m.BillID), db.NullID(m.EntryID), db.NullID(m.OpeningID), m.Role, db.NullID(m.feedKey()), m.Weight, m.Fee).Scan(&id)
	return id, err
}

// startState is the balance just before the point (date, id): moving
// average needs the sums of the moves before it; FIFO replays from the last
// point before it where the running quantity was zero (no layers there), so
// it returns that point's successor as where the walk must begin.
func startState(ctx context.Context, tx db.Querier, cfg Config, k Key, date string, id int64) (*state, string, int64, error) {
	s := &state{fifo: cfg.Method == FIFO, u: unit(cfg.AmountPlaces)}
	fromDate, fromID := date, id
	if s.fifo {
		var zd string
		var zid int64
		err := tx.QueryRow(ctx, `SELECT move_date, id FROM (SELECT move_date, id, SUM(qty) OVER (ORDER BY move_date, id) AS run
			FROM stock_moves WHERE `+keyCond+before+`) t WHERE run = 0 ORDER BY move_date DESC, id DESC LIMIT 1`,
			k.args(date, date, id)...).Scan(&zd, &zid)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			fromDate, fromID = "", 0
		case err != nil:
			return nil, "", 0, fmt.Errorf("fifo start: %w", err)
		default:
			fromDate, fromID = zd, zid+1 // just after the zero point
		}
	}
	if err := tx.QueryRow(ctx, "SELECT COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0) FROM stock_moves WHERE "+keyCond+before,
		k.args(fromDate, fromDate, fromID)...).Scan(&s.qty, &s.value); err != nil {
		return nil, "", 0, fmt.Errorf("prefix sums: %w", err)
	}
	var a, q int64
	err := tx.QueryRow(ctx, "SELECT amount, qty FROM stock_moves WHERE "+keyCond+before+
		" AND cost_mode <> 0 AND qty > 0 ORDER BY move_date DESC, id DESC LIMIT 1", k.args(fromDate, fromDate, fromID)...).Scan(&a, &q)
	if err == nil {
		s.last = mulDiv(a, micro, q, 1)
	} else if !errors.Is(err, sql.ErrNoRows) {
		return nil, "", 0, fmt.Errorf("last cost: %w", err)
	}
	return s, fromDate, fromID, nil
}

// movesFrom reads the moves of a balance from the point (date, id) on, in
// ledger order (read whole before any write: a driver cannot write on a
// transaction while a result set is open).
func movesFrom(ctx context.Context, tx db.Querier, k Key, date string, id int64) ([]mv, error) {
	return db.All(ctx, tx, func(r *sql.Rows, m *mv) error {
		var mode int
		err := r.Scan(&m.id, &m.date, &m.qty, &m.amount, &mode, &m.role, &m.feedKey)
		m.given = mode != costComputed
		return err
	}, "SELECT id, move_date, qty, amount, cost_mode, role, COALESCE(feed_key, 0) FROM stock_moves WHERE "+keyCond+
		" AND move_date >= ? AND (move_date > ? OR id >= ?) ORDER BY move_date, id", k.args(date, date, id)...)
}

// amountUpdates collects changed move amounts to write in batches: a
// recost that changes 50,000 amounts writes them in a few statements, not
// one round trip each.
type amountUpdates struct {
	ids, amounts []int64
}

func (u *amountUpdates) add(id, amount int64) {
	u.ids = append(u.ids, id)
	u.amounts = append(u.amounts, amount)
}

// updateBatch is the most amounts one statement writes on SQLite (two
// parameters each, far below its limit); PostgreSQL takes them all as two
// arrays.
const updateBatch = 500

// flush writes the collected amounts: on PostgreSQL one UPDATE … FROM
// unnest of two arrays; on SQLite one UPDATE … FROM a VALUES list per
// updateBatch.
func (u *amountUpdates) flush(ctx context.Context, tx db.Querier) error {
	defer func() { u.ids, u.amounts = u.ids[:0], u.amounts[:0] }()
	if len(u.ids) == 0 {
		return nil
	}
	if tx.Engine() == db.Postgres {
		_, err := tx.Exec(ctx, `UPDATE stock_moves SET amount = v.amount FROM (SELECT unnest(?::bigint[]) AS id, unnest(?::bigint[]) AS amount) v
			WHERE stock_moves.id = v.id`, u.ids, u.amounts)
		return err
	}
	for start := 0; start < len(u.ids); start += updateBatch {
		end := min(start+updateBatch, len(u.ids))
		var sb strings.Builder
		sb.WriteString("WITH v (id, amount) AS (VALUES ")
		args := make([]any, 0, 2*(end-start))
		for i := start; i < end; i++ {
			if i > start {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?)")
			args = append(args, u.ids[i], u.amounts[i])
		}
		sb.WriteString(") UPDATE stock_moves SET amount = v.amount FROM v WHERE stock_moves.id = v.id")
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

func loadLayers(ctx context.Context, tx db.Querier, k Key) ([]layer, error) {
	return db.All(ctx, tx, func(r *sql.Rows, l *layer) error {
		return r.Scan(&l.moveID, &l.date, &l.qty, &l.amount)
	}, "SELECT move_id, move_date, qty, amount FROM stock_layers WHERE "+keyCond+" ORDER BY move_date, move_id", k.args()...)
}

// writeLayers turns the stored layers old into the layers now: updates the
// changed, deletes the consumed, inserts the new.
func writeLayers(ctx context.Context, tx db.Querier, k Key, old, now []layer) error {
	was := make(map[int64]layer, len(old))
	for _, l := range old {
		was[l.moveID] = l
	}
	for _, l := range now {
		o, ok := was[l.moveID]
		delete(was, l.moveID)
		var err error
		switch {
		case !ok:
			_, err = tx.Exec(ctx, `INSERT INTO stock_layers (move_id, goods_id, sku_id, location_id, batch, move_date, qty, amount)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, l.moveID, k.GoodsID, k.SKUID, k.LocationID, k.Batch, l.date, l.qty, l.amount)
		case o.qty != l.qty || o.amount != l.amount:
			_, err = tx.Exec(ctx, "UPDATE stock_layers SET qty = ?, amount = ? WHERE move_id = ?", l.qty, l.amount, l.moveID)
		}
		if err != nil {
			return fmt.Errorf("layer of move %d: %w", l.moveID, err)
		}
	}
	if len(was) > 0 {
		ids := make([]int64, 0, len(was))
		for id := range was {
			ids = append(ids, id)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM stock_layers WHERE move_id IN "+db.In(len(ids)), db.Args(ids)...); err != nil {
			return fmt.Errorf("consumed layers: %w", err)
		}
	}
	return nil
}

// delMove is a stored move about to be removed.
type delMove struct {
	Key
	id   int64
	date string
	qty  int64
}

func movesWhere(ctx context.Context, tx db.Querier, where string, args ...any) ([]delMove, error) {
	return db.All(ctx, tx, func(r *sql.Rows, m *delMove) error {
		return r.Scan(&m.id, &m.GoodsID, &m.SKUID, &m.LocationID, &m.Batch, &m.date, &m.qty)
	}, "SELECT id, goods_id, sku_id, location_id, batch, move_date, qty FROM stock_moves WHERE "+where, args...)
}

func deleteMoves(ctx context.Context, tx db.Querier, ids []int64) error {
	for len(ids) > 0 {
		n := min(len(ids), 500)
		if _, err := tx.Exec(ctx, "DELETE FROM stock_layers WHERE move_id IN "+db.In(n), db.Args(ids[:n])...); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM stock_moves WHERE id IN "+db.In(n), db.Args(ids[:n])...); err != nil {
			return err
		}
		ids = ids[n:]
	}
	return nil
}

// names reads what the shortfall message names: goods (with its
// specification and SKU), warehouse and base unit.
func names(ctx context.Context, tx db.Querier, k Key) (goods, location, unitName string, err error) {
	var spec, sku string
	err = tx.QueryRow(ctx, `SELECT g.name, g.spec, COALESCE(u.name, ''), COALESCE((SELECT s.name FROM goods_skus s WHERE s.id = ?), ''),
		COALESCE((SELECT l.name FROM locations l WHERE l.id = ?), '')
		FROM goods g LEFT JOIN units u ON u.id = g.unit_id WHERE g.id = ?`, k.SKUID, k.LocationID, k.GoodsID).
		Scan(&goods, &spec, &unitName, &sku, &location)
	parts := []string{goods}
	for _, p := range []string{spec, sku, k.Batch} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, " "), location, unitName, err
}

// groupMove is a stored move of a group of fed moves.
type groupMove struct {
	Key
	id, feedKey, qty, amount, weight, fee int64
	role                                  int
	date                                  string
}

// groupMoves are the moves (feeding and fed) of the groups keys, in line
// order (the order the fed moves share in).
func groupMoves(ctx context.Context, tx db.Querier, keys []int64) ([]groupMove, error) {
	var out []groupMove
	for len(keys) > 0 {
		n := min(len(keys), 500)
		part, err := db.All(ctx, tx, func(r *sql.Rows, m *groupMove) error {
			return r.Scan(&m.id, &m.GoodsID, &m.SKUID, &m.LocationID, &m.Batch, &m.date, &m.qty, &m.amount, &m.weight, &m.fee, &m.role, &m.feedKey)
		}, "SELECT id, goods_id, sku_id, location_id, batch, move_date, qty, amount, weight, fee, role, feed_key FROM stock_moves WHERE feed_key IN "+db.In(n)+
			" ORDER BY COALESCE(entry_id, 0), id", db.Args(keys[:n])...)
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
		keys = keys[n:]
	}
	return out, nil
}
