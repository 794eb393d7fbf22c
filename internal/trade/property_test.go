package trade_test

import (
	"encoding/json"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"
)

// TestDocumentProperty drives thousands of random operations through the
// HTTP API (purchase receipts, sales, purchase and sales returns with and
// without source documents; back-dated; save, edit with version, delete,
// audit, un-audit, save-and-audit; paid-now amounts over two accounts)
// while keeping its own model of what it did. The model predicts every
// refusal (shortfall, over-return, over-payment, stale version, blocked
// un-audit or delete); a refused operation must change nothing. Every few
// steps the invariants of docs/architecture.md §4 are checked against the model:
// balances = ledger, zero quantity has zero value, every line's cost = an
// independent replay, contact and account balances = their documents,
// drafts never move stock. One step in five works on purchase and sales
// orders, and receipts and deliveries are often made from them
// (property_order_test.go): every order's status and every line's
// fulfilled and remaining figures are checked too. Free lines now and then
// name goods with serial numbers or batches (property_track_test.go): each
// serial's place and history and each batch's balance are checked against
// the model, and serial refusals are predicted. CANGSHU_SEED reproduces
// a run, CANGSHU_STEPS sets its length.
func TestDocumentProperty(t *testing.T) {
	t.Parallel()
	seed := time.Now().UnixNano() % 100000
	if s, err := strconv.ParseInt(os.Getenv("CANGSHU_SEED"), 10, 64); err == nil {
		seed = s
	}
	steps := 1200
	if s, err := strconv.Atoi(os.Getenv("CANGSHU_STEPS")); err == nil {
		steps = s
	}
	for _, method := range []string{"movingAverage", "fifo"} {
		t.Run(method, func(t *testing.T) {
			t.Parallel()
			t.Logf("seed %d, %d steps (CANGSHU_SEED=%d reproduces)", seed, steps, seed)
			m := newModel(t, method, seed)
			start := time.Now()
			for step := range steps {
				m.step = step
				m.randomOp()
				if step%50 == 49 {
					m.checkInvariants()
					m.checkOrders(false)
					m.checkTrack()
				}
			}
			m.checkInvariants()
			m.checkDocuments()
			m.checkOrders(true)
			m.checkTrack()
			t.Logf("%d steps in %s: %v; %d documents (%d audited), %d orders, %d lines linked to orders, %d moves", steps,
				time.Since(start).Round(time.Millisecond), m.stats, len(m.docs), m.audited(), len(m.ords),
				m.w.e.Count("SELECT COUNT(*) FROM bill_entries WHERE src_order_entry_id IS NOT NULL"), m.w.e.Count("SELECT COUNT(*) FROM stock_moves"))
		})
	}
}

// --- the model ---

type pkind struct {
	name        string
	stock       int // +1 in, −1 out
	debt, cash  int // signs on the contact's balance and on accounts
	returnOf    string
	customer    bool
	showCost    bool
	costIsGiven bool // purchase receipts: the line amount less its share of the document discount is the cost
}

var pkinds = []*pkind{
	{name: "purchase", stock: 1, debt: 1, cash: -1, costIsGiven: true},
	{name: "rePurchase", stock: -1, debt: -1, cash: 1, returnOf: "purchase", showCost: true},
	{name: "sales", stock: -1, debt: 1, cash: 1, customer: true, showCost: true},
	{name: "reSales", stock: 1, debt: -1, cash: -1, returnOf: "sales", customer: true, showCost: true},
}

type pkey struct {
	goods, sku, loc int64
	batch           string // batch-managed goods (property_track_test.go)
}

type pline struct {
	key    pkey
	base   int64 // base quantity, micros
	amount int64 // line amount net of tax, micros
	cost   int64 // purchase receipts: amount − share of the document discount, micros
	src    int64 // source entry id
	ord    int64 // the order and order line it fulfils (receipts, deliveries)
	oent   int64
	entry  int64 // entry id once saved
	given  int64 // the cost fixed at audit (returns from a source), micros
	fixed  bool
	// Serial goods: the serials the line names (property_track_test.go).
	serials []string
}

