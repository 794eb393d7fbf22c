package assist

import "cangshu/internal/server"

// Permissions of the routes serving several screens: the service requires
// the one the request's type needs (payment methods, attribute values,
// categories).
const (
	permQuery  = "settings:assist:query|settings:assistSku:query|settings:payMethod:query"
	permAdd    = "settings:assist:add|settings:assistSku:add|settings:payMethod:add"
	permUpdate = "settings:assist:update|settings:assistSku:update|settings:payMethod:update"
	permDelete = "settings:assist:delete|settings:assistSku:delete|settings:payMethod:delete"
)

// Routes lists the assist and assistType endpoints.
func Routes(s *Service) []server.Route {
	const tag = "assist"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/assistType/list", Perm: "settings:assist:query|settings:assistSku:query", Tag: tag, H: server.Listed(h.types)},
		{Method: "GET", Path: "/api/assistType/get_update", Perm: "settings:assist:query|settings:assistSku:query", Tag: tag, H: server.QID("id", h.getType)},
		{Method: "GET", Path: "/api/assistType/nextNumber", Perm: "settings:assistSku:add", Tag: tag, H: h.nextTypeNumber},
		{Method: "POST", Path: "/api/assistType/add", Perm: "settings:assistSku:add", Log: "log.assistType.add", Tag: tag, H: server.In(h.createType)},
		{Method: "POST", Path: "/api/assistType/update", Perm: "settings:assistSku:update", Log: "log.assistType.update", Tag: tag, H: server.In(h.updateType)},
		{Method: "DELETE", Path: "/api/assistType/delete", Perm: "settings:assistSku:delete", Log: "log.assistType.delete", Tag: tag, H: server.QIDs("id", h.deleteTypes)},

		{Method: "GET", Path: "/api/assist/list", Perm: permQuery, Tag: tag, H: server.Listed(h.list)},
		{Method: "GET", Path: "/api/assist/options", Perm: permQuery, Tag: tag, H: h.options},
		{Method: "GET", Path: "/api/assist/get_update", Perm: permQuery, Tag: tag, H: server.QID("id", h.get)},
		{Method: "POST", Path: "/api/assist/add", Perm: permAdd, Log: "log.assist.add", Tag: tag, H: server.In(h.create)},
		{Method: "POST", Path: "/api/assist/update", Perm: permUpdate, Log: "log.assist.update", Tag: tag, H: server.In(h.update)},
		{Method: "DELETE", Path: "/api/assist/delete", Perm: permDelete, Log: "log.assist.delete", Tag: tag, H: server.QIDs("id", h.delete)},
		{Method: "POST", Path: "/api/assist/disable", Perm: permUpdate, Log: "log.assist.disable", Tag: tag, H: server.QIDs("id", h.disable)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) types(c *server.Ctx, p server.ListParams) (any, error) {
	kind, err := c.QueryInt("kind", -1)
	if err != nil {
		return nil, err
	}
	return h.s.Types(c.Context(), CallerOf(c), kind, p)
}

func (h handlers) getType(c *server.Ctx, id int64) (any, error) {
	return h.s.GetType(c.Context(), CallerOf(c), id)
}

func (h handlers) nextTypeNumber(c *server.Ctx) (any, error) { return h.s.NextTypeNumber(c.Context()) }

func (h handlers) createType(c *server.Ctx, in TypeInput) (any, error) {
	return h.s.CreateType(c.Context(), CallerOf(c), in)
}

func (h handlers) updateType(c *server.Ctx, in TypeInput) (any, error) {
	return h.s.UpdateType(c.Context(), CallerOf(c), in)
}

func (h handlers) deleteTypes(c *server.Ctx, ids []int64) (any, error) {
	who := CallerOf(c)
	return c.Batch(ids, func(id int64) error { return h.s.DeleteType(c.Context(), who, id) }), nil
}

func (h handlers) list(c *server.Ctx, p server.ListParams) (any, error) {
	f, err := filterOf(c)
	if err != nil {
		return nil, err
	}
	return h.s.List(c.Context(), CallerOf(c), f, p)
}

func (h handlers) options(c *server.Ctx) (any, error) {
	typeID, err := c.QueryInt("typeId", 0)
	if err != nil {
		return nil, err
	}
	return h.s.Options(c.Context(), CallerOf(c), typeID, c.Query("typeNumber"))
}

func (h handlers) get(c *server.Ctx, id int64) (any, error) {
	return h.s.Get(c.Context(), CallerOf(c), id)
}

func (h handlers) create(c *server.Ctx, in Input) (any, error) {
	return h.s.Create(c.Context(), CallerOf(c), in)
}

func (h handlers) update(c *server.Ctx, in Input) (any, error) {
	return h.s.Update(c.Context(), CallerOf(c), in)
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	who := CallerOf(c)
	return c.Batch(ids, func(id int64) error { return h.s.Delete(c.Context(), who, id) }), nil
}

func (h handlers) disable(c *server.Ctx, ids []int64) (any, error) {
	disabled, err := c.QueryInt("disable", 1)
	if err != nil {
		return nil, err
	}
	if err := checkDisable(disabled); err != nil {
		return nil, err
	}
	who := CallerOf(c)
	return c.Batch(ids, func(id int64) error { return h.s.SetDisabled(c.Context(), who, id, disabled) }), nil
}

// filterOf reads the list filters: the type and disable (0 = enabled only).
func filterOf(c *server.Ctx) (Filter, error) {
	typeID, err := c.QueryInt("typeId", 0)
	if err != nil {
		return Filter{}, err
	}
	disable, err := c.QueryInt("disable", 1)
	if err != nil {
		return Filter{}, err
	}
	if err := checkDisable(disable); err != nil {
		return Filter{}, err
	}
	return Filter{TypeID: typeID, TypeNumber: c.Query("typeNumber"), EnabledOnly: disable == 0}, nil
}
