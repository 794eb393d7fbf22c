package notice

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route {
	const base = "/api/notices"
	return []server.Route{
		{Method: "GET", Path: base + "/page", Perm: "sys:notice:query", Tag: "notice", Summary: "Page of notices (title, publishStatus 0 draft / 1 published / -1 revoked, pageNum, pageSize)", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			status, err := optInt(c, "publishStatus", Draft, Published, Revoked)
			if err != nil {
				return nil, err
			}
			list, total, err := s.Page(c.Context(), PageQuery{Title: c.Query("title"), PublishStatus: status, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		})},
		{Method: "GET", Path: base + "/{id}/form", Perm: "sys:notice:edit", Tag: "notice", Summary: "One notice for the edit form, with its target users", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), id) })},
		{Method: "POST", Path: base + "/{$}", Perm: "sys:notice:add", Log: "log.notice.create", Tag: "notice", Summary: "Create a draft notice", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), c.User, in) })},
		{Method: "POST", Path: base + "/{id}", Perm: "sys:notice:edit", Log: "log.notice.update", Tag: "notice", Summary: "Update a draft or revoked notice", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return server.Done(s.Update(c.Context(), c.User, id, in))
		})},
		{Method: "DELETE", Path: base + "/{ids}", Perm: "sys:notice:delete", Log: "log.notice.delete", Tag: "notice", Summary: "Delete notices that are not published (ids 1,2,3)", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), ids)) })},
		{Method: "POST", Path: base + "/{id}/publish", Perm: "sys:notice:publish", Log: "log.notice.publish", Tag: "notice", Summary: "Publish a draft or revoked notice", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return server.Done(s.Publish(c.Context(), c.User, id)) })},
		{Method: "POST", Path: base + "/{id}/revoke", Perm: "sys:notice:revoke", Log: "log.notice.revoke", Tag: "notice", Summary: "Revoke a published notice", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return server.Done(s.Revoke(c.Context(), id)) })},
		{Method: "GET", Path: base + "/{id}/detail", Tag: "notice", Summary: "Read a notice meant for the caller (any notice with sys:notice:query); marks it read", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Detail(c.Context(), c.User, id) })},
		{Method: "GET", Path: base + "/my-page", Tag: "notice", Summary: "Page of the published notices meant for the caller (title, isRead, pageNum, pageSize)", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			read, err := optInt(c, "isRead", 0, 1)
			if err != nil {
				return nil, err
			}
			list, total, err := s.MyPage(c.Context(), c.User, MineQuery{Title: c.Query("title"), IsRead: read, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		})},
		{Method: "POST", Path: base + "/read-all", Log: "log.notice.readAll", Tag: "notice", Summary: "Mark every notice meant for the caller read", H: func(c *server.Ctx) (any, error) { return server.Done(s.ReadAll(c.Context(), c.User)) }},
		{Method: "GET", Path: base + "/unread-count", Tag: "notice", Summary: "Number of unread notices meant for the caller (for the badge)", H: func(c *server.Ctx) (any, error) { return s.UnreadCount(c.Context(), c.User) }},
	}
}

// optInt reads an optional integer filter that must be one of allowed.
func optInt(c *server.Ctx, name string, allowed ...int) (*int, error) {
	if strings.TrimSpace(c.Query(name)) == "" {
		return nil, nil
	}
	n, err := c.QueryInt(name, 0)
	if err != nil {
		return nil, err
	}
	for _, a := range allowed {
		if int(n) == a {
			v := a
			return &v, nil
		}
	}
	return nil, errs.Field(name, "err.badParam", errs.A("name", name))
}
