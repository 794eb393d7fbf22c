package trade_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"cangshu/internal/apptest"
)

// TestHotRowsUnderConcurrentAudits: 8 clerks at once, each 20 random
// operations on one customer, one supplier, one cash account and two goods
// (the walk-in customer's day): sales saved and audited at once with part
// paid, drafts audited later, audits taken back, receipts, purchases. Each
// audit locks the same stock balances, the customer's and the account's
// balance rows and the number's sequence row; every path takes them in one
// order (stock, then the money balances, then the number), so none may
// fail (on PostgreSQL a deadlock is an error answer, not a wait). At the
// end every balance equals its ledger and every kind's numbers are
// unique and gapless, none left a placeholder.
func TestHotRowsUnderConcurrentAudits(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	b := e.AddBasics()
	goods2 := e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP002', '雪碧', ?, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP) RETURNING id", b.Unit)
	a := e.Admin()
	const date = "2025-06-02"
	lines := func(r *rand.Rand, price string) []map[string]any {
		out := []map[string]any{
			{"invId": b.Goods, "unitId": b.Unit, "qty": fmt.Sprint(1 + r.IntN(3)), "price": price, "locationId": b.Location},
			{"invId": goods2, "unitId": b.Unit, "qty": fmt.Sprint(1 + r.IntN(3)), "price": price, "locationId": b.Location},
		}
		if r.IntN(2) == 0 {
			out[0], out[1] = out[1], out[0]
		}
		return out
	}
	stockUp := map[string]any{"date": "2025-06-01", "buId": b.Supplier, "locationId": b.Location,
		"entries": []map[string]any{
			{"invId": b.Goods, "unitId": b.Unit, "qty": "1000", "price": "2", "locationId": b.Location},
			{"invId": goods2, "unitId": b.Unit, "qty": "1000", "price": "2", "locationId": b.Location}}}
	a.Do("POST", "/api/purchase/add?check=1", stockUp).Want(200)

	const clerks, ops = 8, 20
	var mu sync.Mutex
	var fails []string
	fail := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fails = append(fails, fmt.Sprintf(format, args...))
	}
	saved := func(op string, r *apptest.Response) int64 {
		if r.Status != 200 {
			fail("%s: %d %s", op, r.Status, r.Body)
			return 0
		}
		var d struct {
			ID int64 `json:"id"`
		}
		if err := json.Unmarshal(r.Env.Data, &d); err != nil || d.ID == 0 {
			fail("%s: %s", op, r.Body)
		}
		return d.ID
	}
	batch := func(op string, r *apptest.Response) {
		var res []apptest.Batch
		if r.Status != 200 || json.Unmarshal(r.Env.Data, &res) != nil || len(res) != 1 || !res[0].OK {
			fail("%s: %d %s", op, r.Status, r.Body)
		}
	}
	var wg sync.WaitGroup
	for c := range clerks {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(c), 18))
			var audited []int64
			for range ops {
				switch r.IntN(6) {
				case 0, 1:
					doc := map[string]any{"date": date, "buId": b.Customer, "locationId": b.Location, "entries": lines(r, "5"),
						"accounts": []map[string]any{{"accId": b.Account, "payment": "3"}}}
					if id := saved("sale", a.Do("POST", "/api/sales/add?check=1", doc)); id != 0 {
						audited = append(audited, id)
					}
				case 2:
					doc := map[string]any{"date": date, "buId": b.Customer, "locationId": b.Location, "entries": lines(r, "6")}
					if id := saved("draft sale", a.Do("POST", "/api/sales/add", doc)); id != 0 {
						batch("audit", a.Do("POST", fmt.Sprintf("/api/sales/check?id=%d", id), nil))
						audited = append(audited, id)
					}
				case 3:
					if len(audited) == 0 {
						continue
					}
					i := r.IntN(len(audited))
					batch("take back", a.Do("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", audited[i]), nil))
					audited = append(audited[:i], audited[i+1:]...)
				case 4:
					doc := map[string]any{"date": date, "buId": b.Customer, "accounts": []map[string]any{{"accId": b.Account, "payment": "4"}}}
					saved("receipt", a.Do("POST", "/api/receipt/add?check=1", doc))
				case 5:
					doc := map[string]any{"date": date, "buId": b.Supplier, "locationId": b.Location, "entries": lines(r, "2"),
						"accounts": []map[string]any{{"accId": b.Account, "payment": "1"}}}
					saved("purchase", a.Do("POST", "/api/purchase/add?check=1", doc))
				}
			}
		})
	}
	wg.Wait()
	if len(fails) > 0 {
		t.Fatalf("%d of %d operations failed, first: %s", len(fails), clerks*ops, strings.Join(fails[:min(3, len(fails))], "\n"))
	}

	checks := []struct{ what, q string }{
		{"contact balances equal their moves", `SELECT COUNT(*) FROM contacts c LEFT JOIN contact_balances cb ON cb.contact_id = c.id
			WHERE COALESCE(cb.debt, 0) <> (SELECT COALESCE(SUM(m.debt), 0) FROM contact_moves m WHERE m.contact_id = c.id)
			OR COALESCE(cb.advance, 0) <> (SELECT COALESCE(SUM(m.advance), 0) FROM contact_moves m WHERE m.contact_id = c.id)`},
		{"account balances equal their moves", `SELECT COUNT(*) FROM settle_accounts a LEFT JOIN account_balances ab ON ab.account_id = a.id
			WHERE COALESCE(ab.amount, 0) <> (SELECT COALESCE(SUM(m.amount), 0) FROM account_moves m WHERE m.account_id = a.id)`},
		{"stock balances equal their moves", `SELECT COUNT(*) FROM stock_balances sb WHERE sb.qty <> (SELECT COALESCE(SUM(m.qty), 0) FROM stock_moves m
			WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)
			OR sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
			WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)`},
		{"no document keeps a placeholder number", `SELECT COUNT(*) FROM bills WHERE bill_no LIKE '~%'`},
		{"numbers are unique", `SELECT COUNT(*) FROM (SELECT shop_id, kind, bill_no FROM bills GROUP BY shop_id, kind, bill_no HAVING COUNT(*) > 1) d`},
		{"numbers are gapless", `SELECT COUNT(*) FROM (SELECT kind, SUM(last_seq) AS n FROM bill_sequences GROUP BY kind) s
			WHERE s.n <> (SELECT COUNT(*) FROM bills b WHERE b.kind = s.kind)`},
	}
	for _, c := range checks {
		if n := e.Count(c.q); n != 0 {
			t.Errorf("%s: %d wrong", c.what, n)
		}
	}
	sales, receipts := e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND checked = 1"), e.Count("SELECT COUNT(*) FROM bills WHERE kind = 'receipt'")
	t.Logf("%d audited sales, %d receipts, %d moves of the customer", sales, receipts, e.Count("SELECT COUNT(*) FROM contact_moves WHERE contact_id = ?", b.Customer))
	if sales == 0 || receipts == 0 {
		t.Error("no sale or no receipt was audited")
	}
}
