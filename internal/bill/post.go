package bill

import (
	"context"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
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

// post audits a document: what it draws down (draw: returns, orders,
// settlements, invoices)
// checked under its sources' locks (sources the caller's data rights rs
// hide are not found), the contact's and accounts' limits,
// its serials, and the stock moves its family makes (Family.moves). It
// answers the lines' costs by entry id (stock.CostsOf; nil for a kind
// without stock).
func post(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, rs *rights.Set, st state, lines []line) (map[int64]dec.Dec, error) {
	if err := draw(ctx, tx, k, sys, rs, st, lines); err != nil {
		return nil, err
	}
	money, err := postMoney(ctx, tx, k, st, lines)
	if err != nil {
		return nil, err
	}
	var costs map[int64]dec.Dec
	if k.Stock != 0 {
		if costs, err = postStock(ctx, tx, k, sys, st, lines); err != nil {
			return nil, err
		}
	}
	// The balance rows after the stock (see addBalances), or later still.
	if st.money != nil {
		st.money.add(money)
		return costs, nil
	}
	return costs, addBalances(ctx, tx, money)
}

// postStock writes the document's serials and stock moves and answers the
// lines' costs.
func postStock(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) (map[int64]dec.Dec, error) {
	// Serials first: a serial not in stock is the clearer message when the
	// quantity is short too.
	if err := postSerials(ctx, tx, k, sys, st); err != nil {
		return nil, err
	}
	moves, err := k.family().moves(ctx, tx, k, sys, st, lines)
	if err != nil {
		return nil, fmt.Errorf("stock moves of bill %d: %w", st.id, err)
	}
	costs, err := stock.Post(ctx, tx, stock.ConfigOf(sys), moves)
	if err != nil {
		return nil, fmt.Errorf("post bill %d: %w", st.id, shortOnLines(err, lines))
	}
	return stock.CostsOf(moves, costs), nil
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
	if k.Stock != 0 {
		if err := track.UnpostSerials(ctx, tx, st.id); err != nil {
			return fmt.Errorf("serials of bill %d: %w", st.id, err)
		}
		if err := stock.Unpost(ctx, tx, stock.ConfigOf(sys), st.id); err != nil {
			return fmt.Errorf("unpost bill %d: %w", st.id, err)
		}
	}
	// Its money moves, after the stock (the order of locks, see addBalances).
	return unpostMoney(ctx, tx, st.id)
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
