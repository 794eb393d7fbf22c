package location

import (
	"context"
	"fmt"

	"cangshu/internal/coding"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// Service manages warehouses.
type Service struct {
	db    *db.DB
	usage *usage.Registry
}

// NewService makes the service; u names the records using a warehouse.
func NewService(d *db.DB, u *usage.Registry) *Service { return &Service{db: d, usage: u} }

func scopeOf(p *server.Principal) scope {
	return scope{root: p.IsRoot(), shopID: p.ShopID, rights: p.Rights}
}

// all is ROOT's scope, for reading back what the caller just saved.
var all = scope{root: true}

// ListQuery is the list's filters: matchCon, enabled only (disable=0), and
// shopId (narrows ROOT's list; another shop gives a caller nothing).
type ListQuery struct {
	Enabled bool
	ShopID  int64
}

var sortable = map[string]string{"number": "l.number", "name": "l.name"}

// List is a page of the warehouses the caller sees.
func (s *Service) List(ctx context.Context, p *server.Principal, q ListQuery, lp server.ListParams) (server.ListPage[Location], error) {
	order, err := lp.OrderBy(sortable, "l.number")
	if err != nil {
		return server.ListPage[Location]{}, err
	}
	list, total, err := listLocations(ctx, s.db, scopeOf(p), filter{matchCon: lp.MatchCon, enabled: q.Enabled, shopID: q.ShopID},
		order, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[Location]{}, fmt.Errorf("list warehouses: %w", err)
	}
	return server.NewListPage(lp, list, total), nil
}

// Get reads a warehouse the caller sees.
func (s *Service) Get(ctx context.Context, p *server.Principal, id int64) (Location, error) {
	l, err := getLocation(ctx, s.db, scopeOf(p), id)
	return l, errs.Wrap("get warehouse", err)
}

// Next is the proposed number of a new record.
type Next struct {
	Number string `json:"number"`
}

// NextNumber proposes the next warehouse number.
func (s *Service) NextNumber(ctx context.Context) (Next, error) {
	n, err := coding.NextFor(ctx, s.db, "invlocation")
	return Next{Number: n}, err
}

// Add creates a warehouse used by in.ShopIDs (the caller's active shop when
// empty). An empty number is given the next one.
func (s *Service) Add(ctx context.Context, p *server.Principal, in Input) (Location, error) {
	if err := in.validate(false); err != nil {
		return Location{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		shops, err := shopsFor(ctx, tx, p, in.ShopIDs, nil)
		if err != nil {
			return err
		}
		if in.Number, err = coding.Assign(ctx, tx, "invlocation", in.Number); err != nil {
			return err
		}
		if err := duplicateNumber(ctx, tx, in.Number, 0); err != nil {
			return err
		}
		if id, err = insertLocation(ctx, tx, in); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("number", labelNumber, in.Number)
			}
			return err
		}
		return setShops(ctx, tx, id, shops)
	})
	if err != nil {
		return Location{}, errs.Wrap("add warehouse", err)
	}
	return getLocation(ctx, s.db, all, id)
}

// Update changes a warehouse the caller sees. in.ShopIDs replaces the shops
// the caller may manage (empty: the active shop); links to shops the caller
// does not belong to stay.
func (s *Service) Update(ctx context.Context, p *server.Principal, in Input) (Location, error) {
	if in.ID <= 0 {
		return Location{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getLocation(ctx, tx, scopeOf(p), in.ID)
		if err != nil {
			return err
		}
		if err := in.validate(true); err != nil {
			return err
		}
		shops, err := shopsFor(ctx, tx, p, in.ShopIDs, cur.ShopIDs)
		if err != nil {
			return err
		}
		if err := duplicateNumber(ctx, tx, in.Number, in.ID); err != nil {
			return err
		}
		if err := updateLocation(ctx, tx, in.ID, in); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("number", labelNumber, in.Number)
			}
			return err
		}
		return setShops(ctx, tx, in.ID, shops)
	})
	if err != nil {
		return Location{}, errs.Wrap("update warehouse", err)
	}
	return getLocation(ctx, s.db, all, in.ID)
}

// shopsFor resolves the shops a saved warehouse is used by: given (or the
// caller's active shop), each an existing shop the caller may manage (ROOT:
// any; others: the shops they belong to), plus the current links to shops
// the caller does not belong to, which only their members may change.
func shopsFor(ctx context.Context, q db.Querier, p *server.Principal, given, current []int64) ([]int64, error) {
	given = distinct(given)
	if len(given) == 0 {
		if p.ShopID <= 0 {
			return nil, errs.Required("shopIds", labelShops)
		}
		given = []int64{p.ShopID}
	}
	exists, err := db.Existing(ctx, q, "shops", given)
	if err != nil {
		return nil, err
	}
	var mine map[int64]bool
	if !p.IsRoot() {
		if mine, err = memberShops(ctx, q, p.UserID); err != nil {
			return nil, err
		}
	}
	for _, id := range given {
		// One message for "unknown" and "not yours": a caller learns nothing
		// about shops they do not belong to.
		if !exists[id] || (mine != nil && !mine[id]) {
			return nil, errs.Field("shopIds", "location.err.badShop", errs.A("id", id))
		}
	}
	if mine != nil {
		for _, id := range current {
			if !mine[id] {
				given = append(given, id)
			}
		}
	}
	return given, nil
}

// Delete removes a warehouse the caller sees, unless something uses it or
// (for a caller who is not ROOT) a shop they do not belong to also uses it.
func (s *Service) Delete(ctx context.Context, p *server.Principal, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getLocation(ctx, tx, scopeOf(p), id)
		if err != nil {
			return err
		}
		if !p.IsRoot() {
			mine, err := memberShops(ctx, tx, p.UserID)
			if err != nil {
				return err
			}
			for _, sh := range cur.ShopIDs {
				if !mine[sh] {
					return errs.Conflict("location.err.shared", errs.A("name", cur.Name))
				}
			}
		}
		return s.usage.Delete(ctx, tx, usage.Location, Entity, id, func() error { return deleteLocation(ctx, tx, id) })
	})
	return errs.Wrap("delete warehouse", err)
}

// SetDisabled disables (1) or enables (0) a warehouse the caller sees.
func (s *Service) SetDisabled(ctx context.Context, p *server.Principal, id, disabled int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getLocation(ctx, tx, scopeOf(p), id); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable warehouse", err)
}
