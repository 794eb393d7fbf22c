// Package sysparam is the system parameters as the rest of the server reads
// them: their definitions, checks and typed view, read from the configs
// table. It imports no HTTP and no domain, so the stock engine and master
// data may read settings; package sysconf serves and edits them.
package sysparam

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// Kind is how a system parameter's value is written and checked.
type Kind int

const (
	KindText     Kind = iota // free text up to Max characters
	KindDate                 // YYYY-MM-DD
	KindInt                  // integer in [Min, Max]
	KindFlag                 // 0 or 1
	KindEnum                 // one of Allowed
	KindList                 // comma-separated list of distinct Allowed values, in order
	KindRate                 // decimal in [Min, Max] with at most Places decimals
	KindPassword             // a password (the rules Check is handed)
)

// Param defines one system parameter: a built-in row of the configs table
// whose config_key is Key (also its JSON name). Its label, in both
// languages, is the i18n key "sysconf.param.<Key>".
type Param struct {
	Key      string
	Kind     Kind
	Default  string // stored form; startDate's default is the first start's date
	Required bool   // text and date kinds: may not be empty
	Max      int64  // text: max characters; int, rate: upper bound
	Min      int64  // int, rate: lower bound
	Places   int    // rate: max decimals
	Allowed  []string
}

// Label is the i18n key of the parameter's name.
func (p Param) Label() errs.Key { return errs.Key("sysconf.param." + p.Key) }

// Parameter keys that other code refers to by name.
const (
	KeyStartDate    = "startDate"
	KeyInitPassword = "sys.user.initPassword"
)

// Masked replaces the initial password for callers who may not read it.
const Masked = "******"

// Params is the definition table of every system parameter, in display order:
// the single source of defaults, validation, the GET/POST /api/config/system
// shapes and the seeded rows. Each Key must match a json tag of System.
func Params() []Param {
	flag := func(key, def string) Param { return Param{Key: key, Kind: KindFlag, Default: def} }
	text := func(key, def string, max int64, required bool) Param {
		return Param{Key: key, Kind: KindText, Default: def, Max: max, Required: required}
	}
	places := func(key string) Param { return Param{Key: key, Kind: KindInt, Default: "2", Min: 0, Max: 6} }
	return []Param{
		text("companyName", "仓鼠商贸", 100, true),
		text("companyAddress", "", 200, false),
		text("companyPhone", "", 30, false),
		text("companyFax", "", 30, false),
		text("companyPostcode", "", 20, false),
		text("companyTaxNo", "", 50, false),
		text("companyBank", "", 100, false),
		text("companyAccount", "", 50, false),
		{Key: KeyStartDate, Kind: KindDate, Required: true},
		text("currency", "RMB", 10, true),
		places("qtyPlaces"),
		places("pricePlaces"),
		places("amountPlaces"),
		{Key: "valMethods", Kind: KindEnum, Default: "movingAverage", Allowed: []string{"movingAverage", "fifo"}},
		// The price sources a document line looks up, in order (later domains add sources).
		{Key: "priceSequence", Kind: KindList, Default: "cLevelPrice", Allowed: []string{"cLevelPrice", "lastPrice"}},
		flag("requiredCheckStore", "1"),
		flag("taxRequiredCheck", "0"),
		{Key: "taxRequiredInput", Kind: KindRate, Default: "13", Min: 0, Max: 100, Places: 2},
		flag("invPriceIsTax", "0"),
		flag("multiUnit", "1"),
		flag("enableAssistingProp", "0"),
		flag("ISSERNUM", "0"),
		flag("ISWARRANTY", "0"),
		{Key: "closeDate", Kind: KindDate},
		flag("allowOverFulfil", "0"),
		// the warehouse a new document starts in when the user has chosen none yet (0: the shop's first)
		{Key: "defaultLocationId", Kind: KindInt, Default: "0", Min: 0, Max: 1 << 53},
		flag("allowRegister", "0"),
		flag("showAgreement", "0"),
		// the password rule's minimum length: 8 (auth.MinPasswordLen) up to 64 (auth.MaxPasswordLen)
		{Key: "passwordMinLength", Kind: KindInt, Default: "8", Min: 8, Max: 64},
		// a new installation seeds a random one (SeedDefaults); see auth's password rule
		{Key: KeyInitPassword, Kind: KindPassword},
	}
}

// FindParam returns the definition of a parameter key.
func FindParam(key string) (Param, bool) {
	for _, p := range Params() {
		if p.Key == key {
			return p, true
		}
	}
	return Param{}, false
}

