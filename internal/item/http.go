package item

import "cangshu/internal/server"

// Routes lists the income/expense item endpoints.
func Routes(s *Service) []server.Route {
	const tag = "item"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/item/list", Perm: "settings:item:query", Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: "/api/item/get_update", Perm: "settings:item:query", Tag: tag, H: server.QID("id", h.get)},
		{Method: "GET", Path: "/api/item/nextNumber", Perm: "settings:item:add", Tag: tag, H: h.nextNumber},
		{Method: "POST", Path: "/api/item/add", Perm: "settings:item:add", Log: "log.item.add", Tag: tag, H: server.In(h.create)},
		{Method: "POST", Path: "/api/item/update", Perm: "settings:item:update", Log: "log.item.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: "/api/item/delete", Perm: "settings:item:delete", Log: "log.item.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: "/api/item/disable", Perm: "settings:item:update", Log: "log.item.disable", Tag: tag, H: server.QIDs("id", h.disable)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) list(c *server.Ctx, p server.ListParams) (any, error) {
	typ, err := c.QueryInt("type", 0)
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
	return h.s.List(c.Context(), p, typ, disable == 0)
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) { return h.s.Get(c.Context(), id) }

func (h handlers) nextNumber(c *server.Ctx) (any, error) {
	typ, err := c.QueryInt("type", 0)
	if err != nil {
		return nil, err
	}
	return h.s.NextNumber(c.Context(), typ)
}

func (h handlers) create(c *server.Ctx, in Input) (any, error) { return h.s.Create(c.Context(), in) }

func (h handlers) update(c *server.Ctx, in Input) (any, error) { return h.s.Update(c.Context(), in) }

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	disabled, err := c.QueryInt("disable", 1)
	if err != nil {
		return nil, err
	}
	if err := checkDisable(disabled); err != nil {
		return nil, err
	}
	return c.Batch(ids, func(id int64) error { return h.s.SetDisabled(c.Context(), id, disabled) }), nil
}
