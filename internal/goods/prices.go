package goods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Contact types (contacts.type).
const (
	customerType = -10
	supplierType = 10
)

// Price sources (priceSource of a proposal; the first two are the values of
// the priceSequence parameter).
const (
	SourceLevel = "cLevelPrice" // the customer's level price
	SourceLast  = "lastPrice"   // the last audited sale to / purchase from the contact
	SourceSale  = "salePrice"   // nothing else yielded a price: the retail price
	SourcePur   = "purPrice"    // a supplier without a last price: the purchase price
	SourceCost  = "unitCost"    // goods entering a warehouse: its current unit cost there
)

// costRight is the money right to see costs (internal/bill's CostRight;
// master data imports no document package).
const costRight = "money:cost:view"

// Selected is the price proposal for one goods item picked on a document.
// The top-level price fields are those of the base unit (unitId); Last*
// name the contact's latest line in any unit.
type Selected struct {
	InvID       int64           `json:"invId"`
	UnitID      int64           `json:"unitId"`
	LevelPrice  dec.Dec         `json:"levelPrice"`
	LastPrice   *dec.Dec        `json:"lastPrice"`  // null: no audited line for this contact
	LastUnitID  *int64          `json:"lastUnitId"` // the unit of that line
	LastDate    *string         `json:"lastDate"`
	LastBillNo  *string         `json:"lastBillNo"`
	Price       dec.Dec         `json:"price"`
	PriceSource string          `json:"priceSource"`
	Units       []SelectedPrice `json:"units"`
}

// SelectedPrice is the proposal for one unit; Last* name the contact's
// latest line in that unit.
type SelectedPrice struct {
	UnitID      int64    `json:"unitId"`
	LevelPrice  dec.Dec  `json:"levelPrice"`
	LastPrice   *dec.Dec `json:"lastPrice"`
	LastDate    *string  `json:"lastDate"`
	LastBillNo  *string  `json:"lastBillNo"`
	Price       dec.Dec  `json:"price"`
	PriceSource string   `json:"priceSource"`
}

// lastLine is the contact's latest audited line of one goods item in one unit.
type lastLine struct {
	goodsID, unitID, billID, entryID int64
	price                            dec.Dec
	date, billNo                     string
}

// later tells whether a is more recent than b: by document date, then
// document id, then line id.
func (a lastLine) later(b lastLine) bool {
	if a.date != b.date {
		return a.date > b.date
	}
	if a.billID != b.billID {
		return a.billID > b.billID
	}
	return a.entryID > b.entryID
}

// ListBySelected proposes prices for goods picked on a document of contact
// buID in shop shopID (rules: docs/basic-data.md, listBySelected).
// Without the purchase (a supplier) or sales (a customer or none) amount
// right the proposals carry no price and no last document; a contact the
// caller's data rights hide is not found.
func (s *Service) ListBySelected(ctx context.Context, p *server.Principal, ids []int64, buID int64) (any, error) {
	out, supplier, err := s.listBySelected(ctx, p, ids, buID)
	if err != nil {
		return nil, err
	}
	return proposalMoney(supplier).Redact(p, out)
}

