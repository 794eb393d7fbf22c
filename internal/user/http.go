package user

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/users/me", Pending: true, Tag: "user", H: func(c *server.Ctx) (any, error) { return s.Me(c.Context(), c.User) }},
		{Method: "GET", Path: "/api/users/page", Perm: "sys:user:query", Tag: "user", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.Page(c.Context(), c.User, c.Lang, q, p)
		})},
		{Method: "GET", Path: "/api/users/{id}/form", Perm: "sys:user:edit", Tag: "user", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), c.User, id) })},
		{Method: "POST", Path: "/api/users/{$}", Perm: "sys:user:add", Log: "log.user.create", Tag: "user", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), c.User, in) })},
		{Method: "POST", Path: "/api/users/{id}", Perm: "sys:user:edit", Log: "log.user.update", Tag: "user", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return server.Done(s.Update(c.Context(), c.User, id, in))
		})},
		{Method: "DELETE", Path: "/api/users/{ids}", Perm: "sys:user:delete", Log: "log.user.delete", Tag: "user", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), c.User, ids)) })},
		{Method: "POST", Path: "/api/users/{id}/password/reset", Perm: "sys:user:password:reset", Log: "log.user.resetPassword", Tag: "user", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) {
			pw := c.Query("password")
			if pw == "" {
				var in struct {
					Password string `json:"password"`
				}
				if err := c.Bind(&in); err != nil {
					return nil, err
				}
				pw = in.Password
			}
			return server.Done(s.ResetPassword(c.Context(), c.User, id, pw))
		})},
		{Method: "GET", Path: "/api/users/template", Perm: "sys:user:import", Tag: "user", H: func(c *server.Ctx) (any, error) { return s.Template(c.Lang) }},
		{Method: "POST", Path: "/api/users/import", Perm: "sys:user:import", Upload: true, Log: "log.user.import", Tag: "user", H: func(c *server.Ctx) (any, error) {
			dept, err := c.QueryInt("deptId", 0)
			if err != nil {
				return nil, err
			}
			f, _, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return s.Import(c.Context(), c.User, c.Lang, dept, f)
		}},
		{Method: "GET", Path: "/api/users/export", Perm: "sys:user:export", Tag: "user", H: func(c *server.Ctx) (any, error) {
			q, err := listQuery(c)
			if err != nil {
				return nil, err
			}
			return s.Export(c.Context(), c.User, c.Lang, q)
		}},
		{Method: "GET", Path: "/api/users/profile", Pending: true, Tag: "user", H: func(c *server.Ctx) (any, error) { return s.Profile(c.Context(), c.User) }},
		{Method: "POST", Path: "/api/users/profile", Pending: true, Log: "log.user.updateProfile", Tag: "user", H: server.In(func(c *server.Ctx, in ProfileInput) (any, error) {
			return server.Done(s.UpdateProfile(c.Context(), c.User, in))
		})},
		{Method: "POST", Path: "/api/users/set_password", Pending: true, Log: "log.user.changePassword", Tag: "user", H: server.In(func(c *server.Ctx, in PasswordInput) (any, error) {
			return server.Done(s.ChangePassword(c.Context(), c.User, in))
		})},
		{Method: "POST", Path: "/api/users/mobile/code", Log: "log.user.sendMobileCode", Tag: "user", H: func(c *server.Ctx) (any, error) {
			return server.Done(s.SendCode(c.Context(), c.User, c.Lang, ChannelMobile, c.Query("mobile")))
		}},
		{Method: "POST", Path: "/api/users/mobile", Log: "log.user.bindMobile", Tag: "user", H: server.In(func(c *server.Ctx, in BindInput) (any, error) {
			return server.Done(s.Bind(c.Context(), c.User, ChannelMobile, in))
		})},
		{Method: "POST", Path: "/api/users/email/code", Log: "log.user.sendEmailCode", Tag: "user", H: func(c *server.Ctx) (any, error) {
			return server.Done(s.SendCode(c.Context(), c.User, c.Lang, ChannelEmail, c.Query("email")))
		}},
		{Method: "POST", Path: "/api/users/email", Log: "log.user.bindEmail", Tag: "user", H: server.In(func(c *server.Ctx, in BindInput) (any, error) {
			return server.Done(s.Bind(c.Context(), c.User, ChannelEmail, in))
		})},
		{Method: "GET", Path: "/api/users/options", Tag: "user", H: func(c *server.Ctx) (any, error) { return s.Options(c.Context(), c.User) }},
	}
}

// listQuery reads the filters of the list and the export. The creation time
// range is createTime=start,end, or two createTime values, or createTime[0]
// and createTime[1] (qs style).
func listQuery(c *server.Ctx) (ListQuery, error) {
	var q ListQuery
	q.Keywords = strings.TrimSpace(c.Query("keywords"))
	if v := strings.TrimSpace(c.Query("status")); v != "" {
		st, err := c.QueryInt("status", 0)
		if err != nil {
			return q, err
		}
		if st != 0 && st != 1 {
			return q, errs.Field("status", "err.oneOf", errs.A("field", labelStatus))
		}
		n := int(st)
		q.Status = &n
	}
	dept, err := c.QueryInt("deptId", 0)
	if err != nil {
		return q, err
	}
	q.DeptID = dept
	vals := c.R.URL.Query()
	var times []string
	switch {
	case len(vals["createTime"]) > 0:
		times = vals["createTime"]
	case len(vals["createTime[]"]) > 0:
		times = vals["createTime[]"]
	default:
		if a, b := vals.Get("createTime[0]"), vals.Get("createTime[1]"); a != "" || b != "" {
			times = []string{a, b}
		}
	}
	q.From, q.To, err = ParseTimeRange(times)
	return q, err
}
