package unit

import "cangshu/internal/server"

// Routes lists the unit and unit group endpoints.
func Routes(s *Service) []server.Route {
	const tag = "unit"
	return []server.Route{
		{Method: "GET", Path: "/api/unit/list", Perm: "settings:unit:query", Tag: tag, Summary: "Page of every unit, stand-alone and grouped (unitTypeId= narrows, 0 = stand-alone; matchCon, disable=0 enabled only, sidx name|unitTypeName|rate)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			unitTypeID, err := c.QueryInt("unitTypeId", -1)
			if err != nil {
				return nil, err
			}
			disable, err := c.QueryInt("disable", 1)
			if err != nil {
				return nil, err
			}
			if err := checkDisable(disable); err != nil {
				return nil, err
			}
			return s.Units(c.Context(), p, unitTypeID, disable == 0)
		})},
		{Method: "GET", Path: "/api/unit/get_update", Perm: "settings:unit:query", Tag: tag, Summary: "One unit (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Unit(c.Context(), id) })},
		{Method: "POST", Path: "/api/unit/add", Perm: "settings:unit:add", Log: "log.unit.add", Tag: tag, Summary: "Add a stand-alone unit ({name})", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.CreateUnit(c.Context(), in) })},
		{Method: "POST", Path: "/api/unit/update", Perm: "settings:unit:update", Log: "log.unit.update", Tag: tag, Summary: "Rename a unit ({id, name})", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.UpdateUnit(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/unit/delete", Perm: "settings:unit:delete", Log: "log.unit.delete", Tag: tag, Summary: "Delete stand-alone units (?id=1,2; refused when used by goods or in a group) → [{id, ok, msg}]", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.DeleteUnit(c.Context(), id) }), nil
		})},
		{Method: "POST", Path: "/api/unit/disable", Perm: "settings:unit:update", Log: "log.unit.disable", Tag: tag, Summary: "Disable (disable=1) or enable (disable=0) units (?id=1,2) → [{id, ok, msg}]", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			disabled, err := c.QueryInt("disable", 1)
			if err != nil {
				return nil, err
			}
			if err := checkDisable(disabled); err != nil {
				return nil, err
			}
			return c.Batch(ids, func(id int64) error { return s.SetUnitDisabled(c.Context(), id, disabled) }), nil
		})},

		{Method: "GET", Path: "/api/unitType/list", Perm: "settings:unitType:query", Tag: tag, Summary: "Page of unit groups with their units, base first (matchCon on group or unit names, sidx name)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) { return s.Groups(c.Context(), p) })},
		{Method: "GET", Path: "/api/unitType/get_update", Perm: "settings:unitType:query", Tag: tag, Summary: "One unit group with its units (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Group(c.Context(), id) })},
		{Method: "POST", Path: "/api/unitType/add", Perm: "settings:unitType:add", Log: "log.unitType.add", Tag: tag, Summary: "Add a unit group ({name, units: [{name, rate}]}; the first unit is the base, rate 1; others rate > 1)", H: server.In(func(c *server.Ctx, in GroupInput) (any, error) { return s.CreateGroup(c.Context(), in) })},
		{Method: "POST", Path: "/api/unitType/update", Perm: "settings:unitType:update", Log: "log.unitType.update", Tag: tag, Summary: "Save a unit group with its units ({id, name, units: [{id?, name, rate}]}); units used by goods keep their rate and cannot be removed", H: server.In(func(c *server.Ctx, in GroupInput) (any, error) { return s.UpdateGroup(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/unitType/delete", Perm: "settings:unitType:delete", Log: "log.unitType.delete", Tag: tag, Summary: "Delete unit groups with their units (?id=1,2; refused when used by goods) → [{id, ok, msg}]", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.DeleteGroup(c.Context(), id) }), nil
		})},
	}
}
