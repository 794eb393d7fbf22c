package trade_test

import (
	"encoding/json"
	"fmt"
	"math/big"
)

// Purchase and sales orders in TestDocumentProperty: random orders (draft,
// audit, un-audit, close, open, edit, delete) in several units of the 瓶/箱
// group and on SKUs; receipts and deliveries made from them (in part, in
// full, over what is left: refused unless allowOverFulfil, which the test
// turns on and off; from draft or closed orders, of another contact or
// another SKU than the order line: refused). The model predicts every
// order's header status and every line's fulfilled and remaining figures,
// read back from GET /pending and the list.

type okind struct {
	name, doc string // the order kind and the kind made from it
	customer  bool
}

var okinds = []*okind{{"purOrder", "purchase", false}, {"salesOrder", "sales", true}}

type poline struct {
	entry int64
	key   pkey
	base  int64 // ordered, base unit, micros
	rate  int64 // the line's unit rate, micros
	box   bool  // the goods has the 瓶/箱 group
}

type porder struct {
	id              int64
	k               *okind
	checked, closed bool
	version         int64
	contact         int64
	lines           []*poline
}

func (o *porder) line(entry int64) *poline {
	for _, l := range o.lines {
		if l.entry == entry {
			return l
		}
	}
	return nil
}

// fulfilled is what the audited documents other than self took from an
// order line (base micros).
func (m *model) fulfilled(entry, self int64) int64 {
	var q int64
	for _, d := range m.docs {
		if !d.checked || d.id == self {
			continue
		}
		for _, l := range d.lines {
			if l.oent == entry {
				q += l.base
			}
		}
	}
	return q
}

// status is what the model expects of an order: its header status and
// each line's (0 none, 1 partly, 2 completely; 3 closed).
func (m *model) status(o *porder) (int, []int) {
	var ls []int
	all, some := true, false
	for _, l := range o.lines {
		s := lineStatus(l.base, m.fulfilled(l.entry, 0))
		ls = append(ls, s)
		all = all && s == 2
		some = some || s != 0
	}
	switch {
	case o.closed:
		return 3, ls
	case all:
		return 2, ls
	case some:
		return 1, ls
	}
	return 0, ls
}

func lineStatus(ordered, done int64) int {
	switch {
	case done <= 0:
		return 0
	case done >= ordered:
		return 2
	}
	return 1
}

// orderRefusal predicts why a document's order links fail, at save and at
// audit: "" when they hold. The first failing line is named first.
func (m *model) orderRefusal(d *pdoc) string {
	mine := map[int64]int64{}
	for _, l := range d.lines {
		if l.oent == 0 {
			continue
		}
		o := m.ords[l.ord]
		if o == nil {
			m.fatalf("%s %d names order %d the model does not have", d.k.name, d.id, l.ord)
		}
		ol := o.line(l.oent)
		switch {
		case !o.checked:
			return "不能依据它入库或出库"
		case o.closed:
			return "已关闭"
		case o.contact != d.contact:
			return "往来单位与订单"
		case ol.key.goods != l.key.goods || ol.key.sku != l.key.sku:
			return "源订单商品行"
		}
		left := ol.base - m.fulfilled(l.oent, d.id) - mine[l.oent]
		mine[l.oent] += l.base
		if !m.overOK && l.base > left {
			return "最多还可执行"
		}
	}
	return ""
}

// touch marks the orders a document names for reading back.
func (m *model) touch(d *pdoc) {
	for _, l := range d.lines {
		if l.ord != 0 {
			m.dirty[l.ord] = true
		}
	}
}

func (m *model) pickOrder(ok func(*porder) bool) *porder {
	var c []*porder
	for _, id := range m.ordIDs {
		if o := m.ords[id]; o != nil && ok(o) {
			c = append(c, o)
		}
	}
	if len(c) == 0 {
		return nil
	}
	return c[m.r.Intn(len(c))]
}

