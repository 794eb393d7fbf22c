package dict

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route {
	const base = "/api/v1/dicts"
	return []server.Route{
		{Method: "GET", Path: base + "/page", Perm: "sys:dict:query", Tag: "dict", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			status, err := optStatus(c)
			if err != nil {
				return nil, err
			}
			list, total, err := s.Page(c.Context(), c.Lang, PageQuery{Keywords: c.Query("keywords"), Status: status, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		})},
		{Method: "GET", Path: base + "/{$}", Tag: "dict", H: func(c *server.Ctx) (any, error) { return s.Options(c.Context(), c.Lang) }},
		{Method: "GET", Path: base + "/{id}/form", Perm: "sys:dict:edit", Tag: "dict", H: server.ID("id", func(c *server.Ctx, id int64) (any, error) { return s.Form(c.Context(), c.Lang, id) })},
		{Method: "POST", Path: base + "/{$}", Perm: "sys:dict:add", Log: "log.dict.create", Tag: "dict", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: base + "/{id}", Perm: "sys:dict:edit", Log: "log.dict.update", Tag: "dict", H: server.IDIn("id", func(c *server.Ctx, id int64, in Input) (any, error) {
			return server.Done(s.Update(c.Context(), id, in))
		})},
		{Method: "DELETE", Path: base + "/{ids}", Perm: "sys:dict:delete", Log: "log.dict.delete", Tag: "dict", H: server.IDs("ids", func(c *server.Ctx, ids []int64) (any, error) { return server.Done(s.Delete(c.Context(), ids)) })},
		{Method: "GET", Path: base + "/{dictCode}/items/page", Perm: "sys:dict-item:query", Tag: "dict", H: server.Paged(func(c *server.Ctx, p server.PageParams) (any, error) {
			status, err := optStatus(c)
			if err != nil {
				return nil, err
			}
			list, total, err := s.ItemPage(c.Context(), c.R.PathValue("dictCode"), ItemQuery{Keywords: c.Query("keywords"), Status: status, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		})},
		{Method: "GET", Path: base + "/{dictCode}/items", Tag: "dict", H: func(c *server.Ctx) (any, error) {
			return s.Items(c.Context(), c.R.PathValue("dictCode"), c.Lang)
		}},
		{Method: "POST", Path: base + "/{dictCode}/items", Perm: "sys:dict-item:add", Log: "log.dict.item.create", Tag: "dict", H: server.In(func(c *server.Ctx, in ItemInput) (any, error) {
			return s.CreateItem(c.Context(), c.R.PathValue("dictCode"), in)
		})},
		{Method: "GET", Path: base + "/{dictCode}/items/{itemId}/form", Perm: "sys:dict-item:edit", Tag: "dict", H: server.ID("itemId", func(c *server.Ctx, id int64) (any, error) {
			return s.ItemForm(c.Context(), c.R.PathValue("dictCode"), id)
		})},
		{Method: "POST", Path: base + "/{dictCode}/items/{itemId}", Perm: "sys:dict-item:edit", Log: "log.dict.item.update", Tag: "dict", H: server.IDIn("itemId", func(c *server.Ctx, id int64, in ItemInput) (any, error) {
			return server.Done(s.UpdateItem(c.Context(), c.R.PathValue("dictCode"), id, in))
		})},
		{Method: "DELETE", Path: base + "/{dictCode}/items/{itemIds}", Perm: "sys:dict-item:delete", Log: "log.dict.item.delete", Tag: "dict", H: server.IDs("itemIds", func(c *server.Ctx, ids []int64) (any, error) {
			return server.Done(s.DeleteItems(c.Context(), c.R.PathValue("dictCode"), ids))
		})},
	}
}

// optStatus reads the optional status filter (0 or 1).
func optStatus(c *server.Ctx) (*int, error) {
	v := strings.TrimSpace(c.Query("status"))
	switch v {
	case "":
		return nil, nil
	case "0", "1":
		n := int(v[0] - '0')
		return &n, nil
	}
	return nil, errs.Field("status", "err.badParam", errs.A("name", "status"))
}
