// Package warning is the inventory warnings (库存预警): goods whose on-hand
// quantity in a warehouse is below its low level or above its high level
// (the levels of the goods' master data, goods_warnings, in base units),
// as a list with Excel export and as counts for the dashboard. On-hand is
// read from the balances (every SKU and batch of the goods in the
// warehouse). A caller who is not ROOT sees the warehouses of the active
// shop only.
package warning

import (
	"context"
	"database/sql"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/search"
	"cangshu/internal/server"
	"cangshu/internal/sheet"
)

// Row is one goods item out of its levels in one warehouse.
type Row struct {
	InvID        int64    `json:"invId"`
	InvNumber    string   `json:"invNumber"`
	InvName      string   `json:"invName"`
	InvSpec      string   `json:"invSpec"`
	UnitName     string   `json:"unitName"`
	LocationID   int64    `json:"locationId"`
	LocationName string   `json:"locationName"`
	Qty          dec.Dec  `json:"qty"`
	LowQty       *dec.Dec `json:"lowQty"`
	HighQty      *dec.Dec `json:"highQty"`
	State        string   `json:"state"` // low | high
	Gap          dec.Dec  `json:"gap"`   // how far below low (to order) or above high (too many)
}

// Counts are the dashboard's figures.
type Counts struct {
	Low  int `json:"low"`
	High int `json:"high"`
}

// Service reads the warnings.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Query is the list's filters.
type Query struct {
	State      string // "" both, low, high
	LocationID int64
}

const labelState errs.Key = "warning.field.state"

// base is every goods × warehouse with a level, its on-hand and state.
const base = `SELECT w.goods_id, g.number, g.name, g.spec, COALESCE(u.name, '') AS unit_name, w.location_id, l.name AS location_name,
	COALESCE(b.qty, 0) AS qty, w.low_qty, w.high_qty,
	CASE WHEN w.low_qty IS NOT NULL AND COALESCE(b.qty, 0) < w.low_qty THEN 'low'
	     WHEN w.high_qty IS NOT NULL AND COALESCE(b.qty, 0) > w.high_qty THEN 'high' ELSE '' END AS state
	FROM goods_warnings w JOIN goods g ON g.id = w.goods_id JOIN locations l ON l.id = w.location_id
	LEFT JOIN units u ON u.id = g.unit_id
	LEFT JOIN (SELECT goods_id, location_id, SUM(qty) AS qty FROM stock_balances GROUP BY goods_id, location_id) b
	  ON b.goods_id = w.goods_id AND b.location_id = w.location_id
	WHERE g.disabled = 0 AND l.disabled = 0`

func where(p *server.Principal, q Query, match string) (string, []any, error) {
	cond, args := "t.state <> ''", []any{}
	switch q.State {
	case "":
	case "low", "high":
		cond += " AND t.state = ?"
		args = append(args, q.State)
	default:
		return "", nil, errs.Field("state", "err.invalid", errs.A("field", labelState))
	}
	if p != nil && !p.IsRoot() {
		cond += " AND EXISTS (SELECT 1 FROM shop_locations sl WHERE sl.location_id = t.location_id AND sl.shop_id = ?)"
		args = append(args, p.ShopID)
		cond, args = p.Rights.Warehouse("t.location_id").And(cond, args) // data rights (docs/rights.md)
	}
	if q.LocationID > 0 {
		cond += " AND t.location_id = ?"
		args = append(args, q.LocationID)
	}
	if match != "" {
		pat := search.Pattern(match)
		cond += " AND (" + search.Cond("LOWER(t.number)") + " OR " + search.Cond("LOWER(t.name)") + ")"
		args = append(args, pat, pat)
	}
	return cond, args, nil
}

var sortable = map[string]string{"invNumber": "t.number", "invName": "t.name", "locationName": "t.location_name", "qty": "t.qty", "state": "t.state"}

