package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"

	"cangshu/internal/db"
)

// rule is a kind's coding rule (coding_rules).
type rule struct {
	prefix, datePart, reset string
	seqLen                  int
	manual                  bool
}

func readRule(ctx context.Context, q db.Querier, kind string) (rule, error) {
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
}

// datePart formats the document date (YYYY-MM-DD) by the rule's date part.
func datePart(format, date string) string {
	ymd := strings.ReplaceAll(date, "-", "")
	switch format {
	case "YYYYMMDD":
		return ymd
	case "YYYYMM":
		return ymd[:6]
	case "YYYY":
		return ymd[:4]
	}
	return ""
}

// period is the sequence's period of a date: the sequence restarts at each.
func period(reset, date string) string {
	switch reset {
	case "day":
		return date
	case "month":
		return date[:7]
	case "year":
		return date[:4]
	}
	return ""
}

// nextNumber takes the next number of the kind for the shop and the date,
// inside the saving transaction: the sequence row is updated (locked) by
// UPDATE … RETURNING, so concurrent saves serialise on it, and a rolled-back
// save gives its number back. The first save of a period inserts the row
// (ON CONFLICT DO NOTHING: a concurrent first save waits, then updates).
// Numbers already taken (typed by hand under a manual rule, or made under
// an earlier rule: a changed rule never renumbers saved documents) are
// skipped over.
func nextNumber(ctx context.Context, tx db.Querier, r rule, shopID int64, kind, date string) (string, error) {
	per := period(r.reset, date)
	for range 1000 {
		seq, err := takeSeq(ctx, tx, shopID, kind, per)
		if err != nil {
			return "", err
		}
		no := fmt.Sprintf("%s%s%0*d", r.prefix, datePart(r.datePart, date), r.seqLen, seq)
		var n int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM bills WHERE shop_id = ? AND kind = ? AND bill_no = ?", shopID, kind, no).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return no, nil
		}
	}
	return "", fmt.Errorf("bill: no free number for %s on %s", kind, date)
}

func takeSeq(ctx context.Context, tx db.Querier, shopID int64, kind, per string) (int64, error) {
	const upd = "UPDATE bill_sequences SET last_seq = last_seq + 1 WHERE shop_id = ? AND kind = ? AND period = ? RETURNING last_seq"
	var seq int64
	err := tx.QueryRow(ctx, upd, shopID, kind, per).Scan(&seq)
	if !errors.Is(err, sql.ErrNoRows) {
		return seq, err
	}
	if _, err := tx.Exec(ctx, "INSERT INTO bill_sequences (shop_id, kind, period, last_seq) VALUES (?, ?, ?, 0) ON CONFLICT DO NOTHING", shopID, kind, per); err != nil {
		return 0, err
	}
	err = tx.QueryRow(ctx, upd, shopID, kind, per).Scan(&seq)
	return seq, err
}
