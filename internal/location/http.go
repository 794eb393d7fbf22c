package location

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the warehouse endpoints.
func Routes(s *Service) []server.Route {
	const tag = "invlocation"
	return []server.Route{
		{Method: "GET", Path: "/api/invlocation/list", Perm: "settings:invlocation:query", Tag: tag, Summary: "Page of the warehouses the caller sees (page, rows, sidx number|name, sord, matchCon, disable, shopId)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), c.User, q, p)
		})},
		{Method: "GET", Path: "/api/invlocation/get_update", Perm: "settings:invlocation:query", Tag: tag, Summary: "One warehouse (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), c.User, id) })},
		{Method: "GET", Path: "/api/invlocation/nextNumber", Perm: "settings:invlocation:add", Tag: tag, Summary: "The proposed number of a new warehouse", H: func(c *server.Ctx) (any, error) { return s.NextNumber(c.Context()) }},
		{Method: "POST", Path: "/api/invlocation/add", Perm: "settings:invlocation:add", Log: "log.location.add", Tag: tag, Summary: "Create a warehouse (shopIds: the shops using it; empty = the active shop)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Add(c.Context(), c.User, in) })},
		{Method: "POST", Path: "/api/invlocation/update", Perm: "settings:invlocation:update", Log: "log.location.update", Tag: tag, Summary: "Update a warehouse (body with id)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), c.User, in) })},
		{Method: "DELETE", Path: "/api/invlocation/delete", Perm: "settings:invlocation:delete", Log: "log.location.delete", Tag: tag, Summary: "Delete warehouses (?id=1,2); per-id results, refused while in use", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), c.User, id) }), nil
		})},
		{Method: "POST", Path: "/api/invlocation/disable", Perm: "settings:invlocation:disable", Log: "log.location.disable", Tag: tag, Summary: "Disable (disable=1, default) or enable (disable=0) warehouses (?id=1,2); per-id results", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			d, err := disableParam(c)
			if err != nil {
				return nil, err
			}
			return c.Batch(ids, func(id int64) error { return s.SetDisabled(c.Context(), c.User, id, d) }), nil
		})},
	}
}

func listQuery(c *server.Ctx) (ListQuery, error) {
	enabled, err := enabledOnly(c)
	if err != nil {
		return ListQuery{}, err
	}
	shopID, err := c.QueryInt("shopId", 0)
	if err != nil {
		return ListQuery{}, err
	}
	return ListQuery{Enabled: enabled, ShopID: shopID}, nil
}

// enabledOnly reads a list's disable filter: 0 = enabled records only;
// 1 or absent = all.
func enabledOnly(c *server.Ctx) (bool, error) {
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return false, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return d == 0, nil
}

// disableParam reads /disable's disable: 1 (default) disables, 0 enables.
func disableParam(c *server.Ctx) (int64, error) {
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return 0, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return d, nil
}
