package bill

import (
	"context"
	"database/sql"

	"cangshu/internal/db"
)

// SQL of the draw-down relations (draw.go, relations.go).
const (
	// sqlLineUnits: the lines of the source documents with their base
	// quantity (returns, orders).
	sqlLineUnits = `SELECT be.id, be.bill_id, be.goods_id, COALESCE(be.sku_id, 0), g.name, be.base_qty
		FROM bill_entries be JOIN goods g ON g.id = be.goods_id WHERE be.bill_id IN {in}`
	// sqlReturnedTaken: base quantity the audited returns other than ?
	// took per source line.
	sqlReturnedTaken = `SELECT le.src_entry_id, SUM(le.base_qty) FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
		WHERE lb.checked = 1 AND lb.id <> ? AND le.src_entry_id IN (SELECT se.id FROM bill_entries se WHERE se.bill_id IN {in})
		GROUP BY le.src_entry_id`
	// sqlFulfilledTaken: base quantity the audited receipts or deliveries
	// other than ? took per order line.
	sqlFulfilledTaken = `SELECT le.src_order_entry_id, SUM(le.base_qty) FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
		WHERE lb.checked = 1 AND lb.id <> ? AND le.src_order_id IN {in} GROUP BY le.src_order_entry_id`
	sqlReturnDependents = "SELECT b.bill_no FROM bills b WHERE b.src_bill_id = ?{audited} ORDER BY b.id LIMIT 1"
	sqlOrderDependents  = "SELECT b.bill_no FROM bills b WHERE b.id IN (SELECT be.bill_id FROM bill_entries be WHERE be.src_order_id = ?){audited}" +
		" ORDER BY b.id LIMIT 1"
)

// lockBills takes the row locks of the documents, one at a time in the
// order given (callers sort the ids: concurrent transactions then lock in
// the same order and never deadlock). A no-op update takes the lock on
// PostgreSQL; SQLite's writer lock already serialises.
func lockBills(ctx context.Context, tx db.Querier, ids []int64) error {
	for _, id := range ids {
		if _, err := tx.Exec(ctx, "UPDATE bills SET version = version WHERE id = ?", id); err != nil {
			return err
		}
	}
	return nil
}

// readDrawHeads reads the source documents in the shop with their status
// (column statusCol, 0 when "").
func readDrawHeads(ctx context.Context, q db.Querier, statusCol string, shopID int64, ids []int64) (map[int64]drawHead, error) {
	status := "0"
	if statusCol != "" {
		status = statusCol
	}
	out := map[int64]drawHead{}
	err := each(ctx, q, "SELECT id, kind, bill_no, COALESCE(contact_id, 0), checked, "+status+" FROM bills WHERE shop_id = ? AND id IN ", ids,
		func(rows *sql.Rows) error {
			var id int64
			var h drawHead
			if err := rows.Scan(&id, &h.kind, &h.billNo, &h.contactID, &h.checked, &h.status); err != nil {
				return err
			}
			out[id] = h
			return nil
		}, shopID)
	return out, err
}

// setDrawStatus writes a source's status unless it is keep.
func setDrawStatus(ctx context.Context, tx db.Querier, statusCol string, id int64, status, keep int) error {
	_, err := tx.Exec(ctx, "UPDATE bills SET "+statusCol+" = ? WHERE id = ? AND "+statusCol+" <> ?", status, id, keep)
	return err
}
