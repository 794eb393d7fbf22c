package report

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/i18n"
	"cangshu/internal/rights"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Filter is what a report is asked for (docs/api.md §5).
type Filter struct {
	BeginDate, EndDate string
	LocationID         int64
	InvID              int64
	CatID              int64
	BuID               int64
	SalesID            int64
	Status             int // order status 0..3; -1 = any
	ContactType        int // contactDebt: -10 customers, 10 suppliers, 0 both
	ShowZero           bool
	BySku              bool  // invBalance: a row per goods × SKU
	AccID              int64 // settlement account (bankJournal, oriDetail)
	ItemID             int64 // income or expense item (oriDetail)
	ShowGoods          bool  // reconciliations: the documents' goods lines too
	SerNum             string
	MatchCon           string
}

// Query is one run of a report: the caller, its filters and scope.
type Query struct {
	Ctx       context.Context
	DB        db.Querier
	P         *server.Principal
	Lang      i18n.Lang
	F         Filter
	Shops     []int64 // the shops the report reads
	Locations []int64 // the warehouses of those shops (narrowed by locationId)
	Sys       sysparam.System
}

// rights is the caller's data rights (docs/rights.md); nil: unrestricted.
func (q *Query) rights() *rights.Set {
	if q.P == nil {
		return nil
	}
	return q.P.Rights
}

// docScope is " IN (shops)" followed by the caller's document data rights,
// with its arguments: "b.shop_id"+docScope reads the documents of the
// shops the caller may see (docs/rights.md).
func docScope(q *Query) (string, []any) {
	s, a := in(q.Shops)
	if c := q.rights().Bill("b"); c.SQL != "" {
		s, a = s+" AND "+c.SQL, append(a, c.Args...)
	}
	return s, a
}

// in is " IN (?,?)" with its arguments.
func in[T any](xs []T) (string, []any) { return " IN " + db.In(len(xs)), db.Args(xs) }

// lineRow is one line of an audited document, as the document reports read it.
type lineRow struct {
	BillID       int64
	TransType    int64
	Kind         string
	BillNo       string
	Date         string
	BuID         int64
	ContactName  string
	SalesID      int64
	SalesName    string
	InvID        int64
	InvNumber    string
	InvName      string
	InvSpec      string
	UnitName     string
	BaseUnit     string
	LocationID   int64
	LocationName string
	Qty          dec.Dec
	BaseQty      dec.Dec
	UnitRate     dec.Dec
	Price        dec.Dec
	Amount       dec.Dec
	Tax          dec.Dec
	TaxAmount    dec.Dec
	MoveAmount   dec.Dec // Σ of the line's stock moves (signed: − out)
	EntryID      int64
	BillStatus   int64
	DeliveryDate string
	Description  string
}

// lineFrom is the FROM and WHERE of the lines of audited documents of
// kinds in the shops and period, with the filters (the line reports' rows,
// page, sort and totals are all read from it).
func lineFrom(q *Query, kinds []string) (string, []any) {
	return linesFrom(q, kinds, billLines(q, kinds, q.F.BeginDate, q.F.EndDate))
}

// linesFrom is lineFrom over the documents and lines joined by join
// (billLines or flatLines).
func linesFrom(q *Query, kinds []string, join string) (string, []any) {
	shops, sa := in(q.Shops)
	ks, ka := in(kinds)
	var where conds
	where.sql.WriteString("b.checked = 1 AND b.shop_id" + shops + " AND b.kind" + ks + " AND b.bill_date >= ? AND b.bill_date <= ?")
	where.args = append(append(sa, ka...), q.F.BeginDate, q.F.EndDate)
	cond := where.add
	cond(q.F.BuID > 0, "b.contact_id = ?", q.F.BuID)
	cond(q.F.SalesID > 0, "b.employee_id = ?", q.F.SalesID)
	cond(q.F.InvID > 0, "e.goods_id = ?", q.F.InvID)
	cond(q.F.LocationID > 0, "e.location_id = ?", q.F.LocationID)
	cond(q.F.CatID > 0, "g.category_id = ?", q.F.CatID)
	cond(q.F.Status >= 0, "b.bill_status = ?", q.F.Status)
	if m := q.F.MatchCon; m != "" {
		like := db.Like(q.DB)
		p := "%" + m + "%"
		cond(true, "(b.bill_no "+like+" ? OR g.name "+like+" ? OR g.number "+like+" ? OR COALESCE(c.name, '') "+like+" ?)", p, p, p, p)
	}
	if r := q.rights().Line("b", "e"); r.SQL != "" { // data rights (docs/rights.md)
		cond(true, r.SQL, r.Args...)
	}
	return join + ` JOIN goods g ON g.id = e.goods_id
	LEFT JOIN contacts c ON c.id = b.contact_id LEFT JOIN employees em ON em.id = b.employee_id
	LEFT JOIN units u ON u.id = e.unit_id LEFT JOIN units gu ON gu.id = g.unit_id LEFT JOIN locations l ON l.id = e.location_id
	WHERE ` + where.sql.String(), where.args
}

