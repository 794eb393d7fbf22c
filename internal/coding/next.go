// Package coding makes numbers: the next number of a kind of basic data
// (goods, customers … "auto next number, editable"), and later the coding
// rules of documents.
package coding

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"cangshu/internal/db"
)

var identRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Next proposes the next number of table: the most recently created
// record's number with its trailing digits incremented (width kept:
// "SP009" → "SP010"), first when none exist, skipping numbers already
// taken. where ("" or fixed SQL with ? args) narrows the records (type = ?).
func Next(ctx context.Context, q db.Querier, table, where, first string, args ...any) (string, error) {
	if !identRe.MatchString(table) {
		return "", fmt.Errorf("coding: bad table %q", table)
	}
	cond := "1 = 1"
	if where != "" {
		cond = where
	}
	var last string
	err := q.QueryRow(ctx, "SELECT number FROM "+table+" WHERE "+cond+" ORDER BY id DESC LIMIT 1", args...).Scan(&last)
	if errors.Is(err, sql.ErrNoRows) {
		last = ""
	} else if err != nil {
		return "", fmt.Errorf("next number of %s: %w", table, err)
	}
	n := first
	if last != "" {
		n = Increment(last)
	}
	for range 1000 {
		var one int
		err := q.QueryRow(ctx, "SELECT 1 FROM "+table+" WHERE ("+cond+") AND number = ?", append(args, n)...).Scan(&one)
		if errors.Is(err, sql.ErrNoRows) {
			return n, nil
		}
		if err != nil {
			return "", fmt.Errorf("next number of %s: %w", table, err)
		}
		n = Increment(n)
	}
	return n, nil
}

// Increment adds one to the trailing digits of s, keeping their width
// ("A-099" → "A-100", "9" → "10"); s without trailing digits gets "1".
func Increment(s string) string {
	i := len(s)
	for i > 0 && s[i-1] >= '0' && s[i-1] <= '9' {
		i--
	}
	digits := s[i:]
	if digits == "" || len(digits) > 18 {
		return s + "1"
	}
	v, _ := strconv.ParseInt(digits, 10, 64)
	next := strconv.FormatInt(v+1, 10)
	if len(next) < len(digits) {
		next = strings.Repeat("0", len(digits)-len(next)) + next
	}
	return s[:i] + next
}
