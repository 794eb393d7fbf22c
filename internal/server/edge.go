package server

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"cangshu/internal/errs"
)

// The decoding edge refuses text no field may hold before any handler sees
// it: control characters (other than tab, line feed and carriage return)
// and invalid UTF-8, in the path, query parameters, JSON bodies (keys and
// strings, at their indexed path: entries[0].batch), form fields and
// multipart fields. PostgreSQL refuses NUL in text and invalid UTF-8, and
// neither belongs in a business record on SQLite either.

// badText reports a control character (except \t \n \r) or invalid UTF-8.
func badText(s string) bool {
	for i := 0; i < len(s); i++ {
		b := s[i]
		if b < 0x20 && b != '\t' && b != '\n' && b != '\r' || b == 0x7f {
			return true
		}
	}
	return !utf8.ValidString(s)
}

func controlErr(field string) error {
	return errs.Field(field, "err.controlChar", errs.A("field", field))
}

// checkEdge checks the request's path, query and body text. It reads a JSON
// body (and gives it back to the handler) and parses a form.
func (c *Ctx) checkEdge() error {
	if badText(c.R.URL.Path) {
		return controlErr("path")
	}
	q, err := urlQuery(c.R.URL.RawQuery)
	if err != nil {
		return errs.Invalid("err.badParam", errs.A("name", "query"))
	}
	if err := checkSearch(q); err != nil {
		return err
	}
	for k, vs := range q {
		if badText(k) {
			return controlErr("query")
		}
		for _, v := range vs {
			if badText(v) {
				return controlErr(k)
			}
		}
	}
	if c.R.Body == nil || c.R.Body == http.NoBody {
		return nil
	}
	ct, _, _ := mime.ParseMediaType(c.R.Header.Get("Content-Type"))
	switch ct {
	case "application/json", "":
		b, err := io.ReadAll(c.R.Body)
		if err != nil {
			return bodyErr(err)
		}
		c.R.Body = io.NopCloser(bytes.NewReader(b))
		return checkJSONText(b, "")
	case "application/x-www-form-urlencoded", "multipart/form-data":
		if ct == "multipart/form-data" {
			if err := c.parseMultipart(); err != nil {
				return err
			}
		} else if err := c.R.ParseForm(); err != nil {
			return formErr(err)
		}
		for k, vs := range c.R.PostForm {
			if badText(k) {
				return controlErr("body")
			}
			for _, v := range vs {
				if k == "postData" {
					if err := checkJSONText([]byte(v), ""); err != nil {
						return err
					}
					continue
				}
				if badText(v) {
					return controlErr(k)
				}
			}
		}
		if c.R.MultipartForm != nil {
			for k, fs := range c.R.MultipartForm.File {
				for _, f := range fs {
					if badText(f.Filename) {
						return controlErr(k)
					}
				}
			}
		}
	}
	return nil
}

// urlQuery parses a raw query strictly enough to see every value.
func urlQuery(raw string) (map[string][]string, error) {
	out := map[string][]string{}
	for raw != "" {
		var kv string
		kv, raw, _ = strings.Cut(raw, "&")
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		k, err1 := unescape(k)
		v, err2 := unescape(v)
		if err1 != nil || err2 != nil {
			return nil, errors.Join(err1, err2)
		}
		out[k] = append(out[k], v)
	}
	return out, nil
}

func unescape(s string) (string, error) {
	s = strings.ReplaceAll(s, "+", " ")
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		if i+2 >= len(s) {
			return "", errors.New("bad escape")
		}
		n, err := strconv.ParseUint(s[i+1:i+3], 16, 8)
		if err != nil {
			return "", err
		}
		b.WriteByte(byte(n))
		i += 2
	}
	return b.String(), nil
}

// checkJSONText walks a JSON document and refuses the first key or string
// holding a control character, at its path. Malformed JSON is left to the
// decoder, which reports it.
func checkJSONText(b []byte, prefix string) error {
	if plainJSON(b) {
		return nil
	}
	return walkText(b, prefix)
}

// walkText is checkJSONText's walk.
func walkText(b []byte, prefix string) error {
	var found error
	walkJSON(b, func(path string, tok json.Token, key bool) bool {
		s, ok := tok.(string)
		if ok && badText(s) {
			if key {
				// A key is no field anyone knows: name the body.
				path = "body"
			}
			found = controlErr(join(prefix, path))
			return false
		}
		return true
	})
	return found
}

