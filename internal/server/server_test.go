package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

type fakeAuth struct{}

func (fakeAuth) Authenticate(_ context.Context, token string) (*Principal, error) {
	switch token {
	case "root":
		return &Principal{UserID: 1, Username: "admin", Roles: []string{RootRole}}, nil
	case "clerk":
		return &Principal{UserID: 2, Username: "clerk", Perms: []string{"a:b:query"}}, nil
	case "pending":
		return &Principal{UserID: 3, Username: "new", MustChangePassword: true}, nil
	}
	return nil, errs.Unauthenticated(errs.CodeAccessInvalid, "auth.tokenInvalid")
}

type recLog struct{ entries []LogEntry }

func (r *recLog) WriteLog(_ context.Context, e LogEntry) { r.entries = append(r.entries, e) }

type input struct {
	Name   string  `json:"name"`
	Count  int     `json:"count"`
	Price  dec.Dec `json:"price"`
	IDs    []int64 `json:"ids"`
	Secret string  `json:"password"`
}

func newTestServer(t *testing.T) (*Server, *recLog, *bytes.Buffer) {
	logs := &recLog{}
	var out bytes.Buffer
	routes := []Route{
		{Method: "POST", Path: "/api/echo", Perm: "a:b:query", Log: "ok", Tag: "t", H: func(c *Ctx) (any, error) {
			var in input
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			if in.Name != "" {
				c.LogChanges(Change{Field: "name", Old: "before", New: in.Name}, Change{Field: "password", Old: "x", New: in.Secret})
			}
			return in, nil
		}},
		{Method: "GET", Path: "/api/panic", Tag: "t", H: func(c *Ctx) (any, error) { panic("secret internals") }},
		{Method: "GET", Path: "/api/fail", Tag: "t", H: func(c *Ctx) (any, error) { return nil, errors.New("db password=hunter2 failed") }},
		{Method: "GET", Path: "/api/field", Public: true, Tag: "t", H: func(c *Ctx) (any, error) {
			var f errs.Fields
			f.Required("entries[2].qty", "field.name")
			return nil, f.Err()
		}},
		{Method: "GET", Path: "/api/items/{ids}", Tag: "t", Pending: true, H: func(c *Ctx) (any, error) { return c.PathIDs("ids") }},
		{Method: "GET", Path: "/api/file", Tag: "t", H: func(c *Ctx) (any, error) {
			return File{Name: "用户.xlsx", ContentType: XLSX, Data: []byte("xlsx")}, nil
		}},
	}
	s, err := New(Options{
		Auth: fakeAuth{}, OpLog: logs, Logger: slog.New(slog.NewTextHandler(&out, nil)), MaxBodyBytes: 1024,
		Web: fstest.MapFS{"index.html": {Data: []byte("<html>app</html>")}, "assets/a.js": {Data: []byte("js")}},
	}, routes)
	if err != nil {
		t.Fatal(err)
	}
	return s, logs, &out
}

type answer struct {
	Status    int               `json:"status"`
	Code      string            `json:"code"`
	Msg       string            `json:"msg"`
	Data      json.RawMessage   `json:"data"`
	Errors    map[string]string `json:"errors"`
	RequestID string            `json:"requestId"`
}

func call(s *Server, method, path, token, ct, body string, hdr ...string) (*httptest.ResponseRecorder, answer) {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	var a answer
	json.Unmarshal(rec.Body.Bytes(), &a)
	return rec, a
}

