package bill

// SQL of what documents refer to and of their numbering: coding rules and
// sequences, contacts, warehouses, goods, units, SKUs, serials.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cangshu/internal/db"
)

// readRule is the kind's coding rule, kept while the settings are
// unchanged (migration 0160 counts the rules' changes with the system
// parameters).
func readRule(ctx context.Context, q db.Querier, kind string) (rule, error) {
	return db.Cached(ctx, q, db.CounterParams, "codingRule:"+kind, func(ctx context.Context, q db.Querier) (rule, error) {
		var r rule
		var manual int
		err := q.QueryRow(ctx, "SELECT prefix, date_part, seq_len, reset, manual FROM coding_rules WHERE kind = ?", kind).
			Scan(&r.prefix, &r.datePart, &r.seqLen, &r.reset, &manual)
		if errors.Is(err, sql.ErrNoRows) {
			// A kind without a rule still gets numbers: its name, the day, 3 digits.
			return rule{prefix: strings.ToUpper(kind), datePart: "YYYYMMDD", reset: "day", seqLen: 3}, nil
		}
		r.manual = manual == 1
		return r, err
	})
}

// nextNumber takes the next number of the kind for the shop and the date,
// inside the saving transaction: the sequence row is updated (locked) by
// UPDATE … RETURNING, so concurrent saves serialise on it, and a rolled-back
// save gives its number back. The first save of a period inserts the row
// (ON CONFLICT DO NOTHING: a concurrent first save waits, then updates).
// Numbers already taken (typed by hand under a manual rule, or made under
// an earlier rule: a changed rule never renumbers saved documents) are
// skipped over. (A document saved alone on PostgreSQL takes its number in
// one statement instead: numberLast.)
func nextNumber(ctx context.Context, tx db.Querier, r rule, shopID int64, kind, date string) (string, error) {
	per := period(r.reset, date)
	for range 1000 {
		seq, err := takeSeq(ctx, tx, shopID, kind, per)
		if err != nil {
			return "", err
		}
		no := fmt.Sprintf("%s%s%0*d", r.prefix, datePart(r.datePart, date), r.seqLen, seq)
		if taken, err := numberTaken(ctx, tx, shopID, kind, no, 0); err != nil {
			return "", err
		} else if !taken {
			return no, nil
		}
	}
	return "", fmt.Errorf("bill: no free number for %s on %s", kind, date)
}

// ensureSeq makes the sequence row of a period (its first number).
func ensureSeq(ctx context.Context, tx db.Querier, shopID int64, kind, per string) error {
	_, err := tx.Exec(ctx, "INSERT INTO bill_sequences (shop_id, kind, period, last_seq) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING", shopID, kind, per)
	return err
}

func takeSeq(ctx context.Context, tx db.Querier, shopID int64, kind, per string) (int64, error) {
	const upd = "UPDATE bill_sequences SET last_seq = last_seq + 1 WHERE shop_id = ? AND kind = ? AND period = ? RETURNING last_seq"
	var seq int64
	err := tx.QueryRow(ctx, upd, shopID, kind, per).Scan(&seq)
	if !errors.Is(err, sql.ErrNoRows) {
		return seq, err
	}
	if err := ensureSeq(ctx, tx, shopID, kind, per); err != nil {
		return 0, err
	}
	err = tx.QueryRow(ctx, upd, shopID, kind, per).Scan(&seq)
	return seq, err
}

// shopLocations are the warehouses the document names (header and lines)
// that exist and are used by the shop: one query for all of them.
func shopLocations(ctx context.Context, q db.Querier, shopID int64, in *Input, max int) (map[int64]bool, error) {
	ids := []int64{in.LocationID, in.OutLocationID, in.InLocationID}
	if len(in.Entries) <= max {
		for _, e := range in.Entries {
			ids = append(ids, e.LocationID, e.OutLocationID, e.InLocationID)
		}
	}
	locs := map[int64]bool{}
	err := each(ctx, q, "SELECT location_id FROM shop_locations WHERE shop_id = ? AND location_id IN ", ids, func(r *sql.Rows) error {
		var id int64
		if err := r.Scan(&id); err != nil {
			return err
		}
		locs[id] = true
		return nil
	}, shopID)
	return locs, err
}

func exists(ctx context.Context, q db.Querier, table string, id int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM "+table+" WHERE id = ?", id).Scan(&n)
	return n > 0, err
}

