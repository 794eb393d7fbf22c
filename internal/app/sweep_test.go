package app_test

import (
	"crypto/sha256"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/i18n"
)

// The bad-input sweep walks the whole route table (routes added later are
// covered without touching it): every query parameter a route reads, every
// path value and every field of the body it decodes (nested lines
// included: entries[0].qty) gets hostile values — quotes, NUL, huge
// numbers, huge strings, wrong types, negatives, far dates, markup. Every
// answer is 200 or 4xx, never 5xx, and a refused request changes nothing
// (a fingerprint of every table). CANGSHU_SWEEP=full sends every hostile
// value to every input (slower); the default rotates them.

// observer records what each route reads (server.Observer).
type observer struct {
	mu     sync.Mutex
	params map[string][]string
	bodies map[string]reflect.Type
}

func (o *observer) Queried(route, name string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if !slices.Contains(o.params[route], name) {
		o.params[route] = append(o.params[route], name)
	}
}

func (o *observer) Bound(route string, t reflect.Type) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if _, ok := o.bodies[route]; !ok {
		o.bodies[route] = t
	}
}

// hostile values for body fields (JSON values).
var hostileJSON = []any{
	`'"; DROP TABLE users; --`,
	"a\x00b",
	json.Number("1e400"),
	json.Number("-99999999999999999999999"),
	json.Number("9223372036854775808"),
	-1,
	json.Number("123456789012.1234567"),
	"99999999999999999999",
	true,
	[]any{1, "x"},
	map[string]any{"x": 1},
	"9999-12-31",
	"0001-01-01",
	`<svg><title><noscript><xmp></noscript><img src=x onerror=alert(1)></xmp></noscript></title></svg>`,
	"",
	nil,
}

// hugeString is sent on its own (a body of all fields at once would only
// meet the body limit).
var hugeString = strings.Repeat("字", 70_000)

var hostileQuery = []string{
	`'"; DROP TABLE users; --`, "a\x00b", "1e400", "-1", "99999999999999999999", "-99999999999999999999",
	strings.Repeat("x", 5000), "9999-12-31", "0001-01-01", "<svg onload=alert(1)>", "%_", "[]", "1,2,x", "\xff\xfe", "0",
}

var hostilePath = []string{"999999", "-1", "0", "99999999999999999999", "'", "a\x00b", "1,x", "%ff"}

// noisy tables change on their own: sessions, logs, throttling, captchas.
var noisy = []string{"sessions", "refresh_tokens", "captchas", "login_failures", "verify_codes", "sys_logs", "notice_reads",
	"goods_fts", "goods_fts_vocab", "app_secrets", "schema_migrations"}

// skipped routes end the caller's session.
var skipped = map[string]bool{"DELETE /api/auth/logout": true}

