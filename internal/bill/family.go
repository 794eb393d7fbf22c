package bill

import (
	"context"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/stock"
	"cangshu/internal/sysparam"
)

// Family is the behaviour a family of kinds brings to the document engine,
// which keeps the life cycle (numbering, version, save, audit, un-audit,
// batches, list, export, rights): who the contact is, what a line carries
// beyond the shared fields, whether the document moves money, and the
// stock moves of an audited document. Trade (purchase and sales documents
// and orders), Inventory (warehouse documents) and Fund (money documents
// and invoices) are the families.
type Family interface {
	// contactRule: the kind requires a contact (contactRequired), allows
	// one (contactOptional) or has none (contactNone).
	contactRule(k *Kind) int
	// money: the document carries prices, a discount and settlement lines.
	money() bool
	// line completes and checks the family's fields of line i.
	line(k *Kind, in *Input, e EntryInput, l *Entry, locs map[int64]bool, p func(string) string, f *errs.Fields)
	// document checks the document as a whole once its lines are built.
	document(k *Kind, sys sysparam.System, in *Input, d *Document, f *errs.Fields)
	// moves are the stock moves of the audited document st.
	moves(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) ([]stock.Move, error)
	// moneyMoves are the money effects of the audited document st on
	// contacts and settlement accounts (money.go).
	moneyMoves(ctx context.Context, tx db.Querier, k *Kind, st state, lines []line) ([]MoneyMove, error)
}

const (
	contactNone     = -1
	contactOptional = 0
	contactRequired = 1
)

// The families.
var (
	Trade     Family = tradeFamily{}
	Inventory Family = inventoryFamily{}
)

// family is the kind's family (Trade when unset).
func (k *Kind) family() Family {
	if k.Family == nil {
		return Trade
	}
	return k.Family
}

// tradeFamily: purchase and sales documents and orders. A contact of the
// kind's type is required; lines carry prices; stock moves one per line,
// signed by the kind (docs/stock.md for the costs).
type tradeFamily struct{}

func (tradeFamily) contactRule(*Kind) int { return contactRequired }
func (tradeFamily) money() bool           { return true }
func (tradeFamily) line(*Kind, *Input, EntryInput, *Entry, map[int64]bool, func(string) string, *errs.Fields) {
}
func (tradeFamily) document(_ *Kind, _ sysparam.System, in *Input, _ *Document, f *errs.Fields) {
	if in.Fee.Sign() != 0 {
		f.Add("fee", "err.invalid", errs.A("field", labelFee))
	}
}

func (tradeFamily) moneyMoves(ctx context.Context, tx db.Querier, k *Kind, st state, _ []line) ([]MoneyMove, error) {
	return tradeMoney(ctx, tx, k, st)
}

