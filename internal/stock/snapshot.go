package stock

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"cangshu/internal/db"
)

// Snapshots (docs/stock.md "Snapshots"): the stock of every goods × SKU ×
// warehouse at the end of a day, so that a report's opening in the middle
// of years of moves reads one snapshot and the moves since. One is made
// for every month end (BuildSnapshots, in the background) and at each
// period close (Snapshot). The rule that keeps them exact: every write of
// moves marks stale, in its own transaction, each snapshot dated on or
// after the earliest move it wrote, changed or removed (staleFrom); readers
// take only valid ones.
const (
	snapBuilding = "building"
	snapValid    = "valid"
	snapStale    = "stale"
)

// staleFrom marks stale every snapshot dated on or after date ("" every
// one). Called after the moves are written, in their transaction: on
// PostgreSQL a builder that started while such a writer was in flight waits
// for it (waitWriters), so its rows include the writer's moves or its
// marker was staled.
func staleFrom(ctx context.Context, tx db.Querier, date string) error {
	_, err := tx.Exec(ctx, "UPDATE stock_snapshots SET state = '"+snapStale+"' WHERE as_of >= ? AND state <> '"+snapStale+"'", date)
	if err != nil {
		return fmt.Errorf("stale snapshots from %s: %w", date, err)
	}
	return nil
}

// snapRowsSQL inserts a snapshot's rows for the warehouses in locs: the
// base snapshot's rows (id base; 0 none) plus the moves dated after the
// base's date (from; "" every move) up to asOf, summed per goods × SKU ×
// warehouse; zero rows are left out; cond is a condition on the whole
// (" AND …").
func snapRowsSQL(locs, cond string) string {
	return `INSERT INTO stock_snapshot_rows (snapshot_id, location_id, goods_id, sku_id, qty, amount)
		SELECT ?, location_id, goods_id, sku_id, CAST(SUM(qty) AS BIGINT), CAST(SUM(amount) AS BIGINT) FROM (
		  SELECT location_id, goods_id, sku_id, qty, amount FROM stock_snapshot_rows WHERE snapshot_id = ?` + locs + `
		  UNION ALL
		  SELECT location_id, goods_id, sku_id, qty, amount FROM stock_moves WHERE move_date > ? AND move_date <= ?` + locs + `
		) t WHERE 1 = 1` + cond + ` GROUP BY location_id, goods_id, sku_id HAVING SUM(qty) <> 0 OR SUM(amount) <> 0`
}

// MoveDirSQL is the direction of a stock move m: out (-1) when it takes
// quantity, or only value, else in (1).
const MoveDirSQL = "CASE WHEN m.qty < 0 OR (m.qty = 0 AND m.amount < 0) THEN -1 ELSE 1 END"

// snapFlowsSQL inserts a month-end snapshot's month for the warehouses in
// locs: the quantities and cost amounts of the moves dated from the
// month's first day to asOf per warehouse, document shop and type (0: no
// document), kind and direction (MoveDirSQL); cond is more of the WHERE
// clause.
func snapFlowsSQL(locs, cond string) string {
	return `INSERT INTO stock_snapshot_flows (snapshot_id, location_id, shop_id, kind, dir, trans_type, qty, amount)
		SELECT ?, m.location_id, m.shop_id, m.kind, m.dir, m.trans_type, CAST(SUM(m.qty) AS BIGINT), CAST(SUM(m.amount) AS BIGINT)
		FROM (SELECT m.location_id, COALESCE(b.shop_id, 0) AS shop_id, m.kind, ` + MoveDirSQL + ` AS dir, COALESCE(b.trans_type, 0) AS trans_type, m.qty, m.amount
		  FROM stock_moves m LEFT JOIN bills b ON b.id = m.bill_id
		  WHERE m.move_date >= ? AND m.move_date <= ?` + strings.ReplaceAll(locs, "location_id", "m.location_id") + cond + `) m
		GROUP BY m.location_id, m.shop_id, m.kind, m.dir, m.trans_type`
}

