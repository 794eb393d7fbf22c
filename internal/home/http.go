package home

import "cangshu/internal/server"

// Routes lists the home endpoints (POST /api/home/refreshToken belongs to auth).
func Routes(s *Service) []server.Route {
	const tag = "home"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/home", Pending: true, Tag: tag, H: h.info},
		{Method: "GET", Path: "/api/home/{$}", Pending: true, Tag: tag, H: h.info},
		{Method: "POST", Path: "/api/home/switchShop", Log: "log.home.switchShop", Tag: tag, H: server.In(h.switchShop)},
		{Method: "POST", Path: "/api/home/reset", Perm: "settings:reset:execute", Log: "log.home.reset", Tag: tag, H: server.In(h.reset)},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) info(c *server.Ctx) (any, error) { return h.s.Info(c.Context(), c.User, c.Lang) }

func (h handlers) switchShop(c *server.Ctx, in SwitchInput) (any, error) {
	return h.s.SwitchShop(c.Context(), c.User, in)
}

func (h handlers) reset(c *server.Ctx, in ResetInput) (any, error) {
	return h.s.Reset(c.Context(), c.User, c.Lang, in)
}
