// Package unit manages units of measure (计量单位) and unit groups (单位组).
// A stand-alone unit has rate 1. A group has one base unit (rate 1) and
// other units, each holding rate base units (箱 = 12 瓶). Goods refer to
// units (usage.Unit) and groups (usage.UnitType): a unit used by goods
// cannot be removed nor change its rate, since quantities already entered
// in it would change meaning.
package unit

import (
	"strconv"
	"strings"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// Unit is one row of /api/unit/list and a unit of a group.
type Unit struct {
	ID           int64   `json:"id"`
	Name         string  `json:"name"`
	UnitTypeID   int64   `json:"unitTypeId"`
	UnitTypeName string  `json:"unitTypeName"`
	Rate         dec.Dec `json:"rate"`
	IsBase       int     `json:"isBase"`
	Disable      int     `json:"disable"`
}

// Input is what /api/unit/add and update send: a stand-alone unit's name
// (or a grouped unit's new name).
type Input struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Group is one row of /api/unitType/list: the group with its units, base
// first, then by rate.
type Group struct {
	ID    int64  `json:"id"`
	Name  string `json:"name"`
	Units []Unit `json:"units"`
}

// GroupInput is what /api/unitType/add and update send. The first unit is
// the base unit.
type GroupInput struct {
	ID    int64       `json:"id"`
	Name  string      `json:"name"`
	Units []GroupUnit `json:"units"`
}

// GroupUnit is one unit of a group as edited; id 0 = a new unit.
type GroupUnit struct {
	ID   int64   `json:"id"`
	Name string  `json:"name"`
	Rate dec.Dec `json:"rate"`
}

// Labels.
const (
	Entity         errs.Key = "unit.entity"
	GroupEntity    errs.Key = "unit.group.entity"
	labelName      errs.Key = "unit.field.name"
	labelGroupName errs.Key = "unit.group.field.name"
	labelUnits     errs.Key = "unit.group.field.units"
	labelRate      errs.Key = "unit.field.rate"
	labelDisable   errs.Key = "unit.field.disable"
	labelUnitType  errs.Key = "unit.field.unitTypeId"
	maxGroupUnits           = 20
	ratePlaces              = 6
)

var one = dec.FromInt(1)

func (in *Input) validate() error {
	in.Name = strings.TrimSpace(in.Name)
	var f errs.Fields
	f.Text("name", labelName, in.Name, true, 100)
	return f.Err()
}

// validate checks a group: a name, 1 to maxGroupUnits units with distinct
// names and ids, the first of rate 1, every other of rate > 1 with at most
// 6 decimals.
func (in *GroupInput) validate() error {
	in.Name = strings.TrimSpace(in.Name)
	var f errs.Fields
	f.Text("name", labelGroupName, in.Name, true, 100)
	switch {
	case len(in.Units) == 0:
		f.Required("units", labelUnits)
	case len(in.Units) > maxGroupUnits:
		f.Add("units", "unit.err.tooMany", errs.A("max", maxGroupUnits))
	}
	names, ids := map[string]bool{}, map[int64]bool{}
	for i := range in.Units {
		u := &in.Units[i]
		u.Name = strings.TrimSpace(u.Name)
		p := "units[" + strconv.Itoa(i) + "]."
		f.Text(p+"name", labelName, u.Name, true, 100)
		if u.Name != "" && names[u.Name] {
			f.Add(p+"name", "unit.err.sameName", errs.A("name", u.Name))
		}
		names[u.Name] = true
		if u.ID < 0 || (u.ID > 0 && ids[u.ID]) {
			f.Add(p+"id", "err.invalid", errs.A("field", errs.Key("field.id")))
		}
		ids[u.ID] = true
		if i == 0 {
			if !u.Rate.Equal(one) && !u.Rate.IsZero() {
				f.Add(p+"rate", "unit.err.baseRate")
			}
			u.Rate = one // a base rate left empty is 1
			continue
		}
		before := f.Len()
		dec.Check(&f, p+"rate", labelRate, u.Rate, ratePlaces, dec.Zero, dec.Max)
		if f.Len() == before && !one.LessThan(u.Rate) {
			f.Add(p+"rate", "unit.err.rate", errs.A("name", u.Name))
		}
	}
	return f.Err()
}

func checkDisable(v int64) error {
	var f errs.Fields
	errs.OneOf(&f, "disable", labelDisable, v, 0, 1)
	return f.Err()
}