// monthStart is the first day of a month end's month ("" when asOf is not
// a month end: no flows are stored for it).
func monthStart(asOf string) string {
	t, err := time.Parse(time.DateOnly, asOf)
	if err != nil || !monthEnd(t).Equal(t) {
		return ""
	}
	return asOf[:8] + "01"
}

// validBefore is the newest valid snapshot dated before date (id 0 none).
func validBefore(ctx context.Context, q db.Querier, date string) (id int64, asOf string, err error) {
	err = q.QueryRow(ctx, "SELECT id, as_of FROM stock_snapshots WHERE state = '"+snapValid+"' AND as_of < ? ORDER BY as_of DESC, id DESC LIMIT 1", date).Scan(&id, &asOf)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", nil
	}
	return id, asOf, err
}

// Snapshot stores the stock at the end of asOf as a closed period's
// snapshot, in the caller's transaction (the period close, which then
// refuses every write dated on or before it).
func Snapshot(ctx context.Context, tx db.Querier, asOf string) error {
	base, from, err := validBefore(ctx, tx, asOf)
	if err != nil {
		return err
	}
	first := monthStart(asOf)
	var id int64
	if err := tx.QueryRow(ctx, "INSERT INTO stock_snapshots (as_of, state, closed, flows, started_at) VALUES (?, '"+snapValid+"', 1, ?, ?) RETURNING id",
		asOf, boolInt(first != ""), time.Now().UTC()).Scan(&id); err != nil {
		return fmt.Errorf("snapshot %s: %w", asOf, err)
	}
	if _, err := tx.Exec(ctx, snapRowsSQL("", ""), id, base, from, asOf); err != nil {
		return fmt.Errorf("snapshot rows %s: %w", asOf, err)
	}
	if first != "" {
		if _, err := tx.Exec(ctx, snapFlowsSQL("", ""), id, first, asOf); err != nil {
			return fmt.Errorf("snapshot flows %s: %w", asOf, err)
		}
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dropRows removes a snapshot's rows and flows (loc > 0: of that
// warehouse only).
func dropRows(ctx context.Context, q db.Querier, id, loc int64) error {
	for _, t := range []string{"stock_snapshot_rows", "stock_snapshot_flows"} {
		query, args := "DELETE FROM "+t+" WHERE snapshot_id = ?", []any{id}
		if loc > 0 {
			query, args = query+" AND location_id = ?", append(args, loc)
		}
		if _, err := q.Exec(ctx, query, args...); err != nil {
			return err
		}
	}
	return nil
}

// DropSnapshot removes the closed period's snapshot of asOf (the reopen).
func DropSnapshot(ctx context.Context, tx db.Querier, asOf string) error {
	ids, err := snapIDs(ctx, tx, "as_of = ? AND closed = 1", asOf)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := dropRows(ctx, tx, id, 0); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM stock_snapshots WHERE id = ?", id); err != nil {
			return err
		}
	}
	return nil
}

func snapIDs(ctx context.Context, q db.Querier, where string, args ...any) ([]int64, error) {
	return ids(ctx, q, "SELECT id FROM stock_snapshots WHERE "+where+" ORDER BY id", args...)
}

// locationIDs are every warehouse: a build and a drop go one warehouse per
// statement.
func locationIDs(ctx context.Context, q db.Querier) ([]int64, error) {
	return ids(ctx, q, "SELECT id FROM locations ORDER BY id")
}

func ids(ctx context.Context, q db.Querier, query string, args ...any) ([]int64, error) {
	return db.All(ctx, q, func(r *sql.Rows, id *int64) error { return r.Scan(id) }, query, args...)
}

// staleBuild is how long a building snapshot may go without finishing
// before it is taken for an instance that died while building it.
const staleBuild = time.Hour

