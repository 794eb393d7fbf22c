package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/stock"
	"cangshu/internal/sysparam"
	"cangshu/internal/track"
)

// line is a stored line as posting needs it.
type line struct {
	id, goodsID, skuID, locationID, srcEntryID int64
	srcOrderID, srcOrderEntryID                int64
	inLocationID                               int64
	entryType                                  int
	batch                                      string
	baseQty, amount, taxAmount, unitRate       dec.Dec
}

// linesOf is the lines of a document just written (ids set).
func linesOf(d *Document) []line {
	out := make([]line, len(d.Entries))
	for i, e := range d.Entries {
		out[i] = line{id: e.ID, goodsID: e.InvID, skuID: e.SkuID, locationID: e.LocationID, srcEntryID: e.SrcEntryID,
			srcOrderID: e.SrcOrderID, srcOrderEntryID: e.SrcOrderEntryID, inLocationID: e.InLocationID, entryType: e.EntryType, batch: e.Batch, baseQty: e.BaseQty, amount: e.Amount,
			taxAmount: e.TaxAmount, unitRate: e.UnitRate}
	}
	return out
}

func readLines(ctx context.Context, q db.Querier, billID int64) ([]line, error) {
	return db.All(ctx, q, func(r *sql.Rows, l *line) error {
		return r.Scan(&l.id, &l.goodsID, &l.skuID, &l.locationID, &l.srcEntryID, &l.srcOrderID, &l.srcOrderEntryID, &l.inLocationID, &l.batch, &l.baseQty,
			&l.amount, &l.taxAmount, &l.unitRate, &l.entryType)
	}, `SELECT id, goods_id, COALESCE(sku_id, 0), COALESCE(location_id, 0), COALESCE(src_entry_id, 0), COALESCE(src_order_id, 0),
		COALESCE(src_order_entry_id, 0), COALESCE(in_location_id, 0), batch, base_qty, amount, tax_amount, unit_rate, entry_type
		FROM bill_entries WHERE bill_id = ? ORDER BY line_no`, billID)
}

// post audits a document: the checks of what it draws down (returns,
// orders) under their sources' locks, its serials, and the stock moves its
// family makes (Family.moves).
func post(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) error {
	if k.ReturnOf != "" && st.srcBillID != 0 {
		// Lock the source document (a no-op update takes its row lock on
		// PostgreSQL) so that two returns of it are audited one after the
		// other, each seeing what the other took.
		if _, err := tx.Exec(ctx, "UPDATE bills SET version = version WHERE id = ?", st.srcBillID); err != nil {
			return err
		}
		// The source may have been un-audited since the return was saved:
		// a return of a draft would take its cost from nothing and let the
		// source be edited below what was returned.
		var srcChecked int
		if err := tx.QueryRow(ctx, "SELECT checked FROM bills WHERE id = ?", st.srcBillID).Scan(&srcChecked); err != nil {
			return err
		}
		if srcChecked != 1 {
			return errs.Field("srcBillId", "bill.err.srcNotAudited")
		}
		if err := checkReturned(ctx, tx, st.id); err != nil {
			return err
		}
	}
	if err := postMoney(ctx, tx, k, st, lines); err != nil {
		return err
	}
	if k.OrderKind != "" {
		if err := fulfil(ctx, tx, k, sys, st, lines); err != nil {
			return err
		}
	}
	if k.Stock == 0 {
		return nil
	}
	// Serials first: a serial not in stock is the clearer message when the
	// quantity is short too.
	if err := postSerials(ctx, tx, k, sys, st); err != nil {
		return err
	}
	moves, err := k.family().moves(ctx, tx, k, sys, st, lines)
	if err != nil {
		return fmt.Errorf("stock moves of bill %d: %w", st.id, err)
	}
	if _, err = stock.Post(ctx, tx, stock.ConfigOf(sys), moves); err != nil {
		return fmt.Errorf("post bill %d: %w", st.id, shortOnLines(err, lines))
	}
	return nil
}

// sourceQuantities are the base quantities of a source document's lines.
func sourceQuantities(ctx context.Context, q db.Querier, billID int64) (map[int64]dec.Dec, error) {
	return db.Map[int64, dec.Dec](ctx, q, "SELECT id, base_qty FROM bill_entries WHERE bill_id = ?", billID)
}

// shortOnLines names, on a negative-stock refusal, the quantity of every line
// that takes from the short balance (entries[i].qty), so that the entry page
// marks those lines; other errors pass through.
func shortOnLines(err error, lines []line) error {
	key, ok := stock.ShortOf(err)
	var e *errs.Error
	if !ok || !errors.As(err, &e) {
		return err
	}
	for i, l := range lines {
		if l.goodsID == key.GoodsID && l.skuID == key.SKUID && l.locationID == key.LocationID && l.batch == key.Batch {
			e.Fields = append(e.Fields, errs.FieldError{Path: fmt.Sprintf("entries[%d].qty", i), Key: e.Key, Args: e.Args})
		}
	}
	return err
}

func unpost(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, billID int64) error {
	if err := release(ctx, tx, billID); err != nil {
		return err
	}
	if err := unpostMoney(ctx, tx, billID); err != nil {
		return err
	}
	if k.OrderKind != "" {
		// The document is a draft again: the orders it fulfilled follow.
		ids, err := linkedOrders(ctx, tx, billID)
		if err != nil {
			return err
		}
		if err := refreshOrders(ctx, tx, ids); err != nil {
			return err
		}
	}
	if k.Stock == 0 {
		return nil
	}
	if err := track.UnpostSerials(ctx, tx, billID); err != nil {
		return err
	}
	return stock.Unpost(ctx, tx, stock.ConfigOf(sys), billID)
}

