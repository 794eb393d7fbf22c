package report

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
	"cangshu/internal/sysparam"
)

// Service runs reports.
type Service struct {
	db *db.DB
	// Now is the clock the dashboard reads today from (time.Now; a
	// benchmark sets another day).
	Now func() time.Time
}

// NewService is the report service on d.
func NewService(d *db.DB) *Service { return &Service{db: d, Now: time.Now} }

var (
	docFilters   = []string{"beginDate", "endDate", "buId", "invId", "locationId", "catId", "matchCon"}
	salesFilters = []string{"beginDate", "endDate", "buId", "salesId", "invId", "locationId", "catId", "matchCon"}
	stockFilters = []string{"beginDate", "endDate", "invId", "locationId", "catId"}
)

// Reports are the reports, by name (docs/api.md §5); the fund reports are added
// by fund.go.
var Reports = map[string]*Report{
	"puDetail":             {Name: "puDetail", Title: "report.title.puDetail", Columns: puDetailCols, Source: puDetailSource, Sorted: true, Doc: true, Filters: docFilters},
	"puOrderDetail":        {Name: "puOrderDetail", Title: "report.title.puOrderDetail", Columns: orderCols("report.col.supplier", PurchaseRight), Rows: orderRows("purOrder"), Sorted: true, Doc: true, Filters: append([]string{"status"}, docFilters...)},
	"puSummaryInv":         {Name: "puSummaryInv", Title: "report.title.puSummaryInv", Columns: puSumCols(stockGoodsCols), Agg: puSumAgg(byGoodsKey), Sorted: true, Drill: "puDetail", Filters: docFilters},
	"puSummarySupplier":    {Name: "puSummarySupplier", Title: "report.title.puSummarySupplier", Columns: puSumCols([]Column{{Key: "contactName", Label: "report.col.supplier", Type: Text, Width: 20}}), Agg: puSumAgg(byContactKey), Sorted: true, Drill: "puDetail", Filters: docFilters},
	"salesDetail":          {Name: "salesDetail", Title: "report.title.salesDetail", Columns: salesDetailCols, Source: salesDetailSource, Sorted: true, Doc: true, Filters: salesFilters},
	"salesOrderDetail":     {Name: "salesOrderDetail", Title: "report.title.salesOrderDetail", Columns: orderCols("report.col.customer", SalesRight), Rows: orderRows("salesOrder"), Sorted: true, Doc: true, Filters: append([]string{"status"}, salesFilters...)},
	"salesSummaryInv":      {Name: "salesSummaryInv", Title: "report.title.salesSummaryInv", Columns: salesSumCols(stockGoodsCols), Agg: salesSumAgg(byGoodsKey), Sorted: true, Drill: "salesDetail", Filters: salesFilters},
	"salesSummaryCustomer": {Name: "salesSummaryCustomer", Title: "report.title.salesSummaryCustomer", Columns: salesSumCols([]Column{{Key: "contactName", Label: "report.col.customer", Type: Text, Width: 20}}), Agg: salesSumAgg(byContactKey), Sorted: true, Drill: "salesDetail", Filters: salesFilters},
	"salesSummarySales":    {Name: "salesSummarySales", Title: "report.title.salesSummarySales", Columns: salesSumCols([]Column{{Key: "salesName", Label: "report.col.salesName", Type: Text, Width: 16}}), Agg: salesSumAgg(bySalesKey), Sorted: true, Drill: "salesDetail", Filters: salesFilters},
	"salesProfit":          {Name: "salesProfit", Title: "report.title.salesProfit", Columns: salesProfitCols, Agg: salesProfitAgg, Sorted: true, Doc: true, Filters: salesFilters},
	"contactDebt":          {Name: "contactDebt", Title: "report.title.contactDebt", Columns: contactDebtCols, Rows: contactDebtRows, Sorted: true, Filters: []string{"contactType", "buId", "matchCon", "showZero"}},
	"invBalance":           {Name: "invBalance", Title: "report.title.invBalance", Columns: invBalanceCols, Agg: invBalanceAgg, Sorted: true, Drill: "deliverDetail", Filters: []string{"endDate", "invId", "locationId", "catId", "showZero", "bySku"}},
	"deliverDetail":        {Name: "deliverDetail", Title: "report.title.deliverDetail", Columns: deliverDetailCols, Rows: deliverDetailRows, Doc: true, Filters: stockFilters},
	"deliverSummary":       {Name: "deliverSummary", Title: "report.title.deliverSummary", Columns: deliverSummaryCols, Agg: deliverSummaryAgg, Sorted: true, Drill: "deliverDetail", Filters: stockFilters},
	"warehouseDetail":      {Name: "warehouseDetail", Title: "report.title.warehouseDetail", Columns: moveDetailCols, Rows: moveDetailRows(1), Sorted: true, Doc: true, Filters: stockFilters},
	"outboundDetail":       {Name: "outboundDetail", Title: "report.title.outboundDetail", Columns: moveDetailCols, Rows: moveDetailRows(-1), Sorted: true, Doc: true, Filters: stockFilters},
	"serNumTracer":         {Name: "serNumTracer", Title: "report.title.serNumTracer", Columns: serNumCols, Rows: serNumRows, Sorted: true, Doc: true, Filters: []string{"beginDate", "endDate", "invId", "locationId", "serNum"}},
}

