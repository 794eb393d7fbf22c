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
		{Method: "GET", Path: "/api/opening/summary", Perm: query, Tag: tag, Summary: "The opening position: startDate, closeDate, locked, stock lines/qty/amount, receivable, advanceReceived, payable, advancePaid, accounts, net", H: func(c *server.Ctx) (any, error) {
			sum, err := s.Summary(c.Context(), c.User)
			return redactSummary(c.User, sum, err)
		}},
		{Method: "GET", Path: "/api/opening/stock", Perm: query, Tag: tag, Summary: "Page of opening stock lines in the caller's warehouses (page, rows, sidx invNumber|invName|locationName|qty|amount, sord, matchCon, locationId); userdata qty, amount", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
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
		{Method: "POST", Path: "/api/opening/stock", Perm: update, Log: "log.opening.stock", Tag: tag, Summary: "Set the opening stock of {invId, locationId, skuId, qty, unitCost} (qty 0 removes it); refused once a period is closed; answers the summary", H: server.In(func(c *server.Ctx, in StockInput) (any, error) {
			sum, err := s.SaveStock(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/contact", Perm: query, Tag: tag, Summary: "Page of the customers (type=-10) or suppliers (type=10) the caller may use (data rights) with their opening debt (amount) and advance (periodMoney); userdata amount, periodMoney", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
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
		{Method: "POST", Path: "/api/opening/contact", Perm: update, Log: "log.opening.contact", Tag: tag, Summary: "Set a contact's opening {id, amount, periodMoney}; refused once a period is closed; answers the summary", H: server.In(func(c *server.Ctx, in ContactInput) (any, error) {
			sum, err := s.SaveContact(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/account", Perm: query, Tag: tag, Summary: "Page of settlement accounts with their opening balance (amount); userdata amount", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			return s.Accounts(c.Context(), p)
		})},
		{Method: "POST", Path: "/api/opening/account", Perm: update, Log: "log.opening.account", Tag: tag, Summary: "Set an account's opening balance {id, amount}; refused once a period is closed; answers the summary", H: server.In(func(c *server.Ctx, in AccountInput) (any, error) {
			sum, err := s.SaveAccount(c.Context(), c.User, in)
			return redactSummary(c.User, sum, err)
		})},
		{Method: "GET", Path: "/api/opening/template", Perm: query, Tag: tag, Summary: "The Excel file of a kind's openings (?kind=stock|customer|supplier|account) holding today's figures, to fill in and import", H: func(c *server.Ctx) (any, error) {
			return s.Template(c.Context(), c.User, c.Lang, c.Query("kind"))
		}},
		{Method: "POST", Path: "/api/opening/import", Perm: update, Upload: true, Log: "log.opening.import", Tag: tag, Summary: "Import a kind's openings from Excel (?kind=&dryRun=1, multipart file): every row or none; rows not in the file keep theirs", H: func(c *server.Ctx) (any, error) {
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
