package app

import (
	"context"
	"slices"
	"testing"

	"cangshu/internal/dbtest"
	"cangshu/internal/i18n"
	"cangshu/internal/menu"
)

// TestKindsAgree: every document kind has its buttons in the seeded menus
// (each action its routes need), a coding rule from the migrations, its
// label, file name and operation-log keys in both languages; names,
// resources and transaction types are unique.
func TestKindsAgree(t *testing.T) {
	perms := menu.Perms()
	d := dbtest.Open(t)
	names, paths := map[string]bool{}, map[string]bool{}
	for _, k := range Kinds() {
		if names[k.Name] || paths[k.Path] {
			t.Errorf("%s: name or resource declared twice", k.Name)
		}
		names[k.Name], paths[k.Path] = true, true
		for _, a := range []string{"query", "add", "update", "delete", "check", "uncheck", "export"} {
			if !slices.Contains(perms, k.Perm+":"+a) {
				t.Errorf("%s: the seeded menus lack %s:%s", k.Name, k.Perm, a)
			}
		}
		var n int
		if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM coding_rules WHERE kind = ?", k.Name).Scan(&n); err != nil || n != 1 {
			t.Errorf("%s: %d coding rules (%v)", k.Name, n, err)
		}
		keys := []string{string(k.Label), string(k.File)}
		for _, a := range []string{"add", "update", "delete", "check", "uncheck", "export"} {
			keys = append(keys, "log."+k.Name+"."+a)
		}
		for _, l := range i18n.Langs {
			for _, key := range keys {
				if _, ok := i18n.Keys(l)[key]; !ok {
					t.Errorf("%s: %s has no %q", k.Name, l, key)
				}
			}
		}
	}
}
