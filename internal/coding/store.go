package coding

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
)

// basicTable says where the records of a basic-data kind keep their numbers.
type basicTable struct {
	table, where string
	args         []any
	first        string // the first number when the kind has no rule
}

var basicTables = map[string]basicTable{
	"inventory":   {table: "goods", first: "SP0001"},
	"customer":    {table: "contacts", where: "type = ?", args: []any{-10}, first: "KH001"},
	"supplier":    {table: "contacts", where: "type = ?", args: []any{10}, first: "GYS001"},
	"invlocation": {table: "locations", first: "CK001"},
	"settAcct":    {table: "settle_accounts", first: "ZH001"},
}

const ruleCols = "kind, prefix, date_part, seq_len, reset, manual"

func scanRule(r interface{ Scan(...any) error }) (Rule, error) {
	var kind, prefix, datePart, reset string
	var digits, manual int
	if err := r.Scan(&kind, &prefix, &datePart, &digits, &reset, &manual); err != nil {
		return Rule{}, err
	}
	return fromStored(kind, prefix, datePart, digits, reset, manual == 1), nil
}

// readRule reads a kind's rule; found is false when it has none.
func readRule(ctx context.Context, q db.Querier, kind string) (Rule, bool, error) {
	r, err := scanRule(q.QueryRow(ctx, "SELECT "+ruleCols+" FROM coding_rules WHERE kind = ?", kind))
	if errors.Is(err, sql.ErrNoRows) {
		return Rule{}, false, nil
	}
	if err != nil {
		return Rule{}, false, fmt.Errorf("read coding rule %s: %w", kind, err)
	}
	return r, true, nil
}

func listRules(ctx context.Context, q db.Querier) ([]Rule, error) {
	return db.All(ctx, q, func(r *sql.Rows, v *Rule) error {
		var err error
		*v, err = scanRule(r)
		return err
	}, "SELECT "+ruleCols+" FROM coding_rules ORDER BY kind")
}

// updateRule writes a rule; false when the kind has no row.
func updateRule(ctx context.Context, q db.Querier, in Input) (bool, error) {
	manual := 0
	if in.Manual {
		manual = 1
	}
	res, err := q.Exec(ctx, "UPDATE coding_rules SET prefix = ?, date_part = ?, seq_len = ?, reset = ?, manual = ?, updated_at = ? WHERE kind = ?",
		in.Prefix, datePartsDB[in.DatePart], in.Digits, resetsDB[in.Reset], manual, time.Now().UTC(), in.Kind)
	if err != nil {
		return false, fmt.Errorf("update coding rule %s: %w", in.Kind, err)
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// nextBill is the number the next document of the kind saved in the shop
// on date would get: the period's sequence plus one, skipping numbers taken
// (typed by hand, or made under an earlier rule).
func nextBill(ctx context.Context, q db.Querier, r Rule, shopID int64, date string) (string, error) {
	var last int64
	err := q.QueryRow(ctx, "SELECT last_seq FROM bill_sequences WHERE shop_id = ? AND kind = ? AND period = ?",
		shopID, r.Kind, period(r.Reset, date)).Scan(&last)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return "", fmt.Errorf("preview %s: %w", r.Kind, err)
	}
	for seq := last + 1; seq < last+1000; seq++ {
		no := Format(r.Prefix, r.DatePart, r.Digits, date, seq)
		var n int
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM bills WHERE shop_id = ? AND kind = ? AND bill_no = ?", shopID, r.Kind, no).Scan(&n); err != nil {
			return "", fmt.Errorf("preview %s: %w", r.Kind, err)
		}
		if n == 0 {
			return no, nil
		}
	}
	return Format(r.Prefix, r.DatePart, r.Digits, date, last+1000), nil
}

// nextBasic is the next number of a basic-data kind under rule r: the
// highest number made by the rule (its prefix and date part followed by
// exactly Digits digits) plus one, skipping numbers taken.
func nextBasic(ctx context.Context, q db.Querier, r Rule, t basicTable, date string) (string, error) {
	head := r.Prefix + DatePart(r.DatePart, date)
	cond := "1 = 1"
	if t.where != "" {
		cond = t.where
	}
	esc := strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(head)
	nos, err := db.Values[string](ctx, q, "SELECT number FROM "+t.table+" WHERE ("+cond+") AND number LIKE ? ESCAPE '\\' AND LENGTH(number) = ? ORDER BY number DESC LIMIT 50",
		append(append([]any{}, t.args...), esc+"%", len(head)+r.Digits)...)
	if err != nil {
		return "", fmt.Errorf("next number of %s: %w", r.Kind, err)
	}
	n := Format(r.Prefix, r.DatePart, r.Digits, date, 1)
	for _, no := range nos {
		if strings.HasPrefix(no, head) && allDigits(no[len(head):]) {
			n = Increment(no)
			break
		}
	}
	for range 1000 {
		var one int
		err := q.QueryRow(ctx, "SELECT 1 FROM "+t.table+" WHERE ("+cond+") AND number = ?", append(append([]any{}, t.args...), n)...).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return n, nil
		}
		if err != nil {
			return "", fmt.Errorf("next number of %s: %w", r.Kind, err)
		}
		n = Increment(n)
	}
	return n, nil
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
