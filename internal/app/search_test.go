package app_test

import (
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/config"
	"cangshu/internal/server"
)

// notSearch are the query parameters routes read that are not search texts:
// ids, dates, numbers, flags, codes and names of fixed things. A new
// parameter must be put here or in server.SearchParams.
var notSearch = []string{
	"accId", "beginDate", "billStatus", "buId", "bySku", "catId", "categoryId", "checked",
	"contactType", "date", "datePart", "deptId", "digits", "disable", "endDate", "hxState", "id", "ids", "invId",
	"invoiceState", "isRead", "itemId", "kind", "locationId", "manual", "module", "name",
	"onlyParent", "page", "pageNum", "pageSize", "prefix", "publishStatus", "reset", "roleId", "rows",
	"salesId", "shopId", "showGoods", "showZero", "sidx", "skuTypeId", "sord", "startDate", "state",
	"status", "target", "token", "type", "typeId", "typeNumber", "unitTypeId", "userId",
}

// Every query parameter a GET route reads is known: a search text (bounded
// and timed, server.SearchParams) or not (notSearch). A route that adds a
// free-text search under a new name fails here until it is bounded.
func TestSearchParamsAreKnown(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.App.Live.Life = 50 * time.Millisecond
	obs := &observer{params: map[string][]string{}, bodies: map[string]reflect.Type{}}
	e.App.Server.Observe(obs)
	admin := e.Admin()
	for _, r := range e.App.Server.Routes() {
		if r.Method == "GET" {
			admin.Do("GET", concreteWith(r.Path, "1"), nil)
		}
	}
	var unknown []string
	for route, names := range obs.params {
		for _, n := range names {
			if !slices.Contains(server.SearchParams, n) && !slices.Contains(notSearch, n) {
				if !slices.ContainsFunc(unknown, func(u string) bool { return strings.HasPrefix(u, n+" (") }) {
					unknown = append(unknown, n+" ("+route+")")
				}
			}
		}
	}
	sort.Strings(unknown)
	if len(unknown) > 0 {
		t.Fatalf("query parameters neither search texts nor known: %s", strings.Join(unknown, ", "))
	}
}

// A search text past server.MaxSearchLen is refused on every GET route,
// naming the parameter, in the caller's language, at once; 100 characters
// pass.
func TestSearchTextIsBounded(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.App.Live.Life = 50 * time.Millisecond
	admin := e.Admin()
	long := strings.Repeat("字", 20_000)
	start := time.Now()
	r := admin.Do("GET", "/api/logs/page?keywords="+url.QueryEscape(long), nil).Want(400)
	if took := time.Since(start); took > time.Second || r.Env.Errors["keywords"] != "搜索内容 keywords 不能超过 100 个字符" {
		t.Fatalf("20,000 characters: %s in %s", r.Body, took)
	}
	admin.Do("GET", "/api/logs/page?keywords="+url.QueryEscape(strings.Repeat("x", 100)), nil).Want(200)
	apptest.Run(t, []apptest.Step{
		{Name: "en", As: admin, Lang: "en", Method: "GET", Path: "/api/sales/list?matchCon=" + strings.Repeat("a", 101), Status: 400, Field: "matchCon", Msg: "The search text matchCon may hold at most 100 characters"},
	})
	over := strings.Repeat("й", server.MaxSearchLen+1)
	for _, rt := range e.App.Server.Routes() {
		if rt.Method != "GET" {
			continue
		}
		for _, name := range server.SearchParams {
			p := concreteWith(rt.Path, "1")
			r := admin.Do("GET", p+sep(p)+name+"="+url.QueryEscape(over), nil)
			if r.Status != 400 || r.Env.Errors[name] == "" {
				t.Errorf("%s ?%s= of %d characters: %d %.200s", rt.Pattern(), name, server.MaxSearchLen+1, r.Status, r.Body)
			}
		}
	}
}

// A search the database has not answered within the time limit is stopped
// and answered 400 naming the parameter, not a 500 nor a wait.
func TestSearchTimeLimit(t *testing.T) {
	t.Parallel()
	e := apptest.New(t, func(c *config.Config) { c.SearchTimeout = 30 * time.Millisecond })
	admin := e.Admin()
	e.Exec(`INSERT INTO sys_logs (module, action, request_method, request_uri, params, status, elapsed_ms, username, created_at)
		WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400000)
		SELECT 'goods', 'x', 'GET', '/api/goods/list?page=' || i, '', 200, 1, 'clerk' || i, CURRENT_TIMESTAMP FROM n`)
	start := time.Now()
	r := admin.Do("GET", "/api/logs/page?keywords="+url.QueryEscape(strings.Repeat("没有", 50)), nil)
	took := time.Since(start)
	if r.Status != 400 || r.Env.Errors["keywords"] == "" || !strings.Contains(r.Env.Msg, "超过") || took > 3*time.Second {
		t.Fatalf("slow search: %d %s in %s", r.Status, r.Body, took)
	}
	t.Logf("stopped after %s", took)
	// The connection is usable afterwards.
	admin.Do("GET", "/api/logs/page", nil).Want(200)
}
