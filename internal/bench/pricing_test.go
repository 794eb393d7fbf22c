package bench

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
)

// Pricing world: 1,000 goods items, 5 customers and 100,000 audited sales
// lines (10,000 documents of 10 lines of random goods over two years, each
// customer 2,000 documents), plus 1,000 drafts; seeded by direct SQL.
const (
	pricingGoods     = 1000
	pricingCustomers = 5
	pricingBills     = 10000
	pricingLines     = 10 // per document
	pricingPicked    = 50 // goods asked per request
)

type pricingWorld struct {
	e         *apptest.Env
	srv       *server
	goods     []int64
	customers []int64
}

func newPricingWorld(b testing.TB) *pricingWorld {
	b.Helper()
	e := apptest.New(b)
	w := &pricingWorld{e: e}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	for i := range pricingCustomers {
		w.customers = append(w.customers, ins("INSERT INTO contacts (type, number, name, search, level, created_at, updated_at) VALUES (-10, ?, ?, '', ?, ?, ?)",
			fmt.Sprintf("KH%03d", i), fmt.Sprintf("客户%d", i), i%5, now, now))
	}
	ctx := context.Background()
	shop := e.MainShop()
	rng := rand.New(rand.NewPCG(1, 2))
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		var vals []string
		var args []any
		flush := func(head string) error {
			if len(vals) == 0 {
				return nil
			}
			_, err := tx.Exec(ctx, head+strings.Join(vals, ","), args...)
			vals, args = vals[:0], args[:0]
			return err
		}
		for i := range pricingGoods {
			vals = append(vals, "(?, ?, ?, ?, ?, ?, ?)")
			args = append(args, fmt.Sprintf("SP%05d", i), fmt.Sprintf("商品%d", i), unit, int64(3_000_000+i*1000), int64(2_000_000), now, now)
			if len(vals) == 500 {
				if err := flush("INSERT INTO goods (number, name, unit_id, sale_price, pur_price, created_at, updated_at) VALUES "); err != nil {
					return err
				}
			}
		}
		if err := flush("INSERT INTO goods (number, name, unit_id, sale_price, pur_price, created_at, updated_at) VALUES "); err != nil {
			return err
		}
		const billBase, entryBase = 1_000_000, 1_000_000
		drafts := pricingBills / 10
		for i := range pricingBills + drafts {
			checked := 1
			if i >= pricingBills {
				checked = 0
			}
			date := time.Date(2023, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i*730/(pricingBills+drafts)).Format("2006-01-02")
			vals = append(vals, "(?, ?, 'sales', 150601, ?, ?, ?, ?, ?, ?)")
			args = append(args, billBase+i, shop, fmt.Sprintf("XSB%06d", i), date, w.customers[rng.IntN(pricingCustomers)], checked, now, now)
			if len(vals) == 500 {
				if err := flush("INSERT INTO bills (id, shop_id, kind, trans_type, bill_no, bill_date, contact_id, checked, created_at, updated_at) VALUES "); err != nil {
					return err
				}
			}
		}
		if err := flush("INSERT INTO bills (id, shop_id, kind, trans_type, bill_no, bill_date, contact_id, checked, created_at, updated_at) VALUES "); err != nil {
			return err
		}
		goodsIDs, err := db.Values[int64](ctx, tx, "SELECT id FROM goods ORDER BY id")
		if err != nil {
			return err
		}
		w.goods = goodsIDs
		head := "INSERT INTO bill_entries (id, bill_id, line_no, goods_id, unit_id, unit_rate, qty, base_qty, price) VALUES "
		n := 0
		for i := range pricingBills + drafts {
			for l := range pricingLines {
				vals = append(vals, "(?, ?, ?, ?, ?, 1000000, 1000000, 1000000, ?)")
				args = append(args, entryBase+n, billBase+i, l+1, goodsIDs[rng.IntN(len(goodsIDs))], unit, int64(1_000_000+rng.IntN(9_000_000)))
				n++
				if len(vals) == 500 {
					if err := flush(head); err != nil {
						return err
					}
				}
			}
		}
		return flush(head)
	})
	if err != nil {
		b.Fatal(err)
	}
	if e.App.DB.Engine() == db.Postgres {
		e.Exec("VACUUM ANALYZE bills")
		e.Exec("VACUUM ANALYZE bill_entries")
	} else {
		e.Exec("ANALYZE")
	}
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	w.srv = &server{url: ts.URL, token: e.Admin().Token, client: &http.Client{}}
	return w
}

// BenchmarkListBySelected: GET /api/inventory/listBySelected for 50 goods
// and one customer over HTTP (level prices, the last price of each goods
// item and unit among the customer's 20,000 audited lines, resolution), each
// request a different customer and window of goods. The aim: < 20 ms.
func BenchmarkListBySelected(b *testing.B) {
	w := newPricingWorld(b)
	b.Logf("%d audited sales lines", w.e.Count("SELECT COUNT(*) FROM bill_entries e JOIN bills b ON b.id = e.bill_id WHERE b.kind = 'sales' AND b.checked = 1"))
	k := 0
	latency(b, 1, func() error {
		k++
		ids := make([]string, pricingPicked)
		for i := range ids {
			ids[i] = fmt.Sprint(w.goods[(k*pricingPicked+i)%len(w.goods)])
		}
		return w.srv.get(fmt.Sprintf("/api/inventory/listBySelected?ids=%s&buId=%d", strings.Join(ids, ","), w.customers[k%len(w.customers)]))
	})
}
