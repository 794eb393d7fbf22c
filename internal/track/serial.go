// Package track keeps serial numbers and batches (docs/stock.md "Serial
// numbers" and "Batches"): the serials of audited documents (where each
// one is, its history), reversal at un-audit, and the read side (a serial's
// history, the serials and batches in stock for pickers). Like the stock
// engine it imports no document package: the document engine calls
// PostSerials and UnpostSerials inside its own audit transaction.
package track

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// Doc is an audited document as serial posting needs it.
type Doc struct {
	BillID   int64
	Kind     string // bills.kind
	Date     string
	Dir      int    // +1 stock in, −1 stock out
	ReturnOf string // a return: the kind it returns ("sales": serials come back only if sold)
	// Transfer: the lines move serials from their warehouse (in stock
	// there) to their in warehouse; history gets the way out and the way in.
	Transfer bool
}

// serialLine is a document line of serial-managed goods with its serials.
type serialLine struct {
	id, goodsID, locationID int64
	inLocationID            int64 // transfers
	lineNo                  int
	goodsName, location     string
	baseQty                 dec.Dec
	serials                 []string
}

// PostSerials moves the serials of the audited document billID: its lines
// of goods flagged is_ser_num must name exactly as many serials as base
// units; a receipt brings each serial into its warehouse (refused when it
// is already in stock anywhere), a sales return brings back only a serial
// that is out of stock and was last moved by a sale, and an outbound line
// takes serials that are in stock in its warehouse. Each move is one
// conditional statement on the serial's row, so two documents moving the
// same serial at once serialise on that row (or on the unique index, for
// a new serial) and the second one is refused.
func PostSerials(ctx context.Context, tx db.Querier, d Doc) error {
	lines, err := readSerialLines(ctx, tx, d.BillID)
	if err != nil || len(lines) == 0 {
		return err
	}
	var f errs.Fields
	for _, l := range lines {
		if !dec.FromInt(int64(len(l.serials))).Equal(l.baseQty) {
			f.Add(fmt.Sprintf("entries[%d].serNumList", l.lineNo-1), "bill.err.serNumCount", errs.A("line", l.lineNo),
				errs.A("goods", l.goodsName), errs.A("qty", l.baseQty.String()), errs.A("n", len(l.serials)))
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	now := time.Now().UTC()
	type moved struct {
		serialID, entryID, locationID int64
		dir                           int
	}
	var moves []moved
	for _, l := range lines {
		for j, s := range l.serials {
			path := fmt.Sprintf("entries[%d].serNumList[%d].serNum", l.lineNo-1, j)
			id, ok, err := moveSerial(ctx, tx, d, l, s, now)
			if err != nil {
				return err
			}
			if !ok {
				if err := refusal(ctx, tx, &f, d, l, s, path); err != nil {
					return err
				}
				continue
			}
			if d.Transfer {
				moves = append(moves, moved{id, l.id, l.locationID, -1}, moved{id, l.id, l.inLocationID, 1})
				continue
			}
			moves = append(moves, moved{id, l.id, l.locationID, d.Dir})
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	const per = 100 // 8 parameters a row
	for start := 0; start < len(moves); start += per {
		part := moves[start:min(start+per, len(moves))]
		var sb strings.Builder
		sb.WriteString("INSERT INTO serial_moves (serial_id, bill_id, entry_id, kind, direction, location_id, move_date, created_at) VALUES ")
		args := make([]any, 0, 8*len(part))
		for i, m := range part {
			if i > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, m.serialID, d.BillID, m.entryID, d.Kind, m.dir, m.locationID, d.Date, now)
		}
		if _, err := tx.Exec(ctx, sb.String(), args...); err != nil {
			return err
		}
	}
	return nil
}

// moveSerial applies one serial's move; ok false when its state does not
// allow it (nothing written).
func moveSerial(ctx context.Context, tx db.Querier, d Doc, l serialLine, serial string, now time.Time) (int64, bool, error) {
	var id int64
	var err error
	switch {
	case d.Transfer:
		err = tx.QueryRow(ctx, `UPDATE serials SET location_id = ?, last_bill_id = ?, last_kind = ?, last_date = ?, updated_at = ?
			WHERE goods_id = ? AND serial = ? AND in_stock = 1 AND location_id = ? RETURNING id`,
			l.inLocationID, d.BillID, d.Kind, d.Date, now, l.goodsID, serial, l.locationID).Scan(&id)
	case d.Dir > 0 && d.ReturnOf == "":
		err = tx.QueryRow(ctx, `INSERT INTO serials (goods_id, serial, in_stock, location_id, last_bill_id, last_kind, last_date, updated_at)
			VALUES (?, ?, 1, ?, ?, ?, ?, ?)
			ON CONFLICT (goods_id, serial) DO UPDATE SET in_stock = 1, location_id = excluded.location_id, last_bill_id = excluded.last_bill_id,
			last_kind = excluded.last_kind, last_date = excluded.last_date, updated_at = excluded.updated_at
			WHERE serials.in_stock = 0 RETURNING id`,
			l.goodsID, serial, l.locationID, d.BillID, d.Kind, d.Date, now).Scan(&id)
	case d.Dir > 0:
		err = tx.QueryRow(ctx, `UPDATE serials SET in_stock = 1, location_id = ?, last_bill_id = ?, last_kind = ?, last_date = ?, updated_at = ?
			WHERE goods_id = ? AND serial = ? AND in_stock = 0 AND last_kind = ? RETURNING id`,
			l.locationID, d.BillID, d.Kind, d.Date, now, l.goodsID, serial, d.ReturnOf).Scan(&id)
	default:
		err = tx.QueryRow(ctx, `UPDATE serials SET in_stock = 0, location_id = NULL, last_bill_id = ?, last_kind = ?, last_date = ?, updated_at = ?
			WHERE goods_id = ? AND serial = ? AND in_stock = 1 AND location_id = ? RETURNING id`,
			d.BillID, d.Kind, d.Date, now, l.goodsID, serial, l.locationID).Scan(&id)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return id, err == nil, err
}

// refusal adds the message saying why serial could not move: it reads the
// serial's state as the refused statement saw it.
func refusal(ctx context.Context, q db.Querier, f *errs.Fields, d Doc, l serialLine, serial, path string) error {
	var inStock int
	var where string
	err := q.QueryRow(ctx, `SELECT s.in_stock, COALESCE(lo.name, '') FROM serials s LEFT JOIN locations lo ON lo.id = s.location_id
		WHERE s.goods_id = ? AND s.serial = ?`, l.goodsID, serial).Scan(&inStock, &where)
	found := err == nil
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	args := []errs.Arg{errs.A("serNum", serial), errs.A("line", l.lineNo), errs.A("goods", l.goodsName), errs.A("location", l.location)}
	switch {
	case d.Dir > 0 && d.ReturnOf == "":
		f.Add(path, "bill.err.serNumInStock", append(args, errs.A("where", where))...)
	case d.Dir > 0 && found && inStock == 1:
		f.Add(path, "bill.err.serNumInStock", append(args, errs.A("where", where))...)
	case d.Dir > 0:
		f.Add(path, "bill.err.serNumNotSold", args...)
	case found && inStock == 1:
		f.Add(path, "bill.err.serNumElsewhere", append(args, errs.A("where", where))...)
	default:
		f.Add(path, "bill.err.serNumNotInStock", args...)
	}
	return nil
}

// readSerialLines reads the document's lines of serial-managed goods with
// their serials (two queries).
func readSerialLines(ctx context.Context, q db.Querier, billID int64) ([]serialLine, error) {
	lines, err := db.All(ctx, q, func(r *sql.Rows, l *serialLine) error {
		return r.Scan(&l.id, &l.lineNo, &l.goodsID, &l.goodsName, &l.locationID, &l.location, &l.baseQty, &l.inLocationID)
	}, `SELECT be.id, be.line_no, be.goods_id, g.name, COALESCE(be.location_id, 0), COALESCE(lo.name, ''), be.base_qty, COALESCE(be.in_location_id, 0)
		FROM bill_entries be JOIN goods g ON g.id = be.goods_id LEFT JOIN locations lo ON lo.id = be.location_id
		WHERE be.bill_id = ? AND g.is_ser_num = 1 ORDER BY be.line_no`, billID)
	if err != nil || len(lines) == 0 {
		return nil, err
	}
	byID := make(map[int64]*serialLine, len(lines))
	for i := range lines {
		byID[lines[i].id] = &lines[i]
	}
	rows, err := q.Query(ctx, `SELECT s.entry_id, s.serial FROM bill_entry_serials s JOIN bill_entries be ON be.id = s.entry_id
		WHERE be.bill_id = ? ORDER BY s.entry_id, s.pos`, billID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var s string
		if err := rows.Scan(&id, &s); err != nil {
			return nil, err
		}
		if l := byID[id]; l != nil {
			l.serials = append(l.serials, s)
		}
	}
	return lines, rows.Err()
}

// UnpostSerials reverses the serial moves of a document being un-audited:
// each serial goes back where its previous move left it (when the
// document was its only move: into stock where its opening stock put it,
// else out of stock and forgotten). Refused (409 naming
// the document) when a later document has moved one of its serials since:
// un-audit that one first. The check is a conditional update that also
// locks the serial's row against a document moving it at the same time.
func UnpostSerials(ctx context.Context, tx db.Querier, billID int64) error {
	type row struct {
		serialID int64
		serial   string
		goods    string
	}
	rows, err := db.All(ctx, tx, func(r *sql.Rows, v *row) error { return r.Scan(&v.serialID, &v.serial, &v.goods) },
		`SELECT sm.serial_id, s.serial, g.name FROM serial_moves sm JOIN serials s ON s.id = sm.serial_id JOIN goods g ON g.id = s.goods_id
		WHERE sm.bill_id = ? ORDER BY sm.id`, billID)
	if err != nil || len(rows) == 0 {
		return err
	}
	now := time.Now().UTC()
	for _, r := range rows {
		res, err := tx.Exec(ctx, "UPDATE serials SET updated_at = ? WHERE id = ? AND last_bill_id = ?", now, r.serialID, billID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var no string
			if err := tx.QueryRow(ctx, "SELECT COALESCE(b.bill_no, '') FROM serials s LEFT JOIN bills b ON b.id = s.last_bill_id WHERE s.id = ?",
				r.serialID).Scan(&no); err != nil {
				return err
			}
			return errs.Conflict("bill.err.serNumMoved", errs.A("serNum", r.serial), errs.A("goods", r.goods), errs.A("no", no))
		}
	}
	if _, err := tx.Exec(ctx, "DELETE FROM serial_moves WHERE bill_id = ?", billID); err != nil {
		return err
	}
	for _, r := range rows {
		var prevBill, loc int64
		var kind, date string
		var dir int
		err := tx.QueryRow(ctx, `SELECT bill_id, kind, direction, location_id, move_date FROM serial_moves WHERE serial_id = ? ORDER BY id DESC LIMIT 1`,
			r.serialID).Scan(&prevBill, &kind, &dir, &loc, &date)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			err = backToOpening(ctx, tx, r.serialID, now)
		case err != nil:
		case dir > 0:
			_, err = tx.Exec(ctx, "UPDATE serials SET in_stock = 1, location_id = ?, last_bill_id = ?, last_kind = ?, last_date = ?, updated_at = ? WHERE id = ?",
				loc, prevBill, kind, date, now, r.serialID)
		default:
			_, err = tx.Exec(ctx, "UPDATE serials SET in_stock = 0, location_id = NULL, last_bill_id = ?, last_kind = ?, last_date = ?, updated_at = ? WHERE id = ?",
				prevBill, kind, date, now, r.serialID)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// backToOpening puts a serial no document moves any more back where its
// opening stock put it (goods_opening_serials: in stock, last moved by the
// opening), or forgets it when it has no opening stock.
func backToOpening(ctx context.Context, tx db.Querier, serialID int64, now time.Time) error {
	var loc int64
	var date string
	err := tx.QueryRow(ctx, `SELECT o.location_id, COALESCE((SELECT MIN(m.move_date) FROM stock_moves m WHERE m.opening_id = o.id), '')
		FROM serials s JOIN goods_openings o ON o.goods_id = s.goods_id JOIN goods_opening_serials os ON os.opening_id = o.id AND os.serial = s.serial
		WHERE s.id = ?`, serialID).Scan(&loc, &date)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = tx.Exec(ctx, "DELETE FROM serials WHERE id = ?", serialID)
		return err
	}
	if err != nil {
		return err
	}
	_, err = tx.Exec(ctx, "UPDATE serials SET in_stock = 1, location_id = ?, last_bill_id = NULL, last_kind = 'opening', last_date = ?, updated_at = ? WHERE id = ?",
		loc, date, now, serialID)
	return err
}

// AddDays is date (YYYY-MM-DD) plus days; "" when date is not a date.
func AddDays(date string, days int) string {
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, days).Format(time.DateOnly)
}

// BatchDates are the production and expiry dates a batch of the goods
// was first received with (its opening stock, else the earliest audited
// inbound move); "" when unknown.
func BatchDates(ctx context.Context, q db.Querier, goodsID int64, batch string) (prod, valid string, err error) {
	err = q.QueryRow(ctx, `SELECT COALESCE(be.prod_date, o.prod_date, ''), COALESCE(be.valid_date, o.valid_date, '') FROM stock_moves m
		LEFT JOIN bill_entries be ON be.id = m.entry_id LEFT JOIN goods_openings o ON o.id = m.opening_id
		WHERE m.goods_id = ? AND m.batch = ? AND m.qty > 0 ORDER BY CASE WHEN m.opening_id IS NULL THEN 1 ELSE 0 END, m.id LIMIT 1`, goodsID, batch).Scan(&prod, &valid)
	if errors.Is(err, sql.ErrNoRows) {
		return "", "", nil
	}
	return prod, valid, err
}
