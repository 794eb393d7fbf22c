package location

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the warehouse endpoints.
func Routes(s *Service) []server.Route {
	const tag = "invlocation"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/invlocation/list", Perm: "settings:invlocation:query", Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: "/api/invlocation/get_update", Perm: "settings:invlocation:query", Tag: tag, H: server.QID("id", h.get)},
		{Method: "GET", Path: "/api/invlocation/nextNumber", Perm: "settings:invlocation:add", Tag: tag, H: h.nextNumber},
		{Method: "POST", Path: "/api/invlocation/add", Perm: "settings:invlocation:add", Log: "log.location.add", Tag: tag, H: server.In(h.add)},
		{Method: "POST", Path: "/api/invlocation/update", Perm: "settings:invlocation:update", Log: "log.location.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: "/api/invlocation/delete", Perm: "settings:invlocation:delete", Log: "log.location.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: "/api/invlocation/disable", Perm: "settings:invlocation:disable", Log: "log.location.disable", Tag: tag, H: server.QIDs("id", h.disable)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) list(c *server.Ctx, p server.ListParams) (any, error) {
	q, err := listQuery(c)
	if err != nil {
		return nil, err
	}
	return h.s.List(c.Context(), c.User, q, p)
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) { return h.s.Get(c.Context(), c.User, id) }

func (h handlers) nextNumber(c *server.Ctx) (any, error) { return h.s.NextNumber(c.Context()) }

func (h handlers) add(c *server.Ctx, in Input) (any, error) { return h.s.Add(c.Context(), c.User, in) }

func (h handlers) update(c *server.Ctx, in Input) (any, error) {
	return h.s.Update(c.Context(), c.User, in)
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), c.User, id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	d, err := disableParam(c)
	if err != nil {
		return nil, err
	}
	return c.Batch(ids, func(id int64) error { return h.s.SetDisabled(c.Context(), c.User, id, d) }), nil
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