// moves: a receipt's cost is its line amount (net of tax) less its share of
// the document discount (discountShares); a return made from a source line
// comes back at that line's cost, in proportion to the quantity returned;
// everything else is costed by the engine from the balance (a return
// without source ignores its document discount: its cost is the
// balance's, not its price).
func (tradeFamily) moves(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, st state, lines []line) ([]stock.Move, error) {
	var err error
	var srcCosts map[int64]dec.Dec
	srcQty := map[int64]dec.Dec{}
	if st.srcBillID != 0 {
		if srcCosts, err = stock.EntryCosts(ctx, tx, st.srcBillID); err != nil {
			return nil, err
		}
		if srcQty, err = sourceQuantities(ctx, tx, st.srcBillID); err != nil {
			return nil, err
		}
	}
	receipt := k.Stock > 0 && k.ReturnOf == ""
	var shares []dec.Dec
	if receipt && st.disAmount.Sign() > 0 {
		amounts, taxAmounts := make([]dec.Dec, len(lines)), make([]dec.Dec, len(lines))
		for i, l := range lines {
			amounts[i], taxAmounts[i] = l.amount, l.taxAmount
		}
		shares = discountShares(st.disAmount, amounts, taxAmounts, sys.AmountPlaces)
	}
	sign := dec.FromInt(int64(k.Stock))
	moves := make([]stock.Move, 0, len(lines))
	for i, l := range lines {
		m := stock.Move{Key: stock.Key{GoodsID: l.goodsID, SKUID: l.skuID, LocationID: l.locationID, Batch: l.batch},
			Date: st.date, Qty: l.baseQty.Mul(sign), Kind: k.Name, BillID: st.id, EntryID: l.id}
		switch {
		case l.srcEntryID != 0:
			cost, okC := srcCosts[l.srcEntryID]
			q, okQ := srcQty[l.srcEntryID]
			if okC && okQ && q.Sign() > 0 {
				m.Given = true
				if l.baseQty.Equal(q) {
					m.Amount = cost.Mul(sign)
				} else {
					m.Amount = cost.Mul(l.baseQty).Div(q).Round(sys.AmountPlaces).Mul(sign)
				}
			}
		case receipt:
			m.Given = true
			m.Amount = l.amount
			if shares != nil {
				m.Amount = l.amount.Sub(shares[i])
			}
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// inventoryFamily: warehouse documents (transfers, other stock-in and
// stock-out). No settlement lines, no discount, no tax. A stock-in's price
// is its cost in; a stock-out and a transfer carry no price (the server
// sets the cost). A transfer line leaves its out warehouse (locationId, or
// outLocationId) for its in warehouse (inLocationId): two moves, the in-move
// taking the out-move's cost (stock.RoleOut/RoleIn). The contact is
// optional (a supplier on a stock-in, a customer on a stock-out) and absent
// on a transfer.
type inventoryFamily struct{}

func (inventoryFamily) contactRule(k *Kind) int {
	if k.ContactType == 0 {
		return contactNone
	}
	return contactOptional
}
func (inventoryFamily) money() bool { return false }

// moneyMoves: warehouse documents move no money.
func (inventoryFamily) moneyMoves(context.Context, db.Querier, *Kind, state, []line) ([]MoneyMove, error) {
	return nil, nil
}

func (inventoryFamily) line(k *Kind, in *Input, e EntryInput, l *Entry, locs map[int64]bool, p func(string) string, f *errs.Fields) {
	l.DiscountRate = dec.Zero
	if k.Stock < 0 {
		l.Price = dec.Zero // leaves at the balance's cost
	}
	if k.Combination {
		l.EntryType = e.EntryType
		if l.EntryType != entryProduct && l.EntryType != entryPart {
			f.Add(p("entryType"), "err.invalid", errs.A("field", labelEntryType))
		}
		l.Price = dec.Zero // costs come from the stock engine
	}
	if !k.Transfer {
		return
	}
	if e.OutLocationID != 0 {
		l.LocationID = e.OutLocationID
	} else if e.LocationID == 0 && in.OutLocationID != 0 {
		l.LocationID = in.OutLocationID
	}
	l.InLocationID = e.InLocationID
	if l.InLocationID == 0 {
		l.InLocationID = in.InLocationID
	}
	switch {
	case l.InLocationID == 0:
		f.Required(p("inLocationId"), labelInLocation)
	case !locs[l.InLocationID]:
		f.Add(p("inLocationId"), "err.notFound", errs.A("what", labelInLocation))
	case l.InLocationID == l.LocationID:
		f.Add(p("inLocationId"), "bill.err.sameLocation")
	}
}

// document: an assembly or disassembly has one product line and at least
// one part; its fee is ≥ 0. Other kinds have no fee.
func (inventoryFamily) document(k *Kind, sys sysparam.System, in *Input, d *Document, f *errs.Fields) {
	if !k.Combination {
		if in.Fee.Sign() != 0 {
			f.Add("fee", "err.invalid", errs.A("field", labelFee))
		}
		return
	}
	dec.CheckNonNeg(f, "fee", labelFee, in.Fee, sys.AmountPlaces)
	d.Fee = in.Fee
	products, parts := 0, 0
	for _, e := range d.Entries {
		switch e.EntryType {
		case entryProduct:
			products++
		case entryPart:
			parts++
		}
	}
	switch {
	case products == 0:
		f.Add("entries", "bill.err.noProduct")
	case products > 1:
		f.Add("entries", "bill.err.oneProduct")
	}
	if parts == 0 {
		f.Add("entries", "bill.err.noPart")
	}
}

// Line types of assembly and disassembly (bill_entries.entry_type).
const (
	entryProduct = 1
	entryPart    = 2
)

func (inventoryFamily) moves(ctx context.Context, tx db.Querier, k *Kind, _ sysparam.System, st state, lines []line) ([]stock.Move, error) {
	if k.Combination {
		return combinationMoves(ctx, tx, k, st, lines)
	}
	moves := make([]stock.Move, 0, 2*len(lines))
	for _, l := range lines {
		key := stock.Key{GoodsID: l.goodsID, SKUID: l.skuID, LocationID: l.locationID, Batch: l.batch}
		m := stock.Move{Key: key, Date: st.date, Qty: l.baseQty, Kind: k.Name, BillID: st.id, EntryID: l.id}
		switch {
		case k.ValueOnly:
			m.Qty, m.Amount, m.ValueOnly = dec.Zero, l.amount, true
		case k.Transfer:
			m.Qty, m.Role = l.baseQty.Neg(), stock.RoleOut
			in := stock.Move{Key: key, Date: st.date, Qty: l.baseQty, Kind: k.Name, BillID: st.id, EntryID: l.id, Role: stock.RoleIn}
			in.LocationID = l.inLocationID
			moves = append(moves, m, in)
			continue
		case k.Stock < 0:
			m.Qty = l.baseQty.Neg()
		default:
			m.Given, m.Amount = true, l.amount
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// combinationMoves: an assembly (153301) takes its parts out at their cost
// and brings the product in at Σ parts' cost + fee; a disassembly (153302)
// takes the product out and brings the parts in sharing (product cost +
// fee) in proportion to each part's base quantity × the unit cost of its
// balance when audited (where that balance is empty: of the goods over
// every warehouse; all zero: to quantity), the last part line taking
// the remainder. The weights are kept on the moves: a recost of the
// product redistributes by the same weights.
func combinationMoves(ctx context.Context, tx db.Querier, k *Kind, st state, lines []line) ([]stock.Move, error) {
	var product int64
	for _, l := range lines {
		if l.entryType == entryProduct {
			product = l.id
		}
	}
	if product == 0 {
		return nil, errs.Field("entries", "bill.err.noProduct")
	}
	assembly := st.transType != TransTypeDisassembly
	moves := make([]stock.Move, 0, len(lines))
	for _, l := range lines {
		key := stock.Key{GoodsID: l.goodsID, SKUID: l.skuID, LocationID: l.locationID, Batch: l.batch}
		m := stock.Move{Key: key, Date: st.date, Qty: l.baseQty, Kind: k.Name, BillID: st.id, EntryID: l.id, FeedKey: product}
		if (l.entryType == entryProduct) == assembly {
			m.Role, m.Fee = stock.RoleIn, st.fee
			if !assembly {
				qty, value, err := stock.Balance(ctx, tx, key)
				if err == nil && qty.Sign() <= 0 {
					// None where it comes in: the goods' unit cost over every warehouse.
					qty, value, err = stock.GoodsBalance(ctx, tx, l.goodsID, l.skuID)
				}
				if err != nil {
					return nil, fmt.Errorf("unit cost of line %d: %w", l.id, err)
				}
				if qty.Sign() > 0 && value.Sign() > 0 {
					m.Weight = value.Mul(l.baseQty).Div(qty).Round(6)
				}
			}
		} else {
			m.Role, m.Qty = stock.RoleOut, l.baseQty.Neg()
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// Transaction type of a disassembly (an assembly is the kind's own).
const TransTypeDisassembly = 153302