// flatLines joins the documents (b) and their lines (e) as the engine
// likes.
const flatLines = "bill_entries e JOIN bills b ON b.id = e.bill_id"

// billLines is the FROM of the documents (b) and their lines (e) when the
// documents are picked by their own columns (shops, kinds, period begin..end).
// On PostgreSQL, when the picked documents are few (fewBills), each one's
// lines are probed through bill_entries_bill (a LATERAL subquery it cannot
// flatten, OFFSET 0): with a plain join the planner (at random_page_cost 4)
// reads every line of every period and hash-joins it, 3–4× the month's
// probes at 200,000 documents. When they are many the probes cost more than
// that scan (a full year: 120,000 probes, 1.7 s against 0.3–0.4 s), so it
// keeps the plain join. SQLite already probes.
func billLines(q *Query, kinds []string, begin, end string) string {
	if q.DB.Engine() == db.Postgres && fewBills(q, kinds, begin, end) {
		return "bills b CROSS JOIN LATERAL (SELECT * FROM bill_entries x WHERE x.bill_id = b.id OFFSET 0) e"
	}
	return flatLines
}

// fewBills: the documents of the kinds in the shops dated begin..end are
// fewer than probeShare of the documents table (its planner estimate), or
// than probeFloor. It counts them through bills_list up to that bound, so it
// reads at most that many index entries. The lines' scan costs about as
// much as probing 12 % of the documents (the figures above), whatever the
// period's length: a year of a new shop probes, a busy month scans. A
// failed count keeps the plain join (the report's own query then reports
// the fault).
func fewBills(q *Query, kinds []string, begin, end string) bool {
	shops, sa := in(q.Shops)
	ks, ka := in(kinds)
	args := append(append(append([]any{}, sa...), ka...), begin, end)
	var few bool
	err := q.DB.QueryRow(q.Ctx, `WITH n AS (SELECT GREATEST(CAST(GREATEST(reltuples, 0) * `+probeShare+` AS BIGINT), `+probeFloor+`) AS n
	    FROM pg_class WHERE oid = to_regclass('bills'))
	  SELECT COUNT(*) < (SELECT n FROM n) FROM (SELECT 1 FROM bills b
	    WHERE b.shop_id`+shops+` AND b.kind`+ks+` AND b.bill_date >= ? AND b.bill_date <= ? LIMIT (SELECT n FROM n)) t`, args...).Scan(&few)
	return err == nil && few
}

// probeShare and probeFloor: billLines probes the lines of fewer documents
// than this share of the documents table, or than this number (a small
// table's probes cost little either way, and an unanalysed table has no
// estimate).
const (
	probeShare = "0.1"
	probeFloor = "500"
)

// conds are conditions of a WHERE clause with their arguments.
type conds struct {
	sql  strings.Builder
	args []any
}

// add appends " AND cond" with its arguments when ok.
func (c *conds) add(ok bool, cond string, v ...any) {
	if ok {
		c.sql.WriteString(" AND " + cond)
		c.args = append(c.args, v...)
	}
}

// matchContact: matchCon on the name or number of the contact c.
func (c *conds) matchContact(q *Query) {
	if m := q.F.MatchCon; m != "" {
		like := db.Like(q.DB)
		c.add(true, "(c.name "+like+" ? OR c.number "+like+" ?)", "%"+m+"%", "%"+m+"%")
	}
}

