package bill

import (
	"context"
	"database/sql"
	"slices"

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

// lockBills takes the row locks of the documents in one statement, in id
// order (concurrent transactions lock in the same order and never
// deadlock). FOR NO KEY UPDATE is the lock an UPDATE of the row takes: the
// settlement and invoice rows written at save hold KEY SHARE on their
// targets (the foreign key), which FOR UPDATE would wait on. SQLite's
// writer (BEGIN IMMEDIATE) already serialises.
func lockBills(ctx context.Context, tx db.Querier, ids []int64) error {
	if len(ids) == 0 || tx.Engine() != db.Postgres {
		return nil
	}
	sorted := slices.Sorted(slices.Values(ids))
	_, err := tx.Exec(ctx, "SELECT id FROM bills WHERE id IN "+db.In(len(sorted))+" ORDER BY id FOR NO KEY UPDATE", db.Args(sorted)...)
	return err
}

// readDrawHeads reads the source documents in the shop with their status
// (column statusCol, 0 when "") by id alone: with "shop_id = ?" in the
// query SQLite read every document of the shop through bills_list (a
// receipt settling 500 took 2.5 s over 1,000,000 documents); another
// shop's document is left out here.
func readDrawHeads(ctx context.Context, q db.Querier, statusCol string, shopID int64, ids []int64) (map[int64]drawHead, error) {
	status := "0"
	if statusCol != "" {
		status = statusCol
	}
	out := map[int64]drawHead{}
	err := each(ctx, q, "SELECT id, shop_id, kind, bill_no, COALESCE(contact_id, 0), checked, "+status+" FROM bills WHERE id IN ", ids,
		func(rows *sql.Rows) error {
			var id, shop int64
			var h drawHead
			if err := rows.Scan(&id, &shop, &h.kind, &h.billNo, &h.contactID, &h.checked, &h.status); err != nil {
				return err
			}
			if shop == shopID {
				out[id] = h
			}
			return nil
		})
	return out, err
}

// setDrawStatus writes a source's status unless it is keep.
func setDrawStatus(ctx context.Context, tx db.Querier, statusCol string, id int64, status, keep int) error {
	_, err := tx.Exec(ctx, "UPDATE bills SET "+statusCol+" = ? WHERE id = ? AND "+statusCol+" <> ?", status, id, keep)
	return err
}