func TestEnvelopeAuthAndPermissions(t *testing.T) {
	s, _, _ := newTestServer(t)
	tests := []struct {
		name, method, path, token, ct, body string
		status                              int
		code, data                          string
	}{
		{"no token", "POST", "/api/echo", "", "", "", 401, "A0230", ""},
		{"bad token", "POST", "/api/echo", "forged", "", "", 401, "A0230", ""},
		{"no permission", "POST", "/api/echo", "pending", "", "", 403, "A0232", ""},
		{"root passes", "POST", "/api/echo", "root", "application/json", `{"name":"a","count":2,"price":"12.50","ids":[1,2]}`, 200, "", `"price":12.5`},
		{"permitted", "POST", "/prod-api/echo", "clerk", "application/json", `{"name":"a"}`, 200, "", `"name":"a"`},
		{"form fields", "POST", "/api/echo", "clerk", "application/x-www-form-urlencoded", "name=b&count=3&price=0.1&ids=4,5", 200, "", `"ids":[4,5]`},
		{"postData", "POST", "/api/echo", "clerk", "application/x-www-form-urlencoded", `postData={"name":"c","count":7}`, 200, "", `"count":7`},
		{"malformed JSON", "POST", "/api/echo", "clerk", "application/json", `{"name":`, 400, "A0400", ""},
		{"trailing JSON", "POST", "/api/echo", "clerk", "application/json", `{"name":"a"} {}`, 400, "A0400", ""},
		{"wrong type", "POST", "/api/echo", "clerk", "application/json", `{"count":"many"}`, 400, "A0400", ""},
		{"bad decimal", "POST", "/api/echo", "clerk", "application/json", `{"price":"1,5"}`, 400, "A0400", ""},
		{"bad form int", "POST", "/api/echo", "clerk", "application/x-www-form-urlencoded", "count=x", 400, "A0400", ""},
		{"wrong content type", "POST", "/api/echo", "clerk", "text/plain", "hi", 400, "A0400", ""},
		{"too large", "POST", "/api/echo", "clerk", "application/json", `{"name":"` + strings.Repeat("x", 2000) + `"}`, 413, "A0425", ""},
		{"ids", "GET", "/api/items/3,4", "pending", "", "", 200, "", `[3,4]`},
		{"bad ids", "GET", "/api/items/3,x", "root", "", "", 400, "A0400", ""},
		{"unknown route", "GET", "/api/nothing", "root", "", "", 404, "A0404", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, a := call(s, tt.method, tt.path, tt.token, tt.ct, tt.body)
			if rec.Code != tt.status || a.Code != tt.code {
				t.Fatalf("got %d %s, want %d %s: %s", rec.Code, a.Code, tt.status, tt.code, rec.Body)
			}
			if tt.status == 200 && (a.Status != 200 || a.Msg != "ok") {
				t.Fatalf("envelope: %s", rec.Body)
			}
			if tt.status != 200 && (a.Status != -1 || a.Msg == "") {
				t.Fatalf("error envelope: %s", rec.Body)
			}
			if !strings.Contains(string(a.Data), tt.data) {
				t.Fatalf("data %s lacks %s", a.Data, tt.data)
			}
		})
	}
}

func TestMessagesFollowAcceptLanguage(t *testing.T) {
	s, _, _ := newTestServer(t)
	_, zh := call(s, "GET", "/api/field", "", "", "")
	_, en := call(s, "GET", "/api/field", "", "", "", "Accept-Language", "en-US,en;q=0.9")
	if zh.Msg != "名称不能为空" || en.Msg != "Name is required" {
		t.Fatalf("zh %q en %q", zh.Msg, en.Msg)
	}
	if en.Errors["entries[2].qty"] != "Name is required" || zh.Code != "A0410" {
		t.Fatalf("field errors: %+v", en)
	}
}

func TestPanicsAndInternalErrorsLeakNothing(t *testing.T) {
	s, _, logOut := newTestServer(t)
	for _, p := range []string{"/api/panic", "/api/fail"} {
		rec, a := call(s, "GET", p, "root", "", "", "X-Request-Id", "req-12345678")
		if rec.Code != 500 || a.Code != "B0001" || a.RequestID != "req-12345678" {
			t.Fatalf("%s: %d %s", p, rec.Code, rec.Body)
		}
		if strings.Contains(rec.Body.String(), "secret") || strings.Contains(rec.Body.String(), "hunter2") {
			t.Fatalf("%s leaked internals: %s", p, rec.Body)
		}
		if !strings.Contains(a.Msg, "req-12345678") {
			t.Fatalf("message lacks the request id: %s", a.Msg)
		}
	}
	if !strings.Contains(logOut.String(), "secret internals") || !strings.Contains(logOut.String(), "requestId=req-12345678") {
		t.Fatalf("log lacks the cause:\n%s", logOut)
	}
}

