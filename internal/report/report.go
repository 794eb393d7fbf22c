// Package report is every report of the product on one mechanism: a report
// is its filters plus a column spec (key, label in zh-CN and en, type, the
// money right it needs, how it totals) that drives the JSON answer
// (docs/api.md §5: the list shape with userdata as the totals row), the Excel export and
// the print. The package only reads: it never writes a table.
//
// Money columns the caller has no right to see are removed from the spec
// before anything is produced, so the JSON rows, the totals row, the Excel
// and the printed page all lack them alike.
package report

import (
	"cmp"
	"slices"
	"strings"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Money rights (internal/bill: a kind's MoneyRight and CostRight).
const (
	CostRight     = server.CostRight
	PurchaseRight = server.PurchaseRight
	SalesRight    = server.SalesRight
)

// Type is how a column's values are shown and compared.
type Type string

const (
	Text    Type = "text"
	Date    Type = "date"
	Qty     Type = "qty"
	Price   Type = "price"
	Amount  Type = "amount"
	Percent Type = "percent"
	Int     Type = "int"
)

// Column is one column of a report.
type Column struct {
	Key   string   // the row field
	Label errs.Key // i18n key of the header
	Raw   string   // header as is (warehouse names), instead of Label
	Type  Type
	Right string // money right the caller needs to see the column ("" = none)
	Sum   bool   // the totals row sums the column
	// Ratio: the totals row computes Num/Den × 100 from the totals of those
	// columns (margins), instead of summing percentages.
	Num, Den string
	// Closing: the totals row holds the closing balance, the sum of the
	// column over the subtotal rows (one per contact or account), or the
	// last row's value when there are none (a running balance).
	Closing bool
	Width   float64
}

// Row is one report row: column keys to values (dec.Dec, string, int64),
// plus the hidden keys that drill down or open a document (billId,
// transType, invId, locationId, buId, salesId).
type Row map[string]any

// Report is one report.
type Report struct {
	Name  string   // docs/api.md §5 name
	Title errs.Key // the menu's title
	// Columns is the column spec; filters may shape it (invBalance has a
	// pair of columns per warehouse).
	Columns func(q *Query) []Column
	// Rows reads every row that passes the filters, in the default order.
	Rows func(q *Query) ([]Row, error)
	// Source, instead of Rows: the report pages, sorts and totals in SQL
	// (paged.go).
	Source func(q *Query) *source
	// Agg, instead of Rows: the report's rows are groups computed,
	// sorted, paged and totalled in SQL (agg.go).
	Agg func(q *Query) (*aggSource, error)
	// Sorted: the rows may be re-sorted by a column (false for running
	// balances, whose order is the point).
	Sorted bool
	// Drill is the detail report a summary row opens (with the row's
	// hidden keys added to the same filters); "" = none.
	Drill string
	// Doc: rows come from documents and open them (billId, transType).
	Doc bool
	// Filters are the filters the screen offers (names of Filter fields as
	// query parameters).
	Filters []string
}

// visible is the spec as the caller may see it.
func visible(cols []Column, p *server.Principal) []Column {
	out := make([]Column, 0, len(cols))
	for _, c := range cols {
		if c.Right == "" || p.Can(c.Right) {
			out = append(out, c)
		}
	}
	return out
}

// hiddenKeys are the row keys that are not columns but travel with the row.
var hiddenKeys = []string{"billId", "transType", "kind", "invId", "locationId", "buId", "salesId", "skuId", "rowType", "accId", "itemId"}

// project keeps the visible columns and the hidden keys of a row.
func project(r Row, cols []Column) Row {
	out := make(Row, len(cols)+4)
	for _, c := range cols {
		if v, ok := r[c.Key]; ok {
			out[c.Key] = v
		}
	}
	for _, k := range hiddenKeys {
		if v, ok := r[k]; ok {
			out[k] = v
		}
	}
	return out
}

// Row types of the grouped running-balance reports: a group's opening row
// and its subtotal row (already a sum: the totals row leaves it out).
const (
	rowOpening  = "opening"
	rowSubtotal = "subtotal"
	rowLine     = "line" // a goods line under its document (statements)
)

// totals is the totals row of the visible columns.
func totals(rows []Row, cols []Column) Row {
	t := Row{}
	for _, c := range cols {
		if !c.Sum && !c.Closing {
			continue
		}
		s, last, subtotals := dec.Zero, dec.Zero, false
		for _, r := range rows {
			v, ok := r[c.Key].(dec.Dec)
			if !ok {
				continue
			}
			sub := r["rowType"] == rowSubtotal
			switch {
			case c.Closing && sub:
				s, subtotals = s.Add(v), true
			case c.Closing:
				last = v
			case !sub:
				s = s.Add(v)
			}
		}
		if c.Closing && !subtotals {
			s = last
		}
		t[c.Key] = s
	}
	for _, c := range cols {
		if c.Num == "" {
			continue
		}
		n, _ := t[c.Num].(dec.Dec)
		d, _ := t[c.Den].(dec.Dec)
		t[c.Key] = ratio(n, d)
	}
	return t
}

// ratio is n/d as a percentage rounded to 2 places (0 when d is 0).
func ratio(n, d dec.Dec) dec.Dec {
	if d.IsZero() {
		return dec.Zero
	}
	return n.Mul(dec.FromInt(100)).Div(d).Round(2)
}

// sortRows sorts by the column key (stable: rows keep their default order
// among equals).
func sortRows(rows []Row, cols []Column, key string, desc bool) error {
	i := slices.IndexFunc(cols, func(c Column) bool { return c.Key == key })
	if i < 0 {
		return errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
	}
	slices.SortStableFunc(rows, func(a, b Row) int {
		c := compare(a[key], b[key])
		if desc {
			return -c
		}
		return c
	})
	return nil
}

func compare(a, b any) int {
	switch x := a.(type) {
	case dec.Dec:
		y, _ := b.(dec.Dec)
		return x.Cmp(y)
	case int64:
		y, _ := b.(int64)
		return cmp.Compare(x, y)
	case string:
		y, _ := b.(string)
		return strings.Compare(x, y)
	}
	if b == nil {
		return 0
	}
	return -1
}
