package bill

import (
	"strings"
	"testing"

	"cangshu/internal/dec"
)

// The document discount's allocation to receipt lines, worked by hand
// (docs/stock.md "Documents"; amountPlaces 2 unless said).
func TestDiscountShares(t *testing.T) {
	ds := func(s string) []dec.Dec {
		var out []dec.Dec
		for _, f := range strings.Fields(s) {
			out = append(out, dec.MustParse(f))
		}
		return out
	}
	cases := []struct {
		name                string
		dis                 string
		amounts, taxAmounts string
		places              int
		want                string
	}{
		// Tax off: 10.00 over 30.00 + 21.70 + 13.30 = 65.00:
		// 10 × 30 / 65 = 4.6153… → 4.62; 10 × 21.7 / 65 = 3.3384… → 3.34;
		// the last takes 10 − 4.62 − 3.34 = 2.04 (not round(2.0461…) = 2.05).
		{"tax off, remainder", "10", "30 21.7 13.3", "30 21.7 13.3", 2, "4.62 3.34 2.04"},
		// Tax-inclusive: 8.00 off 60.32 with tax, 54.00 net: the net part is
		// 8 × 54 / 60.32 = 7.1618… → 7.16 (0.84 is tax); 7.16 × 30 / 54 =
		// 3.9777… → 3.98; 7.16 × 14 / 54 = 1.8562… → 1.86; last 7.16 − 5.84 = 1.32.
		{"tax-inclusive", "8", "30 14 10", "33.9 15.82 10.6", 2, "3.98 1.86 1.32"},
		// Half-up at the edge: 1 × 1 / 2 = 0.5 → 1 (0 places); the last gets 0.
		{"half up", "1", "1 1", "1 1", 0, "1 0"},
		// A line of amount 0 gets nothing, even last: the remainder goes to
		// the last line with an amount. 0.10 × 5 / 15 = 0.0333… → 0.03.
		{"zero-amount lines", "0.1", "5 0 10 0", "5 0 10 0", 2, "0.03 0 0.07 0"},
		// The rule's edge (docs/stock.md): many shares rounding down leave
		// the tiny last line more than its amount. 0.07 / 5.01 = 0.0139… → 0.01.
		{"remainder beyond the last amount", "0.07", "1 1 1 1 1 0.01", "1 1 1 1 1 0.01", 2, "0.01 0.01 0.01 0.01 0.01 0.02"},
		// The whole total off: every line's cost becomes 0.
		{"all of it", "65", "30 21.7 13.3", "30 21.7 13.3", 2, "30 21.7 13.3"},
		// No discount, or nothing to share it over.
		{"no discount", "0", "30 21.7", "30 21.7", 2, "0 0"},
		{"free goods", "0", "0 0", "0 0", 2, "0 0"},
	}
	for _, c := range cases {
		got := discountShares(dec.MustParse(c.dis), ds(c.amounts), ds(c.taxAmounts), c.places)
		var s []string
		for _, g := range got {
			s = append(s, g.String())
		}
		if strings.Join(s, " ") != c.want {
			t.Errorf("%s: %s, want %s", c.name, strings.Join(s, " "), c.want)
		}
	}
}

// mulDivRound rounds exactly: 0.005 is half and goes up, however the
// quotient would print to a fixed number of digits.
func TestMulDivRound(t *testing.T) {
	d := dec.MustParse
	for _, c := range []struct{ a, b, c, want string }{
		{"1", "1", "200", "0.01"},            // 0.005 → 0.01
		{"0.01", "49999", "100000", "0"},     // 0.0049999 → 0.00
		{"1", "2", "3", "0.67"},              // 0.666… → 0.67
		{"999999.99", "1", "3", "333333.33"}, // large amounts stay exact
	} {
		if got := mulDivRound(d(c.a), d(c.b), d(c.c), 2); got.String() != c.want {
			t.Errorf("%s × %s / %s = %s, want %s", c.a, c.b, c.c, got, c.want)
		}
	}
}
