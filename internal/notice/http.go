package notice

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route {
	const base = "/api/notices"
	const tag = "notice"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: base + "/page", Perm: "sys:notice:query", Tag: tag, H: server.Paged(h.page)},
		{Method: "GET", Path: base + "/{id}/form", Perm: "sys:notice:edit", Tag: tag, H: server.ID("id", h.form)},
		{Method: "POST", Path: base + "/{$}", Perm: "sys:notice:add", Log: "log.notice.create", Tag: tag, H: server.In(h.create)},
		{Method: "POST", Path: base + "/{id}", Perm: "sys:notice:edit", Log: "log.notice.update", Tag: tag, H: server.IDIn("id", h.update)},
		{Method: "DELETE", Path: base + "/{ids}", Perm: "sys:notice:delete", Log: "log.notice.delete", Tag: tag, H: server.IDs("ids", h.delete)},
		{Method: "POST", Path: base + "/{id}/publish", Perm: "sys:notice:publish", Log: "log.notice.publish", Tag: tag, H: server.ID("id", h.publish)},
		{Method: "POST", Path: base + "/{id}/revoke", Perm: "sys:notice:revoke", Log: "log.notice.revoke", Tag: tag, H: server.ID("id", h.revoke)},
		{Method: "GET", Path: base + "/{id}/detail", Tag: tag, H: server.ID("id", h.detail)},
		{Method: "GET", Path: base + "/my-page", Tag: tag, H: server.Paged(h.myPage)},
		{Method: "POST", Path: base + "/read-all", Log: "log.notice.readAll", Tag: tag, H: h.readAll},
		{Method: "GET", Path: base + "/unread-count", Tag: tag, H: h.unreadCount},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) page(c *server.Ctx, p server.PageParams) (any, error) {
	status, err := optInt(c, "publishStatus", Draft, Published, Revoked)
	if err != nil {
		return nil, err
	}
	list, total, err := h.s.Page(c.Context(), PageQuery{Title: c.Query("title"), PublishStatus: status, Offset: p.Offset(), Limit: p.PageSize})
	return server.NewPage(list, total), err
}

func (h handlers) form(c *server.Ctx, id int64) (any, error) { return h.s.Form(c.Context(), id) }

func (h handlers) create(c *server.Ctx, in Input) (any, error) {
	return h.s.Create(c.Context(), c.User, in)
}

func (h handlers) update(c *server.Ctx, id int64, in Input) (any, error) {
	return server.Done(h.s.Update(c.Context(), c.User, id, in))
}

func (h handlers) delete(c *server.Ctx, ids []int64) (any, error) {
	return server.Done(h.s.Delete(c.Context(), ids))
}

func (h handlers) publish(c *server.Ctx, id int64) (any, error) {
	return server.Done(h.s.Publish(c.Context(), c.User, id))
}

func (h handlers) revoke(c *server.Ctx, id int64) (any, error) {
	return server.Done(h.s.Revoke(c.Context(), id))
}

func (h handlers) detail(c *server.Ctx, id int64) (any, error) {
	return h.s.Detail(c.Context(), c.User, id)
}

func (h handlers) myPage(c *server.Ctx, p server.PageParams) (any, error) {
	read, err := optInt(c, "isRead", 0, 1)
	if err != nil {
		return nil, err
	}
	list, total, err := h.s.MyPage(c.Context(), c.User, MineQuery{Title: c.Query("title"), IsRead: read, Offset: p.Offset(), Limit: p.PageSize})
	return server.NewPage(list, total), err
}

func (h handlers) readAll(c *server.Ctx) (any, error) {
	return server.Done(h.s.ReadAll(c.Context(), c.User))
}

func (h handlers) unreadCount(c *server.Ctx) (any, error) {
	return h.s.UnreadCount(c.Context(), c.User)
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