type pdoc struct {
	id      int64
	k       *pkind
	checked bool
	version int64
	date    string
	contact int64
	src     int64
	lines   []*pline
	pays    map[int64]int64
	arrears int64
	seq     int64 // audit order (ledger order within a date)
}

// draft is a generated body with what the model expects of it.
type draft struct {
	body    map[string]any
	contact int64
	src     int64
	lines   []*pline
	pays    map[int64]int64
	arrears int64
	refuse  string // the message fragment of an expected refusal at save ("" = accepted)
}

type model struct {
	t      *testing.T
	w      *world
	r      *rand.Rand
	fifo   bool
	tax    bool
	step   int
	seq    int64
	docs   map[int64]*pdoc
	order  []int64 // doc ids in creation order (deterministic picks)
	goods  []pgoods
	locs   []int64
	negLoc int64
	conts  map[int64]int64 // contact → opening amount − opening advance (micros)
	suppl  []int64
	custs  []int64
	accts  map[int64]int64 // account → opening balance
	acctID []int64
	stats  map[string]int
	// Purchase and sales orders (property_order_test.go).
	ords   map[int64]*porder
	ordIDs []int64        // order ids in creation order
	overOK bool           // allowOverFulfil
	dirty  map[int64]bool // orders to read back at the next check
	// Serial numbers and batches (property_track_test.go).
	trk *ptrack
}

type pgoods struct {
	goods, sku int64
	box        bool // the goods has the 瓶/箱 group
}

func newModel(t *testing.T, method string, seed int64) *model {
	w := newWorld(t)
	e := w.e
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	blue := ins("INSERT INTO goods_skus (goods_id, assist_ids, name, created_at) VALUES (?, '2', '蓝', ?)", w.cola, now)
	group := e.ID("SELECT unit_type_id FROM units WHERE id = ?", w.bottle)
	fanta := ins("INSERT INTO goods (number, name, unit_type_id, unit_id, created_at, updated_at) VALUES ('SP003', '芬达', ?, ?, ?, ?)", group, w.bottle, now, now)
	store := ins("INSERT INTO locations (number, name, allow_negative, created_at, updated_at) VALUES ('CK004', '门店', 1, ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", w.shop, store)
	sup2 := ins("INSERT INTO contacts (type, number, name, search, opening_amount, opening_advance, created_at, updated_at) VALUES (10, 'GY002', '华南食品', 'hnsp', 100000000, 20000000, ?, ?)", now, now)
	cus2 := ins("INSERT INTO contacts (type, number, name, search, opening_advance, created_at, updated_at) VALUES (-10, 'KH002', '李四商行', 'lssh', 30500000, ?, ?)", now, now)
	bank := ins("INSERT INTO settle_accounts (number, name, opening_balance, created_at, updated_at) VALUES ('ZH002', '银行', 500000000, ?, ?)", now, now)
	m := &model{t: t, w: w, r: rand.New(rand.NewSource(seed)), fifo: method == "fifo", docs: map[int64]*pdoc{},
		goods: []pgoods{{w.cola, 0, true}, {w.cola, w.colaRed, true}, {w.cola, blue, true}, {w.sprite, 0, false}, {fanta, 0, true}},
		locs:  []int64{w.main, w.branch, store}, negLoc: store,
		conts: map[int64]int64{w.supplier: 0, sup2: 80000000, w.customer: 50000000, cus2: -30500000},
		suppl: []int64{w.supplier, sup2}, custs: []int64{w.customer, cus2},
		accts: map[int64]int64{w.cash: 1000000000, bank: 500000000}, acctID: []int64{w.cash, bank},
		stats: map[string]int{}, ords: map[int64]*porder{}, dirty: map[int64]bool{}}
	// Moving average runs with tax off; FIFO with tax-inclusive prices.
	if m.fifo {
		m.tax = true
		w.params(map[string]any{"valMethods": "fifo", "taxRequiredCheck": 1, "taxRequiredInput": 13, "invPriceIsTax": 1})
	} else {
		w.params(map[string]any{"valMethods": "movingAverage", "taxRequiredCheck": 0})
	}
	m.setupTrack()
	return m
}