// fromOrder makes the lines of a receipt or delivery of kind k from a
// random order of the kind it is made from (mostly an audited, open one),
// sets the draft's contact, and answers the order when the header names it
// (else each line does).
func (m *model) fromOrder(k *pkind, dr *draft) ([]gentry, int64) {
	o := m.pickOrder(func(o *porder) bool { return o.k.doc == k.name && (o.checked && !o.closed || m.r.Intn(10) == 0) })
	if o == nil {
		return nil, 0
	}
	dr.contact = o.contact
	if m.r.Intn(30) == 0 { // another contact: refused
		conts := m.suppl
		if k.customer {
			conts = m.custs
		}
		dr.contact = conts[0] + conts[1] - o.contact
	}
	header := m.r.Intn(2) == 0
	var es []gentry
	for _, ol := range o.lines {
		if m.r.Intn(3) == 0 && len(es) > 0 {
			continue
		}
		left := ol.base - m.fulfilled(ol.entry, 0)
		var q int64
		switch r := m.r.Intn(10); {
		case r == 0:
			q = max(left, 0) + 1_000_000 // one more than is left: refused unless allowed
		case left <= 0 && !m.overOK:
			continue
		case left <= 0:
			q = 500_000
		case r < 4:
			q = left
		default:
			q = min(left, int64(1+m.r.Intn(4))*500_000)
		}
		key := ol.key
		if m.r.Intn(3) == 0 {
			key.loc = m.locs[m.r.Intn(len(m.locs))]
		}
		if m.r.Intn(40) == 0 { // another SKU than the order line's: refused
			for _, g := range m.goods {
				if g.goods == key.goods && g.sku != ol.key.sku {
					key.sku = g.sku
				}
			}
		}
		b := line{"invId": key.goods, "skuId": key.sku, "locationId": key.loc, "srcOrderEntryId": ol.entry}
		if !header || m.r.Intn(4) == 0 {
			b["srcOrderId"] = o.id
		}
		qty := new(big.Rat).SetFrac64(q, 1_000_000)
		if ol.box && q%3_000_000 == 0 && m.r.Intn(2) == 0 {
			qty.Quo(qty, big.NewRat(12, 1)) // in boxes: a multiple of a quarter
			b["unitId"] = m.w.box
		}
		e := gentry{body: b, qty: qty, price: rat(fmt.Sprintf("%d.%02d", m.r.Intn(30), m.r.Intn(100))), disc: new(big.Rat), taxRt: big.NewRat(13, 1),
			l: &pline{key: key, base: q, ord: o.id, oent: ol.entry}}
		b["qty"], b["price"] = json.Number(qty.FloatString(2)), json.Number(e.price.FloatString(2))
		m.taxed(&e)
		es = append(es, e)
	}
	if len(es) == 0 || !header {
		return es, 0
	}
	return es, o.id
}

// genOrder is a random order body: one to three lines of random goods,
// SKU, warehouse, unit (瓶 or 箱) and quantity.
func (m *model) genOrder(k *okind) (map[string]any, int64, []*poline) {
	conts := m.suppl
	if k.customer {
		conts = m.custs
	}
	contact := conts[m.r.Intn(2)]
	var ls []*poline
	var bodies []map[string]any
	for range 1 + m.r.Intn(3) {
		g := m.goods[m.r.Intn(len(m.goods))]
		l := &poline{key: pkey{g.goods, g.sku, m.locs[m.r.Intn(len(m.locs))], ""}, rate: 1_000_000, box: g.box}
		qty := rat(fmt.Sprintf("%d%s", 2+m.r.Intn(15), []string{"", ".5"}[m.r.Intn(2)]))
		b := line{"invId": g.goods, "skuId": g.sku, "locationId": l.key.loc, "qty": json.Number(qty.FloatString(2)),
			"price": json.Number(fmt.Sprintf("%d.%02d", m.r.Intn(30), m.r.Intn(100)))}
		if g.box && m.r.Intn(3) == 0 {
			qty = rat([]string{"1", "1.5", "2", "3"}[m.r.Intn(4)])
			b["qty"], b["unitId"] = json.Number(qty.FloatString(2)), m.w.box
			l.rate = 12_000_000
		}
		l.base = micros(new(big.Rat).Mul(qty, new(big.Rat).SetFrac64(l.rate, 1_000_000)))
		ls = append(ls, l)
		bodies = append(bodies, b)
	}
	body := map[string]any{"date": m.date(), "buId": contact, "entries": bodies}
	if m.r.Intn(2) == 0 {
		body["deliveryDate"] = m.date()
	}
	return body, contact, ls
}

