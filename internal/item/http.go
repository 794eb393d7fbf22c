package item

import "cangshu/internal/server"

// Routes lists the income/expense item endpoints.
func Routes(s *Service) []server.Route {
	const tag = "item"
	return []server.Route{
		{Method: "GET", Path: "/api/item/list", Perm: "settings:item:query", Tag: tag, Summary: "Page of income/expense items (type 1 income, 2 expense; matchCon, disable=0 enabled only, sidx number|name|type|categoryName)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			disable, err := c.QueryInt("disable", 1)
			if err != nil {
				return nil, err
			}
			if err := checkDisable(disable); err != nil {
				return nil, err
			}
			return s.List(c.Context(), p, typ, disable == 0)
		})},
		{Method: "GET", Path: "/api/item/get_update", Perm: "settings:item:query", Tag: tag, Summary: "One income/expense item (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), id) })},
		{Method: "GET", Path: "/api/item/nextNumber", Perm: "settings:item:add", Tag: tag, Summary: "The number proposed for the next item of a type (?type=1|2)", H: func(c *server.Ctx) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			return s.NextNumber(c.Context(), typ)
		}},
		{Method: "POST", Path: "/api/item/add", Perm: "settings:item:add", Log: "log.item.add", Tag: tag, Summary: "Add an income/expense item ({type, number, name, categoryId, remark})", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Create(c.Context(), in) })},
		{Method: "POST", Path: "/api/item/update", Perm: "settings:item:update", Log: "log.item.update", Tag: tag, Summary: "Update an income/expense item ({id, type, number, name, categoryId, remark})", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/item/delete", Perm: "settings:item:delete", Log: "log.item.delete", Tag: tag, Summary: "Delete items (?id=1,2; each refused while a document uses it) → [{id, ok, msg}]", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), id) }), nil
		})},
		{Method: "POST", Path: "/api/item/disable", Perm: "settings:item:update", Log: "log.item.disable", Tag: tag, Summary: "Disable (disable=1) or enable (disable=0) items (?id=1,2) → [{id, ok, msg}]", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
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
