package app_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/i18n"
	"cangshu/internal/menu"
)

var param = regexp.MustCompile(`\{[A-Za-z_]+\}`)

// concrete fills a route pattern's wildcards with a plausible value.
func concrete(path string) string {
	return param.ReplaceAllString(strings.ReplaceAll(path, "{$}", ""), "1")
}

// TestEveryRouteDeclaresAndEnforcesItsPermission walks the whole route table,
// so routes added later are covered without touching this test.
func TestEveryRouteDeclaresAndEnforcesItsPermission(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	routes := e.App.Server.Routes()
	if len(routes) < 20 {
		t.Fatalf("only %d routes", len(routes))
	}
	anon := e.Anonymous()
	nobody := e.UserWith() // signed in, no permission at all
	seeded := menu.Perms()
	for _, r := range routes {
		if r.Public {
			continue
		}
		t.Run(r.Pattern(), func(t *testing.T) {
			url := concrete(r.Path)
			res := anon.Do(r.Method, url, nil)
			if res.Status != http.StatusUnauthorized || res.Env.Code != "A0230" {
				t.Errorf("without a token: %d %s", res.Status, res.Body)
			}
			if strings.HasPrefix(url, "/api/") {
				alias := anon.Do(r.Method, "/prod-api/"+strings.TrimPrefix(url, "/api/"), nil)
				if alias.Status != http.StatusUnauthorized {
					t.Errorf("under /prod-api without a token: %d", alias.Status)
				}
			}
			if r.Perm == "" {
				return
			}
			for _, perm := range strings.Split(r.Perm, "|") {
				if !slices.Contains(seeded, perm) {
					t.Errorf("permission %q is not in the seeded menus, so no role can be granted it", perm)
				}
			}
			res = nobody.Do(r.Method, url, nil)
			if res.Status != http.StatusForbidden || res.Env.Code != "A0301" {
				t.Errorf("without %s: %d %s", r.Perm, res.Status, res.Body)
			}
		})
	}
}

func TestEveryRouteIsDescribedAndChangesAreLogged(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	var doc struct {
		Paths map[string]map[string]struct {
			Summary    string `json:"summary"`
			Permission string `json:"x-permission"`
		} `json:"paths"`
	}
	res := e.Anonymous().Do("GET", "/api/openapi.json", nil).Want(200)
	if err := json.Unmarshal(res.Body, &doc); err != nil {
		t.Fatal(err)
	}
	for _, r := range e.App.Server.Routes() {
		p := strings.ReplaceAll(r.Path, "{$}", "")
		op, ok := doc.Paths[p][strings.ToLower(r.Method)]
		if !ok {
			t.Errorf("%s is missing from /api/openapi.json", r.Pattern())
			continue
		}
		if op.Summary == "" || r.Tag == "" {
			t.Errorf("%s has no summary or tag", r.Pattern())
		}
		if op.Permission != r.Perm {
			t.Errorf("%s: x-permission %q, route %q", r.Pattern(), op.Permission, r.Perm)
		}
		mutating := r.Method != "GET"
		if mutating && !r.Public && r.Log == "" && !noLog[r.Pattern()] {
			t.Errorf("%s changes data but writes no operation log", r.Pattern())
		}
		if r.Log != "" && !i18n.Has(r.Log) {
			t.Errorf("%s: log key %q has no message", r.Pattern(), r.Log)
		}
	}
}

// noLog lists mutating routes that change no business data.
var noLog = map[string]bool{
	"POST /api/config/refresh":    true,
	"POST /api/home/switchShop":   true,
	"POST /api/notices/read-all":  true,
	"POST /api/users/mobile/code": true,
	"POST /api/users/email/code":  true,
}

func TestUnknownAPIPathIsAJSON404(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	c.Lang = "en"
	r := c.Do("GET", "/prod-api/no/such/thing", nil).Want(404)
	if r.Env.Msg != "No such API" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// The web app answers everything outside /api.
	res := e.Anonymous().Do("GET", "/", nil).Want(200)
	if !strings.Contains(string(res.Body), "Cangshu") {
		t.Fatalf("index: %.100s", res.Body)
	}
}
