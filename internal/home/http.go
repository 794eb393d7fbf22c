package home

import "cangshu/internal/server"

// Routes lists the home endpoints (POST /api/home/refreshToken belongs to auth).
func Routes(s *Service) []server.Route {
	info := func(c *server.Ctx) (any, error) { return s.Info(c.Context(), c.User, c.Lang) }
	return []server.Route{
		{Method: "GET", Path: "/api/home", Pending: true, Tag: "home", Summary: "System information: every system parameter, version, language, the caller, rights, active shop and switchable shops", H: info},
		{Method: "GET", Path: "/api/home/{$}", Pending: true, Tag: "home", Summary: "System information (same as GET /api/home)", H: info},
		{Method: "POST", Path: "/api/home/switchShop", Log: "log.home.switchShop", Tag: "home", Summary: "Make a shop the active shop of this session ({shopId})", H: server.In(func(c *server.Ctx, in SwitchInput) (any, error) { return s.SwitchShop(c.Context(), c.User, in) })},
		{Method: "POST", Path: "/api/home/reset", Perm: "settings:reset:execute", Log: "log.home.reset", Tag: "home", Summary: "Reset data: delete all business data ({password}: the caller's own)", H: server.In(func(c *server.Ctx, in ResetInput) (any, error) { return s.Reset(c.Context(), c.User, in) })},
	}
}
