// Package custom is custom fields (自定义字段): fields an administrator
// defines on goods, customers, suppliers and document headers, and the
// values the records carry in them. One mechanism serves every target: the
// definitions in custom_fields, the values in custom_values keyed by
// (target, row id, field), read and written by the owners' services through
// Prepare, Pending.Save, Load, MatchCond and Delete (docs/basic-data.md
// "Custom fields").
package custom

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// Targets: the records fields are defined on. TargetBill is every
// document's header (one set of fields for all document kinds).
const (
	TargetGoods    = "goods"
	TargetCustomer = "customer"
	TargetSupplier = "supplier"
	TargetBill     = "bill"
)

// Targets lists the targets.
var Targets = []string{TargetGoods, TargetCustomer, TargetSupplier, TargetBill}

// Types of fields.
const (
	TypeText   = "text"
	TypeNumber = "number"
	TypeDate   = "date"
	TypeChoice = "choice"
	TypeBool   = "bool"
)

// Types lists the types.
var Types = []string{TypeText, TypeNumber, TypeDate, TypeChoice, TypeBool}

// Limits (docs/limits.md).
const (
	MaxPerTarget = 20  // fields per target, enabled or not
	MaxLabel     = 30  // characters of a label
	MaxText      = 200 // characters of a text value
	MaxOptions   = 50  // choices of a single-choice field
	MaxOption    = 50  // characters of a choice
	NumberPlaces = 6   // decimals of a number value
	maxSort      = 9999
	labelTarget  = errs.Key("custom.field.target")
	labelLabel   = errs.Key("custom.field.label")
	labelLabelEn = errs.Key("custom.field.labelEn")
	labelType    = errs.Key("custom.field.type")
	labelOptions = errs.Key("custom.field.options")
	labelSort    = errs.Key("custom.field.sort")
	codePrefix   = "f"
	pathPrefix   = "custom."
	optionsSep   = "\n"
)

// Field is one definition as the lists answer it.
type Field struct {
	ID         int64    `json:"id"`
	Code       string   `json:"code"` // the key of its value in a record's custom object: "f" + id
	Target     string   `json:"target"`
	Label      string   `json:"label"` // in the caller's language (the other one when empty)
	LabelZh    string   `json:"labelZh"`
	LabelEn    string   `json:"labelEn"`
	Type       string   `json:"type"`
	Options    []string `json:"options"`
	Required   int      `json:"required"`
	InList     int      `json:"inList"`
	Searchable int      `json:"searchable"`
	Sort       int      `json:"sort"`
	Disable    int      `json:"disable"`
}

// Code is the wire key of field id.
func Code(id int64) string { return codePrefix + strconv.FormatInt(id, 10) }

// Texts is the field's label in both languages, for messages and headers.
func (f Field) Texts() errs.Texts { return errs.Texts{ZH: f.LabelZh, EN: f.LabelEn} }

// Input is what add and update take. On update the id names the field; its
// target stays.
type Input struct {
	ID         int64   `json:"id"`
	Target     string  `json:"target"`
	LabelZh    string  `json:"labelZh"`
	LabelEn    string  `json:"labelEn"`
	Type       string  `json:"type"`
	Options    Options `json:"options"`
	Required   int64   `json:"required"`
	InList     int64   `json:"inList"`
	Searchable int64   `json:"searchable"`
	Sort       int64   `json:"sort"`
	Disable    int64   `json:"disable"`
}

// Options are the choices of a single-choice field: a JSON list, or text
// with one choice per line (form posts).
type Options []string

// UnmarshalJSON accepts a list or a string of lines.
func (o *Options) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return o.UnmarshalText([]byte(s))
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*o = list
	return nil
}

// UnmarshalText reads one choice per line.
func (o *Options) UnmarshalText(b []byte) error {
	*o = strings.Split(string(b), optionsSep)
	return nil
}