// moveSumSQL is Σ amount of a line's stock moves (micros, signed: − out).
const moveSumSQL = "CAST(COALESCE((SELECT SUM(m.amount) FROM stock_moves m WHERE m.entry_id = e.id), 0) AS BIGINT)"

// lineSelect is what scanLine reads.
const lineSelect = `b.id, b.trans_type, b.kind, b.bill_no, b.bill_date, COALESCE(b.contact_id, 0), COALESCE(c.name, ''),
	  COALESCE(b.employee_id, 0), COALESCE(em.name, ''), e.goods_id, g.number, g.name, g.spec, COALESCE(u.name, ''), COALESCE(gu.name, ''),
	  COALESCE(e.location_id, 0), COALESCE(l.name, ''), e.qty, e.base_qty, e.unit_rate, e.price, e.amount, e.tax, e.tax_amount,
	  ` + moveSumSQL + `, e.id, b.bill_status, b.delivery_date, e.description`

// lineOrder is the line reports' default order.
const lineOrder = "b.bill_date, b.id, e.line_no, e.id"

func scanLine(r *sql.Rows, l *lineRow) error {
	return r.Scan(&l.BillID, &l.TransType, &l.Kind, &l.BillNo, &l.Date, &l.BuID, &l.ContactName, &l.SalesID, &l.SalesName,
		&l.InvID, &l.InvNumber, &l.InvName, &l.InvSpec, &l.UnitName, &l.BaseUnit, &l.LocationID, &l.LocationName,
		&l.Qty, &l.BaseQty, &l.UnitRate, &l.Price, &l.Amount, &l.Tax, &l.TaxAmount, &l.MoveAmount, &l.EntryID,
		&l.BillStatus, &l.DeliveryDate, &l.Description)
}

// lines reads the lines of audited documents of kinds in the shops and
// period, with the filters, in date order (the summaries and order
// tracking; the detail reports page in SQL, paged.go).
func lines(q *Query, kinds []string) ([]lineRow, error) {
	from, args := lineFrom(q, kinds)
	out, err := db.All(q.Ctx, q.DB, scanLine, `SELECT `+lineSelect+` FROM `+from+` ORDER BY `+lineOrder, args...)
	if err != nil {
		return nil, fmt.Errorf("report lines %v: %w", kinds, err)
	}
	return out, nil
}

// fulfilled is Σ base quantity of audited lines made from each order line.
func fulfilled(q *Query) (map[int64]dec.Dec, error) {
	shops, sa := in(q.Shops)
	m, err := db.Map[int64, dec.Dec](q.Ctx, q.DB, `SELECT e.src_order_entry_id, SUM(e.base_qty) FROM bill_entries e JOIN bills b ON b.id = e.bill_id
	  WHERE b.checked = 1 AND e.src_order_entry_id IS NOT NULL AND b.shop_id`+shops+` GROUP BY e.src_order_entry_id`, sa...)
	if err != nil {
		return nil, fmt.Errorf("report fulfilled: %w", err)
	}
	return m, nil
}

// shopLocations are the warehouses of the shops.
func shopLocations(ctx context.Context, q db.Querier, shops []int64) ([]int64, error) {
	s, a := in(shops)
	ids, err := db.Values[int64](ctx, q, `SELECT DISTINCT location_id FROM shop_locations WHERE shop_id`+s+` ORDER BY location_id`, a...)
	if err != nil {
		return nil, fmt.Errorf("report warehouses: %w", err)
	}
	return ids, nil
}

// named is an id with its number and name.
type named struct {
	ID           int64
	Number, Name string
}

func locationNames(q *Query) ([]named, error) {
	s, a := in(q.Locations)
	return db.All(q.Ctx, q.DB, func(r *sql.Rows, n *named) error { return r.Scan(&n.ID, &n.Number, &n.Name) },
		`SELECT id, number, name FROM locations WHERE id`+s+` ORDER BY sort, number, id`, a...)
}

// goodsInfo is what stock reports show of the goods.
type goodsInfo struct {
	Number, Name, Spec, Unit  string
	CatID, UnitID, UnitTypeID int64
}