func (m *model) audited() int {
	n := 0
	for _, d := range m.docs {
		if d.checked {
			n++
		}
	}
	return n
}

func (m *model) fatalf(format string, args ...any) {
	m.t.Helper()
	m.t.Fatalf("step %d: "+format, append([]any{m.step}, args...)...)
}

// pick is a random document satisfying ok, or nil.
func (m *model) pick(ok func(*pdoc) bool) *pdoc {
	var c []*pdoc
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

func (m *model) randomOp() {
	if m.r.Intn(100) < 20 {
		m.randomOrderOp()
		return
	}
	r := m.r.Intn(100)
	switch {
	case r < 30:
		m.opSave(m.randomKind(), true)
	case r < 45:
		m.opSave(m.randomKind(), false)
	case r < 55:
		m.opUpdate()
	case r < 70:
		m.opAudit()
	case r < 88:
		m.opUnaudit()
	case r < 96:
		m.opDelete()
	default:
		m.opWrongState()
	}
}

func (m *model) randomKind() *pkind {
	switch r := m.r.Intn(20); {
	case r < 7:
		return pkinds[0]
	case r < 14:
		return pkinds[2]
	case r < 17:
		return pkinds[1]
	default:
		return pkinds[3]
	}
}

// --- figures, computed independently with exact rationals ---

func rat(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(s)
	}
	return r
}

// round2 rounds half away from zero to 2 places (amountPlaces).
func round2(x *big.Rat) *big.Rat {
	n := new(big.Rat).Mul(x, big.NewRat(100, 1))
	neg := n.Sign() < 0
	n.Abs(n)
	q, rem := new(big.Int).QuoRem(n.Num(), n.Denom(), new(big.Int))
	if new(big.Int).Lsh(rem, 1).Cmp(n.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return new(big.Rat).SetFrac(q, big.NewInt(100))
}

func micros(x *big.Rat) int64 {
	n := new(big.Rat).Mul(x, big.NewRat(1_000_000, 1))
	if !n.IsInt() {
		panic(x.String())
	}
	return n.Num().Int64()
}

func mstr(v int64) string { return new(big.Rat).SetFrac64(v, 1_000_000).FloatString(2) }

// figures are a line's amount net of tax and its total (with tax when on).
func (m *model) figures(qty, price, disc, taxRate *big.Rat) (amount, total *big.Rat) {
	gross := new(big.Rat).Mul(qty, price)
	ded := round2(new(big.Rat).Quo(new(big.Rat).Mul(gross, disc), big.NewRat(100, 1)))
	if !m.tax {
		a := new(big.Rat).Sub(round2(gross), ded)
		return a, a
	}
	taxAmount := new(big.Rat).Sub(round2(gross), ded)
	amount = round2(new(big.Rat).Quo(new(big.Rat).Mul(taxAmount, big.NewRat(100, 1)), new(big.Rat).Add(big.NewRat(100, 1), taxRate)))
	return amount, taxAmount
}

func (m *model) date() string {
	return time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, m.r.Intn(90)).Format("2006-01-02")
}

// left is what a source line still has to return: its base quantity less
// the audited returns of it (other than self).
func (m *model) left(srcEntry, self int64) int64 {
	var base int64
	for _, d := range m.docs {
		for _, l := range d.lines {
			if l.entry == srcEntry {
				base += l.base
			} else if l.src == srcEntry && d.checked && d.id != self {
				base -= l.base
			}
		}
	}
	return base
}

