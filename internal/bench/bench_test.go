// Package bench measures the figures in docs/scaling.md and docs/reports.md. Run: make bench
// (SQLite), or with CANGSHU_TEST_PG=postgres://… for PostgreSQL. These are
// benchmarks, not tests: nothing here asserts a time.
package bench

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/config"
)

// latency runs n requests from clients concurrent goroutines and reports
// the p50 and p99 latency in milliseconds and the throughput.
func latency(b *testing.B, clients int, do func() error) {
	b.Helper()
	n := max(b.N, clients)
	lat := make([]time.Duration, n)
	var next sync.Mutex
	i := 0
	var wg sync.WaitGroup
	errc := make(chan error, clients)
	b.ResetTimer()
	start := time.Now()
	for c := 0; c < clients; c++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				next.Lock()
				k := i
				i++
				next.Unlock()
				if k >= n {
					return
				}
				t0 := time.Now()
				if err := do(); err != nil {
					errc <- err
					return
				}
				lat[k] = time.Since(t0)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	select {
	case err := <-errc:
		b.Fatal(err)
	default:
	}
	slices.Sort(lat)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(lat[len(lat)/2]), "p50-ms")
	b.ReportMetric(ms(lat[len(lat)*99/100]), "p99-ms")
	b.ReportMetric(float64(n)/elapsed.Seconds(), "req/s")
}

type server struct {
	url    string
	token  string
	client *http.Client
}

func start(b *testing.B, cost int) *server {
	e := apptest.New(b, func(c *config.Config) { c.PasswordCost = cost })
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	admin := e.Admin()
	return &server{url: ts.URL, token: admin.Token, client: &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}}
}

func (s *server) get(path string) error {
	req, _ := http.NewRequest("GET", s.url+path, nil)
	req.Header.Set("Authorization", "Bearer "+s.token)
	res, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	io.Copy(io.Discard, res.Body)
	if res.StatusCode != 200 {
		return fmt.Errorf("%s: %d", path, res.StatusCode)
	}
	return nil
}

// post sends a JSON body and decodes the answer into out (nil: discarded).
func (s *server) post(path string, body []byte, out any) error {
	req, _ := http.NewRequest("POST", s.url+path, bytes.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+s.token)
	req.Header.Set("Content-Type", "application/json")
	res, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != 200 {
		return fmt.Errorf("%s: %d %s", path, res.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

func (s *server) login() error {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.WriteField("username", "admin")
	w.WriteField("password", apptest.AdminPassword)
	w.Close()
	res, err := s.client.Post(s.url+"/api/auth/login", w.FormDataContentType(), &buf)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var env struct{ Status int }
	json.NewDecoder(res.Body).Decode(&env)
	if res.StatusCode != 200 || env.Status != 200 {
		return fmt.Errorf("login: %d", res.StatusCode)
	}
	return nil
}

// BenchmarkSignIn is the sign-in round trip (captcha off) with the default
// bcrypt cost, at 1 and 50 concurrent clients.
func BenchmarkSignIn(b *testing.B) {
	s := start(b, config.Default().PasswordCost)
	for _, c := range []int{1, 50} {
		b.Run(fmt.Sprintf("clients=%d", c), func(b *testing.B) { latency(b, c, s.login) })
	}
}

// BenchmarkAuthenticatedReads are the reads every page load makes.
func BenchmarkAuthenticatedReads(b *testing.B) {
	s := start(b, 4)
	for _, path := range []string{"/api/users/me", "/api/menus/routes", "/api/home"} {
		for _, c := range []int{1, 50} {
			b.Run(fmt.Sprintf("%s/clients=%d", path, c), func(b *testing.B) {
				latency(b, c, func() error { return s.get(path) })
			})
		}
	}
}