func goodsInfos(q *Query, ids []int64) (map[int64]goodsInfo, error) {
	out := map[int64]goodsInfo{}
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		s, a := in(part)
		rows, err := q.DB.Query(q.Ctx, `SELECT g.id, g.number, g.name, g.spec, COALESCE(u.name, ''), COALESCE(g.category_id, 0),
		  g.unit_id, COALESCE(g.unit_type_id, 0) FROM goods g LEFT JOIN units u ON u.id = g.unit_id WHERE g.id`+s, a...)
		if err != nil {
			return nil, fmt.Errorf("report goods: %w", err)
		}
		for rows.Next() {
			var id int64
			var g goodsInfo
			if err := rows.Scan(&id, &g.Number, &g.Name, &g.Spec, &g.Unit, &g.CatID, &g.UnitID, &g.UnitTypeID); err != nil {
				rows.Close()
				return nil, err
			}
			out[id] = g
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// stockKey is a balance summed over SKUs and batches.
type stockKey struct{ Goods, Location int64 }

type qtyAmount struct{ Qty, Amount dec.Dec }

// stockAt is the stock per goods and warehouse at the end of date, never
// a replay of the whole history: the moves up to the date when the date
// lies in the first half of the warehouses' dated moves, else the
// balances now less the moves dated after it (the ledger since). date "" =
// now.
func stockAt(q *Query, date string) (map[stockKey]qtyAmount, error) {
	at, err := stockAtBy(q, date, false)
	if err != nil {
		return nil, err
	}
	out := make(map[stockKey]qtyAmount, len(at))
	for k, v := range at {
		s := stockKey{k.Goods, k.Location}
		old := out[s]
		out[s] = qtyAmount{old.Qty.Add(v.Qty), old.Amount.Add(v.Amount)}
	}
	return out, nil
}

// skuKey is a balance summed over batches.
type skuKey struct{ Goods, Sku, Location int64 }

// stockAtBy is stockAt per goods, SKU (sku = true; else 0) and warehouse.
func stockAtBy(q *Query, date string, sku bool) (map[skuKey]qtyAmount, error) {
	out := map[skuKey]qtyAmount{}
	if len(q.Locations) == 0 {
		return out, nil
	}
	s, a := in(q.Locations)
	skuCol := "0"
	if sku {
		skuCol = "sku_id"
	}
	var args []any
	var query string
	forward, b, err := nearStart(q, date)
	if err != nil {
		return nil, err
	}
	switch {
	case date == "":
		query = `SELECT goods_id, ` + skuCol + `, location_id, qty, amount FROM stock_balances WHERE location_id` + s
		args = append(args, a...)
	case forward:
		rows, ra := forwardSQL(b, date, s, a, "", nil)
		query = `SELECT goods_id, sku_id, location_id, SUM(qty), SUM(amount) FROM (
		  SELECT goods_id, ` + skuCol + ` AS sku_id, location_id, qty, amount FROM (` + rows + `) r
		) t GROUP BY goods_id, sku_id, location_id`
		args = append(args, ra...)
	default:
		query = `SELECT goods_id, sku_id, location_id, SUM(qty), SUM(amount) FROM (
		  SELECT goods_id, ` + skuCol + ` AS sku_id, location_id, qty, amount FROM stock_balances WHERE location_id` + s + `
		  UNION ALL
		  SELECT goods_id, ` + skuCol + ` AS sku_id, location_id, -qty, -amount FROM stock_moves WHERE location_id` + s + ` AND move_date > ?
		) t GROUP BY goods_id, sku_id, location_id`
		args = append(append(append(args, a...), a...), date)
	}
	if q.F.InvID > 0 {
		query = `SELECT * FROM (` + query + `) x WHERE goods_id = ?`
		args = append(args, q.F.InvID)
	}
	rows, err := q.DB.Query(q.Ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("report stock at %s: %w", date, err)
	}
	defer rows.Close()
	for rows.Next() {
		var k skuKey
		var v qtyAmount
		if err := rows.Scan(&k.Goods, &k.Sku, &k.Location, &v.Qty, &v.Amount); err != nil {
			return nil, err
		}
		old := out[k]
		out[k] = qtyAmount{old.Qty.Add(v.Qty), old.Amount.Add(v.Amount)}
	}
	return out, rows.Err()
}

// nearStart: reading the stock at date forward (from a snapshot or the
// first move) reads fewer moves than reading it back from the balances
// (dates of moves spread evenly enough for that; either way the sum is
// exact).
func nearStart(q *Query, date string) (bool, base, error) {
	if date == "" {
		return false, base{}, nil
	}
	return fewerBefore(q, date, date)
}

// base is where the stock at a date is read forward from: a valid stock
// snapshot (id, dated asOf; stock.BuildSnapshots) or, id 0, the first move.
type base struct {
	id   int64
	asOf string
}

// fewerBefore: the warehouses' moves up to before, from the newest valid
// snapshot on or before it (else from their first move), are fewer than
// their moves after after (by the days between: the first move or the
// snapshot, before, after and the last move). The first and last dates
// are two index probes per warehouse.
func fewerBefore(q *Query, before, after string) (bool, base, error) {
	var b base
	err := q.DB.QueryRow(q.Ctx, "SELECT id, as_of FROM stock_snapshots WHERE state = 'valid' AND as_of <= ? ORDER BY as_of DESC, id DESC LIMIT 1", before).Scan(&b.id, &b.asOf)
	if err != nil && err != sql.ErrNoRows {
		return false, b, fmt.Errorf("report snapshot: %w", err)
	}
	first, last := "", ""
	for _, l := range q.Locations {
		var lo, hi sql.NullString
		if err := q.DB.QueryRow(q.Ctx, `SELECT move_date FROM stock_moves WHERE location_id = ? ORDER BY move_date LIMIT 1`, l).Scan(&lo); err != nil && err != sql.ErrNoRows {
			return false, b, fmt.Errorf("report first move: %w", err)
		}
		if err := q.DB.QueryRow(q.Ctx, `SELECT move_date FROM stock_moves WHERE location_id = ? ORDER BY move_date DESC LIMIT 1`, l).Scan(&hi); err != nil && err != sql.ErrNoRows {
			return false, b, fmt.Errorf("report last move: %w", err)
		}
		if lo.Valid && (first == "" || lo.String < first) {
			first = lo.String
		}
		if hi.Valid && hi.String > last {
			last = hi.String
		}
	}
	if first == "" || before < first {
		return true, base{}, nil // nothing up to before: the sum of no moves
	}
	if b.id != 0 && b.asOf > first {
		first = b.asOf // read from the snapshot on
	} else {
		b = base{}
	}
	if after >= last {
		return false, b, nil // nothing after: the balances as they are
	}
	return days(first, before) < days(after, last), b, nil
}

// forwardSQL is rows (goods_id, sku_id, location_id, qty, amount) whose
// sums per goods × SKU × warehouse are the stock at the end of date read
// forward: the snapshot b's rows and the moves after its date up to date,
// or without one every move up to date. One statement: should b have been
// made stale since it was chosen (a back-dated write), the moves up to its
// date are read instead of its rows, so the answer never mixes two states
// of the ledger (the check comes first, as a one-row table, so that
// SQLite does not test it on every row: the stale branch would scan the
// moves up to the snapshot's date testing it, 40 ms at the reports
// benchmark's scale). locs is the warehouse condition (" IN (…)", la its
// arguments), goods an optional " AND goods_id = ?" (ga).
func forwardSQL(b base, date, locs string, la []any, goods string, ga []any) (string, []any) {
	if b.id == 0 {
		return `SELECT goods_id, sku_id, location_id, qty, amount FROM stock_moves WHERE location_id` + locs + ` AND move_date <= ?` + goods,
			slices.Concat(la, []any{date}, ga)
	}
	const valid = `EXISTS (SELECT 1 FROM stock_snapshots WHERE id = ? AND state = 'valid')`
	return `SELECT goods_id, sku_id, location_id, qty, amount FROM (SELECT 1 AS fresh WHERE ` + valid + `) v
		  CROSS JOIN stock_snapshot_rows WHERE snapshot_id = ? AND location_id` + locs + goods + `
		UNION ALL SELECT goods_id, sku_id, location_id, qty, amount FROM stock_moves WHERE location_id` + locs + ` AND move_date > ? AND move_date <= ?` + goods + `
		UNION ALL SELECT goods_id, sku_id, location_id, qty, amount FROM (SELECT 1 AS stale WHERE NOT ` + valid + `) v
		  CROSS JOIN stock_moves WHERE location_id` + locs + ` AND move_date <= ?` + goods,
		slices.Concat([]any{b.id, b.id}, la, ga, la, []any{b.asOf, date}, ga, []any{b.id}, la, []any{b.asOf}, ga)
}

// days from a to b (dates YYYY-MM-DD).
func days(a, b string) int {
	ta, err1 := time.Parse(time.DateOnly, a)
	tb, err2 := time.Parse(time.DateOnly, b)
	if err1 != nil || err2 != nil {
		return 0
	}
	return int(tb.Sub(ta).Hours() / 24)
}

// moveRow is one stock move of a period.
type moveRow struct {
	ID, GoodsID, LocationID int64
	Date, Kind              string
	Qty, Amount             dec.Dec
	BillID, TransType       int64
	BillNo, ContactName     string
	BuID                    int64
}

// moves are the stock moves in the period of the warehouses, in date
// order (per balance: move_date, id).
func moves(q *Query, extra string) ([]moveRow, error) {
	s, a := in(q.Locations)
	args := append(append([]any{}, a...), q.F.BeginDate, q.F.EndDate)
	where := "m.location_id" + s + " AND m.move_date >= ? AND m.move_date <= ?" + extra
	if q.F.InvID > 0 {
		where += " AND m.goods_id = ?"
		args = append(args, q.F.InvID)
	}
	// A move of a document the caller may not see (data rights: its
	// contact, another of its warehouses, own documents only) stays — the
	// warehouse's balance is made of every move — but shows no document
	// and no contact (docs/rights.md).
	seen, seenArgs := "1", []any(nil)
	if rb := q.rights().Bill("b"); rb.SQL != "" {
		seen, seenArgs = "CASE WHEN b.id IS NULL OR ("+rb.SQL+") THEN 1 ELSE 0 END", rb.Args
	}
	query := `SELECT m.id, m.goods_id, m.location_id, m.move_date, m.kind, m.qty, m.amount, COALESCE(m.bill_id, 0),
	  COALESCE(b.trans_type, 0), COALESCE(b.bill_no, ''), COALESCE(c.name, ''), COALESCE(b.contact_id, 0), ` + seen + `
	  FROM stock_moves m LEFT JOIN bills b ON b.id = m.bill_id LEFT JOIN contacts c ON c.id = b.contact_id
	  WHERE ` + where + ` ORDER BY m.move_date, m.id`
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, m *moveRow) error {
		var visible int
		if err := r.Scan(&m.ID, &m.GoodsID, &m.LocationID, &m.Date, &m.Kind, &m.Qty, &m.Amount, &m.BillID, &m.TransType,
			&m.BillNo, &m.ContactName, &m.BuID, &visible); err != nil {
			return err
		}
		if visible == 0 {
			m.BillID, m.BillNo, m.ContactName, m.BuID = 0, "", "", 0
		}
		return nil
	}, query, append(seenArgs, args...)...)
	if err != nil {
		return nil, fmt.Errorf("report moves: %w", err)
	}
	return out, nil
}

