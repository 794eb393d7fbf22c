package report

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/i18n"
	"cangshu/internal/server"

	"golang.org/x/sync/errgroup"
)

// Figures are sales, purchases and gross profit of a period; nil = the
// caller has no right to see it.
type Figures struct {
	Sales     *dec.Dec `json:"sales,omitempty"`
	Purchases *dec.Dec `json:"purchases,omitempty"`
	Profit    *dec.Dec `json:"profit,omitempty"`
}

// Ranked is one line of a top list.
type Ranked struct {
	ID     int64   `json:"id"`
	Name   string  `json:"name"`
	Amount dec.Dec `json:"amount"`
}

// MonthFigures are a month's sales and gross profit (the chart).
type MonthFigures struct {
	Month  string   `json:"month"`
	Sales  dec.Dec  `json:"sales"`
	Profit *dec.Dec `json:"profit,omitempty"`
}

// LocationValue is a warehouse's stock value (the chart).
type LocationValue struct {
	ID     int64   `json:"id"`
	Name   string  `json:"name"`
	Qty    dec.Dec `json:"qty"`
	Amount dec.Dec `json:"amount"`
}

// LowStock is goods under their warning level in a warehouse.
type LowStock struct {
	InvID    int64   `json:"invId"`
	InvName  string  `json:"invName"`
	Location string  `json:"locationName"`
	Qty      dec.Dec `json:"qty"`
	Low      dec.Dec `json:"lowQty"`
}

// Dashboard is the home page's business figures of the active shop.
type Dashboard struct {
	Date         string          `json:"date"`
	Today        Figures         `json:"today"`
	Month        Figures         `json:"month"`
	StockValue   *dec.Dec        `json:"stockValue,omitempty"`
	StockQty     dec.Dec         `json:"stockQty"`
	Receivable   *dec.Dec        `json:"receivable,omitempty"`
	Payable      *dec.Dec        `json:"payable,omitempty"`
	LowStock     []LowStock      `json:"lowStock"`
	TopGoods     []Ranked        `json:"topGoods,omitempty"`
	TopCustomers []Ranked        `json:"topCustomers,omitempty"`
	Months       []MonthFigures  `json:"months,omitempty"`
	Locations    []LocationValue `json:"locations"`
}

