package goods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// listFilter narrows the goods list (and the export).
type listFilter struct {
	categoryID  int64 // with its subtree
	match       string
	enabledOnly bool
	locationID  int64
	skuTypeID   int64
	walk        bool // SQLite: read the page in the order's index (listRows)
	// custom finds match in the searchable custom fields too; nil = none.
	custom *customMatch
}

// customMatch is custom.MatchCond's condition on g.id with its arguments.
type customMatch struct {
	cond string
	args []any
}

// withCustom is f with its match also looked for in the goods'
// searchable custom fields.
func (f listFilter) withCustom(ctx context.Context, q db.Querier) (listFilter, error) {
	cond, args, ok, err := custom.MatchCond(ctx, q, custom.TargetGoods, "g.id", f.match)
	if ok {
		f.custom = &customMatch{cond, args}
	}
	return f, err
}

// where is the filter as SQL conditions on goods g for engine e.
func (f listFilter) where(e db.Engine) (string, []any) {
	conds := []string{"1 = 1"}
	var args []any
	if f.enabledOnly {
		conds = append(conds, "g.disabled = 0")
	}
	if f.categoryID > 0 {
		conds = append(conds, `g.category_id IN (WITH RECURSIVE sub(id) AS (SELECT CAST(? AS BIGINT)
			UNION ALL SELECT a.id FROM assists a JOIN sub ON a.parent_id = sub.id) SELECT id FROM sub)`)
		args = append(args, f.categoryID)
	}
	if f.match != "" {
		// The match's conditions, ORed with the custom fields' (when any).
		n := len(conds)
		if e == db.SQLite {
			// Same goods as the LIKE below, found faster (see ftsMatch).
			if cond, a, ok := ftsMatch(f.match); ok {
				id := "g.id"
				if f.walk {
					id = "+g.id"
				}
				conds = append(conds, id+" IN (SELECT rowid FROM goods_fts WHERE "+cond+")")
				args = append(args, a...)
			} else if q := matchText(f.match); q != "" {
				// 1 character: no index helps; instr reads the rows about
				// twice as fast as LIKE, and finds the same: the text and the
				// query are both lower case and instr has no wildcards.
				conds = append(conds, "instr(g.search, ?) > 0")
				args = append(args, q)
			}
		} else {
			// On PostgreSQL the LIKE uses the trigram GIN index (migration
			// 0007) from 3 characters on.
			conds = append(conds, search.Cond("g.search"))
			args = append(args, search.Pattern(f.match))
		}
		if f.custom != nil {
			if len(conds) > n {
				conds[n] = "(" + conds[n] + " OR " + f.custom.cond + ")"
			} else {
				conds = append(conds, f.custom.cond)
			}
			args = append(args, f.custom.args...)
		}
	}
	if f.locationID > 0 {
		conds = append(conds, "g.location_id = ?")
		args = append(args, f.locationID)
	}
	if f.skuTypeID > 0 {
		conds = append(conds, "EXISTS (SELECT 1 FROM goods_sku_types t WHERE t.goods_id = g.id AND t.type_id = ?)")
		args = append(args, f.skuTypeID)
	}
	return strings.Join(conds, " AND "), args
}

// matchText is the text a search looks for, as search.Pattern has it for
// LIKE: trimmed, lower case, without the part separator.
func matchText(match string) string {
	return strings.ReplaceAll(strings.ToLower(strings.TrimSpace(match)), "\x1f", "")
}

// ftsMatch is the condition on goods_fts (SQLite, migration 0007) finding
// the goods whose search text holds matchText(match), as LIKE would. In
// the trigram index a quoted phrase is a substring match, from 3
// characters. 2 characters start at least one trigram of the text (it ends
// in a separator), so the query is those trigrams ORed, read from the index's
// vocabulary (none: a trigram of 3 separators, which no text holds). ok is
// false for 1 character: no index helps.
func ftsMatch(match string) (cond string, args []any, ok bool) {
	s := matchText(match)
	switch utf8.RuneCountInString(s) {
	case 0, 1:
		return "", nil, false
	case 2:
		return `goods_fts MATCH COALESCE((SELECT group_concat('"' || replace(term, '"', '""') || '"', ' OR ')
			FROM goods_fts_vocab WHERE term >= ? AND term < ? || char(1114111)), '"' || char(31, 31, 31) || '"')`, []any{s, s}, true
	}
	return "goods_fts MATCH ?", []any{`"` + strings.ReplaceAll(s, `"`, `""`) + `"`}, true
}

