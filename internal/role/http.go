package role

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the role endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/roles/page", Perm: "sys:role:query", Tag: "role", Summary: "Page of roles (pageNum, pageSize, keywords)", H: func(c *server.Ctx) (any, error) {
			p, err := c.Page()
			if err != nil {
				return nil, err
			}
			return s.Page(c.Context(), c.User, PageQuery{PageParams: p, Keywords: c.Query("keywords")})
		}},
		{Method: "GET", Path: "/api/roles/options", Tag: "role", Summary: "Enabled roles as options", H: func(c *server.Ctx) (any, error) {
			return s.Options(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/roles/{id}/form", Perm: "sys:role:edit", Tag: "role", Summary: "A role for its edit form", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("id")
			if err != nil {
				return nil, err
			}
			return s.Form(c.Context(), c.User, id)
		}},
		{Method: "POST", Path: "/api/roles/{$}", Perm: "sys:role:add", Log: "log.role.create", Tag: "role", Summary: "Create a role", H: func(c *server.Ctx) (any, error) {
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return s.Create(c.Context(), in)
		}},
		{Method: "POST", Path: "/api/roles/{id}", Perm: "sys:role:edit", Log: "log.role.update", Tag: "role", Summary: "Update a role", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("id")
			if err != nil {
				return nil, err
			}
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return nil, s.Update(c.Context(), c.User, id, in)
		}},
		{Method: "DELETE", Path: "/api/roles/{ids}", Perm: "sys:role:delete", Log: "log.role.delete", Tag: "role", Summary: "Delete roles (ids 1,2,3), all or none", H: func(c *server.Ctx) (any, error) {
			ids, err := c.PathIDs("ids")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(c.Context(), ids)
		}},
		{Method: "GET", Path: "/api/roles/{roleId}/menuIds", Perm: "sys:role:query", Tag: "role", Summary: "Ids of the menus a role grants", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("roleId")
			if err != nil {
				return nil, err
			}
			return s.MenuIDs(c.Context(), id)
		}},
		{Method: "POST", Path: "/api/roles/{roleId}/menus", Perm: "sys:role:edit", Log: "log.role.grant", Tag: "role", Summary: "Replace the menus a role grants (body [ids] or {menuIds})", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("roleId")
			if err != nil {
				return nil, err
			}
			var in GrantInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			if in.MenuIDs == nil { // [] revokes everything; a missing body does not
				return nil, errs.Required("menuIds", "role.field.menuIds")
			}
			return nil, s.SetMenus(c.Context(), c.User, id, in.MenuIDs)
		}},
		{Method: "POST", Path: "/api/roles/{roleId}/status", Perm: "sys:role:edit", Log: "log.role.status", Tag: "role", Summary: "Enable or disable a role (?status=1|0)", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("roleId")
			if err != nil {
				return nil, err
			}
			if c.Query("status") == "" {
				return nil, errs.Required("status", "field.status")
			}
			status, err := c.QueryInt("status", 0)
			if err != nil {
				return nil, err
			}
			return nil, s.SetStatus(c.Context(), c.User, id, int(status))
		}},
	}
}