// debtRow is a contact with its balance (bill.ContactDebtSQL: the money
// ledger's balance row, the same figure the contact lists show).
type debtRow struct {
	ID, Type     int64
	Number, Name string
	Balance      dec.Dec
}

func debts(q *Query) ([]debtRow, error) {
	var where conds
	where.add(q.F.ContactType != 0, "c.type = ?", q.F.ContactType)
	where.add(q.F.BuID > 0, "c.id = ?", q.F.BuID)
	where.matchContact(q)
	rc := q.rights().Contact("c.id") // data rights (docs/rights.md)
	where.add(rc.SQL != "", rc.SQL, rc.Args...)
	args := where.args
	query := `SELECT c.id, c.type, c.number, c.name, c.opening_amount - c.opening_advance + ` + bill.ContactDebtSQL("c.id") +
		` FROM contacts c WHERE c.disabled = 0` + where.sql.String() + ` ORDER BY c.type, c.number, c.id`
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, d *debtRow) error {
		return r.Scan(&d.ID, &d.Type, &d.Number, &d.Name, &d.Balance)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("report debts: %w", err)
	}
	return out, nil
}

// serialRow is one move of a serial.
type serialRow struct {
	Serial, InvNumber, InvName, Date, Kind, BillNo, LocationName, ContactName, NowLocation string
	InvID, BillID, TransType, LocationID, Direction, InStock                               int64
}

