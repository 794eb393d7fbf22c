package bill

import (
	"math/big"

	"cangshu/internal/dec"
)

// discountShares allocates a purchase receipt's document discount to its
// lines (docs/stock.md "Documents"), so that the stock received is valued
// at what is owed for it, not at the line amounts before the discount.
//
// The discount applies to the header total, which includes tax when tax is
// on; only its net part lowers the cost: net = round(disAmount × Σ amount /
// Σ taxAmount) (with tax off Σ taxAmount = Σ amount, so net = disAmount).
// net is shared over the lines in proportion to their amounts (net of tax),
// each share rounded half-up to places; the last line with a non-zero
// amount takes the remainder so the shares sum exactly to net; a line of
// amount 0 gets nothing. Rounding is exact (no intermediate division), so
// the result does not depend on how many digits a division carries.
func discountShares(disAmount dec.Dec, amounts, taxAmounts []dec.Dec, places int) []dec.Dec {
	shares := make([]dec.Dec, len(amounts))
	net, total := dec.Zero, dec.Zero
	for i := range amounts {
		net = net.Add(amounts[i])
		total = total.Add(taxAmounts[i])
	}
	if disAmount.Sign() <= 0 || net.Sign() <= 0 || total.Sign() <= 0 {
		return shares
	}
	netDis := mulDivRound(disAmount, net, total, places)
	last := -1
	for i, a := range amounts {
		if a.Sign() > 0 {
			last = i
		}
	}
	given := dec.Zero
	for i, a := range amounts {
		switch {
		case a.Sign() <= 0:
		case i == last:
			shares[i] = netDis.Sub(given)
		default:
			shares[i] = mulDivRound(netDis, a, net, places)
			given = given.Add(shares[i])
		}
	}
	return shares
}

// mulDivRound is a × b / c rounded half away from zero to places, exactly
// (c ≠ 0; a, b, c hold at most dec.Scale places, as stored values do).
func mulDivRound(a, b, c dec.Dec, places int) dec.Dec {
	am, _ := a.Micros()
	bm, _ := b.Micros()
	cm, _ := c.Micros()
	// a×b/c in micros is am×bm/(cm); in units of 10^-places it is
	// am×bm / (cm × 10^(Scale−places)).
	n := new(big.Int).Mul(big.NewInt(am), big.NewInt(bm))
	d := new(big.Int).Mul(big.NewInt(cm), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dec.Scale-places)), nil))
	neg := n.Sign()*d.Sign() < 0
	n.Abs(n)
	d.Abs(d)
	q, r := new(big.Int).QuoRem(n, d, new(big.Int))
	if r.Lsh(r, 1).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	// q is in units of 10^-places: back to micros.
	q.Mul(q, new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(dec.Scale-places)), nil))
	return dec.FromMicros(q.Int64())
}