func (m *model) randomOrderOp() {
	switch r := m.r.Intn(100); {
	case r < 22:
		m.opOrderSave(true)
	case r < 32:
		m.opOrderSave(false)
	case r < 40:
		m.opOrderUpdate()
	case r < 50:
		m.opOrderAudit()
	case r < 62:
		m.opOrderUnaudit()
	case r < 70:
		m.opOrderDelete()
	case r < 85:
		m.opOrderClose()
	case r < 97:
		m.opOrderOpen()
	default:
		m.overOK = !m.overOK
		m.w.params(map[string]any{"allowOverFulfil": map[bool]int{false: 0, true: 1}[m.overOK]})
		m.stats[fmt.Sprintf("allowOverFulfil=%v", m.overOK)]++
	}
}

type orderAnswer struct {
	ID         int64 `json:"id"`
	Checked    int   `json:"checked"`
	Version    int64 `json:"version"`
	BillStatus int   `json:"billStatus"`
	Entries    []struct {
		ID int64 `json:"id"`
	} `json:"entries"`
}

// tookOrder reads a saved order's answer into the model.
func (m *model) tookOrder(what string, o *porder, got orderAnswer) {
	m.t.Helper()
	if len(got.Entries) != len(o.lines) {
		m.fatalf("%s: %d lines, want %d", what, len(got.Entries), len(o.lines))
	}
	for i, e := range got.Entries {
		o.lines[i].entry = e.ID
	}
	if (got.Checked == 1) != o.checked || got.BillStatus != 0 {
		m.fatalf("%s: checked %d status %d, want %v 0", what, got.Checked, got.BillStatus, o.checked)
	}
	o.id, o.version = got.ID, got.Version
	m.dirty[o.id] = true
}

func (m *model) opOrderSave(check bool) {
	k := okinds[m.r.Intn(2)]
	body, contact, ls := m.genOrder(k)
	path := "/api/" + k.name + "/add"
	if check {
		path += "?check=1"
	}
	what := fmt.Sprintf("add %s check=%v", k.name, check)
	r := m.w.admin.Do("POST", path, body)
	if r.Status != 200 {
		m.fatalf("%s: %d %s", what, r.Status, r.Body)
	}
	var got orderAnswer
	r.Decode(&got)
	o := &porder{k: k, checked: check, contact: contact, lines: ls}
	m.tookOrder(what, o, got)
	if wantV := map[bool]int64{false: 1, true: 2}[check]; o.version != wantV { // the save, and the audit when asked
		m.fatalf("%s: version %d, want %d", what, o.version, wantV)
	}
	m.ords[o.id] = o
	m.ordIDs = append(m.ordIDs, o.id)
	m.stats[what]++
}

// linked tells whether a document (audited only: auditedOnly) names o.
func (m *model) linked(o *porder, auditedOnly bool) bool {
	for _, d := range m.docs {
		if d.checked || !auditedOnly {
			for _, l := range d.lines {
				if l.ord == o.id {
					return true
				}
			}
		}
	}
	return false
}

