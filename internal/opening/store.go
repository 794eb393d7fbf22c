package opening

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/goods"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// scope limits opening stock to the warehouses of the caller's active shop
// (shopID 0: every warehouse, for ROOT) and its data rights (docs/rights.md):
// the warehouses and the customers and suppliers it may use.
type scope struct {
	shopID int64
	rights *rights.Set
}

func (sc scope) cond(column string) (string, []any) {
	return sc.rights.ShopWarehouse(sc.shopID, column).And("1 = 1", nil)
}

const stockFrom = ` FROM goods_openings o JOIN goods g ON g.id = o.goods_id JOIN locations l ON l.id = o.location_id
	LEFT JOIN goods_skus k ON k.id = o.sku_id LEFT JOIN units u ON u.id = g.unit_id`

type stockFilter struct {
	match      string
	locationID int64
}

func (f stockFilter) where(sc scope) (string, []any) {
	where, args := sc.cond("o.location_id")
	if f.match != "" {
		p := search.Pattern(f.match)
		where += " AND (" + search.Cond("LOWER(g.number)") + " OR " + search.Cond("LOWER(g.name)") + " OR " + search.Cond("LOWER(l.name)") + ")"
		args = append(args, p, p, p)
	}
	if f.locationID > 0 {
		where += " AND o.location_id = ?"
		args = append(args, f.locationID)
	}
	return where, args
}

func listStock(ctx context.Context, q db.Querier, sc scope, f stockFilter, order string, limit, offset int) ([]StockRow, error) {
	where, args := f.where(sc)
	query := `SELECT o.id, o.goods_id, g.number, g.name, g.spec, o.sku_id, COALESCE(k.name, ''), o.location_id, l.name,
		COALESCE(u.name, ''), o.batch, o.prod_date, o.valid_date, o.qty, o.unit_cost, o.amount` + stockFrom + " WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, v *StockRow) error {
		v.SerNumList = []SerNum{}
		return r.Scan(&v.ID, &v.InvID, &v.InvNumber, &v.InvName, &v.InvSpec, &v.SkuID, &v.SkuName, &v.LocationID, &v.LocationName,
			&v.UnitName, &v.Batch, &v.ProdDate, &v.ValidDate, &v.Qty, &v.UnitCost, &v.Amount)
	}, query, args...)
	if err != nil || len(rows) == 0 {
		return rows, err
	}
	byID := make(map[int64]*StockRow, len(rows))
	ids := make([]int64, len(rows))
	for i := range rows {
		byID[rows[i].ID], ids[i] = &rows[i], rows[i].ID
	}
	for len(ids) > 0 { // the serials of the lines, 500 lines a query
		n := min(len(ids), 500)
		list, err := db.All(ctx, q, func(r *sql.Rows, v *openingSerial) error { return r.Scan(&v.openingID, &v.serial) },
			"SELECT opening_id, serial FROM goods_opening_serials WHERE opening_id IN "+db.In(n)+" ORDER BY opening_id, pos", db.Args(ids[:n])...)
		if err != nil {
			return nil, err
		}
		for _, s := range list {
			byID[s.openingID].SerNumList = append(byID[s.openingID].SerNumList, SerNum{SerNum: s.serial})
		}
		ids = ids[n:]
	}
	return rows, nil
}

type openingSerial struct {
	openingID int64
	serial    string
}

// stockTotals counts the lines and sums quantity and amount exactly.
func stockTotals(ctx context.Context, q db.Querier, sc scope, f stockFilter) (n int, qty, amount dec.Dec, err error) {
	where, args := f.where(sc)
	err = q.QueryRow(ctx, "SELECT COUNT(*), "+dec.SumSQL("o.qty")+", "+dec.SumSQL("o.amount")+stockFrom+" WHERE "+where, args...).
		Scan(&n, dec.ScanSum(&qty), dec.ScanSum(&amount))
	return
}

func listContacts(ctx context.Context, q db.Querier, sc scope, typ int64, match string, order string, limit, offset int) ([]ContactRow, error) {
	where, args := contactWhere(sc, typ, match)
	query := "SELECT c.id, c.type, c.number, c.name, c.opening_amount, c.opening_advance FROM contacts c WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	return db.All(ctx, q, func(r *sql.Rows, v *ContactRow) error {
		return r.Scan(&v.ID, &v.Type, &v.Number, &v.Name, &v.Amount, &v.PeriodMoney)
	}, query, args...)
}

// contactWhere selects the contacts of a type the caller may use.
func contactWhere(sc scope, typ int64, match string) (string, []any) {
	where, args := sc.rights.Contact("c.id").And("c.type = ?", []any{typ})
	if match != "" {
		p := search.Pattern(match)
		where += " AND (" + search.Cond("LOWER(c.number)") + " OR " + search.Cond("LOWER(c.name)") + ")"
		args = append(args, p, p)
	}
	return where, args
}

