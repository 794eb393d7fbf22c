package dec

import "cangshu/internal/errs"

// Max is the largest magnitude an entered quantity, price or amount may
// have: a trillion keeps every stored value and their sums far inside int64.
var Max = FromInt(1_000_000_000_000)

// Check records in f what is wrong with an entered value: more than places
// decimals, or outside [lo, hi]. It reports one problem per field.
func Check(f *errs.Fields, path string, label errs.Key, v Dec, places int, lo, hi Dec) {
	switch {
	case v.Places() > places:
		f.Add(path, "err.tooManyDecimals", errs.A("field", label), errs.A("places", places))
	case lo.Sign() == 0 && v.Sign() < 0:
		f.Add(path, "err.notNegative", errs.A("field", label))
	case v.LessThan(lo) || hi.LessThan(v):
		f.Add(path, "err.outOfRange", errs.A("field", label), errs.A("min", lo.String()), errs.A("max", hi.String()))
	}
}

// CheckNonNeg checks a quantity, price or amount: 0 ≤ v ≤ Max with at most
// places decimals.
func CheckNonNeg(f *errs.Fields, path string, label errs.Key, v Dec, places int) {
	Check(f, path, label, v, places, Zero, Max)
}

// CheckPercent checks a percentage: 0 ≤ v ≤ 100 with at most places decimals.
func CheckPercent(f *errs.Fields, path string, label errs.Key, v Dec, places int) {
	Check(f, path, label, v, places, Zero, FromInt(100))
}
