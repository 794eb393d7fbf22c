package warehouse_test

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
)

// TestTransfersRaceSales: 10 units in 总仓; 30 clients at once, a third
// transferring 1 to 分仓 and the rest selling 1 (save and audit in one
// request). Exactly 10 succeed; every other one gets the shortfall
// message; none fails otherwise (no deadlock, no 500); 总仓 ends at 0 worth
// 0 and 分仓 holds what the successful transfers moved, at their cost.
// Then transfers both ways between two stocked warehouses at once: all
// succeed (balances are locked in one order).
func TestTransfersRaceSales(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	w.purchase("2025-09-01", w.main, "10", "3")
	const clients = 30
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, short, tfOK := 0, 0, 0
	var other []string
	for i := range clients {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			path, body := "/api/sales/add?check=1", map[string]any{"date": "2025-09-02", "buId": w.customer, "locationId": w.main,
				"entries": []line{{"invId": w.cola, "qty": 1, "price": 9}}}
			if i%3 == 0 {
				path, body = "/api/invTf/add?check=1", w.transferBody("2025-09-02", w.main, w.branch, "1")
			}
			r := w.admin.Do("POST", path, body)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case r.Status == 200:
				ok++
				if i%3 == 0 {
					tfOK++
				}
			case r.Status == 400 && strings.Contains(r.Env.Msg, "库存不足"):
				short++
			default:
				other = append(other, string(r.Body))
			}
		}(i)
	}
	wg.Wait()
	if ok != 10 || short != clients-10 || len(other) != 0 {
		t.Fatalf("%d succeeded, %d short, others %v", ok, short, other)
	}
	if b := w.balance(w.main); b != "0/0" {
		t.Fatalf("总仓 %s, want 0/0", b)
	}
	if b, want := w.balance(w.branch), jsonQty(tfOK)+"/"+jsonQty(tfOK*300); b != want {
		t.Fatalf("分仓 %s, want %s", b, want)
	}
	// Both ways at once.
	w.purchase("2025-09-03", w.main, "20", "2")
	w.purchase("2025-09-03", w.store, "20", "4")
	var errsSeen []string
	for i := range 20 {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			from, to := w.main, w.store
			if i%2 == 1 {
				from, to = w.store, w.main
			}
			r := w.admin.Do("POST", "/api/invTf/add?check=1", w.transferBody("2025-09-04", from, to, "1"))
			if r.Status != 200 {
				mu.Lock()
				errsSeen = append(errsSeen, string(r.Body))
				mu.Unlock()
			}
		}(i)
	}
	wg.Wait()
	if len(errsSeen) != 0 {
		t.Fatalf("transfers both ways failed: %v", errsSeen)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'invTf'"); n != 2*(tfOK+20) {
		t.Fatalf("%d transfer moves, want %d", n, 2*(tfOK+20))
	}
}

func jsonQty(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}