// Names are the report names, sorted.
func Names() []string { return slices.Sorted(maps.Keys(Reports)) }

// Perm is the permission to query a report (the seeded report menus').
func Perm(name, action string) string { return "report:" + name + ":" + action }

// ColumnOut is a column as the screen receives it.
type ColumnOut struct {
	Key   string  `json:"key"`
	Label string  `json:"label"`
	Type  Type    `json:"type"`
	Sum   bool    `json:"sum,omitempty"`
	Width float64 `json:"width,omitempty"`
}

// Answer is a report's answer: the list shape (docs/api.md §2, §5) with the
// column spec the caller may see, the title, the drill-down report and the
// filters used (the dates filled in).
type Answer struct {
	Page     int         `json:"page"`
	Records  int         `json:"records"`
	Total    int         `json:"total"`
	Rows     []Row       `json:"rows"`
	Userdata Row         `json:"userdata"`
	Columns  []ColumnOut `json:"columns"`
	Title    string      `json:"title"`
	Drill    string      `json:"drill,omitempty"`
	Doc      bool        `json:"doc,omitempty"`
	Filters  []string    `json:"filters"`
	Begin    string      `json:"beginDate"`
	End      string      `json:"endDate"`
}

// prepare checks the filters and scope and builds the query.
func (s *Service) prepare(ctx context.Context, p *server.Principal, lang i18n.Lang, f Filter, shopIDs []int64) (*Query, error) {
	if p == nil || p.ShopID == 0 {
		return nil, errs.Invalid("bill.err.noShop")
	}
	shops := []int64{p.ShopID}
	if len(shopIDs) > 0 {
		if !p.IsRoot() {
			return nil, errs.Field("shopId", "report.err.shopRoot")
		}
		shops = shopIDs
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("report settings: %w", err)
	}
	today := time.Now().Format(time.DateOnly)
	if f.EndDate == "" {
		f.EndDate = today
	}
	if f.BeginDate == "" {
		f.BeginDate = f.EndDate[:8] + "01"
	}
	if f.BeginDate > f.EndDate {
		return nil, errs.Field("beginDate", "report.err.dates")
	}
	locs, err := shopLocations(ctx, s.db, shops)
	if err != nil {
		return nil, err
	}
	locs = p.Rights.Narrow(locs) // data rights (docs/rights.md)
	if f.LocationID > 0 {
		if slices.Contains(locs, f.LocationID) {
			locs = []int64{f.LocationID}
		} else {
			locs = nil // another shop's warehouse: nothing
		}
	}
	return &Query{Ctx: ctx, DB: s.db, P: p, Lang: lang, F: f, Shops: shops, Locations: locs, Sys: sys}, nil
}