// System is the typed view of every system parameter (json names as the
// product names them; numbers travel as JSON numbers).
type System struct {
	CompanyName         string  `json:"companyName"`
	CompanyAddress      string  `json:"companyAddress"`
	CompanyPhone        string  `json:"companyPhone"`
	CompanyFax          string  `json:"companyFax"`
	CompanyPostcode     string  `json:"companyPostcode"`
	CompanyTaxNo        string  `json:"companyTaxNo"`
	CompanyBank         string  `json:"companyBank"`
	CompanyAccount      string  `json:"companyAccount"`
	StartDate           string  `json:"startDate"` // 启用日期, YYYY-MM-DD
	Currency            string  `json:"currency"`
	QtyPlaces           int     `json:"qtyPlaces"`
	PricePlaces         int     `json:"pricePlaces"`
	AmountPlaces        int     `json:"amountPlaces"`
	ValMethods          string  `json:"valMethods"`    // movingAverage | fifo
	PriceSequence       string  `json:"priceSequence"` // comma list of price sources
	RequiredCheckStore  int     `json:"requiredCheckStore"`
	TaxRequiredCheck    int     `json:"taxRequiredCheck"` // tax columns on documents
	TaxRequiredInput    dec.Dec `json:"taxRequiredInput"` // default tax rate, percent
	InvPriceIsTax       int     `json:"invPriceIsTax"`
	MultiUnit           int     `json:"multiUnit"`
	EnableAssistingProp int     `json:"enableAssistingProp"`
	ISSERNUM            int     `json:"ISSERNUM"`
	ISWARRANTY          int     `json:"ISWARRANTY"`
	CloseDate           string  `json:"closeDate"` // "" or YYYY-MM-DD: period closed up to this date
	AllowOverFulfil     int     `json:"allowOverFulfil"`
	DefaultLocationID   int64   `json:"defaultLocationId"`
	AllowRegister       int     `json:"allowRegister"`
	ShowAgreement       int     `json:"showAgreement"`
	PasswordMinLength   int     `json:"passwordMinLength"` // the password rule's minimum length
	// InitPassword is the password new users get; omitted from JSON when
	// empty (GET /api/home leaves it out).
	InitPassword string `json:"sys.user.initPassword,omitempty"`
}

// PriceSources is priceSequence as a list.
func (s System) PriceSources() []string { return strings.Split(s.PriceSequence, ",") }

// buildSystem turns stored texts into the typed view; a missing or
// unreadable stored value reads as the parameter's default.
func buildSystem(stored map[string]string, today string) (System, error) {
	m := make(map[string]any, len(Params()))
	for _, p := range Params() {
		def := p.Default
		if p.Key == KeyStartDate {
			def = today
		}
		v, ok := stored[p.Key]
		if !ok {
			v = def
		}
		typed, err := p.typed(v)
		if err != nil {
			if typed, err = p.typed(def); err != nil {
				return System{}, fmt.Errorf("parameter %s: default %q: %w", p.Key, def, err)
			}
		}
		m[p.Key] = typed
	}
	b, err := json.Marshal(m)
	if err != nil {
		return System{}, err
	}
	var s System
	if err := json.Unmarshal(b, &s); err != nil {
		return System{}, err
	}
	return s, nil
}

// typed reads a stored value: string, int64 or dec.Dec. It fails when the
// stored text does not satisfy the parameter's rules (a stored password was
// held to the password rules when it was written).
func (p Param) typed(stored string) (any, error) {
	var f errs.Fields
	norm := p.Check(&f, p.Key, Value{Text: stored, Str: true, Set: true}, nil)
	if err := f.Err(); err != nil {
		return nil, err
	}
	switch p.Kind {
	case KindInt, KindFlag:
		return strconv.ParseInt(norm, 10, 64)
	case KindRate:
		return dec.Parse(norm)
	}
	return norm, nil
}

// Value is a parameter value as a client sent it: a JSON string, number,
// boolean or null, or form text.
type Value struct {
	Set  bool   // the field was present
	Text string // the string, the number's literal, or "true"/"false"
	Str  bool   // sent as a string (JSON string or form text)
	Bool bool   // sent as a JSON boolean
	Null bool   // sent as JSON null
}

// UnmarshalJSON keeps the raw value for the parameter's own checks.
func (v *Value) UnmarshalJSON(b []byte) error {
	*v = Value{Set: true}
	s := strings.TrimSpace(string(b))
	switch {
	case s == "null":
		v.Null = true
	case s == "true" || s == "false":
		v.Bool, v.Text = true, s
	case strings.HasPrefix(s, `"`):
		v.Str = true
		return json.Unmarshal(b, &v.Text)
	case strings.HasPrefix(s, "{") || strings.HasPrefix(s, "["):
		v.Text = s // rejected by the checks as not valid
	default:
		v.Text = s
	}
	return nil
}

