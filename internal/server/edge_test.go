package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"mime/multipart"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"cangshu/internal/dec"
)

type lineIn struct {
	Qty   dec.Dec `json:"qty"`
	InvID int64   `json:"invId"`
	Batch string  `json:"batch"`
}

type docIn struct {
	Date    string   `json:"date"`
	Entries []lineIn `json:"entries"`
	Tags    []string `json:"tags"`
}

func edgeServer(t *testing.T, proxies ...string) *Server {
	t.Helper()
	var ps []netip.Prefix
	for _, p := range proxies {
		ps = append(ps, netip.MustParsePrefix(p))
	}
	routes := []Route{
		{Method: "POST", Path: "/api/doc", Public: true, Tag: "t", H: In(func(c *Ctx, in docIn) (any, error) { return in, nil })},
		{Method: "GET", Path: "/api/q", Public: true, Tag: "t", H: func(c *Ctx) (any, error) { return c.Query("matchCon"), nil }},
		{Method: "GET", Path: "/api/ip", Public: true, Tag: "t", H: func(c *Ctx) (any, error) { return c.IP, nil }},
		{Method: "POST", Path: "/api/upload", Public: true, Upload: true, Tag: "t", H: func(c *Ctx) (any, error) {
			_, h, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			return h.Size, nil
		}},
	}
	s, err := New(Options{Auth: fakeAuth{}, Logger: slog.New(slog.DiscardHandler), MaxBodyBytes: 4096, MaxUploadBytes: 64 << 10, TrustedProxies: ps}, routes)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func multipartBody(fields map[string]string, file []byte) (string, string) {
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if file != nil {
		fw, _ := w.CreateFormFile("file", "a.bin")
		fw.Write(file)
	}
	w.Close()
	return w.FormDataContentType(), b.String()
}

func TestEveryResponseCarriesSecurityHeaders(t *testing.T) {
	s, _, _ := newTestServer(t)
	for _, path := range []string{"/", "/assets/a.js", "/api/field", "/api/no/such", "/api/panic"} {
		rec, _ := call(s, "GET", path, "root", "", "")
		h := rec.Header()
		if csp := h.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-eval") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("X-Frame-Options") != "DENY" {
			t.Errorf("%s: headers %v", path, h)
		}
	}
}