// gen makes a random body of kind k; self is the document being edited.
func (m *model) gen(k *pkind, self int64) draft {
	var dr draft
	m.trk.used = map[string]bool{}
	conts := m.suppl
	if k.customer {
		conts = m.custs
	}
	dr.contact = conts[m.r.Intn(2)]
	var es []gentry
	var src *pdoc
	if k.returnOf != "" && m.r.Intn(10) < 6 {
		src = m.pick(func(d *pdoc) bool { return d.k.name == k.returnOf && d.checked })
	}
	over := false
	if src != nil {
		dr.src, dr.contact = src.id, src.contact
		for _, sl := range src.lines {
			if sl.key.goods == m.trk.ser {
				continue // serials come back on free lines
			}
			if m.r.Intn(3) == 0 && len(es) > 0 {
				continue
			}
			left := m.left(sl.entry, self)
			var q int64
			switch r := m.r.Intn(10); {
			case r == 0:
				q = left + 1_000_000 // one more than is left: refused
				over = true
			case left <= 0:
				continue
			case r < 4:
				q = left
			default:
				q = min(left, int64(1+m.r.Intn(3))*500_000)
			}
			qs := new(big.Rat).SetFrac64(q, 1_000_000)
			e := gentry{qty: qs, price: rat(fmt.Sprintf("%d.%02d", m.r.Intn(30), m.r.Intn(100))), disc: new(big.Rat), taxRt: big.NewRat(13, 1),
				l: &pline{key: sl.key, base: q, src: sl.entry}}
			e.body = line{"invId": sl.key.goods, "skuId": sl.key.sku, "locationId": sl.key.loc, "qty": json.Number(qs.FloatString(2)),
				"price": json.Number(e.price.FloatString(2)), "srcEntryId": sl.entry}
			if sl.key.batch != "" {
				e.body["batch"] = sl.key.batch
			}
			es = append(es, e)
		}
		if len(es) == 0 {
			src, dr.src = nil, 0
		}
	}
	var hdr int64 // the order the header names
	if src == nil && k.returnOf == "" && m.r.Intn(100) < 40 {
		// A receipt or delivery made from an order (now and then with a
		// line of its own too).
		if es, hdr = m.fromOrder(k, &dr); len(es) > 0 && m.r.Intn(5) == 0 {
			es = append(es, m.freeLine(k))
		}
	}
	if src == nil && len(es) == 0 {
		for range 1 + m.r.Intn(3) {
			es = append(es, m.freeLine(k))
		}
	}
	total := new(big.Rat)
	var bodies []map[string]any
	for _, e := range es {
		amount, t := m.figures(e.qty, e.price, e.disc, e.taxRt)
		e.l.amount = micros(amount)
		total.Add(total, t)
		bodies = append(bodies, e.body)
		dr.lines = append(dr.lines, e.l)
	}
	dr.body = map[string]any{"date": m.date(), "buId": dr.contact, "entries": bodies}
	if dr.src != 0 {
		dr.body["srcBillId"] = dr.src
	}
	if hdr != 0 {
		dr.body["srcOrderId"] = hdr
	}
	disRate := rat([]string{"0", "0", "0", "3", "7.5"}[m.r.Intn(5)])
	dr.body["disRate"] = json.Number(disRate.FloatString(2))
	disAmount := micros(round2(new(big.Rat).Quo(new(big.Rat).Mul(total, disRate), big.NewRat(100, 1))))
	amount := micros(total) - disAmount
	if k.costIsGiven {
		allocate(dr.lines, disAmount, micros(total))
	}
	// Paid now: nothing, part or all, over one or both accounts; now and
	// then a cent more than the document's amount (refused).
	dr.pays = map[int64]int64{}
	var accts []map[string]any
	paid := int64(0)
	switch r := m.r.Intn(20); {
	case r < 6:
	case r == 6 && !over:
		dr.pays[m.acctID[0]] = amount + 10_000
		dr.refuse = "不能超过单据金额"
	default:
		pay := amount
		if r < 14 {
			pay = amount * int64(m.r.Intn(101)) / 100 / 10_000 * 10_000
		}
		first := pay
		if m.r.Intn(2) == 0 {
			first = pay / 2 / 10_000 * 10_000
		}
		dr.pays[m.acctID[0]] = first
		if pay-first > 0 {
			dr.pays[m.acctID[1]] = pay - first
		}
	}
	for _, id := range m.acctID {
		if p, ok := dr.pays[id]; ok {
			accts = append(accts, map[string]any{"accId": id, "payment": json.Number(mstr(p))})
			paid += p
		}
	}
	if len(accts) > 0 {
		dr.body["accounts"] = accts
	}
	dr.arrears = amount - paid
	if over {
		dr.refuse = "最多还可退"
	}
	return dr
}

