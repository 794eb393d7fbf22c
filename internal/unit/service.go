package unit

import (
	"context"
	"strconv"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// Service manages units and unit groups.
type Service struct {
	db    *db.DB
	usage *usage.Registry
}

// NewService makes the service; u names the goods using a unit or group.
func NewService(d *db.DB, u *usage.Registry) *Service { return &Service{db: d, usage: u} }

var unitSortable = map[string]string{"name": "u.name", "unitTypeName": "t.name", "rate": "u.rate"}
var groupSortable = map[string]string{"name": "g.name"}

// Units answers a page of units, stand-alone and grouped; unitTypeID -1 =
// any, 0 = stand-alone only.
func (s *Service) Units(ctx context.Context, p server.ListParams, unitTypeID int64, enabledOnly bool) (server.ListPage[Unit], error) {
	if unitTypeID < -1 {
		return server.ListPage[Unit]{}, errs.Field("unitTypeId", "err.invalid", errs.A("field", labelUnitType))
	}
	order, err := p.OrderBy(unitSortable, defaultUnitOrder)
	if err != nil {
		return server.ListPage[Unit]{}, err
	}
	rows, total, err := listUnits(ctx, s.db, filter{unitTypeID: unitTypeID, matchCon: p.MatchCon, enabled: enabledOnly, order: order, limit: p.Rows, offset: p.Offset()})
	if err != nil {
		return server.ListPage[Unit]{}, errs.Wrap("list units", err)
	}
	return server.NewListPage(p, rows, total), nil
}

// Unit reads one unit.
func (s *Service) Unit(ctx context.Context, id int64) (Unit, error) {
	u, err := getUnit(ctx, s.db, id)
	return u, errs.Wrap("get unit", err)
}

// CreateUnit adds a stand-alone unit (rate 1, its own base).
func (s *Service) CreateUnit(ctx context.Context, in Input) (Unit, error) {
	if err := in.validate(); err != nil {
		return Unit{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := unitNameTaken(ctx, tx, "name", 0, in.Name, 0); err != nil {
			return err
		}
		var err error
		id, err = insertUnit(ctx, tx, 0, in.Name, one, 1, 0)
		if db.IsUnique(err) {
			return errs.Duplicate("name", labelName, in.Name)
		}
		return err
	})
	if err != nil {
		return Unit{}, errs.Wrap("create unit", err)
	}
	return s.Unit(ctx, id)
}

// UpdateUnit renames a unit (a grouped unit keeps its group and rate).
func (s *Service) UpdateUnit(ctx context.Context, in Input) (Unit, error) {
	if in.ID <= 0 {
		return Unit{}, errs.Required("id", "field.id")
	}
	if err := in.validate(); err != nil {
		return Unit{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getUnit(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if err := unitNameTaken(ctx, tx, "name", cur.UnitTypeID, in.Name, in.ID); err != nil {
			return err
		}
		err = renameUnit(ctx, tx, in.ID, in.Name)
		if db.IsUnique(err) {
			return errs.Duplicate("name", labelName, in.Name)
		}
		return err
	})
	if err != nil {
		return Unit{}, errs.Wrap("update unit", err)
	}
	return s.Unit(ctx, in.ID)
}

// SetUnitDisabled disables (1) or enables (0) one unit.
func (s *Service) SetUnitDisabled(ctx context.Context, id, disabled int64) error {
	if err := checkDisable(disabled); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getUnit(ctx, tx, id); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable unit", err)
}

// DeleteUnit removes a stand-alone unit, refused while goods use it. A unit
// of a group is removed by editing its group.
func (s *Service) DeleteUnit(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getUnit(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.UnitTypeID != 0 {
			return errs.Conflict("unit.err.inGroup", errs.A("name", cur.Name), errs.A("group", cur.UnitTypeName))
		}
		if err := s.usage.Check(ctx, tx, usage.Unit, Entity, id); err != nil {
			return err
		}
		return s.fk(deleteUnit(ctx, tx, id), Entity)
	})
	return errs.Wrap("delete unit", err)
}

func (s *Service) fk(err error, what errs.Key) error {
	if db.IsForeignKey(err) {
		return errs.Conflict("err.inUse", errs.A("what", what))
	}
	return err
}

// Groups answers a page of unit groups with their units.
func (s *Service) Groups(ctx context.Context, p server.ListParams) (server.ListPage[Group], error) {
	order, err := p.OrderBy(groupSortable, "g.id")
	if err != nil {
		return server.ListPage[Group]{}, err
	}
	rows, total, err := listGroups(ctx, s.db, p.MatchCon, order, p.Rows, p.Offset())
	if err != nil {
		return server.ListPage[Group]{}, errs.Wrap("list unit groups", err)
	}
	return server.NewListPage(p, rows, total), nil
}

// Group reads one group with its units.
func (s *Service) Group(ctx context.Context, id int64) (Group, error) {
	g, err := getGroup(ctx, s.db, id)
	return g, errs.Wrap("get unit group", err)
}

// CreateGroup adds a group with its units.
func (s *Service) CreateGroup(ctx context.Context, in GroupInput) (Group, error) {
	if err := in.validate(); err != nil {
		return Group{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		for i, u := range in.Units {
			if u.ID != 0 {
				return errs.Field(unitPath(i, "id"), "unit.err.notInGroup", errs.A("id", u.ID))
			}
		}
		if err := groupNameTaken(ctx, tx, in.Name, 0); err != nil {
			return err
		}
		var err error
		if id, err = insertGroup(ctx, tx, in.Name); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("name", labelGroupName, in.Name)
			}
			return err
		}
		for i, u := range in.Units {
			if _, err := insertUnit(ctx, tx, id, u.Name, u.Rate, isBase(i), i); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Group{}, errs.Wrap("create unit group", err)
	}
	return s.Group(ctx, id)
}

func isBase(i int) int {
	if i == 0 {
		return 1
	}
	return 0
}

func unitPath(i int, field string) string { return "units[" + strconv.Itoa(i) + "]." + field }

// UpdateGroup saves a group and its units as sent: units left out are
// removed, new ones added. A unit used by goods can be neither removed nor
// re-rated (nor stop or start being the base).
func (s *Service) UpdateGroup(ctx context.Context, in GroupInput) (Group, error) {
	if in.ID <= 0 {
		return Group{}, errs.Required("id", "field.id")
	}
	if err := in.validate(); err != nil {
		return Group{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getGroup(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		old := map[int64]Unit{}
		for _, u := range cur.Units {
			old[u.ID] = u
		}
		kept := map[int64]bool{}
		for i, u := range in.Units {
			if u.ID == 0 {
				continue
			}
			o, ok := old[u.ID]
			if !ok {
				return errs.Field(unitPath(i, "id"), "unit.err.notInGroup", errs.A("id", u.ID))
			}
			kept[u.ID] = true
			if !o.Rate.Equal(u.Rate) || o.IsBase != isBase(i) {
				if err := s.usage.Check(ctx, tx, usage.Unit, Entity, u.ID); err != nil {
					return reRated(err, unitPath(i, "rate"), o.Name)
				}
			}
		}
		for _, o := range cur.Units {
			if kept[o.ID] {
				continue
			}
			if err := s.usage.Check(ctx, tx, usage.Unit, Entity, o.ID); err != nil {
				return removed(err, o.Name)
			}
			if err := s.fk(deleteUnit(ctx, tx, o.ID), Entity); err != nil {
				return err
			}
		}
		if err := groupNameTaken(ctx, tx, in.Name, in.ID); err != nil {
			return err
		}
		if err := renameGroup(ctx, tx, in.ID, in.Name); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("name", labelGroupName, in.Name)
			}
			return err
		}
		// Kept units first take a name no unit has (an invisible
		// separator and the id; PostgreSQL text holds no NUL), so that two units may
		// swap names without tripping the unique index on the way.
		for _, u := range in.Units {
			if u.ID != 0 {
				if err := renameUnit(ctx, tx, u.ID, "\u2063"+strconv.FormatInt(u.ID, 10)); err != nil {
					return err
				}
			}
		}
		for i, u := range in.Units {
			if u.ID == 0 {
				_, err = insertUnit(ctx, tx, in.ID, u.Name, u.Rate, isBase(i), i)
			} else {
				err = updateGroupUnit(ctx, tx, u.ID, u.Name, u.Rate, isBase(i), i)
			}
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Group{}, errs.Wrap("update unit group", err)
	}
	return s.Group(ctx, in.ID)
}

// reRated turns a usage refusal into "this unit's rate cannot change".
func reRated(err error, path, unit string) error {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindConflict {
		return err
	}
	out := errs.Conflict("unit.err.rateInUse", append([]errs.Arg{errs.A("unit", unit)}, e.Args...)...)
	out.Fields = []errs.FieldError{{Path: path, Key: out.Key, Args: out.Args}}
	return out
}

// removed turns a usage refusal into "this unit cannot be removed".
func removed(err error, unit string) error {
	e, ok := errs.As(err)
	if !ok || e.Kind != errs.KindConflict {
		return err
	}
	out := errs.Conflict("unit.err.removeInUse", append([]errs.Arg{errs.A("unit", unit)}, e.Args...)...)
	out.Fields = []errs.FieldError{{Path: "units", Key: out.Key, Args: out.Args}}
	return out
}

// DeleteGroup removes a group and its units, refused while goods use the
// group or one of its units.
func (s *Service) DeleteGroup(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getGroup(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := s.usage.Check(ctx, tx, usage.UnitType, GroupEntity, id); err != nil {
			return err
		}
		for _, u := range cur.Units {
			if err := s.usage.Check(ctx, tx, usage.Unit, Entity, u.ID); err != nil {
				return err
			}
		}
		return s.fk(deleteGroup(ctx, tx, id), GroupEntity)
	})
	return errs.Wrap("delete unit group", err)
}
