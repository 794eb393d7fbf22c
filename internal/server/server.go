// Package server is Cangshu's HTTP plumbing: the route table's mux, the
// envelope, errors mapped to statuses in one place, request ids, one log line
// per request, body limits, panics, authentication and permissions, the
// operation log hook and the embedded single-page app. It knows no domain.
package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Options wires the server to the rest of the application.
type Options struct {
	Auth           Authenticator
	OpLog          OpLogger // may be nil
	Logger         *slog.Logger
	MaxBodyBytes   int64
	MaxUploadBytes int64
	TrustedProxies []netip.Prefix // peers whose X-Forwarded-For is believed; none by default
	Web            fs.FS          // the built single-page app; may be nil
	// RequestContext, if set, makes each request's context; end is called
	// when the request is answered.
	RequestContext func(ctx context.Context) (_ context.Context, end func())
	// Unavailable, if set, tells an error of the database's capacity or
	// availability (db.Unavailable): answered 503 with "busy, try again"
	// instead of a system error.
	Unavailable func(error) bool
	// SearchTimeout bounds a request that carries a search text
	// (SearchParams); 0 = DefaultSearchTimeout, negative = none.
	SearchTimeout time.Duration
}

// Server serves the API and the web app.
type Server struct {
	opt    Options
	mux    *http.ServeMux
	routes []Route
	obs    Observer
}

// Observe reports every route's query parameters and body type to o
// (tests only; set before serving).
func (s *Server) Observe(o Observer) { s.obs = o }

// New makes a server for the given route table.
func New(opt Options, routes []Route) (*Server, error) {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	s := &Server{opt: opt, mux: http.NewServeMux(), routes: routes}
	seen := map[string]bool{}
	for i := range routes {
		r := &s.routes[i]
		if !strings.HasPrefix(r.Path, "/api/") || r.H == nil {
			return nil, fmt.Errorf("route %s: bad path or no handler", r.Pattern())
		}
		if seen[r.Pattern()] {
			return nil, fmt.Errorf("route %s registered twice", r.Pattern())
		}
		seen[r.Pattern()] = true
		s.mux.Handle(r.Pattern(), s.wrap(r))
	}
	s.mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		c := &Ctx{W: w, R: r, Lang: i18n.Parse(r.Header.Get("Accept-Language")), RequestID: requestID(r)}
		s.writeError(c, errs.New(errs.KindNotFound, errs.CodeNotFound, "err.routeNotFound"))
	})
	s.mux.Handle("/", s.spa())
	return s, nil
}

func (s *Server) searchTimeout() time.Duration {
	if s.opt.SearchTimeout == 0 {
		return DefaultSearchTimeout
	}
	return s.opt.SearchTimeout
}

// Routes is the route table.
func (s *Server) Routes() []Route { return s.routes }

type ctxKey int

const (
	keyRequestID ctxKey = iota
	keyInfo
)

// reqInfo lets the outer log line see what the route handler learnt.
type reqInfo struct {
	route string
	user  string
}

// ServeHTTP adds the request id, the /prod-api prefix, panic recovery and the
// request log line around the mux.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	id := r.Header.Get("X-Request-Id")
	if !validRequestID(id) {
		b := make([]byte, 8)
		rand.Read(b)
		id = hex.EncodeToString(b)
	}
	w.Header().Set("X-Request-Id", id)
	securityHeaders(w.Header())
	info := &reqInfo{}
	ctx := context.WithValue(context.WithValue(r.Context(), keyRequestID, id), keyInfo, info)
	if s.opt.RequestContext != nil {
		var end func()
		ctx, end = s.opt.RequestContext(ctx)
		defer end()
	}
	r = r.WithContext(ctx)
	if rest, ok := strings.CutPrefix(r.URL.Path, "/prod-api/"); ok {
		r.URL.Path = "/api/" + rest
		r.URL.RawPath = ""
	}
	sw := &statusWriter{ResponseWriter: w, status: 200}
	defer func() {
		if p := recover(); p != nil {
			if p == http.ErrAbortHandler {
				panic(p)
			}
			s.opt.Logger.Error("panic", "requestId", id, "panic", fmt.Sprint(p), "path", r.URL.Path)
			if !sw.wrote {
				c := &Ctx{W: sw, R: r, Lang: i18n.Parse(r.Header.Get("Accept-Language")), RequestID: id, unavailable: s.opt.Unavailable}
				s.writeError(c, fmt.Errorf("panic: %v", p))
			}
		}
		if strings.HasPrefix(r.URL.Path, "/api/") {
			s.opt.Logger.Info("request", "requestId", id, "method", r.Method, "path", r.URL.Path,
				"route", info.route, "user", info.user, "status", sw.status,
				"us", time.Since(start).Microseconds(), "ip", s.clientIP(r))
		}
	}()
	s.mux.ServeHTTP(sw, r)
}

