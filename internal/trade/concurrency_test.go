package trade_test

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
	"net/http/httptest"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// The race for the last units: 50 clients, each with its own HTTP client
// and sign-in, save and audit at once (POST /api/sales/add?check=1) a sale
// of 1 unit while 10 are in stock. Exactly 10 go; every other client gets
// the negative-stock message naming goods, warehouse and shortfall; no
// deadlock, no lost update: the balance ends at 0 worth 0 with 10 audited
// sales and 10 moves.

const (
	racers   = 50
	lastQty  = 10
	raceDate = "2025-06-01"
)

// TestLastUnitsOneApp races on one app (the engine of the run: SQLite, or
// PostgreSQL with CANGSHU_TEST_PG) over real HTTP.
func TestLastUnitsOneApp(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	srv := httptest.NewServer(e.App.Handler())
	t.Cleanup(srv.Close)
	raceLastUnits(t, e.App.DB, []string{srv.URL})
}

// TestLastUnitsThreeServers races on PostgreSQL with three server
// processes of the real binary sharing one database (CANGSHU_TEST_PG).
func TestLastUnitsThreeServers(t *testing.T) {
	t.Parallel()
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
	raceLastUnits(t, d, urls)
	t.Logf("total %s", time.Since(start).Round(time.Millisecond))
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

// raceLastUnits sets up goods with 10 units in stock through the database
// and the API, runs the race over the servers at urls and checks the result.
func raceLastUnits(t *testing.T, d *db.DB, urls []string) {
	ctx := context.Background()
	now := time.Now().UTC()
	var goods, loc, customer, supplier int64
	err := d.InTx(ctx, func(tx *db.Tx) error {
		ins := func(q string, args ...any) int64 {
			var id int64
			if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return id
		}
		unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
		goods = ins("INSERT INTO goods (number, name, spec, unit_id, created_at, updated_at) VALUES ('SP100', '可口可乐', '500ml', ?, ?, ?)", unit, now, now)
		loc = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?)", now, now)
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
			return err
		}
		customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH100', '张三超市', 'zscs', ?, ?)", now, now)
		supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY100', '华东饮料', 'hdyl', ?, ?)", now, now)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	setup, err := signIn(urls[0])
	if err != nil {
		t.Fatal(err)
	}
	a, err := setup.post("/api/purchase/add?check=1", map[string]any{"date": "2025-05-01", "buId": supplier, "locationId": loc,
		"entries": []map[string]any{{"invId": goods, "qty": lastQty, "price": "3.33"}}})
	if err != nil || a.Status != 200 {
		t.Fatalf("purchase: %v %d %s", err, a.Status, a.Msg)
	}

	// Every client signs in at its server first; then all sell at once.
	clients := make([]*client, racers)
	var wg sync.WaitGroup
	errc := make(chan error, racers)
	for i := range racers {
		wg.Go(func() {
			c, err := signIn(urls[i%len(urls)])
			if err != nil {
				errc <- err
				return
			}
			clients[i] = c
		})
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Fatal(err)
	}
	answers := make([]answer, racers)
	fails := make([]error, racers)
	gate := make(chan struct{})
	started := time.Now()
	for i, c := range clients {
		wg.Go(func() {
			<-gate
			answers[i], fails[i] = c.post("/api/sales/add?check=1", map[string]any{"date": raceDate, "buId": customer, "locationId": loc,
				"entries": []map[string]any{{"invId": goods, "qty": 1, "price": 5}}})
		})
	}
	close(gate)
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("the race did not end within 60 s: deadlock?")
	}
	took := time.Since(started)

	ok, short := 0, 0
	for i, a := range answers {
		switch {
		case fails[i] != nil:
			t.Errorf("client %d: %v", i, fails[i])
		case a.Status == 200:
			ok++
		case a.Status == 400 && a.Msg == "“可口可乐 500ml”在“总仓”库存不足，缺 1 瓶":
			short++
		default:
			t.Errorf("client %d (%s): %d %q, want the negative-stock message", i, clients[i].base, a.Status, a.Msg)
		}
	}
	t.Logf("%d clients over %d server(s): %d sold, %d refused, in %s", racers, len(urls), ok, short, took.Round(time.Millisecond))
	if ok != lastQty || short != racers-lastQty {
		t.Fatalf("%d sales went through and %d were refused; want %d and %d", ok, short, lastQty, racers-lastQty)
	}
	count := func(q string, args ...any) int64 {
		var n int64
		if err := d.QueryRow(ctx, q, args...).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return n
	}
	var qty, amount int64
	if err := d.QueryRow(ctx, "SELECT qty, amount FROM stock_balances WHERE goods_id = ? AND location_id = ?", goods, loc).Scan(&qty, &amount); err != nil {
		t.Fatal(err)
	}
	checks := []struct {
		what      string
		got, want int64
	}{
		{"on hand (micros)", qty, 0},
		{"value left (micros)", amount, 0},
		{"audited sales", count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND checked = 1"), lastQty},
		{"sales of any state", count("SELECT COUNT(*) FROM bills WHERE kind = 'sales'"), lastQty},
		{"distinct numbers", count("SELECT COUNT(DISTINCT bill_no) FROM bills WHERE kind = 'sales'"), lastQty},
		{"sales moves", count("SELECT COUNT(*) FROM stock_moves WHERE kind = 'sales' AND goods_id = ?", goods), lastQty},
		{"units moved out (micros)", -count("SELECT COALESCE(SUM(qty), 0) FROM stock_moves WHERE kind = 'sales'"), lastQty * 1_000_000},
		{"cost of what left (micros)", -count("SELECT COALESCE(SUM(amount), 0) FROM stock_moves WHERE kind = 'sales'"), 33_300_000},
		{"last number's sequence", count("SELECT last_seq FROM bill_sequences WHERE kind = 'sales'"), lastQty},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s: %d, want %d", c.what, c.got, c.want)
		}
	}
	if ok > 0 {
		// The numbers were taken one after the other, with no gap.
		if n := count("SELECT COUNT(*) FROM bills WHERE kind = 'sales' AND bill_no = ?", "XS"+strings.ReplaceAll(raceDate, "-", "")+fmt.Sprintf("%03d", lastQty)); n != 1 {
			t.Errorf("no sale numbered %d", lastQty)
		}
	}
}
