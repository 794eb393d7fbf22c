package stock_test

import (
	"fmt"
	"maps"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// TestProperty posts and un-posts thousands of random documents (receipts
// with given costs, sales, returns without source; back-dated at random;
// across goods, a SKU, warehouses and a batch) and checks the invariants of
// docs/architecture.md §4 along the way against an independent replay. Seeded:
// CANGSHU_SEED=n reproduces a run; CANGSHU_STEPS=n changes its length.
func TestProperty(t *testing.T) {
	t.Parallel()
	seed := time.Now().UnixNano() % 100000
	if s, err := strconv.ParseInt(os.Getenv("CANGSHU_SEED"), 10, 64); err == nil {
		seed = s
	}
	steps := 1500
	if s, err := strconv.Atoi(os.Getenv("CANGSHU_STEPS")); err == nil {
		steps = s
	}
	for _, m := range []stock.Method{stock.MovingAverage, stock.FIFO} {
		t.Run(string(m), func(t *testing.T) {
			t.Parallel()
			t.Logf("seed %d", seed)
			rnd := rand.New(rand.NewSource(seed))
			w := newWorld(t)
			cfg := cfgOf(m)
			keys := []stock.Key{
				{GoodsID: w.goods[0], LocationID: w.main},
				{GoodsID: w.goods[0], SKUID: w.sku, LocationID: w.main},
				{GoodsID: w.goods[0], LocationID: w.shop3},
				{GoodsID: w.goods[1], LocationID: w.main},
				{GoodsID: w.goods[1], LocationID: w.branch},
				{GoodsID: w.goods[1], LocationID: w.shop3},
				{GoodsID: w.goods[2], LocationID: w.branch, Batch: "B1"},
				{GoodsID: w.goods[2], LocationID: w.branch},
			}
			var posted []int64
			refused, built := 0, 0
			for step := range steps {
				before := snapshot(w)
				var err error
				if len(posted) > 0 && rnd.Intn(4) == 0 {
					i := rnd.Intn(len(posted))
					if err = w.unpost(cfg, posted[i]); err == nil {
						posted = append(posted[:i], posted[i+1:]...)
					}
				} else {
					date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rnd.Intn(120)).Format("2006-01-02")
					var ms []stock.Move
					for range 1 + rnd.Intn(3) {
						k := keys[rnd.Intn(len(keys))]
						qty := strconv.Itoa(1+rnd.Intn(12)) + []string{"", ".5", ".25"}[rnd.Intn(3)]
						switch r := rnd.Intn(24); {
						case r >= 20 && r < 23:
							// A transfer to another warehouse of the same goods:
							// the in-move takes the out-move's cost (a group).
							to := k
							for to.LocationID == k.LocationID {
								to.LocationID = []int64{w.main, w.branch, w.shop3}[rnd.Intn(3)]
							}
							w.groups++
							fk := w.groups
							ms = append(ms, stock.Move{Key: k, Date: date, Qty: d(qty).Neg(), Role: stock.RoleOut, FeedKey: fk},
								stock.Move{Key: to, Date: date, Qty: d(qty), Role: stock.RoleIn, FeedKey: fk})
						case r == 23:
							// A cost adjustment (refused where the balance is empty).
							ms = append(ms, stock.Move{Key: k, Date: date, Qty: dec.Zero, ValueOnly: true,
								Amount: d(fmt.Sprintf("%d.%02d", rnd.Intn(40)-20, rnd.Intn(100)))})
						case r < 9:
							ms = append(ms, in(k, date, qty, fmt.Sprintf("%d.%02d", rnd.Intn(300), rnd.Intn(100))))
						case r < 18:
							ms = append(ms, out(k, date, qty))
						default:
							ms = append(ms, ret(k, date, qty))
						}
					}
					var id int64
					var amounts []dec.Dec
					if id, amounts, err = w.post(cfg, "x", ms...); err == nil {
						posted = append(posted, id)
						var stored []dec.Dec
						rows, _ := w.d.Query(ctx, "SELECT amount FROM stock_moves WHERE bill_id = ? ORDER BY id", id)
						for rows.Next() {
							var a dec.Dec
							rows.Scan(&a)
							stored = append(stored, a)
						}
						rows.Close()
						if len(stored) != len(amounts) {
							t.Fatalf("step %d: %d amounts returned, %d stored", step, len(amounts), len(stored))
						}
					}
				}
				if err != nil {
					if !stock.IsShort(err) && !isKey(err, stock.ErrStranded) && !isKey(err, "stock.err.circular") {
						t.Fatalf("step %d: %v", step, err)
					}
					refused++
					if after := snapshot(w); after != before {
						t.Fatalf("step %d: a refused operation changed the ledger:\n%s\n%s", step, before, after)
					}
				}
				if step%50 == 49 {
					// valid snapshots still agree with the moves after 50
					// operations (some back-dated), and again once the
					// stale ones are made anew
					checkSnapshots(t, w, step)
					n, err := stock.BuildSnapshots(ctx, w.d, "2024-06-01")
					if err != nil {
						t.Fatalf("step %d: snapshots: %v", step, err)
					}
					built += n
					checkSnapshots(t, w, step)
					checkInvariants(t, w, cfg)
					if t.Failed() {
						t.Fatalf("invariants broken at step %d (seed %d)", step, seed)
					}
				}
			}
			checkInvariants(t, w, cfg)
			if n := count(w, "SELECT COUNT(*) FROM stock_snapshot_flows"); n == 0 {
				t.Fatal("no month-end snapshot stored its month's flows")
			}
			if steps >= 500 && built <= 4 {
				t.Fatalf("%d snapshots made: none was ever made stale and made again", built)
			}
			t.Logf("%d snapshots made; %d steps, %d refused, %d documents posted, %d moves (%d fed, %d value-only)", built, steps, refused, len(posted), count(w, "SELECT COUNT(*) FROM stock_moves"),
				count(w, "SELECT COUNT(*) FROM stock_moves WHERE role = 2"), count(w, "SELECT COUNT(*) FROM stock_moves WHERE qty = 0"))
		})
	}
}

