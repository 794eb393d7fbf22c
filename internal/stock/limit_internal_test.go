package stock

import (
	"math"
	"testing"
)

// Costing never wraps: sums and products saturate beyond int64, and a
// saturated balance is over the limit, so the change is refused.
func TestCostArithmeticSaturatesInsteadOfWrapping(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ a, b, want int64 }{
		{1, 2, 3},
		{math.MaxInt64, 1, math.MaxInt64},
		{math.MinInt64, -1, math.MinInt64},
		{math.MaxInt64, math.MinInt64, -1},
		{5e18, 5e18, math.MaxInt64},
	} {
		if got := add(c.a, c.b); got != c.want {
			t.Errorf("add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
	// 9e18 × 9e18 / 1 does not fit: saturated, not wrapped.
	if got := mulDiv(9e18, 9e18, 1, 1); got != math.MaxInt64 {
		t.Errorf("mulDiv overflow = %d", got)
	}
	if got := mulDiv(-9e18, 9e18, 1, 1); got != math.MinInt64 {
		t.Errorf("negative mulDiv overflow = %d", got)
	}
	s := &state{u: 1}
	s.step(mv{qty: 1e18, amount: 4e18, given: true})
	if s.over() {
		t.Fatal("a balance at 1e12 units, 4e12 value is within the limit")
	}
	s.step(mv{qty: 1e18, amount: 4e18, given: true})
	if !s.over() {
		t.Fatalf("a balance of value %d is not over the limit", s.value)
	}
	s.step(mv{qty: 1e18, amount: 4e18, given: true})
	if s.value < 0 {
		t.Fatalf("the value wrapped to %d", s.value)
	}
}
