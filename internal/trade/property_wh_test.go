package trade_test

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// TestWarehouseProperty drives random sequences of the warehouse kinds
// through the HTTP API beside receipts and sales: transfers among three
// warehouses, assemblies and disassemblies, cost adjustments, stocktake
// gain (other stock-in 150701) and loss (other stock-out 150801)
// documents, every one dated at random (back-dated more often than not),
// saved as a draft or audited at once, audited, un-audited and deleted
// at random. The model predicts every refusal (a balance going negative
// at any point of its ledger, a cost adjustment where the balance holds
// nothing); a refused operation must change nothing. Every few steps, and
// at the end, the whole ledger is replayed independently (whm.replay: one
// walk over every audited document in ledger order, every balance at
// once, so a move fed by others in another warehouse is costed from them
// as they stand at that point): every move's stored amount equals the
// replay's, every move that takes its cost from others equals them plus
// the fee, and every balance (quantity, value) equals the replay's.
// CANGSHU_SEED reproduces a run, CANGSHU_STEPS sets its length.
func TestWarehouseProperty(t *testing.T) {
	seed := time.Now().UnixNano() % 100000
	if s, err := strconv.ParseInt(os.Getenv("CANGSHU_SEED"), 10, 64); err == nil {
		seed = s
	}
	steps := 300
	if s, err := strconv.Atoi(os.Getenv("CANGSHU_STEPS")); err == nil {
		steps = s
	}
	for _, method := range []string{"movingAverage", "fifo"} {
		t.Run(method, func(t *testing.T) {
			t.Logf("seed %d, %d steps (CANGSHU_SEED=%d reproduces)", seed, steps, seed)
			m := newWhModel(t, method, seed)
			start := time.Now()
			for step := range steps {
				m.step = step
				m.randomOp()
				if step%40 == 39 {
					m.check()
				}
			}
			m.check()
			t.Logf("%d steps in %s: %v; %d documents (%d audited), %d moves (%d fed)", steps, time.Since(start).Round(time.Millisecond),
				m.stats, len(m.docs), m.auditedCount(), m.w.e.Count("SELECT COUNT(*) FROM stock_moves"), m.w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE role = 2"))
		})
	}
}

// whKind is a kind the model drives.
type whKind struct {
	name      string // the API path segment
	transType int    // 0: the kind's default
}

var (
	whPurchase = &whKind{name: "purchase"}
	whSales    = &whKind{name: "sales"}
	whTransfer = &whKind{name: "invTf"}
	whGain     = &whKind{name: "otherIn", transType: 150701}
	whLoss     = &whKind{name: "otherOut", transType: 150801}
	whAdjust   = &whKind{name: "costAdjustment"}
	whAssembly = &whKind{name: "combination", transType: 153301}
	whDisasm   = &whKind{name: "combination", transType: 153302}
)

// whKey is a balance: goods and warehouse (no SKU, no batch here).
type whKey struct{ goods, loc int64 }

// whMove is one move a document makes, as the model expects it.
type whMove struct {
	key   whKey
	qty   int64 // signed micros; 0 for a cost adjustment
	given int64 // a given cost (receipts, stocktake gains) or a cost adjustment's amount
	kind  int   // whComputed, whGiven, whFeeding, whFed, whValue
	line  int   // the document line
	entry int64 // its entry id once saved
}

const (
	whComputed = iota // leaves (or comes in) at the balance's cost
	whGiven           // comes in at the given cost
	whFeeding         // leaves at cost and feeds the document's fed moves
	whFed             // comes in at the feeding moves' cost (+ fee), shared
	whValue           // value only
)

type whDoc struct {
	id      int64
	k       *whKind
	date    string
	checked bool
	seq     int64 // audit order
	fee     int64
	moves   []*whMove
	body    map[string]any
}

type whModel struct {
	t     *testing.T
	w     *world
	r     *rand.Rand
	step  int
	fifo  bool
	goods []int64 // plain goods (parts)
	gift  int64   // the assembled goods
	locs  []int64
	docs  map[int64]*whDoc
	order []int64
	seq   int64
	stats map[string]int
}

func newWhModel(t *testing.T, method string, seed int64) *whModel {
	w := newWorld(t)
	e := w.e
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	fanta := ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '芬达', ?, ?, ?)", w.bottle, now, now)
	gift := ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP004', '礼盒', ?, ?, ?)", w.piece, now, now)
	store := ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK004', '门店', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", w.shop, store)
	m := &whModel{t: t, w: w, r: rand.New(rand.NewSource(seed)), fifo: method == "fifo", goods: []int64{w.sprite, fanta}, gift: gift,
		locs: []int64{w.main, w.branch, store}, docs: map[int64]*whDoc{}, stats: map[string]int{}}
	w.params(map[string]any{"valMethods": method, "taxRequiredCheck": 0})
	return m
}

