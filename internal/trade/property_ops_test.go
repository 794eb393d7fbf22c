package trade_test

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/apptest"
)

// The operations of TestDocumentProperty: each predicts its outcome from
// the model, calls the API, and compares.

// fingerprint is everything the document and stock engines write (one
// round trip: it is taken before every predicted refusal).
func (m *model) fingerprint() string {
	qs := []string{
		"COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(version), 0), COALESCE(SUM(checked), 0), COALESCE(SUM(arrears), 0) FROM bills",
		"COUNT(*), COALESCE(SUM(bill_status), 0), COALESCE(SUM(bill_status * id), 0), 0, 0 FROM bills",
		"COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(base_qty), 0), COALESCE(SUM(amount), 0), 0 FROM bill_entries",
		"COUNT(src_order_entry_id), COALESCE(SUM(src_order_entry_id), 0), COALESCE(SUM(src_order_id), 0), 0, 0 FROM bill_entries",
		"COUNT(*), COALESCE(SUM(payment), 0), 0, 0, 0 FROM bill_accounts",
		"COUNT(*), COALESCE(SUM(last_seq), 0), 0, 0, 0 FROM bill_sequences",
		"COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), 0 FROM stock_moves",
		"COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(last_cost), 0), 0 FROM stock_balances",
		"COUNT(*), COALESCE(SUM(qty), 0), COALESCE(SUM(amount), 0), COALESCE(SUM(move_id), 0), 0 FROM stock_layers",
		"COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(in_stock), 0), COALESCE(SUM(location_id), 0), COALESCE(SUM(last_bill_id), 0) FROM serials",
		"COUNT(*), COALESCE(SUM(id), 0), COALESCE(SUM(direction), 0), COALESCE(SUM(bill_id), 0), COALESCE(SUM(serial_id), 0) FROM serial_moves",
		"COUNT(*), COALESCE(SUM(entry_id), 0), COALESCE(SUM(pos), 0), 0, 0 FROM bill_entry_serials",
	}
	for i, q := range qs {
		qs[i] = fmt.Sprintf("SELECT %d AS k, %s", i, q)
	}
	var sb strings.Builder
	n := 0
	m.rows(strings.Join(qs, " UNION ALL ")+" ORDER BY k", nil, func(r *sql.Rows) error {
		var k int
		var v [5]int64
		n++
		if err := r.Scan(&k, &v[0], &v[1], &v[2], &v[3], &v[4]); err != nil {
			return err
		}
		fmt.Fprint(&sb, k, v, " ")
		return nil
	})
	if n != len(qs) {
		m.fatalf("fingerprint: %d rows", n)
	}
	return sb.String()
}

// refused checks a refusal: the message has want and nothing changed.
func (m *model) refused(what, msg, want, before string) {
	m.t.Helper()
	if !strings.Contains(msg, want) {
		m.fatalf("%s: refused with %q, want %q", what, msg, want)
	}
	if after := m.fingerprint(); after != before {
		m.fatalf("%s: a refused operation changed something:\n%s\n%s", what, before, after)
	}
	m.stats["refused "+want]++
}

// auditRefusal predicts why auditing d (with the model as it is) fails: ""
// when it goes through.
func (m *model) auditRefusal(d *pdoc) string {
	if d.src != 0 {
		mine := map[int64]int64{}
		for _, l := range d.lines {
			if l.src == 0 {
				continue
			}
			if l.base > m.left(l.src, d.id)-mine[l.src] {
				return "最多还可退"
			}
			mine[l.src] += l.base
		}
		if s := m.docs[d.src]; s == nil || !s.checked {
			return "源单尚未审核"
		}
	}
	if w := m.orderRefusal(d); w != "" {
		return w
	}
	if w := m.serialRefusal(d); w != "" {
		return w
	}
	if m.short(d, nil) {
		return "库存不足"
	}
	return ""
}

// short tells whether adding (audit) or removing (un-audit) a document's
// moves leaves a running quantity below zero anywhere in a warehouse that
// refuses negative stock.
func (m *model) short(add, remove *pdoc) bool {
	change := add
	if change == nil {
		change = remove
	}
	keys := map[pkey]bool{}
	for _, l := range change.lines {
		if l.key.loc != m.negLoc {
			keys[l.key] = true
		}
	}
	for k := range keys {
		type pt struct {
			date string
			seq  int64
			qty  int64
		}
		var pts []pt
		all := make([]*pdoc, 0, len(m.docs)+1)
		for _, d := range m.docs {
			if d.checked && d != remove && (add == nil || d.id != add.id) {
				all = append(all, d)
			}
		}
		if add != nil {
			all = append(all, add)
		}
		for _, d := range all {
			seq := d.seq
			if d == add {
				seq = m.seq + 1
			}
			for _, l := range d.lines {
				if l.key == k {
					pts = append(pts, pt{d.date, seq, l.base * int64(d.k.stock)})
				}
			}
		}
		slices.SortStableFunc(pts, func(a, b pt) int {
			if c := strings.Compare(a.date, b.date); c != 0 {
				return c
			}
			return int(a.seq - b.seq)
		})
		run := int64(0)
		for _, p := range pts {
			if run += p.qty; run < 0 {
				return true
			}
		}
	}
	return false
}

