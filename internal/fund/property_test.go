package fund_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/dec"
)

// The property: after any sequence of sales, purchases, returns, receipts,
// payments, income, expense and fund transfers, saved as drafts or audited,
// audited and un-audited in any order, the contact and account lists'
// balances and every document's hxStateCode equal the test's own model,
// nothing is settled beyond its amount, and the ledger's balance rows are
// the sums of its moves. The model knows nothing of the ledger: a contact's
// balance is its opening + the arrears of its audited sales and purchases −
// those of its returns − what its audited receipts and payments brought
// (accounts + discount); an account's is its opening + every money line of
// audited documents.

type mdoc struct {
	id      int64
	kind    string
	no      string
	contact int // index in model.contacts, -1 none
	audited bool
	arrears dec.Dec         // goods documents
	paid    dec.Dec         // goods documents: paid now
	lines   map[int]dec.Dec // account index → signed money when audited
	brought dec.Dec         // receipts and payments: accounts + discount
	checks  map[int]dec.Dec // receipts and payments: target doc index → magnitude
}

type model struct {
	w        *world
	r        *rand.Rand
	contacts []int64 // cust, cust2, supp, supp2
	names    []string
	opening  []dec.Dec
	accounts []int64
	accNames []string
	accOpen  []dec.Dec
	docs     []*mdoc
	refused  int // un-audits and audits refused, as expected
}

func d(s string) dec.Dec { return dec.MustParse(s) }

func (m *model) settled(target int) dec.Dec {
	v := dec.Zero
	for _, x := range m.docs {
		if x.audited && x.checks != nil {
			v = v.Add(x.checks[target])
		}
	}
	return v
}

func (m *model) open(target int) dec.Dec { return m.docs[target].arrears.Sub(m.settled(target)) }

func (m *model) hx(target int) int {
	x := m.docs[target]
	s := m.settled(target)
	switch {
	case x.arrears.Cmp(s) <= 0:
		return 2
	case x.paid.Add(s).Sign() > 0:
		return 1
	}
	return 0
}

func (m *model) balances() string {
	var out []string
	for ci, name := range m.names {
		b := m.opening[ci]
		for _, x := range m.docs {
			if !x.audited || x.contact != ci {
				continue
			}
			switch x.kind {
			case "sales", "purchase":
				b = b.Add(x.arrears)
			case "reSales", "rePurchase":
				b = b.Sub(x.arrears)
			case "receipt", "payment":
				b = b.Sub(x.brought)
			}
		}
		out = append(out, name+"="+b.String())
	}
	for ai, name := range m.accNames {
		b := m.accOpen[ai]
		for _, x := range m.docs {
			if x.audited {
				b = b.Add(x.lines[ai])
			}
		}
		out = append(out, name+"="+b.String())
	}
	return strings.Join(out, " ")
}

func (m *model) amount(max int) dec.Dec {
	return dec.FromInt(int64(1 + m.r.IntN(max))).Add(dec.FromInt(int64(m.r.IntN(100))).Div(dec.FromInt(100)))
}

// goods makes a sale, purchase or return of the contact, maybe paid in part.
func (m *model) goods(kind string, contact int, audit bool) {
	qty := 1 + m.r.IntN(5)
	price := m.amount(50)
	total := price.Mul(dec.FromInt(int64(qty)))
	b := m.w.goodsDoc(m.contacts[contact], "2025-02-01", fmt.Sprint(qty), price.String())
	x := &mdoc{kind: kind, contact: contact, lines: map[int]dec.Dec{}, paid: dec.Zero}
	if m.r.IntN(3) == 0 {
		ai := m.r.IntN(len(m.accounts))
		paid := total.Mul(dec.FromInt(int64(m.r.IntN(101)))).Div(dec.FromInt(100)).Round(2)
		if paid.Sign() > 0 {
			b["accounts"] = []body{{"accId": m.accounts[ai], "payment": n(paid.String())}}
			x.paid = paid
			sign := dec.FromInt(1)
			if kind == "purchase" || kind == "reSales" {
				sign = dec.FromInt(-1)
			}
			x.lines[ai] = paid.Mul(sign)
		}
	}
	x.arrears = total.Sub(x.paid)
	m.add(kind, b, x, audit)
}

func (m *model) add(kind string, b body, x *mdoc, audit bool) {
	path := "/api/" + kind + "/add"
	if audit {
		path += "?check=1"
	}
	doc := m.w.save(path, b)
	x.id, x.no, x.audited = doc.ID, doc.BillNo, audit
	m.docs = append(m.docs, x)
}

