package app_test

import (
	"bytes"
	"fmt"
	"mime/multipart"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/auth"
	"cangshu/internal/config"
)

// Sign-in with a NUL in the user name answers 400 naming the field (it
// answered 500 on PostgreSQL), and so does any route given one.
func TestNULIsRefusedAtTheEdge(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	anon.Lang = "en"
	r := anon.Login("adm\x00in", apptest.AdminPassword)
	if r.Status != 400 || r.Env.Errors["username"] == "" || !strings.Contains(r.Env.Msg, "control character") {
		t.Fatalf("sign-in with NUL: %d %s", r.Status, r.Body)
	}
	a := e.Admin()
	a.Lang = "en"
	for _, c := range []struct{ method, path, body, field string }{
		{"GET", "/api/inventory/list?matchCon=a%00b", "", "matchCon"},
		{"GET", "/api/contact/list?type=10&matchCon=%00", "", "matchCon"},
		{"POST", "/api/unit/add", `{"name":"a\u0000b"}`, "name"},
		{"POST", "/api/notices/", `{"title":"t\u0000","type":1}`, "title"},
		{"GET", "/api/users/page?keywords=%ff", "", "keywords"},
	} {
		var body any
		if c.body != "" {
			body = c.body
		}
		r := a.Do(c.method, c.path, body)
		if r.Status != 400 || r.Env.Errors[c.field] == "" {
			t.Errorf("%s %s: %d %s", c.method, c.path, r.Status, r.Body)
		}
	}
	if n := e.Count("SELECT COUNT(*) FROM units"); n != 0 {
		t.Fatalf("a refused unit was written")
	}
}

// A multipart content type does not lift the 2 MB JSON limit of a JSON
// route to the 20 MB upload limit.
func TestMultipartDoesNotLiftTheJSONLimit(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	a := e.Admin()
	big := strings.Repeat("x", 3<<20)
	r := a.Multipart("POST", "/api/unit/add", map[string]string{"name": big}, "", nil)
	if r.Status != 413 {
		t.Fatalf("3 MB multipart on a JSON route: %d %.200s", r.Status, r.Body)
	}
}

// After the per-address limit, another X-Forwarded-For does not help unless
// the peer is a configured proxy.
func TestForwardedForCannotDodgeTheSignInLimit(t *testing.T) {
	t.Parallel()
	for _, proxied := range []bool{false, true} {
		t.Run(fmt.Sprintf("proxy configured %v", proxied), func(t *testing.T) {
			e := apptest.New(t, func(c *config.Config) {
				if proxied {
					c.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
				}
			})
			login := func(user, xff string) int {
				var b bytes.Buffer
				w := multipart.NewWriter(&b)
				w.WriteField("username", user)
				w.WriteField("password", "wrong")
				w.Close()
				req := httptest.NewRequest("POST", "/api/auth/login", &b)
				req.Header.Set("Content-Type", w.FormDataContentType())
				req.RemoteAddr = "10.1.2.3:5555"
				req.Header.Set("X-Forwarded-For", xff)
				rec := httptest.NewRecorder()
				e.App.Handler().ServeHTTP(rec, req)
				return rec.Code
			}
			for i := 0; i < auth.MaxIPFailures; i++ {
				login(fmt.Sprintf("nobody%d", i), "198.51.100.7")
			}
			if st := login("nobody-x", "198.51.100.7"); st != 429 {
				t.Fatalf("after %d failures: %d", auth.MaxIPFailures, st)
			}
			st := login("nobody-y", "198.51.100.99")
			if proxied && st != 401 {
				t.Fatalf("a proxied client at another address: %d", st)
			}
			if !proxied && st != 429 {
				t.Fatalf("another X-Forwarded-For lifted the limit: %d", st)
			}
		})
	}
}

// Wrong old passwords are throttled like sign-ins: after MaxUserFailures
// even the right one answers 429, and the other sessions live on.
func TestChangePasswordIsThrottled(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.CreateUser("clerk", "secret1")
	c := e.SignIn("clerk", "secret1")
	other := e.SignIn("clerk", "secret1")
	for i := 0; i < auth.MaxUserFailures; i++ {
		c.Do("POST", "/api/users/set_password", map[string]string{"oldPassword": fmt.Sprintf("guess%d", i), "newPassword": "Lilac-Tunnel-14", "confirmPassword": "Lilac-Tunnel-14"}).Want(400)
	}
	c.Lang = "en"
	r := c.Do("POST", "/api/users/set_password", map[string]string{"oldPassword": "secret1", "newPassword": "Lilac-Tunnel-14", "confirmPassword": "Lilac-Tunnel-14"})
	if r.Status != 429 || !strings.Contains(r.Env.Msg, "15 minutes") {
		t.Fatalf("right password after %d wrong ones: %d %s", auth.MaxUserFailures, r.Status, r.Body)
	}
	other.Do("GET", "/api/users/me", nil).Want(200)
	// Sign-in counts against the same limit (the counter is in the database).
	e.Anonymous().Login("clerk", "secret1").Want(429)
}

// The built web app's page carries the policy too (the browser step checks
// the app works under it).
func TestWebAppIsServedWithThePolicy(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	r := e.Anonymous().Do("GET", "/", nil).Want(200)
	if !strings.Contains(r.Header.Get("Content-Security-Policy"), "frame-ancestors 'none'") || r.Header.Get("X-Frame-Options") != "DENY" || r.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Fatalf("headers %v", r.Header)
	}
}
