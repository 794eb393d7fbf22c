package period

import "cangshu/internal/server"

// Routes lists the period endpoints.
func Routes(s *Service) []server.Route {
	const tag = "period"
	return []server.Route{
		{Method: "GET", Path: "/api/period/list", Perm: "settings:period:query", Tag: tag, Summary: "The date closed through (closeDate, empty = none) and every close (closeDate, userName, createTime), newest first", H: func(c *server.Ctx) (any, error) {
			return s.List(c.Context())
		}},
		{Method: "POST", Path: "/api/period/close", Perm: "settings:period:close", Log: "log.period.close", Tag: tag, Summary: "Close the books through {date}: nothing dated on or before it may be saved, audited, un-audited or deleted", H: server.In(func(c *server.Ctx, in CloseInput) (any, error) {
			return s.Close(c.Context(), c.User, in)
		})},
		{Method: "POST", Path: "/api/period/open", Perm: "settings:period:open", Log: "log.period.open", Tag: tag, Summary: "Reopen the last closed period (the close before it is in force again)", H: func(c *server.Ctx) (any, error) {
			return s.Open(c.Context())
		}},
	}
}