// snapshot is a fingerprint of everything the engine writes.
func snapshot(w *world) string {
	var s [10]int64
	w.d.QueryRow(ctx, "SELECT COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(id), 0) FROM stock_moves").Scan(&s[0], &s[1], &s[2], &s[3])
	w.d.QueryRow(ctx, "SELECT COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(last_cost), 0) FROM stock_balances").Scan(&s[4], &s[5], &s[6], &s[7])
	w.d.QueryRow(ctx, "SELECT COALESCE(SUM(qty), 0), COALESCE(SUM(amount * move_id), 0) FROM stock_layers").Scan(&s[8], &s[9])
	return fmt.Sprint(s)
}

// --- an independent replay of the whole ledger, with exact rationals ---

type rkey struct {
	g, s, l int64
	b       string
}

type rlayer struct{ id, q, a int64 }

type rstate struct {
	q, v, last int64
	layers     []rlayer
}

// rnd rounds n/d half away from zero to a multiple of u (micros).
func rround(n, d *big.Int, u int64) int64 {
	r := new(big.Rat).SetFrac(n, new(big.Int).Mul(d, big.NewInt(u)))
	neg := r.Sign() < 0
	r.Abs(r)
	fl := new(big.Int).Quo(r.Num(), r.Denom())
	frac := new(big.Rat).Sub(r, new(big.Rat).SetInt(fl))
	if frac.Cmp(big.NewRat(1, 2)) >= 0 {
		fl.Add(fl, big.NewInt(1))
	}
	x := fl.Int64() * u
	if neg {
		return -x
	}
	return x
}

func rmul(a, b, c, u int64) int64 {
	return rround(new(big.Int).Mul(big.NewInt(a), big.NewInt(b)), big.NewInt(c), u)
}

