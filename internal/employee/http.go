package employee

import "cangshu/internal/server"

// Routes lists the staff endpoints.
func Routes(s *Service) []server.Route {
	const tag = "employee"
	return []server.Route{
		{Method: "GET", Path: "/api/employee/list", Perm: "settings:employee:query", Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			only, err := enabledOnly(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), p, only)
		})},
		{Method: "GET", Path: "/api/employee/get_update", Perm: "settings:employee:query", Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), id) })},
		{Method: "GET", Path: "/api/employee/nextNumber", Perm: "settings:employee:add", Tag: tag, H: func(c *server.Ctx) (any, error) { return s.NextNumber(c.Context()) }},
		{Method: "POST", Path: "/api/employee/add", Perm: "settings:employee:add", Log: "log.employee.add", Tag: tag, H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: "/api/employee/update", Perm: "settings:employee:update", Log: "log.employee.update", Tag: tag, H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/employee/delete", Perm: "settings:employee:delete", Log: "log.employee.delete", Tag: tag, H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), id) }), nil
		})},
		{Method: "POST", Path: "/api/employee/disable", Perm: "settings:employee:disable", Log: "log.employee.disable", Tag: tag, H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			disabled, err := c.QueryInt("disable", 1)
			if err != nil {
				return nil, err
			}
			if err := checkDisable(disabled); err != nil {
				return nil, err
			}
			return c.Batch(ids, func(id int64) error { return s.SetDisabled(c.Context(), id, disabled) }), nil
		})},
	}
}

// enabledOnly reads the list's disable filter: 0 = enabled records only;
// 1 or absent = all.
func enabledOnly(c *server.Ctx) (bool, error) {
	v, err := c.QueryInt("disable", 1)
	if err != nil {
		return false, err
	}
	if err := checkDisable(v); err != nil {
		return false, err
	}
	return v == 0, nil
}
