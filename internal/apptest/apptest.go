// Package apptest runs the whole app on a fresh test database (SQLite, or
// PostgreSQL with CANGSHU_TEST_PG) for HTTP scenario tests: sign in as the
// administrator or as a user holding chosen permissions, and call routes.
//
// A table of calls and the answers they must get runs with Run (see Step);
// Env.ID, Count, Text, Exec and Insert read and set up rows directly, and
// Page[T] decodes a list page.
package apptest

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"cangshu/internal/app"
	"cangshu/internal/auth"
	"cangshu/internal/config"
	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// TestStartDate is the system start date of test apps.
const TestStartDate = "2020-01-01"

// AdminPassword is the administrator's password in tests.
const AdminPassword = "Hamster-Books-42"

// Env is one app on one fresh database.
type Env struct {
	T   testing.TB
	App *app.App
	Log *bytes.Buffer // the server's log
	seq atomic.Int64
}

// New starts the app with the captcha off and cheap password hashing.
func New(t testing.TB, tweak ...func(*config.Config)) *Env {
	t.Helper()
	cfg := config.Default()
	cfg.Captcha = false
	cfg.PasswordCost = bcrypt.MinCost
	cfg.AdminPassword = AdminPassword
	cfg.DataDir = t.TempDir()
	for _, f := range tweak {
		f(&cfg)
	}
	d := dbtest.Open(t)
	var logBuf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&lockedWriter{w: &logBuf}, nil))
	a, err := app.New(context.Background(), cfg, d, logger)
	if err != nil {
		t.Fatal(err)
	}
	// Documents are refused before the start date (the first start's
	// date): tests date theirs freely from 2020 on.
	if _, err := d.Exec(context.Background(), "UPDATE configs SET config_value = ? WHERE config_key = 'startDate'", TestStartDate); err != nil {
		t.Fatal(err)
	}
	return &Env{T: t, App: a, Log: &logBuf}
}

// Node starts another app on the same database, with its own connections
// and caches: another app process behind the same load balancer. Clients
// signed in anywhere call it through Client.On.
func (e *Env) Node() *Env {
	e.T.Helper()
	ctx := context.Background()
	d, err := e.App.DB.Reopen(ctx)
	if err != nil {
		e.T.Fatal(err)
	}
	e.T.Cleanup(func() { d.Close() })
	var logBuf bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&lockedWriter{w: &logBuf}, nil))
	a, err := app.New(ctx, e.App.Config, d, logger)
	if err != nil {
		e.T.Fatal(err)
	}
	return &Env{T: e.T, App: a, Log: &logBuf}
}

type lockedWriter struct {
	mu chan struct{}
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	if l.mu == nil {
		l.mu = make(chan struct{}, 1)
	}
	l.mu <- struct{}{}
	defer func() { <-l.mu }()
	return l.w.Write(b)
}

// Anonymous is a client without a token.
func (e *Env) Anonymous() *Client { return &Client{e: e} }

// Admin signs in as the administrator.
func (e *Env) Admin() *Client { return e.SignIn("admin", AdminPassword) }

// SignIn signs in with a username and password and fails the test otherwise.
func (e *Env) SignIn(username, password string) *Client {
	e.T.Helper()
	c := &Client{e: e}
	r := c.Login(username, password)
	if r.Status != 200 {
		e.T.Fatalf("sign in %s: %d %s", username, r.Status, r.Body)
	}
	var tok auth.Tokens
	r.Decode(&tok)
	c.Token, c.Refresh, c.Username = tok.AccessToken, tok.RefreshToken, username
	return c
}

// Login posts the multipart sign-in form and returns the answer.
func (c *Client) Login(username, password string) *Response {
	return c.Multipart("POST", "/api/auth/login", map[string]string{"username": username, "password": password}, "", nil)
}

// UserWith creates a user in the main shop holding exactly the given
// permissions (through a new role) and signs in as that user.
func (e *Env) UserWith(perms ...string) *Client {
	e.T.Helper()
	name := fmt.Sprintf("u%d_%d", time.Now().UnixNano()%1e6, e.seq.Add(1))
	e.CreateUser(name, "secret1", perms...)
	return e.SignIn(name, "secret1")
}

