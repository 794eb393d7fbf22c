package custom

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/sheet"
)

// Columns are the spreadsheet columns of the enabled fields defs, for
// exports, import templates and imports alike: headed by the label in lang
// (verbatim: a label or a choice is no catalogue key), read back under
// either language's label or the key, which is the path of the field's
// errors ("custom.f3"). A required field (not yes/no) is a required column;
// choice and yes/no fields get the template's drop-down list.
func Columns(defs []Field, lang i18n.Lang) []sheet.Column {
	var cols []sheet.Column
	for _, d := range Enabled(defs) {
		c := sheet.Column{Key: pathPrefix + d.Code, Label: errs.Key(d.In(lang)), Headers: []string{d.LabelZh, d.LabelEn},
			Width: 16, Text: d.Type != TypeNumber, Required: d.Required == 1 && d.Type != TypeBool, Verbatim: true}
		switch d.Type {
		case TypeChoice:
			for _, o := range d.Options {
				c.Choices = append(c.Choices, errs.Key(o))
			}
		case TypeBool:
			c.Choices = []errs.Key{errs.Key(i18n.T(lang, "custom.yes")), errs.Key(i18n.T(lang, "custom.no"))}
		}
		cols = append(cols, c)
	}
	return cols
}

// Cells are a record's values in the order of Columns(defs, lang).
func Cells(defs []Field, m Map, lang i18n.Lang) []any {
	var out []any
	for _, d := range Enabled(defs) {
		v, ok := m[d.Code]
		switch {
		case !ok:
			out = append(out, "")
		case d.Type == TypeBool:
			key := "custom.no"
			if v == 1 {
				key = "custom.yes"
			}
			out = append(out, i18n.T(lang, key))
		default:
			out = append(out, fmt.Sprint(v))
		}
	}
	return out
}

// Example is a valid value per enabled field, in the order of Columns, for
// a template's example row (written as an export writes them, so the
// template imports unchanged): a text its label, a number 1, a date
// today, a choice its first option, yes/no yes.
func Example(defs []Field, lang i18n.Lang) []any {
	m := Map{}
	for _, d := range Enabled(defs) {
		switch d.Type {
		case TypeText:
			m[d.Code] = d.In(lang)
		case TypeNumber, TypeBool:
			m[d.Code] = 1
		case TypeDate:
			m[d.Code] = time.Now().Format(time.DateOnly)
		case TypeChoice:
			if len(d.Options) > 0 {
				m[d.Code] = d.Options[0]
			}
		}
	}
	return Cells(defs, m, lang)
}

// Sheet reads the custom values of an import's rows, the definitions of
// its target read once.
type Sheet struct {
	target string
	defs   []Field
}

// ForSheet reads the definitions of target for an import.
func ForSheet(ctx context.Context, q db.Querier, target string) (Sheet, error) {
	defs, err := Defs(ctx, q, target)
	return Sheet{target: target, defs: defs}, err
}

// Columns are the import's custom columns (see Columns).
func (s Sheet) Columns(lang i18n.Lang) []sheet.Column { return Columns(s.defs, lang) }

// Example is the template's example cells of the custom columns (see Example).
func (s Sheet) Example(lang i18n.Lang) []any { return Example(s.defs, lang) }

// Row checks the custom cells of a row of a new record into f, as a save
// through add checks a body's custom object (types, choices, lengths,
// required fields): a blank cell is no value; yes/no cells also take the
// export's 是/否 and Yes/No, and date cells Excel dates. The answer is the
// values to save once the record has its id.
func (s Sheet) Row(row sheet.Row, f *errs.Fields) Pending {
	sent := Values{}
	for _, d := range Enabled(s.defs) {
		v := row.Get(pathPrefix + d.Code)
		if v == "" {
			continue
		}
		switch d.Type {
		case TypeBool:
			v = yesNo(v)
		case TypeDate:
			v = sheet.Date(v)
		}
		raw, _ := json.Marshal(v) // bytes that are no UTF-8 become U+FFFD, which check refuses
		sent[d.Code] = raw
	}
	p := Pending{target: s.target, defs: s.defs, values: check(f, s.defs, sent, nil)}
	if len(p.values) == 0 {
		p.values = nil // a new record: nothing to write
	}
	return p
}

// yesNo reads a yes/no cell: the words in either language as 1 or 0,
// anything else as it is (for check to accept or refuse).
func yesNo(v string) string {
	for _, l := range i18n.Langs {
		switch {
		case strings.EqualFold(v, i18n.T(l, "custom.yes")):
			return "1"
		case strings.EqualFold(v, i18n.T(l, "custom.no")):
			return "0"
		}
	}
	return strings.ToLower(v)
}