func (m *whModel) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("step %d: "+format, append([]any{m.step}, args...)...)
}

func (m *whModel) auditedCount() int {
	n := 0
	for _, d := range m.docs {
		if d.checked {
			n++
		}
	}
	return n
}

func (m *whModel) date() string {
	return time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, m.r.Intn(20)).Format("2006-01-02")
}

func (m *whModel) loc() int64 { return m.locs[m.r.Intn(len(m.locs))] }

func (m *whModel) qty() (json.Number, int64) {
	q := 1 + m.r.Intn(6)
	return json.Number(strconv.Itoa(q)), int64(q) * 1_000_000
}

// money is a random amount between 0.01 and max (whole units), as text and
// micros.
func (m *whModel) money(max int) (json.Number, int64) {
	c := 1 + m.r.Intn(max*100)
	return json.Number(fmt.Sprintf("%d.%02d", c/100, c%100)), int64(c) * 10_000
}

// gen is a random document body with the moves it makes.
func (m *whModel) gen() *whDoc {
	d := &whDoc{date: m.date()}
	line := func(mv ...*whMove) {
		n := 0
		if len(d.moves) > 0 {
			n = d.moves[len(d.moves)-1].line + 1
		}
		for _, x := range mv {
			x.line = n
			d.moves = append(d.moves, x)
		}
	}
	goods := func() int64 { return m.goods[m.r.Intn(len(m.goods))] }
	var entries []map[string]any
	switch r := m.r.Intn(100); {
	case r < 22:
		d.k = whPurchase
		loc := m.loc()
		d.body = map[string]any{"buId": m.w.supplier, "locationId": loc}
		for range 1 + m.r.Intn(2) {
			g := goods()
			if m.r.Intn(4) == 0 {
				g = m.gift
			}
			qs, q := m.qty()
			ps, p := m.money(9)
			entries = append(entries, map[string]any{"invId": g, "qty": qs, "price": ps})
			line(&whMove{key: whKey{g, loc}, qty: q, given: p * q / 1_000_000, kind: whGiven})
		}
	case r < 40:
		d.k = whSales
		loc := m.loc()
		d.body = map[string]any{"buId": m.w.customer, "locationId": loc}
		g := goods()
		if m.r.Intn(4) == 0 {
			g = m.gift
		}
		qs, q := m.qty()
		entries = append(entries, map[string]any{"invId": g, "qty": qs, "price": 10})
		line(&whMove{key: whKey{g, loc}, qty: -q})
	case r < 62:
		// One or two lines, one direction (two lines of opposite
		// directions feed each other in a circle: refused).
		d.k = whTransfer
		from := m.loc()
		to := m.locs[(slices.Index(m.locs, from)+1+m.r.Intn(2))%3]
		gs := []int64{m.goods[0], m.goods[1], m.gift}
		m.r.Shuffle(len(gs), func(i, j int) { gs[i], gs[j] = gs[j], gs[i] })
		for _, g := range gs[:1+m.r.Intn(2)] {
			qs, q := m.qty()
			entries = append(entries, map[string]any{"invId": g, "outLocationId": from, "inLocationId": to, "qty": qs})
			line(&whMove{key: whKey{g, from}, qty: -q, kind: whFeeding}, &whMove{key: whKey{g, to}, qty: q, kind: whFed})
		}
	case r < 70:
		d.k = whGain
		loc, g := m.loc(), goods()
		qs, q := m.qty()
		ps, p := m.money(9)
		entries = append(entries, map[string]any{"invId": g, "locationId": loc, "qty": qs, "price": ps})
		line(&whMove{key: whKey{g, loc}, qty: q, given: p * q / 1_000_000, kind: whGiven})
	case r < 77:
		d.k = whLoss
		loc, g := m.loc(), goods()
		qs, q := m.qty()
		entries = append(entries, map[string]any{"invId": g, "locationId": loc, "qty": qs})
		line(&whMove{key: whKey{g, loc}, qty: -q})
	case r < 85:
		d.k = whAdjust
		loc, g := m.loc(), goods()
		as, a := m.money(5)
		if m.r.Intn(3) == 0 {
			as, a = "-"+as, -a
		}
		entries = append(entries, map[string]any{"invId": g, "locationId": loc, "amount": as})
		line(&whMove{key: whKey{g, loc}, given: a, kind: whValue})
	default:
		// Assembly or disassembly of 礼盒 from 雪碧 and 芬达, each line
		// in a warehouse of its own at random.
		d.k = whAssembly
		if r >= 93 {
			d.k = whDisasm
		}
		fs, fee := m.money(3)
		if m.r.Intn(3) == 0 {
			fs, fee = "0", 0
		}
		d.fee = fee
		d.body = map[string]any{"transType": d.k.transType, "fee": fs, "locationId": m.loc()}
		assembly := d.k == whAssembly
		role := func(product bool) int {
			if product == assembly {
				return whFed
			}
			return whFeeding
		}
		sign := func(product bool) int64 {
			if product == assembly {
				return 1
			}
			return -1
		}
		for i, g := range []int64{m.gift, m.goods[0], m.goods[1]} {
			if i == 2 && m.r.Intn(3) == 0 {
				break // one part only
			}
			loc := m.loc()
			qs, q := m.qty()
			et := 2
			if i == 0 {
				et = 1
			}
			entries = append(entries, map[string]any{"invId": g, "entryType": et, "locationId": loc, "qty": qs})
			line(&whMove{key: whKey{g, loc}, qty: sign(i == 0) * q, kind: role(i == 0)})
		}
	}
	if d.body == nil {
		d.body = map[string]any{}
	}
	if d.k.transType != 0 {
		d.body["transType"] = d.k.transType
	}
	d.body["date"] = d.date
	d.body["entries"] = entries
	return d
}