// onlyMatch tells whether the search is the filter's only condition.
func (f listFilter) onlyMatch() bool {
	return f == listFilter{match: f.match}
}

// walkOrder tells whether SQLite can read goods in this order from an
// index (number is unique, name has goods_name; both end in g.id).
func walkOrder(order string) bool {
	for _, o := range []string{"g.number", "g.name"} {
		for _, dir := range []string{"", " ASC", " DESC"} {
			if order == o+dir+", g.id" {
				return true
			}
		}
	}
	return false
}

// sortFields maps the list's sort fields to SQL.
var sortFields = map[string]string{
	"number": "g.number", "name": "g.name", "spec": "g.spec", "categoryName": "c.name",
	"salePrice": "g.sale_price", "purPrice": "g.pur_price",
}

const rowSelect = `SELECT g.id, g.number, g.name, g.spec, g.barcode, COALESCE(g.category_id, 0), COALESCE(c.name, ''),
	COALESCE(g.unit_type_id, 0), g.unit_id, u.name, g.pur_price, g.sale_price, g.wholesale_price, g.vip_price,
	g.discount_rate1, g.discount_rate2, COALESCE(g.location_id, 0), COALESCE(l.name, ''), g.is_ser_num, g.is_warranty,
	g.safe_days, g.advance_days, g.remark, g.disabled, g.search
	FROM goods g JOIN units u ON u.id = g.unit_id
	LEFT JOIN assists c ON c.id = g.category_id
	LEFT JOIN locations l ON l.id = g.location_id`

func scanRow(r *sql.Rows, g *Row) error {
	err := r.Scan(&g.ID, &g.Number, &g.Name, &g.Spec, &g.BarCode, &g.CategoryID, &g.CategoryName,
		&g.UnitTypeID, &g.UnitID, &g.UnitName, &g.PurPrice, &g.SalePrice, &g.WholesalePrice, &g.VipPrice,
		&g.DiscountRate1, &g.DiscountRate2, &g.LocationID, &g.LocationName, &g.IsSerNum, &g.IsWarranty,
		&g.SafeDays, &g.AdvanceDay, &g.Remark, &g.Disable, &g.Search)
	g.Search = search.Answer(g.Search)
	return err
}

// listRows reads one page of goods (limit < 0: all) without units and SKUs.
func listRows(ctx context.Context, q db.Querier, f listFilter, order string, limit, offset int) ([]Row, error) {
	where, args := f.where(q.Engine())
	if limit >= 0 && walkOrder(order) {
		if cond, a, ok := ftsMatch(f.match); ok && q.Engine() == db.SQLite {
			// Without statistics SQLite always looks up every goods item the
			// index finds and sorts them: 10,000 for "kkkl". When the search
			// finds many, walking the order's index and keeping the items
			// found (the IN list probed, + keeps it from driving the join)
			// stops after the page, reading at most a tenth of the goods.
			var n int
			if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM goods_fts WHERE "+cond, a...).Scan(&n); err != nil {
				return nil, err
			}
			if n >= 1000 && (offset+limit)*10 <= n {
				f.walk = true
				where, args = f.where(q.Engine())
			}
		}
	}
	query := rowSelect + " WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	return db.All(ctx, q, scanRow, query, args...)
}

// countRows counts the goods the filter finds.
func countRows(ctx context.Context, q db.Querier, f listFilter) (int, error) {
	var n int
	if cond, a, ok := ftsMatch(f.match); ok && q.Engine() == db.SQLite && f.onlyMatch() {
		// Every goods item has its row in the index: count there, without
		// looking up each goods row found.
		err := q.QueryRow(ctx, "SELECT COUNT(*) FROM goods_fts WHERE "+cond, a...).Scan(&n)
		return n, err
	}
	where, args := f.where(q.Engine())
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM goods g WHERE "+where, args...).Scan(&n)
	return n, err
}

// getRow reads one goods item (404 when unknown), with units and SKUs.
func getRow(ctx context.Context, q db.Querier, id int64, pricePlaces int) (Row, error) {
	rows, err := db.All(ctx, q, scanRow, rowSelect+" WHERE g.id = ?", id)
	if err != nil {
		return Row{}, err
	}
	if len(rows) == 0 {
		return Row{}, errs.NotFound(labelGoods)
	}
	if err := attachDetails(ctx, q, rows, pricePlaces); err != nil {
		return Row{}, err
	}
	return rows[0], nil
}