// gentry is a generated line: its body, its figures and the model's line.
type gentry struct {
	body        map[string]any
	qty, price  *big.Rat
	disc, taxRt *big.Rat
	l           *pline
}

// freeLine is a line of no source: random goods, SKU, warehouse, unit
// (now and then the box of the 瓶/箱 group), quantity, price, discount and
// (with tax on) rate.
func (m *model) freeLine(k *pkind) gentry {
	if m.r.Intn(10) < 3 {
		return m.trackLine(k) // serial or batch goods
	}
	g := m.goods[m.r.Intn(len(m.goods))]
	loc := m.locs[m.r.Intn(len(m.locs))]
	if m.r.Intn(3) > 0 {
		loc = m.locs[m.r.Intn(2)] // mostly the warehouses that refuse negative stock
	}
	qty := rat(fmt.Sprintf("%d%s", 1+m.r.Intn(8), []string{"", ".5", ".25"}[m.r.Intn(3)]))
	rate := big.NewRat(1, 1)
	b := line{"invId": g.goods, "skuId": g.sku, "locationId": loc}
	if g.box && m.r.Intn(5) == 0 {
		qty = rat([]string{"1", "0.5", "2"}[m.r.Intn(3)])
		rate = big.NewRat(12, 1)
		b["unitId"] = m.w.box
	}
	e := gentry{body: b, qty: qty, price: rat(fmt.Sprintf("%d.%02d", m.r.Intn(30), m.r.Intn(100))),
		disc: rat([]string{"0", "0", "5", "12.5"}[m.r.Intn(4)]), taxRt: big.NewRat(13, 1)}
	b["qty"], b["price"], b["discountRate"] = json.Number(qty.FloatString(2)), json.Number(e.price.FloatString(2)), json.Number(e.disc.FloatString(2))
	m.taxed(&e)
	e.l = &pline{key: pkey{g.goods, g.sku, loc, ""}, base: micros(new(big.Rat).Mul(qty, rate))}
	return e
}

// taxed gives a line (with tax on, half the time) a rate of its own.
func (m *model) taxed(e *gentry) {
	if m.tax && m.r.Intn(2) == 0 {
		e.taxRt = rat([]string{"0", "6", "9.5"}[m.r.Intn(3)])
		e.body["taxRate"] = json.Number(e.taxRt.FloatString(2))
	}
}

// allocate sets a receipt's line costs: each line's amount less its share
// of the document discount. Only the net part of the discount lowers costs:
// net = dis × Σ amount / total (total includes tax when on), rounded; it is
// shared in proportion to the line amounts, rounded, the last line with an
// amount taking the remainder; a line of amount 0 gets nothing.
func allocate(lines []*pline, dis, total int64) {
	var sum int64
	last := -1
	for i, l := range lines {
		l.cost = l.amount
		sum += l.amount
		if l.amount > 0 {
			last = i
		}
	}
	if dis == 0 || sum == 0 {
		return
	}
	net := rmulHalf(dis, sum, total, 10_000)
	var shared int64
	for i, l := range lines {
		switch {
		case l.amount == 0:
		case i == last:
			l.cost -= net - shared
		default:
			share := rmulHalf(net, l.amount, sum, 10_000)
			shared += share
			l.cost -= share
		}
	}
}