func (s *Service) listBySelected(ctx context.Context, p *server.Principal, ids []int64, buID int64) ([]Selected, bool, error) {
	shopID := p.ShopID
	level, supplier := 0, false
	if buID > 0 {
		var typ int
		err := s.db.QueryRow(ctx, "SELECT type, level FROM contacts WHERE id = ?", buID).Scan(&typ, &level)
		if errors.Is(err, sql.ErrNoRows) || (err == nil && !p.Rights.ContactOK(buID, typ)) {
			return nil, false, errs.Field("buId", "err.notFound", errs.A("what", labelContact))
		}
		if err != nil {
			return nil, false, fmt.Errorf("read contact: %w", err)
		}
		supplier = typ == supplierType
		if supplier {
			level = 0
		}
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return nil, false, err
	}
	rows, err := listRowsByIDs(ctx, s.db, ids)
	if err != nil {
		return nil, false, err
	}
	if err := attachDetails(ctx, s.db, rows, sys.PricePlaces); err != nil {
		return nil, false, err
	}
	var last map[[2]int64]lastLine
	if buID > 0 && shopID > 0 && len(rows) > 0 {
		kind := "sales"
		if supplier {
			kind = "purchase"
		}
		if last, err = lastLines(ctx, s.db, shopID, buID, kind, ids); err != nil {
			return nil, false, err
		}
	}
	newest := map[int64]lastLine{} // per goods: the latest line in any unit
	for _, l := range last {
		if n, ok := newest[l.goodsID]; !ok || l.later(n) {
			newest[l.goodsID] = l
		}
	}
	seq := sys.PriceSources()
	out := make([]Selected, 0, len(rows))
	for _, g := range rows {
		sel := Selected{InvID: g.ID, UnitID: g.UnitID, Units: make([]SelectedPrice, 0, len(g.Units))}
		for _, u := range g.Units {
			p := SelectedPrice{UnitID: u.UnitID, LevelPrice: levelPrice(u.Prices, level, supplier, g.DiscountRate1, g.DiscountRate2, sys.PricePlaces)}
			l, ok := last[[2]int64{g.ID, u.UnitID}]
			if ok {
				p.LastPrice, p.LastDate, p.LastBillNo = &l.price, &l.date, &l.billNo
			}
			p.Price, p.PriceSource = resolve(seq, supplier, p.LevelPrice, p.LastPrice, u.Prices)
			sel.Units = append(sel.Units, p)
			if u.IsBase == 1 {
				sel.LevelPrice, sel.Price, sel.PriceSource = p.LevelPrice, p.Price, p.PriceSource
			}
		}
		// The latest line in any unit, also one no longer of the goods' group.
		if n, ok := newest[g.ID]; ok {
			sel.LastPrice, sel.LastUnitID, sel.LastDate, sel.LastBillNo = &n.price, &n.unitID, &n.date, &n.billNo
		}
		out = append(out, sel)
	}
	return out, supplier, nil
}

// resolve applies the price sequence to one unit: the first source that
// yields a price (> 0) wins. A supplier's sequence is fixed: the last
// purchase price, else the purchase price. A customer's ends in the retail
// price when no source of priceSequence yields one.
func resolve(seq []string, supplier bool, level dec.Dec, last *dec.Dec, p Prices) (dec.Dec, string) {
	if supplier {
		if last != nil && last.Sign() > 0 {
			return *last, SourceLast
		}
		return p.PurPrice, SourcePur
	}
	for _, src := range seq {
		switch src {
		case SourceLevel:
			if level.Sign() > 0 {
				return level, SourceLevel
			}
		case SourceLast:
			if last != nil && last.Sign() > 0 {
				return *last, SourceLast
			}
		}
	}
	return p.SalePrice, SourceSale
}

// lastLines reads, in one query for all goods, the contact's latest audited
// line of kind per goods item and unit in the shop. The window runs over the
// contact's lines of these goods only; bill_entries_price and
// bills_contact_kind (migration 0011) serve it from either side.
//
// contactID 0 reads the latest line of any contact.
func lastLines(ctx context.Context, q db.Querier, shopID, contactID int64, kind string, goodsIDs []int64) (map[[2]int64]lastLine, error) {
	contact := ""
	if contactID != 0 {
		contact = " AND b.contact_id = ?"
	}
	query := `SELECT goods_id, unit_id, bill_id, id, price, bill_date, bill_no FROM (
	  SELECT e.goods_id, e.unit_id, e.bill_id, e.id, e.price, b.bill_date, b.bill_no,
	         ROW_NUMBER() OVER (PARTITION BY e.goods_id, e.unit_id ORDER BY b.bill_date DESC, b.id DESC, e.id DESC) AS rn
	  FROM bill_entries e JOIN bills b ON b.id = e.bill_id
	  WHERE e.goods_id IN ` + db.In(len(goodsIDs)) + contact + `
	    AND b.kind = ? AND b.checked = 1 AND b.shop_id = ?
	) t WHERE rn = 1`
	args := db.Args(goodsIDs)
	if contactID != 0 {
		args = append(args, contactID)
	}
	args = append(args, kind, shopID)
	lines, err := db.All(ctx, q, func(r *sql.Rows, l *lastLine) error {
		return r.Scan(&l.goodsID, &l.unitID, &l.billID, &l.entryID, &l.price, &l.date, &l.billNo)
	}, query, args...)
	if err != nil {
		return nil, fmt.Errorf("read last prices: %w", err)
	}
	out := make(map[[2]int64]lastLine, len(lines))
	for _, l := range lines {
		out[[2]int64{l.goodsID, l.unitID}] = l
	}
	return out, nil
}

