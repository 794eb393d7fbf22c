package report

import (
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/dec"
)

// The stock reports on SQL: stock at a date and a period's flows grouped
// per goods (× SKU) × warehouse in one query (agg.go).

// stockAtSQL is the rows whose sums per goods, SKU and warehouse are the
// stock at the end of date (columns goods_id, sku_id, location_id, qty,
// amount): read forward (forwardSQL: a snapshot and the moves since, or
// the moves up to the date) when that reads fewer moves, else the
// balances less the moves since (nearStart). Never a replay of the whole
// history.
func stockAtSQL(q *Query, date string) (string, []any, error) {
	s, a := in(q.Locations)
	goods, ga := "", []any(nil)
	if q.F.InvID > 0 {
		goods, ga = " AND goods_id = ?", []any{q.F.InvID}
	}
	forward, b, err := nearStart(q, date)
	if err != nil {
		return "", nil, err
	}
	if forward {
		query, args := forwardSQL(b, date, s, a, goods, ga)
		return query, args, nil
	}
	args := append(append([]any{}, a...), ga...)
	query := `SELECT goods_id, sku_id, location_id, qty, amount FROM stock_balances WHERE location_id` + s + goods
	if date != "" {
		query += ` UNION ALL SELECT goods_id, sku_id, location_id, -qty, -amount FROM stock_moves WHERE location_id` + s + ` AND move_date > ?` + goods
		args = append(append(append(args, a...), date), ga...)
	}
	return query, args, nil
}

