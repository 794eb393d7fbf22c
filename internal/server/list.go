package server

import (
	"strings"

	"cangshu/internal/errs"
)

// ListParams are the product's list parameters (docs/api.md §2): page (1-based),
// rows (page size), sidx/sord (sort field, asc|desc) and matchCon (free
// text). Filters are read by each handler.
type ListParams struct {
	Page     int
	Rows     int
	Sidx     string // the client's sort field name; "" = the list's default order
	Desc     bool
	MatchCon string
}

// MaxListRows is the largest page a list answers (the client preloads master
// data with rows=10000).
const MaxListRows = 10000

// Offset is the number of rows to skip.
func (p ListParams) Offset() int { return (p.Page - 1) * p.Rows }

// List reads page (default 1), rows (default 20, at most MaxListRows), sidx,
// sord and matchCon.
func (c *Ctx) List() (ListParams, error) {
	page, err := c.QueryInt("page", 1)
	if err != nil {
		return ListParams{}, err
	}
	rows, err := c.QueryInt("rows", 20)
	if err != nil {
		return ListParams{}, err
	}
	var f errs.Fields
	f.Range("page", "field.page", page, 1, 1_000_000)
	f.Range("rows", "field.rows", rows, 1, MaxListRows)
	sord := strings.ToLower(strings.TrimSpace(c.Query("sord")))
	if sord != "" && sord != "asc" && sord != "desc" {
		f.Add("sord", "err.badParam", errs.A("name", "sord"))
	}
	if err := f.Err(); err != nil {
		return ListParams{}, err
	}
	return ListParams{Page: int(page), Rows: int(rows), Sidx: strings.TrimSpace(c.Query("sidx")),
		Desc: sord == "desc", MatchCon: strings.TrimSpace(c.Query("matchCon"))}, nil
}

// OrderBy turns the sort field into an ORDER BY clause through allowed
// (client field name → SQL expression); def is used when sidx is empty.
// An unknown field is a 400 naming sidx. The id (tiebreaker) keeps paging
// stable.
func (p ListParams) OrderBy(allowed map[string]string, def string) (string, error) {
	if p.Sidx == "" {
		return def, nil
	}
	col, ok := allowed[p.Sidx]
	if !ok {
		return "", errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
	}
	dir := " ASC"
	if p.Desc {
		dir = " DESC"
	}
	return col + dir, nil
}

// ListPage is the product's list answer: records is the row count, total
// the page count, userdata the totals row (nil when the list has none).
type ListPage[T any] struct {
	Page     int `json:"page"`
	Records  int `json:"records"`
	Total    int `json:"total"`
	Rows     []T `json:"rows"`
	Userdata any `json:"userdata,omitempty"`
}

// NewListPage makes a list answer whose rows are never JSON null.
func NewListPage[T any](p ListParams, rows []T, records int) ListPage[T] {
	if rows == nil {
		rows = []T{}
	}
	pages := 0
	if p.Rows > 0 {
		pages = (records + p.Rows - 1) / p.Rows
	}
	return ListPage[T]{Page: p.Page, Records: records, Total: pages, Rows: rows}
}

// Listed reads the list parameters (c.List) and calls f with them.
func Listed(f func(c *Ctx, p ListParams) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		p, err := c.List()
		if err != nil {
			return nil, err
		}
		return f(c, p)
	}
}

// QueryID reads a positive integer query value (?id=12).
func (c *Ctx) QueryID(name string) (int64, error) {
	ids, err := c.QueryIDs(name)
	if err != nil {
		return 0, err
	}
	if len(ids) != 1 {
		return 0, errs.Field(name, "err.badParam", errs.A("name", name))
	}
	return ids[0], nil
}

// QID reads the query id name (c.QueryID) and calls f with it.
func QID(name string, f func(c *Ctx, id int64) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		id, err := c.QueryID(name)
		if err != nil {
			return nil, err
		}
		return f(c, id)
	}
}

// QIDs reads "?id=12,13" (c.QueryIDs) and calls f with the ids.
func QIDs(name string, f func(c *Ctx, ids []int64) (any, error)) Handler {
	return func(c *Ctx) (any, error) {
		ids, err := c.QueryIDs(name)
		if err != nil {
			return nil, err
		}
		return f(c, ids)
	}
}

// BatchResult is one id's outcome of a batch operation (docs/api.md §2): a batch
// never half-applies one id.
type BatchResult struct {
	ID  int64  `json:"id"`
	OK  bool   `json:"ok"`
	Msg string `json:"msg,omitempty"`
}

// Batch runs f for each id, each on its own (f owns its transaction), and
// reports every id's outcome in the caller's language. An unexpected error
// is logged with the request id and reported without internals.
func (c *Ctx) Batch(ids []int64, f func(id int64) error) []BatchResult {
	out := make([]BatchResult, 0, len(ids))
	for _, id := range ids {
		err := f(id)
		r := BatchResult{ID: id, OK: err == nil}
		if err != nil {
			r.Msg = c.Message(err)
		}
		out = append(out, r)
	}
	return out
}

// Message is err as the caller would read it: an expected error's
// translated message, or the system error (logged) for anything else.
func (c *Ctx) Message(err error) string {
	err = c.classify(err)
	if e, ok := errs.As(err); ok && StatusOf(err) != 500 {
		return c.T(e.Key, e.Args...)
	}
	if c.log != nil {
		c.log.Error("internal error", "requestId", c.RequestID, "path", c.R.URL.Path, "err", err.Error())
	}
	return c.T("err.system", errs.A("requestId", c.RequestID))
}

// classify turns an error of the database's capacity or availability (a
// refused connection, a deadlock victim, a lock that timed out) into the
// caller's "busy, try again" (503), logged with its details; anything else
// is left as it is.
func (c *Ctx) classify(err error) error {
	if c.unavailable == nil || !c.unavailable(err) {
		return err
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if c.log != nil {
		c.log.Warn("database unavailable", "requestId", c.RequestID, "path", c.R.URL.Path, "err", err.Error())
	}
	return errs.New(errs.KindUnavailable, errs.CodeUnavailable, "err.busy", errs.A("requestId", c.RequestID))
}

// Require checks a permission the route could not name on its own (the
// route says "a|b"; the request's type decides which one applies).
func (c *Ctx) Require(perm string) error {
	if c.User == nil || !c.User.Can(perm) {
		return errs.Forbidden("err.forbidden")
	}
	return nil
}
