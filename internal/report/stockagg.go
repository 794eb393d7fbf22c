package report

import (
	"fmt"
	"strings"

	"cangshu/internal/dec"
)

// The stock reports on SQL: stock at a date and a period's flows grouped
// per goods (× SKU) × warehouse in one query (agg.go).

// stockAtSQL is the rows whose sums per goods, SKU and warehouse are the
// stock at the end of date (columns goods_id, sku_id, location_id, qty,
// amount): the moves up to the date when it lies nearer the first move,
// else the balances less the moves since (nearStart). Never a replay of
// the whole history.
func stockAtSQL(q *Query, date string) (string, []any, error) {
	s, a := in(q.Locations)
	goods, ga := "", []any(nil)
	if q.F.InvID > 0 {
		goods, ga = " AND goods_id = ?", []any{q.F.InvID}
	}
	forward, err := nearStart(q, date)
	if err != nil {
		return "", nil, err
	}
	if forward {
		return `SELECT goods_id, sku_id, location_id, qty, amount FROM stock_moves WHERE location_id` + s + ` AND move_date <= ?` + goods,
			append(append(append([]any{}, a...), date), ga...), nil
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

// flowClassSQL is the deliverSummary column of a move (m.kind, tt = its
// document's transType where its kind has sub-types, m.qty, m.amount), the
// same rules as classify: the first matching row of flowIn then flowOut,
// else other in / other out by direction.
func flowClassSQL(tt string) string {
	sign := "CASE WHEN m.qty < 0 OR (m.qty = 0 AND m.amount < 0) THEN -1 ELSE 1 END"
	var b strings.Builder
	b.WriteString("CASE")
	for _, set := range []struct {
		prefix string
		rows   []flowKind
	}{{"in_", flowIn}, {"out_", flowOut}} {
		for _, k := range set.rows {
			cond := "m.kind = " + sqlText(k.Kind)
			if k.TransType != 0 && typed[k.Kind] {
				cond += fmt.Sprintf(" AND %s = %d", tt, k.TransType)
			}
			if k.Sign != 0 {
				cond += fmt.Sprintf(" AND (%s) = %d", sign, k.Sign)
			}
			b.WriteString(" WHEN " + cond + " THEN " + sqlText(set.prefix+k.Key))
		}
	}
	b.WriteString(" WHEN (" + sign + ") > 0 THEN 'in_otherIn' ELSE 'out_otherOut' END")
	return b.String()
}

// deliverSummaryAgg: per goods × warehouse the opening (stock at the day
// before beginDate), in and out by kind and the closing, in one query.
func deliverSummaryAgg(q *Query) (*aggSource, error) {
	if len(q.Locations) == 0 {
		q.Locations = []int64{0} // nothing: no warehouse has id 0
	}
	open, oargs, err := stockAtSQL(q, dayBefore(q.F.BeginDate))
	if err != nil {
		return nil, err
	}
	s, a := in(q.Locations)
	tt := "0"
	var targs []any
	if ks := typedKinds(); len(ks) > 0 {
		ksql, ka := in(ks)
		tt = "CASE WHEN m.kind" + ksql + " THEN COALESCE((SELECT b.trans_type FROM bills b WHERE b.id = m.bill_id), 0) ELSE 0 END"
		targs = ka
	}
	goods := ""
	fargs := append(append(append([]any{}, targs...), a...), q.F.BeginDate, q.F.EndDate)
	if q.F.InvID > 0 {
		goods = " AND m.goods_id = ?"
		fargs = append(fargs, q.F.InvID)
	}
	// u: opening rows (cls '') and the period's moves with their column
	flowsSQL := `SELECT m.goods_id, m.location_id, 0 AS oq, 0 AS oa, ` + flowClassSQL("m.tt") + ` AS cls, m.qty, m.amount
	  FROM (SELECT m.goods_id, m.location_id, m.kind, m.qty, m.amount, ` + tt + ` AS tt FROM stock_moves m
	    WHERE m.location_id` + s + ` AND m.move_date >= ? AND m.move_date <= ?` + goods + `) m`
	sums := []string{"CAST(SUM(u.oq) AS BIGINT) AS openQty", "CAST(SUM(u.oa) AS BIGINT) AS openAmount"}
	cols := []aggCol{{"invId", "s.goods_id", 'i'}, {"locationId", "s.location_id", 'i'}, {"invNumber", "g.number", 't'},
		{"invName", "g.name", 't'}, {"invSpec", "g.spec", 't'}, {"unitName", "COALESCE(gu.name, '')", 't'},
		{"locationName", "l.name", 't'}, {"locSort", "l.sort", 'i'}, {"locNumber", "l.number", 't'},
		{"openQty", "s.openQty", 'm'}, {"openAmount", "s.openAmount", 'm'}}
	add := func(key, expr string) {
		sums = append(sums, "CAST(SUM("+expr+") AS BIGINT) AS "+key)
		cols = append(cols, aggCol{key, "s." + key, 'm'})
	}
	for _, set := range []struct {
		prefix, neg string
		rows        []flowKind
	}{{"in_", "", flowIn}, {"out_", "-", flowOut}} {
		for _, k := range set.rows {
			cls := sqlText(set.prefix + k.Key)
			add(set.prefix+k.Key+"Qty", "CASE WHEN u.cls = "+cls+" THEN "+set.neg+"u.qty ELSE 0 END")
			add(set.prefix+k.Key+"Amount", "CASE WHEN u.cls = "+cls+" THEN "+set.neg+"u.amount ELSE 0 END")
		}
		dir := fmt.Sprintf("CASE WHEN SUBSTR(u.cls, 1, %d) = %s", len(set.prefix), sqlText(set.prefix))
		key := map[string]string{"in_": "in", "out_": "out"}[set.prefix]
		add(key+"Qty", dir+" THEN "+set.neg+"u.qty ELSE 0 END")
		add(key+"Amount", dir+" THEN "+set.neg+"u.amount ELSE 0 END")
	}
	add("closeQty", "u.oq + u.qty")
	add("closeAmount", "u.oa + u.amount")
	sums = append(sums, "SUM(CASE WHEN u.cls = '' THEN 0 ELSE 1 END) AS moves")
	cols = append(cols, aggCol{"moves", "s.moves", 'i'})
	inner := `(SELECT u.goods_id, u.location_id, ` + strings.Join(sums, ", ") + ` FROM (
	    SELECT goods_id, location_id, CAST(SUM(qty) AS BIGINT) AS oq, CAST(SUM(amount) AS BIGINT) AS oa, '' AS cls, 0 AS qty, 0 AS amount
	      FROM (` + open + `) o GROUP BY goods_id, location_id HAVING SUM(qty) <> 0 OR SUM(amount) <> 0
	    UNION ALL ` + flowsSQL + `
	  ) u GROUP BY u.goods_id, u.location_id) s
	  JOIN goods g ON g.id = s.goods_id LEFT JOIN units gu ON gu.id = g.unit_id JOIN locations l ON l.id = s.location_id`
	args := append(append([]any{}, oargs...), fargs...)
	if q.F.CatID > 0 {
		inner += " WHERE g.category_id = ?"
		args = append(args, q.F.CatID)
	}
	// a row is a goods × warehouse with an opening or a move: the zero
	// openings are dropped before the union (HAVING), not after the
	// grouping, where PostgreSQL would estimate a handful of groups and join
	// the goods to them in a nested loop over every goods (a minute a page)
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
	sku, group := "0", "u.goods_id"
	if q.F.BySku {
		sku, group = "u.sku_id", "u.goods_id, u.sku_id"
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
	inner := `(SELECT u.goods_id, ` + sku + ` AS sku_id, ` + strings.Join(sums, ", ") + ` FROM (` + at + `) u
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
