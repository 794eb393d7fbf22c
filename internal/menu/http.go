package menu

import (
	"strconv"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the menu endpoints (paths fixed by docs/api.md §3).
func Routes(s *Service) []server.Route {
	queryID := func(c *server.Ctx) (int64, error) {
		if c.Query("id") == "" {
			return 0, errs.Required("id", "field.id")
		}
		id, err := c.QueryInt("id", 0)
		if err == nil && id <= 0 {
			err = errs.Field("id", "err.badParam", errs.A("name", "id"))
		}
		return id, err
	}
	return []server.Route{
		{Method: "GET", Path: "/api/menus/routes", Pending: true, Tag: "menu", H: func(c *server.Ctx) (any, error) { return s.RouteTree(c.Context(), c.User, c.Lang) }},
		{Method: "GET", Path: "/api/menus/list", Perm: "sys:menu:query", Tag: "menu", H: func(c *server.Ctx) (any, error) { return s.List(c.Context(), c.Query("keywords")) }},
		{Method: "GET", Path: "/api/menus/options", Tag: "menu", H: func(c *server.Ctx) (any, error) {
			onlyParent := false
			if v := c.Query("onlyParent"); v != "" {
				b, err := strconv.ParseBool(v)
				if err != nil {
					return nil, errs.Field("onlyParent", "err.badParam", errs.A("name", "onlyParent"))
				}
				onlyParent = b
			}
			return s.Options(c.Context(), onlyParent, c.Lang)
		}},
		{Method: "GET", Path: "/api/menus/get_update", Perm: "sys:menu:edit", Tag: "menu", H: func(c *server.Ctx) (any, error) {
			id, err := queryID(c)
			if err != nil {
				return nil, err
			}
			return s.Form(c.Context(), id)
		}},
		{Method: "POST", Path: "/api/menus/create", Perm: "sys:menu:add", Log: "log.menu.create", Tag: "menu", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: "/api/menus/update", Perm: "sys:menu:edit", Log: "log.menu.update", Tag: "menu", H: func(c *server.Ctx) (any, error) {
			id, err := queryID(c)
			if err != nil {
				return nil, err
			}
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return server.Done(s.Update(c.Context(), id, in))
		}},
		{Method: "DELETE", Path: "/api/menus/{id}", Perm: "sys:menu:delete", Log: "log.menu.delete", Tag: "menu", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return server.Done(s.Delete(c.Context(), id)) })},
	}
}
