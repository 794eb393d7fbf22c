package bill

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Orders (purchase and sales orders) move no stock; their lines are
// fulfilled by the lines of audited receipts or deliveries that name them
// (bill_entries.src_order_id/src_order_entry_id). The order's bill_status
// follows every audit, un-audit and delete of such a document in the same
// transaction: 0 nothing fulfilled, 1 partly, 2 every line completely; 3
// closed by hand, kept until the order is opened again. Returns do not link
// to orders: they change no fulfilment. See docs/stock.md.

// Order statuses (bills.bill_status).
const (
	StatusNone    = 0
	StatusPartial = 1
	StatusDone    = 2
	StatusClosed  = 3
)

// orderLink is a document line made from an order line.
type orderLink struct {
	index                 int // position in the document: entries[index]
	orderID, orderEntryID int64
	goodsID, skuID        int64
	baseQty, unitRate     dec.Dec
}

func linksOfEntries(es []Entry) []orderLink {
	var out []orderLink
	for i, e := range es {
		if e.SrcOrderEntryID != 0 {
			out = append(out, orderLink{index: i, orderID: e.SrcOrderID, orderEntryID: e.SrcOrderEntryID, goodsID: e.InvID, skuID: e.SkuID,
				baseQty: e.BaseQty, unitRate: e.UnitRate})
		}
	}
	return out
}

func linksOfLines(ls []line) []orderLink {
	var out []orderLink
	for i, l := range ls {
		if l.srcOrderEntryID != 0 {
			out = append(out, orderLink{index: i, orderID: l.srcOrderID, orderEntryID: l.srcOrderEntryID, goodsID: l.goodsID, skuID: l.skuID,
				baseQty: l.baseQty, unitRate: l.unitRate})
		}
	}
	return out
}

func orderIDs(links []orderLink) []int64 {
	seen := map[int64]bool{}
	var ids []int64
	for _, l := range links {
		if !seen[l.orderID] {
			seen[l.orderID] = true
			ids = append(ids, l.orderID)
		}
	}
	return ids
}

type orderHead struct {
	kind, billNo    string
	contactID       int64
	checked, status int
}

type orderLine struct {
	billID, goodsID, skuID int64
	goodsName              string
	baseQty                dec.Dec
}

// checkOrderLinks checks the lines of document selfID (kind k, contact
// contactID) that name order lines: each order is an audited, open order of
// the kind k is made from, of the same contact, in the shop; each order
// line is of that order and of the same goods and SKU; and, unless
// allowOverFulfil, no line takes more than its order line has left after
// the other audited documents and this document's earlier lines.
func checkOrderLinks(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID, selfID, contactID int64, links []orderLink) error {
	if len(links) == 0 {
		return nil
	}
	ids := orderIDs(links)
	heads := map[int64]orderHead{}
	if err := each(ctx, q, "SELECT id, kind, bill_no, COALESCE(contact_id, 0), checked, bill_status FROM bills WHERE shop_id = ? AND id IN ", ids,
		func(r *sql.Rows) error {
			var id int64
			var h orderHead
			if err := r.Scan(&id, &h.kind, &h.billNo, &h.contactID, &h.checked, &h.status); err != nil {
				return err
			}
			heads[id] = h
			return nil
		}, shopID); err != nil {
		return err
	}
	olines := map[int64]orderLine{}
	if err := each(ctx, q, `SELECT be.id, be.bill_id, be.goods_id, COALESCE(be.sku_id, 0), g.name, be.base_qty
		FROM bill_entries be JOIN goods g ON g.id = be.goods_id WHERE be.bill_id IN `, ids, func(r *sql.Rows) error {
		var id int64
		var l orderLine
		if err := r.Scan(&id, &l.billID, &l.goodsID, &l.skuID, &l.goodsName, &l.baseQty); err != nil {
			return err
		}
		olines[id] = l
		return nil
	}); err != nil {
		return err
	}
	taken, err := fulfilledBy(ctx, q, ids, selfID)
	if err != nil {
		return err
	}
	var f errs.Fields
	bad := map[int64]bool{}
	mine := map[int64]dec.Dec{}
	for _, l := range links {
		path := fmt.Sprintf("entries[%d]", l.index)
		h, ok := heads[l.orderID]
		switch {
		case !ok || h.kind != k.OrderKind:
			f.Add(path+".srcOrderId", "err.notFound", errs.A("what", labelSrcOrder))
			continue
		case h.checked != 1:
			f.Add(path+".srcOrderId", "bill.err.orderNotAudited", errs.A("no", h.billNo))
			continue
		case h.status == StatusClosed:
			f.Add(path+".srcOrderId", "bill.err.orderClosed", errs.A("no", h.billNo))
			continue
		case h.contactID != contactID:
			if !bad[l.orderID] {
				bad[l.orderID] = true
				f.Add("buId", "bill.err.orderContact", errs.A("no", h.billNo))
			}
			continue
		}
		ol, ok := olines[l.orderEntryID]
		if !ok || ol.billID != l.orderID || ol.goodsID != l.goodsID || ol.skuID != l.skuID {
			f.Add(path+".srcOrderEntryId", "err.notFound", errs.A("what", labelOrderEntry))
			continue
		}
		left := ol.baseQty.Sub(taken[l.orderEntryID]).Sub(mine[l.orderEntryID])
		mine[l.orderEntryID] = mine[l.orderEntryID].Add(l.baseQty)
		if sys.AllowOverFulfil != 1 && l.baseQty.Cmp(left) > 0 {
			f.Add(path+".qty", "bill.err.overFulfil", errs.A("line", l.index+1), errs.A("goods", ol.goodsName),
				errs.A("no", h.billNo), errs.A("max", maxIn(left, l.unitRate)))
		}
	}
	return f.Err()
}

