package trade_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"cangshu/internal/bill"
	"cangshu/internal/dec"
	"cangshu/internal/stock"
)

// The model's replay of the ledger and the invariants of
// TestDocumentProperty.

var ctxBG = context.Background()

func mustMicros(s string) int64 {
	v, ok := dec.MustParse(s).Micros()
	if !ok {
		panic(s)
	}
	return v
}

// rmulHalf is a × b / c rounded half away from zero to a multiple of u
// (all micros), exact.
func rmulHalf(a, b, c, u int64) int64 {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	d := new(big.Int).Mul(big.NewInt(c), big.NewInt(u))
	neg := n.Sign()*d.Sign() < 0
	n.Abs(n)
	d.Abs(d)
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Lsh(r, 1).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	x := q.Int64() * u
	if neg {
		return -x
	}
	return x
}

type rlay struct{ q, a int64 }

type rst struct {
	q, v, last int64
	layers     []rlay
}

// replay costs every audited line from scratch, balance by balance in
// ledger order (date, then audit order, then line order), by the rules of
// docs/stock.md. It answers each entry's signed cost and each balance.
func (m *model) replay() (map[int64]int64, map[pkey]*rst) {
	const u = 10_000
	type mv struct {
		date   string
		seq    int64
		i      int
		l      *pline
		k      *pkind
		inward bool
	}
	byKey := map[pkey][]mv{}
	for _, d := range m.docs {
		if !d.checked {
			continue
		}
		for i, l := range d.lines {
			byKey[l.key] = append(byKey[l.key], mv{d.date, d.seq, i, l, d.k, d.k.stock > 0})
		}
	}
	costs := map[int64]int64{}
	states := map[pkey]*rst{}
	for k, ms := range byKey {
		slices.SortFunc(ms, func(a, b mv) int {
			if c := strings.Compare(a.date, b.date); c != 0 {
				return c
			}
			if a.seq != b.seq {
				return int(a.seq - b.seq)
			}
			return a.i - b.i
		})
		s := &rst{}
		states[k] = s
		for _, x := range ms {
			qty := x.l.base
			var amt int64
			if x.inward {
				switch {
				case x.k.costIsGiven:
					amt = x.l.cost
				case x.l.fixed:
					amt = x.l.given
				case s.q > 0:
					amt = rmulHalf(s.v, qty, s.q, u)
				default:
					amt = rmulHalf(s.last, qty, 1_000_000, u)
				}
				if x.k.costIsGiven || x.l.fixed {
					s.last = rmulHalf(amt, 1_000_000, qty, 1)
				}
				if m.fifo {
					settle := min(qty, max(-s.q, 0))
					if qty-settle > 0 {
						s.layers = append(s.layers, rlay{qty - settle, amt - rmulHalf(amt, settle, qty, u)})
					}
				}
				s.q += qty
				s.v += amt
				costs[x.l.entry] = amt
				continue
			}
			var c int64
			switch {
			case qty == s.q:
				c = s.v
				s.layers = nil
			case !m.fifo && s.q > qty:
				c = rmulHalf(s.v, qty, s.q, u)
			case !m.fifo:
				if s.q > 0 {
					c = s.v
				}
				c += rmulHalf(s.last, qty-max(s.q, 0), 1_000_000, u)
			default:
				rest := qty
				for len(s.layers) > 0 && rest > 0 {
					l := &s.layers[0]
					if rest >= l.q {
						c += l.a
						rest -= l.q
						s.layers = s.layers[1:]
						continue
					}
					p := rmulHalf(l.a, rest, l.q, u)
					c += p
					l.q -= rest
					l.a -= p
					rest = 0
				}
				c += rmulHalf(s.last, rest, 1_000_000, u)
			}
			s.q -= qty
			s.v -= c
			costs[x.l.entry] = -c
		}
	}
	return costs, states
}

func (m *model) rows(query string, args []any, scan func(*sql.Rows) error) {
	m.t.Helper()
	rows, err := m.w.e.App.DB.Query(ctxBG, query, args...)
	if err != nil {
		m.fatalf("%s: %v", query, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			m.fatalf("%s: %v", query, err)
		}
	}
	if err := rows.Err(); err != nil {
		m.fatalf("%s: %v", query, err)
	}
}