// Dashboard reads the figures: the same sign and cost rules as the reports
// (returns negative; cost from the stock moves), summed in SQL.
func (s *Service) Dashboard(ctx context.Context, p *server.Principal, lang i18n.Lang) (*Dashboard, error) {
	now := s.Now()
	today := now.Format(time.DateOnly)
	q, err := s.prepare(ctx, p, lang, Filter{EndDate: today, Status: -1}, nil)
	if err != nil {
		return nil, err
	}
	d := &Dashboard{Date: today, LowStock: []LowStock{}, Locations: []LocationValue{}}
	canSales, canPur, canCost := p.Can(SalesRight), p.Can(PurchaseRight), p.Can(CostRight)
	monthStart := today[:8] + "01"
	figures := func(f *Figures, begin string) (dec.Dec, error) {
		sales, purchases, cost, err := periodFigures(q, begin, today)
		if err != nil {
			return cost, err
		}
		if canSales {
			f.Sales = &sales
		}
		if canPur {
			f.Purchases = &purchases
		}
		if canSales && canCost {
			profit := sales.Sub(cost)
			f.Profit = &profit
		}
		return cost, nil
	}
	// three independent groups of reads at once (each sets its own
	// fields): a busy shop's dashboard reads a year of documents
	g, gctx := errgroup.WithContext(ctx)
	q.Ctx = gctx
	g.Go(func() error { // the month, then the chart, whose last month it is
		cost, err := figures(&d.Month, monthStart)
		if err != nil || !canSales {
			return err
		}
		first := now.AddDate(0, -11, 0).Format(time.DateOnly)[:8] + "01"
		d.Months, err = months(q, first, today, canCost, map[string]dec.Dec{monthStart[:7]: cost.Neg()})
		return err
	})
	g.Go(func() error { // the day, the month's top goods and customers
		if _, err := figures(&d.Today, today); err != nil || !canSales {
			return err
		}
		var err error
		d.TopGoods, d.TopCustomers, err = tops(q, monthStart, today)
		return err
	})
	var ds []debtRow
	var lows []lowRow
	g.Go(func() error { // the warehouses, the debts, low stock
		var err error
		if d.Locations, err = locationValues(q); err != nil {
			return err
		}
		if ds, err = debts(&Query{Ctx: gctx, DB: s.db, P: p, F: Filter{}}); err != nil {
			return err
		}
		lows, err = lowStock(q, 10)
		return err
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	total := dec.Zero
	for i, l := range d.Locations {
		total = total.Add(l.Amount)
		d.StockQty = d.StockQty.Add(l.Qty)
		if !canCost {
			d.Locations[i].Amount = dec.Zero
		}
	}
	if canCost {
		d.StockValue = &total
	}
	rec, pay := dec.Zero, dec.Zero
	for _, x := range ds {
		if x.Type == -10 {
			rec = rec.Add(x.Balance)
		} else {
			pay = pay.Add(x.Balance)
		}
	}
	if canSales {
		d.Receivable = &rec
	}
	if canPur {
		d.Payable = &pay
	}
	for _, l := range lows {
		d.LowStock = append(d.LowStock, LowStock{InvID: l.GoodsID, InvName: l.Name, Location: l.Location, Qty: l.Qty, Low: l.Low})
	}
	return d, nil
}

// salesKinds are the document kinds of the dashboard's sales lines.
var salesKinds = []string{"sales", "reSales"}

// signSQL is the sign of a document kind's lines in the reports.
const signSQL = "(CASE WHEN b.kind IN ('rePurchase', 'reSales') THEN -1 ELSE 1 END)"

// netSQL is a document's amount net of tax before the whole-document
// discount: the sum of its lines' amounts, read from its header (each
// line's amount with tax is its amount plus its tax: bill.header).
const netSQL = "(b.total_tax_amount - b.total_tax)"

// periodFigures are the sales (net of tax), purchases and the cost of the
// sales of audited documents dated begin..end in the shops.
func periodFigures(q *Query, begin, end string) (sales, purchases, cost dec.Dec, err error) {
	shops, sa := docScope(q)
	args := append(append([]any{}, sa...), begin, end)
	var s, p dec.Dec
	// net of tax from the headers: a document's lines' amounts sum to its
	// total with tax less its tax (bill.header)
	err = q.DB.QueryRow(q.Ctx, `SELECT
	  COALESCE(SUM(CASE WHEN b.kind IN ('sales', 'reSales') THEN `+netSQL+` * `+signSQL+` ELSE 0 END), 0),
	  COALESCE(SUM(CASE WHEN b.kind IN ('purchase', 'rePurchase') THEN `+netSQL+` * `+signSQL+` ELSE 0 END), 0)
	  FROM bills b
	  WHERE b.checked = 1 AND b.shop_id`+shops+` AND b.kind IN ('sales', 'reSales', 'purchase', 'rePurchase') AND b.bill_date >= ? AND b.bill_date <= ?`,
		args...).Scan(&s, &p)
	if err != nil {
		return s, p, cost, fmt.Errorf("dashboard figures: %w", err)
	}
	var m dec.Dec
	err = q.DB.QueryRow(q.Ctx, `SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m JOIN bills b ON b.id = m.bill_id
	  WHERE b.checked = 1 AND b.shop_id`+shops+` AND b.kind IN ('sales', 'reSales') AND b.bill_date >= ? AND b.bill_date <= ?`, args...).Scan(&m)
	if err != nil {
		return s, p, cost, fmt.Errorf("dashboard cost: %w", err)
	}
	return s, p, m.Neg(), nil
}

// months are the sales and (withProfit) gross profit of each month
// begin..end; known holds the cost amounts (negative) of months already
// summed.
func months(q *Query, begin, end string, withProfit bool, known map[string]dec.Dec) ([]MonthFigures, error) {
	shops, sa := docScope(q)
	sales := map[string]dec.Dec{}
	err := monthSums(q, sales, `SELECT SUBSTR(b.bill_date, 1, 7), SUM(`+netSQL+` * `+signSQL+`) FROM bills b
	  WHERE b.checked = 1 AND b.shop_id`+shops+` AND b.kind IN ('sales', 'reSales') AND b.bill_date >= ? AND b.bill_date <= ? GROUP BY SUBSTR(b.bill_date, 1, 7)`,
		slices.Concat(sa, []any{begin, end})...)
	if err != nil {
		return nil, fmt.Errorf("dashboard months: %w", err)
	}
	var costs map[string]dec.Dec
	if withProfit {
		if costs, err = monthCosts(q, begin, end, known); err != nil {
			return nil, fmt.Errorf("dashboard month costs: %w", err)
		}
	}
	var out []MonthFigures
	t, _ := time.Parse(time.DateOnly, begin)
	for i := 0; i < 12; i++ {
		m := t.AddDate(0, i, 0).Format("2006-01")
		f := MonthFigures{Month: m, Sales: sales[m]}
		if withProfit {
			p := sales[m].Add(costs[m])
			f.Profit = &p
		}
		out = append(out, f)
	}
	return out, nil
}

// monthCosts is the cost amount (negative) of the sales documents of each
// month begin..end in the shops (known: months already summed): a
// finished month from its month-end stock snapshot's flows
// (stock.BuildSnapshots) when one is valid and the user sees every
// document of the shops, else from the month's moves. The flows are read
// with the number of their snapshots still valid, in one statement: should
// one have gone stale since they were chosen, their months are read from
// the moves instead.
func monthCosts(q *Query, begin, end string, known map[string]dec.Dec) (map[string]dec.Dec, error) {
	out := maps.Clone(known)
	if out == nil {
		out = map[string]dec.Dec{}
	}
	month := map[int64]string{} // a snapshot's id → its month
	if q.rights().Bill("b").SQL == "" {
		ss, err := flowSnapshots(q, begin, end)
		if err != nil {
			return nil, err
		}
		for id, m := range ss {
			if _, ok := known[m]; !ok {
				month[id] = m
			}
		}
	}
	if len(month) > 0 {
		ids := slices.Collect(maps.Keys(month))
		is, ia := in(ids)
		fs, fa := in(q.Shops)
		type flow struct {
			id, n  int64 // id 0: n is the number of snapshots still valid
			amount dec.Dec
		}
		fl, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, f *flow) error { return r.Scan(&f.id, &f.n, &f.amount) },
			`SELECT 0, COUNT(*), 0 FROM stock_snapshots WHERE id`+is+` AND state = 'valid'
		  UNION ALL SELECT f.snapshot_id, 0, SUM(f.amount) FROM stock_snapshot_flows f
		    WHERE f.snapshot_id`+is+` AND f.shop_id`+fs+` AND f.kind IN ('sales', 'reSales') GROUP BY f.snapshot_id`, slices.Concat(ia, ia, fa)...)
		if err != nil {
			return nil, err
		}
		valid := slices.ContainsFunc(fl, func(f flow) bool { return f.id == 0 && f.n == int64(len(ids)) })
		for _, m := range month {
			if valid {
				out[m] = dec.Zero // no sales that month
			}
		}
		for _, f := range fl {
			if valid && f.id != 0 {
				out[month[f.id]] = f.amount
			}
		}
	}
	shops, sa := docScope(q)
	var parts []string
	var args []any
	for from := begin; from <= end; from = nextMonth(from[:7]) + "-01" {
		if _, ok := out[from[:7]]; ok {
			continue
		}
		parts = append(parts, `SELECT SUBSTR(b.bill_date, 1, 7) AS month, m.amount FROM stock_moves m JOIN bills b ON b.id = m.bill_id
		  WHERE b.checked = 1 AND b.shop_id`+shops+` AND b.kind IN ('sales', 'reSales') AND b.bill_date >= ? AND b.bill_date <= ?`)
		args = slices.Concat(args, sa, []any{from, min(monthLast(from), end)})
	}
	if len(parts) == 0 {
		return out, nil
	}
	err := monthSums(q, out, `SELECT t.month, SUM(t.amount) FROM (`+strings.Join(parts, "\n UNION ALL ")+`) t GROUP BY t.month`, args...)
	return out, err
}