// begin finds the report, checks filters, scope and sort and cuts the
// column spec to what the caller may see.
func (s *Service) begin(ctx context.Context, p *server.Principal, lang i18n.Lang, name string, f Filter, shopIDs []int64, lp server.ListParams) (*Report, *Query, []Column, error) {
	r, ok := Reports[name]
	if !ok {
		return nil, nil, nil, errs.NotFound("report.what")
	}
	q, err := s.prepare(ctx, p, lang, f, shopIDs)
	if err != nil {
		return nil, nil, nil, err
	}
	cols := visible(r.Columns(q), p)
	if lp.Sidx != "" {
		// validated before reading: an unknown column is a 400
		if !r.Sorted || !slices.ContainsFunc(cols, func(c Column) bool { return c.Key == lp.Sidx }) {
			return nil, nil, nil, errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
		}
		if r.Source != nil && !r.Source(q).sortable(lp.Sidx) {
			return nil, nil, nil, errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
		}
	}
	return r, q, cols, nil
}

// agg builds a grouped report's query, its sort checked.
func agg(r *Report, q *Query, lp server.ListParams) (*aggSource, error) {
	src, err := r.Agg(q)
	if err != nil {
		return nil, fmt.Errorf("report %s: %w", r.Name, err)
	}
	if lp.Sidx != "" && !src.sortable(lp.Sidx) {
		return nil, errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
	}
	return src, nil
}

// all reads every row of an in-memory report, as the caller may see them,
// sorted, with the totals row.
func all(r *Report, q *Query, cols []Column, lp server.ListParams) ([]Row, Row, error) {
	rows, err := r.Rows(q)
	if err != nil {
		return nil, nil, fmt.Errorf("report %s: %w", r.Name, err)
	}
	for i := range rows {
		rows[i] = project(rows[i], cols)
	}
	if lp.Sidx != "" {
		if err := sortRows(rows, cols, lp.Sidx, lp.Desc); err != nil {
			return nil, nil, err
		}
	}
	return rows, totals(rows, cols), nil
}

// Run is one page of a report with its totals row.
func (s *Service) Run(ctx context.Context, p *server.Principal, lang i18n.Lang, name string, f Filter, shopIDs []int64, lp server.ListParams) (*Answer, error) {
	r, q, cols, err := s.begin(ctx, p, lang, name, f, shopIDs, lp)
	if err != nil {
		return nil, err
	}
	a := &Answer{Page: lp.Page, Title: i18n.T(lang, string(r.Title)), Drill: r.Drill, Doc: r.Doc,
		Filters: r.Filters, Begin: q.F.BeginDate, End: q.F.EndDate, Columns: make([]ColumnOut, len(cols))}
	for i, c := range cols {
		a.Columns[i] = ColumnOut{Key: c.Key, Label: header(lang, c), Type: c.Type, Sum: c.Sum || c.Num != "" || c.Closing, Width: c.Width}
	}
	switch {
	case r.Agg != nil:
		src, err := agg(r, q, lp)
		if err != nil {
			return nil, err
		}
		a.Rows = make([]Row, 0, lp.Rows)
		if a.Records, a.Userdata, err = src.rows(q, cols, lp, true, func(r Row) error { a.Rows = append(a.Rows, r); return nil }); err != nil {
			return nil, fmt.Errorf("report %s: %w", name, err)
		}
	case r.Source != nil:
		src := r.Source(q)
		if a.Records, a.Userdata, err = src.totals(q, cols); err != nil {
			return nil, fmt.Errorf("report %s: %w", name, err)
		}
		if a.Rows, err = src.page(q, cols, lp); err != nil {
			return nil, fmt.Errorf("report %s: %w", name, err)
		}
	default:
		rows, tot, err := all(r, q, cols, lp)
		if err != nil {
			return nil, err
		}
		a.Records, a.Userdata = len(rows), tot
		start := min(lp.Offset(), len(rows))
		a.Rows = rows[start:min(start+lp.Rows, len(rows))]
	}
	if lp.Rows > 0 {
		a.Total = (a.Records + lp.Rows - 1) / lp.Rows
	}
	if a.Rows == nil {
		a.Rows = []Row{}
	}
	return a, nil
}

