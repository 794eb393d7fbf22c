package goods

import (
	"context"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// openingsLocked refuses a change of a goods item's opening stock once a
// period is closed (the opening balances are locked: internal/opening);
// openings sent unchanged (the form sends them back) pass.
func openingsLocked(ctx context.Context, q db.Querier, sys sysparam.System, id int64, in []OpeningInput) error {
	if sys.CloseDate == "" || in == nil {
		return nil
	}
	var cur []Opening
	if id > 0 {
		var err error
		if cur, err = loadOpenings(ctx, q, id); err != nil {
			return fmt.Errorf("openings of goods %d: %w", id, err)
		}
	}
	type key struct{ loc, sku int64 }
	have := map[key]Opening{}
	for _, o := range cur {
		if !o.Qty.IsZero() {
			have[key{o.LocationID, o.SkuID}] = o
		}
	}
	n := 0
	for _, o := range in {
		if o.Qty.IsZero() {
			continue
		}
		n++
		h, ok := have[key{o.LocationID, o.SkuID}]
		if !ok || !h.Qty.Equal(o.Qty) || !h.UnitCost.Equal(o.UnitCost) {
			return errs.Field("openings", "opening.err.locked", errs.A("date", sys.CloseDate))
		}
	}
	if n != len(have) {
		return errs.Field("openings", "opening.err.locked", errs.A("date", sys.CloseDate))
	}
	return nil
}
