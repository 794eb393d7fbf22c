package sheet

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"strings"

	"cangshu/internal/errs"
)

// Limits of an uploaded Excel file (docs/limits.md "Excel imports"). An
// .xlsx is a zip of XML parts; a few hundred KB can unpack to gigabytes (one
// 400 MB cell compresses to 400 KB), and the XML reader holds a whole text,
// a whole tag or a whole cell in memory. So before the file is opened every
// part is unpacked as a stream, counting what comes out (the sizes the zip
// declares are not trusted), and its XML is measured byte by byte; the first
// limit passed refuses the file.
const (
	// MaxCellChars is Excel's own limit of one cell: its text, summed over
	// the runs of a rich text, and any one attribute value.
	MaxCellChars = 32_767
	// MaxPartBytes bounds one unpacked part that is read as a stream
	// (a worksheet, the shared strings).
	MaxPartBytes = 64 << 20
	// MaxOtherPartBytes bounds one unpacked part of any other kind (styles,
	// the workbook, drawings, pictures): those are held in memory.
	MaxOtherPartBytes = 8 << 20
	// MaxUnzippedBytes bounds all parts together, unpacked.
	MaxUnzippedBytes = 128 << 20
	// MaxParts bounds the number of parts (a zip directory of a million
	// empty entries is itself a memory bomb).
	MaxParts = 10_000
	// MaxMarkupBytes bounds one tag, comment or processing instruction.
	MaxMarkupBytes = 1 << 20
	// BlankRowsAllowance is how far a sheet may run past the data rows an
	// import takes (the header, blank rows between): a sheet may reach row
	// maxRows + BlankRowsAllowance, blank rows included.
	BlankRowsAllowance = 1_000
	// excelizeMemoryPart is the size above which excelize keeps a
	// worksheet or the shared strings in a temporary file instead of memory.
	excelizeMemoryPart = 1 << 20
)

// limitErr is a passed limit, answered as a 400 on the file field.
func limitErr(key string, args ...errs.Arg) *errs.Error { return errs.Field("file", key, args...) }

func mb(n int64) string { return itoa(int(n>>20)) + " MB" }

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

var errBadZip = errors.New("not a zip")

// checkParts counts the zip's directory from its end record before the zip
// reader allocates an entry for each.
func checkParts(ra io.ReaderAt, size int64) error {
	const endLen = 22
	if size < endLen {
		return errBadZip
	}
	n := int64(endLen + 65535) // the end record and the longest comment
	if n > size {
		n = size
	}
	buf := make([]byte, n)
	if _, err := ra.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return errBadZip
	}
	i := bytes.LastIndex(buf, []byte{'P', 'K', 5, 6})
	if i < 0 || len(buf)-i < endLen {
		return errBadZip
	}
	if entries := binary.LittleEndian.Uint16(buf[i+10:]); entries > MaxParts { // 0xFFFF: a zip64 count, more than any workbook has
		return limitErr("err.excelTooManyParts", errs.A("max", MaxParts))
	}
	return nil
}

