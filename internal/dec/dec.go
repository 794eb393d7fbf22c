// Package dec is Cangshu's one decimal type. Quantities, prices, amounts,
// rates and costs are Dec values; the library behind it is chosen here only.
// In the database a Dec is a BIGINT holding the value times 10^6 (Scale).
package dec

import (
	"database/sql/driver"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"

	"github.com/shopspring/decimal"
)

// Scale is the number of decimal places stored in the database.
const Scale = 6

// Dec is an exact decimal number. The zero value is 0.
type Dec struct{ d decimal.Decimal }

// Zero is 0.
var Zero = Dec{}

// FromInt makes a Dec from an integer.
func FromInt(i int64) Dec { return Dec{decimal.NewFromInt(i)} }

// Parse reads a decimal written in plain or exponent notation.
func Parse(s string) (Dec, error) {
	d, err := decimal.NewFromString(s)
	if err != nil {
		return Dec{}, fmt.Errorf("dec: %q is not a number", s)
	}
	return Dec{d}, nil
}

// MustParse is Parse that panics; for constants and tests.
func MustParse(s string) Dec {
	d, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return d
}

// FromMicros makes a Dec from its stored form (value × 10^6).
func FromMicros(m int64) Dec { return Dec{decimal.New(m, -Scale)} }

// Micros is the stored form; ok is false when the value has more than Scale
// places or does not fit in an int64.
func (a Dec) Micros() (int64, bool) {
	s := a.d.Shift(Scale)
	if !s.Equal(s.Truncate(0)) || !s.BigInt().IsInt64() {
		return 0, false
	}
	return s.IntPart(), true
}

func (a Dec) Add(b Dec) Dec       { return Dec{a.d.Add(b.d)} }
func (a Dec) Sub(b Dec) Dec       { return Dec{a.d.Sub(b.d)} }
func (a Dec) Mul(b Dec) Dec       { return Dec{a.d.Mul(b.d)} }
func (a Dec) Neg() Dec            { return Dec{a.d.Neg()} }
func (a Dec) Abs() Dec            { return Dec{a.d.Abs()} }
func (a Dec) Cmp(b Dec) int       { return a.d.Cmp(b.d) }
func (a Dec) Equal(b Dec) bool    { return a.d.Equal(b.d) }
func (a Dec) Sign() int           { return a.d.Sign() }
func (a Dec) IsZero() bool        { return a.d.IsZero() }
func (a Dec) LessThan(b Dec) bool { return a.d.LessThan(b.d) }

// Div divides to Scale+4 places before any rounding by the caller; b must not be 0.
func (a Dec) Div(b Dec) Dec { return Dec{a.d.DivRound(b.d, Scale+4)} }

// Round rounds half away from zero (half-up on magnitudes) to places.
func (a Dec) Round(places int) Dec { return Dec{a.d.Round(int32(places))} }

// Places is the number of digits after the decimal point, trailing zeros ignored.
func (a Dec) Places() int {
	e := a.d.Exponent()
	if e >= 0 {
		return 0
	}
	s := a.d.String()
	n := 0
	for i := len(s) - 1; i >= 0 && s[i] != '.'; i-- {
		n++
	}
	if n == len(s) {
		return 0
	}
	return n
}

// String writes the value exactly, without exponent or trailing zeros.
func (a Dec) String() string { return string(a.Append(nil)) }

// pow10 are the powers of ten an int64 holds.
var pow10 = func() (p [19]uint64) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// Append appends String's text to b. A value of at most 18 digits and 18
// places (every stored value: FromMicros) is written from its int64
// coefficient, without the library's math/big text (a list of 10,000
// documents writes 40,000 of them).
func (a Dec) Append(b []byte) []byte {
	e := -int(a.d.Exponent())
	if e < 0 || e > 18 || a.d.NumDigits() > 18 {
		return append(b, a.d.String()...)
	}
	c := a.d.CoefficientInt64()
	u := uint64(c)
	if c < 0 {
		b, u = append(b, '-'), uint64(-c)
	}
	b = strconv.AppendUint(b, u/pow10[e], 10)
	frac := u % pow10[e]
	if frac == 0 {
		return b
	}
	for frac%10 == 0 {
		frac /= 10
		e--
	}
	b = append(b, '.')
	for i := e - 1; i > 0 && frac < pow10[i]; i-- {
		b = append(b, '0')
	}
	return strconv.AppendUint(b, frac, 10)
}

// StringFixed writes the value with exactly places decimals (rounded half-up).
func (a Dec) StringFixed(places int) string { return a.d.StringFixed(int32(places)) }

// MarshalJSON writes a JSON number, exactly.
func (a Dec) MarshalJSON() ([]byte, error) { return a.Append(make([]byte, 0, 24)), nil }

// UnmarshalJSON accepts a JSON number or a numeric string; null and "" are 0.
func (a *Dec) UnmarshalJSON(b []byte) error {
	s := string(b)
	if s == "null" {
		*a = Dec{}
		return nil
	}
	if len(s) >= 2 && s[0] == '"' {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		s = str
		if s == "" {
			*a = Dec{}
			return nil
		}
	}
	d, err := Parse(s)
	if err != nil {
		// A type error lets encoding/json add the field path.
		return &json.UnmarshalTypeError{Value: "number " + s, Type: reflect.TypeFor[Dec]()}
	}
	*a = d
	return nil
}

// UnmarshalText accepts a numeric string (form fields, query strings).
func (a *Dec) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*a = Dec{}
		return nil
	}
	d, err := Parse(string(b))
	if err != nil {
		return err
	}
	*a = d
	return nil
}

// Value stores the value as BIGINT micros.
func (a Dec) Value() (driver.Value, error) {
	m, ok := a.Micros()
	if !ok {
		return nil, fmt.Errorf("dec: %s does not fit the stored scale", a)
	}
	return m, nil
}

// Scan reads BIGINT micros (as int64, or as text from some drivers).
func (a *Dec) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*a = Dec{}
	case int64:
		*a = FromMicros(v)
	case []byte:
		return a.Scan(string(v))
	case string:
		d, err := parseMicrosString(v)
		if err != nil {
			return err
		}
		*a = d
	default:
		return fmt.Errorf("dec: cannot scan %T", src)
	}
	return nil
}