// posted records d as audited now: its place in the ledger and, for a
// sales return from a source, the cost it comes back at (the source line's
// cost now, in proportion).
func (m *model) posted(d *pdoc) {
	if d.k.name == "reSales" && d.src != 0 {
		costs, _ := m.replay()
		for _, l := range d.lines {
			if l.src == 0 {
				continue
			}
			var srcBase int64
			for _, sl := range m.docs[d.src].lines {
				if sl.entry == l.src {
					srcBase = sl.base
				}
			}
			c := -costs[l.src]
			if l.base == srcBase {
				l.given = c
			} else {
				l.given = rmulHalf(c, l.base, srcBase, 10_000)
			}
			l.fixed = true
		}
	}
	m.postSerials(d)
	m.seq++
	d.seq, d.checked = m.seq, true
	d.version++
}

type savedDoc struct {
	Doc
	Accounts []struct {
		AccID int64 `json:"accId"`
	} `json:"accounts"`
}

// opSave adds a document as a draft or with save-and-audit.
func (m *model) opSave(k *pkind, check bool) {
	dr := m.gen(k, 0)
	path := "/api/" + k.name + "/add"
	if check {
		path += "?check=1"
	}
	d := &pdoc{k: k, date: dr.body["date"].(string), contact: dr.contact, src: dr.src, lines: dr.lines, pays: dr.pays, arrears: dr.arrears}
	want := dr.refuse
	if want == "" && dr.src != 0 {
		// Saving checks what is left to return too.
		want = m.auditRefusal(d)
		if want == "库存不足" {
			want = ""
		}
	}
	if want == "" {
		// And the order lines it is made from.
		want = m.orderRefusal(d)
	}
	m.touch(d)
	if want == "" && check {
		want = m.auditRefusal(d)
	}
	before := ""
	if want != "" {
		before = m.fingerprint()
	}
	r := m.w.admin.Do("POST", path, dr.body)
	what := fmt.Sprintf("add %s check=%v", k.name, check)
	if want != "" {
		if r.Status != 400 {
			m.fatalf("%s: %d %s, want a refusal %q", what, r.Status, r.Body, want)
		}
		m.refused(what, r.Env.Msg+fmt.Sprint(r.Env.Errors), want, before)
		return
	}
	if r.Status != 200 {
		m.fatalf("%s: %d %s", what, r.Status, r.Body)
	}
	var got savedDoc
	r.Decode(&got)
	m.took(what, d, got.Doc, check)
	m.docs[d.id] = d
	m.order = append(m.order, d.id)
	m.stats[what]++
}

// took reads a saved document's answer into the model and checks it.
func (m *model) took(what string, d *pdoc, got Doc, check bool) {
	m.t.Helper()
	d.id, d.version = got.ID, got.Version
	if len(got.Entries) != len(d.lines) {
		m.fatalf("%s: %d lines, want %d", what, len(got.Entries), len(d.lines))
	}
	for i, e := range got.Entries {
		d.lines[i].entry = e.ID
		if e.SrcOrderID != d.lines[i].ord || e.SrcOrderEntryID != d.lines[i].oent {
			m.fatalf("%s: line %d made from order %d line %d, model %d %d", what, i, e.SrcOrderID, e.SrcOrderEntryID, d.lines[i].ord, d.lines[i].oent)
		}
		if a := mustMicros(e.Amount.String()); a != d.lines[i].amount {
			m.fatalf("%s: line %d amount %s, model %s", what, i, e.Amount, mstr(d.lines[i].amount))
		}
	}
	if a := mustMicros(got.Arrears.String()); a != d.arrears {
		m.fatalf("%s: arrears %s, model %s", what, got.Arrears, mstr(d.arrears))
	}
	if check {
		d.version-- // posted counts the audit's step
		m.posted(d)
		if got.Checked != 1 || got.Version != d.version {
			m.fatalf("%s: checked %d version %d, want audited at %d", what, got.Checked, got.Version, d.version)
		}
	} else if got.Checked != 0 {
		m.fatalf("%s: a draft came back audited", what)
	}
}

