package coding

import "testing"

func TestIncrement(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"SP009": "SP010", "A-099": "A-100", "9": "10", "abc": "abc1", "0001": "0002", "X99": "X100"} {
		if got := Increment(in); got != want {
			t.Errorf("Increment(%q) = %q, want %q", in, got, want)
		}
	}
}