// attachDetails fills the units, SKUs and SKU groups of rows with one query
// each for the whole page, never one per row.
func attachDetails(ctx context.Context, q db.Querier, rows []Row, pricePlaces int) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	at := make(map[int64]int, len(rows))
	grouped := make([]int64, 0)
	for i := range rows {
		g := &rows[i]
		ids[i] = g.ID
		at[g.ID] = i
		g.SkuTypeIDs = []int64{}
		g.Skus = []SKURow{}
		g.Units = []Unit{{UnitID: g.UnitID, UnitName: g.UnitName, Rate: dec.FromInt(1), IsBase: 1, BarCode: g.BarCode,
			Prices: Prices{g.PurPrice, g.SalePrice, g.WholesalePrice, g.VipPrice}}}
		if g.UnitTypeID > 0 {
			grouped = append(grouped, g.ID)
		}
	}
	if len(grouped) > 0 {
		err := eachRow(ctx, q, func(r *sql.Rows) error {
			var gid int64
			var u Unit
			var has bool
			if err := r.Scan(&gid, &u.UnitID, &u.UnitName, &u.Rate, &has, &u.BarCode,
				&u.PurPrice, &u.SalePrice, &u.WholesalePrice, &u.VipPrice); err != nil {
				return err
			}
			g := &rows[at[gid]]
			if !has {
				// A unit of the group without its own prices: the base prices
				// times its rate, so documents still propose a price.
				u.Prices = scaled(g.Units[0].Prices, u.Rate, pricePlaces)
			}
			g.Units = append(g.Units, u)
			return nil
		}, `SELECT g.id, u.id, u.name, u.rate, gu.goods_id IS NOT NULL, COALESCE(gu.barcode, ''),
			COALESCE(gu.pur_price, 0), COALESCE(gu.sale_price, 0), COALESCE(gu.wholesale_price, 0), COALESCE(gu.vip_price, 0)
			FROM goods g JOIN units u ON u.unit_type_id = g.unit_type_id AND u.id <> g.unit_id
			LEFT JOIN goods_units gu ON gu.goods_id = g.id AND gu.unit_id = u.id
			WHERE g.id IN `+db.In(len(grouped))+` ORDER BY g.id, u.rate, u.id`, db.Args(grouped)...)
		if err != nil {
			return fmt.Errorf("units of goods: %w", err)
		}
	}
	err := eachRow(ctx, q, func(r *sql.Rows) error {
		var s SKURow
		if err := r.Scan(&s.ID, &s.InvID, &s.SkuAssistID, &s.SkuName, &s.BarCode, &s.Disable); err != nil {
			return err
		}
		g := &rows[at[s.InvID]]
		g.Skus = append(g.Skus, s)
		return nil
	}, "SELECT id, goods_id, assist_ids, name, barcode, disabled FROM goods_skus WHERE goods_id IN "+db.In(len(ids))+" ORDER BY goods_id, id", db.Args(ids)...)
	if err != nil {
		return fmt.Errorf("skus of goods: %w", err)
	}
	err = eachRow(ctx, q, func(r *sql.Rows) error {
		var gid, tid int64
		if err := r.Scan(&gid, &tid); err != nil {
			return err
		}
		g := &rows[at[gid]]
		g.SkuTypeIDs = append(g.SkuTypeIDs, tid)
		return nil
	}, "SELECT goods_id, type_id FROM goods_sku_types WHERE goods_id IN "+db.In(len(ids))+" ORDER BY goods_id, sort, type_id", db.Args(ids)...)
	if err != nil {
		return fmt.Errorf("sku groups of goods: %w", err)
	}
	return nil
}

// scaled is p for a unit holding rate base units.
func scaled(p Prices, rate dec.Dec, places int) Prices {
	m := func(v dec.Dec) dec.Dec { return v.Mul(rate).Round(places) }
	return Prices{m(p.PurPrice), m(p.SalePrice), m(p.WholesalePrice), m(p.VipPrice)}
}