func (m *model) opOrderUpdate() {
	o := m.pickOrder(func(o *porder) bool { return !o.checked || m.r.Intn(10) == 0 })
	if o == nil {
		return
	}
	body, contact, ls := m.genOrder(o.k)
	check := m.r.Intn(3) == 0
	body["id"], body["version"] = o.id, o.version
	want := ""
	switch {
	case o.checked:
		want = "已审核，不能修改"
	case m.r.Intn(12) == 0:
		body["version"] = o.version - 1
		want = "已被他人修改"
	case m.linked(o, false):
		want = "依据本单生成"
	}
	path := "/api/" + o.k.name + "/update"
	if check {
		path += "?check=1"
	}
	what := fmt.Sprintf("update %s %d check=%v", o.k.name, o.id, check)
	m.dirty[o.id] = true
	before := ""
	if want != "" {
		before = m.fingerprint()
	}
	r := m.w.admin.Do("POST", path, body)
	if want != "" {
		if r.Status != 400 && r.Status != 409 {
			m.fatalf("%s: %d %s, want a refusal %q", what, r.Status, r.Body, want)
		}
		m.refused(what, r.Env.Msg+fmt.Sprint(r.Env.Errors), want, before)
		return
	}
	if r.Status != 200 {
		m.fatalf("%s: %d %s", what, r.Status, r.Body)
	}
	var got orderAnswer
	r.Decode(&got)
	wantV := o.version + 1
	if check {
		wantV++
	}
	no := &porder{k: o.k, checked: check, contact: contact, lines: ls}
	m.tookOrder(what, no, got)
	if no.id != o.id || no.version != wantV {
		m.fatalf("%s: id %d version %d, want %d %d", what, no.id, no.version, o.id, wantV)
	}
	m.ords[o.id] = no
	m.stats["update "+o.k.name]++
}

// orderLifecycle runs a batch route on order o and, when it went through,
// ok on the model.
func (m *model) orderLifecycle(op string, o *porder, method, want string, ok func()) {
	m.dirty[o.id] = true
	m.lifecycle(fmt.Sprintf("%s %s %d", op, o.k.name, o.id), method, fmt.Sprintf("/api/%s/%s?id=%d", o.k.name, op, o.id), want, ok)
}

func (m *model) opOrderAudit() {
	o := m.pickOrder(func(o *porder) bool { return !o.checked || m.r.Intn(10) == 0 })
	if o == nil {
		return
	}
	want := ""
	if o.checked {
		want = "已经审核"
	}
	m.orderLifecycle("check", o, "POST", want, func() { o.checked, o.version = true, o.version+1 })
}

func (m *model) opOrderUnaudit() {
	o := m.pickOrder(func(o *porder) bool { return o.checked || m.r.Intn(10) == 0 })
	if o == nil {
		return
	}
	want := ""
	switch {
	case !o.checked:
		want = "尚未审核"
	case o.closed:
		want = "已关闭"
	case m.linked(o, true):
		want = "依据本单生成"
	}
	m.orderLifecycle("uncheck", o, "POST", want, func() { o.checked, o.version = false, o.version+1 })
}

func (m *model) opOrderDelete() {
	o := m.pickOrder(func(o *porder) bool { return !o.checked || m.r.Intn(8) == 0 })
	if o == nil {
		return
	}
	want := ""
	switch {
	case o.checked:
		want = "已审核，不能删除"
	case m.linked(o, false):
		want = "依据本单生成"
	}
	m.orderLifecycle("delete", o, "DELETE", want, func() {
		delete(m.ords, o.id)
		delete(m.dirty, o.id)
	})
}

func (m *model) opOrderClose() {
	o := m.pickOrder(func(o *porder) bool { return o.checked && !o.closed || m.r.Intn(6) == 0 })
	if o == nil {
		return
	}
	want := ""
	switch {
	case !o.checked:
		want = "尚未审核"
	case o.closed:
		want = "已关闭"
	}
	m.orderLifecycle("close", o, "POST", want, func() { o.closed, o.version = true, o.version+1 })
}

func (m *model) opOrderOpen() {
	o := m.pickOrder(func(o *porder) bool { return o.closed || m.r.Intn(6) == 0 })
	if o == nil {
		return
	}
	want := ""
	switch {
	case !o.checked:
		want = "尚未审核"
	case !o.closed:
		want = "未关闭"
	}
	m.orderLifecycle("open", o, "POST", want, func() { o.closed, o.version = false, o.version+1 })
}

