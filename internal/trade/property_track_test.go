package trade_test

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"time"
)

// Serial numbers and batches in TestDocumentProperty (docs/stock.md "Serial
// numbers", "Batches and expiry"): one goods item flagged for serials and
// one for batches, on free lines of random documents. The model keeps where
// each serial is (its moves, in audit order) and predicts every refusal:
// a receipt of a serial in stock, an outbound serial not in that warehouse,
// a sales return of a serial never sold, an un-audit after a later document
// moved one of its serials. Batches are part of the balance key (pkey), so
// per-batch shortfalls and balances come from the stock model itself.

type smove struct {
	doc  int64
	kind string
	dir  int
	loc  int64
}

type ptrack struct {
	ser, bat int64
	safeDays int
	moves    map[string][]smove // serial → its moves, oldest first (absent: never received or forgotten)
	names    []string           // every serial ever generated, in order (deterministic picks)
	n        int
	prod     map[string]string // batch → its production date
	used     map[string]bool   // serials of the document being generated
}

func (m *model) setupTrack() {
	e := m.w.e
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	t := &ptrack{safeDays: 30, moves: map[string][]smove{}, prod: map[string]string{}}
	t.ser = ins("INSERT INTO goods (number, name, unit_id, is_ser_num, safe_days, created_at, updated_at) VALUES ('SP010', '手机', ?, 1, 365, ?, ?)", m.w.piece, now, now)
	t.bat = ins("INSERT INTO goods (number, name, unit_id, is_warranty, safe_days, created_at, updated_at) VALUES ('SP011', '牛奶', ?, 1, ?, ?, ?)", m.w.piece, t.safeDays, now, now)
	for i, b := range []string{"B1", "B2", "B3", "B4"} {
		t.prod[b] = time.Date(2024, 12, 1+7*i, 0, 0, 0, 0, time.UTC).AddDate(0, 0, -m.r.Intn(20)).Format(time.DateOnly)
	}
	m.w.params(map[string]any{"ISSERNUM": 1, "ISWARRANTY": 1})
	m.trk = t
}

// where is a serial's state: in stock and where, and the kind of its last move.
func (t *ptrack) where(s string) (in bool, loc int64, kind string, known bool) {
	ms := t.moves[s]
	if len(ms) == 0 {
		return false, 0, "", false
	}
	l := ms[len(ms)-1]
	if l.dir > 0 {
		return true, l.loc, l.kind, true
	}
	return false, 0, l.kind, true
}

// pickSerial is a random serial not yet on the document satisfying ok.
func (m *model) pickSerial(ok func(string) bool) string {
	var c []string
	for _, s := range m.trk.names {
		if !m.trk.used[s] && ok(s) {
			c = append(c, s)
		}
	}
	if len(c) == 0 {
		return ""
	}
	return c[m.r.Intn(len(c))]
}

func (m *model) newSerial() string {
	m.trk.n++
	s := fmt.Sprintf("SN%05d", m.trk.n)
	m.trk.names = append(m.trk.names, s)
	return s
}