// eachRow runs a query and calls f for every row.
func eachRow(ctx context.Context, q db.Querier, f func(r *sql.Rows) error, query string, args ...any) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := f(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// loadWarnings, loadOpenings and loadImages read the get_update details.
func loadWarnings(ctx context.Context, q db.Querier, id int64) ([]Warning, error) {
	return db.All(ctx, q, func(r *sql.Rows, w *Warning) error {
		var lo, hi sql.Null[dec.Dec]
		if err := r.Scan(&w.LocationID, &w.LocationName, &lo, &hi); err != nil {
			return err
		}
		if lo.Valid {
			w.LowQty = &lo.V
		}
		if hi.Valid {
			w.HighQty = &hi.V
		}
		return nil
	}, `SELECT w.location_id, l.name, w.low_qty, w.high_qty FROM goods_warnings w JOIN locations l ON l.id = w.location_id
		WHERE w.goods_id = ? ORDER BY l.number, l.id`, id)
}

func loadOpenings(ctx context.Context, q db.Querier, id int64, vis rights.Cond) ([]Opening, error) {
	where, args := vis.And("o.goods_id = ? AND "+plainOpening, []any{id})
	return db.All(ctx, q, func(r *sql.Rows, o *Opening) error {
		return r.Scan(&o.LocationID, &o.LocationName, &o.SkuID, &o.Qty, &o.UnitCost, &o.Amount)
	}, `SELECT o.location_id, l.name, o.sku_id, o.qty, o.unit_cost, o.amount FROM goods_openings o
		JOIN locations l ON l.id = o.location_id WHERE `+where+` ORDER BY l.number, l.id, o.sku_id`, args...)
}

// goodsFields are the goods columns an add or update writes, in order.
const goodsFields = `number, name, spec, category_id, unit_type_id, unit_id, barcode, pur_price, sale_price,
	wholesale_price, vip_price, discount_rate1, discount_rate2, location_id, is_ser_num, is_warranty, safe_days,
	advance_days, remark, search`

func goodsArgs(in *Input, searchText string) []any {
	return []any{in.Number, in.Name, in.Spec, db.NullID(in.CategoryID), db.NullID(in.UnitTypeID), in.UnitID, in.BarCode,
		in.PurPrice, in.SalePrice, in.WholesalePrice, in.VipPrice, in.DiscountRate1, in.DiscountRate2,
		db.NullID(in.LocationID), in.IsSerNum, in.IsWarranty, in.SafeDays, in.AdvanceDay, in.Remark, searchText}
}

func insertGoods(ctx context.Context, tx db.Querier, in *Input, searchText string, now time.Time) (int64, error) {
	var id int64
	args := append(goodsArgs(in, searchText), now, now)
	err := tx.QueryRow(ctx, `INSERT INTO goods (`+goodsFields+`, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, args...).Scan(&id)
	return id, err
}

func updateGoods(ctx context.Context, tx db.Querier, id int64, in *Input, searchText string, now time.Time) error {
	cols := strings.Split(goodsFields, ",")
	for i := range cols {
		cols[i] = strings.TrimSpace(cols[i]) + " = ?"
	}
	args := append(goodsArgs(in, searchText), now, id)
	_, err := tx.Exec(ctx, "UPDATE goods SET "+strings.Join(cols, ", ")+", updated_at = ? WHERE id = ?", args...)
	return err
}

// replaceUnits stores the non-base units' prices and barcodes.
func replaceUnits(ctx context.Context, tx db.Querier, id int64, units []UnitInput) error {
	if _, err := tx.Exec(ctx, "DELETE FROM goods_units WHERE goods_id = ?", id); err != nil {
		return err
	}
	for _, u := range units {
		if _, err := tx.Exec(ctx, `INSERT INTO goods_units (goods_id, unit_id, barcode, pur_price, sale_price, wholesale_price, vip_price)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, id, u.UnitID, u.BarCode, u.PurPrice, u.SalePrice, u.WholesalePrice, u.VipPrice); err != nil {
			return err
		}
	}
	return nil
}

// replaceSkuTypes stores the SKU groups in order.
func replaceSkuTypes(ctx context.Context, tx db.Querier, id int64, types []int64) error {
	if _, err := tx.Exec(ctx, "DELETE FROM goods_sku_types WHERE goods_id = ?", id); err != nil {
		return err
	}
	for i, t := range types {
		if _, err := tx.Exec(ctx, "INSERT INTO goods_sku_types (goods_id, type_id, sort) VALUES (?, ?, ?)", id, t, i); err != nil {
			return err
		}
	}
	return nil
}

