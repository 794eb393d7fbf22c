package report

import (
	"cmp"
	"slices"
	"strings"
	"time"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// The stock reports: balances at a date and the ledger since.

// flowKind is one in or out column pair of deliverSummary: the moves of
// stock_moves.kind (and transType, 0 = any) going in (+1) or out (−1).
// The warehouse kinds slot in by their rows here; a move no row matches
// falls into otherIn / otherOut, so opening + in − out = closing always.
type flowKind struct {
	Key       string
	Label     errs.Key
	Kind      string
	TransType int64
	Sign      int64 // 0 = either direction (cost adjustments: value only)
}

var flowIn = []flowKind{
	{"purchase", "report.flow.purchase", "purchase", 150501, 1},
	{"transferIn", "report.flow.transferIn", "invTf", 103091, 1},
	{"salesReturn", "report.flow.salesReturn", "reSales", 150602, 1},
	{"stocktakeGain", "report.flow.stocktakeGain", "otherIn", 150701, 1},
	{"otherIn", "report.flow.otherIn", "otherIn", 0, 1},
	{"costAdjust", "report.flow.costAdjust", "costAdjustment", 150807, 0},
	{"assembly", "report.flow.assembly", "combination", 0, 1},
	{"opening", "report.flow.opening", "opening", 0, 1},
}

var flowOut = []flowKind{
	{"sales", "report.flow.sales", "sales", 150601, -1},
	{"transferOut", "report.flow.transferOut", "invTf", 103091, -1},
	{"purchaseReturn", "report.flow.purchaseReturn", "rePurchase", 150502, -1},
	{"stocktakeLoss", "report.flow.stocktakeLoss", "otherOut", 150801, -1},
	{"otherOut", "report.flow.otherOut", "otherOut", 0, -1},
	{"assemblyParts", "report.flow.assemblyParts", "combination", 0, -1},
}

// typedKinds are the kinds whose rows tell transTypes apart (a row with a
// transType beside another with none or another one): only their moves
// need their document's transType; the rest classify by kind.
func typedKinds() []string {
	types := map[string]map[int64]bool{}
	for _, k := range slices.Concat(flowIn, flowOut) {
		if types[k.Kind] == nil {
			types[k.Kind] = map[int64]bool{}
		}
		types[k.Kind][k.TransType] = true
	}
	var out []string
	for kind, ts := range types {
		if len(ts) > 1 {
			out = append(out, kind)
		}
	}
	slices.Sort(out)
	return out
}

var typed = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range typedKinds() {
		m[k] = true
	}
	return m
}()

// qtyInUnits writes a base quantity in the goods' units, largest first,
// each taking the whole units it can (41 with 箱 = 12 and 瓶 = 1: "3 箱
// 5 瓶"); what is left below the smallest unit stays a decimal of it; a
// negative quantity carries a minus sign.
func qtyInUnits(qty dec.Dec, us []unit) string {
	if len(us) == 0 {
		return qty.String()
	}
	rest := qty.Abs()
	var parts []string
	for i, u := range us {
		if u.Rate.Sign() <= 0 {
			continue
		}
		n := rest.Div(u.Rate)
		last := i == len(us)-1
		if !last {
			n = floor(n)
		}
		if n.IsZero() && !(last && len(parts) == 0) {
			continue
		}
		parts = append(parts, n.Round(6).String()+" "+u.Name)
		rest = rest.Sub(n.Mul(u.Rate))
	}
	out := strings.Join(parts, " ")
	if qty.Sign() < 0 {
		out = "-" + out
	}
	return out
}

// floor is the largest whole number ≤ v (v ≥ 0).
func floor(v dec.Dec) dec.Dec {
	r := v.Round(0)
	if v.LessThan(r) {
		r = r.Sub(dec.FromInt(1))
	}
	return r
}

// dayBefore is the date before d (YYYY-MM-DD).
func dayBefore(d string) string {
	t, err := time.Parse(time.DateOnly, d)
	if err != nil {
		return d
	}
	return t.AddDate(0, 0, -1).Format(time.DateOnly)
}