func contactTotals(ctx context.Context, q db.Querier, sc scope, typ int64, match string) (n int, amount, advance dec.Dec, err error) {
	where, args := contactWhere(sc, typ, match)
	err = q.QueryRow(ctx, "SELECT COUNT(*), "+dec.SumSQL("c.opening_amount")+", "+dec.SumSQL("c.opening_advance")+" FROM contacts c WHERE "+where, args...).
		Scan(&n, dec.ScanSum(&amount), dec.ScanSum(&advance))
	return
}

func accountWhere(match string) (string, []any) {
	if match == "" {
		return "1 = 1", nil
	}
	p := search.Pattern(match)
	return "(" + search.Cond("LOWER(a.number)") + " OR " + search.Cond("LOWER(a.name)") + ")", []any{p, p}
}

func listAccounts(ctx context.Context, q db.Querier, match string, order string, limit, offset int) ([]AccountRow, error) {
	where, args := accountWhere(match)
	query := "SELECT a.id, a.number, a.name, a.opening_balance FROM settle_accounts a WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	return db.All(ctx, q, func(r *sql.Rows, v *AccountRow) error {
		return r.Scan(&v.ID, &v.Number, &v.Name, &v.Amount)
	}, query, args...)
}

func accountTotals(ctx context.Context, q db.Querier, match string) (n int, amount dec.Dec, err error) {
	where, args := accountWhere(match)
	err = q.QueryRow(ctx, "SELECT COUNT(*), "+dec.SumSQL("a.opening_balance")+" FROM settle_accounts a WHERE "+where, args...).
		Scan(&n, dec.ScanSum(&amount))
	return
}

// openingKind is the last_kind of a serial its opening stock brought in
// (the stock engine's stock.OpeningKind: master data imports no engine).
const openingKind = "opening"