// trackLine is a free line of the serial goods or of the batch goods.
func (m *model) trackLine(k *pkind) gentry {
	t := m.trk
	loc := m.locs[m.r.Intn(len(m.locs))]
	b := line{"locationId": loc}
	var l *pline
	var qty *big.Rat
	if m.r.Intn(2) == 0 {
		b["invId"] = t.ser
		var ss []string
		n := 1 + m.r.Intn(3)
		for range n {
			var s string
			switch {
			case k.stock > 0 && k.returnOf == "":
				if m.r.Intn(12) == 0 { // a serial in stock somewhere: refused
					s = m.pickSerial(func(s string) bool { in, _, _, _ := t.where(s); return in })
				}
			case k.stock > 0:
				s = m.pickSerial(func(s string) bool { in, _, kind, known := t.where(s); return known && !in && kind == "sales" })
				if m.r.Intn(10) == 0 { // not out by a sale (in stock, returned to the supplier, unknown): refused
					s = m.pickSerial(func(s string) bool { in, _, kind, known := t.where(s); return in || !known || kind != "sales" })
				}
			default:
				s = m.pickSerial(func(s string) bool { in, at, _, _ := t.where(s); return in && at == loc })
				if m.r.Intn(10) == 0 { // not in this warehouse: refused
					s = m.pickSerial(func(s string) bool { in, at, _, _ := t.where(s); return !in || at != loc })
				}
			}
			if s == "" {
				if k.stock < 0 && len(ss) > 0 {
					break // no more in stock here
				}
				s = m.newSerial()
			}
			t.used[s] = true
			ss = append(ss, s)
		}
		list := make([]map[string]any, len(ss))
		for i, s := range ss {
			list[i] = map[string]any{"serNum": s}
		}
		b["serNumList"] = list
		qty = big.NewRat(int64(len(ss)), 1)
		l = &pline{key: pkey{t.ser, 0, loc, ""}, serials: ss}
		m.stats["serial lines"]++
	} else {
		b["invId"] = t.bat
		batch := fmt.Sprintf("B%d", 1+m.r.Intn(len(t.prod)))
		q := int64(1+m.r.Intn(4)) * 500_000
		if k.stock < 0 {
			// Mostly a batch with stock here, at most what it holds; now
			// and then more (a shortfall where negative stock is refused).
			held := m.batchHeld(loc)
			var bs []string
			for b, h := range held {
				if h > 0 {
					bs = append(bs, b)
				}
			}
			slices.Sort(bs)
			if len(bs) > 0 && m.r.Intn(6) > 0 {
				batch = bs[m.r.Intn(len(bs))]
				q = min(q, held[batch])
				if m.r.Intn(8) == 0 {
					q = held[batch] + 500_000
				}
			}
		} else if m.r.Intn(3) > 0 {
			b["prodDate"] = t.prod[batch]
		}
		b["batch"] = batch
		qty = new(big.Rat).SetFrac64(q, 1_000_000)
		l = &pline{key: pkey{t.bat, 0, loc, batch}}
		m.stats["batch lines"]++
	}
	e := gentry{body: b, qty: qty, price: rat(fmt.Sprintf("%d.%02d", m.r.Intn(30), m.r.Intn(100))), disc: new(big.Rat), taxRt: big.NewRat(13, 1)}
	b["qty"], b["price"] = json.Number(qty.FloatString(2)), json.Number(e.price.FloatString(2))
	m.taxed(&e)
	l.base = micros(qty)
	e.l = l
	return e
}

// batchHeld is what the audited documents leave of each batch of the batch
// goods in loc (base micros).
func (m *model) batchHeld(loc int64) map[string]int64 {
	held := map[string]int64{}
	for _, d := range m.docs {
		if !d.checked {
			continue
		}
		for _, l := range d.lines {
			if l.key.goods == m.trk.bat && l.key.loc == loc {
				held[l.key.batch] += l.base * int64(d.k.stock)
			}
		}
	}
	return held
}

// serialRefusal predicts the serial refusal of auditing d ("" = none).
func (m *model) serialRefusal(d *pdoc) string {
	for _, l := range d.lines {
		for _, s := range l.serials {
			in, at, kind, known := m.trk.where(s)
			switch {
			case d.k.stock > 0 && d.k.returnOf == "":
				if in {
					return "已在库"
				}
			case d.k.stock > 0:
				if in {
					return "已在库"
				}
				if !known || kind != d.k.returnOf {
					return "未曾售出"
				}
			default:
				if in && at != l.key.loc {
					return "，不在“"
				}
				if !in {
					return "不在库存中"
				}
			}
		}
	}
	return ""
}

func (m *model) postSerials(d *pdoc) {
	for _, l := range d.lines {
		for _, s := range l.serials {
			m.trk.moves[s] = append(m.trk.moves[s], smove{d.id, d.k.name, d.k.stock, l.key.loc})
		}
	}
}

// serialsMoved tells whether a later document moved one of d's serials.
func (m *model) serialsMoved(d *pdoc) bool {
	for _, l := range d.lines {
		for _, s := range l.serials {
			ms := m.trk.moves[s]
			if len(ms) == 0 || ms[len(ms)-1].doc != d.id {
				return true
			}
		}
	}
	return false
}

func (m *model) unpostSerials(d *pdoc) {
	for _, l := range d.lines {
		for _, s := range l.serials {
			ms := m.trk.moves[s]
			if len(ms) == 0 || ms[len(ms)-1].doc != d.id {
				m.fatalf("un-audit of %d: serial %s last moved by another document", d.id, s)
			}
			if ms = ms[:len(ms)-1]; len(ms) == 0 {
				delete(m.trk.moves, s)
			} else {
				m.trk.moves[s] = ms
			}
		}
	}
}

