package warehouse

import (
	"context"
	"database/sql"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// queryFilter selects the balances of the stock query.
type queryFilter struct {
	shopID, goodsID, locationID, categoryID int64
	match                                   string
	rights                                  *rights.Set // the caller's data rights (docs/rights.md)
}

func (f queryFilter) where() (string, []any) {
	w := "sl.shop_id = ?"
	args := []any{f.shopID}
	if f.goodsID > 0 {
		w += " AND b.goods_id = ?"
		args = append(args, f.goodsID)
	}
	if f.locationID > 0 {
		w += " AND b.location_id = ?"
		args = append(args, f.locationID)
	}
	if f.categoryID > 0 {
		w += ` AND g.category_id IN (WITH RECURSIVE sub(id) AS (SELECT CAST(? AS BIGINT)
			UNION ALL SELECT a.id FROM assists a JOIN sub ON a.parent_id = sub.id) SELECT id FROM sub)`
		args = append(args, f.categoryID)
	}
	if f.match != "" {
		p := search.Pattern(f.match)
		w += " AND (" + search.Cond("LOWER(g.name)") + " OR " + search.Cond("LOWER(g.number)") + ")"
		args = append(args, p, p)
	}
	return f.rights.Warehouse("b.location_id").And(w, args)
}

const queryFrom = ` FROM stock_balances b
	JOIN shop_locations sl ON sl.location_id = b.location_id
	JOIN goods g ON g.id = b.goods_id
	JOIN locations l ON l.id = b.location_id`

// stockRows is a page of on-hand rows per goods and warehouse (summed over
// SKUs and batches; rows holding nothing left out), with the count of all
// and their totals.
func stockRows(ctx context.Context, q db.Querier, f queryFilter, limit, offset int) ([]StockRow, int, dec.Dec, dec.Dec, error) {
	where, args := f.where()
	group := " WHERE " + where + " GROUP BY b.goods_id, b.location_id, g.number, g.name, g.spec, g.unit_type_id, g.unit_id, l.number, l.name" +
		" HAVING SUM(b.qty) <> 0 OR SUM(b.amount) <> 0"
	var n int
	var tq, ta dec.Dec
	err := q.QueryRow(ctx, "SELECT COUNT(*), COALESCE(SUM(t.q), 0), COALESCE(SUM(t.a), 0) FROM (SELECT SUM(b.qty) AS q, SUM(b.amount) AS a"+
		queryFrom+group+") t", args...).Scan(&n, &tq, &ta)
	if err != nil {
		return nil, 0, tq, ta, fmt.Errorf("stock query totals: %w", err)
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, s *StockRow) error {
		return r.Scan(&s.InvID, &s.InvNumber, &s.InvName, &s.InvSpec, &s.unitTypeID, &s.baseUnit, &s.LocationID, &s.LocationName, &s.Qty, &s.amount)
	}, "SELECT b.goods_id, g.number, g.name, g.spec, COALESCE(g.unit_type_id, 0), g.unit_id, b.location_id, l.name, SUM(b.qty), SUM(b.amount)"+
		queryFrom+group+" ORDER BY g.number, b.goods_id, l.number, b.location_id LIMIT ? OFFSET ?", append(args, limit, offset)...)
	if err != nil {
		return nil, 0, tq, ta, fmt.Errorf("stock query: %w", err)
	}
	return rows, n, tq, ta, nil
}

// unitRow is a unit of a goods item's group (or its lone unit).
type unitRow struct {
	id, typeID int64
	name       string
	rate       dec.Dec
}

// unitsOf are the units of the groups typeIDs and the lone units ids,
// largest rate first.
func unitsOf(ctx context.Context, q db.Querier, typeIDs, ids []int64) ([]unitRow, error) {
	typeIDs, ids = append(typeIDs, 0), append(ids, 0)
	return db.All(ctx, q, func(r *sql.Rows, u *unitRow) error {
		return r.Scan(&u.id, &u.typeID, &u.name, &u.rate)
	}, "SELECT id, COALESCE(unit_type_id, 0), name, rate FROM units WHERE unit_type_id IN "+db.In(len(typeIDs))+" OR id IN "+db.In(len(ids))+
		" ORDER BY rate DESC, id", append(db.Args(typeIDs), db.Args(ids)...)...)
}
