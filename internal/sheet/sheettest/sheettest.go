// Package sheettest makes Excel files for tests: ordinary ones, and the
// hostile ones the import limits refuse (docs/limits.md "Excel imports"),
// written as streams so that a file holding a 400 MB cell costs its
// compressed size (about 400 KB), not 400 MB.
package sheettest

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/xuri/excelize/v2"
)

// Book is an ordinary workbook holding rows on its first sheet.
func Book(rows ...[]any) []byte {
	f := excelize.NewFile()
	defer f.Close()
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+1)
		if err := f.SetSheetRow("Sheet1", cell, &r); err != nil {
			panic(err)
		}
	}
	var b bytes.Buffer
	if _, err := f.WriteTo(&b); err != nil {
		panic(err)
	}
	return b.Bytes()
}

// Part is one part of a workbook written as a stream.
type Part struct {
	Name  string
	Write func(w io.Writer)
}

// Build is a workbook made by excelize (with one shared string, so that the
// shared strings part exists) whose parts named in parts are replaced, or
// added, by the streamed ones.
func Build(parts ...Part) []byte {
	f := excelize.NewFile()
	f.SetCellStr("Sheet1", "A1", "x")
	var base bytes.Buffer
	if _, err := f.WriteTo(&base); err != nil {
		panic(err)
	}
	f.Close()
	zr, err := zip.NewReader(bytes.NewReader(base.Bytes()), int64(base.Len()))
	if err != nil {
		panic(err)
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	zw.RegisterCompressor(zip.Deflate, func(w io.Writer) (io.WriteCloser, error) { return flate.NewWriter(w, flate.BestSpeed) })
	replaced := map[string]bool{}
	for _, p := range parts {
		replaced[p.Name] = true
	}
	for _, zf := range zr.File {
		if replaced[zf.Name] {
			continue
		}
		w, _ := zw.Create(zf.Name)
		rc, _ := zf.Open()
		io.Copy(w, rc)
		rc.Close()
	}
	for _, p := range parts {
		w, err := zw.Create(p.Name)
		if err != nil {
			panic(err)
		}
		p.Write(w)
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return out.Bytes()
}

const sheetPart = "xl/worksheets/sheet1.xml"

// Sheet is the first worksheet part: rows writes the rows (header included).
func Sheet(rows func(w io.Writer)) Part {
	return Part{sheetPart, func(w io.Writer) {
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+
			`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`)
		rows(w)
		io.WriteString(w, `</sheetData></worksheet>`)
	}}
}

// Row writes row r with inline-string cells from column A.
func Row(w io.Writer, r int, cells ...string) {
	fmt.Fprintf(w, `<row r="%d">`, r)
	for i, c := range cells {
		col, _ := excelize.ColumnNumberToName(i + 1)
		fmt.Fprintf(w, `<c r="%s%d" t="inlineStr"><is><t>`, col, r)
		xmlEscape(w, c)
		io.WriteString(w, `</t></is></c>`)
	}
	io.WriteString(w, `</row>`)
}

func xmlEscape(w io.Writer, s string) {
	r := strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")
	r.WriteString(w, s)
}

// repeat writes n bytes of c.
func repeat(w io.Writer, c byte, n int64) {
	chunk := bytes.Repeat([]byte{c}, 64<<10)
	for n > 0 {
		k := min(n, int64(len(chunk)))
		w.Write(chunk[:k])
		n -= k
	}
}

// Header is the header row the hostile files carry (any import's header
// is checked only after the limits).
var Header = []string{"名称", "Name"}

// Cell is a workbook whose row 2 holds one inline-string cell of n
// characters ('a').
func Cell(n int64) []byte {
	return Build(Sheet(func(w io.Writer) {
		Row(w, 1, Header...)
		io.WriteString(w, `<row r="2"><c r="A2" t="inlineStr"><is><t>`)
		repeat(w, 'a', n)
		io.WriteString(w, `</t></is></c></row>`)
	}))
}

// SharedCell is a workbook whose row 2 holds a shared string of n
// characters ('a').
func SharedCell(n int64) []byte {
	return Build(Sheet(func(w io.Writer) {
		Row(w, 1, Header...)
		io.WriteString(w, `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`)
	}), Part{"xl/sharedStrings.xml", func(w io.Writer) {
		io.WriteString(w, `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>`+"\n"+
			`<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>`)
		repeat(w, 'a', n)
		io.WriteString(w, `</t></si></sst>`)
	}})
}

// EmptyRows is a workbook with the header and then n empty rows.
func EmptyRows(n int) []byte {
	return Build(Sheet(func(w io.Writer) {
		Row(w, 1, Header...)
		for i := 2; i <= n+1; i++ {
			fmt.Fprintf(w, `<row r="%d"/>`, i)
		}
	}))
}

// Rows is a workbook with the header and then n rows of data.
func Rows(n int) []byte {
	return Build(Sheet(func(w io.Writer) {
		Row(w, 1, Header...)
		for i := 2; i <= n+1; i++ {
			Row(w, i, fmt.Sprint("x", i))
		}
	}))
}

// FarRow is a workbook with the header and one cell in Excel's last row.
func FarRow() []byte {
	return Build(Sheet(func(w io.Writer) {
		Row(w, 1, Header...)
		Row(w, 1_048_576, "x")
	}))
}

// Bomb is an ordinary workbook carrying one more part of n zero bytes (a
// picture, as far as its name tells).
func Bomb(n int64) []byte {
	return Build(Sheet(func(w io.Writer) { Row(w, 1, Header...) }),
		Part{"xl/media/image1.png", func(w io.Writer) { repeat(w, 0, n) }})
}

// Bombs is an ordinary workbook carrying k more parts of n zero bytes each.
func Bombs(k int, n int64) []byte {
	parts := []Part{Sheet(func(w io.Writer) { Row(w, 1, Header...) })}
	for i := range k {
		parts = append(parts, Part{fmt.Sprintf("xl/media/image%d.png", i+1), func(w io.Writer) { repeat(w, 0, n) }})
	}
	return Build(parts...)
}

var (
	bigOnce sync.Once
	big     []byte
)

// BigCell is Cell(400 MB), made once per test binary: the file of the
// report (a 400 MB cell in about 400 KB).
func BigCell() []byte {
	bigOnce.Do(func() { big = Cell(400 << 20) })
	return big
}
