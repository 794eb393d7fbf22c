package stock

import (
	"math"
	"math/big"
	"math/bits"

	"cangshu/internal/dec"
)

// Costing works on the stored form of decimals: int64 micros (value ×
// 10^6, dec.Scale), so a walk over 100,000 moves allocates nothing.

const micro = 1_000_000

// unit is the step of amounts rounded to places decimals, in micros.
func unit(places int) int64 {
	u := int64(1)
	for i := places; i < 6; i++ {
		u *= 10
	}
	return u
}

// mulDiv is a × b / c rounded half away from zero to a multiple of u
// (all micros, c ≠ 0), exact: a 128-bit product, math/big when the
// quotient does not fit.
func mulDiv(a, b, c, u int64) int64 {
	neg := (a < 0) != (b < 0) != (c < 0)
	ua, ub, uc := abs(a), abs(b), abs(c)
	hi, lo := bits.Mul64(ua, ub)
	var r int64
	if hi < uc {
		q, rem := bits.Div64(hi, lo, uc)
		qq, rr := q/uint64(u), q%uint64(u)
		// The fraction of the step is (rr·uc + rem) / (u·uc); it rounds up
		// when that is ≥ ½. With u = 10^k, k ≥ 1 (even), that is 2·rr ≥ u;
		// with u = 1 (rr = 0) it is 2·rem ≥ uc.
		up := 2*rr >= uint64(u)
		if u == 1 {
			up = rem >= uc-rem
		}
		if up {
			qq++
		}
		if qq > 1<<63-1 {
			return bigMulDiv(a, b, c, u)
		}
		r = int64(qq) * u
	} else {
		return bigMulDiv(a, b, c, u)
	}
	if neg {
		return -r
	}
	return r
}

func bigMulDiv(a, b, c, u int64) int64 {
	n := new(big.Int).Mul(big.NewInt(a), big.NewInt(b))
	d := new(big.Int).Mul(big.NewInt(c), big.NewInt(u))
	neg := n.Sign()*d.Sign() < 0
	n.Abs(n)
	d.Abs(d)
	q, m := new(big.Int).QuoRem(n, d, new(big.Int))
	if m.Lsh(m, 1).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	q.Mul(q, big.NewInt(u))
	if neg {
		q.Neg(q)
	}
	if !q.IsInt64() {
		// Saturate: the balance limit check (state.over) refuses it.
		if q.Sign() < 0 {
			return math.MinInt64
		}
		return math.MaxInt64
	}
	return q.Int64()
}

// add is a + b saturated at the int64 range, so that an overflowing sum
// stays beyond the balance limit (state.over) instead of wrapping.
func add(a, b int64) int64 {
	c := a + b
	switch {
	case a > 0 && b > 0 && c < 0:
		return math.MaxInt64
	case a < 0 && b < 0 && c >= 0:
		return math.MinInt64
	}
	return c
}

// over tells whether the balance's quantity or value is beyond the limit
// (dec.MaxBalance): the change that brought it there is refused.
func (s *state) over() bool {
	return abs(s.qty) > uint64(dec.MaxBalanceMicros) || abs(s.value) > uint64(dec.MaxBalanceMicros)
}

func abs(x int64) uint64 {
	if x < 0 {
		return uint64(-x)
	}
	return uint64(x)
}

// mv is one move as the costing walk sees it.
type mv struct {
	id      int64
	date    string
	qty     int64 // micros, signed
	amount  int64 // micros, signed: given (cost_mode 1 or 2) or as last computed
	given   bool
	role    int   // RoleOnly, RoleOut, RoleIn
	feedKey int64 // its group of fed moves (0 none)
}

// layer is the unconsumed part of an inbound move (FIFO).
type layer struct {
	moveID int64
	date   string
	qty    int64
	amount int64
}

// state is a balance at one point of its ledger: quantity, value, the
// last known unit cost (of the latest inbound move with a given cost; it
// prices stock issued beyond on-hand where negative stock is allowed) and,
// for FIFO, the layers (their quantities sum to max(qty, 0)).
type state struct {
	fifo   bool
	u      int64 // amount rounding step (micros)
	qty    int64
	value  int64
	last   int64 // micros per base unit
	layers []layer
	// stranded: a value-only move met a balance without quantity.
	stranded bool
}

