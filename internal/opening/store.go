package opening

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/goods"
	"cangshu/internal/search"
)

// scope limits opening stock to the warehouses of the caller's active shop
// (shopID 0: every warehouse, for ROOT).
type scope struct{ shopID int64 }

func (sc scope) cond(column string) (string, []any) {
	if sc.shopID == 0 {
		return "1 = 1", nil
	}
	return "EXISTS (SELECT 1 FROM shop_locations sl WHERE sl.location_id = " + column + " AND sl.shop_id = ?)", []any{sc.shopID}
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
		COALESCE(u.name, ''), o.qty, o.unit_cost, o.amount` + stockFrom + " WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	return db.All(ctx, q, func(r *sql.Rows, v *StockRow) error {
		return r.Scan(&v.ID, &v.InvID, &v.InvNumber, &v.InvName, &v.InvSpec, &v.SkuID, &v.SkuName, &v.LocationID, &v.LocationName,
			&v.UnitName, &v.Qty, &v.UnitCost, &v.Amount)
	}, query, args...)
}

// stockTotals counts the lines and sums quantity and amount exactly.
func stockTotals(ctx context.Context, q db.Querier, sc scope, f stockFilter) (n int, qty, amount dec.Dec, err error) {
	where, args := f.where(sc)
	err = q.QueryRow(ctx, "SELECT COUNT(*), "+dec.SumSQL("o.qty")+", "+dec.SumSQL("o.amount")+stockFrom+" WHERE "+where, args...).
		Scan(&n, dec.ScanSum(&qty), dec.ScanSum(&amount))
	return
}

func listContacts(ctx context.Context, q db.Querier, typ int64, match string, order string, limit, offset int) ([]ContactRow, error) {
	where, args := contactWhere(typ, match)
	query := "SELECT c.id, c.type, c.number, c.name, c.opening_amount, c.opening_advance FROM contacts c WHERE " + where + " ORDER BY " + order
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	return db.All(ctx, q, func(r *sql.Rows, v *ContactRow) error {
		return r.Scan(&v.ID, &v.Type, &v.Number, &v.Name, &v.Amount, &v.PeriodMoney)
	}, query, args...)
}

func contactWhere(typ int64, match string) (string, []any) {
	where, args := "c.type = ?", []any{typ}
	if match != "" {
		p := search.Pattern(match)
		where += " AND (" + search.Cond("LOWER(c.number)") + " OR " + search.Cond("LOWER(c.name)") + ")"
		args = append(args, p, p)
	}
	return where, args
}

func contactTotals(ctx context.Context, q db.Querier, typ int64, match string) (n int, amount, advance dec.Dec, err error) {
	where, args := contactWhere(typ, match)
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

// setStock writes one opening stock line (qty 0 removes it).
func setStock(ctx context.Context, q db.Querier, in StockInput, amount dec.Dec) error {
	if in.Qty.IsZero() {
		_, err := q.Exec(ctx, "DELETE FROM goods_openings WHERE goods_id = ? AND location_id = ? AND sku_id = ?", in.InvID, in.LocationID, in.SkuID)
		return err
	}
	res, err := q.Exec(ctx, "UPDATE goods_openings SET qty = ?, unit_cost = ?, amount = ? WHERE goods_id = ? AND location_id = ? AND sku_id = ?",
		in.Qty, in.UnitCost, amount, in.InvID, in.LocationID, in.SkuID)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n > 0 {
		return err
	}
	_, err = q.Exec(ctx, "INSERT INTO goods_openings (goods_id, location_id, sku_id, qty, unit_cost, amount) VALUES (?, ?, ?, ?, ?, ?)",
		in.InvID, in.LocationID, in.SkuID, in.Qty, in.UnitCost, amount)
	return err
}

// openingMoves are a goods item's opening stock lines as the engine posts them.
func openingMoves(ctx context.Context, q db.Querier, goodsID int64) ([]goods.OpeningMove, error) {
	return db.All(ctx, q, func(r *sql.Rows, o *goods.OpeningMove) error {
		return r.Scan(&o.ID, &o.LocationID, &o.SKUID, &o.Qty, &o.Amount)
	}, "SELECT id, location_id, sku_id, qty, amount FROM goods_openings WHERE goods_id = ? AND qty <> 0 ORDER BY id", goodsID)
}

// goodsInfo is what a stock line needs to know of its goods item.
type goodsInfo struct {
	id     int64
	number string
	serial bool
	skus   map[string]int64 // SKU name → id
	skuIDs map[int64]bool
}

func loadGoods(ctx context.Context, q db.Querier, where string, arg any) (goodsInfo, bool, error) {
	var g goodsInfo
	var ser int64
	err := q.QueryRow(ctx, "SELECT id, number, is_ser_num FROM goods WHERE "+where, arg).Scan(&g.id, &g.number, &ser)
	if errors.Is(err, sql.ErrNoRows) {
		return g, false, nil
	}
	if err != nil {
		return g, false, fmt.Errorf("read goods: %w", err)
	}
	g.serial = ser != 0
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
