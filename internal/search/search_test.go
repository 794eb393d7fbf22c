package search

import (
	"strings"
	"testing"
)

func TestTextFindsNumberNamePinyinAndBarcode(t *testing.T) {
	text := Text("SP001", "可口可乐 500ml", "6901234567890")
	for _, q := range []string{"sp001", "SP0", "可口", "kkkl", "KKKL500", "kekoukele", "690123", "500ML"} {
		if !like(text, Pattern(q)) {
			t.Errorf("%q does not find %q", q, text)
		}
	}
	for _, q := range []string{"xyz", "sp001可口", "kkklx"} {
		if like(text, Pattern(q)) {
			t.Errorf("%q finds %q", q, text)
		}
	}
}

func TestPinyinOfPlainTextIsEmpty(t *testing.T) {
	if i, f := Pinyin("abc 123"); i != "" || f != "" {
		t.Errorf("got %q %q", i, f)
	}
	if i, _ := Pinyin("重庆小面"); i != "zqxm" && i != "cqxm" {
		t.Errorf("initials %q", i)
	}
}

func TestPatternEscapesWildcards(t *testing.T) {
	if got := Pattern(`50%_\`); got != `%50\%\_\\%` {
		t.Errorf("got %q", got)
	}
}

// like is SQL LIKE with ESCAPE '\' for patterns %…% without inner wildcards.
func like(text, pattern string) bool {
	p := strings.TrimSuffix(strings.TrimPrefix(pattern, "%"), "%")
	p = strings.NewReplacer(`\\`, `\`, `\%`, `%`, `\_`, `_`).Replace(p)
	return strings.Contains(text, p)
}