// opUpdate edits a draft (or an audited document: refused) with its version
// (now and then a stale one: refused), sometimes auditing it too.
func (m *model) opUpdate() {
	d := m.pick(func(d *pdoc) bool { return !d.checked || m.r.Intn(10) == 0 })
	if d == nil {
		return
	}
	dr := m.gen(d.k, d.id)
	check := m.r.Intn(3) == 0
	body := dr.body
	body["id"], body["version"] = d.id, d.version
	nd := &pdoc{id: d.id, k: d.k, date: body["date"].(string), contact: dr.contact, src: dr.src, lines: dr.lines, pays: dr.pays, arrears: dr.arrears, version: d.version}
	want := ""
	switch {
	case d.checked:
		want = "已审核，不能修改"
	case m.r.Intn(12) == 0:
		body["version"] = d.version - 1
		want = "已被他人修改"
	case m.dependent(d, false):
		want = "依据本单生成"
	default:
		want = dr.refuse
		if want == "" && dr.src != 0 {
			if want = m.auditRefusal(nd); want == "库存不足" {
				want = ""
			}
		}
		if want == "" {
			want = m.orderRefusal(nd)
		}
		if want == "" && check {
			want = m.auditRefusal(nd)
		}
	}
	m.touch(d)
	m.touch(nd)
	path := "/api/" + d.k.name + "/update"
	if check {
		path += "?check=1"
	}
	what := fmt.Sprintf("update %s %d check=%v", d.k.name, d.id, check)
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
	var got savedDoc
	r.Decode(&got)
	wantV := d.version + 1 // the edit, and the audit when asked
	if check {
		wantV++
	}
	m.took(what, nd, got.Doc, check)
	if got.Version != wantV || got.ID != d.id {
		m.fatalf("%s: version %d id %d, want %d %d", what, got.Version, got.ID, wantV, d.id)
	}
	m.docs[d.id] = nd
	m.stats[what[:strings.Index(what, " ")]+" "+d.k.name]++
}

// dependent tells whether a document (audited only: auditedOnly) was made
// from d.
func (m *model) dependent(d *pdoc, auditedOnly bool) bool {
	for _, o := range m.docs {
		if o.src == d.id && (o.checked || !auditedOnly) {
			return true
		}
	}
	return false
}

// batch calls a batch route on one id and answers its message ("" = ok).
func (m *model) batch(method, path string) string {
	var res []apptest.Batch
	r := m.w.admin.Do(method, path, nil)
	if r.Status != 200 {
		m.fatalf("%s %s: %d %s", method, path, r.Status, r.Body)
	}
	r.Decode(&res)
	if len(res) != 1 {
		m.fatalf("%s %s: %d results", method, path, len(res))
	}
	if res[0].OK {
		return ""
	}
	if res[0].Msg == "" {
		m.fatalf("%s %s: refused without a message", method, path)
	}
	return res[0].Msg
}

func (m *model) lifecycle(what, method, path, want string, ok func()) {
	before := ""
	if want != "" {
		before = m.fingerprint()
	}
	msg := m.batch(method, path)
	switch {
	case want != "" && msg == "":
		m.fatalf("%s: went through, want a refusal %q", what, want)
	case want != "":
		m.refused(what, msg, want, before)
	case msg != "":
		m.fatalf("%s: refused: %s", what, msg)
	default:
		ok()
		m.stats[what[:strings.Index(what, " ")]+" "+strings.Fields(what)[1]]++
	}
}

func (m *model) opAudit() {
	d := m.pick(func(d *pdoc) bool { return !d.checked })
	if d == nil {
		return
	}
	m.touch(d)
	m.lifecycle(fmt.Sprintf("audit %s %d", d.k.name, d.id), "POST", fmt.Sprintf("/api/%s/check?id=%d", d.k.name, d.id), m.auditRefusal(d), func() { m.posted(d) })
}

func (m *model) opUnaudit() {
	d := m.pick(func(d *pdoc) bool { return d.checked })
	if d == nil {
		return
	}
	m.touch(d)
	want := ""
	switch {
	case m.dependent(d, true):
		want = "依据本单生成"
	case m.serialsMoved(d):
		want = "已被单据"
	case m.short(nil, d):
		want = "库存不足"
	}
	m.lifecycle(fmt.Sprintf("unaudit %s %d", d.k.name, d.id), "POST", fmt.Sprintf("/api/%s/uncheck?id=%d", d.k.name, d.id), want, func() {
		m.unpostSerials(d)
		d.checked = false
		d.version++
		for _, l := range d.lines {
			l.fixed, l.given = false, 0
		}
	})
}

func (m *model) opDelete() {
	d := m.pick(func(d *pdoc) bool { return !d.checked || m.r.Intn(8) == 0 })
	if d == nil {
		return
	}
	m.touch(d)
	want := ""
	switch {
	case d.checked:
		want = "已审核，不能删除"
	case m.dependent(d, false):
		want = "依据本单生成"
	}
	m.lifecycle(fmt.Sprintf("delete %s %d", d.k.name, d.id), "DELETE", fmt.Sprintf("/api/%s/delete?id=%d", d.k.name, d.id), want, func() {
		delete(m.docs, d.id)
	})
}

// opWrongState audits an audited document or un-audits a draft.
func (m *model) opWrongState() {
	d := m.pick(func(*pdoc) bool { return true })
	if d == nil {
		return
	}
	if d.checked {
		m.lifecycle("reaudit "+d.k.name, "POST", fmt.Sprintf("/api/%s/check?id=%d", d.k.name, d.id), "已经审核", nil)
	} else {
		m.lifecycle("unaudit-draft "+d.k.name, "POST", fmt.Sprintf("/api/%s/uncheck?id=%d", d.k.name, d.id), "尚未审核", nil)
	}
}
