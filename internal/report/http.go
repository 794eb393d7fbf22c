package report

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Routes are GET /api/report/<name> (a page with the totals row and the
// column spec) and GET /api/report/<name>/export (the Excel) for every
// report, each with the report's own permission, and the dashboard.
func Routes(s *Service) []server.Route {
	const tag = "report"
	h := handlers{s}
	var out []server.Route
	for _, name := range Names() {
		out = append(out,
			server.Route{Method: "GET", Path: "/api/report/" + name, Perm: Perm(name, "query"), Tag: tag, H: server.Listed(h.run(name)),
				Doc: "api.report.page", DocArgs: docArgs(name)},
			server.Route{Method: "GET", Path: "/api/report/" + name + "/export", Perm: Perm(name, "export"), Log: "log.report.export", Tag: tag, H: h.export(name),
				Doc: "api.report.export", DocArgs: docArgs(name)},
		)
	}
	out = append(out, chartRoutes(h)...)
	return append(out, server.Route{Method: "GET", Path: "/api/report/dashboard", Tag: tag, H: h.dashboard})
}

// docArgs name the report in the description of its routes.
func docArgs(name string) []errs.Arg {
	return []errs.Arg{errs.A("report", errs.Key(Reports[name].Title))}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

// run answers a page of report name.
func (h handlers) run(name string) func(*server.Ctx, server.ListParams) (any, error) {
	return func(c *server.Ctx, p server.ListParams) (any, error) {
		f, shops, err := readFilter(c)
		if err != nil {
			return nil, err
		}
		return h.s.Run(c.Context(), c.User, c.Lang, name, f, shops, p)
	}
}

// export answers the Excel of report name.
func (h handlers) export(name string) func(*server.Ctx) (any, error) {
	return func(c *server.Ctx) (any, error) {
		p, err := c.List()
		if err != nil {
			return nil, err
		}
		f, shops, err := readFilter(c)
		if err != nil {
			return nil, err
		}
		return h.s.Export(c.Context(), c.User, c.Lang, name, f, shops, p)
	}
}

func (h handlers) dashboard(c *server.Ctx) (any, error) {
	return h.s.Dashboard(c.Context(), c.User, c.Lang)
}

// readFilter reads a report's filters.
func readFilter(c *server.Ctx) (Filter, []int64, error) {
	f := Filter{BeginDate: strings.TrimSpace(c.Query("beginDate")), EndDate: strings.TrimSpace(c.Query("endDate")),
		SerNum: strings.TrimSpace(c.Query("serNum")), MatchCon: strings.TrimSpace(c.Query("matchCon")), Status: -1}
	var fs errs.Fields
	for _, d := range []struct{ name, v string }{{"beginDate", f.BeginDate}, {"endDate", f.EndDate}} {
		if d.v != "" && !sysparam.ValidDate(d.v) {
			fs.Add(d.name, "err.badParam", errs.A("name", d.name))
		}
	}
	for _, p := range []struct {
		name string
		dst  *int64
	}{{"locationId", &f.LocationID}, {"invId", &f.InvID}, {"catId", &f.CatID}, {"buId", &f.BuID}, {"salesId", &f.SalesID}, {"accId", &f.AccID}, {"itemId", &f.ItemID}} {
		v, err := c.QueryInt(p.name, 0)
		if err != nil || v < 0 {
			fs.Add(p.name, "err.badParam", errs.A("name", p.name))
			continue
		}
		*p.dst = v
	}
	small := func(name string, def int64, ok func(int64) bool) int64 {
		v, err := c.QueryInt(name, def)
		if err != nil || !ok(v) {
			fs.Add(name, "err.badParam", errs.A("name", name))
			return def
		}
		return v
	}
	for _, name := range []string{"status", "billStatus"} {
		if strings.TrimSpace(c.Query(name)) != "" {
			f.Status = int(small(name, -1, func(v int64) bool { return v >= -1 && v <= 3 }))
		}
	}
	f.ContactType = int(small("contactType", 0, func(v int64) bool { return v == 0 || v == -10 || v == 10 }))
	f.ShowZero = small("showZero", 0, func(v int64) bool { return v == 0 || v == 1 }) == 1
	f.BySku = small("bySku", 0, func(v int64) bool { return v == 0 || v == 1 }) == 1
	f.ShowGoods = small("showGoods", 0, func(v int64) bool { return v == 0 || v == 1 }) == 1
	// matchCon and serNum are search texts: bounded at the decoding edge (server.MaxSearchLen).
	var shops []int64
	if v := strings.TrimSpace(c.Query("shopId")); v != "" {
		ids, err := c.QueryIDs("shopId")
		if err != nil {
			fs.Add("shopId", "err.badParam", errs.A("name", "shopId"))
		}
		shops = ids
	}
	if err := fs.Err(); err != nil {
		return f, nil, err
	}
	return f, shops, nil
}