func serialMoves(q *Query) ([]serialRow, error) {
	shops, sa := in(q.Shops)
	args := append(append([]any{}, sa...), q.F.BeginDate, q.F.EndDate)
	where := "b.shop_id" + shops + " AND sm.move_date >= ? AND sm.move_date <= ?"
	if q.F.InvID > 0 {
		where += " AND s.goods_id = ?"
		args = append(args, q.F.InvID)
	}
	if q.F.LocationID > 0 {
		where += " AND sm.location_id = ?"
		args = append(args, q.F.LocationID)
	}
	if v := q.F.SerNum; v != "" {
		where += " AND s.serial " + db.Like(q.DB) + " ?"
		args = append(args, "%"+v+"%")
	}
	where, args = q.rights().Line("b", "sm").And(where, args) // data rights (docs/rights.md)
	query := `SELECT s.serial, g.number, g.name, sm.move_date, sm.kind, b.bill_no, COALESCE(l.name, ''), COALESCE(c.name, ''),
	  COALESCE(nl.name, ''), s.goods_id, b.id, b.trans_type, sm.location_id, sm.direction, s.in_stock
	  FROM serial_moves sm JOIN serials s ON s.id = sm.serial_id JOIN goods g ON g.id = s.goods_id JOIN bills b ON b.id = sm.bill_id
	  LEFT JOIN locations l ON l.id = sm.location_id LEFT JOIN contacts c ON c.id = b.contact_id LEFT JOIN locations nl ON nl.id = s.location_id
	  WHERE ` + where + ` ORDER BY s.serial, sm.id`
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, s *serialRow) error {
		return r.Scan(&s.Serial, &s.InvNumber, &s.InvName, &s.Date, &s.Kind, &s.BillNo, &s.LocationName, &s.ContactName,
			&s.NowLocation, &s.InvID, &s.BillID, &s.TransType, &s.LocationID, &s.Direction, &s.InStock)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("report serials: %w", err)
	}
	return out, nil
}