func TestControlCharactersAreRefusedAtTheEdge(t *testing.T) {
	s := edgeServer(t)
	form, body := multipartBody(map[string]string{"username": "adm\x00in"}, nil)
	for _, c := range []struct {
		name, method, path, ct, body, field string
	}{
		{"NUL in a JSON string", "POST", "/api/doc", "application/json", `{"date":"2025-01-01\u0000"}`, "date"},
		{"NUL in a line", "POST", "/api/doc", "application/json", `{"entries":[{"batch":"ok"},{"batch":"a\u0001b"}]}`, "entries[1].batch"},
		{"NUL in an array of strings", "POST", "/api/doc", "application/json", `{"tags":["x","\u001b[31m"]}`, "tags[1]"},
		{"NUL in a key", "POST", "/api/doc", "application/json", `{"da\u0000te":"x"}`, "body"},
		{"DEL", "POST", "/api/doc", "", `{"date":"\u007f"}`, "date"},
		{"DEL as a byte", "POST", "/api/doc", "application/json", "{\"date\":\"a\x7fb\"}", "date"},
		{"backspace escape after an escaped backslash", "POST", "/api/doc", "application/json", `{"date":"a\\\b"}`, "date"},
		{"form feed escape", "POST", "/api/doc", "application/json", `{"entries":[{"batch":"\f"}]}`, "entries[0].batch"},
		{"NUL in a query parameter", "GET", "/api/q?matchCon=a%00b", "", "", "matchCon"},
		{"invalid UTF-8 in a query parameter", "GET", "/api/q?matchCon=%ff%fe", "", "", "matchCon"},
		{"NUL in a form field", "POST", "/api/doc", "application/x-www-form-urlencoded", "date=a%00b", "date"},
		{"NUL in postData", "POST", "/api/doc", "application/x-www-form-urlencoded", "postData=" + strings.ReplaceAll(`{"date":"a\u0000"}`, `\`, `%5C`), "date"},
		{"NUL in a multipart field", "POST", "/api/doc", form, body, "username"},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec, a := call(s, c.method, c.path, "", c.ct, c.body)
			if rec.Code != 400 || a.Errors[c.field] == "" {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
	// A file name with a NUL byte: the form cannot be read, and the answer
	// says so (not that the body is bad JSON).
	raw := "--B\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a\x00b.pdf\"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--B--\r\n"
	if rec, a := call(s, "POST", "/api/doc", "", "multipart/form-data; boundary=B", raw); rec.Code != 400 || strings.Contains(a.Msg, "JSON") || a.Msg == "" {
		t.Fatalf("NUL in a file name: %d %s", rec.Code, rec.Body)
	}
	// Escaped backslashes, quotes and line breaks, and Chinese, are text.
	if rec, _ := call(s, "POST", "/api/doc", "", "application/json", `{"date":"C:\\u0000\\b \"可乐\"\n"}`); rec.Code != 200 {
		t.Fatalf("escaped backslashes: %d %s", rec.Code, rec.Body)
	}
	// Tabs and line breaks are text.
	if rec, _ := call(s, "POST", "/api/doc", "", "application/json", `{"date":"a\tb\r\nc"}`); rec.Code != 200 {
		t.Fatalf("tab and newline: %d %s", rec.Code, rec.Body)
	}
	if rec, _ := call(s, "GET", "/api/q?matchCon=%E5%8F%AF%E4%B9%90", "", "", "", ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), "可乐") {
		t.Fatalf("Chinese query: %d %s", rec.Code, rec.Body)
	}
}

func TestTypeErrorsNameTheIndexedPath(t *testing.T) {
	s := edgeServer(t)
	for body, field := range map[string]string{
		`{"entries":[{"qty":1},{"qty":"many"}]}`:              "entries[1].qty",
		`{"entries":[{"qty":"x"}]}`:                           "entries[0].qty",
		`{"entries":[{"invId":1},{"invId":2},{"invId":"a"}]}`: "entries[2].invId",
		`{"entries":[{"invId":1.5}]}`:                         "entries[0].invId",
		`{"date":12}`:                                         "date",
		`{"entries":[{"batch":["x"]}]}`:                       "entries[0].batch",
	} {
		rec, a := call(s, "POST", "/api/doc", "", "application/json", body)
		if rec.Code != 400 || a.Errors[field] == "" {
			t.Errorf("%s: %d %s, want an error at %s", body, rec.Code, rec.Body, field)
		}
	}
}

func TestMultipartDoesNotLiftTheBodyLimit(t *testing.T) {
	s := edgeServer(t)
	// A JSON route: a multipart body above the body limit is refused.
	ct, body := multipartBody(map[string]string{"date": strings.Repeat("x", 10000)}, nil)
	if rec, _ := call(s, "POST", "/api/doc", "", ct, body); rec.Code != 413 {
		t.Fatalf("multipart on a JSON route: %d %s", rec.Code, rec.Body)
	}
	if rec, _ := call(s, "POST", "/api/doc", "", "application/json", fmt.Sprintf(`{"date":"%s"}`, strings.Repeat("x", 10000))); rec.Code != 413 {
		t.Fatalf("JSON above the limit: %d", rec.Code)
	}
	// An upload route takes the upload limit.
	ct, body = multipartBody(nil, bytes.Repeat([]byte{1}, 20000))
	if rec, _ := call(s, "POST", "/api/upload", "", ct, body); rec.Code != 200 {
		t.Fatalf("upload: %d %s", rec.Code, rec.Body)
	}
	ct, body = multipartBody(nil, bytes.Repeat([]byte{1}, 70000))
	if rec, _ := call(s, "POST", "/api/upload", "", ct, body); rec.Code != 413 {
		t.Fatalf("upload above its limit: %d %s", rec.Code, rec.Body)
	}
}

func TestForwardedForOnlyFromTrustedProxies(t *testing.T) {
	ip := func(s *Server, peer string, xff ...string) string {
		req := httptest.NewRequest("GET", "/api/ip", nil)
		req.RemoteAddr = peer
		for _, x := range xff {
			req.Header.Add("X-Forwarded-For", x)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		var a answer
		_ = jsonUnmarshal(rec.Body.Bytes(), &a)
		return strings.Trim(string(a.Data), `"`)
	}
	none := edgeServer(t)
	for _, peer := range []string{"10.0.0.5:1000", "127.0.0.1:1000", "203.0.113.9:1000"} {
		want := strings.Split(peer, ":")[0]
		if got := ip(none, peer, "198.51.100.1"); got != want {
			t.Errorf("no proxies configured, peer %s: %s", peer, got)
		}
	}
	proxied := edgeServer(t, "10.0.0.0/8")
	for _, c := range []struct {
		peer string
		xff  []string
		want string
	}{
		{"10.0.0.5:1000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"10.0.0.5:1000", []string{"1.1.1.1, 198.51.100.1"}, "198.51.100.1"}, // a client's own prefix is not believed
		{"10.0.0.5:1000", []string{"198.51.100.1, 10.0.0.7"}, "198.51.100.1"},
		{"10.0.0.5:1000", []string{"1.1.1.1", "198.51.100.1"}, "198.51.100.1"},
		{"10.0.0.5:1000", []string{"garbage"}, "10.0.0.5"},
		{"10.0.0.5:1000", nil, "10.0.0.5"},
		{"192.168.1.2:1000", []string{"198.51.100.1"}, "192.168.1.2"}, // private but not configured
	} {
		if got := ip(proxied, c.peer, c.xff...); got != c.want {
			t.Errorf("peer %s, X-Forwarded-For %v: %s, want %s", c.peer, c.xff, got, c.want)
		}
	}
}

func jsonUnmarshal(b []byte, v any) error { return json.Unmarshal(b, v) }

// The walk is skipped only for text it would pass: over random JSON strings
// made of escapes, control bytes, DEL, quotes and Chinese, whenever
// plainJSON says a body is plain, the walk finds nothing to refuse.
func TestPlainJSONNeverSkipsRefusedText(t *testing.T) {
	parts := []string{`a`, `可乐`, `\\`, `\"`, `\n`, `\t`, `\r`, `\/`, `\b`, `\f`, `\u0000`, `\u001f`, `\u007f`, `\u0041`, `\ud800`,
		"\t", "\x7f", "\x01", "\xff", `u0000`, `b`}
	r := rand.New(rand.NewPCG(1, 2))
	plain, refused := 0, 0
	for range 20000 {
		var sb strings.Builder
		sb.WriteString(`{"k":"`)
		for range r.IntN(6) {
			sb.WriteString(parts[r.IntN(len(parts))])
		}
		sb.WriteString(`"}`)
		b := []byte(sb.String())
		bad := checkJSONTextWalk(b) != nil
		if bad {
			refused++
		}
		if plainJSON(b) {
			plain++
			if bad {
				t.Fatalf("plainJSON skips %q, which the walk refuses", b)
			}
		}
	}
	if plain < 1000 || refused < 1000 {
		t.Fatalf("the cases do not cover both sides: %d plain, %d refused", plain, refused)
	}
}

func checkJSONTextWalk(b []byte) error { return walkText(b, "") }
