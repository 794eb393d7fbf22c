package report

import (
	"context"
	"database/sql"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Charts are the sales reports whose screen draws sales and gross profit by
// month (GET /api/report/<name>/chart): the report's own lines (lineFrom,
// the same filters), summed per month of the period. The stock balance's
// chart (value by warehouse) is drawn from its own totals row.
var Charts = []string{"salesDetail", "salesProfit", "salesSummaryInv", "salesSummaryCustomer", "salesSummarySales"}

// Chart is a report's chart: one point per month of the period; a figure
// the caller has no right to see is absent.
type Chart struct {
	Months []ChartMonth `json:"months"`
}

// ChartMonth is a month's sales (net of tax, returns negative) and gross
// profit (sales less the cost of the lines' stock moves).
type ChartMonth struct {
	Month  string   `json:"month"`
	Sales  *dec.Dec `json:"sales,omitempty"`
	Profit *dec.Dec `json:"profit,omitempty"`
}

// Chart reads the chart of report name with its filters.
func (s *Service) Chart(ctx context.Context, p *server.Principal, lang i18n.Lang, name string, f Filter, shopIDs []int64) (*Chart, error) {
	q, err := s.prepare(ctx, p, lang, f, shopIDs)
	if err != nil {
		return nil, err
	}
	out := &Chart{Months: []ChartMonth{}}
	canSales, canCost := p.Can(SalesRight), p.Can(CostRight)
	from, args := lineFrom(q, []string{"sales", "reSales"})
	type month struct {
		m             string
		sales, profit dec.Dec
	}
	ms, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, x *month) error { return r.Scan(&x.m, &x.sales, &x.profit) },
		`SELECT SUBSTR(b.bill_date, 1, 7) AS m, CAST(SUM(`+signSQL+` * e.amount) AS BIGINT), CAST(SUM(`+profitSQL+`) AS BIGINT)
		  FROM `+from+` GROUP BY SUBSTR(b.bill_date, 1, 7) ORDER BY m`, args...)
	if err != nil {
		return nil, fmt.Errorf("report %s chart: %w", name, err)
	}
	byMonth := map[string]month{}
	for _, x := range ms {
		byMonth[x.m] = x
	}
	// every month of the period, those without sales at zero (at most 20 years)
	for m, n := q.F.BeginDate[:7], 0; m <= q.F.EndDate[:7] && n < 240; m, n = nextMonth(m), n+1 {
		x := byMonth[m]
		c := ChartMonth{Month: m}
		if canSales {
			c.Sales = &x.sales
			if canCost {
				c.Profit = &x.profit
			}
		}
		out.Months = append(out.Months, c)
	}
	return out, nil
}

// nextMonth is the month after m ("2026-12" → "2027-01").
func nextMonth(m string) string {
	var y, mo int
	_, _ = fmt.Sscanf(m, "%d-%d", &y, &mo)
	if mo == 12 {
		y, mo = y+1, 0
	}
	return fmt.Sprintf("%04d-%02d", y, mo+1)
}

// chartRoutes are GET /api/report/<name>/chart of the sales reports, with
// the report's own permission.
func chartRoutes(h handlers) []server.Route {
	var out []server.Route
	for _, name := range Charts {
		out = append(out, server.Route{Method: "GET", Path: "/api/report/" + name + "/chart", Perm: Perm(name, "query"), Tag: "report", H: h.chart(name),
			Doc: "api.report.chart", DocArgs: docArgs(name)})
	}
	return out
}

func (h handlers) chart(name string) func(*server.Ctx) (any, error) {
	return func(c *server.Ctx) (any, error) {
		f, shops, err := readFilter(c)
		if err != nil {
			return nil, err
		}
		return h.s.Chart(c.Context(), c.User, c.Lang, name, f, shops)
	}
}