func TestOneLogLinePerRequestAndRequestIDs(t *testing.T) {
	s, _, logOut := newTestServer(t)
	rec, _ := call(s, "POST", "/api/echo", "clerk", "application/json", `{}`)
	id := rec.Header().Get("X-Request-Id")
	if len(id) < 8 {
		t.Fatalf("request id %q", id)
	}
	lines := strings.Split(strings.TrimSpace(logOut.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "requestId="+id) || !strings.Contains(lines[0], "user=clerk") ||
		!strings.Contains(lines[0], "status=200") || !strings.Contains(lines[0], `route="POST /api/echo"`) {
		t.Fatalf("log lines: %q", lines)
	}
}

// The request log line carries the elapsed time as a whole number of microseconds.
func TestRequestLogElapsedMicroseconds(t *testing.T) {
	s, _, logOut := newTestServer(t)
	call(s, "POST", "/api/echo", "clerk", "application/json", `{}`)
	if !regexp.MustCompile(` us=[0-9]+ `).MatchString(logOut.String()) || strings.Contains(logOut.String(), " ms=") {
		t.Fatalf("log line: %s", logOut)
	}
}

func TestOperationLogMasksSecrets(t *testing.T) {
	s, logs, _ := newTestServer(t)
	call(s, "POST", "/api/echo", "clerk", "application/json", `{"name":"n","password":"hunter2"}`)
	call(s, "POST", "/api/echo", "", "application/json", `{}`) // unauthenticated: nobody to log
	if len(logs.entries) != 1 {
		t.Fatalf("%d log entries", len(logs.entries))
	}
	e := logs.entries[0]
	if e.Username != "clerk" || e.Status != 200 || e.Method != "POST" || strings.Contains(e.Params, "hunter2") || !strings.Contains(e.Params, `"name":"n"`) {
		t.Fatalf("entry: %+v", e)
	}
}

func TestDownloadsAndTheWebApp(t *testing.T) {
	s, _, _ := newTestServer(t)
	rec, _ := call(s, "GET", "/api/file", "root", "", "")
	if rec.Header().Get("Content-Type") != XLSX || !strings.Contains(rec.Header().Get("Content-Disposition"), "UTF-8''%E7%94%A8%E6%88%B7.xlsx") {
		t.Fatalf("headers: %v", rec.Header())
	}
	for path, want := range map[string]string{"/": "app", "/some/route": "app", "/assets/a.js": "js"} {
		rec, _ := call(s, "GET", path, "", "", "")
		b, _ := io.ReadAll(rec.Body)
		if rec.Code != 200 || !strings.Contains(string(b), want) {
			t.Errorf("%s: %d %s", path, rec.Code, b)
		}
	}
}

func TestDuplicateRoutesAreRefused(t *testing.T) {
	h := func(c *Ctx) (any, error) { return nil, nil }
	_, err := New(Options{Auth: fakeAuth{}}, []Route{{Method: "GET", Path: "/api/a", H: h}, {Method: "GET", Path: "/api/a", H: h}})
	if err == nil {
		t.Fatal("duplicate route accepted")
	}
}

func TestCan(t *testing.T) {
	p := &Principal{Perms: []string{"a:b:c", "x:y:z"}}
	if !p.Can("a:b:c") || p.Can("a:b:d") || !p.Can("") {
		t.Fatal("Can")
	}
	if !(&Principal{Perms: []string{"*:*:*"}}).Can("any:thing:here") {
		t.Fatal("wildcard")
	}
	if !(&Principal{Roles: []string{"ROOT"}}).Can("any:thing:here") {
		t.Fatal("root")
	}
}

func TestMaskKeys(t *testing.T) {
	for in, want := range map[string]string{
		`{"password":"x","name":"n"}`:                                  `{"name":"n","password":"******"}`,
		`{"code":"S001","name":"n"}`:                                   `{"code":"S001","name":"n"}`,
		`{"configKey":"sys.user.initPassword","configValue":"654321"}`: `{"configKey":"sys.user.initPassword","configValue":"******"}`,
		`oldPassword=a&nickname=b`:                                     `nickname=b&oldPassword=%2A%2A%2A%2A%2A%2A`,
		`{"refreshToken":"abc"}`:                                       `{"refreshToken":"******"}`,
	} {
		if got := maskParams(in); got != want {
			t.Errorf("maskParams(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestLongBodiesAreMaskedBeforeTruncation(t *testing.T) {
	s, logs, _ := newTestServer(t)
	body := `{"name":"` + strings.Repeat("x", 3000) + `","password":"hunter2"}`
	s.opt.MaxBodyBytes = 10000
	call(s, "POST", "/api/echo", "clerk", "application/json", body)
	if len(logs.entries) != 1 || strings.Contains(logs.entries[0].Params, "hunter2") || len(logs.entries[0].Params) > 2000 {
		t.Fatalf("params: %.80s… (%d bytes)", logs.entries[0].Params, len(logs.entries[0].Params))
	}
	u, _ := url.Parse("/api/users/3/password/reset?password=hunter2&x=1")
	if got := maskURI(u); strings.Contains(got, "hunter2") || !strings.Contains(got, "x=1") {
		t.Fatalf("maskURI = %s", got)
	}
	if maskKeys(`{"broken": "password=x`) != "" {
		t.Fatal("broken JSON kept")
	}
}

func TestChangesReachTheOperationLogMasked(t *testing.T) {
	s, logs, _ := newTestServer(t)
	call(s, "POST", "/api/echo", "root", "application/json", `{"name":"新名字","password":"hunter2"}`)
	if len(logs.entries) != 1 {
		t.Fatalf("%d entries", len(logs.entries))
	}
	ch := logs.entries[0].Changes
	if !strings.Contains(ch, `"field":"name","old":"before","new":"新名字"`) || strings.Contains(ch, "hunter2") {
		t.Errorf("changes %s", ch)
	}
	call(s, "POST", "/api/echo", "root", "application/json", `{}`)
	if logs.entries[1].Changes != "" {
		t.Errorf("no changes logged as %q", logs.entries[1].Changes)
	}
}

// An error of the database's capacity (Options.Unavailable: too many
// connections, a deadlock victim, a lock timeout) is answered 503 "busy,
// try again" in the caller's language, with the request id and a
// Retry-After, logged with its cause and leaking nothing; in a batch's
// per-id answer it reads the same. Other errors stay system errors.
func TestUnavailableDatabaseAnswersBusy(t *testing.T) {
	errBusy := errors.New("failed to connect: FATAL: sorry, too many clients already (SQLSTATE 53300) password=hunter2")
	var out bytes.Buffer
	s, err := New(Options{
		Auth: fakeAuth{}, Logger: slog.New(slog.NewTextHandler(&out, nil)),
		Unavailable: func(err error) bool { return errors.Is(err, errBusy) },
	}, []Route{
		{Method: "GET", Path: "/api/busy", Tag: "t", H: func(c *Ctx) (any, error) { return nil, fmt.Errorf("authenticate: %w", errBusy) }},
		{Method: "GET", Path: "/api/batch", Tag: "t", H: func(c *Ctx) (any, error) { return c.Message(errBusy), nil }},
		{Method: "GET", Path: "/api/fail", Tag: "t", H: func(c *Ctx) (any, error) { return nil, errors.New("other") }},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ lang, want string }{{"zh-CN", "系统繁忙，请稍后重试（请求编号 req-busy-0001）"}, {"en", "The system is busy, please try again in a moment (request req-busy-0001)"}} {
		rec, a := call(s, "GET", "/api/busy", "root", "", "", "X-Request-Id", "req-busy-0001", "Accept-Language", c.lang)
		if rec.Code != 503 || a.Code != "B0310" || a.Msg != c.want || a.RequestID != "req-busy-0001" || rec.Header().Get("Retry-After") != "1" {
			t.Fatalf("%s: %d %s (Retry-After %q)", c.lang, rec.Code, rec.Body, rec.Header().Get("Retry-After"))
		}
		if strings.Contains(rec.Body.String(), "hunter2") || strings.Contains(rec.Body.String(), "SQLSTATE") {
			t.Fatalf("leaked internals: %s", rec.Body)
		}
	}
	if !strings.Contains(out.String(), "too many clients") || !strings.Contains(out.String(), "requestId=req-busy-0001") {
		t.Fatalf("log lacks the cause:\n%s", out.String())
	}
	_, a := call(s, "GET", "/api/batch", "root", "", "", "X-Request-Id", "req-busy-0002", "Accept-Language", "en")
	if string(a.Data) != `"The system is busy, please try again in a moment (request req-busy-0002)"` {
		t.Fatalf("batch message: %s", a.Data)
	}
	if rec, a := call(s, "GET", "/api/fail", "root", "", ""); rec.Code != 500 || a.Code != "B0001" {
		t.Fatalf("another error: %d %s", rec.Code, rec.Body)
	}
}
