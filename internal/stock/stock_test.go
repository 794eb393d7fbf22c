package stock_test

import (
	"errors"
	"sync"
	"testing"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/stock"
)

// cost is the stored amount of a one-line document's move.
func (w *world) cost(bill int64) string {
	var a dec.Dec
	if err := w.d.QueryRow(ctx, "SELECT amount FROM stock_moves WHERE bill_id = ?", bill).Scan(&a); err != nil {
		w.t.Fatal(err)
	}
	return a.String()
}

// TestWorkedExamples: receipts, sales, a return without source, a
// back-dated receipt that recosts the later sales, and an un-audit, worked
// by hand for both methods (amounts to 2 places).
func TestWorkedExamples(t *testing.T) {
	t.Parallel()
	type want struct{ sale3, sale7, ret1, qty, value string }
	cases := []struct {
		method              stock.Method
		first, back, unpost want
	}{
		// Moving average. 10 @ 1000; sell 3 → 300; +5 for 560 (12, 1260);
		// sell 7 → 1260×7/12 = 735; return 1 → 525/5 = 105 → (6, 630).
		// Back-dated +10 for 1300 on 01-03: (20, 2300); sell 3 → 345;
		// +5/560 → (22, 2515); sell 7 → 800.227… = 800.23; return 1 →
		// 1714.77/15 = 114.318 → 114.32 → (16, 1829.09). Un-audit the sale
		// of 7: (22, 2515); return 1 → 114.318… = 114.32 → (23, 2629.32).
		{stock.MovingAverage,
			want{"-300", "-735", "105", "6", "630"},
			want{"-345", "-800.23", "114.32", "16", "1829.09"},
			want{"-345", "", "114.32", "23", "2629.32"}},
		// FIFO. Layers A 10/1000; sell 3 → 300 (A 7/700); B 5/560; sell 7 →
		// A 700; return 1 → 560/5 = 112 → (6, 672). Back-dated D 10/1300
		// sorts after A: sell 3 → 300; sell 7 → A 700 → (15, 1860); return 1
		// → 1860/15 = 124 → (16, 1984). Un-audit the sale of 7: A 7/700, D
		// 10/1300, B 5/560 = (22, 2560); return 1 → 116.3636 → 116.36.
		{stock.FIFO,
			want{"-300", "-700", "112", "6", "672"},
			want{"-300", "-700", "124", "16", "1984"},
			want{"-300", "", "116.36", "23", "2676.36"}},
	}
	for _, c := range cases {
		t.Run(string(c.method), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(c.method)
			k := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
			must := func(id int64, amounts []dec.Dec, err error) int64 {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				return id
			}
			must(w.post(cfg, "purchase", in(k, "2024-01-01", "10", "1000")))
			s3 := must(w.post(cfg, "sales", out(k, "2024-01-05", "3")))
			must(w.post(cfg, "purchase", in(k, "2024-01-10", "5", "560")))
			s7 := must(w.post(cfg, "sales", out(k, "2024-01-12", "7")))
			r1 := must(w.post(cfg, "reSales", ret(k, "2024-01-15", "1")))
			check := func(stage string, x want) {
				t.Helper()
				if got := w.cost(s3); got != x.sale3 {
					t.Errorf("%s: sale of 3 costs %s, want %s", stage, got, x.sale3)
				}
				if x.sale7 != "" {
					if got := w.cost(s7); got != x.sale7 {
						t.Errorf("%s: sale of 7 costs %s, want %s", stage, got, x.sale7)
					}
				}
				if got := w.cost(r1); got != x.ret1 {
					t.Errorf("%s: return costs %s, want %s", stage, got, x.ret1)
				}
				if q, v := w.balance(k); q != x.qty || v != x.value {
					t.Errorf("%s: balance %s / %s, want %s / %s", stage, q, v, x.qty, x.value)
				}
				checkInvariants(t, w, cfg)
			}
			check("in order", c.first)
			_, amounts, err := w.post(cfg, "purchase", in(k, "2024-01-03", "10", "1300"))
			if err != nil || amounts[0].String() != "1300" {
				t.Fatalf("back-dated receipt: %v %v", amounts, err)
			}
			check("back-dated receipt", c.back)
			if err := w.unpost(cfg, s7); err != nil {
				t.Fatal(err)
			}
			check("un-audited sale", c.unpost)
		})
	}
}

// TestRoundingEmptiesExactly: 3 units for 10.00 sold one by one cost
// 3.33, then 6.67 × 1/2 = 3.335 → 3.34, and the last takes exactly what is
// left (3.33): nothing stays behind at zero quantity.
func TestRoundingEmptiesExactly(t *testing.T) {
	t.Parallel()
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(m)
			k := stock.Key{GoodsID: w.goods[1], LocationID: w.main}
			if _, _, err := w.post(cfg, "purchase", in(k, "2024-02-01", "3", "10")); err != nil {
				t.Fatal(err)
			}
			var got []string
			for range 3 {
				_, a, err := w.post(cfg, "sales", out(k, "2024-02-02", "1"))
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, a[0].String())
			}
			if got[0] != "-3.33" || got[1] != "-3.34" || got[2] != "-3.33" {
				t.Errorf("costs %v, want -3.33 -3.34 -3.33", got)
			}
			if q, v := w.balance(k); q != "0" || v != "0" {
				t.Errorf("balance %s / %s, want 0 / 0", q, v)
			}
			checkInvariants(t, w, cfg)
		})
	}
}

