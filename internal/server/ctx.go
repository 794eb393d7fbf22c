package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"mime/multipart"
	"net/http"
	"reflect"
	"strconv"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Ctx is one API call.
type Ctx struct {
	W         http.ResponseWriter
	R         *http.Request
	Lang      i18n.Lang
	RequestID string
	IP        string
	User      *Principal // nil on public routes
	Route     *Route
	body      []byte // captured for the operation log
	changes   []Change
	refs      []int64
	log       *slog.Logger
	obs       Observer // tests only; nil in production

	unavailable func(error) bool // Options.Unavailable
}

// Observer learns which input each route reads (tests: the bad-input sweep
// walks every route's query parameters and body fields).
type Observer interface {
	Queried(route, name string)         // a query parameter the route read
	Bound(route string, t reflect.Type) // the input struct a route decoded its body into
}

// Change is one changed field of a record, for the operation log.
type Change struct {
	Field string `json:"field"`
	Old   any    `json:"old,omitempty"`
	New   any    `json:"new,omitempty"`
}

// LogChanges records what a change changed (field, old, new) in the
// operation-log entry of this request.
func (c *Ctx) LogChanges(ch ...Change) { c.changes = append(c.changes, ch...) }

// LogRefs names the records a write concerned (a document route: the
// documents' ids) in its operation-log entry: the live stream tells a
// caller limited by data rights the details of a change only when it may
// see every record named (oplog.Feed).
func (c *Ctx) LogRefs(ids ...int64) { c.refs = append(c.refs, ids...) }

// Context is the request's context.
func (c *Ctx) Context() context.Context { return c.R.Context() }

// T translates a message key into the caller's language.
func (c *Ctx) T(key string, args ...errs.Arg) string { return i18n.T(c.Lang, key, args...) }

// Query returns a query-string value.
func (c *Ctx) Query(name string) string {
	if c.obs != nil && c.Route != nil {
		c.obs.Queried(c.Route.Pattern(), name)
	}
	return c.R.URL.Query().Get(name)
}

// QueryInt reads an integer query value; def when absent.
func (c *Ctx) QueryInt(name string, def int64) (int64, error) {
	v := strings.TrimSpace(c.Query(name))
	if v == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		return 0, errs.Field(name, "err.badParam", errs.A("name", name))
	}
	return n, nil
}

// PathID reads a positive integer path value.
func (c *Ctx) PathID(name string) (int64, error) {
	n, err := strconv.ParseInt(c.R.PathValue(name), 10, 64)
	if err != nil || n <= 0 {
		return 0, errs.Field(name, "err.badParam", errs.A("name", name))
	}
	return n, nil
}

// PathIDs reads "12,13,14" from a path value.
func (c *Ctx) PathIDs(name string) ([]int64, error) { return parseIDs(name, c.R.PathValue(name)) }

// QueryIDs reads "?id=12,13,14".
func (c *Ctx) QueryIDs(name string) ([]int64, error) { return parseIDs(name, c.Query(name)) }

func parseIDs(name, s string) ([]int64, error) {
	var out []int64
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		n, err := strconv.ParseInt(part, 10, 64)
		if err != nil || n <= 0 {
			return nil, errs.Field(name, "err.badParam", errs.A("name", name))
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, errs.Required(name, "field.ids")
	}
	if len(out) > 1000 {
		return nil, errs.Field(name, "err.badParam", errs.A("name", name))
	}
	return out, nil
}

// Bind decodes the request body into dst, an explicit input struct. JSON,
// form-urlencoded (fields by json name, or one field postData holding JSON)
// and multipart forms are accepted. An empty body decodes as {}.
func (c *Ctx) Bind(dst any) error {
	if c.obs != nil && c.Route != nil {
		c.obs.Bound(c.Route.Pattern(), reflect.TypeOf(dst))
	}
	ct, _, _ := mime.ParseMediaType(c.R.Header.Get("Content-Type"))
	switch ct {
	case "application/json", "":
		b, err := io.ReadAll(c.R.Body)
		if err != nil {
			return bodyErr(err)
		}
		c.body = b
		if len(bytes.TrimSpace(b)) == 0 {
			return nil
		}
		return decodeJSON(b, dst)
	case "application/x-www-form-urlencoded", "multipart/form-data":
		if ct == "multipart/form-data" {
			if err := c.parseMultipart(); err != nil {
				return err
			}
		} else if err := c.R.ParseForm(); err != nil {
			return bodyErr(err)
		}
		form := c.R.PostForm
		if pd := form.Get("postData"); pd != "" {
			c.body = []byte(pd)
			return decodeJSON([]byte(pd), dst)
		}
		c.body = []byte(form.Encode())
		return decodeForm(form, dst)
	default:
		return errs.Invalid("err.badContentType", errs.A("type", ct))
	}
}

