package sysparam

import (
	"reflect"
	"strings"
	"testing"

	"cangshu/internal/auth"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// The definition table and the typed System struct name the same parameters,
// every default is valid and every parameter has a name in both languages.
func TestParamsMatchSystem(t *testing.T) {
	tags := map[string]bool{}
	st := reflect.TypeFor[System]()
	for i := 0; i < st.NumField(); i++ {
		tags[strings.Split(st.Field(i).Tag.Get("json"), ",")[0]] = true
	}
	seen := map[string]bool{}
	for _, p := range Params() {
		if seen[p.Key] {
			t.Errorf("parameter %s defined twice", p.Key)
		}
		seen[p.Key] = true
		if !tags[p.Key] {
			t.Errorf("parameter %s has no System field", p.Key)
		}
		if !i18n.Has(string(p.Label())) {
			t.Errorf("parameter %s has no label", p.Key)
		}
		if p.Key == KeyStartDate {
			continue
		}
		if _, err := p.typed(p.Default); err != nil {
			t.Errorf("parameter %s: default %q is not valid: %v", p.Key, p.Default, err)
		}
	}
	for tag := range tags {
		if !seen[tag] {
			t.Errorf("System field %s has no parameter", tag)
		}
	}
	sys, err := buildSystem(map[string]string{"qtyPlaces": "9", "companyName": "Acme"}, "2024-03-01")
	if err != nil {
		t.Fatal(err)
	}
	if sys.QtyPlaces != 2 || sys.CompanyName != "Acme" || sys.StartDate != "2024-03-01" || sys.TaxRequiredInput.String() != "13" || sys.InitPassword != "" || sys.PasswordMinLength != 8 {
		t.Fatalf("system: %+v", sys)
	}
}

func TestParamChecks(t *testing.T) {
	str := func(s string) Value { return Value{Set: true, Str: true, Text: s} }
	num := func(s string) Value { return Value{Set: true, Text: s} }
	tests := []struct {
		key     string
		v       Value
		want    string // stored form when valid
		wantErr string // error key when not
	}{
		{"qtyPlaces", num("3"), "3", ""},
		{"qtyPlaces", str("0"), "0", ""},
		{"qtyPlaces", num("7"), "", "err.outOfRange"},
		{"qtyPlaces", num("-1"), "", "err.outOfRange"},
		{"qtyPlaces", num("2.5"), "", "err.invalid"},
		{"qtyPlaces", Value{Set: true, Null: true}, "", "err.required"},
		{"multiUnit", Value{Set: true, Bool: true, Text: "false"}, "0", ""},
		{"multiUnit", num("2"), "", "err.oneOf"},
		{"valMethods", str("fifo"), "fifo", ""},
		{"valMethods", str("lifo"), "", "err.oneOf"},
		{"priceSequence", str(" lastPrice , cLevelPrice "), "lastPrice,cLevelPrice", ""},
		{"priceSequence", str("lastPrice,lastPrice"), "", "sysconf.err.listDuplicate"},
		{"priceSequence", str("cheapest"), "", "sysconf.err.listItem"},
		{"priceSequence", str(" , "), "", "err.required"},
		{"taxRequiredInput", num("12.50"), "12.5", ""},
		{"taxRequiredInput", str("0"), "0", ""},
		{"taxRequiredInput", num("12.555"), "", "err.tooManyDecimals"},
		{"taxRequiredInput", num("100.01"), "", "err.outOfRange"},
		{"taxRequiredInput", str("abc"), "", "err.invalid"},
		{"startDate", str("2024-02-29"), "2024-02-29", ""},
		{"startDate", str("2023-02-29"), "", "sysconf.err.date"},
		{"startDate", str(""), "", "err.required"},
		{"startDate", num("20240101"), "", "err.invalid"},
		{"closeDate", str(""), "", ""},
		{"closeDate", str("2024/01/01"), "", "sysconf.err.date"},
		{"companyName", str("  Acme  "), "Acme", ""},
		{"companyName", str(""), "", "err.required"},
		{"companyName", str(strings.Repeat("名", 101)), "", "err.tooLong"},
		{"companyPostcode", num("100000"), "100000", ""},
		{"companyPhone", Value{Set: true, Bool: true, Text: "true"}, "", "err.invalid"},
		{"companyPhone", num("[1]"), "", "err.invalid"},
		{"sys.user.initPassword", str("abc"), "", "err.tooShort"},
		{"sys.user.initPassword", str("abcdef"), "", "err.tooShort"},
		{"sys.user.initPassword", str("password123"), "", "auth.err.passwordCommon"},
		{"sys.user.initPassword", str("Ginger-Teapot-9"), "Ginger-Teapot-9", ""},
		{"passwordMinLength", num("7"), "", "err.outOfRange"},
		{"passwordMinLength", num("12"), "12", ""},
		{"sys.user.initPassword", num("123456"), "", "err.invalid"},
	}
	for _, tt := range tests {
		p, ok := FindParam(tt.key)
		if !ok {
			t.Fatalf("no parameter %s", tt.key)
		}
		var f errs.Fields
		got := p.Check(&f, p.Key, tt.v, auth.CheckPassword)
		err := f.Err()
		if tt.wantErr == "" {
			if err != nil || got != tt.want {
				t.Errorf("%s %+v: got %q, %v; want %q", tt.key, tt.v, got, err, tt.want)
			}
			continue
		}
		e, ok := errs.As(err)
		if !ok || e.Key != tt.wantErr || e.Fields[0].Path != tt.key {
			t.Errorf("%s %+v: got %v, want %s", tt.key, tt.v, err, tt.wantErr)
		}
	}
}