func (s *Service) rows(ctx context.Context, p *server.Principal, q Query, lp server.ListParams, limit, offset int) ([]Row, int, error) {
	cond, args, err := where(p, q, lp.MatchCon)
	if err != nil {
		return nil, 0, err
	}
	order, err := lp.OrderBy(sortable, "t.number")
	if err != nil {
		return nil, 0, err
	}
	var n int
	if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM ("+base+") t WHERE "+cond, args...).Scan(&n); err != nil {
		return nil, 0, fmt.Errorf("count warnings: %w", err)
	}
	query := "SELECT * FROM (" + base + ") t WHERE " + cond + " ORDER BY " + order + ", t.location_name, t.goods_id"
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, v *Row) error {
		var low, high sql.NullInt64
		if err := r.Scan(&v.InvID, &v.InvNumber, &v.InvName, &v.InvSpec, &v.UnitName, &v.LocationID, &v.LocationName, &v.Qty, &low, &high, &v.State); err != nil {
			return err
		}
		if low.Valid {
			d := dec.FromMicros(low.Int64)
			v.LowQty = &d
		}
		if high.Valid {
			d := dec.FromMicros(high.Int64)
			v.HighQty = &d
		}
		if v.State == "low" {
			v.Gap = v.LowQty.Sub(v.Qty)
		} else {
			v.Gap = v.Qty.Sub(*v.HighQty)
		}
		return nil
	}, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list warnings: %w", err)
	}
	return rows, n, nil
}

// List is a page of warnings (state, locationId, matchCon: goods number or name).
func (s *Service) List(ctx context.Context, p *server.Principal, q Query, lp server.ListParams) (server.ListPage[Row], error) {
	rows, n, err := s.rows(ctx, p, q, lp, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[Row]{}, err
	}
	return server.NewListPage(lp, rows, n), nil
}

// Counts are how many goods × warehouses are below low and above high.
func (s *Service) Counts(ctx context.Context, p *server.Principal) (Counts, error) {
	cond, args, err := where(p, Query{}, "")
	if err != nil {
		return Counts{}, err
	}
	var c Counts
	err = s.db.QueryRow(ctx, "SELECT COALESCE(SUM(CASE WHEN t.state = 'low' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN t.state = 'high' THEN 1 ELSE 0 END), 0) FROM ("+
		base+") t WHERE "+cond, args...).Scan(&c.Low, &c.High)
	return c, err
}

// Export is the filtered list as Excel.
func (s *Service) Export(ctx context.Context, p *server.Principal, lang i18n.Lang, q Query, lp server.ListParams) (server.File, error) {
	rows, _, err := s.rows(ctx, p, q, lp, -1, 0)
	if err != nil {
		return server.File{}, err
	}
	cols := []sheet.Column{
		{Key: "invNumber", Label: "warning.col.invNumber", Text: true},
		{Key: "invName", Label: "warning.col.invName", Width: 24},
		{Key: "invSpec", Label: "warning.col.invSpec"},
		{Key: "unitName", Label: "warning.col.unit", Width: 8},
		{Key: "locationName", Label: "warning.col.location", Width: 18},
		{Key: "qty", Label: "warning.col.qty"},
		{Key: "lowQty", Label: "warning.col.lowQty"},
		{Key: "highQty", Label: "warning.col.highQty"},
		{Key: "state", Label: labelState},
		{Key: "gap", Label: "warning.col.gap"},
	}
	opt := func(d *dec.Dec) any {
		if d == nil {
			return ""
		}
		return d.String()
	}
	return sheet.Export(lang, "warning.file", "warning.sheet", cols, func(add func([]any) error) error {
		for _, r := range rows {
			if err := add([]any{r.InvNumber, r.InvName, r.InvSpec, r.UnitName, r.LocationName, r.Qty.String(), opt(r.LowQty), opt(r.HighQty),
				i18n.T(lang, "warning.state."+r.State), r.Gap.String()}); err != nil {
				return err
			}
		}
		return nil
	})
}

// Routes lists the inventory warning endpoints.
func Routes(s *Service) []server.Route {
	const tag = "warning"
	query := func(c *server.Ctx) (Query, error) {
		loc, err := c.QueryInt("locationId", 0)
		return Query{State: c.Query("state"), LocationID: loc}, err
	}
	return []server.Route{
		{Method: "GET", Path: "/api/report/stockWarning", Perm: "report:stockWarning:query", Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := query(c)
			if err != nil {
				return nil, err
			}
			return s.List(c.Context(), c.User, q, p)
		})},
		{Method: "GET", Path: "/api/report/stockWarning/export", Perm: "report:stockWarning:export", Log: "log.report.export", Tag: tag, H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
			q, err := query(c)
			if err != nil {
				return nil, err
			}
			return s.Export(c.Context(), c.User, c.Lang, q, p)
		})},
		{Method: "GET", Path: "/api/report/stockWarning/counts", Perm: "report:stockWarning:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Counts(c.Context(), c.User)
		}},
	}
}
