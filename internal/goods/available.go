package goods

import (
	"context"
	"database/sql"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/rights"
)

// Available is the quantity on hand of a goods item (and SKU) in one
// warehouse, in its base unit, summed over batches: what a document line
// can take.
type Available struct {
	InvID      int64   `json:"invId"`
	SkuID      int64   `json:"skuId"`
	LocationID int64   `json:"locationId"`
	Qty        dec.Dec `json:"qty"`
}

// maxAvailableIDs bounds one request (an entry page asks for the goods of
// its lines).
const maxAvailableIDs = 500

// Available answers the on-hand quantities of goods ids per SKU and
// warehouse, in the warehouses of the shop (one warehouse when locationID
// is not 0). Warehouses of other shops are never answered.
func (s *Service) Available(ctx context.Context, shopID int64, ids []int64, locationID int64, r *rights.Set) ([]Available, error) {
	if len(ids) == 0 {
		return []Available{}, nil
	}
	if len(ids) > maxAvailableIDs {
		ids = ids[:maxAvailableIDs]
	}
	where, args := "", append([]any{shopID}, db.Args(ids)...)
	if locationID != 0 {
		where, args = " AND b.location_id = ?", append(args, locationID)
	}
	if c := r.Warehouse("b.location_id"); c.SQL != "" { // data rights (docs/rights.md)
		where, args = where+" AND "+c.SQL, append(args, c.Args...)
	}
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, a *Available) error {
		return r.Scan(&a.InvID, &a.SkuID, &a.LocationID, &a.Qty)
	}, `SELECT b.goods_id, b.sku_id, b.location_id, SUM(b.qty) FROM stock_balances b
		JOIN shop_locations sl ON sl.location_id = b.location_id AND sl.shop_id = ?
		WHERE b.goods_id IN `+db.In(len(ids))+where+`
		GROUP BY b.goods_id, b.sku_id, b.location_id
		ORDER BY b.goods_id, b.sku_id, b.location_id`, args...)
	if err != nil {
		return nil, fmt.Errorf("available stock: %w", err)
	}
	if rows == nil {
		rows = []Available{}
	}
	return rows, nil
}
