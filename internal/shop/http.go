package shop

import "cangshu/internal/server"

// Routes lists the shop endpoints.
func Routes(s *Service) []server.Route {
	const tag = "shop"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/shops/page", Perm: "sys:shop:query", Tag: tag, H: server.Paged(h.page)},
		{Method: "GET", Path: "/api/shops/options", Tag: tag, H: h.options},
		{Method: "GET", Path: "/api/shops/{id}/form", Perm: "sys:shop:edit", Tag: tag, H: server.ID("id", h.form)},
		{Method: "POST", Path: "/api/shops/{$}", Perm: "sys:shop:add", Log: "log.shop.create", Tag: tag, H: server.In(h.create)},
		{Method: "POST", Path: "/api/shops/{id}", Perm: "sys:shop:edit", Log: "log.shop.update", Tag: tag, H: server.IDIn("id", h.update)},
		{Method: "DELETE", Path: "/api/shops/{ids}", Perm: "sys:shop:delete", Log: "log.shop.delete", Tag: tag, H: server.IDs("ids", h.delete)},
		{Method: "GET", Path: "/api/shops/{id}/users", Perm: "sys:shop:query", Tag: tag, H: server.ID("id", h.members)},
		{Method: "POST", Path: "/api/shops/{id}/users", Perm: "sys:shop:edit", Log: "log.shop.users", Tag: tag, H: server.IDIn("id", h.setMembers)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) page(c *server.Ctx, p server.PageParams) (any, error) {
	status, err := c.QueryInt("status", -1)
	if err != nil {
		return nil, err
	}
	return h.s.Page(c.Context(), c.User, c.Lang, c.Query("keywords"), status, p)
}

func (h handlers) options(c *server.Ctx) (any, error) {
	return h.s.Options(c.Context(), c.User, c.Lang)
}

func (h handlers) form(c *server.Ctx, id int64) (any, error) {
	return h.s.Form(c.Context(), c.User, c.Lang, id)
}

func (h handlers) create(c *server.Ctx, in Input) (any, error) {
	return h.s.Create(c.Context(), c.User, in)
}

func (h handlers) update(c *server.Ctx, id int64, in Input) (any, error) {
	return h.s.Update(c.Context(), c.User, id, in)
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return server.Done(h.s.Delete(c.Context(), c.User, ids))
}

func (h handlers) members(c *server.Ctx, id int64) (any, error) {
	return h.s.Members(c.Context(), c.User, id)
}

func (h handlers) setMembers(c *server.Ctx, id int64, in MembersInput) (any, error) {
	return h.s.SetMembers(c.Context(), c.User, id, in)
}
