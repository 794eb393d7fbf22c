package custom

import (
	"cangshu/internal/server"
)

// Routes lists the custom-field endpoints. Reading the enabled fields of a
// target (fields) is open to every signed-in user: each screen that shows
// goods, contacts or documents renders them.
func Routes(s *Service) []server.Route {
	const tag = "customField"
	return []server.Route{
		{Method: "GET", Path: "/api/customField/list", Perm: "settings:customField:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.List(c.Context(), c.Lang, c.Query("target"))
		}},
		{Method: "GET", Path: "/api/customField/fields", Perm: "", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Fields(c.Context(), c.Lang, c.Query("target"))
		}},
		{Method: "POST", Path: "/api/customField/add", Perm: "settings:customField:add", Log: "log.customField.add", Tag: tag,
			H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Add(c.Context(), c.Lang, in) })},
		{Method: "POST", Path: "/api/customField/update", Perm: "settings:customField:update", Log: "log.customField.update", Tag: tag,
			H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), c.Lang, in) })},
		{Method: "DELETE", Path: "/api/customField/delete", Perm: "settings:customField:delete", Log: "log.customField.delete", Tag: tag,
			H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
				return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), id) }), nil
			})},
	}
}