func replaceWarnings(ctx context.Context, tx db.Querier, id int64, ws []WarningInput) error {
	if _, err := tx.Exec(ctx, "DELETE FROM goods_warnings WHERE goods_id = ?", id); err != nil {
		return err
	}
	for _, w := range ws {
		if _, err := tx.Exec(ctx, "INSERT INTO goods_warnings (goods_id, location_id, low_qty, high_qty) VALUES (?, ?, ?, ?)",
			id, w.LocationID, nullDec(w.LowQty), nullDec(w.HighQty)); err != nil {
			return err
		}
	}
	return nil
}

func nullDec(v *dec.Dec) any {
	if v == nil {
		return nil
	}
	return *v
}

// plainOpening selects the opening lines of alias o the goods form keeps:
// those without a batch or serial numbers (the opening balances screen
// keeps those, internal/opening).
const plainOpening = "o.batch = '' AND NOT EXISTS (SELECT 1 FROM goods_opening_serials os WHERE os.opening_id = o.id)"

// replaceOpenings replaces the goods item's plain opening lines the caller
// may see (vis on o.location_id); the others stay.
func replaceOpenings(ctx context.Context, tx db.Querier, id int64, os []OpeningInput, amountPlaces int, vis rights.Cond) error {
	where, args := vis.And("o.goods_id = ? AND "+plainOpening, []any{id})
	if _, err := tx.Exec(ctx, "DELETE FROM goods_openings WHERE id IN (SELECT o.id FROM goods_openings o WHERE "+where+")", args...); err != nil {
		return err
	}
	for _, o := range os {
		if _, err := tx.Exec(ctx, `INSERT INTO goods_openings (goods_id, location_id, sku_id, qty, unit_cost, amount)
			VALUES (?, ?, ?, ?, ?, ?)`, id, o.LocationID, o.SkuID, o.Qty, o.UnitCost, openingAmount(o, amountPlaces)); err != nil {
			return err
		}
	}
	return nil
}

// goodsNumberTaken tells whether another goods item has this number.
func goodsNumberTaken(ctx context.Context, q db.Querier, number string, except int64) (bool, error) {
	var one int
	err := q.QueryRow(ctx, "SELECT 1 FROM goods WHERE number = ? AND id <> ?", number, except).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// exists tells whether a row matching the query exists.
func exists(ctx context.Context, q db.Querier, query string, args ...any) (bool, error) {
	var one int
	err := q.QueryRow(ctx, query, args...).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return err == nil, err
}

// notFound turns a missing row into a 404 of what.
func notFound(err error, what errs.Key) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound(what)
	}
	return err
}

// listRowsByIDs reads the goods of ids in the order given (unknown ids are
// left out).
func listRowsByIDs(ctx context.Context, q db.Querier, ids []int64) ([]Row, error) {
	rows, err := db.All(ctx, q, scanRow, rowSelect+" WHERE g.id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("read goods: %w", err)
	}
	at := make(map[int64]Row, len(rows))
	for _, r := range rows {
		at[r.ID] = r
	}
	out := make([]Row, 0, len(rows))
	for _, id := range ids {
		if r, ok := at[id]; ok {
			out = append(out, r)
			delete(at, id)
		}
	}
	return out, nil
}

// attachCustom fills the rows' custom-field values.
func attachCustom(ctx context.Context, q db.Querier, rows []Row) error {
	return custom.Fill(ctx, q, custom.TargetGoods, rows, func(r *Row) (int64, *custom.Map) { return r.ID, &r.Custom })
}

// attachOnHand sets each row's on-hand quantity: the sum of its balances
// (every SKU and batch) in the warehouses the shop uses.
func attachOnHand(ctx context.Context, q db.Querier, shopID int64, rows []Row) error {
	if len(rows) == 0 {
		return nil
	}
	ids := make([]int64, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	type sum struct {
		goods int64
		qty   dec.Dec
	}
	sums, err := db.All(ctx, q, func(r *sql.Rows, s *sum) error { return r.Scan(&s.goods, &s.qty) },
		`SELECT b.goods_id, SUM(b.qty) FROM stock_balances b
		JOIN shop_locations sl ON sl.location_id = b.location_id AND sl.shop_id = ?
		WHERE b.goods_id IN `+db.In(len(ids))+` GROUP BY b.goods_id`, append([]any{shopID}, db.Args(ids)...)...)
	if err != nil {
		return fmt.Errorf("on hand of goods: %w", err)
	}
	at := make(map[int64]dec.Dec, len(sums))
	for _, s := range sums {
		at[s.goods] = s.qty
	}
	for i := range rows {
		rows[i].StockQty = at[rows[i].ID]
	}
	return nil
}
