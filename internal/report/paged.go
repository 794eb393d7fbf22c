package report

import (
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/server"
)

// source is a report read page by page from SQL: the totals row comes from
// one aggregate over the same filtered FROM, the page from its ordered
// keys (LIMIT/OFFSET) and then the full rows of those keys only, and the
// Excel streams the ordered rows straight from the cursor. Nothing holds
// more than a page of rows in memory.
type source struct {
	From string // FROM … WHERE … (no ORDER BY, no GROUP BY)
	// ByKey is the FROM … WHERE the page's rows are read from by their
	// keys ("" = From): the same rows, joined for a read of a few keys.
	ByKey string
	Args  []any
	Key   string // the row's unique id (an int64 expression)
	Order string // the default ORDER BY, ending in Key
	// Select is what Scan reads; Scan returns the row's key and the row.
	Select string
	Scan   func(*sql.Rows) (int64, Row, error)
	// Sums are the micros expressions the totals row sums, by column key
	// (exactly, dec.SumSQL). Ratio columns (Num/Den) follow from them.
	Sums map[string]string
	// Diffs are totals that are one Sums key's total less another's
	// (profit: amount less cost), by column key.
	Diffs map[string][2]string
	// Sorts are the expressions a column sorts by, by column key.
	Sorts map[string]string
}

// sortExpr is the ORDER BY of a page: the asked column, then the default.
func (s *source) sortExpr(lp server.ListParams) string {
	if lp.Sidx == "" {
		return s.Order
	}
	dir := " ASC"
	if lp.Desc {
		dir = " DESC"
	}
	return s.Sorts[lp.Sidx] + dir + ", " + s.Order
}

// sortable: every visible column the screen may sort by has an expression.
func (s *source) sortable(key string) bool { _, ok := s.Sorts[key]; return ok }

// totals is the count and the totals row of the visible columns.
func (s *source) totals(q *Query, cols []Column) (int, Row, error) {
	// each line's figures are computed once, in a subquery (noFlatten):
	// summed split in two (dec.SumSQL), a figure that reads the line's
	// stock moves (cost) read them twice otherwise; a difference (profit)
	// is its two sums' difference, so the moves are read once per line
	need := map[string]bool{}
	for _, c := range cols {
		if d, ok := s.Diffs[c.Key]; ok && c.Sum {
			need[d[0]], need[d[1]] = true, true
		} else if _, ok := s.Sums[c.Key]; ok && c.Sum {
			need[c.Key] = true
		}
	}
	keys := slices.Sorted(maps.Keys(need))
	line, sel := []string{"1 AS one"}, []string{"COUNT(*)"}
	for i, k := range keys {
		line = append(line, fmt.Sprintf("%s AS s%d", s.Sums[k], i+1))
		sel = append(sel, dec.SumSQL(fmt.Sprintf("x.s%d", i+1)))
	}
	vals := make([]dec.Dec, len(keys))
	dst := make([]any, 0, len(keys)+1)
	var n int
	dst = append(dst, &n)
	for i := range vals {
		dst = append(dst, dec.ScanSum(&vals[i]))
	}
	if err := q.DB.QueryRow(q.Ctx, "SELECT "+strings.Join(sel, ", ")+" FROM (SELECT "+strings.Join(line, ", ")+" FROM "+s.From+noFlatten(q.DB)+") x", s.Args...).Scan(dst...); err != nil {
		return 0, nil, fmt.Errorf("totals: %w", err)
	}
	sum := map[string]dec.Dec{}
	for i, k := range keys {
		sum[k] = vals[i]
	}
	for k, d := range s.Diffs {
		sum[k] = sum[d[0]].Sub(sum[d[1]])
	}
	return n, totalsRow(cols, sum), nil
}

// noFlatten ends a subquery that the engine should compute once per row
// instead of copying its expressions into the outer query (neither
// flattens a subquery with an OFFSET).
func noFlatten(d db.Querier) string {
	if d.Engine() == db.Postgres {
		return " OFFSET 0"
	}
	return " LIMIT -1 OFFSET 0"
}

// page reads one page of rows, projected onto the visible columns.
func (s *source) page(q *Query, cols []Column, lp server.ListParams) ([]Row, error) {
	ids, err := db.Values[int64](q.Ctx, q.DB, "SELECT "+s.Key+" FROM "+s.From+" ORDER BY "+s.sortExpr(lp)+
		fmt.Sprintf(" LIMIT %d OFFSET %d", lp.Rows, lp.Offset()), s.Args...)
	if err != nil {
		return nil, fmt.Errorf("page keys: %w", err)
	}
	out := make([]Row, 0, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	ks, ka := in(ids)
	from := s.From
	if s.ByKey != "" {
		from = s.ByKey
	}
	rows, err := q.DB.Query(q.Ctx, "SELECT "+s.Select+" FROM "+from+" AND "+s.Key+ks, append(slices.Clone(s.Args), ka...)...)
	if err != nil {
		return nil, fmt.Errorf("page rows: %w", err)
	}
	defer rows.Close()
	byID := make(map[int64]Row, len(ids))
	for rows.Next() {
		id, r, err := s.Scan(rows)
		if err != nil {
			return nil, err
		}
		byID[id] = project(r, cols)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	for _, id := range ids {
		if r, ok := byID[id]; ok {
			out = append(out, r)
		}
	}
	return out, nil
}

// each streams every row in the page's order, projected.
func (s *source) each(q *Query, cols []Column, lp server.ListParams, add func(Row) error) error {
	rows, err := q.DB.Query(q.Ctx, "SELECT "+s.Select+" FROM "+s.From+" ORDER BY "+s.sortExpr(lp), s.Args...)
	if err != nil {
		return fmt.Errorf("rows: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		_, r, err := s.Scan(rows)
		if err != nil {
			return err
		}
		if err := add(project(r, cols)); err != nil {
			return err
		}
	}
	return rows.Err()
}

// lineSorts are the sort expressions of the document line columns.
var lineSorts = map[string]string{
	"date": "b.bill_date", "billNo": "b.bill_no", "kindName": "b.kind", "contactName": "COALESCE(c.name, '')",
	"salesName": "COALESCE(em.name, '')", "invNumber": "g.number", "invName": "g.name", "invSpec": "g.spec",
	"unitName": "COALESCE(u.name, '')", "locationName": "COALESCE(l.name, '')", "price": "e.price",
	"qty": signSQL + " * e.qty", "amount": signSQL + " * e.amount", "tax": signSQL + " * e.tax",
	"taxAmount": signSQL + " * e.tax_amount", "description": "e.description",
}

// lineSource is a document line report on SQL: rows built by build from
// the scanned line.
func lineSource(q *Query, kinds []string, sums, sorts map[string]string, build func(*Query, lineRow) Row) *source {
	from, args := lineFrom(q, kinds)
	byKey, _ := linesFrom(q, kinds, flatLines)
	all := map[string]string{}
	for k, v := range lineSorts {
		all[k] = v
	}
	for k, v := range sorts {
		all[k] = v
	}
	return &source{From: from, ByKey: byKey, Args: args, Key: "e.id", Order: lineOrder, Select: lineSelect, Sums: sums, Sorts: all,
		Scan: func(r *sql.Rows) (int64, Row, error) {
			var l lineRow
			if err := scanLine(r, &l); err != nil {
				return 0, nil, err
			}
			return l.EntryID, build(q, l), nil
		}}
}
