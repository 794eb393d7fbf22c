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

// post audits a document: what it draws down (draw: returns, orders)
// checked under its sources' locks, the contact's and accounts' limits,
// its serials, and the stock moves its family makes (Family.moves).
func post(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) error {
	if err := draw(ctx, tx, k, sys, st, lines); err != nil {
		return err
	}
	if err := checkContactDebt(ctx, tx, k, st); err != nil {
		return err
	}
	if err := checkAccountBalances(ctx, tx, k, st); err != nil {
		return err
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

func unpost(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state) error {
	// The document is a draft again: the sources it drew from follow.
	sources, err := drawnFrom(ctx, tx, k, st)
	if err != nil {
		return err
	}
	if err := release(ctx, tx, k, sources); err != nil {
		return err
	}
	if k.Stock == 0 {
		return nil
	}
	if err := track.UnpostSerials(ctx, tx, st.id); err != nil {
		return fmt.Errorf("serials of bill %d: %w", st.id, err)
	}
	if err := stock.Unpost(ctx, tx, stock.ConfigOf(sys), st.id); err != nil {
		return fmt.Errorf("unpost bill %d: %w", st.id, err)
	}
	return nil
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

// checkContactDebt refuses an audit that would take the contact's debt
// (the signed arrears of its audited documents, this one included) beyond
// dec.MaxBalance, so that the contact lists' balances cannot overflow.
func checkContactDebt(ctx context.Context, tx db.Querier, k *Kind, st state) error {
	if Effects[k.Name].Debt == 0 || st.contactID == 0 {
		return nil
	}
	var debt dec.Dec
	err := tx.QueryRow(ctx, "SELECT "+dec.SumSQL("b.arrears * ("+signCase(func(d, _ int) int { return d })+")")+
		" FROM bills b WHERE b.contact_id = ? AND b.checked = 1", st.contactID).Scan(dec.ScanSum(&debt))
	if err != nil {
		return fmt.Errorf("contact debt: %w", err)
	}
	if debt.Abs().Cmp(dec.MaxBalance) <= 0 {
		return nil
	}
	var name string
	if err := tx.QueryRow(ctx, "SELECT name FROM contacts WHERE id = ?", st.contactID).Scan(&name); err != nil {
		return fmt.Errorf("contact name: %w", err)
	}
	return errs.Invalid("limit.err.contactBalance", errs.A("contact", name), errs.A("max", dec.MaxBalance.String()))
}

// checkAccountBalances refuses an audit that would take the balance of one
// of the document's settlement accounts (opening balance plus the signed
// payments of its audited documents, this one included) beyond
// dec.MaxBalance, so that the account lists' balances cannot overflow.
func checkAccountBalances(ctx context.Context, tx db.Querier, k *Kind, st state) error {
	if Effects[k.Name].Cash == 0 {
		return nil
	}
	ids, err := db.Values[int64](ctx, tx, "SELECT DISTINCT account_id FROM bill_accounts WHERE bill_id = ?", st.id)
	if err != nil {
		return fmt.Errorf("accounts of bill %d: %w", st.id, err)
	}
	for _, id := range ids {
		var flow, opening dec.Dec
		err := tx.QueryRow(ctx, "SELECT "+dec.SumSQL("ba.payment * ("+signCase(func(_, c int) int { return c })+")")+
			" FROM bill_accounts ba JOIN bills b ON b.id = ba.bill_id WHERE ba.account_id = ? AND b.checked = 1", id).Scan(dec.ScanSum(&flow))
		if err != nil {
			return fmt.Errorf("account %d flow: %w", id, err)
		}
		var name string
		if err := tx.QueryRow(ctx, "SELECT name, opening_balance FROM settle_accounts WHERE id = ?", id).Scan(&name, &opening); err != nil {
			return fmt.Errorf("account %d: %w", id, err)
		}
		if flow.Add(opening).Abs().Cmp(dec.MaxBalance) > 0 {
			return errs.Invalid("limit.err.accountBalance", errs.A("account", name), errs.A("max", dec.MaxBalance.String()))
		}
	}
	return nil
}
