package report

import (
	"fmt"
	"strings"

	"cangshu/internal/dec"
	"cangshu/internal/server"
)

// aggSource is a report whose rows are groups computed in SQL (the stock
// reports: goods × warehouse): one query groups, filters, sorts and pages
// them, and carries the row count and the totals row as window sums over
// the same grouped rows, so the aggregate is computed once per page. The
// Excel streams the same query without the LIMIT.
type aggSource struct {
	// Inner is a SELECT list's FROM … WHERE … GROUP BY … whose output
	// columns are the Cols' Expr AS Key.
	Inner string
	Args  []any
	Cols  []aggCol
	// Where filters the grouped rows (over the Keys; "" = none).
	Where string
	Order string // default ORDER BY over the Keys, unique
	// Finish adds the computed columns of a row (unit costs, units).
	Finish func(Row)
	// Sorts are the sort expressions (over t.Key) of the computed columns.
	Sorts map[string]string
	// Page, when set, answers a page in the default order without
	// computing every row: the source of the page's rows alone, the count
	// and the totals of every summed column.
	Page func(lp server.ListParams) (rows *aggSource, n int, totals map[string]dec.Dec, err error)
}

// aggCol is one output column of the grouped rows.
type aggCol struct {
	Key, Expr string
	Kind      byte // 't' text, 'i' int64 (ids), 'm' micros (an exact decimal; the totals sum it)
}

func (a *aggSource) sortable(key string) bool {
	if _, ok := a.Sorts[key]; ok {
		return true
	}
	for _, c := range a.Cols {
		if c.Key == key {
			return true
		}
	}
	return false
}

// query is the page (limit) or every row, each with the count and the
// totals of the micros columns that are visible and summed: the grouped
// rows are computed once (a materialised CTE), the page is read from them
// and the totals are one aggregate over them, not window sums carried on
// every row.
func (a *aggSource) query(cols []Column, lp server.ListParams, limit bool) (string, []string) {
	var inner, outer, tots []string
	for _, c := range a.Cols {
		inner = append(inner, c.Expr+" AS "+c.Key)
		outer = append(outer, "t."+c.Key)
	}
	var sums []string
	for _, c := range cols {
		if c.Sum && a.has(c.Key, 'm') {
			sums = append(sums, c.Key)
			tots = append(tots, dec.SumSQL(c.Key))
		}
	}
	tots = append(tots, "COUNT(*)")
	for i := range tots {
		outer = append(outer, fmt.Sprintf("z.s%d", i))
		tots[i] += fmt.Sprintf(" AS s%d", i)
	}
	order := a.Order
	if lp.Sidx != "" {
		dir := " ASC"
		if lp.Desc {
			dir = " DESC"
		}
		by := "t." + lp.Sidx
		if e, ok := a.Sorts[lp.Sidx]; ok {
			by = e
		}
		order = by + dir + ", " + order
	}
	grouped := "SELECT " + strings.Join(inner, ", ") + " FROM " + a.Inner
	if a.Where != "" {
		grouped = "SELECT * FROM (" + grouped + ") t WHERE " + a.Where
	}
	page := "w"
	if limit {
		page = fmt.Sprintf("(SELECT * FROM w t ORDER BY %s LIMIT %d OFFSET %d)", order, lp.Rows, lp.Offset())
	}
	q := "WITH w AS MATERIALIZED (" + grouped + ") SELECT " + strings.Join(outer, ", ") + " FROM " + page +
		" t CROSS JOIN (SELECT " + strings.Join(tots, ", ") + " FROM w) z ORDER BY " + order
	return q, sums
}

func (a *aggSource) has(key string, kind byte) bool {
	for _, c := range a.Cols {
		if c.Key == key && c.Kind == kind {
			return true
		}
	}
	return false
}

// rows runs the query and hands each row (projected) to add; it returns
// the count and the totals row (ratios from their sums).
func (a *aggSource) rows(q *Query, cols []Column, lp server.ListParams, limit bool, add func(Row) error) (int, Row, error) {
	if limit && lp.Sidx == "" && a.Page != nil {
		src, n, tot, err := a.Page(lp)
		if err != nil {
			return 0, nil, err
		}
		if _, _, err := src.rows(q, cols, lp, false, add); err != nil {
			return 0, nil, err
		}
		return n, totalsRow(cols, tot), nil
	}
	query, sums := a.query(cols, lp, limit)
	rs, err := q.DB.Query(q.Ctx, query, a.Args...)
	if err != nil {
		return 0, nil, fmt.Errorf("grouped rows: %w", err)
	}
	defer rs.Close()
	n := 0
	tot := make([]dec.Dec, len(sums))
	texts := make([]string, len(a.Cols))
	ints := make([]int64, len(a.Cols))
	micros := make([]dec.Dec, len(a.Cols))
	dst := make([]any, 0, len(a.Cols)+len(sums)+1)
	for i, c := range a.Cols {
		switch c.Kind {
		case 't':
			dst = append(dst, &texts[i])
		case 'i':
			dst = append(dst, &ints[i])
		default:
			dst = append(dst, &micros[i])
		}
	}
	for i := range tot {
		dst = append(dst, dec.ScanSum(&tot[i]))
	}
	dst = append(dst, &n)
	seen := false
	for rs.Next() {
		if err := rs.Scan(dst...); err != nil {
			return 0, nil, err
		}
		seen = true
		r := make(Row, len(a.Cols)+4)
		for i, c := range a.Cols {
			switch c.Kind {
			case 't':
				r[c.Key] = texts[i]
			case 'i':
				r[c.Key] = ints[i]
			default:
				r[c.Key] = micros[i]
			}
		}
		if a.Finish != nil {
			a.Finish(r)
		}
		if err := add(project(r, cols)); err != nil {
			return 0, nil, err
		}
	}
	if err := rs.Err(); err != nil {
		return 0, nil, err
	}
	if !seen && limit && lp.Offset() > 0 {
		// a page past the end: the count and totals of the whole
		first := lp
		first.Page, first.Rows = 1, 1
		return a.rows(q, cols, first, true, func(Row) error { return nil })
	}
	sum := make(map[string]dec.Dec, len(sums))
	for i, k := range sums {
		sum[k] = tot[i]
	}
	return n, totalsRow(cols, sum), nil
}

// totalsRow is the totals row of the visible columns from the sums of the
// summed ones (ratios from their sums).
func totalsRow(cols []Column, sums map[string]dec.Dec) Row {
	t := Row{}
	for _, c := range cols {
		if c.Sum {
			t[c.Key] = dec.Zero
			if v, ok := sums[c.Key]; ok {
				t[c.Key] = v
			}
		}
	}
	for _, c := range cols {
		if c.Num != "" {
			num, _ := t[c.Num].(dec.Dec)
			den, _ := t[c.Den].(dec.Dec)
			t[c.Key] = ratio(num, den)
		}
	}
	return t
}