// FormFile returns an uploaded file of a multipart request.
func (c *Ctx) FormFile(name string) (multipart.File, *multipart.FileHeader, error) {
	if err := c.parseMultipart(); err != nil {
		return nil, nil, err
	}
	f, h, err := c.R.FormFile(name)
	if err != nil {
		return nil, nil, errs.Field(name, "err.fileMissing")
	}
	return f, h, nil
}

func bodyErr(err error) error {
	var mbe *http.MaxBytesError
	if errors.As(err, &mbe) {
		return errs.New(errs.KindTooLarge, errs.CodeTooLarge, "err.bodyTooLarge", errs.A("max", humanBytes(mbe.Limit)))
	}
	return errs.Invalid("err.badJSON")
}

func humanBytes(n int64) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%d KB", n>>10)
}

func decodeJSON(b []byte, dst any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(dst); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			// encoding/json names entries.qty; the client needs the line.
			path := indexedPath(b, te.Field, te.Type)
			return errs.Field(path, "err.invalid", errs.A("field", path))
		}
		return errs.Invalid("err.badJSON")
	}
	if dec.More() {
		return errs.Invalid("err.badJSON")
	}
	return nil
}

// decodeForm sets the fields of the struct dst from form values by json name.
func decodeForm(form map[string][]string, dst any) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("bind: %T is not a pointer to a struct", dst)
	}
	v = v.Elem()
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		vals, ok := form[name]
		if !ok || len(vals) == 0 {
			continue
		}
		if err := setField(v.Field(i), vals); err != nil {
			return errs.Field(name, "err.invalid", errs.A("field", name))
		}
	}
	return nil
}

func setField(fv reflect.Value, vals []string) error {
	s := strings.TrimSpace(vals[0])
	if fv.CanAddr() {
		if u, ok := fv.Addr().Interface().(interface{ UnmarshalText([]byte) error }); ok {
			return u.UnmarshalText([]byte(s))
		}
	}
	switch fv.Kind() {
	case reflect.String:
		fv.SetString(vals[0])
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if s == "" {
			return nil
		}
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || fv.OverflowInt(n) {
			return fmt.Errorf("bad int")
		}
		fv.SetInt(n)
	case reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return err
		}
		fv.SetBool(b)
	case reflect.Pointer:
		p := reflect.New(fv.Type().Elem())
		if err := setField(p.Elem(), vals); err != nil {
			return err
		}
		fv.Set(p)
	case reflect.Slice:
		var parts []string
		for _, v := range vals {
			for _, p := range strings.Split(v, ",") {
				if p = strings.TrimSpace(p); p != "" {
					parts = append(parts, p)
				}
			}
		}
		sl := reflect.MakeSlice(fv.Type(), len(parts), len(parts))
		for i, p := range parts {
			if err := setField(sl.Index(i), []string{p}); err != nil {
				return err
			}
		}
		fv.Set(sl)
	default:
		return fmt.Errorf("unsupported kind %s", fv.Kind())
	}
	return nil
}

// PageParams is youlai's pageNum/pageSize paging of system pages.
type PageParams struct {
	PageNum  int
	PageSize int
}

// Offset is the number of rows to skip.
func (p PageParams) Offset() int { return (p.PageNum - 1) * p.PageSize }

// Page reads pageNum (default 1) and pageSize (default 10, at most 1000).
func (c *Ctx) Page() (PageParams, error) {
	n, err := c.QueryInt("pageNum", 1)
	if err != nil {
		return PageParams{}, err
	}
	s, err := c.QueryInt("pageSize", 10)
	if err != nil {
		return PageParams{}, err
	}
	var f errs.Fields
	f.Range("pageNum", "field.pageNum", n, 1, 1_000_000)
	f.Range("pageSize", "field.pageSize", s, 1, 1000)
	if err := f.Err(); err != nil {
		return PageParams{}, err
	}
	return PageParams{PageNum: int(n), PageSize: int(s)}, nil
}

// PageResult is youlai's page answer.
type PageResult[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total"`
}

// NewPage makes a page answer whose list is never JSON null.
func NewPage[T any](list []T, total int) PageResult[T] {
	if list == nil {
		list = []T{}
	}
	return PageResult[T]{List: list, Total: total}
}

// File is a download: raw bytes with Content-Disposition.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Streamed says the handler wrote the whole response itself (a stream of
// server-sent events): nothing more is written.
type Streamed struct{}

// Raw is a response written as is, without the envelope.
type Raw struct {
	ContentType string
	Data        []byte
}

// XLSX is the content type of Excel files.
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