// ContentSecurityPolicy is sent with every response. The built web app
// loads only its own scripts (no inline script, no eval); antd and the code
// editor inject style elements, hence 'unsafe-inline' for styles only.
// Images may come from data: and blob: addresses (previews) and https
// (notice content); nothing may frame the app.
const ContentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
	"img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; " +
	"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"

// securityHeaders sets the headers every response carries.
func securityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", ContentSecurityPolicy)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	h.Set("Referrer-Policy", "same-origin")
}

var requestIDRe = regexp.MustCompile(`^[A-Za-z0-9._-]{8,64}$`)

func validRequestID(id string) bool { return requestIDRe.MatchString(id) }

func requestID(r *http.Request) string {
	id, _ := r.Context().Value(keyRequestID).(string)
	return id
}

type statusWriter struct {
	http.ResponseWriter
	status int
	wrote  bool
}

func (w *statusWriter) WriteHeader(code int) {
	if !w.wrote {
		w.status = code
		w.wrote = true
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(b)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// wrap turns a route into an http.Handler: language, body limit,
// authentication, permission, handler, envelope, operation log.
func (s *Server) wrap(rt *Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		c := &Ctx{W: w, R: r, Lang: i18n.Parse(r.Header.Get("Accept-Language")), RequestID: requestID(r), IP: s.clientIP(r), Route: rt, log: s.opt.Logger, obs: s.obs,
			unavailable: s.opt.Unavailable}
		if info, ok := r.Context().Value(keyInfo).(*reqInfo); ok {
			info.route = rt.Pattern()
			defer func() {
				if c.User != nil {
					info.user = c.User.Username
				}
			}()
		}
		// Only a route that takes files reads a body beyond the body limit:
		// a multipart content type alone does not lift it.
		limit := s.opt.MaxBodyBytes
		if rt.Upload && strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
			limit = s.opt.MaxUploadBytes
			if rt.MaxBytes > 0 {
				limit = rt.MaxBytes
			}
		}
		if limit > 0 && r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		data, err := s.authorize(c)
		if err == nil {
			err = c.checkEdge()
		}
		if err == nil {
			if name, limit := c.searched(), s.searchTimeout(); name != "" && limit > 0 {
				ctx, cancel := context.WithTimeout(r.Context(), limit)
				defer cancel()
				c.R = r.WithContext(ctx)
				data, err = rt.H(c)
				err = searchTimedOut(ctx, name, limit, err)
			} else {
				data, err = rt.H(c)
			}
		}
		status := http.StatusOK
		if err != nil {
			status = s.writeError(c, err)
		} else {
			s.write(c, data)
		}
		if rt.Log != "" && s.opt.OpLog != nil && c.User != nil {
			e := LogEntry{
				Module: rt.Tag, Action: rt.Log, Method: r.Method, URI: maskURI(r.URL),
				Params: truncate(maskParams(string(c.body)), 2000), IP: c.IP, UserAgent: r.UserAgent(),
				Status: status, ElapsedMS: time.Since(start).Milliseconds(),
				UserID: c.User.UserID, Username: c.User.Username, ShopID: c.User.ShopID, Refs: c.refs,
			}
			if len(c.changes) > 0 {
				if b, err := json.Marshal(maskChanges(c.changes)); err == nil {
					e.Changes = truncate(string(b), 4000)
				}
			}
			s.opt.OpLog.WriteLog(context.WithoutCancel(r.Context()), e)
		}
	})
}

// truncate cuts s to at most n bytes without splitting a character.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// authorize resolves the caller and checks the route's permission.
func (s *Server) authorize(c *Ctx) (any, error) {
	if c.Route.Public {
		return nil, nil
	}
	token, ok := strings.CutPrefix(c.R.Header.Get("Authorization"), "Bearer ")
	if !ok || strings.TrimSpace(token) == "" {
		return nil, errs.Unauthenticated(errs.CodeAccessInvalid, "auth.tokenInvalid")
	}
	p, err := s.opt.Auth.Authenticate(c.Context(), strings.TrimSpace(token))
	if err != nil {
		return nil, err
	}
	c.User = p
	if p.MustChangePassword && !c.Route.Pending {
		return nil, errs.New(errs.KindForbidden, errs.CodePasswordChange, "auth.mustChangePassword")
	}
	if !p.Can(c.Route.Perm) {
		return nil, errs.Forbidden("err.forbidden")
	}
	return nil, nil
}

type envelope struct {
	Status    int               `json:"status"`
	Code      string            `json:"code,omitempty"`
	Msg       string            `json:"msg"`
	Data      any               `json:"data,omitempty"`
	Errors    map[string]string `json:"errors,omitempty"`
	RequestID string            `json:"requestId,omitempty"`
}

