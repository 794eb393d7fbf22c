package opening

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the opening balance endpoints.
func Routes(s *Service) []server.Route {
	const tag = "opening"
	const query, update = "settings:opening:query", "settings:opening:update"
	return []server.Route{
		{Method: "GET", Path: "/api/opening/summary", Perm: query, Tag: tag, H: func(c *server.Ctx) (any, error) {
			sum, err := s.Summary(c.Context(), c.User)
			return redactSummary(c.User, sum, err)
		}},
		{Method: "GET", Path: "/api/opening/stock", Perm: query, Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			loc, err := c.QueryInt("locationId", 0)
			if err != nil {
				return nil, err
			}
			page, err := s.Stock(c.Context(), c.User, p, loc)
			if err != nil {
				return nil, err
			}
			return stockMoney.Redact(c.User, page)
		})},
		{Method: "POST", Path: "/api/opening/stock", Perm: update, Log: "log.opening.stock", Tag: tag, H: server.In(func(c *server.Ctx, in StockInput) (any, error) {
			sum, err := s.SaveStock(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/contact", Perm: query, Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			page, err := s.Contacts(c.Context(), c.User, p, typ)
			if err != nil {
				return nil, err
			}
			return contactMoney(typ == 10).Redact(c.User, page)
		})},
		{Method: "POST", Path: "/api/opening/contact", Perm: update, Log: "log.opening.contact", Tag: tag, H: server.In(func(c *server.Ctx, in ContactInput) (any, error) {
			sum, err := s.SaveContact(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/account", Perm: query, Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			return s.Accounts(c.Context(), p)
		})},
		{Method: "POST", Path: "/api/opening/account", Perm: update, Log: "log.opening.account", Tag: tag, H: server.In(func(c *server.Ctx, in AccountInput) (any, error) {
			sum, err := s.SaveAccount(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/template", Perm: query, Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Template(c.Context(), c.User, c.Lang, c.Query("kind"))
		}},
		{Method: "POST", Path: "/api/opening/import", Perm: update, Upload: true, Log: "log.opening.import", Tag: tag, H: func(c *server.Ctx) (any, error) {
			kind := c.Query("kind")
			if err := validKind(kind); err != nil {
				return nil, err
			}
			dry, err := c.QueryInt("dryRun", 0)
			if err != nil || (dry != 0 && dry != 1) {
				return nil, errs.Field("dryRun", "err.badParam", errs.A("name", "dryRun"))
			}
			f, _, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return s.Import(c.Context(), c.User, c.Lang, kind, dry == 1, f)
		}},
	}
}
