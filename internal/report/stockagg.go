package report

import (
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/server"
	"cangshu/internal/stock"
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
// only value, else in (1) (as the snapshots' flows keep it).
const moveDirSQL = stock.MoveDirSQL

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
//
// The first pages in the default order (deliverPage) group only their
// own pairs.
func deliverSummaryAgg(q *Query) (*aggSource, error) {
	if len(q.Locations) == 0 {
		q.Locations = []int64{0} // nothing: no warehouse has id 0
	}
	goods, ga := goodsCond(q)
	src, err := deliverSummarySrc(q, goods, ga)
	if err != nil {
		return nil, err
	}
	src.Page = func(lp server.ListParams) (*aggSource, int, map[string]dec.Dec, error) {
		return deliverPage(q, lp)
	}
	return src, nil
}

// goodsCond is the filter's goods as a condition on the moves m.
func goodsCond(q *Query) (string, []any) {
	if q.F.InvID > 0 {
		return " AND m.goods_id = ?", []any{q.F.InvID}
	}
	return "", nil
}

// typedInSQL is true for a move m of a typedKinds kind.
var typedInSQL = func() string {
	var lits []string
	for _, k := range typedKinds() {
		lits = append(lits, sqlText(k))
	}
	if len(lits) == 0 {
		return "0 = 1"
	}
	return "m.kind IN (" + strings.Join(lits, ", ") + ")"
}()

// flowMovesSQL is the moves m of the warehouses (locs: " IN (…)") dated
// between two arguments (goods: more of the WHERE) with what their flow
// code is read from: kind, direction (dir) and, for the kinds with
// sub-types, document (bill; else 0).
func flowMovesSQL(locs, goods string) string {
	return `SELECT m.goods_id, m.location_id, m.kind, ` + moveDirSQL + ` AS dir, CASE WHEN ` + typedInSQL + ` THEN m.bill_id ELSE 0 END AS bill, m.qty, m.amount
	  FROM stock_moves m WHERE m.location_id` + locs + ` AND m.move_date >= ? AND m.move_date <= ?` + goods
}

// billTypeSQL is the transType of the document bill (0: none).
func billTypeSQL(bill string) string {
	return "COALESCE((SELECT b.trans_type FROM bills b WHERE b.id = " + bill + "), 0)"
}

// deliverSummarySrc is deliverSummaryAgg's rows for the goods the moves m
// meet goods (ga its arguments).
func deliverSummarySrc(q *Query, goods string, ga []any) (*aggSource, error) {
	begin, end := q.F.BeginDate, q.F.EndDate
	forward, b, err := fewerBefore(q, dayBefore(begin), end)
	if err != nil {
		return nil, err
	}
	s, a := in(q.Locations)
	var rows string
	var args []any
	if forward {
		// the opening (the stock at the day before beginDate, from a
		// snapshot and the moves since or from the first move) and the
		// period's moves
		open, oa := forwardSQL(b, dayBefore(begin), s, a, strings.ReplaceAll(goods, "m.", ""), ga)
		rows = `SELECT m.goods_id, m.location_id, '' AS kind, 0 AS dir, 0 AS bill, m.qty, m.amount FROM (` + open + `) m
		  UNION ALL ` + flowMovesSQL(s, goods)
		args = slices.Concat(oa, a, []any{begin, end}, ga)
	} else {
		// the closing (the balances less the moves after endDate) and the
		// period's moves
		rows = `SELECT m.goods_id, m.location_id, '' AS kind, 0 AS dir, 0 AS bill, m.qty, m.amount FROM stock_balances m WHERE m.location_id` + s + goods + `
		  UNION ALL SELECT m.goods_id, m.location_id, '', 0, 0, -m.qty, -m.amount FROM stock_moves m WHERE m.location_id` + s + ` AND m.move_date > ?` + goods + `
		  UNION ALL ` + flowMovesSQL(s, goods)
		args = slices.Concat(a, ga, a, []any{end}, ga, a, []any{begin, end}, ga)
	}
	tt := billTypeSQL("x.bill")
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
	// Hidden only when every warehouse column is zero: a goods whose
	// warehouses cancel out (1 in one, −1 in a negative-stock one) is listed.
	zero := []string{"t.qty = 0", "t.amount = 0"}
	for _, l := range q.Locations {
		id := i64s(l)
		zero = append(zero, "t.qty_"+id+" = 0", "t.amount_"+id+" = 0")
	}
	where := "NOT (" + strings.Join(zero, " AND ") + ")"
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

// deliverPage is a page of deliverSummary in its default order without
// grouping every pair into its columns (a month has ~100,000 of them):
//
//   - the pairs: the opening per goods × warehouse (stockAtSQL at the day
//     before beginDate) and the pairs the period's moves touch, kept when
//     moved or opening with stock; their count and opening totals, and
//     the page's pairs in order;
//   - the in and out totals: the period's moves summed per flow code;
//   - the rows: deliverSummarySrc for the page's goods, kept to its pairs.
//
// Every total is a sum over the pairs, so it equals the sum of the rows.
func deliverPage(q *Query, lp server.ListParams) (*aggSource, int, map[string]dec.Dec, error) {
	begin, end := q.F.BeginDate, q.F.EndDate
	s, a := in(q.Locations)
	goods, ga := goodsCond(q)
	open, oa, err := stockAtSQL(q, dayBefore(begin))
	if err != nil {
		return nil, 0, nil, err
	}
	cat, ca := "", []any(nil)
	fgoods, fga := goods, ga // the flows' moves
	if q.F.CatID > 0 {
		const in = " m.goods_id IN (SELECT id FROM goods WHERE category_id = ?)"
		cat, ca = " WHERE"+in, []any{q.F.CatID}
		fgoods, fga = goods+" AND"+in, append(slices.Clone(ga), q.F.CatID)
	}
	keys := `WITH k AS MATERIALIZED (SELECT m.goods_id, m.location_id, CAST(SUM(m.qty) AS BIGINT) AS qty, CAST(SUM(m.amount) AS BIGINT) AS amount
	    FROM (SELECT goods_id, location_id, qty, amount, 0 AS moved FROM (` + open + `) o
	      UNION ALL SELECT DISTINCT m.goods_id, m.location_id, 0, 0, 1 FROM stock_moves m
	        WHERE m.location_id` + s + ` AND m.move_date >= ? AND m.move_date <= ?` + goods + `) m` + cat + `
	    GROUP BY m.goods_id, m.location_id
	    HAVING MAX(m.moved) = 1 OR SUM(m.qty) <> 0 OR SUM(m.amount) <> 0)
	  SELECT COALESCE(t.goods_id, 0), COALESCE(t.location_id, 0), z.n, z.qty, z.amount
	  FROM (SELECT COUNT(*) AS n, ` + dec.SumSQL("k.qty") + ` AS qty, ` + dec.SumSQL("k.amount") + ` AS amount FROM k) z
	  LEFT JOIN (SELECT k.goods_id, k.location_id, g.number AS gnum, l.sort AS lsort, l.number AS lnum FROM k
	    JOIN goods g ON g.id = k.goods_id JOIN locations l ON l.id = k.location_id
	    ORDER BY g.number, l.sort, l.number, k.goods_id, k.location_id LIMIT ? OFFSET ?) t ON 1 = 1
	  ORDER BY t.gnum, t.lsort, t.lnum, t.goods_id, t.location_id`
	type pair struct{ goods, loc int64 }
	var page []pair
	var n int
	tot := map[string]dec.Dec{}
	var oq, oam dec.Dec
	rs, err := q.DB.Query(q.Ctx, keys, slices.Concat(oa, a, []any{begin, end}, ga, ca, []any{lp.Rows, lp.Offset()})...)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("summary pairs: %w", err)
	}
	defer rs.Close()
	for rs.Next() {
		var p pair
		if err := rs.Scan(&p.goods, &p.loc, &n, dec.ScanSum(&oq), dec.ScanSum(&oam)); err != nil {
			return nil, 0, nil, err
		}
		if p.goods != 0 {
			page = append(page, p)
		}
	}
	if err := rs.Err(); err != nil {
		return nil, 0, nil, err
	}
	rs.Close()
	fl, err := periodFlows(q, fgoods, fga, fgoods == "")
	if err != nil {
		return nil, 0, nil, fmt.Errorf("summary flows: %w", err)
	}
	// (a flow without moves is absent: zero, as totalsRow shows it)
	tot["openQty"], tot["openAmount"] = oq, oam
	closeQty, closeAmount := oq, oam
	nIn := len(flowIn)
	for _, f := range fl {
		if f.code == 0 {
			continue
		}
		col := flows[f.code-1]
		qty, amount := f.qty, f.amount
		closeQty, closeAmount = closeQty.Add(qty), closeAmount.Add(amount)
		side := "in"
		if f.code > nIn {
			side, qty, amount = "out", qty.Neg(), amount.Neg()
		}
		tot[col.Prefix+col.Key+"Qty"] = tot[col.Prefix+col.Key+"Qty"].Add(qty)
		tot[col.Prefix+col.Key+"Amount"] = tot[col.Prefix+col.Key+"Amount"].Add(amount)
		tot[side+"Qty"], tot[side+"Amount"] = tot[side+"Qty"].Add(qty), tot[side+"Amount"].Add(amount)
	}
	tot["closeQty"], tot["closeAmount"] = closeQty, closeAmount
	// the page's rows: its goods' pairs, kept to the page's (the ids
	// written out: a page of 10,000 rows would pass SQLite's limit of
	// arguments, the goods being named in four places)
	ids, pairs := []string{}, []string{}
	for _, p := range page {
		if id := strconv.FormatInt(p.goods, 10); len(ids) == 0 || ids[len(ids)-1] != id {
			ids = append(ids, id)
		}
		pairs = append(pairs, fmt.Sprintf("(%d, %d)", p.goods, p.loc))
	}
	if len(page) == 0 {
		ids, pairs = []string{"0"}, []string{"(0, 0)"}
	}
	src, err := deliverSummarySrc(q, " AND m.goods_id IN ("+strings.Join(ids, ", ")+")", nil)
	if err != nil {
		return nil, 0, nil, err
	}
	src.Where = "(t.invId, t.locationId) IN (VALUES " + strings.Join(pairs, ", ") + ")"
	return src, n, tot, nil
}

// flowSum is the sums of a flow code's moves.
type flowSum struct {
	code, n     int // code 0: n is the number of snapshots still valid
	qty, amount dec.Dec
}

// periodFlows are the period's moves of the warehouses summed per flow
// code (rows of one code add up; goods, fga: a condition on the moves m):
// with snaps, each whole month a valid month-end snapshot keeps the flows
// of (stock.BuildSnapshots) from its flows (they hold every goods), the
// rest from the moves, grouped per kind, direction and (for the kinds
// with sub-types) document, each group's code read once. One statement,
// with the number of those snapshots still valid: should one have gone
// stale since it was chosen, the whole period is read from the moves.
func periodFlows(q *Query, goods string, fga []any, snaps bool) ([]flowSum, error) {
	month := map[int64]string{}
	if snaps {
		var err error
		if month, err = flowSnapshots(q, q.F.BeginDate, q.F.EndDate); err != nil {
			return nil, err
		}
	}
	return flowsOf(q, goods, fga, month)
}

// flowsOf is periodFlows with the flows of the snapshots month (id →
// YYYY-MM) for their months.
func flowsOf(q *Query, goods string, fga []any, month map[int64]string) ([]flowSum, error) {
	begin, end := q.F.BeginDate, q.F.EndDate
	s, a := in(q.Locations)
	var parts []string
	var args []any
	var ids []int64
	var ms []string
	for id, m := range month {
		ids, ms = append(ids, id), append(ms, m)
	}
	slices.Sort(ms)
	if len(ids) > 0 {
		is, ia := in(ids)
		parts = append(parts, `SELECT 0 AS code, COUNT(*) AS n, CAST(NULL AS TEXT) AS qty, CAST(NULL AS TEXT) AS amount FROM stock_snapshots WHERE id`+is+` AND state = 'valid'`,
			`SELECT `+flowCodeSQL("f.kind", "f.dir", "f.trans_type")+`, 0, `+dec.SumSQL("f.qty")+`, `+dec.SumSQL("f.amount")+`
			  FROM stock_snapshot_flows f WHERE f.snapshot_id`+is+` AND f.location_id`+s+` GROUP BY f.kind, f.dir, f.trans_type`)
		args = slices.Concat(ia, ia, a)
	}
	// the days no snapshot's flows cover
	var moves []string
	from := begin
	for _, m := range append(ms, "") {
		to := end
		if m != "" {
			to = dayBefore(m + "-01")
		}
		if from <= to {
			moves = append(moves, flowMovesSQL(s, goods))
			args = slices.Concat(args, a, []any{from, to}, fga)
		}
		if m != "" {
			from = nextMonth(m) + "-01"
		}
	}
	if len(moves) == 0 && len(ids) == 0 {
		return nil, nil // no day
	}
	if len(moves) > 0 {
		parts = append(parts, `SELECT `+flowCodeSQL("m.kind", "m.dir", billTypeSQL("m.bill"))+`, 0, `+dec.SumSQL("m.qty")+`, `+dec.SumSQL("m.amount")+`
		  FROM (`+strings.Join(moves, " UNION ALL ")+`) m GROUP BY m.kind, m.dir, m.bill`)
	}
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, f *flowSum) error {
		return r.Scan(&f.code, &f.n, dec.ScanSum(&f.qty), dec.ScanSum(&f.amount))
	}, strings.Join(parts, " UNION ALL "), args...)
	if err != nil || len(ids) == 0 {
		return out, err
	}
	if slices.ContainsFunc(out, func(f flowSum) bool { return f.code == 0 && f.n == len(ids) }) {
		return out, nil
	}
	return flowsOf(q, goods, fga, nil) // a snapshot went stale: the moves
}

// flowSnapshots are the valid month-end snapshots with flows whose
// months lie wholly in begin..end, by id (their month, YYYY-MM; the newest
// of a month).
func flowSnapshots(q *Query, begin, end string) (map[int64]string, error) {
	type snap struct {
		asOf string
		id   int64
	}
	ss, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, s *snap) error { return r.Scan(&s.asOf, &s.id) },
		"SELECT as_of, MAX(id) FROM stock_snapshots WHERE state = 'valid' AND flows = 1 AND as_of >= ? AND as_of <= ? GROUP BY as_of", begin, end)
	out := map[int64]string{}
	for _, s := range ss {
		if s.asOf[:8]+"01" >= begin {
			out[s.id] = s.asOf[:7]
		}
	}
	return out, err
}