// checkInvariants replays every balance from its first move and compares:
// each move's amount, the balance row (= the ledger's sums), zero quantity
// ⇒ zero value where negative stock is refused, and the FIFO layers.
func checkInvariants(t *testing.T, w *world, cfg stock.Config) {
	t.Helper()
	const u = 10_000 // 2 amount places in micros
	neg := map[int64]bool{}
	rows, err := w.d.Query(ctx, "SELECT id, allow_negative FROM locations")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var a int
		rows.Scan(&id, &a)
		neg[id] = a == 1 || !cfg.CheckNegative
	}
	rows.Close()
	type rmove struct {
		id, qty, amount, feedKey, fee int64
		mode, role                    int
		k                             rkey
	}
	var all []rmove
	rows, err = w.d.Query(ctx, `SELECT id, goods_id, sku_id, location_id, batch, qty, amount, cost_mode, role, COALESCE(feed_key, 0), fee FROM stock_moves
		ORDER BY goods_id, sku_id, location_id, batch, move_date, id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var m rmove
		if err := rows.Scan(&m.id, &m.k.g, &m.k.s, &m.k.l, &m.k.b, &m.qty, &m.amount, &m.mode, &m.role, &m.feedKey, &m.fee); err != nil {
			t.Fatal(err)
		}
		all = append(all, m)
	}
	rows.Close()
	// The whole ledger replayed: a fed move takes the replay's own cost of
	// its group's feeding moves (+ fee), so the replay runs again until
	// those settle (they depend on each other only forward in time).
	fed := map[int64]int64{}
	var st map[rkey]*rstate
	var want map[int64]int64
	for pass := 0; ; pass++ {
		st, want = map[rkey]*rstate{}, map[int64]int64{}
		for _, m := range all {
			want[m.id] = replayStep(st, m.k, m.id, m.qty, m.amount, m.mode, fed[m.id], cfg)
		}
		next := map[int64]int64{}
		feeding := map[int64]int64{}
		for _, m := range all {
			if m.role == stock.RoleOut {
				feeding[m.feedKey] -= want[m.id]
			}
		}
		for _, m := range all {
			if m.role == stock.RoleIn {
				next[m.id] = feeding[m.feedKey] + m.fee // one fed move per group here (transfers)
			}
		}
		if fmt.Sprint(next) == fmt.Sprint(fed) {
			break
		}
		if pass > 50 {
			t.Fatalf("the replay of fed moves does not settle")
		}
		fed = next
	}
	bad := 0
	for _, m := range all {
		if want[m.id] != m.amount {
			if bad++; bad <= 5 {
				t.Errorf("move %d %+v: amount %s, replay %s", m.id, m.k, dec.FromMicros(m.amount), dec.FromMicros(want[m.id]))
			}
		}
	}
	_ = u
	// Balance rows: every one equals its replay (keys without moves are 0).
	seen := map[rkey]bool{}
	rows, err = w.d.Query(ctx, "SELECT goods_id, sku_id, location_id, batch, qty, amount FROM stock_balances")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k rkey
		var q, a int64
		rows.Scan(&k.g, &k.s, &k.l, &k.b, &q, &a)
		seen[k] = true
		s := st[k]
		if s == nil {
			s = &rstate{}
		}
		if q != s.q || a != s.v {
			t.Errorf("balance %+v: %s / %s, ledger replay %s / %s", k, dec.FromMicros(q), dec.FromMicros(a), dec.FromMicros(s.q), dec.FromMicros(s.v))
		}
		if q == 0 && a != 0 && !neg[k.l] {
			t.Errorf("balance %+v: zero quantity worth %s", k, dec.FromMicros(a))
		}
		if q < 0 && !neg[k.l] {
			t.Errorf("balance %+v: negative %s where refused", k, dec.FromMicros(q))
		}
	}
	rows.Close()
	for k := range st {
		if !seen[k] {
			t.Errorf("moves of %+v without a balance row", k)
		}
	}
	// Balances also equal the plain SQL sums of the ledger.
	if n := count(w, `SELECT COUNT(*) FROM stock_balances b WHERE b.qty <> COALESCE((SELECT SUM(m.qty) FROM stock_moves m WHERE m.goods_id = b.goods_id AND m.sku_id = b.sku_id AND m.location_id = b.location_id AND m.batch = b.batch), 0)
		OR b.amount <> COALESCE((SELECT SUM(m.amount) FROM stock_moves m WHERE m.goods_id = b.goods_id AND m.sku_id = b.sku_id AND m.location_id = b.location_id AND m.batch = b.batch), 0)`); n != 0 {
		t.Errorf("%d balances differ from the sums of the ledger", n)
	}
	if cfg.Method != stock.FIFO {
		if n := count(w, "SELECT COUNT(*) FROM stock_layers"); n != 0 {
			t.Errorf("%d FIFO layers under moving average", n)
		}
		return
	}
	got := map[rkey][]rlayer{}
	rows, err = w.d.Query(ctx, "SELECT goods_id, sku_id, location_id, batch, move_id, qty, amount FROM stock_layers ORDER BY move_date, move_id")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var k rkey
		var l rlayer
		rows.Scan(&k.g, &k.s, &k.l, &k.b, &l.id, &l.q, &l.a)
		got[k] = append(got[k], l)
	}
	rows.Close()
	for k, s := range st {
		if fmt.Sprint(got[k]) != fmt.Sprint(s.layers) && !(len(got[k]) == 0 && len(s.layers) == 0) {
			t.Errorf("layers of %+v: %v, replay %v", k, got[k], s.layers)
		}
		var q, a int64
		for _, l := range got[k] {
			q += l.q
			a += l.a
		}
		if !neg[k.l] && (q != s.q || a != s.v) {
			t.Errorf("layers of %+v sum to %d / %d, balance %d / %d", k, q, a, s.q, s.v)
		}
	}
}

// replayStep costs one move of balance k from the replay's state: fedAmt is
// the replay's cost of a fed move (cost_mode 2); a value-only move (qty 0)
// adds its given amount (FIFO: over the layers by quantity, the last taking
// the remainder).
func replayStep(st map[rkey]*rstate, k rkey, id, qty, amount int64, mode int, fedAmt int64, cfg stock.Config) int64 {
	const u = 10_000
	s := st[k]
	if s == nil {
		s = &rstate{}
		st[k] = s
	}
	var want int64
	switch {
	case qty == 0:
		want = amount
		if cfg.Method == stock.FIFO && len(s.layers) > 0 {
			rest := want
			for i := range s.layers[:len(s.layers)-1] {
				p := rmul(want, s.layers[i].q, s.q, u)
				s.layers[i].a += p
				rest -= p
			}
			s.layers[len(s.layers)-1].a += rest
		}
	case qty > 0:
		switch {
		case mode == 1 || mode == 2:
			want = amount
			if mode == 2 {
				want = fedAmt
			}
			s.last = rmul(want, 1_000_000, qty, 1)
		case s.q > 0:
			want = rmul(s.v, qty, s.q, u)
		default:
			want = rmul(s.last, qty, 1_000_000, u)
		}
		if cfg.Method == stock.FIFO {
			settle := min(qty, max(-s.q, 0))
			if qty-settle > 0 {
				la := want - rmul(want, settle, qty, u)
				s.layers = append(s.layers, rlayer{id, qty - settle, la})
			}
		}
	default:
		m := -qty
		var c int64
		switch {
		case m == s.q:
			c = s.v
			s.layers = nil
		case cfg.Method == stock.MovingAverage && s.q > m:
			c = rmul(s.v, m, s.q, u)
		case cfg.Method == stock.MovingAverage:
			if s.q > 0 {
				c = s.v
			}
			c += rmul(s.last, m-max(s.q, 0), 1_000_000, u)
		default:
			rest := m
			for len(s.layers) > 0 && rest > 0 {
				l := &s.layers[0]
				if rest >= l.q {
					c += l.a
					rest -= l.q
					s.layers = s.layers[1:]
					continue
				}
				p := rmul(l.a, rest, l.q, u)
				c += p
				l.q -= rest
				l.a -= p
				rest = 0
			}
			c += rmul(s.last, rest, 1_000_000, u)
		}
		want = -c
	}
	s.q += qty
	s.v += want
	return want
}

// checkSnapshots: every valid snapshot holds, per goods × SKU × warehouse,
// exactly the sums of the moves dated on or before its date.
func checkSnapshots(t *testing.T, w *world, step int) {
	t.Helper()
	type key struct {
		id, loc, goods, sku int64
	}
	type sums struct{ qty, amount int64 }
	got, want := map[key]sums{}, map[key]sums{}
	read := func(m map[key]sums, q string) {
		rs, err := w.d.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rs.Close()
		for rs.Next() {
			var k key
			var v sums
			if err := rs.Scan(&k.id, &k.loc, &k.goods, &k.sku, &v.qty, &v.amount); err != nil {
				t.Fatal(err)
			}
			if v != (sums{}) {
				m[k] = v
			}
		}
	}
	read(got, `SELECT s.id, r.location_id, r.goods_id, r.sku_id, r.qty, r.amount FROM stock_snapshots s JOIN stock_snapshot_rows r ON r.snapshot_id = s.id WHERE s.state = 'valid'`)
	read(want, `SELECT s.id, m.location_id, m.goods_id, m.sku_id, CAST(SUM(m.qty) AS BIGINT), CAST(SUM(m.amount) AS BIGINT)
		FROM stock_snapshots s JOIN stock_moves m ON m.move_date <= s.as_of WHERE s.state = 'valid' GROUP BY s.id, m.location_id, m.goods_id, m.sku_id`)
	if len(got) != len(want) {
		t.Fatalf("step %d: valid snapshots hold %d rows, the moves give %d", step, len(got), len(want))
	}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("step %d: snapshot %d, warehouse %d, goods %d, SKU %d: %+v, the moves give %+v", step, k.id, k.loc, k.goods, k.sku, got[k], v)
		}
	}
	// a month-end snapshot's flows: the month's move quantities and
	// amounts per warehouse, document shop, kind, direction and document
	// type
	flows := func(q string) map[string][2]int64 {
		rs, err := w.d.Query(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		defer rs.Close()
		out := map[string][2]int64{}
		for rs.Next() {
			var id, loc, shop, dir, tt, qty, amount int64
			var kind string
			if err := rs.Scan(&id, &loc, &shop, &kind, &dir, &tt, &qty, &amount); err != nil {
				t.Fatal(err)
			}
			if qty != 0 || amount != 0 {
				out[fmt.Sprint(id, loc, shop, kind, dir, tt)] = [2]int64{qty, amount}
			}
		}
		return out
	}
	gotF := flows(`SELECT s.id, f.location_id, f.shop_id, f.kind, f.dir, f.trans_type, f.qty, f.amount FROM stock_snapshots s
		JOIN stock_snapshot_flows f ON f.snapshot_id = s.id WHERE s.state = 'valid' AND s.flows = 1`)
	wantF := flows(`SELECT s.id, m.location_id, COALESCE(b.shop_id, 0), m.kind, CASE WHEN m.qty < 0 OR (m.qty = 0 AND m.amount < 0) THEN -1 ELSE 1 END,
		  COALESCE(b.trans_type, 0), CAST(SUM(m.qty) AS BIGINT), CAST(SUM(m.amount) AS BIGINT) FROM stock_snapshots s
		JOIN stock_moves m ON m.move_date <= s.as_of AND SUBSTR(m.move_date, 1, 7) = SUBSTR(s.as_of, 1, 7) LEFT JOIN bills b ON b.id = m.bill_id
		WHERE s.state = 'valid' AND s.flows = 1
		GROUP BY s.id, m.location_id, COALESCE(b.shop_id, 0), m.kind, CASE WHEN m.qty < 0 OR (m.qty = 0 AND m.amount < 0) THEN -1 ELSE 1 END, COALESCE(b.trans_type, 0)`)
	if !maps.Equal(gotF, wantF) {
		t.Fatalf("step %d: valid snapshots' flows %v, the moves give %v", step, gotF, wantF)
	}
}
