package sysparam

import (
	"testing"
	"time"
)

// FuzzValidDate: the date parser never panics, accepts exactly the real
// YYYY-MM-DD dates (what it accepts formats back to itself), and its
// answers order as the calendar does (dates are compared as text).
func FuzzValidDate(f *testing.F) {
	for _, s := range []string{"2025-07-01", "2024-02-29", "2025-02-29", "0001-01-01", "9999-12-31", "2025-13-01", "2025-1-1",
		"2025-07-01T00:00:00Z", " 2025-07-01", "２０２５-０７-０１", "2025-07-01\x00", "", "-2025-07-01"} {
		f.Add(s, "2020-01-01")
	}
	f.Fuzz(func(t *testing.T, s, other string) {
		ok := ValidDate(s)
		d, err := time.Parse("2006-01-02", s)
		if ok != (err == nil && d.Format("2006-01-02") == s) {
			t.Fatalf("ValidDate(%q) = %v, time.Parse: %v", s, ok, err)
		}
		if ok && ValidDate(other) {
			o, _ := time.Parse("2006-01-02", other)
			if (s < other) != d.Before(o) {
				t.Fatalf("%q < %q as text disagrees with the calendar", s, other)
			}
		}
	})
}