// fulfilledBy is the base quantity the audited documents other than
// selfID took from each line of the orders.
func fulfilledBy(ctx context.Context, q db.Querier, orderIDs []int64, selfID int64) (map[int64]dec.Dec, error) {
	out := map[int64]dec.Dec{}
	err := scanRows(ctx, q, `SELECT le.src_order_entry_id, SUM(le.base_qty) FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
		WHERE lb.checked = 1 AND lb.id <> ? AND le.src_order_id IN `+db.In(len(orderIDs))+` GROUP BY le.src_order_entry_id`,
		append([]any{selfID}, db.Args(orderIDs)...), func(r *sql.Rows) error {
			var id int64
			var v dec.Dec
			if err := r.Scan(&id, &v); err != nil {
				return err
			}
			out[id] = v
			return nil
		})
	return out, err
}

// fulfil runs while a receipt or delivery is audited: it locks the orders
// its lines name (so that two documents fulfilling one order are audited
// one after the other, each seeing what the other took, and a close waits),
// re-checks the links (the order may have been closed or fulfilled by
// others since the document was saved) and updates the orders' status.
func fulfil(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) error {
	links := linksOfLines(lines)
	if len(links) == 0 {
		return nil
	}
	ids := orderIDs(links)
	if _, err := tx.Exec(ctx, "UPDATE bills SET version = version WHERE id IN "+db.In(len(ids)), db.Args(ids)...); err != nil {
		return err
	}
	if err := checkOrderLinks(ctx, tx, k, sys, st.shopID, st.id, st.contactID, links); err != nil {
		return err
	}
	return refreshOrders(ctx, tx, ids)
}

// linkedOrders are the orders the lines of a document name.
func linkedOrders(ctx context.Context, q db.Querier, billID int64) ([]int64, error) {
	return db.Values[int64](ctx, q, "SELECT DISTINCT src_order_id FROM bill_entries WHERE bill_id = ? AND src_order_id IS NOT NULL", billID)
}

// refreshOrders recomputes the status of the orders from their lines and
// the audited documents linked to them; a closed order stays closed.
func refreshOrders(ctx context.Context, tx db.Querier, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	type agg struct{ any, allDone, someDone bool }
	status := map[int64]*agg{}
	args := append(db.Args(ids), db.Args(ids)...)
	err := scanRows(ctx, tx, `SELECT oe.bill_id, oe.base_qty, COALESCE(f.q, 0) FROM bill_entries oe
		LEFT JOIN (SELECT le.src_order_entry_id AS eid, SUM(le.base_qty) AS q FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
			WHERE lb.checked = 1 AND le.src_order_id IN `+db.In(len(ids))+` GROUP BY le.src_order_entry_id) f ON f.eid = oe.id
		WHERE oe.bill_id IN `+db.In(len(ids)), args, func(r *sql.Rows) error {
		var id int64
		var ordered, done dec.Dec
		if err := r.Scan(&id, &ordered, &done); err != nil {
			return err
		}
		a := status[id]
		if a == nil {
			a = &agg{allDone: true}
			status[id] = a
		}
		s := lineStatus(ordered, done)
		a.any = true
		a.allDone = a.allDone && s == StatusDone
		a.someDone = a.someDone || s != StatusNone
		return nil
	})
	if err != nil {
		return err
	}
	for _, id := range ids {
		s := StatusNone
		if a := status[id]; a != nil && a.any {
			switch {
			case a.allDone:
				s = StatusDone
			case a.someDone:
				s = StatusPartial
			}
		}
		if _, err := tx.Exec(ctx, "UPDATE bills SET bill_status = ? WHERE id = ? AND bill_status <> ?", s, id, StatusClosed); err != nil {
			return err
		}
	}
	return nil
}

func lineStatus(ordered, done dec.Dec) int {
	switch {
	case done.Sign() <= 0:
		return StatusNone
	case done.Cmp(ordered) >= 0:
		return StatusDone
	default:
		return StatusPartial
	}
}

func scanRows(ctx context.Context, q db.Querier, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// Close closes an audited order by hand: nothing more is fulfilled from it.
func (s *Service) Close(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	return s.setClosed(ctx, p, k, id, true)
}

// Open opens a closed order again; its status is recomputed.
func (s *Service) Open(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	return s.setClosed(ctx, p, k, id, false)
}

func (s *Service) setClosed(ctx context.Context, p *server.Principal, k *Kind, id int64, close bool) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		// Lock the order first: a receipt or delivery being audited
		// against it finishes before (or waits for) the close.
		if _, err := tx.Exec(ctx, "UPDATE bills SET version = version WHERE id = ? AND shop_id = ? AND kind = ?", id, shopID, k.Name); err != nil {
			return err
		}
		st, found, err := readState(ctx, tx, shopID, k.Name, id)
		if err != nil {
			return err
		}
		if !found {
			return notFound(k)
		}
		if st.checked != 1 {
			return errs.Conflict("bill.err.notAudited", errs.A("no", st.billNo))
		}
		now := time.Now().UTC()
		if close {
			if st.billStatus == StatusClosed {
				return errs.Conflict("bill.err.orderClosed", errs.A("no", st.billNo))
			}
			_, err = tx.Exec(ctx, "UPDATE bills SET bill_status = ?, version = version + 1, updated_at = ? WHERE id = ?", StatusClosed, now, id)
			return err
		}
		if st.billStatus != StatusClosed {
			return errs.Conflict("bill.err.orderNotClosed", errs.A("no", st.billNo))
		}
		if _, err = tx.Exec(ctx, "UPDATE bills SET bill_status = ?, version = version + 1, updated_at = ? WHERE id = ?", StatusNone, now, id); err != nil {
			return err
		}
		return refreshOrders(ctx, tx, []int64{id})
	})
}
