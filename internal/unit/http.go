package unit

import "cangshu/internal/server"

// Routes lists the unit and unit group endpoints.
func Routes(s *Service) []server.Route {
	const tag = "unit"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/unit/list", Perm: "settings:unit:query", Tag: tag, H: server.Listed(h.units)},
		{Method: "GET", Path: "/api/unit/get_update", Perm: "settings:unit:query", Tag: tag, H: server.QID("id", h.unit)},
		{Method: "POST", Path: "/api/unit/add", Perm: "settings:unit:add", Log: "log.unit.add", Tag: tag, H: server.In(h.createUnit)},
		{Method: "POST", Path: "/api/unit/update", Perm: "settings:unit:update", Log: "log.unit.update", Tag: tag, H: server.In(h.updateUnit)},
		{Method: "DELETE", Path: "/api/unit/delete", Perm: "settings:unit:delete", Log: "log.unit.delete", Tag: tag, H: server.QIDs("id", h.deleteUnits)},
		{Method: "POST", Path: "/api/unit/disable", Perm: "settings:unit:update", Log: "log.unit.disable", Tag: tag, H: server.QIDs("id", h.disableUnits)},

		{Method: "GET", Path: "/api/unitType/list", Perm: "settings:unitType:query", Tag: tag, H: server.Listed(h.groups)},
		{Method: "GET", Path: "/api/unitType/get_update", Perm: "settings:unitType:query", Tag: tag, H: server.QID("id", h.group)},
		{Method: "POST", Path: "/api/unitType/add", Perm: "settings:unitType:add", Log: "log.unitType.add", Tag: tag, H: server.In(h.createGroup)},
		{Method: "POST", Path: "/api/unitType/update", Perm: "settings:unitType:update", Log: "log.unitType.update", Tag: tag, H: server.In(h.updateGroup)},
		{Method: "DELETE", Path: "/api/unitType/delete", Perm: "settings:unitType:delete", Log: "log.unitType.delete", Tag: tag, H: server.QIDs("id", h.deleteGroups)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) units(c *server.Ctx, p server.ListParams) (any, error) {
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
	return h.s.Units(c.Context(), p, unitTypeID, disable == 0)
}

func (h handlers) unit(c *server.Ctx, id int64) (any, error) { return h.s.Unit(c.Context(), id) }

func (h handlers) createUnit(c *server.Ctx, in Input) (any, error) {
	return h.s.CreateUnit(c.Context(), in)
}

func (h handlers) updateUnit(c *server.Ctx, in Input) (any, error) {
	return h.s.UpdateUnit(c.Context(), in)
}

func (h handlers) deleteUnits(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.DeleteUnit(c.Context(), id) }), nil
}

func (h handlers) disableUnits(c *server.Ctx, ids []int64) (any, error) {
	disabled, err := c.QueryInt("disable", 1)
	if err != nil {
		return nil, err
	}
	if err := checkDisable(disabled); err != nil {
		return nil, err
	}
	return c.Batch(ids, func(id int64) error { return h.s.SetUnitDisabled(c.Context(), id, disabled) }), nil
}

func (h handlers) groups(c *server.Ctx, p server.ListParams) (any, error) {
	return h.s.Groups(c.Context(), p)
}

func (h handlers) group(c *server.Ctx, id int64) (any, error) { return h.s.Group(c.Context(), id) }

func (h handlers) createGroup(c *server.Ctx, in GroupInput) (any, error) {
	return h.s.CreateGroup(c.Context(), in)
}

func (h handlers) updateGroup(c *server.Ctx, in GroupInput) (any, error) {
	return h.s.UpdateGroup(c.Context(), in)
}

func (h handlers) deleteGroups(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.DeleteGroup(c.Context(), id) }), nil
}
