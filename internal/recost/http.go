package recost

import "cangshu/internal/server"

// Routes lists the cost recalculation endpoints.
func Routes(s *Service) []server.Route {
	const tag = "recost"
	return []server.Route{
		{Method: "POST", Path: "/api/recost/start", Perm: "settings:recost:execute", Log: "log.recost.start", Tag: tag, Summary: "Start recalculating costs since the last closed period (409 while one runs); answers the job (id, status running|done|failed, fromDate, total, done, percent, changed, error)", H: func(c *server.Ctx) (any, error) {
			return s.Start(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/recost/status", Perm: "settings:recost:query", Tag: tag, Summary: "A job's progress (?id=; none: the newest; no job yet: an empty one) — polled by the progress bar", H: func(c *server.Ctx) (any, error) {
			id, err := c.QueryInt("id", 0)
			if err != nil {
				return nil, err
			}
			return s.Job(c.Context(), c.Lang, id)
		}},
		{Method: "GET", Path: "/api/recost/changes", Perm: "settings:recost:query", Tag: tag, Summary: "Page of the balances a job (?id=; none: the newest) changed: goods, warehouse, qty, old/new value, unit cost and cost of goods out", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			id, err := c.QueryInt("id", 0)
			if err != nil {
				return nil, err
			}
			return s.Changes(c.Context(), p, id)
		})},
	}
}