// checkInvariants compares the database with the model (docs/architecture.md §4).
func (m *model) checkInvariants() {
	m.t.Helper()
	e := m.w.e
	costs, states := m.replay()
	// Balances equal the plain sums of the ledger (the check a restore
	// makes of a backup), and so do the contacts' and accounts' balances.
	if n, err := stock.LedgerMismatches(ctxBG, e.App.DB); err != nil || n != 0 {
		m.fatalf("%d balances differ from the sums of their moves (%v)", n, err)
	}
	if c, a, err := bill.MoneyLedgerMismatches(ctxBG, e.App.DB); err != nil || c != 0 || a != 0 {
		m.fatalf("%d contact and %d account balances differ from the sums of their moves (%v)", c, a, err)
	}
	// Every move is a line of an audited document, once, as the model has
	// it; drafts have none.
	type row struct {
		bill, goods, sku, loc, qty, amount int64
		date, batch                        string
	}
	moves := map[int64]row{}
	m.rows("SELECT COALESCE(entry_id, 0), COALESCE(bill_id, 0), goods_id, sku_id, location_id, move_date, qty, amount, batch FROM stock_moves", nil, func(r *sql.Rows) error {
		var entry int64
		var x row
		if err := r.Scan(&entry, &x.bill, &x.goods, &x.sku, &x.loc, &x.date, &x.qty, &x.amount, &x.batch); err != nil {
			return err
		}
		if _, dup := moves[entry]; dup {
			m.fatalf("two moves for entry %d", entry)
		}
		moves[entry] = x
		return nil
	})
	lines := 0
	bad := 0
	for _, d := range m.docs {
		for _, l := range d.lines {
			x, ok := moves[l.entry]
			if !d.checked {
				if ok {
					m.fatalf("draft %s %d moved stock (entry %d)", d.k.name, d.id, l.entry)
				}
				continue
			}
			lines++
			if !ok {
				m.fatalf("audited %s %d line %d has no move", d.k.name, d.id, l.entry)
			}
			if x.bill != d.id || x.goods != l.key.goods || x.sku != l.key.sku || x.loc != l.key.loc || x.batch != l.key.batch || x.date != d.date || x.qty != l.base*int64(d.k.stock) {
				m.fatalf("move of %s %d entry %d: %+v, model %+v %s %d", d.k.name, d.id, l.entry, x, l.key, d.date, l.base*int64(d.k.stock))
			}
			if x.amount != costs[l.entry] {
				if bad++; bad <= 5 {
					m.t.Errorf("step %d: %s %d (%s) entry %d %+v qty %s: cost %s, replay %s", m.step, d.k.name, d.id, d.date, l.entry, l.key,
						mstr(x.qty), mstr(x.amount), mstr(costs[l.entry]))
				}
			}
		}
	}
	if len(moves) != lines {
		m.fatalf("%d moves, %d audited lines", len(moves), lines)
	}
	// Balance rows equal the replay; zero quantity has zero value and
	// nothing is negative where negative stock is refused.
	seen := map[pkey]bool{}
	m.rows("SELECT goods_id, sku_id, location_id, qty, amount, batch FROM stock_balances", nil, func(r *sql.Rows) error {
		var k pkey
		var q, a int64
		if err := r.Scan(&k.goods, &k.sku, &k.loc, &q, &a, &k.batch); err != nil {
			return err
		}
		seen[k] = true
		s := states[k]
		if s == nil {
			s = &rst{}
		}
		if q != s.q || a != s.v {
			m.t.Errorf("step %d: balance %+v: %s / %s, replay %s / %s", m.step, k, mstr(q), mstr(a), mstr(s.q), mstr(s.v))
		}
		if k.loc != m.negLoc && (q < 0 || q == 0 && a != 0) {
			m.t.Errorf("step %d: balance %+v: %s worth %s where negative stock is refused", m.step, k, mstr(q), mstr(a))
		}
		return nil
	})
	for k, s := range states {
		if !seen[k] && (s.q != 0 || s.v != 0) {
			m.t.Errorf("step %d: no balance row for %+v (%s / %s)", m.step, k, mstr(s.q), mstr(s.v))
		}
	}
	if m.fifo {
		got := map[pkey]rlay{}
		m.rows("SELECT goods_id, sku_id, location_id, qty, amount, batch FROM stock_layers", nil, func(r *sql.Rows) error {
			var k pkey
			var l rlay
			if err := r.Scan(&k.goods, &k.sku, &k.loc, &l.q, &l.a, &k.batch); err != nil {
				return err
			}
			g := got[k]
			got[k] = rlay{g.q + l.q, g.a + l.a}
			return nil
		})
		for k, s := range states {
			var want rlay
			for _, l := range s.layers {
				want.q += l.q
				want.a += l.a
			}
			if got[k] != want {
				m.t.Errorf("step %d: FIFO layers of %+v sum to %v, replay %v", m.step, k, got[k], want)
			}
		}
	} else if n := e.Count("SELECT COUNT(*) FROM stock_layers"); n != 0 {
		m.t.Errorf("%d FIFO layers under moving average", n)
	}
	m.checkBalances()
	if m.t.Failed() {
		m.fatalf("invariants broken (CANGSHU_SEED reproduces)")
	}
}

