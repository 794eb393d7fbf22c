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

// cjk matches a Chinese character.
var cjk = regexp.MustCompile(`\p{Han}`)

// englishRun matches the small words of an English sentence: one left
// untranslated (parameter names and values stay as they are, but they are
// never these).
var englishRun = regexp.MustCompile(`(?i)\b(the|a|an|of|and|or|with|for|per|from|is|are|when|while|its|to|by|on|at|as|one|all|new)\b`)

// TestEveryRouteIsDescribedInBothLanguages walks the whole route table: the
// API page (系统管理 → 接口文档) shows each route's description in the
// caller's language, from the server catalogue, including the routes every
// document kind and report gets ("销货单：审核…"). A route added without
// its description in the catalogue fails here.
func TestEveryRouteIsDescribedInBothLanguages(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	type doc struct {
		Info  struct{ Description string } `json:"info"`
		Paths map[string]map[string]struct {
			Summary string `json:"summary"`
		} `json:"paths"`
	}
	read := func(lang string) doc {
		var d doc
		c := e.Anonymous()
		c.Lang = lang
		res := c.Do("GET", "/api/openapi.json", nil).Want(200)
		if err := json.Unmarshal(res.Body, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	zh, en := read("zh-CN,zh;q=0.9"), read("en-US,en;q=0.9")
	if !cjk.MatchString(zh.Info.Description) || cjk.MatchString(en.Info.Description) {
		t.Errorf("info: zh %q, en %q", zh.Info.Description, en.Info.Description)
	}
	seen := map[string]string{}
	for _, r := range e.App.Server.Routes() {
		p, m := strings.ReplaceAll(r.Path, "{$}", ""), strings.ToLower(r.Method)
		z, g := zh.Paths[p][m].Summary, en.Paths[p][m].Summary
		switch {
		case !i18n.Has(r.DocKey()):
			t.Errorf("%s: no description %q in the catalogue (internal/i18n/locales/*/api.json)", r.Pattern(), r.DocKey())
		case z == "" || g == "" || z == g:
			t.Errorf("%s: zh-CN %q, en %q", r.Pattern(), z, g)
		case !cjk.MatchString(z) || strings.HasPrefix(z, "："):
			t.Errorf("%s: the zh-CN description is not Chinese: %q", r.Pattern(), z)
		case cjk.MatchString(g) || strings.HasPrefix(g, ":"):
			t.Errorf("%s: the English description is not English: %q", r.Pattern(), g)
		case englishRun.MatchString(z):
			t.Errorf("%s: the zh-CN description keeps English words %q: %q", r.Pattern(), englishRun.FindString(z), z)
		case strings.ContainsAny(z+g, "{}") && (strings.Contains(z, "{kind}") || strings.Contains(z, "{report}")):
			t.Errorf("%s: a placeholder is left: %q", r.Pattern(), z)
		}
		// Two routes of different kinds or reports never read the same.
		if other, dup := seen[z]; dup && r.DocArgs != nil {
			t.Errorf("%s reads like %s: %q", r.Pattern(), other, z)
		}
		seen[z] = r.Pattern()
	}
	for _, want := range []struct{ path, method, zh, en string }{
		{"/api/sales/check", "post", "销货单：审核", "Sales delivery: audit"},
		{"/api/purOrder/close", "post", "购货订单：关闭", "Purchase order: close"},
		{"/api/report/salesProfit/export", "get", "销售利润表：导出", "Sales profit"},
		{"/api/users/{id}/form", "get", "获取用户", "A user for the edit form"},
	} {
		if z, g := zh.Paths[want.path][want.method].Summary, en.Paths[want.path][want.method].Summary; !strings.HasPrefix(z, want.zh) || !strings.HasPrefix(g, want.en) {
			t.Errorf("%s %s: zh-CN %q, en %q; want them to begin %q, %q", want.method, want.path, z, g, want.zh, want.en)
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
