package sheet_test

import (
	"bytes"
	"testing"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/sheet"
)

var cols = []sheet.Column{
	{Key: "number", Label: "field.code", Text: true},
	{Key: "name", Label: "field.name", Required: true},
	{Key: "remark", Label: "field.remark"},
}

func book(t *testing.T, rows ...[]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestTemplateReadsBackInEitherLanguage(t *testing.T) {
	for _, lang := range i18n.Langs {
		tpl, err := sheet.Template(lang, "field.file", "field.name", cols, []any{"007", "Tea", ""})
		if err != nil {
			t.Fatal(err)
		}
		f, err := sheet.Read(i18n.Langs[0], bytes.NewReader(tpl.Data), cols, 10)
		if err != nil {
			t.Fatalf("%s: %v", lang, err)
		}
		if len(f.Rows) != 1 || f.Rows[0].Get("number") != "007" || f.Rows[0].Get("name") != "Tea" || f.Rows[0].Line != 2 {
			t.Errorf("%s: rows %+v", lang, f.Rows)
		}
		if f.Headers["name"] != cols[1].Header(lang) {
			t.Errorf("%s: header %q", lang, f.Headers["name"])
		}
	}
}

func TestReadSkipsBlankRowsAndMatchesKeys(t *testing.T) {
	data := book(t, []any{}, []any{"NAME", "remark", "other"}, []any{"a", "x", "ignored"}, []any{"", ""}, []any{"b"})
	f, err := sheet.Read(i18n.Langs[0], bytes.NewReader(data), cols, 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rows) != 2 || f.Rows[0].Line != 3 || f.Rows[1].Line != 5 || f.Rows[1].Get("name") != "b" || f.Rows[0].Get("other") != "" {
		t.Errorf("rows %+v", f.Rows)
	}
}

func TestReadRefusesBadFiles(t *testing.T) {
	for name, c := range map[string]struct {
		data []byte
		key  string
	}{
		"not excel":      {[]byte("a,b\n"), "err.badExcel"},
		"missing column": {book(t, []any{"remark"}, []any{"x"}), "err.importMissingColumn"},
		"no rows":        {book(t, []any{"name"}), "err.importEmpty"},
		"too many rows":  {book(t, []any{"name"}, []any{"a"}, []any{"b"}, []any{"c"}), "err.importTooManyRows"},
	} {
		_, err := sheet.Read(i18n.Langs[0], bytes.NewReader(c.data), cols, 2)
		if e, ok := errs.As(err); !ok || e.Key != c.key {
			t.Errorf("%s: want %s, got %v", name, c.key, err)
		}
	}
}

func TestResultCollectsFieldErrorsUnderTheirColumns(t *testing.T) {
	f := sheet.File{Headers: map[string]string{"name": "名称*"}}
	res := sheet.NewResult(true)
	var fe errs.Fields
	fe.Required("name", "field.name")
	if err := res.Add(i18n.Langs[0], f, sheet.Row{Line: 4}, fe.Err()); err != nil {
		t.Fatal(err)
	}
	if err := res.Add(i18n.Langs[0], f, sheet.Row{Line: 5}, nil); err != nil {
		t.Fatal(err)
	}
	if res.InvalidCount != 1 || res.ValidCount != 1 || len(res.Errors) != 1 || res.Errors[0].Row != 4 || res.Errors[0].Column != "名称*" || res.Errors[0].Message == "" {
		t.Errorf("result %+v", res)
	}
}

// A column's extra headers (a custom field's labels) are read; a header
// two columns claim belongs to the first (a custom field labelled like a
// built-in column does not take its cells).
func TestReadExtraHeaders(t *testing.T) {
	t.Parallel()
	extra := append(cols[:len(cols):len(cols)],
		sheet.Column{Key: "custom.f1", Label: "产地", Headers: []string{"产地", "Origin"}},
		sheet.Column{Key: "custom.f2", Label: "Remark", Headers: []string{"备注", "Remark"}})
	for _, c := range []struct {
		name   string
		header []any
		want   map[string]string
	}{
		{"zh label", []any{"名称", "产地"}, map[string]string{"name": "a", "custom.f1": "b"}},
		{"en label", []any{"名称", " origin* "}, map[string]string{"name": "a", "custom.f1": "b"}},
		{"key", []any{"名称", "custom.f1"}, map[string]string{"name": "a", "custom.f1": "b"}},
		{"built-in first", []any{"名称", "remark"}, map[string]string{"name": "a", "remark": "b"}},
	} {
		f, err := sheet.Read(i18n.Langs[0], bytes.NewReader(book(t, c.header, []any{"a", "b"})), extra, 10)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for k, v := range c.want {
			if f.Rows[0].Get(k) != v {
				t.Errorf("%s: %s = %q, want %q (%+v)", c.name, k, f.Rows[0].Get(k), v, f.Rows[0])
			}
		}
		if len(f.Rows[0].Cells) != len(c.want) {
			t.Errorf("%s: cells %+v", c.name, f.Rows[0].Cells)
		}
	}
}

func TestDate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"45351": "2024-02-29", "2024-02-29": "2024-02-29", "": "", "abc": "abc", "-1": "-1", "1e400": "1e400"} {
		if got := sheet.Date(in); got != want {
			t.Errorf("Date(%q) = %q, want %q", in, got, want)
		}
	}
}
