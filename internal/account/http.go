package account

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the settlement-account endpoints.
func Routes(s *Service) []server.Route {
	const tag = "settAcct"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/settAcct/list", Perm: "settings:settAcct:query", Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: "/api/settAcct/get_update", Perm: "settings:settAcct:query", Tag: tag, H: server.QID("id", h.get)},
		{Method: "GET", Path: "/api/settAcct/nextNumber", Perm: "settings:settAcct:add", Tag: tag, H: h.nextNumber},
		{Method: "POST", Path: "/api/settAcct/add", Perm: "settings:settAcct:add", Log: "log.account.add", Tag: tag, H: server.In(h.add)},
		{Method: "POST", Path: "/api/settAcct/update", Perm: "settings:settAcct:update", Log: "log.account.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: "/api/settAcct/delete", Perm: "settings:settAcct:delete", Log: "log.account.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: "/api/settAcct/disable", Perm: "settings:settAcct:disable", Log: "log.account.disable", Tag: tag, H: server.QIDs("id", h.disable)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) list(c *server.Ctx, p server.ListParams) (any, error) {
	enabled, err := enabledOnly(c)
	if err != nil {
		return nil, err
	}
	typ, err := c.QueryInt("type", 0)
	if err != nil {
		return nil, err
	}
	return h.s.List(c.Context(), ListQuery{Enabled: enabled, Type: typ}, p)
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) { return h.s.Get(c.Context(), id) }

func (h handlers) nextNumber(c *server.Ctx) (any, error) { return h.s.NextNumber(c.Context()) }

func (h handlers) add(c *server.Ctx, in Input) (any, error) { return h.s.Add(c.Context(), in) }

func (h handlers) update(c *server.Ctx, in Input) (any, error) { return h.s.Update(c.Context(), in) }

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return nil, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return c.Batch(ids, func(id int64) error { return h.s.SetDisabled(c.Context(), id, d) }), nil
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