// TestNegativeStock: refused with the message in both languages where the
// warehouse does not allow it (nothing written); allowed in 门店, priced at
// the last cost, the next receipt settling the difference visibly.
func TestNegativeStock(t *testing.T) {
	t.Parallel()
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			w := newWorld(t)
			cfg := cfgOf(m)
			k := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
			if _, _, err := w.post(cfg, "purchase", in(k, "2024-03-01", "2", "20")); err != nil {
				t.Fatal(err)
			}
			_, _, err := w.post(cfg, "sales", out(k, "2024-03-02", "5"))
			var e *errs.Error
			if !errors.As(err, &e) || e.Kind != errs.KindInvalid || !stock.IsShort(err) {
				t.Fatalf("sale beyond stock: %v", err)
			}
			if got := i18n.T(i18n.ZH, e.Key, e.Args...); got != "“可口可乐 500ml”在“总仓”库存不足，缺 3 瓶" {
				t.Errorf("zh message %q", got)
			}
			if got := i18n.T(i18n.EN, e.Key, e.Args...); got != `Not enough "可口可乐 500ml" in "总仓": 3 瓶 short` {
				t.Errorf("en message %q", got)
			}
			if q, v := w.balance(k); q != "2" || v != "20" {
				t.Errorf("refused sale changed the balance: %s / %s", q, v)
			}
			// A back-dated sale before the receipt is refused too (negative at its date).
			if _, _, err := w.post(cfg, "sales", out(k, "2024-02-01", "1")); !stock.IsShort(err) {
				t.Errorf("back-dated sale before any stock: %v", err)
			}
			// Un-auditing the receipt after a sale would leave the sale short.
			if _, _, err := w.post(cfg, "sales", out(k, "2024-03-03", "1")); err != nil {
				t.Fatal(err)
			}
			var rid int64
			w.d.QueryRow(ctx, "SELECT bill_id FROM stock_moves WHERE qty > 0 AND location_id = ?", w.main).Scan(&rid)
			if err := w.unpost(cfg, rid); !stock.IsShort(err) {
				t.Errorf("un-audit of the receipt a sale took from: %v", err)
			}
			if n := count(w, "SELECT COUNT(*) FROM stock_moves WHERE location_id = ?", w.main); n != 2 {
				t.Errorf("refused un-audit left %d moves", n)
			}

			// 门店 allows negative stock: 2 @ 10 in, 5 out = 20 + 3 × 10 = 50;
			// (−3, −30). In 4 for 48 (12 each): (1, 18), the 6 difference
			// visible; selling the last one takes exactly 18.
			n := stock.Key{GoodsID: w.goods[0], LocationID: w.shop3}
			steps := []struct {
				mv        stock.Move
				amount    string
				qty, vals string
			}{
				{in(n, "2024-03-01", "2", "20"), "20", "2", "20"},
				{out(n, "2024-03-02", "5"), "-50", "-3", "-30"},
				{in(n, "2024-03-03", "4", "48"), "48", "1", "18"},
				{out(n, "2024-03-04", "1"), "-18", "0", "0"},
			}
			for i, s := range steps {
				_, a, err := w.post(cfg, "x", s.mv)
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if a[0].String() != s.amount {
					t.Errorf("step %d amount %s, want %s", i, a[0], s.amount)
				}
				if q, v := w.balance(n); q != s.qty || v != s.vals {
					t.Errorf("step %d balance %s / %s, want %s / %s", i, q, v, s.qty, s.vals)
				}
			}
			// requiredCheckStore = 0 allows it everywhere.
			off := cfg
			off.CheckNegative = false
			if _, _, err := w.post(off, "sales", out(stock.Key{GoodsID: w.goods[2], LocationID: w.branch}, "2024-03-05", "1")); err != nil {
				t.Errorf("with the check off: %v", err)
			}
			checkInvariants(t, w, off)
		})
	}
}

// TestConcurrentLastUnits: 50 transactions each take 1 of 10 units at
// once: exactly 10 succeed, the others get the shortfall, no deadlock.
func TestConcurrentLastUnits(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cfg := cfgOf(stock.MovingAverage)
	k := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
	other := stock.Key{GoodsID: w.goods[1], LocationID: w.main}
	if _, _, err := w.post(cfg, "purchase", in(k, "2024-01-01", "10", "100"), in(other, "2024-01-01", "100", "100")); err != nil {
		t.Fatal(err)
	}
	bills := make([]int64, 50)
	for i := range bills {
		bills[i] = w.bill("sales", "2024-01-02")
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, short := 0, 0
	var other2 []error
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			// Two balances per document, in opposite line orders for odd and
			// even clients: the engine's key order keeps them deadlock-free.
			ms := []stock.Move{out(k, "2024-01-02", "1"), out(other, "2024-01-02", "1")}
			if i%2 == 1 {
				ms[0], ms[1] = ms[1], ms[0]
			}
			for j := range ms {
				ms[j].BillID, ms[j].Kind = bills[i], "sales"
			}
			err := w.d.InTx(ctx, func(tx *db.Tx) error {
				_, err := stock.Post(ctx, tx, cfg, ms)
				return err
			})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case stock.IsShort(err):
				short++
			default:
				other2 = append(other2, err)
			}
		}()
	}
	wg.Wait()
	if ok != 10 || short != 40 || len(other2) > 0 {
		t.Fatalf("%d succeeded, %d short, others %v", ok, short, other2)
	}
	if q, v := w.balance(k); q != "0" || v != "0" {
		t.Errorf("balance %s / %s", q, v)
	}
	if q, _ := w.balance(other); q != "90" {
		t.Errorf("other balance %s", q)
	}
	checkInvariants(t, w, cfg)
}

func count(w *world, q string, args ...any) int {
	var n int
	if err := w.d.QueryRow(ctx, q, args...).Scan(&n); err != nil {
		w.t.Fatal(err)
	}
	return n
}
