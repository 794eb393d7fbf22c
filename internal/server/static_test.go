package server

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

func gz(t *testing.T, s string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.Bytes()
}

// The built app is served precompressed by Accept-Encoding with Vary, hashed
// assets cached for a year, index.html (and the SPA fallback) revalidated.
func TestStaticPrecompressedAndCached(t *testing.T) {
	const js = "console.log('app')"
	const html = "<html><div id=root></div></html>"
	web := fstest.MapFS{
		"index.html":            {Data: []byte(html)},
		"index.html.gz":         {Data: gz(t, html)},
		"index.html.br":         {Data: []byte("BR-index")},
		"assets/app-1a2b.js":    {Data: []byte(js)},
		"assets/app-1a2b.js.gz": {Data: gz(t, js)},
		"assets/app-1a2b.js.br": {Data: []byte("BR-js")},
		"assets/logo-9f.png":    {Data: []byte("png")},
		"favicon.svg":           {Data: []byte("<svg/>")},
	}
	s, err := New(Options{Auth: fakeAuth{}, Web: web}, nil)
	if err != nil {
		t.Fatal(err)
	}
	immutable := "public, max-age=31536000, immutable"
	tests := []struct {
		name, path, accept           string
		encoding, ctype, cache, vary string
		body                         string // the raw body ("" to check by gunzip)
		gunzip                       string
	}{
		{"brotli preferred", "/assets/app-1a2b.js", "gzip, deflate, br", "br", "text/javascript; charset=utf-8", immutable, "Accept-Encoding", "BR-js", ""},
		{"gzip when no brotli", "/assets/app-1a2b.js", "gzip", "gzip", "text/javascript; charset=utf-8", immutable, "Accept-Encoding", "", js},
		{"brotli refused by q=0", "/assets/app-1a2b.js", "br;q=0, gzip;q=0.8", "gzip", "text/javascript; charset=utf-8", immutable, "Accept-Encoding", "", js},
		{"identity", "/assets/app-1a2b.js", "", "", "text/javascript; charset=utf-8", immutable, "Accept-Encoding", js, ""},
		{"star admits brotli", "/assets/app-1a2b.js", "*", "br", "text/javascript; charset=utf-8", immutable, "Accept-Encoding", "BR-js", ""},
		{"no twin, no encoding", "/assets/logo-9f.png", "br, gzip", "", "image/png", immutable, "", "png", ""},
		{"index revalidated, compressed", "/", "br", "br", "text/html; charset=utf-8", "no-cache", "Accept-Encoding", "BR-index", ""},
		{"SPA route gets index", "/purchase/list", "gzip", "gzip", "text/html; charset=utf-8", "no-cache", "Accept-Encoding", "", html},
		{"unhashed root file revalidated", "/favicon.svg", "br", "", "image/svg+xml", "no-cache", "", "<svg/>", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tc.path, nil)
			if tc.accept != "" {
				req.Header.Set("Accept-Encoding", tc.accept)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			h := rec.Header()
			if rec.Code != 200 || h.Get("Content-Encoding") != tc.encoding || h.Get("Content-Type") != tc.ctype ||
				h.Get("Cache-Control") != tc.cache || h.Get("Vary") != tc.vary {
				t.Fatalf("%d %v", rec.Code, h)
			}
			body := rec.Body.Bytes()
			if tc.gunzip != "" {
				r, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					t.Fatal(err)
				}
				body, _ = io.ReadAll(r)
				if string(body) != tc.gunzip {
					t.Fatalf("gunzipped %q", body)
				}
			} else if string(body) != tc.body {
				t.Fatalf("body %q", body)
			}
		})
	}
	// a conditional request of the same encoding answers 304
	req := httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	req = httptest.NewRequest("GET", "/", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("If-None-Match", rec.Header().Get("ETag"))
	rec2 := httptest.NewRecorder()
	s.ServeHTTP(rec2, req)
	if rec2.Code != 304 {
		t.Fatalf("revalidation: %d", rec2.Code)
	}
}

func TestAcceptsEncoding(t *testing.T) {
	for _, tc := range []struct {
		header, coding string
		want           bool
	}{
		{"gzip, br", "br", true},
		{"GZIP", "gzip", true},
		{"gzip;q=0", "gzip", false},
		{"gzip; q=0.000", "gzip", false},
		{"deflate", "gzip", false},
		{"*;q=0.1", "br", true},
		{"*, br;q=0", "br", false},
		{"", "gzip", false},
	} {
		if got := accepts(tc.header, tc.coding); got != tc.want {
			t.Errorf("accepts(%q, %q) = %v", tc.header, tc.coding, got)
		}
	}
}