// --- the model's ledger ---

type whLay struct{ q, a int64 }

type whState struct {
	q, v, last int64
	layers     []whLay
}

// replay walks every audited document (and extra, audited at the end;
// minus skip) in ledger order: by date, then audit order; within a
// document the feeding moves of a line before its fed ones. It answers each
// move's amount, each balance, and the first refusal the ledger meets ("":
// none): a negative quantity at any point, a cost adjustment where the
// balance holds nothing.
func (m *whModel) replay(extra, skip *whDoc) (map[*whMove]int64, map[whKey]*whState, string) {
	const u = 10_000
	var docs []*whDoc
	for _, id := range m.order {
		d := m.docs[id]
		if d != nil && d.checked && d != skip {
			docs = append(docs, d)
		}
	}
	if extra != nil {
		docs = append(docs, extra)
	}
	slices.SortStableFunc(docs, func(a, b *whDoc) int {
		if c := strings.Compare(a.date, b.date); c != 0 {
			return c
		}
		sa, sb := a.seq, b.seq
		if a == extra {
			sa = m.seq + 1
		}
		if b == extra {
			sb = m.seq + 1
		}
		return int(sa - sb)
	})
	amounts := map[*whMove]int64{}
	states := map[whKey]*whState{}
	refusal := ""
	st := func(k whKey) *whState {
		s := states[k]
		if s == nil {
			s = &whState{}
			states[k] = s
		}
		return s
	}
	for _, d := range docs {
		// Feeding moves first (all of them: an assembly's parts feed its
		// product), then the rest in line order.
		ms := slices.Clone(d.moves)
		slices.SortStableFunc(ms, func(a, b *whMove) int {
			fa, fb := a.kind == whFed, b.kind == whFed
			switch {
			case fa == fb:
				return 0
			case fb:
				return -1
			}
			return 1
		})
		var feeding int64
		var fed []*whMove
		for _, x := range ms {
			if x.kind == whFed {
				fed = append(fed, x)
			}
		}
		shares := map[*whMove]int64{}
		for _, x := range ms {
			s := st(x.key)
			switch {
			case x.kind == whValue:
				if s.q <= 0 {
					refusal = whRefuse(refusal, "没有库存")
					continue
				}
				s.v += x.given
				if m.fifo && len(s.layers) > 0 {
					rest := x.given
					for i := range s.layers[:len(s.layers)-1] {
						p := rmulHalf(x.given, s.layers[i].q, s.q, u)
						s.layers[i].a += p
						rest -= p
					}
					s.layers[len(s.layers)-1].a += rest
				}
				amounts[x] = x.given
			case x.qty < 0:
				q := -x.qty
				var c int64
				switch {
				case q == s.q:
					c = s.v
					s.layers = nil
				case !m.fifo && s.q > q:
					c = rmulHalf(s.v, q, s.q, u)
				case !m.fifo:
					if s.q > 0 {
						c = s.v
					}
					c += rmulHalf(s.last, q-max(s.q, 0), 1_000_000, u)
				default:
					rest := q
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
				s.q -= q
				s.v -= c
				if dbg := os.Getenv("WH_DEBUG_KEY"); dbg != "" && dbg == fmt.Sprint(x.key) {
					m.t.Logf("model %v %s bill %d seq %d out %s → %s", x.key, d.date, d.id, d.seq, mstr(x.qty), mstr(s.q))
				}
				if s.q < 0 {
					refusal = whRefuse(refusal, "库存不足")
				}
				amounts[x] = -c
				if x.kind == whFeeding {
					feeding += c
				}
			default:
				var a int64
				switch x.kind {
				case whGiven:
					a = x.given
				case whFed:
					if len(shares) == 0 {
						m.share(d, fed, feeding+d.fee, shares, amounts)
					}
					a = shares[x]
				default:
					m.fatalf("an inbound move of kind %d", x.kind)
				}
				s.last = rmulHalf(a, 1_000_000, x.qty, 1)
				if m.fifo {
					settle := min(x.qty, max(-s.q, 0))
					if x.qty-settle > 0 {
						s.layers = append(s.layers, whLay{x.qty - settle, a - rmulHalf(a, settle, x.qty, u)})
					}
				}
				s.q += x.qty
				s.v += a
				if dbg := os.Getenv("WH_DEBUG_KEY"); dbg != "" && dbg == fmt.Sprint(x.key) {
					m.t.Logf("model %v %s bill %d seq %d in %s → %s", x.key, d.date, d.id, d.seq, mstr(x.qty), mstr(s.q))
				}
				amounts[x] = a
			}
		}
	}
	return amounts, states, refusal
}

// share splits total over the fed moves of a document: a transfer line's
// in-move takes its own out-move's cost (each line is its own group);
// an assembly's product takes everything; a disassembly's parts share by
// their weights (quantity × the unit cost when audited, kept on the move;
// all zero: by quantity), each rounded but the last, which takes the rest.
func (m *whModel) share(d *whDoc, fed []*whMove, total int64, out, amounts map[*whMove]int64) {
	const u = 10_000
	if d.k == whTransfer {
		for _, x := range fed {
			for _, y := range d.moves {
				if y.line == x.line && y.kind == whFeeding {
					out[x] = -amounts[y]
				}
			}
		}
		return
	}
	ws := make([]int64, len(fed))
	var sum int64
	for i, x := range fed {
		if d.k == whDisasm && x.entry != 0 {
			ws[i] = x.weight(m)
		}
		sum += ws[i]
	}
	if sum == 0 {
		for i, x := range fed {
			ws[i] = x.qty
			sum += x.qty
		}
	}
	rest := total
	for i, x := range fed[:len(fed)-1] {
		out[x] = rmulHalf(total, ws[i], sum, u)
		rest -= out[x]
	}
	out[fed[len(fed)-1]] = rest
}

// weight is the share weight the server kept on a disassembly's part move
// (computed from the balance when audited: an input here, as the
// quantities are).
func (x *whMove) weight(m *whModel) int64 {
	var w int64
	// None yet (a draft being audited): the refusal predicted does not
	// depend on it.
	if err := m.w.e.App.DB.QueryRow(ctxBG, "SELECT COALESCE(MAX(weight), 0) FROM stock_moves WHERE entry_id = ? AND role = 2", x.entry).Scan(&w); err != nil {
		m.fatalf("weight of entry %d: %v", x.entry, err)
	}
	return w
}

func (m *whModel) fingerprint() string {
	var sb strings.Builder
	for _, q := range []string{
		"SELECT COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(version), 0), COALESCE(SUM(checked), 0) FROM bills",
		"SELECT COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0) FROM stock_moves",
		"SELECT COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(last_cost), 0) FROM stock_balances",
		"SELECT COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(move_id), 0) FROM stock_layers",
	} {
		var v [4]int64
		if err := m.w.e.App.DB.QueryRow(ctxBG, q).Scan(&v[0], &v[1], &v[2], &v[3]); err != nil {
			m.fatalf("%s: %v", q, err)
		}
		fmt.Fprint(&sb, v, " ")
	}
	return sb.String()
}

// predict is the refusal auditing add or un-auditing remove meets ("": none).
func (m *whModel) predict(add, remove *whDoc) string {
	_, _, refusal := m.replay(add, remove)
	return refusal
}

// whRefuse adds a refusal to those the ledger meets (any of them may be
// the one answered).
func whRefuse(all, r string) string {
	if all == "" {
		return r
	}
	if slices.Contains(strings.Split(all, "|"), r) {
		return all
	}
	return all + "|" + r
}

func (m *whModel) outcome(what string, status int, msg, want, before string, ok func()) {
	m.t.Helper()
	switch {
	case want == "" && status == 200:
		ok()
		m.stats[what]++
	case want == "":
		m.dump()
		m.fatalf("%s: refused (%d) %s", what, status, msg)
	case status == 200:
		m.fatalf("%s: went through, want a refusal %q", what, want)
	case !slices.ContainsFunc(strings.Split(want, "|"), func(w string) bool { return strings.Contains(msg, w) }):
		m.fatalf("%s: refused with %q, want %q", what, msg, want)
	default:
		if after := m.fingerprint(); after != before {
			m.fatalf("%s: a refused operation changed something:\n%s\n%s", what, before, after)
		}
		m.stats["refused "+want]++
	}
}

func (m *whModel) audit(d *whDoc) {
	m.seq++
	d.seq = m.seq
	d.checked = true
}

func (m *whModel) opSave(check bool) {
	d := m.gen()
	path := "/api/" + d.k.name + "/add"
	want := ""
	if check {
		path += "?check=1"
		d.seq = m.seq + 1
		want = m.predict(d, nil)
	}
	before := m.fingerprint()
	r := m.w.admin.Do("POST", path, d.body)
	what := "save " + d.k.name
	if check {
		what = "save+audit " + d.k.name
	}
	m.outcome(what, r.Status, r.Env.Msg, want, before, func() {
		var got struct {
			ID      int64 `json:"id"`
			Entries []struct {
				ID int64 `json:"id"`
			} `json:"entries"`
		}
		r.Decode(&got)
		d.id = got.ID
		if len(got.Entries) != d.moves[len(d.moves)-1].line+1 {
			m.fatalf("%s: %d entries answered, %d sent", what, len(got.Entries), d.moves[len(d.moves)-1].line+1)
		}
		for _, x := range d.moves {
			x.entry = got.Entries[x.line].ID
		}
		m.docs[d.id] = d
		m.order = append(m.order, d.id)
		if check {
			m.audit(d)
		}
	})
}

func (m *whModel) pick(ok func(*whDoc) bool) *whDoc {
	var c []*whDoc
	for _, id := range m.order {
		if d := m.docs[id]; d != nil && ok(d) {
			c = append(c, d)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return c[m.r.Intn(len(c))]
}

func (m *whModel) batch(method, path string) (int, string) {
	var res []apptest.Batch
	r := m.w.admin.Do(method, path, nil)
	if r.Status != 200 {
		return r.Status, r.Env.Msg
	}
	r.Decode(&res)
	if len(res) != 1 {
		m.fatalf("%s %s: %d results", method, path, len(res))
	}
	if res[0].OK {
		return 200, ""
	}
	if res[0].Msg == "" {
		m.fatalf("%s %s: refused without a message", method, path)
	}
	return 400, res[0].Msg
}

func (m *whModel) opLifecycle(op string) {
	var d *whDoc
	switch op {
	case "audit", "delete":
		d = m.pick(func(d *whDoc) bool { return !d.checked })
	case "unaudit":
		d = m.pick(func(d *whDoc) bool { return d.checked })
	}
	if d == nil {
		return
	}
	want := ""
	method, path := "POST", fmt.Sprintf("/api/%s/check?id=%d", d.k.name, d.id)
	switch op {
	case "audit":
		d.seq = m.seq + 1
		want = m.predict(d, nil)
	case "unaudit":
		path = fmt.Sprintf("/api/%s/uncheck?id=%d", d.k.name, d.id)
		want = m.predict(nil, d)
	case "delete":
		method, path = "DELETE", fmt.Sprintf("/api/%s/delete?id=%d", d.k.name, d.id)
	}
	before := m.fingerprint()
	status, msg := m.batch(method, path)
	m.outcome(fmt.Sprintf("%s %s %d (%s)", op, d.k.name, d.id, d.date), status, msg, want, before, func() {
		switch op {
		case "audit":
			m.audit(d)
		case "unaudit":
			d.checked = false
		case "delete":
			// SQLite may give the id to the next document.
			delete(m.docs, d.id)
			m.order = slices.DeleteFunc(m.order, func(id int64) bool { return id == d.id })
		}
	})
}

func (m *whModel) randomOp() {
	switch r := m.r.Intn(100); {
	case r < 55:
		m.opSave(true)
	case r < 67:
		m.opSave(false)
	case r < 79:
		m.opLifecycle("audit")
	case r < 95:
		m.opLifecycle("unaudit")
	default:
		m.opLifecycle("delete")
	}
}

// check compares every stored move and balance with the replay, and every
// group of moves taking their cost from others with them.
func (m *whModel) check() {
	m.t.Helper()
	amounts, states, refusal := m.replay(nil, nil)
	if refusal != "" {
		m.fatalf("the model's own ledger meets %q", refusal)
	}
	type stored struct{ qty, amount int64 }
	got := map[[2]int64]stored{} // (entry, role) → move
	n := 0
	rows, err := m.w.e.App.DB.Query(ctxBG, "SELECT COALESCE(entry_id, 0), role, qty, amount FROM stock_moves")
	if err != nil {
		m.fatalf("moves: %v", err)
	}
	for rows.Next() {
		var e, role, q, a int64
		if err := rows.Scan(&e, &role, &q, &a); err != nil {
			m.fatalf("moves: %v", err)
		}
		got[[2]int64{e, role}] = stored{q, a}
		n++
	}
	rows.Close()
	want := 0
	for _, id := range m.order {
		d := m.docs[id]
		if d == nil || !d.checked {
			continue
		}
		for _, x := range d.moves {
			want++
			role := int64(0)
			switch x.kind {
			case whFeeding:
				role = 1
			case whFed:
				role = 2
			}
			s, ok := got[[2]int64{x.entry, role}]
			if !ok {
				m.fatalf("%s %d (%s) line %d: no move of role %d", d.k.name, d.id, d.date, x.line, role)
			}
			if s.qty != x.qty || s.amount != amounts[x] {
				m.fatalf("%s %d (%s) line %d role %d at %v: stored %s × %s, the replay %s × %s", d.k.name, d.id, d.date, x.line, role, x.key,
					mstr(s.qty), mstr(s.amount), mstr(x.qty), mstr(amounts[x]))
			}
		}
	}
	if n != want {
		m.fatalf("%d moves stored, %d audited in the model", n, want)
	}
	// Every group: the fed moves sum to what feeds them plus the fee.
	var bad int64
	if err := m.w.e.App.DB.QueryRow(ctxBG, `SELECT COUNT(*) FROM (SELECT feed_key, SUM(CASE WHEN role = 2 THEN amount ELSE 0 END) AS fed,
		SUM(CASE WHEN role = 1 THEN -amount ELSE 0 END) AS feeding, MAX(CASE WHEN role = 2 THEN fee ELSE 0 END) AS fee
		FROM stock_moves WHERE feed_key IS NOT NULL GROUP BY feed_key) g WHERE fed <> feeding + fee`).Scan(&bad); err != nil || bad != 0 {
		m.fatalf("%d groups of moves differ from what feeds them (%v)", bad, err)
	}
	// Balances: the replay's, and zero quantity holds zero value.
	seen := map[whKey]bool{}
	var rowsErr error
	rs, err := m.w.e.App.DB.Query(ctxBG, "SELECT goods_id, location_id, qty, amount FROM stock_balances WHERE sku_id = 0 AND batch = ''")
	if err != nil {
		m.fatalf("balances: %v", err)
	}
	type bal struct {
		k    whKey
		q, v int64
	}
	var bals []bal
	for rs.Next() {
		var b bal
		if rowsErr = rs.Scan(&b.k.goods, &b.k.loc, &b.q, &b.v); rowsErr != nil {
			break
		}
		bals = append(bals, b)
	}
	rs.Close()
	if rowsErr != nil {
		m.fatalf("balances: %v", rowsErr)
	}
	for _, b := range bals {
		seen[b.k] = true
		s := states[b.k]
		if s == nil {
			s = &whState{}
		}
		if b.q != s.q || b.v != s.v {
			m.fatalf("balance %v: stored %s worth %s, the replay %s worth %s", b.k, mstr(b.q), mstr(b.v), mstr(s.q), mstr(s.v))
		}
		if b.q == 0 && b.v != 0 {
			m.fatalf("balance %v: nothing on hand worth %s", b.k, mstr(b.v))
		}
	}
	for k, s := range states {
		if !seen[k] && (s.q != 0 || s.v != 0) {
			m.fatalf("balance %v: none stored, the replay %s worth %s", k, mstr(s.q), mstr(s.v))
		}
	}
}

// dump logs the stored ledger (to find where it and the model part).
func (m *whModel) dump() {
	for _, id := range m.order {
		d := m.docs[id]
		if d == nil {
			continue
		}
		if d.checked && m.w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id = ?", d.id) != len(d.moves) {
			m.t.Logf("bill %d: moves stored %d, the model %d: %v", d.id, m.w.e.Count("SELECT COUNT(*) FROM stock_moves WHERE bill_id = ?", d.id), len(d.moves), d.body)
		}
		if n := m.w.e.Count("SELECT COUNT(*) FROM bill_entries WHERE bill_id = ?", d.id); n != d.moves[len(d.moves)-1].line+1 {
			m.t.Logf("bill %d: %d entries stored, the model %d: %v", d.id, n, d.moves[len(d.moves)-1].line+1, d.body)
		}
	}
	rows, err := m.w.e.App.DB.Query(ctxBG, "SELECT id, goods_id, location_id, move_date, qty, amount, role, kind, COALESCE(bill_id, 0), COALESCE(entry_id, 0) FROM stock_moves ORDER BY goods_id, location_id, move_date, id")
	if err != nil {
		m.fatalf("dump: %v", err)
	}
	defer rows.Close()
	run := map[whKey]int64{}
	for rows.Next() {
		var id, g, l, q, a, role, b, e int64
		var date, kind string
		rows.Scan(&id, &g, &l, &date, &q, &a, &role, &kind, &b, &e)
		k := whKey{g, l}
		run[k] += q
		seq := int64(0)
		if d := m.docs[b]; d != nil {
			seq = d.seq
		}
		m.t.Logf("%v %s id %d %s bill %d seq %d entry %d role %d: %s × %s → %s", k, date, id, kind, b, seq, e, role, mstr(q), mstr(a), mstr(run[k]))
	}
}