// lowStock are the goods under their warning level in the warehouses.
type lowRow struct {
	GoodsID, LocationID int64
	Name, Location      string
	Qty, Low            dec.Dec
}

func lowStock(q *Query, limit int) ([]lowRow, error) {
	s, a := in(q.Locations)
	query := `SELECT w.goods_id, w.location_id, g.name, l.name, COALESCE(sb.qty, 0), w.low_qty
	  FROM goods_warnings w JOIN goods g ON g.id = w.goods_id JOIN locations l ON l.id = w.location_id
	  LEFT JOIN (SELECT goods_id, location_id, SUM(qty) qty FROM stock_balances WHERE location_id` + s + ` GROUP BY goods_id, location_id) sb
	    ON sb.goods_id = w.goods_id AND sb.location_id = w.location_id
	  WHERE w.location_id` + s + ` AND w.low_qty IS NOT NULL AND COALESCE(sb.qty, 0) < w.low_qty AND g.disabled = 0
	  ORDER BY g.number, l.number LIMIT ` + fmt.Sprint(limit)
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, l *lowRow) error {
		return r.Scan(&l.GoodsID, &l.LocationID, &l.Name, &l.Location, &l.Qty, &l.Low)
	}, query, append(append([]any{}, a...), a...)...)
	if err != nil {
		return nil, fmt.Errorf("report low stock: %w", err)
	}
	return out, nil
}

// unit is a unit of measure with its rate in base units.
type unit struct {
	ID, TypeID int64
	Name       string
	Rate       dec.Dec
}

// units are every unit, largest rate first (a handful of rows).
type units []unit

func unitGroups(q *Query) (units, error) {
	us, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, u *unit) error { return r.Scan(&u.ID, &u.TypeID, &u.Name, &u.Rate) },
		`SELECT id, COALESCE(unit_type_id, 0), name, rate FROM units ORDER BY rate DESC, id`)
	if err != nil {
		return nil, fmt.Errorf("report units: %w", err)
	}
	return us, nil
}

// of are the units of a goods item: its group's, or its lone unit.
func (us units) of(g goodsInfo) []unit {
	var out []unit
	for _, u := range us {
		if (g.UnitTypeID != 0 && u.TypeID == g.UnitTypeID) || (g.UnitTypeID == 0 && u.ID == g.UnitID) {
			out = append(out, u)
		}
	}
	return out
}
