package stock_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// world is a database with one unit (瓶), three warehouses (总仓 and 分仓
// refuse negative stock, 门店 allows it), three goods (the first with a
// SKU) and a shop for documents.
type world struct {
	t                   testing.TB
	d                   *db.DB
	shop                int64
	main, branch, shop3 int64 // warehouses
	goods               [3]int64
	sku                 int64
	bills               int
	mu                  sync.Mutex // bills, for writers side by side
	groups              int64      // feed keys handed out (transfers)
}

var ctx = context.Background()

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{t: t, d: dbtest.Open(t)}
	now := time.Now().UTC()
	err := w.d.InTx(ctx, func(tx *db.Tx) error {
		ins := func(q string, args ...any) int64 {
			var id int64
			if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return id
		}
		unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
		loc := func(num, name string, neg int) int64 {
			return ins("INSERT INTO locations (number, name, allow_negative, created_at, updated_at) VALUES (?, ?, ?, ?, ?)", num, name, neg, now, now)
		}
		w.main, w.branch, w.shop3 = loc("L1", "总仓", 0), loc("L2", "分仓", 0), loc("L3", "门店", 1)
		for i, n := range []string{"可口可乐", "雪碧", "芬达"} {
			spec := ""
			if i == 0 {
				spec = "500ml"
			}
			w.goods[i] = ins("INSERT INTO goods (number, name, spec, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)",
				fmt.Sprintf("G%d", i+1), n, spec, unit, now, now)
		}
		w.sku = ins("INSERT INTO goods_skus (goods_id, assist_ids, name, created_at) VALUES (?, '1', '红', ?)", w.goods[0], now)
		w.shop = ins("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('T1', '测试店', ?, ?)", now, now)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// bill makes a document row for moves to point at.
func (w *world) bill(kind, date string) int64 {
	w.mu.Lock()
	w.bills++
	no := fmt.Sprintf("NO-%05d", w.bills)
	w.mu.Unlock()
	var id int64
	now := time.Now().UTC()
	err := w.d.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, created_at, updated_at)
			VALUES (?, ?, 0, ?, ?, ?, ?) RETURNING id`, w.shop, kind, no, date, now, now).Scan(&id)
	})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

func cfgOf(m stock.Method) stock.Config {
	return stock.Config{Method: m, AmountPlaces: 2, QtyPlaces: 2, CheckNegative: true}
}

// post posts moves as one document of kind in its own transaction.
func (w *world) post(cfg stock.Config, kind string, moves ...stock.Move) (int64, []dec.Dec, error) {
	id := w.bill(kind, moves[0].Date)
	var out []dec.Dec
	err := w.d.InTx(ctx, func(tx *db.Tx) error {
		for i := range moves {
			moves[i].BillID, moves[i].Kind = id, kind
		}
		var err error
		out, err = stock.Post(ctx, tx, cfg, moves)
		return err
	})
	return id, out, err
}

func (w *world) unpost(cfg stock.Config, bill int64) error {
	return w.d.InTx(ctx, func(tx *db.Tx) error { return stock.Unpost(ctx, tx, cfg, bill) })
}

func d(s string) dec.Dec { return dec.MustParse(s) }

// in is a receipt line with a given cost; out an outbound line; ret a
// computed inbound (a return without source).
func in(k stock.Key, date, qty, amount string) stock.Move {
	return stock.Move{Key: k, Date: date, Qty: d(qty), Amount: d(amount), Given: true}
}
func out(k stock.Key, date, qty string) stock.Move {
	return stock.Move{Key: k, Date: date, Qty: d(qty).Neg()}
}
func ret(k stock.Key, date, qty string) stock.Move {
	return stock.Move{Key: k, Date: date, Qty: d(qty)}
}

func (w *world) balance(k stock.Key) (string, string) {
	q, a, err := stock.Balance(ctx, w.d, k)
	if err != nil {
		w.t.Fatal(err)
	}
	return q.String(), a.String()
}
