package goods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/sysconf"
)

// Contact types (contacts.type).
const (
	customerType = -10
	supplierType = 10
)

// Selected is the price proposal for one goods item picked on a document.
type Selected struct {
	InvID      int64           `json:"invId"`
	UnitID     int64           `json:"unitId"`
	LevelPrice dec.Dec         `json:"levelPrice"`
	LastPrice  *dec.Dec        `json:"lastPrice"`  // null until documents exist
	LastUnitID *int64          `json:"lastUnitId"` // null until documents exist
	Units      []SelectedPrice `json:"units"`
}

// SelectedPrice is the proposal for one unit.
type SelectedPrice struct {
	UnitID     int64   `json:"unitId"`
	LevelPrice dec.Dec `json:"levelPrice"`
}

// ListBySelected proposes prices for goods picked on a document of contact
// buID: a customer's level price (retail, wholesale, VIP, discount levels of
// the sale price), a supplier's purchase price; no contact: retail.
func (s *Service) ListBySelected(ctx context.Context, ids []int64, buID int64) ([]Selected, error) {
	level, supplier := 0, false
	if buID > 0 {
		var typ int
		err := s.db.QueryRow(ctx, "SELECT type, level FROM contacts WHERE id = ?", buID).Scan(&typ, &level)
		if errors.Is(err, sql.ErrNoRows) {
			return nil, errs.Field("buId", "err.notFound", errs.A("what", labelContact))
		}
		if err != nil {
			return nil, fmt.Errorf("read contact: %w", err)
		}
		supplier = typ == supplierType
		if supplier {
			level = 0
		}
	}
	sys, err := sysconf.ReadSystem(ctx, s.db)
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
	for _, g := range rows {
		sel := Selected{InvID: g.ID, UnitID: g.UnitID, Units: make([]SelectedPrice, 0, len(g.Units))}
		for _, u := range g.Units {
			p := levelPrice(u.Prices, level, supplier, g.DiscountRate1, g.DiscountRate2, sys.PricePlaces)
			sel.Units = append(sel.Units, SelectedPrice{UnitID: u.UnitID, LevelPrice: p})
			if u.IsBase == 1 {
				sel.LevelPrice = p
			}
		}
		out = append(out, sel)
	}
	return out, nil
}
