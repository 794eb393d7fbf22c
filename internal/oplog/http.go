package oplog

import (
	"strings"

	"cangshu/internal/server"
)

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route {
	const tag = "log"
	h := handlers{s}
	return []server.Route{
		{Method: "GET", Path: "/api/logs/page", Perm: "sys:log:query", Tag: tag, H: server.Paged(h.page)},
		{Method: "GET", Path: "/api/logs/visit-trend", Tag: tag, H: h.trend},
		{Method: "GET", Path: "/api/logs/visit-stats", Tag: tag, H: h.stats},
	}
}

// handlers are the route table's handlers: they read the request and call
// the service.
type handlers struct{ s *Service }

func (h handlers) page(c *server.Ctx, p server.PageParams) (any, error) {
	pq := PageQuery{Keywords: c.Query("keywords"), Module: c.Query("module"), Offset: p.Offset(), Limit: p.PageSize}
	from, to := createTimeRange(c)
	if from != "" {
		t, err := TimeBound(from, false, h.s.Loc)
		if err != nil {
			return nil, err
		}
		pq.From = &t
	}
	if to != "" {
		t, err := TimeBound(to, true, h.s.Loc)
		if err != nil {
			return nil, err
		}
		pq.To = &t
	}
	list, total, err := h.s.Page(c.Context(), c.User, c.Lang, pq)
	return server.NewPage(list, total), err
}

func (h handlers) trend(c *server.Ctx) (any, error) {
	return h.s.Trend(c.Context(), c.User, c.Query("startDate"), c.Query("endDate"))
}

func (h handlers) stats(c *server.Ctx) (any, error) { return h.s.Stats(c.Context(), c.User) }

// createTimeRange reads the createTime filter in the forms clients send it:
// createTime=from,to, createTime=from&createTime=to, or
// createTime[0]=from&createTime[1]=to. Either end may be empty.
func createTimeRange(c *server.Ctx) (from, to string) {
	q := c.R.URL.Query()
	vals := q["createTime"]
	if len(vals) == 1 {
		vals = strings.SplitN(vals[0], ",", 2)
	}
	if len(vals) == 0 {
		vals = []string{q.Get("createTime[0]"), q.Get("createTime[1]")}
	}
	if len(vals) > 0 {
		from = strings.TrimSpace(vals[0])
	}
	if len(vals) > 1 {
		to = strings.TrimSpace(vals[1])
	}
	return from, to
}