// sqlText is a SQL string literal.
func sqlText(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// flows are deliverSummary's in and out columns in order: flowIn, then
// flowOut; a move's code (flowCodeSQL) is its column's index + 1 (0: the
// opening or closing rows).
var flows = func() []flowCol {
	var out []flowCol
	for _, k := range flowIn {
		out = append(out, flowCol{"in_", k})
	}
	for _, k := range flowOut {
		out = append(out, flowCol{"out_", k})
	}
	return out
}()

type flowCol struct {
	Prefix string // in_, out_
	flowKind
}

// flowCode is the code of the column key ("in_otherIn").
func flowCode(key string) int {
	for i, f := range flows {
		if f.Prefix+f.Key == key {
			return i + 1
		}
	}
	panic("report: no flow " + key)
}

// flowCodeSQL is the deliverSummary column of a move as its code, from
// its kind, its direction dir (1 in, -1 out: moveDirSQL) and tt, its
// document's transType where its kind has sub-types: the same rules as
// classify, the first matching row of flowIn then flowOut, else other in /
// other out by direction.
func flowCodeSQL(kind, dir, tt string) string {
	var b strings.Builder
	b.WriteString("CASE")
	for i, k := range flows {
		cond := kind + " = " + sqlText(k.Kind)
		if k.TransType != 0 && typed[k.Kind] {
			cond += fmt.Sprintf(" AND %s = %d", tt, k.TransType)
		}
		if k.Sign != 0 {
			cond += fmt.Sprintf(" AND %s = %d", dir, k.Sign)
		}
		fmt.Fprintf(&b, " WHEN %s THEN %d", cond, i+1)
	}
	fmt.Fprintf(&b, " WHEN %s > 0 THEN %d ELSE %d END", dir, flowCode("in_otherIn"), flowCode("out_otherOut"))
	return b.String()
}

// moveDirSQL is a move's direction: out (-1) when it takes quantity, or
// only value, else in (1).
const moveDirSQL = "CASE WHEN m.qty < 0 OR (m.qty = 0 AND m.amount < 0) THEN -1 ELSE 1 END"

// deliverSummaryAgg: per goods × warehouse the opening (stock at the day
// before beginDate), in and out by kind and the closing, in one query:
//
//   - the rows: the base (dir 0), either the opening read forward
//     (forwardSQL) or the balances less the moves after endDate (the closing),
//     whichever reads fewer moves (fewerBefore); the period's moves with
//     their kind, direction and, for the kinds with sub-types, document;
//   - summed per goods × warehouse × kind × direction (× document): plain
//     columns, so that the planner estimates the scan for what it costs;
//   - each sum's column code (flowCodeSQL; 0 the base), summed per goods ×
//     warehouse × code: only these few rows per pair read a document's
//     transType;
//   - pivoted per goods × warehouse into the columns (FILTER sums): the
//     opening is the base, or the closing less the period's flows;
//   - the goods' and warehouses' names joined to the pairs.
func deliverSummaryAgg(q *Query) (*aggSource, error) {
	if len(q.Locations) == 0 {
		q.Locations = []int64{0} // nothing: no warehouse has id 0
	}
	begin, end := q.F.BeginDate, q.F.EndDate
	forward, b, err := fewerBefore(q, dayBefore(begin), end)
	if err != nil {
		return nil, err
	}
	s, a := in(q.Locations)
	goods, ga := "", []any(nil)
	if q.F.InvID > 0 {
		goods, ga = " AND m.goods_id = ?", []any{q.F.InvID}
	}
	typedIn := "0 = 1"
	if ks := typedKinds(); len(ks) > 0 {
		var lits []string
		for _, k := range ks {
			lits = append(lits, sqlText(k))
		}
		typedIn = "m.kind IN (" + strings.Join(lits, ", ") + ")"
	}
	var rows string
	var args []any
	if forward {
		// the opening (the stock at the day before beginDate, from a
		// snapshot and the moves since or from the first move) and the
		// period's moves
		open, oa := forwardSQL(b, dayBefore(begin), s, a, strings.ReplaceAll(goods, "m.", ""), ga)
		rows = `SELECT m.goods_id, m.location_id, '' AS kind, 0 AS dir, 0 AS bill, m.qty, m.amount FROM (` + open + `) m
		  UNION ALL SELECT m.goods_id, m.location_id, m.kind, ` + moveDirSQL + `, CASE WHEN ` + typedIn + ` THEN m.bill_id ELSE 0 END, m.qty, m.amount
		    FROM stock_moves m WHERE m.location_id` + s + ` AND m.move_date >= ? AND m.move_date <= ?` + goods
		args = slices.Concat(oa, a, []any{begin, end}, ga)
	} else {
		// the closing (the balances less the moves after endDate) and the
		// period's moves
		rows = `SELECT m.goods_id, m.location_id, '' AS kind, 0 AS dir, 0 AS bill, m.qty, m.amount FROM stock_balances m WHERE m.location_id` + s + goods + `
		  UNION ALL SELECT m.goods_id, m.location_id, '', 0, 0, -m.qty, -m.amount FROM stock_moves m WHERE m.location_id` + s + ` AND m.move_date > ?` + goods + `
		  UNION ALL SELECT m.goods_id, m.location_id, m.kind, ` + moveDirSQL + `, CASE WHEN ` + typedIn + ` THEN m.bill_id ELSE 0 END, m.qty, m.amount
		    FROM stock_moves m WHERE m.location_id` + s + ` AND m.move_date >= ? AND m.move_date <= ?` + goods
		args = slices.Concat(a, ga, a, []any{end}, ga, a, []any{begin, end}, ga)
	}
	tt := "COALESCE((SELECT b.trans_type FROM bills b WHERE b.id = x.bill), 0)"
	rows = `SELECT y.goods_id, y.location_id, y.code, CAST(SUM(y.qty) AS BIGINT) AS qty, CAST(SUM(y.amount) AS BIGINT) AS amount
	  FROM (SELECT x.goods_id, x.location_id, CASE WHEN x.dir = 0 THEN 0 ELSE ` + flowCodeSQL("x.kind", "x.dir", tt) + ` END AS code, x.qty, x.amount
	    FROM (SELECT m.goods_id, m.location_id, m.kind, m.dir, m.bill, CAST(SUM(m.qty) AS BIGINT) AS qty, CAST(SUM(m.amount) AS BIGINT) AS amount
	      FROM (` + rows + `) m GROUP BY m.goods_id, m.location_id, m.kind, m.dir, m.bill) x) y
	  GROUP BY y.goods_id, y.location_id, y.code`
	sum := func(x, cond string) string {
		return "CAST(COALESCE(SUM(" + x + ") FILTER (WHERE " + cond + "), 0) AS BIGINT)"
	}
	base := func(x string) string {
		if forward {
			return sum("v."+x, "v.code = 0")
		}
		return sum("v."+x, "v.code = 0") + " - " + sum("v."+x, "v.code <> 0")
	}
	close := func(x string) string {
		if forward {
			return sum("v."+x, "TRUE")
		}
		return sum("v."+x, "v.code = 0")
	}
	sums := []string{base("qty") + " AS openQty", base("amount") + " AS openAmount"}
	cols := []aggCol{{"invId", "s.goods_id", 'i'}, {"locationId", "s.location_id", 'i'}, {"invNumber", "g.number", 't'},
		{"invName", "g.name", 't'}, {"invSpec", "g.spec", 't'}, {"unitName", "COALESCE(gu.name, '')", 't'},
		{"locationName", "l.name", 't'}, {"locSort", "l.sort", 'i'}, {"locNumber", "l.number", 't'},
		{"openQty", "s.openQty", 'm'}, {"openAmount", "s.openAmount", 'm'}}
	add := func(key, expr string) {
		sums = append(sums, expr+" AS "+key)
		cols = append(cols, aggCol{key, "s." + key, 'm'})
	}
	nIn := len(flowIn)
	for i, f := range flows {
		neg := ""
		if f.Prefix == "out_" {
			neg = "-"
		}
		c := fmt.Sprintf("v.code = %d", i+1)
		add(f.Prefix+f.Key+"Qty", neg+sum("v.qty", c))
		add(f.Prefix+f.Key+"Amount", neg+sum("v.amount", c))
		if i+1 == nIn {
			c := fmt.Sprintf("v.code BETWEEN 1 AND %d", nIn)
			add("inQty", sum("v.qty", c))
			add("inAmount", sum("v.amount", c))
		}
	}
	c := fmt.Sprintf("v.code > %d", nIn)
	add("outQty", "-"+sum("v.qty", c))
	add("outAmount", "-"+sum("v.amount", c))
	add("closeQty", close("qty"))
	add("closeAmount", close("amount"))
	// a row is a goods × warehouse with an opening or a period's move
	inner := `(SELECT v.goods_id, v.location_id, ` + strings.Join(sums, ", ") + `
	  FROM (` + rows + `) v
	  GROUP BY v.goods_id, v.location_id
	  HAVING COUNT(*) FILTER (WHERE v.code <> 0) > 0 OR ` + base("qty") + ` <> 0 OR ` + base("amount") + ` <> 0) s
	  JOIN goods g ON g.id = s.goods_id LEFT JOIN units gu ON gu.id = g.unit_id JOIN locations l ON l.id = s.location_id`
	if q.F.CatID > 0 {
		inner += " WHERE g.category_id = ?"
		args = append(args, q.F.CatID)
	}
	return &aggSource{Inner: inner, Args: args, Cols: cols,
		Order: "t.invNumber, t.locSort, t.locNumber, t.invId, t.locationId"}, nil
}

// invBalanceAgg: per goods (× SKU with bySku) at the end date, a quantity
// and cost pair per warehouse and the totals, in one query.
func invBalanceAgg(q *Query) (*aggSource, error) {
	if len(q.Locations) == 0 {
		q.Locations = []int64{0}
	}
	at, args, err := stockAtSQL(q, q.F.EndDate)
	if err != nil {
		return nil, err
	}
	units, err := unitGroups(q)
	if err != nil {
		return nil, err
	}
	sku, group, pair := "0", "u.goods_id", "goods_id, location_id"
	if q.F.BySku {
		sku, group, pair = "u.sku_id", "u.goods_id, u.sku_id", "goods_id, sku_id, location_id"
	}
	sums := []string{"CAST(SUM(u.qty) AS BIGINT) AS qty", "CAST(SUM(u.amount) AS BIGINT) AS amount"}
	cols := []aggCol{{"invId", "s.goods_id", 'i'}, {"skuId", "s.sku_id", 'i'}, {"invNumber", "g.number", 't'},
		{"invName", "g.name", 't'}, {"invSpec", "g.spec", 't'}, {"unitName", "COALESCE(gu.name, '')", 't'},
		{"skuName", "COALESCE(k.name, '')", 't'}, {"unitId", "g.unit_id", 'i'}, {"unitTypeId", "COALESCE(g.unit_type_id, 0)", 'i'},
		{"qty", "s.qty", 'm'}, {"amount", "s.amount", 'm'}}
	for _, l := range q.Locations {
		id := i64s(l)
		sums = append(sums, "CAST(SUM(CASE WHEN u.location_id = "+id+" THEN u.qty ELSE 0 END) AS BIGINT) AS qty_"+id,
			"CAST(SUM(CASE WHEN u.location_id = "+id+" THEN u.amount ELSE 0 END) AS BIGINT) AS amount_"+id)
		cols = append(cols, aggCol{"qty_" + id, "s.qty_" + id, 'm'}, aggCol{"amount_" + id, "s.amount_" + id, 'm'})
	}
	// summed per goods × warehouse (× SKU) first: the per-warehouse
	// columns then pivot a row per pair, not every move (twenty sums over
	// 500,000 moves took PostgreSQL half a second)
	inner := `(SELECT u.goods_id, ` + sku + ` AS sku_id, ` + strings.Join(sums, ", ") + `
	    FROM (SELECT ` + pair + `, CAST(SUM(qty) AS BIGINT) AS qty, CAST(SUM(amount) AS BIGINT) AS amount
	      FROM (` + at + `) u GROUP BY ` + pair + `) u
	    GROUP BY ` + group + `) s
	  JOIN goods g ON g.id = s.goods_id LEFT JOIN units gu ON gu.id = g.unit_id LEFT JOIN goods_skus k ON k.id = s.sku_id`
	if q.F.CatID > 0 {
		inner += " WHERE g.category_id = ?"
		args = append(args, q.F.CatID)
	}
	where := "NOT (t.qty = 0 AND t.amount = 0)"
	if q.F.ShowZero {
		where = ""
	}
	places := q.Sys.PricePlaces
	return &aggSource{Inner: inner, Args: args, Cols: cols, Where: where,
		Order: "t.invNumber, t.invId, t.skuName, t.skuId",
		Sorts: map[string]string{"unitCost": "COALESCE(t.amount * 1.0 / NULLIF(t.qty, 0), 0)", "qtyText": "t.qty"},
		Finish: func(r Row) {
			qty, _ := r["qty"].(dec.Dec)
			amt, _ := r["amount"].(dec.Dec)
			r["unitCost"] = avg(amt, qty, places)
			g := goodsInfo{UnitID: r["unitId"].(int64), UnitTypeID: r["unitTypeId"].(int64)}
			r["qtyText"] = qtyInUnits(qty, units.of(g))
			if !q.F.BySku {
				delete(r, "skuId")
			}
		}}, nil
}
