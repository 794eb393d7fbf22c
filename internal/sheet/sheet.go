// Package sheet reads and writes the Excel files of imports and exports:
// a template with headers in the caller's language, reading the rows of an
// uploaded file by header (in either language), the import report (every
// bad cell with its row, column and reason) and streamed exports.
//
// Imports are all or nothing: the caller checks every row, answers the
// report when any row is bad (nothing written), and otherwise writes all
// rows in one transaction. With dryRun the report is answered either way.
package sheet

import (
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Column is one column of a template, an import or an export.
type Column struct {
	Key      string     // field name: the path in row errors, also accepted as a header
	Label    errs.Key   // header, translated
	Required bool       // an import needs it: the template header carries a *
	Width    float64    // Excel column width (0 = 14)
	Text     bool       // keep as text (numbers, barcodes, mobiles)
	Choices  []errs.Key // drop-down list of the template
	NumFmt   string     // export: the number format of the column's numeric cells ("#,##0.00")
	Headers  []string   // more headers an import accepts, as written (a custom field's label in each language)
	Verbatim bool       // Label and Choices are texts as written, not catalogue keys (a custom field's)
}

// text is k in lang: translated, or as written for a verbatim column.
func (c Column) text(lang i18n.Lang, k errs.Key) string {
	if c.Verbatim {
		return string(k)
	}
	return i18n.T(lang, string(k))
}

// Header is the column's header in lang (with * when required).
func (c Column) Header(lang i18n.Lang) string {
	h := c.text(lang, c.Label)
	if c.Required {
		h += "*"
	}
	return h
}

// Names are the headers an import reads as the column: its label in each
// language, its other headers and its key.
func (c Column) Names() []string {
	var out []string
	for _, l := range i18n.Langs {
		out = append(out, c.text(l, c.Label))
	}
	out = append(out, c.Headers...)
	return append(out, c.Key)
}

// SameHeader tells whether an import reads headers a and b as one (case,
// spaces and the required star aside).
func SameHeader(a, b string) bool {
	n := normHeader(a)
	return n != "" && n == normHeader(b)
}

func normHeader(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '*' || r == '＊' || unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

// Template is an import template with one example row.
func Template(lang i18n.Lang, name, sheetName errs.Key, cols []Column, example []any) (server.File, error) {
	return write(lang, name, sheetName, cols, true, func(add func([]any) error) error { return add(example) })
}

// Export writes rows under the columns' headers; rows calls add once per row.
func Export(lang i18n.Lang, name, sheetName errs.Key, cols []Column, rows func(add func([]any) error) error) (server.File, error) {
	return write(lang, name, sheetName, cols, false, rows)
}

func write(lang i18n.Lang, name, sheetName errs.Key, cols []Column, template bool, rows func(add func([]any) error) error) (server.File, error) {
	f := excelize.NewFile()
	defer f.Close()
	sh := i18n.T(lang, string(sheetName))
	if err := f.SetSheetName("Sheet1", sh); err != nil {
		return server.File{}, err
	}
	text, err := f.NewStyle(&excelize.Style{NumFmt: 49})
	if err != nil {
		return server.File{}, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return server.File{}, err
	}
	numFmt := make([]int, len(cols))
	for i, c := range cols {
		if c.NumFmt != "" {
			nf := c.NumFmt
			if numFmt[i], err = f.NewStyle(&excelize.Style{CustomNumFmt: &nf}); err != nil {
				return server.File{}, err
			}
		}
		if c.Text {
			col, _ := excelize.ColumnNumberToName(i + 1)
			if err := f.SetColStyle(sh, col, text); err != nil {
				return server.File{}, err
			}
		}
		if template && len(c.Choices) > 0 {
			col, _ := excelize.ColumnNumberToName(i + 1)
			dv := excelize.NewDataValidation(true)
			dv.Sqref = fmt.Sprintf("%s2:%s%d", col, col, 10001)
			list := make([]string, len(c.Choices))
			for j, ch := range c.Choices {
				list[j] = c.text(lang, ch)
			}
			if err := dv.SetDropList(list); err == nil {
				f.AddDataValidation(sh, dv)
			}
		}
	}
	sw, err := f.NewStreamWriter(sh)
	if err != nil {
		return server.File{}, err
	}
	head := make([]any, len(cols))
	for i, c := range cols {
		w := c.Width
		if w == 0 {
			w = 14
		}
		sw.SetColWidth(i+1, i+1, w)
		head[i] = excelize.Cell{StyleID: bold, Value: c.Header(lang)}
		if !template {
			head[i] = excelize.Cell{StyleID: bold, Value: c.text(lang, c.Label)}
		}
	}
	if err := sw.SetRow("A1", head); err != nil {
		return server.File{}, err
	}
	n := 1
	err = rows(func(r []any) error {
		n++
		cell, _ := excelize.CoordinatesToCellName(1, n)
		for i := range r {
			if i < len(cols) && cols[i].Text {
				r[i] = excelize.Cell{StyleID: text, Value: r[i]}
			}
			if i < len(cols) && numFmt[i] != 0 {
				if _, isText := r[i].(string); !isText {
					r[i] = excelize.Cell{StyleID: numFmt[i], Value: r[i]}
				}
			}
		}
		return sw.SetRow(cell, r)
	})
	if err != nil {
		return server.File{}, err
	}
	if err := sw.Flush(); err != nil {
		return server.File{}, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return server.File{}, err
	}
	return server.File{Name: i18n.T(lang, string(name)), ContentType: server.XLSX, Data: buf.Bytes()}, nil
}

// Row is one non-blank data row of an uploaded file.
type Row struct {
	Line  int               // spreadsheet row number (the header is usually row 1)
	Cells map[string]string // trimmed values by column key
}

// Get is the cell of column key ("" when absent).
func (r Row) Get(key string) string { return r.Cells[key] }

// File is a read upload: the headers found (key → header as written) and the rows.
type File struct {
	Headers map[string]string
	Rows    []Row
}

// Read reads the first sheet of an uploaded file: the first non-blank row is
// the header row, matched to cols by label (either language) or key; then
// every non-blank row. A missing required column, an empty file or more
// than maxRows rows is a 400; so is a file past the limits of limits.go,
// checked on a stream of its unpacked parts before it is opened.
//
// r is best an uploaded file (io.ReaderAt and io.Seeker, as a multipart
// file is): it is checked where it is, without a copy.
func Read(lang i18n.Lang, r io.Reader, cols []Column, maxRows int) (File, error) {
	ra, size, err := readerAt(r)
	if err != nil {
		return File{}, errs.Invalid("err.badExcel")
	}
	if err := check(ra, size, maxRows+BlankRowsAllowance); err != nil {
		if e, ok := errs.As(err); ok {
			return File{}, e
		}
		return File{}, errs.Invalid("err.badExcel")
	}
	// Checked: the parts are no larger than they declare, and excelize
	// keeps every worksheet and the shared strings above 1 MB in temporary
	// files, reading them as streams.
	x, err := excelize.OpenReader(io.NewSectionReader(ra, 0, size), excelize.Options{
		UnzipSizeLimit: MaxUnzippedBytes, UnzipXMLSizeLimit: excelizeMemoryPart})
	if err != nil {
		return File{}, errs.Invalid("err.badExcel")
	}
	defer x.Close()
	sheets := x.GetSheetList()
	if len(sheets) == 0 {
		return File{}, errs.Invalid("err.badExcel")
	}
	it, err := x.Rows(sheets[0])
	if err != nil {
		return File{}, errs.Invalid("err.badExcel")
	}
	defer it.Close()
	known := map[string]string{}
	learn := func(h, key string) { // the first column claiming a header has it
		if n := normHeader(h); n != "" {
			if _, ok := known[n]; !ok {
				known[n] = key
			}
		}
	}
	for _, c := range cols {
		for _, h := range c.Names() {
			learn(h, c.Key)
		}
	}
	out := File{Headers: map[string]string{}}
	var colKey []string
	line := 0
	for it.Next() {
		line++
		cells, err := it.Columns(excelize.Options{RawCellValue: true})
		if err != nil {
			return File{}, errs.Invalid("err.badExcel")
		}
		if allBlank(cells) {
			continue
		}
		if colKey == nil {
			colKey = make([]string, len(cells))
			for i, h := range cells {
				if k, ok := known[normHeader(h)]; ok {
					if _, dup := out.Headers[k]; !dup {
						colKey[i] = k
						out.Headers[k] = strings.TrimSpace(h)
					}
				}
			}
			continue
		}
		if len(out.Rows) >= maxRows {
			return File{}, errs.Invalid("err.importTooManyRows", errs.A("max", maxRows))
		}
		row := Row{Line: line, Cells: make(map[string]string, len(cols))}
		for i, v := range cells {
			if i < len(colKey) && colKey[i] != "" {
				row.Cells[colKey[i]] = strings.TrimSpace(v)
			}
		}
		out.Rows = append(out.Rows, row)
	}
	if err := it.Error(); err != nil {
		return File{}, errs.Invalid("err.badExcel")
	}
	for _, c := range cols {
		if _, ok := out.Headers[c.Key]; c.Required && !ok {
			return File{}, errs.Invalid("err.importMissingColumn", errs.A("column", c.Header(lang)))
		}
	}
	if len(out.Rows) == 0 {
		return File{}, errs.Invalid("err.importEmpty")
	}
	return out, nil
}

// readerAt gives random access to an upload: the file itself when it
// allows it, else its bytes.
func readerAt(r io.Reader) (io.ReaderAt, int64, error) {
	if f, ok := r.(interface {
		io.ReaderAt
		io.Seeker
	}); ok {
		size, err := f.Seek(0, io.SeekEnd)
		if err != nil {
			return nil, 0, err
		}
		return f, size, nil
	}
	b, err := io.ReadAll(r)
	if err != nil {
		return nil, 0, err
	}
	return bytes.NewReader(b), int64(len(b)), nil
}

// Date turns a date cell read raw (an Excel serial number such as "45292")
// into YYYY-MM-DD; any other text stays as it is.
func Date(v string) string {
	if n, err := strconv.ParseFloat(v, 64); err == nil && n > 0 && n < 2958466 {
		if t, err := excelize.ExcelDateToTime(n, false); err == nil {
			return t.Format(time.DateOnly)
		}
	}
	return v
}

func allBlank(cols []string) bool {
	for _, c := range cols {
		if strings.TrimSpace(c) != "" {
			return false
		}
	}
	return true
}

// Result is the import report. When InvalidCount > 0 nothing was written:
// fix the rows named in Errors and import the whole file again.
type Result struct {
	DryRun        bool       `json:"dryRun"`
	ValidCount    int        `json:"validCount"`
	InvalidCount  int        `json:"invalidCount"`
	ImportedCount int        `json:"importedCount"`
	Errors        []RowError `json:"errors"`
}

// RowError is one problem of one cell.
type RowError struct {
	Row     int    `json:"row"`
	Column  string `json:"column"` // the column's header as in the file ("" = the whole row)
	Field   string `json:"field"`  // the column key
	Message string `json:"message"`
}

// NewResult starts a report.
func NewResult(dryRun bool) Result { return Result{DryRun: dryRun, Errors: []RowError{}} }

// Add records one row's outcome: valid when err is nil; otherwise every
// field error of err (an *errs.Error) becomes a row error under its column.
// An error that is not an *errs.Error is returned (it is unexpected).
func (res *Result) Add(lang i18n.Lang, f File, row Row, err error) error {
	if err == nil {
		res.ValidCount++
		return nil
	}
	e, ok := errs.As(err)
	if !ok || e.Kind == errs.KindInternal {
		return err
	}
	res.InvalidCount++
	if len(e.Fields) == 0 {
		res.Errors = append(res.Errors, RowError{Row: row.Line, Message: i18n.T(lang, e.Key, e.Args...)})
		return nil
	}
	for _, fe := range e.Fields {
		res.Errors = append(res.Errors, RowError{Row: row.Line, Column: f.Headers[fe.Path], Field: fe.Path,
			Message: i18n.T(lang, fe.Key, fe.Args...)})
	}
	return nil
}
