package app_test

import (
	"strings"
	"testing"

	"cangshu/internal/app"
	"cangshu/internal/apptest"
)

// TestEveryDocumentRouteIsOfAListedKind: a document resource in the route
// table (one with /check and /uncheck, docs/api.md §4) is a kind of Kinds, so a
// kind added without listing it fails here rather than escaping the checks
// of kinds_test.go.
func TestEveryDocumentRouteIsOfAListedKind(t *testing.T) {
	e := apptest.New(t)
	paths := map[string]bool{}
	for _, k := range app.Kinds() {
		paths[k.Path] = true
	}
	routed := map[string]bool{}
	for _, r := range e.App.Server.Routes() {
		if base, ok := strings.CutSuffix(r.Path, "/uncheck"); ok {
			routed[base] = true
			if !paths[base] {
				t.Errorf("%s: a document resource of no kind in app.Kinds", base)
			}
		}
	}
	for p := range paths {
		if !routed[p] {
			t.Errorf("%s: a kind without routes", p)
		}
	}
	if len(routed) == 0 {
		t.Fatal("no document routes")
	}
}
