package account

import (
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the settlement-account endpoints.
func Routes(s *Service) []server.Route {
	const tag = "settAcct"
	return []server.Route{
		{Method: "GET", Path: "/api/settAcct/list", Perm: "settings:settAcct:query", Tag: tag, Summary: "Page of settlement accounts (page, rows, sidx number|name|type|amount|balance|date, sord, matchCon, disable, type)", H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			enabled, err := enabledOnly(c)
			if err != nil {
				return nil, err
			}
			typ, err := c.QueryInt("type", 0)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), ListQuery{Enabled: enabled, Type: typ}, p)
		})},
		{Method: "GET", Path: "/api/settAcct/get_update", Perm: "settings:settAcct:query", Tag: tag, Summary: "One settlement account (?id=)", H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Get(c.Context(), id) })},
		{Method: "GET", Path: "/api/settAcct/nextNumber", Perm: "settings:settAcct:add", Tag: tag, Summary: "The proposed number of a new settlement account", H: func(c *server.Ctx) (any, error) { return s.NextNumber(c.Context()) }},
		{Method: "POST", Path: "/api/settAcct/add", Perm: "settings:settAcct:add", Log: "log.account.add", Tag: tag, Summary: "Create a settlement account (opening date defaults to the system start date)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Add(c.Context(), in) })},
		{Method: "POST", Path: "/api/settAcct/update", Perm: "settings:settAcct:update", Log: "log.account.update", Tag: tag, Summary: "Update a settlement account (body with id)", H: server.In(func(c *server.Ctx, in Input) (any, error) { return s.Update(c.Context(), in) })},
		{Method: "DELETE", Path: "/api/settAcct/delete", Perm: "settings:settAcct:delete", Log: "log.account.delete", Tag: tag, Summary: "Delete settlement accounts (?id=1,2); per-id results, refused while in use", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.Delete(c.Context(), id) }), nil
		})},
		{Method: "POST", Path: "/api/settAcct/disable", Perm: "settings:settAcct:disable", Log: "log.account.disable", Tag: tag, Summary: "Disable (disable=1, default) or enable (disable=0) settlement accounts (?id=1,2); per-id results", H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			d, err := c.QueryInt("disable", 1)
			if err != nil || (d != 0 && d != 1) {
				return nil, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
			}
			return c.Batch(ids, func(id int64) error { return s.SetDisabled(c.Context(), id, d) }), nil
		})},
	}
}

// enabledOnly reads a list's disable filter: 0 = enabled records only;
// 1 or absent = all.
func enabledOnly(c *server.Ctx) (bool, error) {
	d, err := c.QueryInt("disable", 1)
	if err != nil || (d != 0 && d != 1) {
		return false, errs.Field("disable", "err.badParam", errs.A("name", "disable"))
	}
	return d == 0, nil
}
