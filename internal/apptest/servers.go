package apptest

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// Servers builds the real binary and runs n server processes of it on one
// fresh PostgreSQL schema (CANGSHU_TEST_PG; the test is skipped without
// it), started one after the other (the first seeds). It answers the
// database, migrated and with the test start date, and the servers' base
// URLs; everything stops and the schema is dropped when the test ends.
func Servers(t *testing.T, n int) (*db.DB, []string) {
	t.Helper()
	base := dbtest.PostgresURL()
	if base == "" {
		t.Skip("CANGSHU_TEST_PG is not set")
	}
	start := time.Now()
	dir := t.TempDir()
	bin := filepath.Join(dir, "cangshu")
	build := exec.Command("go", "build", "-o", bin, "cangshu/cmd/cangshu")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	t.Logf("built in %s", time.Since(start).Round(time.Millisecond))

	// A fresh schema, migrated here so that the servers start on a ready
	// database (their own migration finds nothing to do).
	ctx := context.Background()
	admin, err := db.OpenPostgres(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	dsn := u.String()
	d, err := db.OpenPostgres(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	// The first server creates the administrator and seeds; the others
	// start once it answers (first start is not meant to run at once).
	var urls []string
	for i := range n {
		urls = append(urls, startServer(t, bin, dsn, filepath.Join(dir, fmt.Sprint("data", i))))
	}
	t.Logf("%d servers up after %s", n, time.Since(start).Round(time.Millisecond))
	// The servers seeded a start date of today; tests date before it.
	if _, err := d.Exec(ctx, "UPDATE configs SET config_value = ? WHERE config_key = 'startDate'", TestStartDate); err != nil {
		t.Fatal(err)
	}
	return d, urls
}

// startServer runs the binary on a free port and waits until it answers;
// the process is stopped (interrupt, then kill) when the test ends.
func startServer(t *testing.T, bin, dsn, dataDir string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var out bytes.Buffer
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "CANGSHU_DB="+dsn, "CANGSHU_ADDR="+addr, "CANGSHU_DATA="+dataDir, "CANGSHU_CAPTCHA=off",
		"CANGSHU_ADMIN_PASSWORD="+AdminPassword, "CANGSHU_PASSWORD_COST=4")
	cmd.Stdout, cmd.Stderr = &syncWriter{w: &out}, &syncWriter{w: &out}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
		if t.Failed() {
			t.Logf("server %s output:\n%s", addr, out.String())
		}
	})
	base := "http://" + addr
	deadline := time.Now().Add(20 * time.Second)
	for {
		select {
		case err := <-exited:
			t.Fatalf("server %s exited: %v\n%s", addr, err, out.String())
		default:
		}
		if r, err := http.Get(base + "/api/auth/captcha"); err == nil {
			r.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("server %s did not start:\n%s", addr, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// SyncWriter is w safe for the concurrent writes of a process's stdout and
// stderr.
func SyncWriter(w io.Writer) io.Writer { return &syncWriter{w: w} }

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// Remote is the administrator signed in at one server (of Servers, or an
// httptest server), with connections of its own.
type Remote struct {
	Base, Token string
	hc          *http.Client
}

// Answer is a remote call's HTTP status and envelope.
type Answer struct {
	Status int
	Msg    string
	Data   json.RawMessage
}

// SignIn signs the administrator in at base.
func SignIn(base string) (*Remote, error) {
	c := &Remote{Base: base, hc: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{}}}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("username", "admin")
	mw.WriteField("password", AdminPassword)
	mw.Close()
	a, err := c.Send("POST", "/api/auth/login", mw.FormDataContentType(), &body)
	if err != nil {
		return nil, err
	}
	var tok struct {
		AccessToken string `json:"accessToken"`
	}
	if a.Status != 200 || json.Unmarshal(a.Data, &tok) != nil || tok.AccessToken == "" {
		return nil, fmt.Errorf("sign in at %s: %d %s", base, a.Status, a.Msg)
	}
	c.Token = tok.AccessToken
	return c, nil
}

// At is the same signed-in caller (its token) calling server base, with
// connections of its own.
func (c *Remote) At(base string) *Remote {
	return &Remote{Base: base, Token: c.Token, hc: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{}}}
}

// Send makes one call (ct: the body's content type, "" none).
func (c *Remote) Send(method, path, ct string, body io.Reader) (Answer, error) {
	req, err := http.NewRequest(method, c.Base+path, body)
	if err != nil {
		return Answer{}, err
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return Answer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return Answer{}, err
	}
	var env struct {
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	json.Unmarshal(raw, &env)
	if env.Msg == "" && res.StatusCode != 200 {
		env.Msg = string(raw)
	}
	return Answer{Status: res.StatusCode, Msg: env.Msg, Data: env.Data}, nil
}

// Post sends v as JSON.
func (c *Remote) Post(path string, v any) (Answer, error) {
	j, _ := json.Marshal(v)
	return c.Send("POST", path, "application/json", bytes.NewReader(j))
}
