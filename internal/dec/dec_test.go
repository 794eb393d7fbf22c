package dec

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shopspring/decimal"
)

// TestTextIsTheLibrarys: the int64 fast path of Append writes exactly the
// library's text, for random coefficients and exponents and the edges
// (zero, ±1, the int64 limits, 18 and 19 digits, leading and trailing
// zeros of the fraction, positive exponents, beyond 18 places).
func TestTextIsTheLibrarys(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(7, 15))
	coefs := []int64{0, 1, -1, 5, -5, 10, 100000, -1000000, 999_999_999_999_999_999, -999_999_999_999_999_999, 1_000_000_000_000_000_000,
		math.MaxInt64, math.MinInt64 + 1, math.MinInt64, 1_000_001, -10_000_000}
	for range 2000 {
		c := rng.Int64N(1 << uint(rng.IntN(62)+1))
		if rng.IntN(2) == 0 {
			c = -c
		}
		coefs = append(coefs, c)
	}
	for _, c := range coefs {
		for exp := int32(-21); exp <= 3; exp++ {
			d := Dec{decimal.New(c, exp)}
			if got, want := d.String(), d.d.String(); got != want {
				t.Fatalf("%d e%d: %q, the library writes %q", c, exp, got, want)
			}
			if b, _ := d.MarshalJSON(); string(b) != d.d.String() {
				t.Fatalf("%d e%d: JSON %s, the library writes %s", c, exp, b, d.d.String())
			}
		}
	}
}

func TestJSONRoundTripIsExact(t *testing.T) {
	for in, want := range map[string]string{
		`12.5`: `12.5`, `"12.50"`: `12.5`, `0.1`: `0.1`, `"1e2"`: `100`, `-3.000001`: `-3.000001`, `null`: `0`, `""`: `0`,
	} {
		var d Dec
		if err := json.Unmarshal([]byte(in), &d); err != nil {
			t.Fatalf("unmarshal %s: %v", in, err)
		}
		b, _ := json.Marshal(d)
		if string(b) != want {
			t.Errorf("%s -> %s, want %s", in, b, want)
		}
	}
	var d Dec
	if err := json.Unmarshal([]byte(`"abc"`), &d); err == nil {
		t.Error("abc accepted")
	}
}

func TestArithmeticHasNoBinaryError(t *testing.T) {
	sum := Zero
	for i := 0; i < 10; i++ {
		sum = sum.Add(MustParse("0.1"))
	}
	if !sum.Equal(FromInt(1)) {
		t.Fatalf("ten times 0.1 = %s", sum)
	}
}

func TestRoundHalfUp(t *testing.T) {
	for in, want := range map[string]string{"2.345": "2.35", "2.344": "2.34", "-2.345": "-2.35", "0.005": "0.01"} {
		if got := MustParse(in).Round(2).String(); got != want {
			t.Errorf("Round(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestMicrosAndScan(t *testing.T) {
	m, ok := MustParse("12.345678").Micros()
	if !ok || m != 12345678 {
		t.Fatalf("micros = %d %v", m, ok)
	}
	if _, ok := MustParse("0.0000001").Micros(); ok {
		t.Error("7 places fit the stored scale")
	}
	var d Dec
	if err := d.Scan(int64(-1500000)); err != nil || d.String() != "-1.5" {
		t.Fatalf("scan = %s %v", d, err)
	}
}

func TestPlaces(t *testing.T) {
	for in, want := range map[string]int{"1": 0, "1.5": 1, "1.50": 1, "0.001": 3, "100": 0} {
		if got := MustParse(in).Places(); got != want {
			t.Errorf("Places(%s) = %d, want %d", in, got, want)
		}
	}
}

func TestSumScannerIsExactBeyondInt64(t *testing.T) {
	for in, want := range map[any]string{
		"9000000000:0":                  "9000000000000", // 9e18 micros
		"20000000000:123456789":         "20000000000123.456789",
		"-5:-1":                         "-5000.000001",
		nil:                             "0",
		int64(1500000):                  "1.5",
		"92233720368547758070000000000": "92233720368547758070000",
	} {
		var d Dec
		if err := ScanSum(&d).Scan(in); err != nil {
			t.Fatalf("%v: %v", in, err)
		}
		if d.String() != want {
			t.Errorf("%v -> %s, want %s", in, d, want)
		}
	}
	if err := ScanSum(new(Dec)).Scan("x:1"); err == nil {
		t.Error("x:1 accepted")
	}
}
