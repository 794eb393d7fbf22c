package i18n

import (
	"regexp"
	"testing"

	"cangshu/internal/errs"
)

func TestCataloguesHaveTheSameKeys(t *testing.T) {
	zh, en := Keys(ZH), Keys(EN)
	for k := range zh {
		if _, ok := en[k]; !ok {
			t.Errorf("key %q is in zh-CN but not in en", k)
		}
	}
	for k := range en {
		if _, ok := zh[k]; !ok {
			t.Errorf("key %q is in en but not in zh-CN", k)
		}
	}
}

func TestPlaceholdersMatchAcrossLanguages(t *testing.T) {
	re := regexp.MustCompile(`\{[a-zA-Z]+\}`)
	zh, en := Keys(ZH), Keys(EN)
	for k, v := range zh {
		a, b := map[string]bool{}, map[string]bool{}
		for _, p := range re.FindAllString(v, -1) {
			a[p] = true
		}
		for _, p := range re.FindAllString(en[k], -1) {
			b[p] = true
		}
		if len(a) != len(b) {
			t.Errorf("key %q: placeholders differ: %q vs %q", k, v, en[k])
			continue
		}
		for p := range a {
			if !b[p] {
				t.Errorf("key %q: %s missing in en", k, p)
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	tests := []struct {
		lang Lang
		key  string
		args []errs.Arg
		want string
	}{
		{ZH, "err.required", []errs.Arg{errs.A("field", errs.Key("field.name"))}, "名称不能为空"},
		{EN, "err.required", []errs.Arg{errs.A("field", errs.Key("field.name"))}, "Name is required"},
		{EN, "err.tooLong", []errs.Arg{errs.A("field", errs.Key("field.remark")), errs.A("max", 500)}, "Remarks must be at most 500 characters"},
		{EN, "no.such.key", nil, "no.such.key"},
	}
	for _, tt := range tests {
		if got := T(tt.lang, tt.key, tt.args...); got != tt.want {
			t.Errorf("T(%s, %s) = %q, want %q", tt.lang, tt.key, got, tt.want)
		}
	}
}

func TestParse(t *testing.T) {
	for in, want := range map[string]Lang{
		"": ZH, "zh-CN,zh;q=0.9": ZH, "en-US,en;q=0.9": EN, "en": EN, "EN-gb": EN, "fr-FR": ZH,
	} {
		if got := Parse(in); got != want {
			t.Errorf("Parse(%q) = %s, want %s", in, got, want)
		}
	}
}
