package goods

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// unitInfo is what the checks need of a unit.
type unitInfo struct {
	name   string
	typeID int64 // 0 = stand-alone
	isBase bool
}

func loadUnit(ctx context.Context, q db.Querier, id int64) (unitInfo, bool, error) {
	var u unitInfo
	var base int
	err := q.QueryRow(ctx, "SELECT name, COALESCE(unit_type_id, 0), is_base FROM units WHERE id = ?", id).Scan(&u.name, &u.typeID, &base)
	if errors.Is(err, sql.ErrNoRows) {
		return u, false, nil
	}
	u.isBase = base == 1
	return u, err == nil, err
}

// checkUnits checks the base unit, the unit group and the group's other
// units. A goods item whose unit is a group's base unit takes that group
// when the client left unitTypeId out.
func checkUnits(ctx context.Context, q db.Querier, in *Input, f *errs.Fields) error {
	if in.UnitID <= 0 {
		return nil
	}
	u, ok, err := loadUnit(ctx, q, in.UnitID)
	if err != nil {
		return fmt.Errorf("check unit: %w", err)
	}
	if !ok {
		f.Add("unitId", "err.notFound", errs.A("what", labelUnit))
		return nil
	}
	if in.UnitTypeID == 0 && u.typeID > 0 && u.isBase {
		in.UnitTypeID = u.typeID
	}
	if in.UnitTypeID == 0 {
		if u.typeID > 0 {
			f.Add("unitId", "goods.err.unitNeedsGroup", errs.A("unit", u.name))
		}
		for i := range in.Units {
			if !in.isBaseRow(i) {
				f.Add(path("units", i)+".unitId", "goods.err.noGroup")
			}
		}
		return nil
	}
	var group string
	err = q.QueryRow(ctx, "SELECT name FROM unit_types WHERE id = ?", in.UnitTypeID).Scan(&group)
	if errors.Is(err, sql.ErrNoRows) {
		f.Add("unitTypeId", "err.notFound", errs.A("what", labelUnitType))
		return nil
	}
	if err != nil {
		return fmt.Errorf("check unit group: %w", err)
	}
	switch {
	case u.typeID != in.UnitTypeID:
		f.Add("unitId", "goods.err.unitOtherGroup", errs.A("unit", u.name), errs.A("group", group))
	case !u.isBase:
		f.Add("unitId", "goods.err.unitNotBase", errs.A("group", group))
	}
	if len(in.otherUnits()) == 0 {
		return nil
	}
	var ids []int64
	for _, x := range in.otherUnits() {
		ids = append(ids, x.UnitID)
	}
	known := map[int64]unitInfo{}
	err = eachRow(ctx, q, func(r *sql.Rows) error {
		var id int64
		var x unitInfo
		var base int
		if err := r.Scan(&id, &x.name, &x.typeID, &base); err != nil {
			return err
		}
		x.isBase = base == 1
		known[id] = x
		return nil
	}, "SELECT id, name, COALESCE(unit_type_id, 0), is_base FROM units WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return fmt.Errorf("check units: %w", err)
	}
	for i, x := range in.Units {
		if in.isBaseRow(i) {
			continue
		}
		p := path("units", i) + ".unitId"
		k, ok := known[x.UnitID]
		switch {
		case x.UnitID <= 0:
		case !ok:
			f.Add(p, "err.notFound", errs.A("what", labelUnit))
		case k.typeID != in.UnitTypeID:
			f.Add(p, "goods.err.unitOtherGroup", errs.A("unit", k.name), errs.A("group", group))
		case x.UnitID == in.UnitID:
			f.Add(p, "goods.err.unitIsBase", errs.A("unit", k.name))
		}
	}
	return nil
}

// checkRefs checks the records the input names: unit and group, category
// (of type trade) and warehouses.
func checkRefs(ctx context.Context, q db.Querier, in *Input, f *errs.Fields) error {
	if err := checkUnits(ctx, q, in, f); err != nil {
		return err
	}
	if in.CategoryID > 0 {
		ok, err := exists(ctx, q, `SELECT 1 FROM assists a JOIN assist_types t ON t.id = a.type_id
			WHERE a.id = ? AND t.number = 'trade'`, in.CategoryID)
		if err != nil {
			return fmt.Errorf("check category: %w", err)
		}
		if !ok {
			f.Add("categoryId", "err.notFound", errs.A("what", labelCategory))
		}
	}
	var locs []int64
	if in.LocationID > 0 {
		locs = append(locs, in.LocationID)
	}
	for _, w := range in.Warnings {
		locs = append(locs, w.LocationID)
	}
	for _, o := range in.Openings {
		locs = append(locs, o.LocationID)
	}
	known, err := db.Existing(ctx, q, "locations", locs)
	if err != nil {
		return err
	}
	bad := func(p string, id int64) {
		if id > 0 && !known[id] {
			f.Add(p, "err.notFound", errs.A("what", labelLocation))
		}
	}
	bad("locationId", in.LocationID)
	for i, w := range in.Warnings {
		bad(path("warnings", i)+".locationId", w.LocationID)
	}
	for i, o := range in.Openings {
		bad(path("openings", i)+".locationId", o.LocationID)
	}
	return nil
}