// plainJSON reports a JSON text none of whose keys or strings can hold what
// badText refuses: valid UTF-8, no control character or DEL as a byte, and
// no escape that could make one (\u, \b, \f). The usual body (browsers
// write every character but quotes, backslashes and line breaks as it is)
// then needs no walk.
func plainJSON(b []byte) bool {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\\':
			if i+1 < len(b) {
				switch b[i+1] {
				case 'u', 'b', 'f':
					return false
				}
				i++ // the escaped character (an escaped backslash is not an escape's start)
			}
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r', c == 0x7f:
			return false
		}
	}
	return utf8.Valid(b)
}

func join(prefix, path string) string {
	switch {
	case prefix == "":
		return path
	case path == "":
		return prefix
	}
	return prefix + "." + path
}

// frame is one open object or array of a JSON walk.
type frame struct {
	array bool
	index int    // arrays: the index of the next value
	key   string // objects: the key of the value being read
	atKey bool   // objects: the next token is a key
}

// walkJSON calls visit with the path (entries[0].qty) of every scalar value
// and of every object key (key true, path of the key's value) in document
// order; visit answers false to stop. It stops quietly at malformed JSON.
func walkJSON(b []byte, visit func(path string, tok json.Token, key bool) bool) {
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var stack []frame
	path := func() string {
		var sb strings.Builder
		for _, f := range stack {
			if f.array {
				sb.WriteString("[" + strconv.Itoa(f.index) + "]")
			} else {
				if sb.Len() > 0 {
					sb.WriteByte('.')
				}
				sb.WriteString(f.key)
			}
		}
		return sb.String()
	}
	// value marks the end of a value in the enclosing container.
	value := func() {
		if n := len(stack); n > 0 {
			if stack[n-1].array {
				stack[n-1].index++
			} else {
				stack[n-1].atKey = true
			}
		}
	}
	for {
		tok, err := d.Token()
		if err != nil {
			return
		}
		if n := len(stack); n > 0 && !stack[n-1].array && stack[n-1].atKey {
			if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].atKey = k, false
				if !visit(path(), tok, true) {
					return
				}
				continue
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{atKey: true})
			continue
		case json.Delim('['):
			stack = append(stack, frame{array: true})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			value()
			continue
		}
		if !visit(path(), tok, false) {
			return
		}
		value()
	}
}

// indexedPath finds the indexed path (entries[0].qty) of the value that
// failed to decode: the first value at the dotted path field (as
// encoding/json names it: entries.qty) that does not decode into typ.
func indexedPath(b []byte, field string, typ reflect.Type) string {
	if typ == nil {
		return field
	}
	found := field
	walkValues(b, func(path string, raw []byte) bool {
		if dotted(path) != field {
			return true
		}
		if json.Unmarshal(raw, reflect.New(typ).Interface()) != nil {
			found = path
			return false
		}
		return true
	})
	return found
}

// dotted drops the indexes of a path: entries[0].qty → entries.qty.
func dotted(path string) string {
	var sb strings.Builder
	skip := false
	for _, r := range path {
		switch {
		case r == '[':
			skip = true
		case r == ']':
			skip = false
		case !skip:
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// walkValues calls visit with the path and the raw JSON of every value
// (containers included) of the document.
func walkValues(b []byte, visit func(path string, raw []byte) bool) {
	var v any
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return
	}
	var rec func(path string, v any) bool
	rec = func(path string, v any) bool {
		raw, _ := json.Marshal(v)
		if path != "" && !visit(path, raw) {
			return false
		}
		switch t := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(t))
			for k := range t {
				keys = append(keys, k)
			}
			for _, k := range keys {
				if !rec(join(path, k), t[k]) {
					return false
				}
			}
		case []any:
			for i, e := range t {
				if !rec(path+"["+strconv.Itoa(i)+"]", e) {
					return false
				}
			}
		}
		return true
	}
	rec("", v)
}

// multipartMemory is how much of a multipart body's files is held in
// memory; the rest of a file is spooled to a temporary file (removed when
// the request ends), which an import then reads in place: an upload is not
// held in memory whole, nor twice.
const multipartMemory = 1 << 20

// parseMultipart parses a multipart body (once; later calls are no-ops).
func (c *Ctx) parseMultipart() error {
	if err := c.R.ParseMultipartForm(multipartMemory); err != nil {
		if errors.Is(err, http.ErrNotMultipart) {
			return errs.Invalid("err.badContentType", errs.A("type", c.R.Header.Get("Content-Type")))
		}
		return formErr(err)
	}
	return nil
}

// formErr is bodyErr for a form: too large, or a form that cannot be read
// (a malformed part, a file name with a control character).
func formErr(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return bodyErr(err)
	}
	return errs.Invalid("err.badForm")
}