// UnmarshalText takes a form value.
func (v *Value) UnmarshalText(b []byte) error {
	*v = Value{Set: true, Str: true, Text: string(b)}
	return nil
}

var dateRe = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// ValidDate reports whether s is a real YYYY-MM-DD date.
func ValidDate(s string) bool {
	if !dateRe.MatchString(s) {
		return false
	}
	_, err := time.Parse("2006-01-02", s)
	return err == nil
}

// PasswordRule checks a password (auth.CheckPassword, handed in by the caller).
type PasswordRule func(path string, label errs.Key, pw string) error

// Check validates a value sent for the parameter, recording field errors at
// path, and returns its stored (normalised) form. A password is also held to
// password's rules when password is not nil.
func (p Param) Check(f *errs.Fields, path string, v Value, password PasswordRule) string {
	label := p.Label()
	bad := func() string { f.Add(path, "err.invalid", errs.A("field", label)); return "" }
	if v.Bool && p.Kind != KindFlag {
		return bad()
	}
	if !v.Str && !v.Null && (strings.HasPrefix(v.Text, "{") || strings.HasPrefix(v.Text, "[")) {
		return bad()
	}
	text := v.Text
	switch p.Kind {
	case KindText:
		if !v.Str && !v.Null {
			// A number is taken as its digits (postcodes, phone numbers).
			if _, err := strconv.ParseFloat(text, 64); err != nil {
				return bad()
			}
		}
		text = strings.TrimSpace(text)
		f.Text(path, label, text, p.Required, int(p.Max))
		return text
	case KindDate:
		if !v.Str && !v.Null {
			return bad()
		}
		text = strings.TrimSpace(text)
		if text == "" {
			if p.Required {
				f.Required(path, label)
			}
			return ""
		}
		if !ValidDate(text) {
			f.Add(path, "sysconf.err.date", errs.A("field", label))
		}
		return text
	case KindEnum:
		text = strings.TrimSpace(text)
		if text == "" {
			f.Required(path, label)
			return ""
		}
		errs.OneOf(f, path, label, text, p.Allowed...)
		return text
	case KindList:
		text = strings.TrimSpace(text)
		if text == "" {
			f.Required(path, label)
			return ""
		}
		var out []string
		seen := map[string]bool{}
		for _, part := range strings.Split(text, ",") {
			part = strings.TrimSpace(part)
			if part == "" {
				continue
			}
			if seen[part] {
				f.Add(path, "sysconf.err.listDuplicate", errs.A("field", label), errs.A("value", part))
				return ""
			}
			seen[part] = true
			known := false
			for _, a := range p.Allowed {
				known = known || a == part
			}
			if !known {
				f.Add(path, "sysconf.err.listItem", errs.A("field", label), errs.A("value", part), errs.A("allowed", strings.Join(p.Allowed, ", ")))
				return ""
			}
			out = append(out, part)
		}
		if len(out) == 0 {
			f.Required(path, label)
			return ""
		}
		return strings.Join(out, ",")
	case KindInt, KindFlag:
		text = strings.TrimSpace(text)
		if v.Bool {
			if text == "true" {
				return "1"
			}
			return "0"
		}
		if v.Null || text == "" {
			f.Required(path, label)
			return ""
		}
		n, err := strconv.ParseInt(text, 10, 64)
		if err != nil {
			return bad()
		}
		if p.Kind == KindFlag {
			errs.OneOf(f, path, label, n, 0, 1)
		} else {
			f.Range(path, label, n, p.Min, p.Max)
		}
		return strconv.FormatInt(n, 10)
	case KindRate:
		text = strings.TrimSpace(text)
		if v.Null || text == "" {
			f.Required(path, label)
			return ""
		}
		d, err := dec.Parse(text)
		if err != nil {
			return bad()
		}
		if d.LessThan(dec.FromInt(p.Min)) || dec.FromInt(p.Max).LessThan(d) {
			f.Add(path, "err.outOfRange", errs.A("field", label), errs.A("min", p.Min), errs.A("max", p.Max))
			return ""
		}
		if d.Places() > p.Places {
			f.Add(path, "err.tooManyDecimals", errs.A("field", label), errs.A("places", p.Places))
			return ""
		}
		return d.String()
	case KindPassword:
		if !v.Str {
			return bad()
		}
		if password != nil {
			if err := password(path, label, text); err != nil {
				addAll(f, err)
			}
		}
		return text
	}
	return bad()
}

// addAll copies the field errors of err into f.
func addAll(f *errs.Fields, err error) {
	if e, ok := errs.As(err); ok {
		for _, fe := range e.Fields {
			f.Add(fe.Path, fe.Key, fe.Args...)
		}
	}
}