// each runs query + "(?, ?, …)" over the distinct positive ids and calls
// scan for each row.
func each(ctx context.Context, q db.Querier, query string, ids []int64, scan func(*sql.Rows) error, pre ...any) error {
	seen := map[int64]bool{}
	var list []int64
	for _, id := range ids {
		if id > 0 && !seen[id] {
			seen[id] = true
			list = append(list, id)
		}
	}
	if len(list) == 0 {
		return nil
	}
	rows, err := q.Query(ctx, query+db.In(len(list)), append(pre, db.Args(list)...)...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// writeSerials writes the serials the lines name (a replaced draft's went
// with its lines: ON DELETE CASCADE), in multi-row INSERTs.
func writeSerials(ctx context.Context, tx db.Querier, d *Document) error {
	const per = 300 // 3 parameters a row
	var args []any
	flush := func() error {
		if len(args) == 0 {
			return nil
		}
		n := len(args) / 3
		query := "INSERT INTO bill_entry_serials (entry_id, pos, serial) VALUES " + strings.Repeat("(?, ?, ?), ", n-1) + "(?, ?, ?)"
		_, err := tx.Exec(ctx, query, args...)
		args = args[:0]
		return err
	}
	for _, e := range d.Entries {
		for j, s := range e.SerNumList {
			args = append(args, e.ID, j+1, s.SerNum)
			if len(args) == 3*per {
				if err := flush(); err != nil {
					return err
				}
			}
		}
	}
	return flush()
}

// readSerials fills the serial lists of a document's lines (one query).
func readSerials(ctx context.Context, q db.Querier, billID int64, entries []Entry) error {
	at := make(map[int64]int, len(entries))
	for i := range entries {
		entries[i].SerNumList = []SerNum{}
		at[entries[i].ID] = i
	}
	rows, err := q.Query(ctx, `SELECT s.entry_id, s.serial FROM bill_entry_serials s JOIN bill_entries be ON be.id = s.entry_id
		WHERE be.bill_id = ? ORDER BY s.entry_id, s.pos`, billID)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return err
		}
		if i, ok := at[id]; ok {
			entries[i].SerNumList = append(entries[i].SerNumList, SerNum{SerNum: s})
		}
	}
	return rows.Err()
}

// contactType is contacts.type of the contact (sql.ErrNoRows: none).
func contactType(ctx context.Context, q db.Querier, id int64) (int, error) {
	var typ int
	err := q.QueryRow(ctx, "SELECT type FROM contacts WHERE id = ?", id).Scan(&typ)
	return typ, err
}

// loadRefs reads the goods, the units (those named and the goods' own) and
// the SKUs (→ their goods) of a document's lines. The goods come with their
// own unit, so that a document whose lines name only the goods' own units
// (most do) reads no units apart: one query for goods and units, one for
// SKUs when lines name any.
func loadRefs(ctx context.Context, q db.Querier, goodsIDs, unitIDs, skuIDs []int64) (map[int64]goodsRow, map[int64]unitRow, map[int64]int64, error) {
	goods := map[int64]goodsRow{}
	units := map[int64]unitRow{}
	err := each(ctx, q, `SELECT g.id, g.name, COALESCE(g.unit_type_id, 0), g.unit_id, g.is_ser_num, g.is_warranty, g.safe_days,
		COALESCE(u.unit_type_id, 0), u.rate FROM goods g JOIN units u ON u.id = g.unit_id WHERE g.id IN `, goodsIDs, func(r *sql.Rows) error {
		var id int64
		var g goodsRow
		var u unitRow
		if err := r.Scan(&id, &g.name, &g.unitTypeID, &g.unitID, &g.isSerNum, &g.isWarranty, &g.safeDays, &u.typeID, &u.rate); err != nil {
			return err
		}
		goods[id] = g
		units[g.unitID] = u
		return nil
	})
	if err != nil {
		return nil, nil, nil, fmt.Errorf("goods: %w", err)
	}
	var more []int64
	for _, id := range unitIDs {
		if _, ok := units[id]; !ok {
			more = append(more, id)
		}
	}
	if err := each(ctx, q, "SELECT id, COALESCE(unit_type_id, 0), rate FROM units WHERE id IN ", more, func(r *sql.Rows) error {
		var id int64
		var u unitRow
		if err := r.Scan(&id, &u.typeID, &u.rate); err != nil {
			return err
		}
		units[id] = u
		return nil
	}); err != nil {
		return nil, nil, nil, fmt.Errorf("units: %w", err)
	}
	skus := map[int64]int64{} // sku → goods
	if err := each(ctx, q, "SELECT id, goods_id FROM goods_skus WHERE id IN ", skuIDs, func(r *sql.Rows) error {
		var id, g int64
		if err := r.Scan(&id, &g); err != nil {
			return err
		}
		skus[id] = g
		return nil
	}); err != nil {
		return nil, nil, nil, fmt.Errorf("skus: %w", err)
	}
	return goods, units, skus, nil
}

// numberTaken: a document of the kind in the shop other than exceptID
// has the number.
func numberTaken(ctx context.Context, q db.Querier, shopID int64, kind, no string, exceptID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM bills WHERE shop_id = ? AND kind = ? AND bill_no = ? AND id <> ?", shopID, kind, no, exceptID).Scan(&n)
	return n > 0, err
}
