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
		{Method: "GET", Path: base + "/page", Perm: "sys:dict:query", Tag: "dict", Summary: "Page of dictionaries (pageNum, pageSize, keywords, status)", H: func(c *server.Ctx) (any, error) {
			p, err := c.Page()
			if err != nil {
				return nil, err
			}
			status, err := optStatus(c)
			if err != nil {
				return nil, err
			}
			list, total, err := s.Page(c.Context(), PageQuery{Keywords: c.Query("keywords"), Status: status, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		}},
		{Method: "GET", Path: base + "/{$}", Tag: "dict", Summary: "Enabled dictionaries as options [{value: dictCode, label: name}]", H: func(c *server.Ctx) (any, error) {
			return s.Options(c.Context())
		}},
		{Method: "GET", Path: base + "/{id}/form", Perm: "sys:dict:edit", Tag: "dict", Summary: "One dictionary for the edit form", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("id")
			if err != nil {
				return nil, err
			}
			return s.Form(c.Context(), id)
		}},
		{Method: "POST", Path: base + "/{$}", Perm: "sys:dict:add", Log: "log.dict.create", Tag: "dict", Summary: "Create a dictionary", H: func(c *server.Ctx) (any, error) {
			var in Input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return s.Create(c.Context(), in)
		}},
		{Method: "POST", Path: base + "/{id}", Perm: "sys:dict:edit", Log: "log.dict.update", Tag: "dict", Summary: "Update a dictionary (a new code carries its items)", H: func(c *server.Ctx) (any, error) {
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
		{Method: "DELETE", Path: base + "/{ids}", Perm: "sys:dict:delete", Log: "log.dict.delete", Tag: "dict", Summary: "Delete dictionaries with their items (ids 1,2,3)", H: func(c *server.Ctx) (any, error) {
			ids, err := c.PathIDs("ids")
			if err != nil {
				return nil, err
			}
			return nil, s.Delete(c.Context(), ids)
		}},
		{Method: "GET", Path: base + "/{dictCode}/items/page", Perm: "sys:dict-item:query", Tag: "dict", Summary: "Page of a dictionary's items (pageNum, pageSize, keywords, status)", H: func(c *server.Ctx) (any, error) {
			p, err := c.Page()
			if err != nil {
				return nil, err
			}
			status, err := optStatus(c)
			if err != nil {
				return nil, err
			}
			list, total, err := s.ItemPage(c.Context(), c.R.PathValue("dictCode"), ItemQuery{Keywords: c.Query("keywords"), Status: status, Offset: p.Offset(), Limit: p.PageSize})
			return server.NewPage(list, total), err
		}},
		{Method: "GET", Path: base + "/{dictCode}/items", Tag: "dict", Summary: "Enabled items of a dictionary [{value, label, tagType}], label in the caller's language", H: func(c *server.Ctx) (any, error) {
			return s.Items(c.Context(), c.R.PathValue("dictCode"), c.Lang)
		}},
		{Method: "POST", Path: base + "/{dictCode}/items", Perm: "sys:dict-item:add", Log: "log.dict.item.create", Tag: "dict", Summary: "Add an item to a dictionary", H: func(c *server.Ctx) (any, error) {
			var in ItemInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return s.CreateItem(c.Context(), c.R.PathValue("dictCode"), in)
		}},
		{Method: "GET", Path: base + "/{dictCode}/items/{itemId}/form", Perm: "sys:dict-item:edit", Tag: "dict", Summary: "One dictionary item for the edit form (label and labelEn)", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("itemId")
			if err != nil {
				return nil, err
			}
			return s.ItemForm(c.Context(), c.R.PathValue("dictCode"), id)
		}},
		{Method: "POST", Path: base + "/{dictCode}/items/{itemId}", Perm: "sys:dict-item:edit", Log: "log.dict.item.update", Tag: "dict", Summary: "Update a dictionary item", H: func(c *server.Ctx) (any, error) {
			id, err := c.PathID("itemId")
			if err != nil {
				return nil, err
			}
			var in ItemInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return nil, s.UpdateItem(c.Context(), c.R.PathValue("dictCode"), id, in)
		}},
		{Method: "DELETE", Path: base + "/{dictCode}/items/{itemIds}", Perm: "sys:dict-item:delete", Log: "log.dict.item.delete", Tag: "dict", Summary: "Delete dictionary items (ids 1,2,3)", H: func(c *server.Ctx) (any, error) {
			ids, err := c.PathIDs("itemIds")
			if err != nil {
				return nil, err
			}
			return nil, s.DeleteItems(c.Context(), c.R.PathValue("dictCode"), ids)
		}},
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