// checkSource checks a return's source document and lines at save time:
// the source is an audited document of the kind returned, of the same
// contact, in the shop; each source line is of that document and of the
// same goods and SKU, and no more is returned than it still has.
func checkSource(ctx context.Context, q db.Querier, k *Kind, shopID, selfID int64, d *Document) error {
	var f errs.Fields
	if d.SrcBillID == 0 {
		return nil
	}
	if k.ReturnOf == "" {
		return errs.Field("srcBillId", "err.invalid", errs.A("field", labelSrcBill))
	}
	var contactID int64
	var checked int
	err := q.QueryRow(ctx, "SELECT COALESCE(contact_id, 0), checked FROM bills WHERE id = ? AND shop_id = ? AND kind = ?",
		d.SrcBillID, shopID, k.ReturnOf).Scan(&contactID, &checked)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.Field("srcBillId", "err.notFound", errs.A("what", labelSrcBill))
	}
	if err != nil {
		return err
	}
	if checked != 1 {
		return errs.Field("srcBillId", "bill.err.srcNotAudited")
	}
	if contactID != d.BuID {
		return errs.Field("buId", "bill.err.srcContact")
	}
	mine := map[int64]dec.Dec{}
	for i, e := range d.Entries {
		if e.SrcEntryID == 0 {
			continue
		}
		path := fmt.Sprintf("entries[%d]", i)
		src, found, err := sourceLine(ctx, q, e.SrcEntryID)
		if err != nil {
			return err
		}
		if !found || src.billID != d.SrcBillID || src.goodsID != e.InvID || src.skuID != e.SkuID {
			f.Add(path+".srcEntryId", "err.notFound", errs.A("what", labelSrcEntry))
			continue
		}
		taken, err := returned(ctx, q, e.SrcEntryID, selfID)
		if err != nil {
			return err
		}
		left := src.baseQty.Sub(taken).Sub(mine[e.SrcEntryID])
		mine[e.SrcEntryID] = mine[e.SrcEntryID].Add(e.BaseQty)
		if e.BaseQty.Cmp(left) > 0 {
			f.Add(path+".qty", "bill.err.returnTooMuch", errs.A("line", i+1), errs.A("goods", src.goodsName), errs.A("max", maxIn(left, e.UnitRate)))
		}
	}
	return f.Err()
}

// maxIn is base quantity left expressed in a line's unit.
func maxIn(left, rate dec.Dec) string {
	if left.Sign() <= 0 {
		return "0"
	}
	if rate.Sign() <= 0 {
		return left.String()
	}
	return left.Div(rate).Round(6).String()
}

type srcLine struct {
	billID, goodsID, skuID int64
	goodsName              string
	baseQty                dec.Dec
}

func sourceLine(ctx context.Context, q db.Querier, entryID int64) (srcLine, bool, error) {
	var s srcLine
	err := q.QueryRow(ctx, `SELECT be.bill_id, be.goods_id, COALESCE(be.sku_id, 0), g.name, be.base_qty
		FROM bill_entries be JOIN goods g ON g.id = be.goods_id WHERE be.id = ?`, entryID).
		Scan(&s.billID, &s.goodsID, &s.skuID, &s.goodsName, &s.baseQty)
	if errors.Is(err, sql.ErrNoRows) {
		return s, false, nil
	}
	return s, err == nil, err
}

// returned is the base quantity audited returns other than selfID took
// from a source line.
func returned(ctx context.Context, q db.Querier, srcEntryID, selfID int64) (dec.Dec, error) {
	var v dec.Dec
	err := q.QueryRow(ctx, `SELECT COALESCE(SUM(be.base_qty), 0) FROM bill_entries be JOIN bills b ON b.id = be.bill_id
		WHERE be.src_entry_id = ? AND b.checked = 1 AND b.id <> ?`, srcEntryID, selfID).Scan(&v)
	return v, err
}

// checkReturned re-checks, while auditing, that the document's lines return
// no more than their source lines have left (other returns may have been
// audited since it was saved).
func checkReturned(ctx context.Context, q db.Querier, billID int64) error {
	type row struct {
		lineNo     int
		srcEntryID int64
		baseQty    dec.Dec
		unitRate   dec.Dec
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error {
		return r.Scan(&v.lineNo, &v.srcEntryID, &v.baseQty, &v.unitRate)
	}, "SELECT line_no, src_entry_id, base_qty, unit_rate FROM bill_entries WHERE bill_id = ? AND src_entry_id IS NOT NULL ORDER BY line_no", billID)
	if err != nil {
		return err
	}
	var f errs.Fields
	mine := map[int64]dec.Dec{}
	for _, r := range rows {
		src, found, err := sourceLine(ctx, q, r.srcEntryID)
		if err != nil || !found {
			return err
		}
		taken, err := returned(ctx, q, r.srcEntryID, billID)
		if err != nil {
			return err
		}
		left := src.baseQty.Sub(taken).Sub(mine[r.srcEntryID])
		mine[r.srcEntryID] = mine[r.srcEntryID].Add(r.baseQty)
		if r.baseQty.Cmp(left) > 0 {
			f.Add(fmt.Sprintf("entries[%d].qty", r.lineNo-1), "bill.err.returnTooMuch", errs.A("line", r.lineNo),
				errs.A("goods", src.goodsName), errs.A("max", maxIn(left, r.unitRate)))
		}
	}
	return f.Err()
}