func (s *Server) write(c *Ctx, data any) {
	switch v := data.(type) {
	case File:
		h := c.W.Header()
		h.Set("Content-Type", v.ContentType)
		h.Set("Content-Disposition", ContentDisposition(v.Name))
		h.Set("Cache-Control", "no-store")
		c.W.Write(v.Data)
		return
	case Streamed:
		return
	case Raw:
		c.W.Header().Set("Content-Type", v.ContentType)
		c.W.Write(v.Data)
		return
	}
	writeJSON(c.W, http.StatusOK, envelope{Status: 200, Msg: "ok", Data: data})
}

// ContentDisposition names a download, also for non-ASCII file names.
func ContentDisposition(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 32 || r > 126 || r == '"' || r == '\\' {
			return '_'
		}
		return r
	}, name)
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, url.PathEscape(name))
}

// Encoded is the answer of data, encoded as the server encodes every
// answer: a handler may keep it and answer it again as it is (a cached
// answer asked on every page load costs no encoding then).
func Encoded(data any) (Raw, error) {
	b, err := encodeJSON(envelope{Status: 200, Msg: "ok", Data: data})
	return Raw{ContentType: jsonType, Data: b}, err
}

const jsonType = "application/json; charset=utf-8"

// encodeJSON is v as every answer is written (HTML characters as they are).
func encodeJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return buf.Bytes(), err
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := encodeJSON(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"status":-1,"code":"B0001","msg":"system error"}`)
	}
	w.Header().Set("Content-Type", jsonType)
	w.WriteHeader(status)
	w.Write(b)
}

var kindStatus = map[errs.Kind]int{
	errs.KindInvalid:         http.StatusBadRequest,
	errs.KindUnauthenticated: http.StatusUnauthorized,
	errs.KindForbidden:       http.StatusForbidden,
	errs.KindNotFound:        http.StatusNotFound,
	errs.KindConflict:        http.StatusConflict,
	errs.KindTooLarge:        http.StatusRequestEntityTooLarge,
	errs.KindThrottled:       http.StatusTooManyRequests,
	errs.KindUnavailable:     http.StatusServiceUnavailable,
}

// StatusOf is the HTTP status of an error.
func StatusOf(err error) int {
	if e, ok := errs.As(err); ok {
		if st, ok := kindStatus[e.Kind]; ok {
			return st
		}
	}
	return http.StatusInternalServerError
}

// writeError writes the error envelope and returns the status. Unexpected
// errors are logged with the request id and answered without internals.
func (s *Server) writeError(c *Ctx, err error) int {
	err = c.classify(err)
	status := StatusOf(err)
	if status == http.StatusServiceUnavailable {
		c.W.Header().Set("Retry-After", "1")
	}
	e, ok := errs.As(err)
	if !ok || status == http.StatusInternalServerError {
		s.opt.Logger.Error("internal error", "requestId", c.RequestID, "path", c.R.URL.Path, "err", err.Error())
		writeJSON(c.W, http.StatusInternalServerError, envelope{
			Status: -1, Code: errs.CodeSystem, RequestID: c.RequestID,
			Msg: i18n.T(c.Lang, "err.system", errs.A("requestId", c.RequestID)),
		})
		return http.StatusInternalServerError
	}
	env := envelope{Status: -1, Code: e.Code, Msg: i18n.T(c.Lang, e.Key, e.Args...), RequestID: c.RequestID}
	if len(e.Fields) > 0 {
		env.Errors = map[string]string{}
		for _, f := range e.Fields {
			if _, dup := env.Errors[f.Path]; !dup {
				env.Errors[f.Path] = i18n.T(c.Lang, f.Key, f.Args...)
			}
		}
	}
	writeJSON(c.W, status, env)
	return status
}

// clientIP is the caller's address. X-Forwarded-For is believed only when
// the direct peer is one of the configured proxies (Options.TrustedProxies,
// none by default); then the client is the right-most address in it that
// is not itself a trusted proxy (a client can prepend anything it likes).
func (s *Server) clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if !s.trusted(host) {
		return host
	}
	hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		hop := strings.TrimSpace(hops[i])
		if hop == "" {
			continue
		}
		a, err := netip.ParseAddr(hop)
		if err != nil {
			return host // a malformed chain: believe only the peer
		}
		if !s.trusted(hop) {
			return a.Unmap().String()
		}
	}
	return host
}

// trusted reports whether addr is one of the configured proxies.
func (s *Server) trusted(addr string) bool {
	if len(s.opt.TrustedProxies) == 0 {
		return false
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range s.opt.TrustedProxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// notBuilt is the page served when the binary was built without the web app.
const notBuilt = `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><title>仓鼠进销存 Cangshu</title></head>
<body><h1>仓鼠进销存 Cangshu</h1>
<p>The server is running; this binary was built without the web app (build it with <code>make build</code>).
The API answers under <code>/api</code>, described at <a href="api/openapi.json">/api/openapi.json</a>.</p>
<p>服务已启动；此程序构建时未包含网页应用（请用 <code>make build</code> 构建）。接口位于 <code>/api</code>，说明见 <a href="api/openapi.json">/api/openapi.json</a>。</p>
</body></html>`