// setStock writes one opening stock line (qty 0 removes it) with its
// serials (writeSerials), dated date, its amount qty × unit cost rounded to
// places. keepCost (a caller without the cost right): the line keeps its
// stored unit cost, a new line's is 0, whatever in says.
func setStock(ctx context.Context, q db.Querier, in StockInput, places int, date string, keepCost bool) error {
	var id int64
	var cost dec.Dec
	err := q.QueryRow(ctx, "SELECT id, unit_cost FROM goods_openings WHERE goods_id = ? AND location_id = ? AND sku_id = ? AND batch = ?",
		in.InvID, in.LocationID, in.SkuID, in.Batch).Scan(&id, &cost)
	if err != nil && !isNoRows(err) {
		return err
	}
	if keepCost {
		in.UnitCost = cost
	}
	amount := in.amount(places)
	switch {
	case in.Qty.IsZero() && id == 0:
		return nil
	case in.Qty.IsZero():
		if err := writeSerials(ctx, q, in, id, date); err != nil {
			return err
		}
		_, err = q.Exec(ctx, "DELETE FROM goods_openings WHERE id = ?", id)
		return err
	case id != 0:
		_, err = q.Exec(ctx, "UPDATE goods_openings SET prod_date = ?, valid_date = ?, qty = ?, unit_cost = ?, amount = ? WHERE id = ?",
			in.ProdDate, in.ValidDate, in.Qty, in.UnitCost, amount, id)
	default:
		err = q.QueryRow(ctx, `INSERT INTO goods_openings (goods_id, location_id, sku_id, batch, prod_date, valid_date, qty, unit_cost, amount)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			in.InvID, in.LocationID, in.SkuID, in.Batch, in.ProdDate, in.ValidDate, in.Qty, in.UnitCost, amount).Scan(&id)
	}
	if err != nil {
		return err
	}
	return writeSerials(ctx, q, in, id, date)
}

// storedCost is the stored unit cost of the opening line in names (0 for
// a new line): what a caller without the cost right sets it to.
func storedCost(ctx context.Context, q db.Querier, in StockInput) (dec.Dec, error) {
	var cost dec.Dec
	err := q.QueryRow(ctx, "SELECT unit_cost FROM goods_openings WHERE goods_id = ? AND location_id = ? AND sku_id = ? AND batch = ?",
		in.InvID, in.LocationID, in.SkuID, strings.TrimSpace(in.Batch)).Scan(&cost)
	if isNoRows(err) {
		return dec.Zero, nil
	}
	return cost, err
}

// writeSerials makes the serials of opening line id those of in (none when
// its quantity is 0): a serial no longer listed leaves stock (refused once
// a document has moved it: that document depends on it), a new one comes
// into stock in the line's warehouse (refused when the serial is already
// known: in stock, or moved by a document). Each is one conditional
// statement on the serial's row, as documents move serials
// (internal/track), so a sale taking the serial at the same time waits or
// is refused.
func writeSerials(ctx context.Context, q db.Querier, in StockInput, id int64, date string) error {
	old, err := db.Values[string](ctx, q, "SELECT serial FROM goods_opening_serials WHERE opening_id = ? ORDER BY pos", id)
	if err != nil {
		return fmt.Errorf("serials of opening %d: %w", id, err)
	}
	want := map[string]bool{}
	if !in.Qty.IsZero() {
		for _, s := range in.SerNumList {
			want[s.SerNum] = true
		}
	}
	had := map[string]bool{}
	var f errs.Fields
	var name string
	if err := q.QueryRow(ctx, "SELECT name FROM goods WHERE id = ?", in.InvID).Scan(&name); err != nil {
		return err
	}
	for _, s := range old {
		had[s] = true
		if want[s] {
			continue
		}
		res, err := q.Exec(ctx, "DELETE FROM serials WHERE goods_id = ? AND serial = ? AND in_stock = 1 AND last_kind = ? AND last_bill_id IS NULL",
			in.InvID, s, openingKind)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			var no string
			if err := q.QueryRow(ctx, "SELECT COALESCE(b.bill_no, '') FROM serials s LEFT JOIN bills b ON b.id = s.last_bill_id WHERE s.goods_id = ? AND s.serial = ?",
				in.InvID, s).Scan(&no); err != nil && !isNoRows(err) {
				return err
			}
			f.Add("serNumList", "opening.err.serialMoved", errs.A("serNum", s), errs.A("goods", name), errs.A("no", no))
		}
	}
	now := time.Now().UTC()
	for j, s := range in.SerNumList {
		if !want[s.SerNum] || had[s.SerNum] {
			continue
		}
		var sid int64
		err := q.QueryRow(ctx, `INSERT INTO serials (goods_id, serial, in_stock, location_id, last_kind, last_date, updated_at)
			VALUES (?, ?, 1, ?, ?, ?, ?) ON CONFLICT (goods_id, serial) DO NOTHING RETURNING id`,
			in.InvID, s.SerNum, in.LocationID, openingKind, date, now).Scan(&sid)
		if isNoRows(err) {
			f.Add(fmt.Sprintf("serNumList[%d].serNum", j), "opening.err.serialKnown", errs.A("serNum", s.SerNum), errs.A("goods", name))
			continue
		}
		if err != nil {
			return err
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	if _, err := q.Exec(ctx, "DELETE FROM goods_opening_serials WHERE opening_id = ?", id); err != nil {
		return err
	}
	if in.Qty.IsZero() {
		return nil
	}
	for start := 0; start < len(in.SerNumList); start += 300 { // 3 parameters a row
		part := in.SerNumList[start:min(start+300, len(in.SerNumList))]
		args := make([]any, 0, 3*len(part))
		for i, s := range part {
			args = append(args, id, start+i+1, s.SerNum)
		}
		if _, err := q.Exec(ctx, "INSERT INTO goods_opening_serials (opening_id, pos, serial) VALUES "+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?), ", len(part)), ", "), args...); err != nil {
			return err
		}
	}
	return nil
}

// openingMoves are a goods item's opening stock lines as the engine posts them.
func openingMoves(ctx context.Context, q db.Querier, goodsID int64) ([]goods.OpeningMove, error) {
	return db.All(ctx, q, func(r *sql.Rows, o *goods.OpeningMove) error {
		return r.Scan(&o.ID, &o.LocationID, &o.SKUID, &o.Batch, &o.Qty, &o.Amount)
	}, "SELECT id, location_id, sku_id, batch, qty, amount FROM goods_openings WHERE goods_id = ? AND qty <> 0 ORDER BY id", goodsID)
}

// goodsInfo is what a stock line needs to know of its goods item.
type goodsInfo struct {
	id               int64
	number, name     string
	serial, warranty bool // flagged is_ser_num, is_warranty
	safeDays         int
	skus             map[string]int64 // SKU name → id
	skuIDs           map[int64]bool
}

func loadGoods(ctx context.Context, q db.Querier, where string, arg any) (goodsInfo, bool, error) {
	var g goodsInfo
	var ser, war int64
	err := q.QueryRow(ctx, "SELECT id, number, name, is_ser_num, is_warranty, safe_days FROM goods WHERE "+where, arg).
		Scan(&g.id, &g.number, &g.name, &ser, &war, &g.safeDays)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, fmt.Errorf("read goods: %w", err)
	}
	g.serial, g.warranty = ser != 0, war != 0
	g.skus, g.skuIDs = map[string]int64{}, map[int64]bool{}
	rows, err := q.Query(ctx, "SELECT id, name FROM goods_skus WHERE goods_id = ?", g.id)
	if err != nil {
		return g, false, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return g, false, err
		}
		g.skus[name], g.skuIDs[id] = id, true
	}
	return g, true, rows.Err()
}

// locationIn reports whether the warehouse exists and is in scope.
func locationIn(ctx context.Context, q db.Querier, sc scope, id int64) (bool, error) {
	where, args := sc.cond("l.id")
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM locations l WHERE l.id = ? AND "+where, append([]any{id}, args...)...).Scan(&n)
	return n > 0, err
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