// BuildSnapshots removes stale snapshots and makes the month-end snapshot
// of every month from the first move's to the one before today's month
// that has no valid one, oldest first (each from the one before it and the
// month's moves). It returns how many it made. Safe beside writers and
// other instances: a write dated on or before a snapshot in the making
// stales it, and it is made again on the next run; readers never see one
// before it is valid.
func BuildSnapshots(ctx context.Context, d *db.DB, today string) (int, error) {
	keepFrom := thinBefore(today)
	if err := dropStale(ctx, d, keepFrom); err != nil {
		return 0, err
	}
	var first sql.NullString
	if err := d.QueryRow(ctx, "SELECT MIN(move_date) FROM stock_moves").Scan(&first); err != nil {
		return 0, fmt.Errorf("first move: %w", err)
	}
	if !first.Valid {
		return 0, nil
	}
	start, err := time.Parse(time.DateOnly, first.String)
	if err != nil {
		return 0, fmt.Errorf("first move date %q: %w", first.String, err)
	}
	built := 0
	for m := monthEnd(start); m.Format(time.DateOnly) < today; m = monthEnd(m.AddDate(0, 0, 1)) {
		asOf := m.Format(time.DateOnly)
		if asOf < keepFrom && m.Month() != time.December {
			continue // older than two years: year ends only
		}
		var n int
		if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM stock_snapshots WHERE as_of = ? AND (state = '"+snapValid+"' OR (state = '"+snapBuilding+"' AND started_at > ?))",
			asOf, time.Now().UTC().Add(-staleBuild)).Scan(&n); err != nil {
			return built, err
		}
		if n > 0 {
			continue
		}
		ok, err := build(ctx, d, asOf)
		if err != nil {
			return built, fmt.Errorf("snapshot %s: %w", asOf, err)
		}
		if !ok {
			return built, nil // a write came between: the next run makes it
		}
		built++
	}
	return built, nil
}

// thinBefore is the first day of the month two years before today's:
// month ends before it keep only their year end (a shop's years of history
// keep 24 month ends and one per year; a report at an older date reads the
// year end before it and up to a year of moves).
func thinBefore(today string) string {
	t, err := time.Parse(time.DateOnly, today)
	if err != nil {
		return ""
	}
	return time.Date(t.Year()-2, t.Month(), 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}

// monthEnd is the last day of t's month.
func monthEnd(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -1)
}

// build makes the snapshot of asOf: its marker (building) first, then —
// once no writer that could have missed the marker is in flight — the
// base (the newest valid snapshot before it, checked after the marker is
// in place: a later stale of the base stales this one too) and the rows,
// one warehouse per transaction (a short hold of SQLite's write lock),
// then valid unless a write staled it meanwhile (false).
func build(ctx context.Context, d *db.DB, asOf string) (bool, error) {
	first := monthStart(asOf)
	token := rand.Text()
	var id int64
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, "INSERT INTO stock_snapshots (as_of, state, closed, flows, token, started_at) VALUES (?, '"+snapBuilding+"', 0, ?, ?, ?) RETURNING id",
			asOf, boolInt(first != ""), token, time.Now().UTC()).Scan(&id)
	}); err != nil {
		return false, err
	}
	abandon := func() (bool, error) {
		_, err := d.Exec(ctx, "UPDATE stock_snapshots SET state = '"+snapStale+"' WHERE id = ?", id)
		return false, err
	}
	if d.Engine() == db.Postgres {
		if ok, err := waitWriters(ctx, d); err != nil || !ok {
			if err != nil {
				return false, err
			}
			return abandon()
		}
	}
	base, from, err := validBefore(ctx, d, asOf)
	if err != nil {
		return false, err
	}
	locs, err := locationIDs(ctx, d)
	if err != nil {
		return false, err
	}
	// each warehouse's rows only while this build's marker is still
	// building (a stale one is not worth finishing; the token, because
	// after a restore of an older backup an id may be another snapshot's)
	// and while the base is still valid: a snapshot is marked stale before
	// its rows are dropped (dropStale), so a statement that sees its base
	// valid sees all of its rows
	const building = " AND EXISTS (SELECT 1 FROM stock_snapshots WHERE id = ? AND token = ? AND state = '" + snapBuilding + "')" +
		" AND (? = 0 OR EXISTS (SELECT 1 FROM stock_snapshots WHERE id = ? AND state = '" + snapValid + "'))"
	ins, flows := snapRowsSQL(" AND location_id = ?", building), snapFlowsSQL(" AND location_id = ?", building)
	for _, l := range locs {
		if _, err := d.Exec(ctx, ins, id, base, l, from, asOf, l, id, token, base, base); err != nil {
			return false, err
		}
		if first != "" {
			if _, err := d.Exec(ctx, flows, id, first, asOf, l, id, token, base, base); err != nil {
				return false, err
			}
		}
	}
	res, err := d.Exec(ctx, "UPDATE stock_snapshots SET state = '"+snapValid+"' WHERE id = ? AND token = ? AND state = '"+snapBuilding+"'"+
		" AND (? = 0 OR EXISTS (SELECT 1 FROM stock_snapshots b WHERE b.id = ? AND b.state = '"+snapValid+"'))", id, token, base, base)
	if err != nil {
		return false, err
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return n == 1, err
	}
	return abandon() // made stale, or its base was: the next run makes it again
}

