package warehouse

import (
	"cangshu/internal/bill"
	"cangshu/internal/server"
)

// Routes are the endpoints of the warehouse kinds (the document engine's)
// and of the stock query.
func Routes(bills *bill.Service, s *Service) []server.Route {
	var out []server.Route
	for _, k := range Kinds {
		out = append(out, bill.Routes(bills, k)...)
	}
	sheetFilter := func(c *server.Ctx) (SheetFilter, error) {
		f := SheetFilter{Date: c.Query("date")}
		var err error
		for _, q := range []struct {
			name string
			dst  *int64
		}{{"locationId", &f.LocationID}, {"catId", &f.CatID}, {"invId", &f.InvID}} {
			if *q.dst, err = c.QueryInt(q.name, 0); err != nil {
				return f, err
			}
		}
		zero, err := c.QueryInt("showZero", 0)
		f.ShowZero = zero == 1
		return f, err
	}
	const st, tag = "/api/stocktake", "stocktake"
	out = append(out,
		server.Route{Method: "GET", Path: st + "/sheet", Perm: "warehouse:stocktake:query", Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				f, err := sheetFilter(c)
				if err != nil {
					return nil, err
				}
				return s.Sheet(c.Context(), c.User, f)
			}},
		server.Route{Method: "GET", Path: st + "/export", Perm: "warehouse:stocktake:export", Log: "log.stocktake.export", Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				f, err := sheetFilter(c)
				if err != nil {
					return nil, err
				}
				return s.ExportSheet(c.Context(), c.User, c.Lang, f)
			}},
		server.Route{Method: "POST", Path: st + "/import", Perm: "warehouse:stocktake:add", Upload: true, Log: "log.stocktake.import", Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				f, _, err := c.FormFile("file")
				if err != nil {
					return nil, err
				}
				defer f.Close()
				return s.ImportSheet(c.Context(), c.User, c.Lang, f)
			}},
		server.Route{Method: "GET", Path: st + "/list", Perm: "warehouse:stocktake:query", Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) { return s.ListCounts(c.Context(), c.User, p) })},
		server.Route{Method: "GET", Path: st + "/query", Perm: "warehouse:stocktake:query", Tag: tag, H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.GetCount(c.Context(), c.User, id) })},
		server.Route{Method: "POST", Path: st + "/add", Perm: "warehouse:stocktake:add", Log: "log.stocktake.add", Tag: tag,
			H: server.In(func(c *server.Ctx, in CountInput) (any, error) { return s.SaveCount(c.Context(), c.User, in, false) })},
		server.Route{Method: "POST", Path: st + "/update", Perm: "warehouse:stocktake:update", Log: "log.stocktake.update", Tag: tag,
			H: server.In(func(c *server.Ctx, in CountInput) (any, error) { return s.SaveCount(c.Context(), c.User, in, true) })},
		server.Route{Method: "DELETE", Path: st + "/delete", Perm: "warehouse:stocktake:delete", Log: "log.stocktake.delete", Tag: tag, H: server.QIDs("id", func(c *server.Ctx, ids []int64) (any, error) {
			return c.Batch(ids, func(id int64) error { return s.DeleteCount(c.Context(), c.User, id) }), nil
		})},
		server.Route{Method: "POST", Path: st + "/generate", Perm: "warehouse:stocktake:check", Log: "log.stocktake.generate", Tag: tag,
			H: server.QID("id", func(c *server.Ctx, id int64) (any, error) { return s.Generate(c.Context(), c.User, id) })},
	)
	out = append(out, templateRoutes(s)...)
	return append(out,
		server.Route{Method: "GET", Path: "/api/stock/query", Perm: "warehouse:stock:query", Tag: "stock",
			H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
				var f QueryFilter
				var err error
				for _, q := range []struct {
					name string
					dst  *int64
				}{{"invId", &f.InvID}, {"locationId", &f.LocationID}, {"catId", &f.CatID}} {
					if *q.dst, err = c.QueryInt(q.name, 0); err != nil {
						return nil, err
					}
				}
				return s.Query(c.Context(), c.User, f, p)
			})},
	)
}
