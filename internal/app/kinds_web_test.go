package app

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cangshu/internal/bill"
	"cangshu/internal/i18n"
	"cangshu/internal/menu"
)

const webKinds = "../../web/src/features/document/kinds.ts"

// tsObjects reads the object literals of kinds.ts the way the app sees them:
// `const <name> = { … } as const` bases and the entries of `docKinds`, each
// with its spread bases applied. Values are strings, numbers and booleans.
func tsObjects(t *testing.T, src string) map[string]map[string]string {
	t.Helper()
	bases := map[string]map[string]string{}
	fields := func(body string) map[string]string {
		out := map[string]string{}
		for _, item := range strings.Split(body, ",") {
			item = strings.TrimSpace(item)
			if item == "" {
				continue
			}
			if base, ok := strings.CutPrefix(item, "..."); ok {
				b, found := bases[base]
				if !found {
					t.Fatalf("kinds.ts: unknown spread %q", base)
				}
				for k, v := range b {
					out[k] = v
				}
				continue
			}
			k, v, ok := strings.Cut(item, ":")
			if !ok {
				t.Fatalf("kinds.ts: cannot read %q", item)
			}
			out[strings.TrimSpace(k)] = strings.Trim(strings.TrimSpace(v), `'"`)
		}
		return out
	}
	for _, m := range regexp.MustCompile(`(?s)const (\w+) = \{([^{}]*)\} as const`).FindAllStringSubmatch(src, -1) {
		bases[m[1]] = fields(m[2])
	}
	_, table, ok := strings.Cut(src, "export const docKinds")
	if !ok {
		t.Fatal("kinds.ts: no docKinds")
	}
	table, _, _ = strings.Cut(table, "\n}\n")
	kinds := map[string]map[string]string{}
	for _, m := range regexp.MustCompile(`(?s)\n  (\w+): \{([^{}]*)\}`).FindAllStringSubmatch(table, -1) {
		kinds[m[1]] = fields(m[2])
	}
	if len(kinds) == 0 {
		t.Fatal("kinds.ts: no kinds read")
	}
	return kinds
}

// TestWebKindsAgree: the web app's kind table (kinds.ts) holds every trade
// kind (purchase and sales documents and orders) and says of each what the
// server's kind says: resource, permission, contact, money right, costs,
// order, what it is made from, stock direction; the seeded menus have its
// list and entry page at the table's section, and the web app names it as
// the server does in both languages.
func TestWebKindsAgree(t *testing.T) {
	src, err := os.ReadFile(webKinds)
	if err != nil {
		t.Fatal(err)
	}
	web := tsObjects(t, string(src))
	menus := map[string]bool{}
	menu.Walk(menu.Seeds, func(s menu.Seed, _ *menu.Seed) { menus[s.Code] = true })
	labels := map[i18n.Lang]map[string]string{}
	for _, l := range i18n.Langs {
		raw, err := os.ReadFile(filepath.Join("../../web/src/locales", string(l), "document.json"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Kind map[string]string `json:"kind"`
		}
		if err := json.Unmarshal(raw, &doc); err != nil {
			t.Fatal(err)
		}
		labels[l] = doc.Kind
	}
	server := map[string]*bill.Kind{}
	for _, k := range Kinds() {
		server[k.Name] = k
		if k.Family == nil || k.Family == bill.Trade {
			if _, ok := web[k.Name]; !ok {
				t.Errorf("%s: not in kinds.ts", k.Name)
			}
		}
	}
	for name, w := range web {
		k, ok := server[name]
		if !ok {
			t.Errorf("kinds.ts %s: no such kind on the server", name)
			continue
		}
		contact := map[int]string{bill.Supplier: "supplier", bill.Customer: "customer"}[k.ContactType]
		want := map[string]string{
			"name": k.Name, "api": strings.TrimPrefix(k.Path, "/api"), "perm": k.Perm, "contact": contact,
			"contactType": strconv.Itoa(k.ContactType), "moneyRight": k.MoneyRight, "showCost": strconv.FormatBool(k.ShowCost),
			"order": strconv.FormatBool(k.Order), "orderKind": k.OrderKind, "returnOf": k.ReturnOf, "stock": strconv.Itoa(k.Stock),
		}
		for field, v := range want {
			if w[field] != v {
				t.Errorf("kinds.ts %s.%s = %q, the server's kind says %q", name, field, w[field], v)
			}
		}
		if rk := w["returnKind"]; rk != "" && (server[rk] == nil || server[rk].ReturnOf != name) {
			t.Errorf("kinds.ts %s.returnKind = %q: not a return of %s on the server", name, rk, name)
		}
		section := w["section"]
		for _, code := range []string{section + "." + name, section + "." + name + "_detail"} {
			if !menus[code] {
				t.Errorf("kinds.ts %s: the seeded menus have no %s", name, code)
			}
		}
		for _, l := range i18n.Langs {
			if got, want := labels[l][name], i18n.Keys(l)[string(k.Label)]; got == "" || got != want {
				t.Errorf("%s: the web app calls %s %q, the server %q", l, name, got, want)
			}
		}
	}
}