// monthSums reads rows of (month, sum) into out.
func monthSums(q *Query, out map[string]dec.Dec, query string, args ...any) error {
	type pair struct {
		month string
		v     dec.Dec
	}
	ps, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, p *pair) error { return r.Scan(&p.month, &p.v) }, query, args...)
	for _, p := range ps {
		out[p.month] = p.v
	}
	return err
}

// monthLast is the last day of the month of a date (YYYY-MM-DD).
func monthLast(date string) string {
	t, err := time.Parse(time.DateOnly, date[:8]+"01")
	if err != nil {
		return date
	}
	return t.AddDate(0, 1, -1).Format(time.DateOnly)
}

// tops are the five goods and the five customers of the most sales
// dated begin..end in the shops: the goods from the period's sales lines
// (billLines), the customers from the documents' headers (a document's
// lines' amounts sum to its header's netSQL), in one statement.
func tops(q *Query, begin, end string) (goods, customers []Ranked, err error) {
	shops, sa := docScope(q)
	type row struct {
		set int
		Ranked
	}
	where := `b.checked = 1 AND b.shop_id` + shops + ` AND b.kind IN ('sales', 'reSales') AND b.bill_date >= ? AND b.bill_date <= ?`
	rows, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, x *row) error { return r.Scan(&x.set, &x.ID, &x.Name, &x.Amount) },
		`SELECT 1, x.id, COALESCE(g.name, ''), x.total FROM (SELECT e.goods_id AS id, SUM(e.amount * `+signSQL+`) AS total
		    FROM `+billLines(q, salesKinds, begin, end)+` WHERE `+where+`
		    GROUP BY e.goods_id ORDER BY total DESC, e.goods_id LIMIT 5) x
		    JOIN goods g ON g.id = x.id
		  UNION ALL
		  SELECT 2, x.id, COALESCE(c.name, ''), x.total FROM (SELECT b.contact_id AS id, SUM(`+netSQL+` * `+signSQL+`) AS total
		    FROM bills b WHERE `+where+`
		    GROUP BY b.contact_id ORDER BY total DESC, b.contact_id LIMIT 5) x
		    LEFT JOIN contacts c ON c.id = x.id`, slices.Concat(sa, []any{begin, end}, sa, []any{begin, end})...)
	if err != nil {
		return nil, nil, fmt.Errorf("dashboard top: %w", err)
	}
	// most first, then by id, as each list was chosen
	slices.SortFunc(rows, func(a, b row) int {
		if c := b.Amount.Cmp(a.Amount); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	for _, r := range rows {
		if r.set == 1 {
			goods = append(goods, r.Ranked)
		} else {
			customers = append(customers, r.Ranked)
		}
	}
	return goods, customers, nil
}

func locationValues(q *Query) ([]LocationValue, error) {
	s, a := in(q.Locations)
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, l *LocationValue) error { return r.Scan(&l.ID, &l.Name, &l.Qty, &l.Amount) },
		`SELECT l.id, l.name, COALESCE(SUM(sb.qty), 0), COALESCE(SUM(sb.amount), 0) FROM locations l
		  LEFT JOIN stock_balances sb ON sb.location_id = l.id WHERE l.id`+s+` GROUP BY l.id, l.name, l.sort, l.number ORDER BY l.sort, l.number`, a...)
	if err != nil {
		return nil, fmt.Errorf("dashboard warehouses: %w", err)
	}
	return out, nil
}