// ListCosts proposes what goods entering warehouse locationID are worth (the
// unit cost of other stock-in, rules: docs/basic-data.md, listBySelected
// basis=cost): per unit, the goods' current unit cost in that warehouse (its
// value / quantity when it holds a positive quantity, times the unit's rate),
// else the latest audited purchase receipt line of the goods in that unit in
// the shop (any supplier), else the unit's purchase price. The unit cost is
// proposed only to a user who may see costs (seeCost) and use the warehouse,
// and only for a warehouse of the shop.
func (s *Service) ListCosts(ctx context.Context, shopID int64, ids []int64, locationID int64, seeCost bool, r *rights.Set) ([]Selected, error) {
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return nil, err
	}
	rows, err := listRowsByIDs(ctx, s.db, ids)
	if err != nil {
		return nil, err
	}
	if err := attachDetails(ctx, s.db, rows, sys.PricePlaces); err != nil {
		return nil, err
	}
	out := make([]Selected, 0, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	type held struct{ qty, amount dec.Dec }
	stock := map[int64]held{}
	if seeCost && locationID > 0 && r.WarehouseOK(locationID) {
		type row struct {
			goods       int64
			qty, amount dec.Dec
		}
		list, err := db.All(ctx, s.db, func(r *sql.Rows, x *row) error { return r.Scan(&x.goods, &x.qty, &x.amount) },
			`SELECT b.goods_id, SUM(b.qty), SUM(b.amount) FROM stock_balances b
			JOIN shop_locations sl ON sl.location_id = b.location_id AND sl.shop_id = ?
			WHERE b.location_id = ? AND b.goods_id IN `+db.In(len(ids))+`
			GROUP BY b.goods_id`, append([]any{shopID, locationID}, db.Args(ids)...)...)
		if err != nil {
			return nil, fmt.Errorf("read unit costs: %w", err)
		}
		for _, x := range list {
			stock[x.goods] = held{x.qty, x.amount}
		}
	}
	last, err := lastLines(ctx, s.db, shopID, 0, "purchase", ids)
	if err != nil {
		return nil, err
	}
	newest := map[int64]lastLine{}
	for _, l := range last {
		if n, ok := newest[l.goodsID]; !ok || l.later(n) {
			newest[l.goodsID] = l
		}
	}
	for _, g := range rows {
		sel := Selected{InvID: g.ID, UnitID: g.UnitID, Units: make([]SelectedPrice, 0, len(g.Units))}
		h, holds := stock[g.ID]
		holds = holds && h.qty.Sign() > 0
		for _, u := range g.Units {
			p := SelectedPrice{UnitID: u.UnitID, LevelPrice: u.Prices.PurPrice}
			if l, ok := last[[2]int64{g.ID, u.UnitID}]; ok {
				p.LastPrice, p.LastDate, p.LastBillNo = &l.price, &l.date, &l.billNo
			}
			switch {
			case holds:
				p.Price, p.PriceSource = h.amount.Mul(u.Rate).Div(h.qty).Round(sys.PricePlaces), SourceCost
			case p.LastPrice != nil && p.LastPrice.Sign() > 0:
				p.Price, p.PriceSource = *p.LastPrice, SourceLast
			default:
				p.Price, p.PriceSource = u.Prices.PurPrice, SourcePur
			}
			sel.Units = append(sel.Units, p)
			if u.IsBase == 1 {
				sel.LevelPrice, sel.Price, sel.PriceSource = p.LevelPrice, p.Price, p.PriceSource
			}
		}
		if n, ok := newest[g.ID]; ok {
			sel.LastPrice, sel.LastUnitID, sel.LastDate, sel.LastBillNo = &n.price, &n.unitID, &n.date, &n.billNo
		}
		out = append(out, sel)
	}
	return out, nil
}
