package server

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
)

// The encodings the web build precompresses (web/vite.config.ts writes
// name.br and name.gz beside each compressible file), best first.
var precompressed = []struct{ coding, ext string }{{"br", ".br"}, {"gzip", ".gz"}}

// spa serves the embedded web app: files as they are (or their precompressed
// brotli/gzip twin when the client accepts it), index.html for the rest.
// Hashed files under assets/ are cached for a year; index.html is revalidated.
func (s *Server) spa() http.Handler {
	if s.opt.Web == nil {
		return http.NotFoundHandler()
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if p == "" || p == "index.html" || !isFile(s.opt.Web, p) {
			if !isFile(s.opt.Web, "index.html") {
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				w.Header().Set("Cache-Control", "no-cache")
				w.Write([]byte(notBuilt))
				return
			}
			p = "index.html"
		}
		if strings.HasPrefix(p, "assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		serveStatic(w, r, s.opt.Web, p)
	})
}

func isFile(fsys fs.FS, name string) bool {
	st, err := fs.Stat(fsys, name)
	return err == nil && !st.IsDir()
}

// serveStatic writes the file name of fsys, choosing a precompressed twin by
// Accept-Encoding; Vary tells caches the answer depends on it.
func serveStatic(w http.ResponseWriter, r *http.Request, fsys fs.FS, name string) {
	ctype := mime.TypeByExtension(path.Ext(name))
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	file, coding := name, ""
	for _, c := range precompressed {
		if isFile(fsys, name+c.ext) {
			w.Header().Set("Vary", "Accept-Encoding")
			if accepts(r.Header.Get("Accept-Encoding"), c.coding) {
				file, coding = name+c.ext, c.coding
				break
			}
		}
	}
	b, err := fs.ReadFile(fsys, file)
	if err != nil {
		http.Error(w, http.StatusText(http.StatusNotFound), http.StatusNotFound)
		return
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	if coding != "" {
		h.Set("Content-Encoding", coding)
	}
	// embedded files have no modification time: validate by content
	sum := sha256.Sum256(b)
	h.Set("ETag", `"`+hex.EncodeToString(sum[:12])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(b))
}

// accepts reports whether an Accept-Encoding header admits coding (a q of 0
// refuses it; "*" admits what is not named).
func accepts(header, coding string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		name = strings.ToLower(strings.TrimSpace(name))
		ok := true
		for _, prm := range strings.Split(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(prm), "=")
			if strings.EqualFold(strings.TrimSpace(k), "q") {
				if q, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && q <= 0 {
					ok = false
				}
			}
		}
		switch name {
		case coding:
			return ok
		case "*":
			star = ok
		}
	}
	return star
}