// checkBalances compares the contact and account lists with the model:
// opening figures plus the effects of the audited documents it made.
func (m *model) checkBalances() {
	m.t.Helper()
	wantC := map[int64]int64{}
	for id, v := range m.conts {
		wantC[id] = v
	}
	wantA := map[int64]int64{}
	for id, v := range m.accts {
		wantA[id] = v
	}
	for _, d := range m.docs {
		if !d.checked {
			continue
		}
		wantC[d.contact] += int64(d.k.debt) * d.arrears
		for a, p := range d.pays {
			wantA[a] += int64(d.k.cash) * p
		}
	}
	type row struct {
		ID      int64       `json:"id"`
		Balance json.Number `json:"balance"`
	}
	check := func(path string, want map[int64]int64) {
		var l struct {
			Rows []row `json:"rows"`
		}
		m.w.admin.Do("GET", path, nil).Want(200).Decode(&l)
		for _, r := range l.Rows {
			if w, ok := want[r.ID]; ok {
				if got := mustMicros(r.Balance.String()); got != w {
					m.t.Errorf("step %d: %s: balance of %d is %s, model %s", m.step, path, r.ID, r.Balance, mstr(w))
				}
				delete(want, r.ID)
			}
		}
		for _, id := range keysOf(want) {
			m.t.Errorf("step %d: %s: %d missing", m.step, path, id)
		}
	}
	supp, cust := map[int64]int64{}, map[int64]int64{}
	for _, id := range m.suppl {
		supp[id] = wantC[id]
	}
	for _, id := range m.custs {
		cust[id] = wantC[id]
	}
	check("/api/contact/list?type=10&rows=100", supp)
	check("/api/contact/list?type=-10&rows=100", cust)
	check("/api/settAcct/list?rows=100", wantA)
}

func keysOf(mp map[int64]int64) []int64 {
	var ks []int64
	for k := range mp {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

// checkDocuments reads every document through the API: its state, debt
// and, where lines show a cost, each line's cost against the replay.
func (m *model) checkDocuments() {
	m.t.Helper()
	costs, _ := m.replay()
	for _, id := range m.order {
		d := m.docs[id]
		if d == nil {
			continue
		}
		got := m.w.get(m.w.admin, d.k.name, d.id)
		if (got.Checked == 1) != d.checked || got.Version != d.version || mustMicros(got.Arrears.String()) != d.arrears {
			m.fatalf("%s %d: checked %d version %d arrears %s; model %v %d %s", d.k.name, d.id, got.Checked, got.Version, got.Arrears, d.checked, d.version, mstr(d.arrears))
		}
		for i, e := range got.Entries {
			l := d.lines[i]
			if !d.k.showCost || !d.checked {
				continue
			}
			// What left (out) or came in (in): positive unless negative
			// stock left the balance with a negative value.
			want := costs[l.entry] * int64(d.k.stock)
			if e.Cost == nil || mustMicros(e.Cost.String()) != want {
				m.t.Errorf("%s %d line %d: cost %v, replay %s", d.k.name, d.id, i, e.Cost, mstr(want))
			}
		}
	}
	if m.t.Failed() {
		m.fatalf("document answers differ from the model")
	}
	_ = fmt.Sprint
}
