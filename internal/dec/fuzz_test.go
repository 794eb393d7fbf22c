package dec

import (
	"encoding/json"
	"testing"
)

// FuzzParse: the decimal parser never panics; what it accepts prints
// exactly (String parses back to the same value); stored micros round-trip;
// JSON decoding agrees with Parse.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"0", "12.5", "-3.000001", "1e2", "1E-7", "0.1", "9223372036854.775807", "1e400", "-1e-400",
		"99999999999999999999999", "", " 1", "1_000", "0x10", "NaN", "Inf", "+5", ".5", "5.", "--1", "1e9999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 64 {
			return // exponent arithmetic on huge inputs is the library's, and slow
		}
		// A JSON string is read as the text it stands for (escapes such as
		// \u0030 undone): JSON accepts it exactly when Parse accepts that
		// text, with the same value.
		var str string
		if json.Unmarshal([]byte(`"`+s+`"`), &str) == nil && str != "" {
			var j Dec
			jerr := json.Unmarshal([]byte(`"`+s+`"`), &j)
			pd, perr := Parse(str)
			if (jerr == nil) != (perr == nil) || (perr == nil && !pd.Equal(j)) {
				t.Fatalf("JSON %q gave %v (%v), Parse of %q gave %v (%v)", s, j, jerr, str, pd, perr)
			}
		}
		d, err := Parse(s)
		if err != nil {
			return
		}
		if d.String() != d.d.String() {
			t.Fatalf("%q printed as %s, the library's text is %s", s, d, d.d.String())
		}
		back, err := Parse(d.String())
		if err != nil || !back.Equal(d) {
			t.Fatalf("%q printed as %s, read back as %v (%v)", s, d, back, err)
		}
		if m, ok := d.Micros(); ok {
			if !FromMicros(m).Equal(d) {
				t.Fatalf("%q: micros %d give %s", s, m, FromMicros(m))
			}
		} else if d.Places() <= Scale && d.Abs().Cmp(MaxBalance) <= 0 {
			t.Fatalf("%q fits the stored scale but Micros refused it", s)
		}
		_ = d.Round(2).StringFixed(2)
	})
}
