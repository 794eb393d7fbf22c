package app

import (
	"context"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/report"
	"cangshu/internal/server"
	"cangshu/internal/statement"
)

// wireReport builds the reports (internal/report: reads only), the
// dashboard's figures and the customer statements shared by link, whose
// snapshot is the customerReconciliation report.
func (a *App) wireReport() ([]server.Route, error) {
	rs := report.NewService(a.DB)
	r := report.Routes(rs)
	return append(r, statement.Routes(statement.NewService(a.DB, statementBuilder(rs)))...), nil
}

// statementBuilder builds a shared statement from the customer statement
// report as the caller sees it (every row: at most one answer's).
func statementBuilder(rs *report.Service) statement.Builder {
	return func(ctx context.Context, p *server.Principal, lang i18n.Lang, in statement.Params) (statement.Sheet, error) {
		f := report.Filter{BuID: in.BuID, BeginDate: in.BeginDate, EndDate: in.EndDate, ShowGoods: in.ShowGoods, Status: -1}
		a, err := rs.Run(ctx, p, lang, "customerReconciliation", f, nil, server.ListParams{Page: 1, Rows: server.MaxListRows})
		if err != nil {
			return statement.Sheet{}, err
		}
		if a.Records > len(a.Rows) {
			return statement.Sheet{}, errs.Field("endDate", "statement.err.tooLong", errs.A("max", server.MaxListRows))
		}
		out := statement.Sheet{Title: a.Title, Rows: make([]map[string]any, len(a.Rows)), Totals: a.Userdata}
		for _, c := range a.Columns {
			out.Columns = append(out.Columns, statement.Column{Key: c.Key, Label: c.Label, Type: string(c.Type)})
		}
		for i, row := range a.Rows {
			out.Rows[i] = row
		}
		return out, nil
	}
}
