package bill

import (
	"testing"

	"cangshu/internal/dec"
)

// Line arithmetic at the edges of half-up rounding, worked by hand.
func TestLineFigures(t *testing.T) {
	d := dec.MustParse
	cases := []struct {
		name                         string
		qty, price, disc, rate       string
		tax                          Tax
		deduction, amount, tx, total string
	}{
		// 1 × 0.125 = 0.125 → 0.13 (half up); no tax.
		{"half up", "1", "0.125", "0", "13", Tax{AmountPlace: 2}, "0", "0.13", "0", "0.13"},
		// 3 × 3.35 = 10.05; 15% = 1.5075 → 1.51; 8.54; tax 13% = 1.1102 → 1.11.
		{"exclusive", "3", "3.35", "15", "13", Tax{On: true, AmountPlace: 2}, "1.51", "8.54", "1.11", "9.65"},
		// inclusive: 2 × 5.65 = 11.30; net 11.30 / 1.13 = 10.00; tax 1.30.
		{"inclusive", "2", "5.65", "0", "13", Tax{On: true, PriceIsTax: true, AmountPlace: 2}, "0", "10", "1.3", "11.3"},
		// inclusive, 0 places: 7 × 1.5 = 10.5 → 11; net 11 / 1.06 = 10.377 → 10; tax 1.
		{"whole amounts", "7", "1.5", "0", "6", Tax{On: true, PriceIsTax: true, AmountPlace: 0}, "0", "10", "1", "11"},
	}
	for _, c := range cases {
		ded, amt, tx, total := lineFigures(d(c.qty), d(c.price), d(c.disc), d(c.rate), c.tax)
		if ded.String() != c.deduction || amt.String() != c.amount || tx.String() != c.tx || total.String() != c.total {
			t.Errorf("%s: %s %s %s %s", c.name, ded, amt, tx, total)
		}
	}
}

func TestNumberParts(t *testing.T) {
	if got := datePart("YYYYMM", "2025-03-09") + "|" + period("year", "2025-03-09") + "|" + period("never", "2025-03-09"); got != "202503|2025|" {
		t.Fatal(got)
	}
	if hxState(dec.Zero, dec.Zero) != 2 || hxState(dec.FromInt(1), dec.Zero) != 0 || hxState(dec.FromInt(1), dec.FromInt(1)) != 1 {
		t.Fatal("hxState")
	}
}