// validate trims and checks a definition into f; an update (typ known)
// keeps its target.
func (in *Input) validate(f *errs.Fields) {
	in.Target = strings.TrimSpace(in.Target)
	in.LabelZh = strings.TrimSpace(in.LabelZh)
	in.LabelEn = strings.TrimSpace(in.LabelEn)
	in.Type = strings.TrimSpace(in.Type)
	if in.ID == 0 && !slices.Contains(Targets, in.Target) {
		if in.Target == "" {
			f.Required("target", labelTarget)
		} else {
			f.Add("target", "err.oneOf", errs.A("field", labelTarget))
		}
	}
	if in.LabelZh == "" && in.LabelEn == "" {
		f.Required("labelZh", labelLabel)
	}
	checkLabel(f, "labelZh", labelLabel, in.LabelZh)
	checkLabel(f, "labelEn", labelLabelEn, in.LabelEn)
	if !slices.Contains(Types, in.Type) {
		if in.Type == "" {
			f.Required("type", labelType)
		} else {
			f.Add("type", "err.oneOf", errs.A("field", labelType))
		}
	}
	var opts []string
	seen := map[string]bool{}
	for _, o := range in.Options {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if seen[o] {
			f.Add("options", "custom.err.optionTwice", errs.A("option", o))
			continue
		}
		seen[o] = true
		if utf8.RuneCountInString(o) > MaxOption || !plain(o) {
			f.Add("options", "custom.err.option", errs.A("max", MaxOption))
		}
		opts = append(opts, o)
	}
	in.Options = opts
	if in.Type == TypeChoice {
		if len(opts) == 0 {
			f.Required("options", labelOptions)
		} else if len(opts) > MaxOptions {
			f.Add("options", "custom.err.tooManyOptions", errs.A("max", MaxOptions))
		}
	} else {
		in.Options = nil
	}
	for _, fl := range []struct {
		path string
		v    int64
	}{{"required", in.Required}, {"inList", in.InList}, {"searchable", in.Searchable}, {"disable", in.Disable}} {
		errs.OneOf(f, fl.path, errs.Key("custom.field."+fl.path), fl.v, 0, 1)
	}
	f.Range("sort", labelSort, in.Sort, 0, maxSort)
}

func checkLabel(f *errs.Fields, path string, label errs.Key, v string) {
	if utf8.RuneCountInString(v) > MaxLabel {
		f.Add(path, "err.tooLong", errs.A("field", label), errs.A("max", MaxLabel))
	} else if !plain(v) {
		f.Add(path, "custom.err.plain", errs.A("field", label))
	}
}

// plain tells whether s is printable text without markup: no control
// characters (NUL …) and no angle brackets.
func plain(s string) bool {
	for _, r := range s {
		if unicode.IsControl(r) || r == '<' || r == '>' || r == utf8.RuneError {
			return false
		}
	}
	return true
}

// Values are a record's custom values as sent: field code → JSON value
// (string, number, true/false; null or "" clears it). A record's input
// struct carries them as `custom`; absent (nil) keeps what is stored.
type Values map[string]json.RawMessage

// UnmarshalText reads the JSON text of the object (form fields).
func (v *Values) UnmarshalText(b []byte) error {
	if strings.TrimSpace(string(b)) == "" {
		*v = nil
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	*v = m
	return nil
}

// UnmarshalJSON accepts an object or a string holding one.
func (v *Values) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return v.UnmarshalText([]byte(s))
	}
	if string(b) == "null" {
		*v = nil
		return nil
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return err
	}
	if m == nil {
		m = map[string]json.RawMessage{}
	}
	*v = m
	return nil
}

// Map is a record's custom values as answered: field code → value (text,
// choice and date as strings, numbers exact, yes/no 0/1). Only enabled
// fields are in it.
type Map map[string]any

var dateRe = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)

