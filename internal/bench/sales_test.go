package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// salesWorld is an app with salesGoods goods items (unit 瓶), one warehouse
// of the main shop, a supplier and a customer, and 100,000,000 bottles of
// every goods item received by one audited purchase (so the sales below
// never run short and take the moving-average append path).
type salesWorld struct {
	e        *apptest.Env
	srv      *server
	goods    []int64
	unit     int64
	loc      int64
	customer int64
	n        atomic.Int64
}

const salesGoods = 100

func newSalesWorld(b testing.TB) *salesWorld {
	b.Helper()
	e := apptest.New(b)
	w := &salesWorld{e: e}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	w.unit = ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	for i := range salesGoods {
		w.goods = append(w.goods, ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
			fmt.Sprintf("SP%04d", i), fmt.Sprintf("商品%d", i), w.unit, now, now))
	}
	w.loc = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), w.loc)
	supplier := ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY001', '华东饮料', 'hdyl', ?, ?)", now, now)
	w.customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH001', '张三超市', 'zscs', ?, ?)", now, now)
	admin := e.Admin()
	lines := make([]map[string]any, 0, salesGoods)
	for _, g := range w.goods {
		lines = append(lines, map[string]any{"invId": g, "unitId": w.unit, "qty": json.Number("100000000"), "price": json.Number("2.50")})
	}
	admin.Do("POST", "/api/purchase/add?check=1", map[string]any{"date": "2025-06-01", "buId": supplier, "locationId": w.loc, "entries": lines}).Want(200)
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	w.srv = &server{url: ts.URL, token: admin.Token, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}}
	return w
}

// body is the next sales delivery: 5 lines of 5 consecutive goods items,
// the window moving by 5 with each document (concurrent documents mostly
// touch different balances, as in a shop with many goods).
func (w *salesWorld) body() []byte {
	k := int(w.n.Add(1))
	lines := make([]map[string]any, 5)
	for i := range lines {
		g := w.goods[(k*5+i)%len(w.goods)]
		lines[i] = map[string]any{"invId": g, "unitId": w.unit, "qty": json.Number("3"), "price": json.Number("4.20"), "discountRate": json.Number("5")}
	}
	b, _ := json.Marshal(map[string]any{"date": "2025-06-02", "buId": w.customer, "locationId": w.loc, "entries": lines,
		"description": "bench"})
	return b
}

// sale posts one sales delivery with ?check=1 (saved and audited in one
// transaction) and checks the answer is an audited document.
func (w *salesWorld) sale() error { return w.saleOn(w.srv) }

// saleOn is sale sent to the app node srv.
func (w *salesWorld) saleOn(srv *server) error {
	req, _ := http.NewRequest("POST", srv.url+"/api/sales/add?check=1", bytes.NewReader(w.body()))
	req.Header.Set("Authorization", "Bearer "+srv.token)
	req.Header.Set("Content-Type", "application/json")
	res, err := srv.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var env struct {
		Status int `json:"status"`
		Data   struct {
			Checked int `json:"checked"`
			Entries []struct {
				Cost *json.Number `json:"cost"`
			} `json:"entries"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &env); err != nil || res.StatusCode != 200 || env.Status != 200 ||
		env.Data.Checked != 1 || len(env.Data.Entries) != 5 || env.Data.Entries[0].Cost == nil {
		return fmt.Errorf("sales/add?check=1: %d %s", res.StatusCode, raw)
	}
	return nil
}

// BenchmarkSalesDelivery: audited sales deliveries of 5 lines each
// (POST /api/sales/add?check=1 over HTTP: validation, numbering, the
// document, its stock moves and balances, the operation log, and the
// answer with the lines' costs), from 1 and from 8 concurrent clients.
// req/s is documents per second; p50/p99 the latency of one document. At the end
// the ledger must hold one move per line and the balances must equal it.
func BenchmarkSalesDelivery(b *testing.B) {
	w := newSalesWorld(b)
	for _, c := range []int{1, 8} {
		b.Run(fmt.Sprintf("clients=%d", c), func(b *testing.B) {
			before := w.e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND checked = 1")
			latency(b, c, w.sale)
			docs := w.e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND checked = 1") - before
			if docs < max(b.N, c) {
				b.Fatalf("%d audited documents, want %d", docs, max(b.N, c))
			}
		})
	}
	moves := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'sales'")
	lines := w.e.Count("SELECT COUNT(*) FROM bill_entries be JOIN bills b ON b.id = be.bill_id WHERE b.kind = 'sales'")
	bad := w.e.Count(`SELECT COUNT(*) FROM stock_balances sb WHERE sb.qty <> (SELECT COALESCE(SUM(m.qty), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)
		OR sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)`)
	if moves != lines || bad != 0 {
		b.Fatalf("%d sales moves for %d lines; %d balances differ from the ledger", moves, lines, bad)
	}
}
