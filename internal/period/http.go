package period

import "cangshu/internal/server"

// Routes lists the period endpoints.
func Routes(s *Service) []server.Route {
	const tag = "period"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/period/list", Perm: "settings:period:query", Tag: tag, H: h.list},
		{Method: "POST", Path: "/api/period/close", Perm: "settings:period:close", Log: "log.period.close", Tag: tag, H: server.In(h.close)},
		{Method: "POST", Path: "/api/period/open", Perm: "settings:period:open", Log: "log.period.open", Tag: tag, H: h.open},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) list(c *server.Ctx) (any, error) { return h.s.List(c.Context()) }

func (h handlers) close(c *server.Ctx, in CloseInput) (any, error) {
	return h.s.Close(c.Context(), c.User, in)
}

func (h handlers) open(c *server.Ctx) (any, error) { return h.s.Open(c.Context()) }
