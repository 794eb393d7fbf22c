package warehouse

import (
	"context"
	"strings"

	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Service runs the stock query and stocktakes; each use case owns its
// transaction.
type Service struct {
	db    *db.DB
	bills *bill.Service
}

// NewService makes the service; bills saves the documents a stocktake
// generates.
func NewService(d *db.DB, bills *bill.Service) *Service { return &Service{db: d, bills: bills} }

func shopOf(p *server.Principal) (int64, error) {
	if p == nil || p.ShopID == 0 {
		return 0, errs.Invalid("bill.err.noShop")
	}
	return p.ShopID, nil
}

// StockRow is one goods item in one warehouse (summed over SKUs and
// batches): quantity in the base unit and in the goods' units ("3 箱 5 瓶"),
// value and unit cost with the cost right.
type StockRow struct {
	InvID        int64    `json:"invId"`
	InvNumber    string   `json:"invNumber"`
	InvName      string   `json:"invName"`
	InvSpec      string   `json:"invSpec"`
	LocationID   int64    `json:"locationId"`
	LocationName string   `json:"locationName"`
	Qty          dec.Dec  `json:"qty"`
	QtyText      string   `json:"qtyText"`
	BaseUnit     string   `json:"baseUnit"`
	Amount       *dec.Dec `json:"amount,omitempty"`
	UnitCost     *dec.Dec `json:"unitCost,omitempty"`

	unitTypeID, baseUnit int64
	amount               dec.Dec
}

// StockTotals is the totals row of the stock query.
type StockTotals struct {
	Qty    dec.Dec  `json:"qty"`
	Amount *dec.Dec `json:"amount,omitempty"`
}

// QueryFilter is what the stock query selects.
type QueryFilter struct {
	InvID, LocationID, CatID int64
}

// Query is a page of the on-hand stock of the caller's shop per goods and
// warehouse, with a totals row.
func (s *Service) Query(ctx context.Context, p *server.Principal, f QueryFilter, lp server.ListParams) (server.ListPage[StockRow], error) {
	shopID, err := shopOf(p)
	if err != nil {
		return server.ListPage[StockRow]{}, err
	}
	qf := queryFilter{shopID: shopID, goodsID: f.InvID, locationID: f.LocationID, categoryID: f.CatID, match: strings.TrimSpace(lp.MatchCon), rights: p.Rights}
	rows, n, tq, ta, err := stockRows(ctx, s.db, qf, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[StockRow]{}, err
	}
	var typeIDs, ids []int64
	for _, r := range rows {
		typeIDs, ids = append(typeIDs, r.unitTypeID), append(ids, r.baseUnit)
	}
	units, err := unitsOf(ctx, s.db, typeIDs, ids)
	if err != nil {
		return server.ListPage[StockRow]{}, err
	}
	cost := p.Can(bill.CostRight)
	for i := range rows {
		r := &rows[i]
		var mine []unitRow
		for _, u := range units {
			if (r.unitTypeID != 0 && u.typeID == r.unitTypeID) || (r.unitTypeID == 0 && u.id == r.baseUnit) {
				mine = append(mine, u)
			}
			if u.id == r.baseUnit {
				r.BaseUnit = u.name
			}
		}
		r.QtyText = QtyInUnits(r.Qty, mine)
		if cost {
			a := r.amount
			r.Amount = &a
			if r.Qty.Sign() > 0 {
				uc := a.Div(r.Qty).Round(6)
				r.UnitCost = &uc
			}
		}
	}
	page := server.NewListPage(lp, rows, n)
	t := StockTotals{Qty: tq}
	if cost {
		t.Amount = &ta
	}
	page.Userdata = t
	return page, nil
}

// QtyInUnits writes a base quantity in the units of its group, largest
// first, each taking the whole units it can ("41" with 箱 = 12 and 瓶 = 1:
// "3 箱 5 瓶"); what is left below the smallest unit stays as a decimal of
// it; negative quantities carry a minus sign.
func QtyInUnits(qty dec.Dec, units []unitRow) string {
	if len(units) == 0 {
		return qty.String()
	}
	neg := qty.Sign() < 0
	rest := qty.Abs()
	var parts []string
	for i, u := range units {
		if u.rate.Sign() <= 0 {
			continue
		}
		last := i == len(units)-1
		n := rest.Div(u.rate)
		if !last {
			n = floor(n)
		}
		if n.Sign() == 0 && !(last && len(parts) == 0) {
			continue
		}
		parts = append(parts, n.Round(6).String()+" "+u.name)
		rest = rest.Sub(n.Mul(u.rate))
	}
	out := strings.Join(parts, " ")
	if neg {
		out = "-" + out
	}
	return out
}

// floor is the largest whole number ≤ v (v ≥ 0).
func floor(v dec.Dec) dec.Dec {
	r := v.Round(0)
	if v.LessThan(r) {
		r = r.Sub(dec.FromInt(1))
	}
	return r
}
