package goods

import (
	"context"
	"database/sql"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// openingsLocked refuses a change of a goods item's opening stock on the
// goods form once a period is closed (the opening balances are locked:
// internal/opening), and for goods managed by serial number or batch
// (their opening stock names its serials and batches on the opening
// balances screen); openings sent unchanged (the form sends them back)
// pass.
func openingsLocked(ctx context.Context, q db.Querier, sys sysparam.System, id int64, in *Input, vis rights.Cond) error {
	tracked := (sys.ISSERNUM == 1 && in.IsSerNum == 1) || (sys.ISWARRANTY == 1 && in.IsWarranty == 1)
	if (sys.CloseDate == "" && !tracked) || in.Openings == nil {
		return nil
	}
	refuse := errs.Field("openings", "opening.err.locked", errs.A("date", sys.CloseDate))
	if sys.CloseDate == "" {
		refuse = errs.Field("openings", "goods.err.openingTracked")
	}
	var cur []Opening
	if id > 0 {
		var err error
		if cur, err = loadOpenings(ctx, q, id, vis); err != nil {
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
	for _, o := range in.Openings {
		if o.Qty.IsZero() {
			continue
		}
		n++
		h, ok := have[key{o.LocationID, o.SkuID}]
		if !ok || !h.Qty.Equal(o.Qty) || !h.UnitCost.Equal(o.UnitCost) {
			return refuse
		}
	}
	if n != len(have) {
		return refuse
	}
	return nil
}

// openingScope is the part of a goods item's opening stock the goods form
// shows and replaces for the caller: the warehouses of its shop it may use
// (data rights, docs/rights.md), as on the opening balances screen; all of
// it for ROOT and for the server's own reads (p nil).
func openingScope(p *server.Principal, col string) rights.Cond {
	if p == nil || p.IsRoot() {
		return rights.Cond{}
	}
	return p.Rights.ShopWarehouse(p.ShopID, col)
}

// openingWarehouses refuses an opening line in a warehouse the caller may
// not use, on its field, as if the warehouse did not exist.
func openingWarehouses(ctx context.Context, q db.Querier, p *server.Principal, in *Input, f *errs.Fields) error {
	vis := openingScope(p, "l.id")
	if vis.SQL == "" || len(in.Openings) == 0 {
		return nil
	}
	ids := make([]int64, 0, len(in.Openings))
	for _, o := range in.Openings {
		ids = append(ids, o.LocationID)
	}
	where, args := vis.And("l.id IN "+db.In(len(ids)), db.Args(ids))
	found, err := db.All(ctx, q, func(r *sql.Rows, id *int64) error { return r.Scan(id) }, "SELECT l.id FROM locations l WHERE "+where, args...)
	if err != nil {
		return fmt.Errorf("opening warehouses: %w", err)
	}
	seen := map[int64]bool{}
	for _, id := range found {
		seen[id] = true
	}
	for i, o := range in.Openings {
		if o.LocationID > 0 && !seen[o.LocationID] && !f.Has(path("openings", i)+".locationId") {
			f.Add(path("openings", i)+".locationId", "err.notFound", errs.A("what", labelLocation))
		}
	}
	return nil
}