var stockGoodsCols = []Column{
	{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
	{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
	{Key: "invSpec", Label: "report.col.invSpec", Type: Text},
	{Key: "unitName", Label: "report.col.baseUnit", Type: Text},
}

func goodsRow(id int64, g goodsInfo) Row {
	return Row{"invId": id, "invNumber": g.Number, "invName": g.Name, "invSpec": g.Spec, "unitName": g.Unit}
}

// keepGoods applies the category filter.
func keepGoods(q *Query, g goodsInfo) bool { return q.F.CatID <= 0 || g.CatID == q.F.CatID }

// invBalance: per goods (or goods × SKU with bySku) at the end date, a
// quantity and cost pair per warehouse, then the totals, the total
// quantity also in the goods' units ("3 箱 5 瓶").
func invBalanceCols(q *Query) []Column {
	cols := append([]Column{}, stockGoodsCols...)
	if q.F.BySku {
		cols = append(cols, Column{Key: "skuName", Label: "report.col.sku", Type: Text, Width: 16})
	}
	locs, _ := locationNames(q)
	for _, l := range locs {
		id := i64s(l.ID)
		cols = append(cols,
			Column{Key: "qty_" + id, Raw: l.Name + " " + i18n.T(q.Lang, "report.col.qty"), Type: Qty, Sum: true},
			Column{Key: "amount_" + id, Raw: l.Name + " " + i18n.T(q.Lang, "report.col.cost"), Type: Amount, Right: CostRight, Sum: true})
	}
	return append(cols,
		Column{Key: "qty", Label: "report.col.totalQty", Type: Qty, Sum: true},
		Column{Key: "qtyText", Label: "report.col.qtyUnits", Type: Text, Width: 16},
		Column{Key: "unitCost", Label: "report.col.unitCost", Type: Price, Right: CostRight},
		Column{Key: "amount", Label: "report.col.totalCost", Type: Amount, Right: CostRight, Sum: true})
}

// deliverSummary: per goods × warehouse: opening, in and out by kind, closing.
func deliverSummaryCols(*Query) []Column {
	cols := append(append([]Column{}, stockGoodsCols...), Column{Key: "locationName", Label: "report.col.location", Type: Text},
		Column{Key: "openQty", Label: "report.col.openQty", Type: Qty, Sum: true},
		Column{Key: "openAmount", Label: "report.col.openAmount", Type: Amount, Right: CostRight, Sum: true})
	pair := func(prefix string, k flowKind) []Column {
		return []Column{{Key: prefix + k.Key + "Qty", Label: k.Label, Type: Qty, Sum: true},
			{Key: prefix + k.Key + "Amount", Label: k.Label + "Amount", Type: Amount, Right: CostRight, Sum: true}}
	}
	for _, k := range flowIn {
		cols = append(cols, pair("in_", k)...)
	}
	cols = append(cols, Column{Key: "inQty", Label: "report.col.inQty", Type: Qty, Sum: true},
		Column{Key: "inAmount", Label: "report.col.inAmount", Type: Amount, Right: CostRight, Sum: true})
	for _, k := range flowOut {
		cols = append(cols, pair("out_", k)...)
	}
	return append(cols, Column{Key: "outQty", Label: "report.col.outQty", Type: Qty, Sum: true},
		Column{Key: "outAmount", Label: "report.col.outAmount", Type: Amount, Right: CostRight, Sum: true},
		Column{Key: "closeQty", Label: "report.col.closeQty", Type: Qty, Sum: true},
		Column{Key: "closeAmount", Label: "report.col.closeAmount", Type: Amount, Right: CostRight, Sum: true})
}

// stockRows adds goods and warehouse names to rows keyed by goods ×
// warehouse, filters by category and orders by goods number and warehouse.
func stockRows(q *Query, rows map[stockKey]Row, finish func(Row)) ([]Row, error) {
	var goods []int64
	seen := map[int64]bool{}
	keys := make([]stockKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
		if !seen[k.Goods] {
			seen[k.Goods] = true
			goods = append(goods, k.Goods)
		}
	}
	infos, err := goodsInfos(q, goods)
	if err != nil {
		return nil, err
	}
	locs, err := locationNames(q)
	if err != nil {
		return nil, err
	}
	locName := map[int64]string{}
	locOrder := map[int64]int{}
	for i, l := range locs {
		locName[l.ID], locOrder[l.ID] = l.Name, i
	}
	slices.SortFunc(keys, func(a, b stockKey) int {
		if c := cmp.Compare(infos[a.Goods].Number, infos[b.Goods].Number); c != 0 {
			return c
		}
		return cmp.Compare(locOrder[a.Location], locOrder[b.Location])
	})
	out := make([]Row, 0, len(keys))
	for _, k := range keys {
		g := infos[k.Goods]
		if !keepGoods(q, g) {
			continue
		}
		r := rows[k]
		for f, v := range goodsRow(k.Goods, g) {
			r[f] = v
		}
		r["locationName"] = locName[k.Location]
		finish(r)
		out = append(out, r)
	}
	return out, nil
}

// deliverDetail: per goods × warehouse an opening row, then each move with
// in, out and the running balance.
func deliverDetailCols(*Query) []Column {
	return []Column{
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "contactName", Label: "report.col.contact", Type: Text},
		{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
		{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
		{Key: "unitName", Label: "report.col.baseUnit", Type: Text},
		{Key: "locationName", Label: "report.col.location", Type: Text},
		{Key: "inQty", Label: "report.col.inQty", Type: Qty, Sum: true},
		{Key: "inUnitCost", Label: "report.col.inUnitCost", Type: Price, Right: CostRight},
		{Key: "inAmount", Label: "report.col.inAmount", Type: Amount, Right: CostRight, Sum: true},
		{Key: "outQty", Label: "report.col.outQty", Type: Qty, Sum: true},
		{Key: "outUnitCost", Label: "report.col.outUnitCost", Type: Price, Right: CostRight},
		{Key: "outAmount", Label: "report.col.outAmount", Type: Amount, Right: CostRight, Sum: true},
		{Key: "balQty", Label: "report.col.balQty", Type: Qty},
		{Key: "balUnitCost", Label: "report.col.balUnitCost", Type: Price, Right: CostRight},
		{Key: "balAmount", Label: "report.col.balAmount", Type: Amount, Right: CostRight},
	}
}

func deliverDetailRows(q *Query) ([]Row, error) {
	open, err := stockAt(q, dayBefore(q.F.BeginDate))
	if err != nil {
		return nil, err
	}
	ms, err := moves(q, "")
	if err != nil {
		return nil, err
	}
	groups := map[stockKey][]moveRow{}
	heads := map[stockKey]Row{}
	for k, v := range open {
		if !v.Qty.IsZero() || !v.Amount.IsZero() {
			heads[k] = Row{"invId": k.Goods, "locationId": k.Location}
		}
	}
	for _, m := range ms {
		k := stockKey{m.GoodsID, m.LocationID}
		groups[k] = append(groups[k], m)
		heads[k] = Row{"invId": k.Goods, "locationId": k.Location}
	}
	ordered, err := stockRows(q, heads, func(Row) {})
	if err != nil {
		return nil, err
	}
	var out []Row
	for _, h := range ordered {
		k := stockKey{h["invId"].(int64), h["locationId"].(int64)}
		base := func() Row {
			return Row{"invId": k.Goods, "locationId": k.Location, "invNumber": h["invNumber"], "invName": h["invName"],
				"unitName": h["unitName"], "locationName": h["locationName"]}
		}
		bal := open[k]
		o := base()
		o["rowType"], o["date"], o["kindName"] = "opening", q.F.BeginDate, i18n.T(q.Lang, "report.opening")
		o["balQty"], o["balAmount"], o["balUnitCost"] = bal.Qty, bal.Amount, avg(bal.Amount, bal.Qty, q.Sys.PricePlaces)
		out = append(out, o)
		for _, m := range groups[k] {
			r := base()
			r["date"], r["billNo"], r["kindName"], r["contactName"] = m.Date, m.BillNo, kindName(q.Lang, m.Kind), m.ContactName
			if m.BillID > 0 {
				r["billId"], r["transType"], r["kind"], r["buId"] = m.BillID, m.TransType, m.Kind, m.BuID
			}
			if m.Qty.Sign() > 0 || (m.Qty.IsZero() && m.Amount.Sign() >= 0) {
				r["inQty"], r["inAmount"], r["inUnitCost"] = m.Qty, m.Amount, avg(m.Amount, m.Qty, q.Sys.PricePlaces)
			} else {
				r["outQty"], r["outAmount"], r["outUnitCost"] = m.Qty.Neg(), m.Amount.Neg(), avg(m.Amount, m.Qty, q.Sys.PricePlaces)
			}
			bal = qtyAmount{bal.Qty.Add(m.Qty), bal.Amount.Add(m.Amount)}
			r["balQty"], r["balAmount"], r["balUnitCost"] = bal.Qty, bal.Amount, avg(bal.Amount, bal.Qty, q.Sys.PricePlaces)
			out = append(out, r)
		}
	}
	return out, nil
}

// warehouseDetail / outboundDetail: the moves in (qty > 0) or out (qty < 0).
func moveDetailCols(*Query) []Column {
	return []Column{
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "contactName", Label: "report.col.contact", Type: Text},
		{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
		{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
		{Key: "invSpec", Label: "report.col.invSpec", Type: Text},
		{Key: "unitName", Label: "report.col.baseUnit", Type: Text},
		{Key: "locationName", Label: "report.col.location", Type: Text},
		{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
		{Key: "unitCost", Label: "report.col.unitCost", Type: Price, Right: CostRight},
		{Key: "cost", Label: "report.col.cost", Type: Amount, Right: CostRight, Sum: true},
	}
}

func moveDetailRows(sign int) func(*Query) ([]Row, error) {
	extra := " AND m.qty > 0"
	if sign < 0 {
		extra = " AND m.qty < 0"
	}
	return func(q *Query) ([]Row, error) {
		ms, err := moves(q, extra)
		if err != nil {
			return nil, err
		}
		var goods []int64
		seen := map[int64]bool{}
		for _, m := range ms {
			if !seen[m.GoodsID] {
				seen[m.GoodsID] = true
				goods = append(goods, m.GoodsID)
			}
		}
		infos, err := goodsInfos(q, goods)
		if err != nil {
			return nil, err
		}
		locs, err := locationNames(q)
		if err != nil {
			return nil, err
		}
		locName := map[int64]string{}
		for _, l := range locs {
			locName[l.ID] = l.Name
		}
		out := make([]Row, 0, len(ms))
		for _, m := range ms {
			g := infos[m.GoodsID]
			if !keepGoods(q, g) {
				continue
			}
			qty, amt := m.Qty, m.Amount
			if sign < 0 {
				qty, amt = qty.Neg(), amt.Neg()
			}
			r := goodsRow(m.GoodsID, g)
			r["date"], r["billNo"], r["kindName"], r["contactName"] = m.Date, m.BillNo, kindName(q.Lang, m.Kind), m.ContactName
			r["locationId"], r["locationName"] = m.LocationID, locName[m.LocationID]
			r["qty"], r["cost"], r["unitCost"] = qty, amt, avg(amt, qty, q.Sys.PricePlaces)
			if m.BillID > 0 {
				r["billId"], r["transType"], r["kind"], r["buId"] = m.BillID, m.TransType, m.Kind, m.BuID
			}
			out = append(out, r)
		}
		return out, nil
	}
}

// serNumTracer: each move of each serial, and where it is now.
func serNumCols(*Query) []Column {
	return []Column{
		{Key: "serNum", Label: "report.col.serNum", Type: Text, Width: 18},
		{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
		{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "direction", Label: "report.col.direction", Type: Text},
		{Key: "locationName", Label: "report.col.location", Type: Text},
		{Key: "contactName", Label: "report.col.contact", Type: Text},
		{Key: "inStock", Label: "report.col.inStock", Type: Text},
		{Key: "nowLocation", Label: "report.col.nowLocation", Type: Text},
	}
}

func serNumRows(q *Query) ([]Row, error) {
	ss, err := serialMoves(q)
	if err != nil {
		return nil, err
	}
	yes, no := i18n.T(q.Lang, "report.yes"), i18n.T(q.Lang, "report.no")
	in, out := i18n.T(q.Lang, "report.dir.in"), i18n.T(q.Lang, "report.dir.out")
	rows := make([]Row, len(ss))
	for i, s := range ss {
		r := Row{"serNum": s.Serial, "invId": s.InvID, "invNumber": s.InvNumber, "invName": s.InvName, "date": s.Date,
			"billNo": s.BillNo, "billId": s.BillID, "transType": s.TransType, "kind": s.Kind, "kindName": kindName(q.Lang, s.Kind),
			"locationId": s.LocationID, "locationName": s.LocationName, "contactName": s.ContactName, "direction": out,
			"inStock": no, "nowLocation": s.NowLocation}
		if s.Direction > 0 {
			r["direction"] = in
		}
		if s.InStock == 1 {
			r["inStock"] = yes
		}
		rows[i] = r
	}
	return rows, nil
}
