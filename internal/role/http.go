package role

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the role endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/roles/page", Perm: "sys:role:query", Tag: "role", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			return s.Page(c.Context(), c.User, c.Lang, PageQuery{PageParams: p, Keywords: c.Query("keywords")})
		})},
		{Method: "GET", Path: "/api/roles/options", Tag: "role", H: func(c *server.Ctx) (any, error) { return s.Options(c.Context(), c.User, c.Lang) }},
		{Method: "GET", Path: "/api/roles/{id}/form", Perm: "sys:role:edit", Tag: "role", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), c.User, c.Lang, id) })},
		{Method: "POST", Path: "/api/roles/{$}", Perm: "sys:role:add", Log: "log.role.create", Tag: "role", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: "/api/roles/{id}", Perm: "sys:role:edit", Log: "log.role.update", Tag: "role", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return server.Done(s.Update(c.Context(), c.User, id, in))
		})},
		{Method: "DELETE", Path: "/api/roles/{ids}", Perm: "sys:role:delete", Log: "log.role.delete", Tag: "role", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), c.User, ids)) })},
		{Method: "GET", Path: "/api/roles/{roleId}/menuIds", Perm: "sys:role:query", Tag: "role", H: server.ID("roleId", func(c *server.Ctx, id int64) (any, error) { return s.MenuIDs(c.Context(), id) })},
		{Method: "POST", Path: "/api/roles/{roleId}/menus", Perm: "sys:role:edit", Log: "log.role.grant", Tag: "role", H: server.IDIn("roleId", func(c *server.Ctx, id int64, in GrantInput) (any, error) {
			if in.MenuIDs == nil { // [] revokes everything; a missing body does not
				return nil, errs.Required("menuIds", "role.field.menuIds")
			}
			return server.Done(s.SetMenus(c.Context(), c.User, id, in.MenuIDs))
		})},
		{Method: "POST", Path: "/api/roles/{roleId}/status", Perm: "sys:role:edit", Log: "log.role.status", Tag: "role", H: server.ID("roleId", func(c *server.Ctx, id int64) (any, error) {
			if c.Query("status") == "" {
				return nil, errs.Required("status", "field.status")
			}
			status, err := c.QueryInt("status", 0)
			if err != nil {
				return nil, err
			}
			return server.Done(s.SetStatus(c.Context(), c.User, id, int(status)))
		})},
	}
}
