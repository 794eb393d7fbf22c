package shop

import "cangshu/internal/server"

// Routes lists the shop endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/shops/page", Perm: "sys:shop:query", Tag: "shop", Summary: "Page of the shops the caller may see (keywords, status, pageNum, pageSize)", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			status, err := c.QueryInt("status", -1)
			if err != nil {
				return nil, err
			}
			return s.Page(c.Context(), c.User, c.Lang, c.Query("keywords"), status, p)
		})},
		{Method: "GET", Path: "/api/shops/options", Tag: "shop", Summary: "Enabled shops the caller may switch to, as [{value, label}]", H: func(c *server.Ctx) (any, error) { return s.Options(c.Context(), c.User, c.Lang) }},
		{Method: "GET", Path: "/api/shops/{id}/form", Perm: "sys:shop:edit", Tag: "shop", Summary: "A shop for editing", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), c.User, c.Lang, id) })},
		{Method: "POST", Path: "/api/shops/{$}", Perm: "sys:shop:add", Log: "log.shop.create", Tag: "shop", Summary: "Create a shop", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), c.User, in) })},
		{Method: "POST", Path: "/api/shops/{id}", Perm: "sys:shop:edit", Log: "log.shop.update", Tag: "shop", Summary: "Update a shop", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) { return s.Update(c.Context(), c.User, id, in) })},
		{Method: "DELETE", Path: "/api/shops/{ids}", Perm: "sys:shop:delete", Log: "log.shop.delete", Tag: "shop", Summary: "Delete shops (ids 1,2,3; refused while in use)", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), c.User, ids)) })},
		{Method: "GET", Path: "/api/shops/{id}/users", Perm: "sys:shop:query", Tag: "shop", Summary: "Users of a shop", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Members(c.Context(), c.User, id) })},
		{Method: "POST", Path: "/api/shops/{id}/users", Perm: "sys:shop:edit", Log: "log.shop.users", Tag: "shop", Summary: "Replace the users of a shop ({userIds: [...]})", H: server.IDIn("id", func(c *server.Ctx, id int64, in MembersInput) (any, error) {
			return s.SetMembers(c.Context(), c.User, id, in)
		})},
	}
}