func TestBadInputSweep(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("sweep")
	}
	e := apptest.New(t)
	// The live stream answers until its life ends (minutes): the sweep
	// waited 4 of them on its one plain request.
	e.App.Live.Life = 50 * time.Millisecond
	obs := &observer{params: map[string][]string{}, bodies: map[string]reflect.Type{}}
	e.App.Server.Observe(obs)
	admin := e.Admin()
	full := os.Getenv("CANGSHU_SWEEP") == "full"
	tables := tableNames(t, e)
	pgPrint := ""
	if e.App.DB.Engine() == db.Postgres {
		// One round trip: each table's rows as text, hashed in the database.
		var parts []string
		for _, tb := range tables {
			parts = append(parts, fmt.Sprintf("SELECT '%s' || ':' || COUNT(*) || ':' || md5(COALESCE(string_agg(t::text, '|' ORDER BY t::text), '')) AS x FROM %s t", tb, tb))
		}
		pgPrint = "SELECT string_agg(x, ',' ORDER BY x) FROM (" + strings.Join(parts, " UNION ALL ") + ") f"
	}
	fingerprint := func() string {
		if pgPrint != "" {
			var s string
			if err := e.App.DB.QueryRow(t.Context(), pgPrint).Scan(&s); err != nil {
				t.Fatalf("fingerprint: %v", err)
			}
			return s
		}
		h := sha256.New()
		for _, tb := range tables {
			rows, err := e.App.DB.Query(t.Context(), "SELECT * FROM "+tb)
			if err != nil {
				t.Fatalf("fingerprint %s: %v", tb, err)
			}
			cols, _ := rows.Columns()
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			var lines []string
			for rows.Next() {
				if err := rows.Scan(ptrs...); err != nil {
					t.Fatal(err)
				}
				lines = append(lines, fmt.Sprint(vals...))
			}
			rows.Close()
			slices.Sort(lines)
			fmt.Fprintln(h, tb, len(lines), strings.Join(lines, "\n"))
		}
		return hex.EncodeToString(h.Sum(nil))
	}

	type req struct {
		method, path string
		body         any // nil, or a JSON-encodable value, or rawJSON
	}
	routes := e.App.Server.Routes()
	var fails []string
	fail := func(format string, args ...any) {
		fails = append(fails, fmt.Sprintf(format, args...))
	}
	hist := map[int]int{}
	do := func(r req) int {
		res := admin.Do(r.method, r.path, r.body)
		hist[res.Status]++
		if res.Status >= 500 || res.Status == 0 {
			body := fmt.Sprint(r.body)
			if len(body) > 200 {
				body = body[:200] + "…"
			}
			fail("%s %.300s %s: %d %.300s", r.method, r.path, body, res.Status, res.Body)
		}
		return res.Status
	}
	// Discovery: every route once, plainly, to learn what it reads.
	for _, r := range routes {
		if skipped[r.Pattern()] {
			continue
		}
		var body any
		if r.Method != "GET" {
			body = "{}"
		}
		do(req{r.Method, concreteWith(r.Path, "999999"), body})
	}
	summaryParam := regexp.MustCompile(`[?&]([A-Za-z_]+)=`)
	total := 0
	for _, r := range routes {
		if skipped[r.Pattern()] {
			continue
		}
		base := concreteWith(r.Path, "999999")
		var reqs []req
		// Path values.
		if strings.Contains(r.Path, "{") {
			for _, v := range hostilePath {
				reqs = append(reqs, req{r.Method, concreteWith(r.Path, url.PathEscape(v)), bodyFor(r.Method)})
			}
		}
		// Query parameters: each alone, and all at once.
		params := slices.Clone(obs.params[r.Pattern()])
		for _, m := range summaryParam.FindAllStringSubmatch(i18n.T(i18n.EN, r.DocKey(), r.DocArgs...), -1) {
			if !slices.Contains(params, m[1]) {
				params = append(params, m[1])
			}
		}
		for i, p := range params {
			for j := range hostileQuery {
				if !full && j != (2*i)%len(hostileQuery) && j != (2*i+1)%len(hostileQuery) {
					continue
				}
				reqs = append(reqs, req{r.Method, base + sep(base) + url.QueryEscape(p) + "=" + url.QueryEscape(hostileQuery[j]), bodyFor(r.Method)})
			}
		}
		if len(params) > 1 {
			for _, v := range hostileQuery {
				q := url.Values{}
				for _, p := range params {
					q.Set(p, v)
				}
				reqs = append(reqs, req{r.Method, base + sep(base) + q.Encode(), bodyFor(r.Method)})
			}
		}
		// Body fields: each alone, and all at once; wrong shapes.
		if t := obs.bodies[r.Pattern()]; t != nil {
			leaves := fieldPaths(t, nil, 0)
			for i, lf := range leaves {
				for j := range hostileJSON {
					if !full && j != (2*i)%len(hostileJSON) && j != (2*i+1)%len(hostileJSON) {
						continue
					}
					reqs = append(reqs, req{r.Method, base, build([]path{lf}, hostileJSON[j])})
				}
				if i%4 == 0 || full {
					reqs = append(reqs, req{r.Method, base, build([]path{lf}, hugeString)})
				}
			}
			for _, v := range hostileJSON {
				reqs = append(reqs, req{r.Method, base, build(leaves, v)})
			}
			for _, raw := range []string{"[]", `"x"`, "null", `{"a":`, "1e400", `{"entries":"x"}`, strings.Repeat("[", 10000)} {
				reqs = append(reqs, req{r.Method, base, raw})
			}
		}
		total += len(reqs)
		before := fingerprint()
		statuses := make([]int, len(reqs))
		any200 := false
		for i, q := range reqs {
			statuses[i] = do(q)
			any200 = any200 || statuses[i] < 300
		}
		after := fingerprint()
		if after == before {
			continue
		}
		if !any200 || r.Method == "GET" {
			fail("%s: refused requests changed the database", r.Pattern())
			continue
		}
		// Some were accepted: replay the refused ones one by one.
		for i, q := range reqs {
			if statuses[i] < 400 {
				continue
			}
			b := fingerprint()
			if st := do(q); st >= 400 && fingerprint() != b {
				fail("%s %s %.200v: answered %d but changed the database", q.method, q.path, q.body, st)
			}
		}
	}
	t.Logf("%d routes, %d hostile requests, answers by status %v", len(routes), total, hist)
	if hist[401] > total/10 {
		t.Errorf("the sweep lost its session: %d answers were 401", hist[401])
	}
	for _, f := range fails {
		t.Error(f)
	}
}