// waitWriters waits (PostgreSQL) until every transaction that held a
// transaction id when it was called has ended: a writer that marked
// snapshots stale before the new marker was committed wrote its moves
// before (staleFrom comes last), so once it has ended the rows read
// include them. False when one is still running after a minute.
func waitWriters(ctx context.Context, d *db.DB) (bool, error) {
	var xmax string
	if err := d.QueryRow(ctx, "SELECT pg_snapshot_xmax(pg_current_snapshot())::text").Scan(&xmax); err != nil {
		return false, err
	}
	deadline := time.Now().Add(time.Minute)
	for {
		var done bool
		if err := d.QueryRow(ctx, "SELECT pg_snapshot_xmin(pg_current_snapshot()) >= CAST(? AS xid8)", xmax).Scan(&done); err != nil {
			return false, err
		}
		if done {
			return true, nil
		}
		if time.Now().After(deadline) {
			return false, nil
		}
		select {
		case <-ctx.Done():
			return false, ctx.Err()
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// dropStale removes the stale snapshots, those whose builder died, a
// month end's valid snapshot that a newer one of the same date replaces
// (two instances built it at once), and month ends before keepFrom other
// than year ends (thinBefore; a period close's stay), one warehouse's rows
// per statement. A report that chose a removed one reads the moves instead
// (forwardSQL).
func dropStale(ctx context.Context, d *db.DB, keepFrom string) error {
	ids, err := snapIDs(ctx, d, "state = '"+snapStale+"' OR (state = '"+snapBuilding+"' AND started_at < ?)"+
		" OR (state = '"+snapValid+"' AND closed = 0 AND EXISTS (SELECT 1 FROM stock_snapshots n WHERE n.as_of = stock_snapshots.as_of AND n.state = '"+snapValid+"' AND n.id > stock_snapshots.id))"+
		" OR (closed = 0 AND as_of < ? AND SUBSTR(as_of, 6, 5) <> '12-31')",
		time.Now().UTC().Add(-staleBuild), keepFrom)
	if err != nil || len(ids) == 0 {
		return err
	}
	locs, err := locationIDs(ctx, d)
	if err != nil {
		return err
	}
	for _, id := range ids {
		// stale first: a build reading it as its base stops (build)
		if _, err := d.Exec(ctx, "UPDATE stock_snapshots SET state = '"+snapStale+"' WHERE id = ?", id); err != nil {
			return err
		}
		for _, l := range locs {
			if err := dropRows(ctx, d, id, l); err != nil {
				return err
			}
		}
		if err := dropRows(ctx, d, id, 0); err != nil {
			return err
		}
		if _, err := d.Exec(ctx, "DELETE FROM stock_snapshots WHERE id = ?", id); err != nil {
			return err
		}
	}
	return nil
}

// KeepSnapshots runs BuildSnapshots half a minute after the start and
// then every five minutes until ctx ends (on every instance: builders
// beside each other only repeat work).
func KeepSnapshots(ctx context.Context, d *db.DB, logger *slog.Logger) {
	wait := 30 * time.Second
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = 5 * time.Minute
		if _, err := BuildSnapshots(ctx, d, time.Now().Format(time.DateOnly)); err != nil && ctx.Err() == nil {
			if logger != nil {
				logger.Error("stock snapshots", "err", err)
			}
			if strings.Contains(err.Error(), "database is closed") {
				return
			}
		}
	}
}