// settle makes a receipt or payment of the contact over some of its open
// documents (by the model), bringing at least what it settles.
func (m *model) settle(kind string, contact int, audit bool) {
	targets := []string{"sales", "reSales"}
	if kind == "payment" {
		targets = []string{"purchase", "rePurchase"}
	}
	x := &mdoc{kind: kind, contact: contact, lines: map[int]dec.Dec{}, checks: map[int]dec.Dec{}}
	var checks []body
	sum := dec.Zero
	for ti, t := range m.docs {
		if t.contact != contact || !t.audited || !slices.Contains(targets, t.kind) || m.r.IntN(2) == 0 {
			continue
		}
		open := m.open(ti)
		if open.Sign() <= 0 {
			continue
		}
		now := open
		if m.r.IntN(2) == 0 {
			now = open.Mul(dec.FromInt(int64(1 + m.r.IntN(99)))).Div(dec.FromInt(100)).Round(2)
			if now.Sign() == 0 {
				continue
			}
		}
		x.checks[ti] = now
		signed := now
		if t.kind == targets[1] {
			signed = now.Neg()
		}
		sum = sum.Add(signed)
		checks = append(checks, body{"billId": t.id, "nowCheck": n(signed.String())})
	}
	discount := dec.Zero
	if m.r.IntN(3) == 0 {
		discount = dec.FromInt(int64(m.r.IntN(5)))
	}
	pay := sum.Sub(discount)
	if pay.Sign() <= 0 {
		pay = dec.Zero
	}
	pay = pay.Add(dec.FromInt(int64(m.r.IntN(3)))) // maybe an advance
	if pay.Sign() == 0 {
		pay = dec.FromInt(1)
	}
	ai := m.r.IntN(len(m.accounts))
	sign := dec.FromInt(1)
	if kind == "payment" {
		sign = dec.FromInt(-1)
	}
	x.lines[ai] = pay.Mul(sign)
	x.brought = pay.Add(discount)
	m.add(kind, body{"date": "2025-02-05", "buId": m.contacts[contact], "discount": n(discount.String()),
		"accounts": []body{{"accId": m.accounts[ai], "payment": n(pay.String())}}, "checks": checks}, x, audit)
}

func (m *model) fundDoc(kind string, audit bool) {
	a1 := m.r.IntN(len(m.accounts))
	amt := m.amount(80)
	x := &mdoc{kind: kind, contact: -1, lines: map[int]dec.Dec{}}
	var b body
	switch kind {
	case "income":
		b = body{"date": "2025-02-03", "accId": m.accounts[a1], "entries": []body{{"itemId": m.w.incomeItem, "amount": n(amt.String())}}}
		x.lines[a1] = amt
	case "expense":
		b = body{"date": "2025-02-03", "accId": m.accounts[a1], "entries": []body{{"itemId": m.w.expItem, "amount": n(amt.String())}}}
		x.lines[a1] = amt.Neg()
	default:
		a2 := (a1 + 1) % len(m.accounts)
		b = body{"date": "2025-02-03", "entries": []body{{"outAccId": m.accounts[a1], "inAccId": m.accounts[a2], "amount": n(amt.String())}}}
		x.lines[a1], x.lines[a2] = amt.Neg(), amt
	}
	m.add(kind, b, x, audit)
}

// toggle audits a draft or un-audits an audited document, expecting what
// the model says: a settled document cannot be un-audited; a receipt whose
// documents are no longer audited or open cannot be audited.
func (m *model) toggle(i int) {
	x := m.docs[i]
	if x.audited {
		blocker := ""
		for _, r := range m.docs {
			if r.audited && r.checks != nil {
				if _, ok := r.checks[i]; ok {
					blocker = r.no
					break
				}
			}
		}
		msg := m.w.batch(m.w.admin, fmt.Sprintf("/api/%s/uncheck?id=%d", x.kind, x.id))
		switch {
		case blocker != "" && !strings.Contains(msg, blocker):
			m.w.e.T.Fatalf("un-audit of %s: %q, want it refused naming %s", x.no, msg, blocker)
		case blocker == "" && msg != "":
			m.w.e.T.Fatalf("un-audit of %s: %q", x.no, msg)
		case blocker == "":
			x.audited = false
		default:
			m.refused++
		}
		return
	}
	ok := true
	for ti, now := range x.checks {
		if !m.docs[ti].audited || m.open(ti).Cmp(now) < 0 {
			ok = false
		}
	}
	msg := m.w.batch(m.w.admin, fmt.Sprintf("/api/%s/check?id=%d", x.kind, x.id))
	if ok != (msg == "") {
		m.w.e.T.Fatalf("audit of %s %s: %q, model says ok=%v", x.kind, x.no, msg, ok)
	}
	x.audited = ok
	if !ok {
		m.refused++
	}
}

