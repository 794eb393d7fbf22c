package app_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/sheet/sheettest"
)

// Every Excel import refuses a hostile file with a 400 naming the limit on
// the file field, in the caller's language, in under a second (a 400 KB
// file holding one 400 MB cell took the server to 2.28 GB for 62 s), and
// still reads an ordinary file. The imports are found in the route table:
// a new one fails here until it is listed.
func TestEveryImportRefusesHostileFiles(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	a := e.Admin()
	a.Lang = "en"
	b := e.AddBasics()
	a.Do("POST", "/api/opening/stock", map[string]any{"invId": b.Goods, "locationId": b.Location, "qty": "6", "unitCost": "2"}).Want(200)
	// The ordinary file of each import: its template or export, as a user
	// downloads it.
	imports := map[string]struct{ query, file string }{
		"/api/inventory/import":        {"?dryRun=1", "/api/inventory/template"},
		"/api/inventory/prices/import": {"?dryRun=1", "/api/inventory/prices/export"},
		"/api/contact/import":          {"?type=-10&dryRun=1", "/api/contact/template?type=-10"},
		"/api/opening/import":          {"?kind=stock&dryRun=1", "/api/opening/template?kind=stock"},
		"/api/users/import":            {"?dryRun=1", "/api/users/template"},
		"/api/stocktake/import":        {"", fmt.Sprintf("/api/stocktake/export?locationId=%d", b.Location)},
	}
	// The routes taking files that are not Excel imports (pictures,
	// attachments, backups have their own limits and tests).
	notExcel := []string{"/api/inventory/addImagesToInv2", "/api/backup/upload", "/attachment/add"}
	var routes []string
	for _, r := range e.App.Server.Routes() {
		if !r.Upload || slices.ContainsFunc(notExcel, func(p string) bool { return strings.HasSuffix(r.Path, p) }) {
			continue
		}
		routes = append(routes, r.Path)
		if _, ok := imports[r.Path]; !ok {
			t.Errorf("route %s takes a file and is not in this test: add its ordinary file (or to notExcel)", r.Path)
		}
	}
	if len(routes) < len(imports) {
		t.Fatalf("imports in the route table: %v", routes)
	}
	hostile := []struct {
		name string
		file []byte
		says string // in the English message
	}{
		{"400 MB cell", sheettest.BigCell(), "32767 characters"},
		{"400 MB shared string", sheettest.SharedCell(400 << 20), "32767 characters"},
		{"32,768 characters", sheettest.Cell(32_768), "32767 characters"},
		{"a million empty rows", sheettest.EmptyRows(1_000_000), "(blank rows included)"},
		{"25,000 rows", sheettest.Rows(25_000), "(blank rows included)"},
		{"Excel's last row", sheettest.FarRow(), "(blank rows included)"},
		{"1 GB part", sheettest.Bomb(1 << 30), "is over 8 MB"},
		{"140 MB in 20 parts", sheettest.Bombs(20, 7<<20), "more than 128 MB"},
	}
	for _, path := range routes {
		imp := imports[path]
		for _, h := range hostile {
			start := time.Now()
			r := a.Multipart("POST", path+imp.query, nil, "file", h.file)
			took := time.Since(start)
			if r.Status != 400 || !strings.Contains(r.Env.Errors["file"], h.says) {
				t.Errorf("%s, %s: %d %.300s", path, h.name, r.Status, r.Body)
			}
			// Well under a second on an idle machine (about 30 ms of CPU);
			// the bound leaves room for a loaded one.
			if took > 2*time.Second {
				t.Errorf("%s, %s: refused after %v", path, h.name, took)
			}
		}
		file := a.Do("GET", imp.file, nil).Want(200).Body
		r := a.Multipart("POST", path+imp.query, nil, "file", file)
		if r.Status != 200 {
			t.Errorf("%s, ordinary file: %d %.300s", path, r.Status, r.Body)
		}
	}
	// In Chinese too.
	a.Lang = "zh-CN"
	r := a.Multipart("POST", "/api/stocktake/import", nil, "file", sheettest.BigCell()).Want(400)
	if !strings.Contains(r.Env.Errors["file"], "超过 32767 个字符") {
		t.Errorf("in Chinese: %s", r.Body)
	}
}