// parse checks one sent value of field d (path "custom.f3") and answers it
// in stored form ("" = none).
func parse(f *errs.Fields, path string, d Field, raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return ""
	}
	var text string
	isString := s[0] == '"'
	if isString {
		if err := json.Unmarshal(raw, &text); err != nil {
			f.Add(path, "err.invalid", errs.A("field", d.Texts()))
			return ""
		}
		text = strings.TrimSpace(text)
		if text == "" {
			return ""
		}
	} else {
		text = s
	}
	bad := func() string { f.Add(path, "custom.err.type."+d.Type, errs.A("field", d.Texts())); return "" }
	switch d.Type {
	case TypeText:
		if !isString && s[0] != '-' && (s[0] < '0' || s[0] > '9') {
			return bad()
		}
		if utf8.RuneCountInString(text) > MaxText {
			f.Add(path, "err.tooLong", errs.A("field", d.Texts()), errs.A("max", MaxText))
			return ""
		}
		if !plain(text) {
			f.Add(path, "custom.err.plain", errs.A("field", d.Texts()))
			return ""
		}
		return text
	case TypeNumber:
		if len(text) > 40 {
			return bad()
		}
		n, err := dec.Parse(text)
		if err != nil {
			return bad()
		}
		if n.Places() > NumberPlaces || dec.Max.LessThan(n.Abs()) {
			f.Add(path, "custom.err.number", errs.A("field", d.Texts()), errs.A("places", NumberPlaces), errs.A("max", dec.Max.String()))
			return ""
		}
		return n.String()
	case TypeDate:
		if !isString || !validDate(text) {
			return bad()
		}
		return text
	case TypeChoice:
		if !isString || !slices.Contains(d.Options, text) {
			f.Add(path, "custom.err.choice", errs.A("field", d.Texts()))
			return ""
		}
		return text
	case TypeBool:
		switch text {
		case "true", "1":
			return "1"
		case "false", "0":
			return ""
		}
		return bad()
	}
	return bad()
}

func validDate(s string) bool {
	if !dateRe.MatchString(s) {
		return false
	}
	m, _ := strconv.Atoi(s[5:7])
	day, _ := strconv.Atoi(s[8:10])
	y, _ := strconv.Atoi(s[:4])
	if m < 1 || m > 12 || day < 1 {
		return false
	}
	days := []int{31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31}[m-1]
	if m == 2 && (y%4 == 0 && (y%100 != 0 || y%400 == 0)) {
		days = 29
	}
	return day <= days
}

// answer is a stored value as the wire has it.
func answer(d Field, v string) any {
	switch d.Type {
	case TypeNumber:
		n, err := dec.Parse(v)
		if err != nil {
			return v
		}
		return n
	case TypeBool:
		if v == "1" {
			return 1
		}
		return 0
	}
	return v
}

// searchText is what matchCon looks in for a stored value.
func searchText(d Field, v string) string {
	if d.Type == TypeBool {
		return ""
	}
	return search.Text(v)
}

// check merges sent over the stored values cur (field id → stored text)
// and checks the result against the enabled definitions: types, choices,
// lengths, and required fields. A code of no enabled field of the target is
// refused. The answer is the values to store (field id → text).
func check(f *errs.Fields, defs []Field, sent Values, cur map[int64]string) map[int64]string {
	out := make(map[int64]string, len(cur))
	byCode := make(map[string]Field, len(defs))
	for _, d := range defs {
		byCode[d.Code] = d
		if v, ok := cur[d.ID]; ok {
			out[d.ID] = v // disabled fields keep their values
		}
	}
	if len(sent) > MaxPerTarget {
		// more codes than a target can have fields: one error, not one per code
		f.Add("custom", "custom.err.tooManyValues", errs.A("max", MaxPerTarget))
		return out
	}
	codes := make([]string, 0, len(sent))
	for c := range sent {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	for _, c := range codes {
		d, ok := byCode[c]
		path := pathPrefix + c
		if !ok || d.Disable == 1 {
			if len(c) > 40 {
				path = pathPrefix + "?"
			}
			f.Add(path, "custom.err.unknown", errs.A("code", strings.Map(printable, truncate(c, 40))))
			continue
		}
		v := parse(f, path, d, sent[c])
		if v == "" {
			delete(out, d.ID)
		} else {
			out[d.ID] = v
		}
	}
	for _, d := range defs {
		if d.Disable == 0 && d.Required == 1 && d.Type != TypeBool && out[d.ID] == "" && !f.Has(pathPrefix+d.Code) {
			f.Add(pathPrefix+d.Code, "err.required", errs.A("field", d.Texts()))
		}
	}
	return out
}

func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

func printable(r rune) rune {
	if unicode.IsControl(r) || r == '<' || r == '>' {
		return -1
	}
	return r
}