func (m *model) verify(step int) {
	t := m.w.e.T
	t.Helper()
	if got, want := m.w.balances(), m.balances(); got != want {
		t.Fatalf("step %d: balances\n got  %s\n want %s", step, got, want)
	}
	for i, x := range m.docs {
		if x.checks != nil || !x.audited || x.kind == "income" || x.kind == "expense" || x.kind == "fundTf" {
			continue
		}
		if got := m.w.get(x.kind, x.id).HXStateCode; got != m.hx(i) {
			t.Fatalf("step %d: %s %s hxStateCode %d, want %d (arrears %s, paid %s, settled %s)", step, x.kind, x.no, got, m.hx(i),
				x.arrears, x.paid, m.settled(i))
		}
	}
	for _, q := range []string{
		"SELECT COUNT(*) FROM bills WHERE hx_amount > arrears OR hx_amount < 0",
		"SELECT COUNT(*) FROM contact_balances cb WHERE cb.debt <> (SELECT COALESCE(SUM(debt), 0) FROM contact_moves m WHERE m.contact_id = cb.contact_id) OR cb.advance <> (SELECT COALESCE(SUM(advance), 0) FROM contact_moves m WHERE m.contact_id = cb.contact_id)",
		"SELECT COUNT(*) FROM account_balances ab WHERE ab.amount <> (SELECT COALESCE(SUM(amount), 0) FROM account_moves m WHERE m.account_id = ab.account_id)",
		"SELECT COUNT(*) FROM contact_moves m JOIN bills b ON b.id = m.bill_id WHERE b.checked = 0",
		"SELECT COUNT(*) FROM bills b WHERE b.hx_amount <> (SELECT COALESCE(SUM(s.amount), 0) FROM settlements s JOIN bills r ON r.id = s.bill_id WHERE s.target_id = b.id AND r.checked = 1)",
	} {
		if n := m.w.e.Count(q); n != 0 {
			t.Fatalf("step %d: %d rows break %s", step, n, q)
		}
	}
}

func TestMoneyProperty(t *testing.T) {
	for _, seed := range []uint64{1, 2, 3} {
		t.Run(fmt.Sprint("seed", seed), func(t *testing.T) {
			w := newWorld(t)
			m := &model{w: w, r: rand.New(rand.NewPCG(seed, 15)),
				contacts: []int64{w.cust, w.cust2, w.supp, w.supp2}, names: []string{"张三超市", "李四商店", "华东饮料", "华北饮料"},
				opening:  []dec.Dec{d("50"), d("0"), d("0"), d("0")},
				accounts: []int64{w.cash, w.bank}, accNames: []string{"现金", "银行"}, accOpen: []dec.Dec{d("1000"), d("0")}}
			// The world's purchase of 1000 × 5 from 华东饮料.
			m.docs = append(m.docs, &mdoc{id: w.unsettled("payment", w.supp)[0].BillID, kind: "purchase", contact: 2, audited: true,
				arrears: d("5000"), paid: dec.Zero, lines: map[int]dec.Dec{}})
			for step := range 70 {
				audit := m.r.IntN(4) != 0
				cust, supp := m.r.IntN(2), 2+m.r.IntN(2)
				switch op := m.r.IntN(11); op {
				case 0, 1:
					m.goods("sales", cust, audit)
				case 2:
					m.goods("reSales", cust, audit)
				case 3:
					m.goods("purchase", supp, audit)
				case 4:
					m.goods("rePurchase", supp, audit)
				case 5:
					m.settle("receipt", cust, audit)
				case 6:
					m.settle("payment", supp, audit)
				case 7:
					m.fundDoc([]string{"income", "expense", "fundTf"}[m.r.IntN(3)], audit)
				default:
					if len(m.docs) == 1 {
						continue
					}
					// Not the world's purchase: the stock every sale takes from.
					m.toggle(1 + m.r.IntN(len(m.docs)-1))
				}
				m.verify(step)
			}
			kinds, settles := map[string]int{}, 0
			for _, x := range m.docs {
				if x.audited {
					kinds[x.kind]++
					settles += len(x.checks)
				}
			}
			t.Logf("audited at the end: %v; %d settlements, %d refusals as the model expected", kinds, settles, m.refused)
		})
	}
}