// checkTrack compares the serials (table and history route) and the
// batches (picker route) with the model.
func (m *model) checkTrack() {
	m.t.Helper()
	t := m.trk
	type srow struct {
		in, loc, last, moves int64
		kind                 string
	}
	got := map[string]srow{}
	m.rows(`SELECT s.serial, s.in_stock, COALESCE(s.location_id, 0), s.last_bill_id, s.last_kind,
		(SELECT COUNT(*) FROM serial_moves sm WHERE sm.serial_id = s.id) FROM serials s WHERE s.goods_id = ?`, []any{t.ser}, func(r *sql.Rows) error {
		var s string
		var x srow
		if err := r.Scan(&s, &x.in, &x.loc, &x.last, &x.kind, &x.moves); err != nil {
			return err
		}
		got[s] = x
		return nil
	})
	for _, s := range t.names {
		ms := t.moves[s]
		x, ok := got[s]
		if len(ms) == 0 {
			if ok {
				m.t.Errorf("step %d: serial %s is in the table (%+v), the model has no move of it", m.step, s, x)
			}
			continue
		}
		last := ms[len(ms)-1]
		in, loc, _, _ := t.where(s)
		want := srow{0, loc, last.doc, int64(len(ms)), last.kind}
		if in {
			want.in = 1
		}
		if !ok || x != want {
			m.t.Errorf("step %d: serial %s: %+v (found %v), model %+v", m.step, s, x, ok, want)
		}
		delete(got, s)
	}
	if len(got) > 0 {
		m.t.Errorf("step %d: serials the model does not know: %v", m.step, got)
	}
	// The history route for a few serials.
	for range 3 {
		if len(t.names) == 0 {
			break
		}
		s := t.names[m.r.Intn(len(t.names))]
		r := m.w.admin.Do("GET", fmt.Sprintf("/api/serNum/history?invId=%d&serNum=%s", t.ser, s), nil)
		ms := t.moves[s]
		if len(ms) == 0 {
			if r.Status != 404 {
				m.t.Errorf("step %d: history of %s never (or no longer) received: %d %s", m.step, s, r.Status, r.Body)
			}
			continue
		}
		var h struct {
			InStock    int   `json:"inStock"`
			LocationID int64 `json:"locationId"`
			Moves      []struct {
				BillID    int64 `json:"billId"`
				Direction int   `json:"direction"`
			} `json:"moves"`
		}
		r.Want(200).Decode(&h)
		in, loc, _, _ := t.where(s)
		if (h.InStock == 1) != in || h.LocationID != loc || len(h.Moves) != len(ms) {
			m.t.Errorf("step %d: history of %s: in %d at %d, %d moves; model %v at %d, %d moves", m.step, s, h.InStock, h.LocationID, len(h.Moves), in, loc, len(ms))
		}
	}
	// The batch picker: every batch with stock, per warehouse, with the
	// expiry its production date and shelf life give (or none).
	type bkey struct {
		loc   int64
		batch string
	}
	want := map[bkey]int64{}
	for _, loc := range m.locs {
		for b, q := range m.batchHeld(loc) {
			if q > 0 {
				want[bkey{loc, b}] = q
			}
		}
	}
	var rows []struct {
		Batch      string      `json:"batch"`
		LocationID int64       `json:"locationId"`
		Qty        json.Number `json:"qty"`
		ValidDate  string      `json:"validDate"`
	}
	m.w.admin.Do("GET", fmt.Sprintf("/api/inventory/batches?invId=%d", t.bat), nil).Want(200).Decode(&rows)
	prev := ""
	for i, r := range rows {
		k := bkey{r.LocationID, r.Batch}
		if q := mustMicros(r.Qty.String()); q != want[k] {
			m.t.Errorf("step %d: batch %s in %d: %s, model %s", m.step, r.Batch, r.LocationID, r.Qty, mstr(want[k]))
		}
		delete(want, k)
		if exp := addDays(t.prod[r.Batch], t.safeDays); r.ValidDate != "" && r.ValidDate != exp {
			m.t.Errorf("step %d: batch %s expires %s, want %s", m.step, r.Batch, r.ValidDate, exp)
		}
		if i > 0 && r.ValidDate != "" && (prev == "" || r.ValidDate < prev) {
			m.t.Errorf("step %d: batches not earliest expiry first: %s after %s", m.step, r.ValidDate, prev)
		}
		prev = r.ValidDate
	}
	for k, q := range want {
		m.t.Errorf("step %d: batch %s in %d (%s) missing from the picker", m.step, k.batch, k.loc, mstr(q))
	}
	if m.t.Failed() {
		m.fatalf("serials or batches differ from the model (CANGSHU_SEED reproduces)")
	}
	m.stats["serials in stock"] = 0
	for _, s := range t.names {
		if in, _, _, _ := t.where(s); in {
			m.stats["serials in stock"]++
		}
	}
}

func addDays(date string, days int) string {
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return d.AddDate(0, 0, days).Format(time.DateOnly)
}
