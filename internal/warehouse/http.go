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
	return append(out,
		server.Route{Method: "GET", Path: "/api/stock/query", Perm: "storage:stock:query", Tag: "stock",
			Summary: "On-hand stock of the active shop per goods and warehouse (invId, locationId, catId with its subtree, matchCon over goods number/name; page, rows): qty in the base unit and qtyText in the goods' units; amount and unitCost with the cost right; userdata = totals",
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