// CreateUser creates a user with a role granting perms, in the main shop.
func (e *Env) CreateUser(username, password string, perms ...string) int64 {
	e.T.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	hash, _ := auth.HashPassword(password, bcrypt.MinCost)
	var uid int64
	err := e.App.DB.InTx(ctx, func(q *db.Tx) error {
		var rid int64
		if err := q.QueryRow(ctx, `INSERT INTO users (username, nickname, password_hash, status, created_at, updated_at)
			VALUES (?, ?, ?, 1, ?, ?) RETURNING id`, username, username, hash, now, now).Scan(&uid); err != nil {
			return err
		}
		if err := q.QueryRow(ctx, `INSERT INTO roles (name, code, status, data_scope, created_at, updated_at)
			VALUES (?, ?, 1, 0, ?, ?) RETURNING id`, "role of "+username, "R_"+strings.ToUpper(username), now, now).Scan(&rid); err != nil {
			return err
		}
		if _, err := q.Exec(ctx, "INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", uid, rid); err != nil {
			return err
		}
		for _, p := range perms {
			var mid sql.NullInt64
			if err := q.QueryRow(ctx, "SELECT MIN(id) FROM menus WHERE perm = ?", p).Scan(&mid); err != nil {
				return err
			}
			if !mid.Valid {
				if err := q.QueryRow(ctx, `INSERT INTO menus (name, type, perm, created_at, updated_at)
					VALUES (?, 'BUTTON', ?, ?, ?) RETURNING id`, p, p, now, now).Scan(&mid); err != nil {
					return err
				}
			}
			if _, err := q.Exec(ctx, "INSERT INTO role_menus (role_id, menu_id) VALUES (?, ?)", rid, mid); err != nil {
				return err
			}
		}
		_, err := q.Exec(ctx, "INSERT INTO user_shops (user_id, shop_id) SELECT ?, MIN(id) FROM shops", uid)
		return err
	})
	if err != nil {
		e.T.Fatalf("create user %s: %v", username, err)
	}
	return uid
}

// Client calls the API as one signed-in user (or anonymously).
type Client struct {
	e        *Env
	Token    string
	Refresh  string
	Username string
	Lang     string // Accept-Language; "" = zh-CN
}

// On is the same client (same tokens) calling the app node n.
func (c *Client) On(n *Env) *Client {
	cp := *c
	cp.e = n
	return &cp
}

// Env is the client's app.
func (c *Client) Env() *Env { return c.e }

// Response is an API answer.
type Response struct {
	t      testing.TB
	Status int
	Header http.Header
	Body   []byte
	Env    struct {
		Status int               `json:"status"`
		Code   string            `json:"code"`
		Msg    string            `json:"msg"`
		Data   json.RawMessage   `json:"data"`
		Errors map[string]string `json:"errors"`
	}
}

// Page is a list page's data, {"list": [...], "total": n}, to decode into.
type Page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total"`
}

// List is the product's list answer (server.ListPage).
type List[T any] struct {
	Page     int             `json:"page"`
	Records  int             `json:"records"`
	Total    int             `json:"total"`
	Rows     []T             `json:"rows"`
	Userdata json.RawMessage `json:"userdata"`
}

// Batch is one id's outcome of a batch call.
type Batch struct {
	ID  int64  `json:"id"`
	OK  bool   `json:"ok"`
	Msg string `json:"msg"`
}

// Decode reads the envelope's data into v.
func (r *Response) Decode(v any) {
	r.t.Helper()
	if err := json.Unmarshal(r.Env.Data, v); err != nil {
		r.t.Fatalf("decode %s: %v", r.Env.Data, err)
	}
}

// Want fails the test unless the HTTP status is want.
func (r *Response) Want(want int) *Response {
	r.t.Helper()
	if r.Status != want {
		r.t.Fatalf("status %d, want %d: %s", r.Status, want, r.Body)
	}
	return r
}

// Do sends a request. body may be nil, a string or []byte (sent as JSON
// text), or any value (encoded as JSON).
func (c *Client) Do(method, path string, body any) *Response {
	var rd io.Reader
	ct := ""
	switch b := body.(type) {
	case nil:
	case string:
		rd, ct = strings.NewReader(b), "application/json"
	case []byte:
		rd, ct = bytes.NewReader(b), "application/json"
	default:
		j, err := json.Marshal(b)
		if err != nil {
			c.e.T.Fatal(err)
		}
		rd, ct = bytes.NewReader(j), "application/json"
	}
	return c.Raw(method, path, ct, rd)
}

// Form sends a form-urlencoded body.
func (c *Client) Form(method, path string, form url.Values) *Response {
	return c.Raw(method, path, "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
}

// Multipart sends a multipart form with fields and an optional file.
func (c *Client) Multipart(method, path string, fields map[string]string, fileField string, file []byte) *Response {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for k, v := range fields {
		w.WriteField(k, v)
	}
	if fileField != "" {
		fw, _ := w.CreateFormFile(fileField, "upload.xlsx")
		fw.Write(file)
	}
	w.Close()
	return c.Raw(method, path, w.FormDataContentType(), &buf)
}

// Raw sends a request with a given content type.
func (c *Client) Raw(method, path, contentType string, body io.Reader) *Response {
	c.e.T.Helper()
	req := httptest.NewRequest(method, path, body)
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	if c.Lang != "" {
		req.Header.Set("Accept-Language", c.Lang)
	}
	rec := httptest.NewRecorder()
	c.e.App.Handler().ServeHTTP(rec, req)
	r := &Response{t: c.e.T, Status: rec.Code, Header: rec.Header(), Body: rec.Body.Bytes()}
	if strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
		json.Unmarshal(r.Body, &r.Env)
	}
	return r
}