func header(lang i18n.Lang, c Column) string {
	if c.Raw != "" {
		return c.Raw
	}
	return i18n.T(lang, string(c.Label))
}

// Export is the Excel of the whole report (every row, then the totals
// row), streamed row by row into the sheet; reports on SQL stream from the
// cursor, never holding the rows.
func (s *Service) Export(ctx context.Context, p *server.Principal, lang i18n.Lang, name string, f Filter, shopIDs []int64, lp server.ListParams) (server.File, error) {
	r, q, cols, err := s.begin(ctx, p, lang, name, f, shopIDs, lp)
	if err != nil {
		return server.File{}, err
	}
	return writeExcel(lang, r, q, cols, func(add func(Row) error) error {
		var tot Row
		if r.Agg != nil {
			src, err := agg(r, q, lp)
			if err != nil {
				return err
			}
			n, t, err := src.rows(q, cols, lp, false, add)
			if err != nil {
				return fmt.Errorf("report %s: %w", name, err)
			}
			if n == 0 { // no rows: the totals are zero
				t = totals(nil, cols)
			}
			tot = t
		} else if r.Source != nil {
			src := r.Source(q)
			if err := src.each(q, cols, lp, add); err != nil {
				return fmt.Errorf("report %s: %w", name, err)
			}
			if _, tot, err = src.totals(q, cols); err != nil {
				return fmt.Errorf("report %s: %w", name, err)
			}
		} else {
			rows, t, err := all(r, q, cols, lp)
			if err != nil {
				return err
			}
			for _, row := range rows {
				if err := add(row); err != nil {
					return err
				}
			}
			tot = t
		}
		tot[cols[0].Key] = i18n.T(lang, "report.total")
		return add(tot)
	})
}

// writeExcel writes the visible columns of rows under their headers:
// figures as numbers in the format of their decimal places (system
// parameters), text as text.
func writeExcel(lang i18n.Lang, r *Report, q *Query, cols []Column, rows func(add func(Row) error) error) (server.File, error) {
	sc := make([]sheet.Column, len(cols))
	keys := make([]string, len(cols))
	for i, c := range cols {
		sc[i] = sheet.Column{Key: c.Key, Label: errs.Key(header(lang, c)), Width: c.Width, Text: c.Key == "billNo" || c.Key == "invNumber",
			NumFmt: numFmt(c.Type, q.Sys)}
		keys[i] = c.Key
	}
	return sheet.Export(lang, errs.Key(i18n.T(lang, string(r.Title))+".xlsx"), r.Title, sc, func(add func([]any) error) error {
		return rows(func(row Row) error {
			cells := make([]any, len(keys))
			for i, k := range keys {
				cells[i] = cell(row[k])
			}
			return add(cells)
		})
	})
}

// numFmt is the Excel number format of a column type ("" = none).
func numFmt(t Type, sys sysparam.System) string {
	places := map[Type]int{Qty: sys.QtyPlaces, Price: sys.PricePlaces, Amount: sys.AmountPlaces, Percent: 2, Int: 0}
	n, ok := places[t]
	if !ok {
		return ""
	}
	if n <= 0 {
		return "#,##0"
	}
	return "#,##0." + strings.Repeat("0", n)
}

// cell is a value as Excel gets it: a figure is a number cell when Excel's
// number (a binary double, 15 significant digits) holds its exact decimal
// digits, which every figure inside docs/limits.md at its places does;
// otherwise (a larger sum) its exact digits as text, never a rounded number.
func cell(v any) any {
	switch x := v.(type) {
	case nil:
		return ""
	case dec.Dec:
		return exactNumber(x.String())
	case int64:
		return x
	}
	return v
}

func exactNumber(s string) any {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || strconv.FormatFloat(f, 'f', -1, 64) != s {
		return s
	}
	return f
}

func i64s(v int64) string { return strconv.FormatInt(v, 10) }