// inUnit is a base quantity in a unit of rate (micros), rounded half away
// from zero to 6 places, as pending shows it.
func inUnit(base, rate int64) int64 {
	if rate == 1_000_000 {
		return base
	}
	return rmulHalf(base, 1_000_000, rate, 1)
}

type pendingAnswer struct {
	ID         int64 `json:"id"`
	Checked    int   `json:"checked"`
	BillStatus int   `json:"billStatus"`
	Entries    []struct {
		SrcOrderID       int64       `json:"srcOrderId"`
		SrcOrderEntryID  int64       `json:"srcOrderEntryId"`
		BaseQty          json.Number `json:"baseQty"`
		FulfilledQty     json.Number `json:"fulfilledQty"`
		FulfilledBaseQty json.Number `json:"fulfilledBaseQty"`
		RemainingQty     json.Number `json:"remainingQty"`
		RemainingBaseQty json.Number `json:"remainingBaseQty"`
		Status           int         `json:"status"`
	} `json:"entries"`
}

// checkOrders compares every order's header (checked, version, status)
// in the lists with the model, and GET /pending line by line of every
// order (all) or of at most 8 orders touched since they were last read,
// newest first (what PostgreSQL's time allows).
func (m *model) checkOrders(all bool) {
	m.t.Helper()
	seen := map[int64]bool{}
	for _, k := range okinds {
		var l struct {
			Records int           `json:"records"`
			Rows    []orderAnswer `json:"rows"`
		}
		m.w.admin.Do("GET", "/api/"+k.name+"/list?rows=10000", nil).Want(200).Decode(&l)
		for _, r := range l.Rows {
			o := m.ords[r.ID]
			if o == nil || o.k != k {
				m.fatalf("%s list: order %d the model does not have", k.name, r.ID)
			}
			seen[r.ID] = true
			if s, _ := m.status(o); r.BillStatus != s || (r.Checked == 1) != o.checked || r.Version != o.version {
				m.fatalf("%s %d: status %d checked %d version %d; model %d %v %d", k.name, o.id, r.BillStatus, r.Checked, r.Version, s, o.checked, o.version)
			}
		}
	}
	if len(seen) != len(m.ords) {
		m.fatalf("the lists have %d orders, the model %d", len(seen), len(m.ords))
	}
	read := 0
	for i := len(m.ordIDs) - 1; i >= 0 && (all || read < 8); i-- {
		id := m.ordIDs[i]
		o := m.ords[id]
		if o == nil || !all && !m.dirty[id] {
			continue
		}
		read++
		delete(m.dirty, id)
		var p pendingAnswer
		m.w.admin.Do("GET", fmt.Sprintf("/api/%s/pending?id=%d", o.k.name, o.id), nil).Want(200).Decode(&p)
		s, ls := m.status(o)
		if p.ID != o.id || p.BillStatus != s || (p.Checked == 1) != o.checked || len(p.Entries) != len(o.lines) {
			m.fatalf("pending %s %d: status %d checked %d, %d lines; model %d %v %d", o.k.name, o.id, p.BillStatus, p.Checked, len(p.Entries), s, o.checked, len(o.lines))
		}
		for i, e := range p.Entries {
			l := o.lines[i]
			f := m.fulfilled(l.entry, 0)
			rem := max(l.base-f, 0)
			got := [5]int64{mustMicros(e.BaseQty.String()), mustMicros(e.FulfilledBaseQty.String()), mustMicros(e.RemainingBaseQty.String()),
				mustMicros(e.FulfilledQty.String()), mustMicros(e.RemainingQty.String())}
			want := [5]int64{l.base, f, rem, inUnit(f, l.rate), inUnit(rem, l.rate)}
			if e.SrcOrderID != o.id || e.SrcOrderEntryID != l.entry || got != want || e.Status != ls[i] {
				m.fatalf("pending %s %d line %d (entry %d): base, fulfilled, remaining, in the unit %v status %d; model %v %d",
					o.k.name, o.id, i, l.entry, got, e.Status, want, ls[i])
			}
		}
		m.stats["pending checked"]++
	}
}