// step costs m from the state and applies it. It returns m's amount and the
// index of the FIFO layer m opened (-1 none), whose moveID the caller sets
// when m has no id yet.
func (s *state) step(m mv) (int64, int) {
	if m.qty < 0 {
		return s.out(-m.qty), -1
	}
	if m.qty == 0 {
		s.adjust(m.amount)
		return m.amount, -1
	}
	amt := m.amount
	if !m.given {
		if s.qty > 0 {
			amt = mulDiv(s.value, m.qty, s.qty, s.u)
		} else {
			amt = mulDiv(s.last, m.qty, micro, s.u)
		}
	} else {
		s.last = mulDiv(amt, micro, m.qty, 1)
	}
	li := -1
	if s.fifo {
		// An inbound into a negative balance first settles the negative
		// quantity; only the rest opens a layer. The difference between its
		// value and what the negative part was issued at stays in the
		// balance value (visible) until the balance next empties.
		settle := min(m.qty, max(-s.qty, 0))
		if lq := m.qty - settle; lq > 0 {
			la := amt
			if settle > 0 {
				la = amt - mulDiv(amt, settle, m.qty, s.u)
			}
			s.layers = append(s.layers, layer{moveID: m.id, date: m.date, qty: lq, amount: la})
			li = len(s.layers) - 1
		}
	}
	s.qty = add(s.qty, m.qty)
	s.value = add(s.value, amt)
	return amt, li
}

// out issues q (> 0) and returns the (negative) amount.
func (s *state) out(q int64) int64 {
	var cost int64
	switch {
	case q == s.qty:
		// The move that empties the balance takes exactly its value.
		cost = s.value
		s.layers = s.layers[:0]
	case !s.fifo:
		if s.qty > q {
			cost = mulDiv(s.value, q, s.qty, s.u)
		} else {
			// Beyond on-hand (negative stock allowed): the available part at
			// the whole value, the rest at the last cost.
			rest := q
			if s.qty > 0 {
				cost, rest = s.value, q-s.qty
			}
			cost = add(cost, mulDiv(s.last, rest, micro, s.u))
		}
	default:
		rest := q
		n := 0
		for n < len(s.layers) && rest > 0 {
			l := &s.layers[n]
			if rest >= l.qty {
				cost = add(cost, l.amount)
				rest -= l.qty
				n++
				continue
			}
			part := mulDiv(l.amount, rest, l.qty, s.u)
			cost = add(cost, part)
			l.qty -= rest
			l.amount -= part
			rest = 0
		}
		s.layers = s.layers[n:]
		if rest > 0 {
			cost = add(cost, mulDiv(s.last, rest, micro, s.u))
		}
	}
	s.qty = add(s.qty, -q)
	s.value = add(s.value, -cost)
	return -cost
}

// adjust adds a value-only change to the balance: FIFO shares it over the
// layers in proportion to their quantities, the last layer taking the
// remainder. Without quantity the value would be stranded: refused.
func (s *state) adjust(amt int64) {
	if s.qty <= 0 {
		s.stranded = true
		return
	}
	s.value = add(s.value, amt)
	if !s.fifo || len(s.layers) == 0 {
		return
	}
	rest := amt
	for i := range s.layers[:len(s.layers)-1] {
		part := mulDiv(amt, s.layers[i].qty, s.qty, s.u)
		s.layers[i].amount += part
		rest -= part
	}
	s.layers[len(s.layers)-1].amount += rest
}

// share is the amounts of fed moves taking total over their weights (all
// zero: over their quantities): mulDiv for each but the last, which takes
// the remainder, so the shares sum exactly to total.
func share(total int64, weights, qtys []int64, u int64) []int64 {
	var sum int64
	for _, w := range weights {
		sum += w
	}
	if sum == 0 {
		weights = qtys
		for _, q := range qtys {
			sum += q
		}
	}
	out := make([]int64, len(weights))
	rest := total
	for i := range weights[:len(weights)-1] {
		if sum != 0 {
			out[i] = mulDiv(total, weights[i], sum, u)
		}
		rest -= out[i]
	}
	out[len(out)-1] = rest
	return out
}
