package sheet_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/sheet"
	"cangshu/internal/sheet/sheettest"
)

// richCell is a shared string of k runs of n characters each: one cell.
func richCell(k, n int) []byte {
	return sheettest.Build(sheettest.Sheet(func(w io.Writer) {
		sheettest.Row(w, 1, sheettest.Header...)
		io.WriteString(w, `<row r="2"><c r="A2" t="s"><v>0</v></c></row>`)
	}), sheettest.Part{Name: "xl/sharedStrings.xml", Write: func(w io.Writer) {
		io.WriteString(w, `<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si>`)
		for range k {
			fmt.Fprintf(w, `<r><rPr><b/></rPr><t>%s</t></r>`, strings.Repeat("b", n))
		}
		io.WriteString(w, `</si></sst>`)
	}})
}

func withSheet(body string) []byte {
	return sheettest.Build(sheettest.Sheet(func(w io.Writer) {
		sheettest.Row(w, 1, sheettest.Header...)
		io.WriteString(w, body)
	}))
}

// A file past a limit is refused in well under a second, naming the limit,
// before anything of it is held: a 400 MB cell (the report's 399 KB file),
// a zip bomb, a million empty rows, too many rows, a cell one character
// over Excel's limit.
func TestReadRefusesFilesPastTheLimits(t *testing.T) {
	const maxRows = 10
	for _, c := range []struct {
		name string
		data []byte
		key  string
		arg  string // in the English message
	}{
		{"400 MB inline cell", sheettest.BigCell(), "err.excelCellTooLong", "32767"},
		{"400 MB shared string", sheettest.SharedCell(400 << 20), "err.excelCellTooLong", "32767"},
		{"32,768 characters inline", sheettest.Cell(32_768), "err.excelCellTooLong", "32767"},
		{"32,768 characters shared", sheettest.SharedCell(32_768), "err.excelCellTooLong", "32767"},
		{"rich text of 40 runs of 1,000", richCell(40, 1000), "err.excelCellTooLong", "32767"},
		{"32,768 ampersands", sheettest.Cell(0), "", ""}, // replaced below
		{"long attribute", withSheet(`<row r="2"><c r="A2" x="` + strings.Repeat("a", 40_000) + `"><v>1</v></c></row>`), "err.excelCellTooLong", "32767"},
		{"long comment", withSheet(`<!--` + strings.Repeat("-a", 600_000) + `-->`), "err.excelMarkupTooLong", "1 MB"},
		{"long tag", withSheet(`<row r="2"` + strings.Repeat(` a="1"`, 200_000) + `/>`), "err.excelMarkupTooLong", "1 MB"},
		{"a million empty rows", sheettest.EmptyRows(1_000_000), "err.excelTooManyRows", "1010"},
		{"Excel's last row", sheettest.FarRow(), "err.excelTooManyRows", "1010"},
		{"too many rows", sheettest.Rows(maxRows + sheet.BlankRowsAllowance), "err.excelTooManyRows", "1010"},
		{"row number of 20 digits", withSheet(`<row r="00000000000000000002"/>`), "err.excelTooManyRows", "1010"},
		{"zip bomb part", sheettest.Bomb(1 << 30), "err.excelPartTooLarge", "8 MB"},
		{"parts over the total", sheettest.Bombs(20, 7<<20), "err.excelUnzippedTooLarge", "128 MB"},
	} {
		if c.name == "32,768 ampersands" {
			c.data, c.key, c.arg = withSheet(`<row r="2"><c r="A2" t="inlineStr"><is><t>`+strings.Repeat("&amp;", 32_768)+`</t></is></c></row>`), "err.excelCellTooLong", "32767"
		}
		start := time.Now()
		_, err := sheet.Read(i18n.EN, bytes.NewReader(c.data), cols, maxRows)
		took := time.Since(start)
		e, ok := errs.As(err)
		if !ok || e.Key != c.key {
			t.Errorf("%s (%d KB): want %s, got %v", c.name, len(c.data)>>10, c.key, err)
			continue
		}
		if msg := i18n.T(i18n.EN, e.Fields[0].Key, e.Fields[0].Args...); e.Fields[0].Path != "file" || !strings.Contains(msg, c.arg) {
			t.Errorf("%s: field %s, message %q does not name %s", c.name, e.Fields[0].Path, msg, c.arg)
		}
		if took > time.Second {
			t.Errorf("%s: refused after %v", c.name, took)
		}
		t.Logf("%s: %d KB refused in %v", c.name, len(c.data)>>10, took.Round(time.Millisecond))
	}
}

// Up to the limits a file reads as before: a cell of 32,767 characters
// (inline, shared, in runs, as entities) and a data row at the last row
// allowed.
func TestReadTakesFilesUpToTheLimits(t *testing.T) {
	const maxRows = 10
	last := maxRows + sheet.BlankRowsAllowance
	for _, c := range []struct {
		name string
		data []byte
		want string
		line int
	}{
		{"32,767 inline", sheettest.Cell(32_767), strings.Repeat("a", 32_767), 2},
		{"32,767 shared", sheettest.SharedCell(32_767), strings.Repeat("a", 32_767), 2},
		{"32 runs of 1,000", richCell(32, 1000), strings.Repeat("b", 32_000), 2},
		{"32,767 ampersands", withSheet(`<row r="2"><c r="A2" t="inlineStr"><is><t>` + strings.Repeat("&amp;", 32_767) + `</t></is></c></row>`), strings.Repeat("&", 32_767), 2},
		{"32,767 Chinese", withSheet(`<row r="2"><c r="A2" t="inlineStr"><is><t>` + strings.Repeat("仓", 32_767) + `</t></is></c></row>`), strings.Repeat("仓", 32_767), 2},
		{"last row allowed", withSheet(fmt.Sprintf(`<row r="%d"><c r="A%d" t="inlineStr"><is><t>x</t></is></c></row>`, last, last)), "x", last},
	} {
		f, err := sheet.Read(i18n.EN, bytes.NewReader(c.data), cols, maxRows)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if len(f.Rows) != 1 || f.Rows[0].Get("name") != c.want || f.Rows[0].Line != c.line {
			t.Errorf("%s: %d rows, line %d, name of %d characters", c.name, len(f.Rows), f.Rows[0].Line, len([]rune(f.Rows[0].Get("name"))))
		}
	}
}

// A worksheet at another path (the workbook's relations may name any) is
// counted too.
func TestRowsAreCountedInEveryPart(t *testing.T) {
	data := sheettest.Build(sheettest.Part{Name: "xl/elsewhere.xml", Write: func(w io.Writer) {
		io.WriteString(w, `<worksheet><sheetData><row r="1048576"/></sheetData></worksheet>`)
	}})
	_, err := sheet.Read(i18n.EN, bytes.NewReader(data), cols, 10)
	if e, ok := errs.As(err); !ok || e.Key != "err.excelTooManyRows" {
		t.Fatalf("got %v", err)
	}
}
