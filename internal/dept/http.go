package dept

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the department endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/depts", Perm: "sys:dept:query", Tag: "dept", H: func(c *server.Ctx) (any, error) {
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
			return s.Tree(c.Context(), c.Lang, q)
		}},
		{Method: "GET", Path: "/api/depts/options", Tag: "dept", H: func(c *server.Ctx) (any, error) { return s.Options(c.Context(), c.Lang) }},
		{Method: "GET", Path: "/api/depts/{id}/form", Perm: "sys:dept:edit", Tag: "dept", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), c.Lang, id) })},
		{Method: "POST", Path: "/api/depts/{$}", Perm: "sys:dept:add", Log: "log.dept.create", Tag: "dept", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: "/api/depts/{id}", Perm: "sys:dept:edit", Log: "log.dept.update", Tag: "dept", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return server.Done(s.Update(c.Context(), id, in))
		})},
		{Method: "DELETE", Path: "/api/depts/{ids}", Perm: "sys:dept:delete", Log: "log.dept.delete", Tag: "dept", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), ids)) })},
	}
}