func bodyFor(method string) any {
	if method == "GET" {
		return nil
	}
	return "{}"
}

func sep(u string) string {
	if strings.Contains(u, "?") {
		return "&"
	}
	return "?"
}

// concreteWith fills a route pattern's wildcards with v.
func concreteWith(path, v string) string {
	return param.ReplaceAllString(strings.ReplaceAll(path, "{$}", ""), v)
}

// path is a body field's path: object keys and array indexes (-1).
type path []string

var unmarshaler = reflect.TypeFor[json.Unmarshaler]()
var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// fieldPaths lists the leaf fields of the input type t by their JSON names;
// slices of structs contribute their element's fields at index 0.
func fieldPaths(t reflect.Type, prefix path, depth int) []path {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	leaf := func() []path { return []path{slices.Clone(prefix)} }
	if depth > 4 || reflect.PointerTo(t).Implements(unmarshaler) || reflect.PointerTo(t).Implements(textUnmarshaler) {
		return leaf()
	}
	switch t.Kind() {
	case reflect.Struct:
		var out []path
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name := strings.Split(f.Tag.Get("json"), ",")[0]
			if name == "-" {
				continue
			}
			if name == "" {
				if f.Anonymous {
					out = append(out, fieldPaths(f.Type, prefix, depth+1)...)
					continue
				}
				name = f.Name
			}
			out = append(out, fieldPaths(f.Type, append(slices.Clone(prefix), name), depth+1)...)
		}
		if len(out) == 0 && len(prefix) > 0 {
			return leaf()
		}
		return out
	case reflect.Slice, reflect.Array:
		el := t.Elem()
		for el.Kind() == reflect.Pointer {
			el = el.Elem()
		}
		if el.Kind() == reflect.Struct && !reflect.PointerTo(el).Implements(unmarshaler) {
			return append(leaf(), fieldPaths(el, append(slices.Clone(prefix), "-1"), depth+1)...)
		}
		return append(leaf(), append(slices.Clone(prefix), "-1"))
	}
	if len(prefix) == 0 {
		return nil
	}
	return leaf()
}

// build makes a JSON body holding v at every one of paths.
func build(paths []path, v any) any {
	root := map[string]any{}
	for _, p := range paths {
		if len(p) == 0 {
			continue
		}
		set(root, p, clone(v))
	}
	return root
}

// clone deep-copies a hostile value, so that no two places share it.
func clone(v any) any {
	switch t := v.(type) {
	case []any:
		out := make([]any, len(t))
		for i := range t {
			out[i] = clone(t[i])
		}
		return out
	case map[string]any:
		out := map[string]any{}
		for k, x := range t {
			out[k] = clone(x)
		}
		return out
	}
	return v
}

func set(node any, p path, v any) any {
	if len(p) == 0 {
		return v
	}
	if p[0] == "-1" {
		arr, _ := node.([]any)
		if len(arr) == 0 {
			arr = []any{nil}
		}
		arr[0] = set(arr[0], p[1:], v)
		return arr
	}
	m, ok := node.(map[string]any)
	if !ok {
		m = map[string]any{}
	}
	m[p[0]] = set(m[p[0]], p[1:], v)
	return m
}

func tableNames(t *testing.T, e *apptest.Env) []string {
	q := "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
	if e.App.DB.Engine() == db.Postgres {
		q = "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'"
	}
	rows, err := e.App.DB.Query(t.Context(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(noisy, n) && !strings.HasPrefix(n, "goods_fts") {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}
