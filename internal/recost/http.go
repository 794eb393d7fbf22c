package recost

import "cangshu/internal/server"

// Routes lists the cost recalculation endpoints.
func Routes(s *Service) []server.Route {
	const tag = "recost"
	return []server.Route{
		{Method: "POST", Path: "/api/recost/start", Perm: "settings:recost:execute", Log: "log.recost.start", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Start(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/recost/status", Perm: "settings:recost:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			id, err := c.QueryInt("id", 0)
			if err != nil {
				return nil, err
			}
			return s.Job(c.Context(), c.Lang, id)
		}},
		{Method: "GET", Path: "/api/recost/changes", Perm: "settings:recost:query", Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			id, err := c.QueryInt("id", 0)
			if err != nil {
				return nil, err
			}
			return s.Changes(c.Context(), p, id)
		})},
	}
}
