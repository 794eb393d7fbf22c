package fund_test

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

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// Ten receipts race to settle the same open 100 through three server
// processes sharing one PostgreSQL database: exactly one wins.
func TestTenReceiptsThreeServers(t *testing.T) {
	urls, d := threeServers(t)
	ctx := context.Background()
	now := time.Now().UTC()
	var customer, account int64
	if err := d.QueryRow(ctx, "INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH100', '张三超市', 'zscs', ?, ?) RETURNING id",
		now, now).Scan(&customer); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH100', '现金', ?, ?) RETURNING id", now, now).Scan(&account); err != nil {
		t.Fatal(err)
	}
	setup, err := signIn(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	// A delivery of nothing in stock is refused; an income document has no
	// stock: the open amount comes from a sale of goods bought first.
	var unit, goods, loc, supplier int64
	for _, q := range []struct {
		dst *int64
		sql string
	}{
		{&unit, "INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?) RETURNING id"},
		{&loc, "INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?) RETURNING id"},
		{&supplier, "INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY100', '华东饮料', 'hdyl', ?, ?) RETURNING id"},
	} {
		if err := d.QueryRow(ctx, q.sql, now, now).Scan(q.dst); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.QueryRow(ctx, "INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP100', '可乐', ?, ?, ?) RETURNING id", unit, now, now).Scan(&goods); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
		t.Fatal(err)
	}
	line := []map[string]any{{"invId": goods, "qty": 10, "price": 10}}
	if a, err := setup.post("/api/purchase/add?check=1", map[string]any{"date": "2025-05-01", "buId": supplier, "locationId": loc, "entries": line}); err != nil || a.Status != 200 {
		t.Fatalf("purchase: %v %d %s", err, a.Status, a.Msg)
	}
	a, err := setup.post("/api/sales/add?check=1", map[string]any{"date": "2025-05-02", "buId": customer, "locationId": loc, "entries": line})
	if err != nil || a.Status != 200 {
		t.Fatalf("sale: %v %d %s", err, a.Status, a.Msg)
	}
	var sale struct {
		ID int64 `json:"id"`
	}
	json.Unmarshal(a.Data, &sale)
	const racers = 10
	clients := make([]*client, racers)
	for i := range racers {
		if clients[i], err = signIn(urls[i%len(urls)]); err != nil {
			t.Fatal(err)
		}
	}
	answers := make([]answer, racers)
	fails := make([]error, racers)
	var wg sync.WaitGroup
	gate := make(chan struct{})
	for i, c := range clients {
		wg.Go(func() {
			<-gate
			answers[i], fails[i] = c.post("/api/receipt/add?check=1", map[string]any{"date": "2025-05-03", "buId": customer,
				"accounts": []map[string]any{{"accId": account, "payment": 100}}, "checks": []map[string]any{{"billId": sale.ID, "nowCheck": 100}}})
		})
	}
	close(gate)
	wg.Wait()
	won := 0
	for i, a := range answers {
		switch {
		case fails[i] != nil:
			t.Errorf("racer %d: %v", i, fails[i])
		case a.Status == 200:
			won++
		case a.Status == 400:
		default:
			t.Errorf("racer %d: %d %s", i, a.Status, a.Msg)
		}
	}
	if won != 1 {
		t.Fatalf("%d receipts won, want 1", won)
	}
	var hx, receipts, balance int64
	if err := d.QueryRow(ctx, "SELECT hx_amount FROM bills WHERE id = ?", sale.ID).Scan(&hx); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM bills WHERE kind = 'receipt'").Scan(&receipts); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT debt - advance FROM contact_balances WHERE contact_id = ?", customer).Scan(&balance); err != nil {
		t.Fatal(err)
	}
	if hx != 100_000000 || receipts != 1 || balance != 0 {
		t.Fatalf("settled %d, %d receipts, balance %d", hx, receipts, balance)
	}
}

// threeServers starts three server processes of the real binary on a fresh
// PostgreSQL schema (CANGSHU_TEST_PG) and answers their URLs and the
// database (as the trade package's race of the last units does).
func threeServers(t *testing.T) ([]string, *db.DB) {
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

	// The first server creates the administrator and seeds; the other two
	// start once it answers (first start is not meant to run three times
	// at once).
	var urls []string
	for i := range 3 {
		urls = append(urls, startServer(t, bin, dsn, filepath.Join(dir, fmt.Sprint("data", i))))
	}
	t.Logf("three servers up after %s", time.Since(start).Round(time.Millisecond))
	// The servers seeded a start date of today; the race is dated before it.
	if _, err := d.Exec(ctx, "UPDATE configs SET config_value = ? WHERE config_key = 'startDate'", apptest.TestStartDate); err != nil {
		t.Fatal(err)
	}
	return urls, d
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
		"CANGSHU_ADMIN_PASSWORD="+apptest.AdminPassword, "CANGSHU_PASSWORD_COST=4")
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

type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(b)
}

// client is one signed-in user of one server, with its own connections.
type client struct {
	base, token string
	hc          *http.Client
}

type answer struct {
	Status int
	Msg    string
	Data   json.RawMessage
}

func signIn(base string) (*client, error) {
	c := &client{base: base, hc: &http.Client{Timeout: 60 * time.Second, Transport: &http.Transport{}}}
	var body bytes.Buffer
	mw := multipart.NewWriter(&body)
	mw.WriteField("username", "admin")
	mw.WriteField("password", apptest.AdminPassword)
	mw.Close()
	a, err := c.send("POST", "/api/auth/login", mw.FormDataContentType(), &body)
	if err != nil {
		return nil, err
	}
	var tok struct {
		AccessToken string `json:"accessToken"`
	}
	if a.Status != 200 || json.Unmarshal(a.Data, &tok) != nil || tok.AccessToken == "" {
		return nil, fmt.Errorf("sign in at %s: %d %s", base, a.Status, a.Msg)
	}
	c.token = tok.AccessToken
	return c, nil
}

func (c *client) send(method, path, ct string, body io.Reader) (answer, error) {
	req, err := http.NewRequest(method, c.base+path, body)
	if err != nil {
		return answer{}, err
	}
	if ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	res, err := c.hc.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return answer{}, err
	}
	var env struct {
		Msg  string          `json:"msg"`
		Data json.RawMessage `json:"data"`
	}
	json.Unmarshal(raw, &env)
	if env.Msg == "" && res.StatusCode != 200 {
		env.Msg = string(raw)
	}
	return answer{Status: res.StatusCode, Msg: env.Msg, Data: env.Data}, nil
}

func (c *client) post(path string, v any) (answer, error) {
	j, _ := json.Marshal(v)
	return c.send("POST", path, "application/json", bytes.NewReader(j))
}
