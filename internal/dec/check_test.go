package dec

import (
	"testing"

	"cangshu/internal/errs"
)

func TestCheck(t *testing.T) {
	for _, c := range []struct {
		v    string
		want string // "" = valid, else the message key
	}{
		{"0", ""}, {"12.34", ""}, {"100", ""},
		{"12.345", "err.tooManyDecimals"}, {"-1", "err.notNegative"}, {"100.01", "err.outOfRange"},
	} {
		var f errs.Fields
		CheckPercent(&f, "p", "field.p", MustParse(c.v), 2)
		err := f.Err()
		e, _ := errs.As(err)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: unexpected %v", c.v, err)
		case c.want != "" && (e == nil || e.Key != c.want):
			t.Errorf("%s: want %s, got %v", c.v, c.want, err)
		}
	}
	var f errs.Fields
	CheckNonNeg(&f, "q", "field.q", MustParse("1000000000000.01"), 2)
	if e, _ := errs.As(f.Err()); e == nil || e.Key != "err.outOfRange" {
		t.Errorf("above Max: %v", f.Err())
	}
}
