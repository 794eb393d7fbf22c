package dept

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the department endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/depts", Perm: "sys:dept:query", Tag: "dept", Summary: "Department tree (keywords, status)", H: func(c *server.Ctx) (any, error) {
			q := TreeQuery{Keywords: c.Query("keywords")}
			if c.Query("status") != "" {
				st, err := c.QueryInt("status", 0)
				if err != nil {
					return nil, err
				}
				if st != 0 && st != 1 {
					return nil, errs.Field("status", "err.oneOf", errs.A("field", errs.Key("field.status")))
				}
				status := int(st)
				q.Status = &status
			}
			return s.Tree(c.Context(), q)
		}},
		{Method: "GET", Path: "/api/depts/options", Tag: "dept", Summary: "Enabled departments as an option tree", H: func(c *server.Ctx) (any, error) {
			return s.Options(c.Context())
		}},
		{Method: "GET", Path: "/api/depts/{id}/form", Perm: "sys:dept:edit", Tag: "dept", Summary: "A department for its edit form", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("id")
			if err != nil {
				return nil, err
			}
			return s.Form(c.Context(), id)
		}},
		{Method: "POST", Path: "/api/depts/{$}", Perm: "sys:dept:add", Log: "log.dept.create", Tag: "dept", Summary: "Create a department", H: func(c *server.Ctx) (any, error) {
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return s.Create(c.Context(), in)
		}},
		{Method: "POST", Path: "/api/depts/{id}", Perm: "sys:dept:edit", Log: "log.dept.update", Tag: "dept", Summary: "Update (or move) a department", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("id")
			if err != nil {
				return nil, err
			}
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return nil, s.Update(c.Context(), id, in)
		}},
		{Method: "DELETE", Path: "/api/depts/{ids}", Perm: "sys:dept:delete", Log: "log.dept.delete", Tag: "dept", Summary: "Delete departments (ids 1,2,3), all or none", H: func(c *server.Ctx) (any, error) {
			ids, err := c.PathIDs("ids")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(c.Context(), ids)
		}},
	}
}
