// Package errs holds the single application error type: a closed set of kinds
// (mapped to HTTP statuses in one place, the server package), a message key
// translated at the edge, and optional field errors keyed by field path.
package errs

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Kind classifies an expected failure.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindUnauthenticated
	KindForbidden
	KindNotFound
	KindConflict
	KindTooLarge
	KindThrottled
	KindUnavailable // the database could not serve the request now; trying again shortly may succeed
)

// Codes of the youlai catalogue used by Cangshu (docs/api.md §1).
const (
	CodeLoginFailed      = "A0200"
	CodeWrongCredentials = "A0210"
	CodeUserDisabled     = "A0201"
	CodeAccessInvalid    = "A0230"
	CodeRefreshInvalid   = "A0231"
	CodePasswordChange   = "A0232" // the user must change the password before anything else
	CodeCaptchaWrong     = "A0240"
	CodeCaptchaExpired   = "A0242"
	CodeForbidden        = "A0301"
	CodeBadParam         = "A0400"
	CodeMissingParam     = "A0410"
	CodeTooLarge         = "A0425"
	CodeThrottled        = "A0502"
	CodeNotFound         = "A0404"
	CodeConflict         = "A0409"
	CodeSystem           = "B0001"
	CodeUnavailable      = "B0310" // system resources exhausted (youlai): the database is busy or out of reach
	CodeIntegrity        = "C0342"
)

// Arg is one named parameter of a message template. A value of type Key is
// translated itself before it is substituted (for field labels).
type Arg struct {
	Name  string
	Value any
}

// Key is a message key that is translated when substituted into a template.
type Key string

// Texts is a text given in both languages, such as a label an
// administrator typed: it is substituted in the message's language, or in
// the other one when that one is empty.
type Texts struct{ ZH, EN string }

// A is shorthand for an Arg.
func A(name string, value any) Arg { return Arg{name, value} }

// FieldError is the message for one field path such as "entries[2].qty".
type FieldError struct {
	Path string
	Key  string
	Args []Arg
}

// Error is an expected failure with a translatable message.
type Error struct {
	Kind   Kind
	Code   string
	Key    string
	Args   []Arg
	Fields []FieldError
	Err    error // wrapped cause, never shown to the client
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s %s", e.Code, e.Key)
	for _, f := range e.Fields {
		s += fmt.Sprintf(" [%s: %s]", f.Path, f.Key)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// New makes an error of a kind with a code and a message key.
func New(kind Kind, code, key string, args ...Arg) *Error {
	return &Error{Kind: kind, Code: code, Key: key, Args: args}
}

// Invalid is bad input (400, A0400).
func Invalid(key string, args ...Arg) *Error { return New(KindInvalid, CodeBadParam, key, args...) }

// Field is bad input in one field; the message is the field's message.
func Field(path, key string, args ...Arg) *Error {
	e := Invalid(key, args...)
	e.Fields = []FieldError{{Path: path, Key: key, Args: args}}
	if key == "err.required" {
		e.Code = CodeMissingParam
	}
	return e
}

// Required is a missing field; label is the field's label key.
func Required(path string, label Key) *Error {
	return Field(path, "err.required", A("field", label))
}

// NotFound is an unknown id (404); what is the label key of the record kind.
func NotFound(what Key) *Error {
	return New(KindNotFound, CodeNotFound, "err.notFound", A("what", what))
}

// Conflict is a stale update, duplicate or blocked change (409).
func Conflict(key string, args ...Arg) *Error {
	return New(KindConflict, CodeConflict, key, args...)
}

// Forbidden is a missing permission (403, A0301).
func Forbidden(key string, args ...Arg) *Error {
	return New(KindForbidden, CodeForbidden, key, args...)
}

// Unauthenticated is a failed authentication (401) with its code.
func Unauthenticated(code, key string, args ...Arg) *Error {
	return New(KindUnauthenticated, code, key, args...)
}

// Fields collects field errors and turns them into one Error.
type Fields struct{ list []FieldError }

// Add records a field error.
func (f *Fields) Add(path, key string, args ...Arg) {
	f.list = append(f.list, FieldError{Path: path, Key: key, Args: args})
}

// Required records a missing field.
func (f *Fields) Required(path string, label Key) { f.Add(path, "err.required", A("field", label)) }

// Has tells whether path already carries an error.
func (f *Fields) Has(path string) bool {
	for _, e := range f.list {
		if e.Path == path {
			return true
		}
	}
	return false
}

// Len is the number of recorded field errors.
func (f *Fields) Len() int { return len(f.list) }

// Err is nil when nothing was recorded; otherwise a 400 whose message is the first field's.
func (f *Fields) Err() error {
	if len(f.list) == 0 {
		return nil
	}
	first := f.list[0]
	e := Invalid(first.Key, first.Args...)
	if first.Key == "err.required" {
		e.Code = CodeMissingParam
	}
	e.Fields = f.list
	return e
}

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// Wrap adds context to an unexpected error ("what: err") and passes an
// expected one (an *Error) through unchanged, so its kind and message stay.
func Wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := As(err); ok {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Is reports whether err is an *Error of kind k.
func Is(err error, k Kind) bool {
	e, ok := As(err)
	return ok && e.Kind == k
}

// Text checks a text field: required (when asked) and at most maxLen characters.
func (f *Fields) Text(path string, label Key, v string, required bool, maxLen int) {
	if strings.TrimSpace(v) == "" {
		if required {
			f.Required(path, label)
		}
		return
	}
	if utf8.RuneCountInString(v) > maxLen {
		f.Add(path, "err.tooLong", A("field", label), A("max", maxLen))
	}
}

// Range checks an integer field lies in [lo, hi].
func (f *Fields) Range(path string, label Key, v, lo, hi int64) {
	if v < lo || v > hi {
		f.Add(path, "err.outOfRange", A("field", label), A("min", lo), A("max", hi))
	}
}

// OneOf checks a value is one of the allowed ones.
func OneOf[T comparable](f *Fields, path string, label Key, v T, allowed ...T) {
	for _, a := range allowed {
		if v == a {
			return
		}
	}
	f.Add(path, "err.oneOf", A("field", label))
}

// Duplicate is a unique value that already exists (409).
func Duplicate(path string, label Key, value string) *Error {
	e := Conflict("err.duplicate", A("field", label), A("value", value))
	e.Fields = []FieldError{{Path: path, Key: "err.duplicate", Args: e.Args}}
	return e
}
