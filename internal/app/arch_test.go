package app

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The allowed import directions between the packages under internal/
// (docs/architecture.md §7, docs/style.md). Every package belongs to one
// family; a family may import the families it lists, and itself.
//
//	platform  HTTP plumbing, database, errors, decimals, catalogues, system
//	          parameters, numbering, usage checks: no domain
//	system    users, roles, menus, shops, dictionaries, settings, notices, log
//	master    master data: goods, contacts, accounts, warehouses, units …
//	engine    the document, stock and serial-number engines
//	document  the document families built on the engines
//	report    reads what documents and engines wrote (it may use their read
//	          helpers, such as bill.ContactDebtSQL), writes nothing
//	app       wires everything (and the test and benchmark harness on it)
//
// Besides the directions: an engine depends on no HTTP (server, even
// through another package) and report's SQL only reads.
var families = map[string][]string{
	"platform": {"errs", "dec", "db", "dbtest", "i18n", "config", "server", "sheet", "search", "coding", "custom", "usage", "sysparam", "rights"},
	"system":   {"access", "auth", "user", "role", "menu", "dict", "dept", "shop", "notice", "oplog", "sysconf", "home", "period", "backup", "printtpl"},
	"master":   {"contact", "account", "goods", "location", "unit", "assist", "employee", "item", "opening"},
	"engine":   {"bill", "stock", "track"},
	"document": {"trade", "order", "warehouse", "inventory", "fund", "recost", "statement"},
	"report":   {"report", "warning"},
	"app":      {"app", "apptest", "bench"},
}

var mayImport = map[string][]string{
	"platform": {},
	"system":   {"platform"},
	"master":   {"platform"},
	"engine":   {"platform", "master"},
	"document": {"platform", "system", "master", "engine"},
	"report":   {"platform", "system", "master", "engine", "document"},
	"app":      {"platform", "system", "master", "engine", "document", "report"},
}

// Nothing imports report but app.
var onlyAppImports = []string{"report"}

// httpFree families may not depend on server, directly or through another
// package.
var httpFree = []string{"engine"}

// known are the imports that break a rule today, each with the change that
// removes it. The test fails when one of them is gone, so the list only shrinks.
var known = map[string]string{
	"bill ~> server":  "bill's shared document handlers (http.go) and export (sheet) move to the document families in the document reshape",
	"track ~> server": "the serial-number and batch lookups (track/http.go) move out of the engine, beside the documents' handlers",
}

// internalImports parses the import lines of every non-test Go file under
// internal/ and cmd/: package (the path below internal/, or cmd/…) → the
// internal packages it imports.
func internalImports(t *testing.T) map[string][]string {
	t.Helper()
	root := filepath.Join("..", "..")
	graph := map[string][]string{}
	fset := token.NewFileSet()
	for _, top := range []string{"internal", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			rel, _ := filepath.Rel(root, filepath.Dir(path))
			pkg := filepath.ToSlash(rel)
			pkg = strings.TrimPrefix(pkg, "internal/")
			f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
			if err != nil {
				return err
			}
			if _, ok := graph[pkg]; !ok {
				graph[pkg] = nil
			}
			for _, is := range f.Imports {
				p, _ := strconv.Unquote(is.Path.Value)
				if dep, ok := strings.CutPrefix(p, "cangshu/internal/"); ok && !slices.Contains(graph[pkg], dep) {
					graph[pkg] = append(graph[pkg], dep)
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return graph
}

func familyOf(pkg string) string {
	if strings.HasPrefix(pkg, "cmd/") {
		return "app"
	}
	top, _, _ := strings.Cut(pkg, "/")
	for f, pkgs := range families {
		if slices.Contains(pkgs, top) {
			return f
		}
	}
	return ""
}

func TestArchitecture(t *testing.T) {
	t.Parallel()
	graph := internalImports(t)
	if len(graph) < 30 {
		t.Fatalf("read %d packages: is the test running in internal/app?", len(graph))
	}
	broken := map[string]bool{}
	for pkg, deps := range graph {
		fam := familyOf(pkg)
		if fam == "" {
			t.Errorf("package %s belongs to no family: add it to families in internal/app/arch_test.go", pkg)
			continue
		}
		for _, dep := range deps {
			df := familyOf(dep)
			if df == fam || slices.Contains(mayImport[fam], df) {
				continue
			}
			if strings.HasPrefix(dep, "app") && strings.HasPrefix(pkg, "cmd/") {
				continue
			}
			broken[pkg+" -> "+dep] = true
		}
	}
	// Transitive rules: engines stay free of HTTP.
	for pkg := range graph {
		if !slices.Contains(httpFree, familyOf(pkg)) {
			continue
		}
		for _, dep := range closure(graph, pkg) {
			if dep == "server" {
				broken[pkg+" ~> "+dep] = true
			}
		}
	}
	// Direct imports a rule refuses even within a family's directions.
	for pkg, deps := range graph {
		for _, dep := range deps {
			if slices.Contains(onlyAppImports, familyOf(dep)) && familyOf(pkg) != "app" && familyOf(pkg) != familyOf(dep) {
				broken[pkg+" -> "+dep] = true
			}
		}
		if familyOf(pkg) == "engine" {
			for _, dep := range deps {
				if familyOf(dep) == "document" {
					broken[pkg+" -> "+dep] = true
				}
			}
		}
	}
	for edge := range broken {
		if _, ok := known[edge]; !ok {
			t.Errorf("import %s breaks the layers (docs/architecture.md §7: app wires everything; documents import the engines; engines import no HTTP and no document; master data imports no document or engine; report only reads)", edge)
		}
	}
	for edge, why := range known {
		if !broken[edge] {
			t.Errorf("known exception %q no longer occurs (%s): remove it from known in arch_test.go", edge, why)
		}
	}
}

// closure is every internal package pkg depends on, directly or not.
func closure(graph map[string][]string, pkg string) []string {
	seen := map[string]bool{}
	var walk func(string)
	walk = func(p string) {
		for _, d := range graph[p] {
			if !seen[d] {
				seen[d] = true
				walk(d)
			}
		}
	}
	walk(pkg)
	out := make([]string, 0, len(seen))
	for d := range seen {
		out = append(out, d)
	}
	slices.Sort(out)
	return out
}

// Report's SQL reads: no statement in its source writes.
func TestArchitectureReportOnlyReads(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "report")
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return // no report package yet; the rule applies once it exists
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		up := strings.ToUpper(string(b))
		for _, w := range []string{"INSERT INTO", "UPDATE ", "DELETE FROM", ".INTX(", "CREATE TABLE", "DROP "} {
			if strings.Contains(up, w) {
				t.Errorf("report/%s contains %q: the report package only reads", e.Name(), w)
			}
		}
	}
}