// check unpacks and measures every part of the zip; maxRows bounds the row
// numbers of every worksheet (0: no bound).
//
// Worksheets at the usual path (xl/worksheets/sheetN.xml) and the shared
// strings may be large: excelize reads them from temporary files. Any other
// part is held in memory by excelize, and gets the small limit (a
// worksheet elsewhere too).
func check(ra io.ReaderAt, size int64, maxRows int) error {
	if err := checkParts(ra, size); err != nil {
		return err
	}
	zr, err := zip.NewReader(ra, size)
	if err != nil || len(zr.File) > MaxParts {
		return errBadZip
	}
	var total int64
	var buf *bufio.Reader
	for _, f := range zr.File {
		if f.FileInfo().IsDir() {
			continue
		}
		name := strings.ToLower(strings.ReplaceAll(f.Name, `\`, "/"))
		sheet := strings.HasPrefix(name, "xl/worksheets/sheet")
		limit := int64(MaxOtherPartBytes)
		if sheet || name == "xl/sharedstrings.xml" {
			limit = MaxPartBytes
		}
		rc, err := f.Open()
		if err != nil {
			return errBadZip
		}
		cr := &counter{r: rc, part: limit, total: MaxUnzippedBytes - total}
		if xmlPart(name) {
			if buf == nil {
				buf = bufio.NewReaderSize(cr, 32<<10)
			} else {
				buf.Reset(cr)
			}
			// Rows are counted in every part: a worksheet may sit at any
			// path the workbook's relations name.
			s := scanner{r: buf, maxRows: maxRows}
			err = s.run()
		} else {
			_, err = io.Copy(io.Discard, cr)
		}
		rc.Close()
		total += cr.n
		if err != nil {
			var e *errs.Error
			if errors.As(err, &e) {
				return e
			}
			switch {
			case errors.Is(err, errPart):
				return limitErr("err.excelPartTooLarge", errs.A("part", f.Name), errs.A("max", mb(limit)))
			case errors.Is(err, errTotal):
				return limitErr("err.excelUnzippedTooLarge", errs.A("max", mb(MaxUnzippedBytes)))
			}
			return errBadZip
		}
	}
	return nil
}

// xmlPart tells the parts the workbook reader parses as XML.
func xmlPart(name string) bool {
	for _, ext := range []string{".xml", ".rels", ".vml"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	return false
}

var (
	errPart  = errors.New("part too large")
	errTotal = errors.New("unzipped too large")
)

// counter counts the bytes unpacked from one part, failing past the part's
// limit or what is left of the total.
type counter struct {
	r           io.Reader
	n           int64
	part, total int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if c.n > c.part {
		return n, errPart
	}
	if c.n > c.total {
		return n, errTotal
	}
	return n, err
}

// scanner measures an XML part as a stream, holding nothing of it: the
// characters of each cell (from the start of an si or c element to its end,
// every text run and CDATA section inside summed; outside cells, each text
// run alone), each attribute value, each tag, comment or processing
// instruction, and in a worksheet the row numbers.
type scanner struct {
	r       *bufio.Reader
	maxRows int // 0: rows are not counted
	rows    int // row elements seen
	row     int // the current row number
	cell    int // depth inside si / c elements
	chars   int // characters of the current cell or text run
}

func (s *scanner) tooLong() error {
	return limitErr("err.excelCellTooLong", errs.A("max", MaxCellChars))
}

func (s *scanner) markupTooLong() error {
	return limitErr("err.excelMarkupTooLong", errs.A("max", mb(MaxMarkupBytes)))
}

func (s *scanner) run() error {
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		switch {
		case b == '<':
			if s.cell == 0 {
				s.chars = 0
			}
			if err := s.markup(); err != nil {
				return err
			}
		case b&0xC0 != 0x80: // the first byte of a character (an entity is one: its '&')
			if b == '&' {
				s.entity()
			}
			s.chars++
			if s.chars > MaxCellChars {
				return s.tooLong()
			}
		}
	}
}

// markup reads what follows a '<'.
func (s *scanner) markup() error {
	head, _ := s.r.Peek(8)
	switch {
	case bytes.HasPrefix(head, []byte("![CDATA[")):
		s.r.Discard(8)
		return s.until("]]>", true)
	case bytes.HasPrefix(head, []byte("!--")):
		s.r.Discard(3)
		return s.until("-->", false)
	case bytes.HasPrefix(head, []byte("?")):
		return s.until("?>", false)
	case bytes.HasPrefix(head, []byte("!")):
		return s.directive()
	}
	return s.tag()
}

// directive reads a <!DOCTYPE …> or another declaration to its matching
// '>' (declarations nest), all of it one piece of markup.
func (s *scanner) directive() error {
	depth, n := 1, 0
	var quote byte
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		if n++; n > MaxMarkupBytes {
			return s.markupTooLong()
		}
		switch {
		case quote != 0:
			if b == quote {
				quote = 0
			}
		case b == '"' || b == '\'':
			quote = b
		case b == '<':
			depth++
		case b == '>':
			if depth--; depth == 0 {
				return nil
			}
		}
	}
}

// entity skips the rest of an entity or character reference (one
// character, counted at its '&').
func (s *scanner) entity() {
	for range 16 {
		b, err := s.r.ReadByte()
		if err != nil || b == ';' {
			return
		}
		if b == '<' || b == '"' || b == '\'' {
			s.r.UnreadByte()
			return
		}
	}
}

// until reads to the end mark; text counts as the cell's characters, other
// content as markup.
func (s *scanner) until(end string, text bool) error {
	matched, n := 0, 0
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		n++
		if b == end[matched] {
			matched++
			if matched == len(end) {
				return nil
			}
			continue
		}
		matched = 0
		if b == end[0] {
			matched = 1
		}
		if text {
			if b&0xC0 != 0x80 {
				s.chars++
				if s.chars > MaxCellChars {
					return s.tooLong()
				}
			}
		} else if n > MaxMarkupBytes {
			return s.markupTooLong()
		}
	}
}

// tag reads an element's start or end tag: its name, its attributes (the
// row number r of a worksheet's row) and its end.
func (s *scanner) tag() error {
	var (
		n        int
		name     []byte // the tag's local name (first 8 bytes)
		inName   = true
		end      bool
		attr     []byte // the current attribute's name (first 8 bytes)
		inAttr   bool
		quote    byte
		valChars int
		val      []byte // the value of attribute r (first 12 bytes)
		rowNum   = -1
		selfEnd  bool
		prev     byte
		started  bool
		nameDone bool
	)
	for {
		b, err := s.r.ReadByte()
		if err != nil {
			if err == io.EOF {
				return nil
			}
			return err
		}
		n++
		if n > MaxMarkupBytes {
			return s.markupTooLong()
		}
		if quote != 0 { // inside an attribute value
			if b == quote {
				quote = 0
				if isName(name, "row") && string(attr) == "r" {
					rowNum = atoi(val)
				}
				continue
			}
			if b&0xC0 != 0x80 {
				if b == '&' {
					s.entity()
				}
				valChars++
				if valChars > MaxCellChars {
					return s.tooLong()
				}
			}
			if len(val) <= 12 {
				val = append(val, b)
			}
			continue
		}
		switch {
		case b == '>':
			selfEnd = prev == '/'
			return s.element(name, end, selfEnd, rowNum)
		case inName && !started && b == '/':
			end = true
		case inName && !nameDone && (b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '/'):
			if started {
				nameDone, inName = true, false
			}
		case inName && !nameDone:
			started = true
			if b == ':' {
				name = name[:0]
			} else if len(name) < 8 {
				name = append(name, b)
			}
		case b == '"' || b == '\'':
			quote, valChars, val = b, 0, val[:0]
			inAttr = false
		case b == '=':
			inAttr = false
		case b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == '/':
			if inAttr {
				inAttr = false
			}
		default:
			if !inAttr {
				inAttr, attr = true, attr[:0]
			}
			if b == ':' {
				attr = attr[:0]
			} else if len(attr) < 8 {
				attr = append(attr, b)
			}
		}
		prev = b
	}
}

// element accounts one tag: cells open and close, rows are counted.
func (s *scanner) element(name []byte, end, selfEnd bool, rowNum int) error {
	if isName(name, "si") || isName(name, "c") {
		switch {
		case end:
			if s.cell > 0 {
				s.cell--
			}
			if s.cell == 0 {
				s.chars = 0
			}
		case !selfEnd:
			if s.cell == 0 {
				s.chars = 0
			}
			s.cell++
		}
		return nil
	}
	if s.maxRows > 0 && !end && isName(name, "row") {
		s.rows++
		if rowNum > 0 {
			s.row = rowNum
		} else {
			s.row++
		}
		if s.row > s.maxRows || s.rows > s.maxRows {
			return limitErr("err.excelTooManyRows", errs.A("max", s.maxRows))
		}
	}
	return nil
}

func isName(name []byte, want string) bool { return string(name) == want }

// atoi reads a row number: 0 when it is none, past any limit when it is
// longer than 12 digits.
func atoi(b []byte) int {
	if len(b) > 12 {
		return 1 << 40
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	return n
}
