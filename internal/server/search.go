package server

import (
	"context"
	"errors"
	"slices"
	"time"
	"unicode/utf8"

	"cangshu/internal/errs"
)

// Search texts. Every query parameter a list, report or lookup searches by
// (free text matched with LIKE, full-text or pinyin) is one of
// SearchParams: at most MaxSearchLen characters, refused at the decoding
// edge (400 naming the parameter) before any handler sees it, and a request
// that carries one runs under Options.SearchTimeout (DefaultSearchTimeout):
// a search the database has not answered by then is stopped and answered
// 400 naming the parameter, in the caller's language (docs/limits.md).
const (
	MaxSearchLen         = 100
	DefaultSearchTimeout = 10 * time.Second
)

// SearchParams are the search-text query parameters of every route. A
// route that adds one names it here (TestSearchParamsAreKnown walks the
// route table and fails on a query parameter it does not know).
var SearchParams = []string{"keywords", "matchCon", "billNo", "serNum", "title", "barCode"}

// checkSearch refuses a search text longer than MaxSearchLen characters.
func checkSearch(q map[string][]string) error {
	for _, name := range SearchParams {
		for _, v := range q[name] {
			if utf8.RuneCountInString(v) > MaxSearchLen {
				return errs.Field(name, "err.searchTooLong", errs.A("name", name), errs.A("max", MaxSearchLen))
			}
		}
	}
	return nil
}

// searched is the first search parameter the request carries, "" if none.
func (c *Ctx) searched() string {
	q := c.R.URL.Query()
	for _, name := range SearchParams {
		if slices.ContainsFunc(q[name], func(v string) bool { return v != "" }) {
			return name
		}
	}
	return ""
}

// searchTimedOut turns the error of a search stopped by its time limit into
// a 400 naming the parameter.
func searchTimedOut(ctx context.Context, name string, limit time.Duration, err error) error {
	if err == nil || !errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return err
	}
	if e, ok := errs.As(err); ok && e.Kind != errs.KindUnavailable {
		return err // a refusal that came before the time ran out
	}
	return errs.Field(name, "err.searchTimeout", errs.A("name", name), errs.A("seconds", int64((limit+time.Second-1)/time.Second)))
}
