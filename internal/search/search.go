// Package search builds the text that master-data search (matchCon) looks
// in: the record's number, name, barcodes … lower-cased, plus the pinyin
// initials and full pinyin of any Chinese in them, so that "kkkl" and
// "kekou" both find 可口可乐. The text is stored in a search column when
// the record is saved; a query is a LIKE on that one column.
package search

import (
	"strings"
	"unicode"

	"github.com/mozillazg/go-pinyin"
)

// sep separates the parts, so that a query never matches across two of them.
const sep = "\x1f"

// answerSep separates the parts in what clients are answered: U+2063
// (invisible separator), not the stored control character, which no
// request may carry (the decoding edge refuses it), so that a form a
// record's answer fills is accepted when sent back unchanged.
const answerSep = "\u2063"

// Answer is a record's search text as clients are answered it (a picker
// filters on it as Match does: a query never spans two parts).
func Answer(text string) string { return strings.ReplaceAll(text, sep, answerSep) }

var args = func() pinyin.Args {
	a := pinyin.NewArgs()
	a.Style = pinyin.Normal
	a.Heteronym = false
	a.Fallback = func(r rune, a pinyin.Args) []string { return nil }
	return a
}()

// Text is the search text of a record made of parts (empty parts skipped).
func Text(parts ...string) string {
	var b strings.Builder
	for _, p := range parts {
		p = strings.ToLower(strings.TrimSpace(p))
		if p == "" {
			continue
		}
		b.WriteString(sep)
		b.WriteString(p)
		if initials, full := Pinyin(p); initials != "" {
			b.WriteString(sep)
			b.WriteString(initials)
			b.WriteString(sep)
			b.WriteString(full)
		}
	}
	if b.Len() > 0 {
		b.WriteString(sep)
	}
	return b.String()
}

// Pinyin gives the initials ("kkkl") and the full pinyin ("kekoukele") of
// s, keeping letters and digits that are not Chinese as they are; both are
// "" when s has no Chinese.
func Pinyin(s string) (initials, full string) {
	han := false
	var ib, fb strings.Builder
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			py := pinyin.SinglePinyin(r, args)
			if len(py) > 0 && py[0] != "" {
				han = true
				ib.WriteByte(py[0][0])
				fb.WriteString(py[0])
				continue
			}
		}
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			lr := unicode.ToLower(r)
			ib.WriteRune(lr)
			fb.WriteRune(lr)
		}
	}
	if !han {
		return "", ""
	}
	return ib.String(), fb.String()
}

// Pattern is the LIKE pattern finding q anywhere in a search text: lower
// case, with %, _ and \ escaped (use it with ESCAPE '\'). Match with plain
// LIKE on both engines: the text and the pattern are both lower case.
func Pattern(q string) string {
	q = strings.ToLower(strings.TrimSpace(q))
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`, sep, "")
	return "%" + r.Replace(q) + "%"
}

// Match tells whether q finds text (a Text) as Cond with Pattern(q) finds
// it in SQL: for lists filtered in Go (few records, no stored text).
func Match(text, q string) bool {
	q = strings.ReplaceAll(strings.ToLower(strings.TrimSpace(q)), sep, "")
	return strings.Contains(text, q)
}

// Filter keeps the records whose search text q finds, in order, and
// answers one page of them (limit < 0: all from offset) with their count.
func Filter[T any](list []T, text func(*T) string, q string, limit, offset int) ([]T, int) {
	out := list[:0]
	for i := range list {
		if Match(text(&list[i]), q) {
			out = append(out, list[i])
		}
	}
	total := len(out)
	if offset > len(out) {
		offset = len(out)
	}
	out = out[offset:]
	if limit >= 0 && limit < len(out) {
		out = out[:limit]
	}
	return out, total
}

// Cond is the SQL condition matching column against Pattern(q):
// "column LIKE ? ESCAPE '\'".
func Cond(column string) string { return column + ` LIKE ? ESCAPE '\'` }
