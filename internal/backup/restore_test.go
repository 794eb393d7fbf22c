package backup_test

import (
	"archive/zip"
	"bufio"
	"bytes"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/backup"
	"cangshu/internal/db"
)

// member is one file of a backup zip.
type member struct {
	name  string
	data  []byte
	zeros int64 // written after data, streamed (a zip bomb's padding)
}

func unzip(t *testing.T, b []byte) []member {
	t.Helper()
	z, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		t.Fatal(err)
	}
	var out []member
	for _, f := range z.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		data, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, member{name: f.Name, data: data})
	}
	return out
}

func rezip(t *testing.T, ms []member) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, m := range ms {
		w, err := z.Create(m.name)
		if err != nil {
			t.Fatal(err)
		}
		w.Write(m.data)
		if m.zeros > 0 {
			io.Copy(w, io.LimitReader(zeroReader{}, m.zeros))
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// edit answers a copy of the backup's members with fn applied to each
// (nil from fn drops the member).
func edit(ms []member, fn func(name string, data []byte) []byte) []member {
	var out []member
	for _, m := range ms {
		if d := fn(m.name, m.data); d != nil {
			out = append(out, member{name: m.name, data: d})
		}
	}
	return out
}

// editSQLite runs statements on a copy of a SQLite backup's database.
func editSQLite(t *testing.T, data []byte, stmts ...string) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "edit.db")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := sql.Open("sqlite", "file:"+p)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append([]string{"PRAGMA journal_mode = DELETE", "PRAGMA foreign_keys = OFF"}, stmts...) {
		if _, err := c.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	c.Close()
	out, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pgLines splits a PostgreSQL archive into its lines.
func pgLines(data []byte) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

// pgHeaderAt is the index of table's header line (-1: none).
func pgHeaderAt(lines []string, table string) int {
	return slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, `{"table":"`+table+`"`) })
}

// books is a fingerprint of what a refused restore must leave unchanged.
func books(e *apptest.Env) string {
	return fmt.Sprint(e.Count("SELECT COUNT(*) FROM bills"), e.Count("SELECT COUNT(*) FROM stock_moves"), e.Count("SELECT COUNT(*) FROM users"),
		e.Count("SELECT COUNT(*) FROM stock_balances"), e.Count("SELECT COUNT(*) FROM contact_moves"), e.Text("SELECT CAST(COALESCE(SUM(qty), 0) AS TEXT) FROM stock_balances"))
}

// TestRestoreRefusesUnsoundBackups: a backup that lacks tables, holds an
// unknown one, was cut at a table boundary, whose rows differ from its
// manifest, whose tables are empty, which has no administrator, whose
// ledgers do not add up or which comes from a newer version is refused
// (400, saying why in the caller's language) and changes nothing; the
// server keeps answering signed-in requests, also a new process on the
// same database, and the refused restores left no backup of the state
// before.
func TestRestoreRefusesUnsoundBackups(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	for i := range 5 {
		admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, fmt.Sprintf("2025-03-%02d", i+1), "10", "3")).Want(200)
	}
	var f backup.File
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	orig := admin.Do("GET", "/api/backup/download?name="+f.Name, nil).Want(200).Body
	ms := unzip(t, orig)
	pg := e.App.DB.Engine() == db.Postgres
	dbName := "cangshu.db"
	if pg {
		dbName = "cangshu.pg.jsonl"
	}
	noManifest := func(name string, data []byte) []byte {
		if name == "manifest.json" {
			return nil
		}
		return data
	}
	onDB := func(fn func([]byte) []byte) func(string, []byte) []byte {
		return func(name string, data []byte) []byte {
			if name == dbName {
				return fn(data)
			}
			return data
		}
	}
	// PostgreSQL archives, line by line.
	lines := func(fn func([]string) []string) func([]byte) []byte {
		return func(data []byte) []byte { return []byte(strings.Join(fn(pgLines(data)), "\n") + "\n") }
	}
	headerOnly := lines(func(l []string) []string { return l[:1] })
	onlyUnknown := lines(func(l []string) []string {
		return []string{l[0], `{"table":"nope","columns":["a"],"types":["text"]}`, `["x"]`}
	})
	unknownTable := lines(func(l []string) []string {
		return append(slices.Clone(l), `{"table":"nope","columns":["a"],"types":["text"]}`, `["x"]`)
	})
	cutAtMoves := lines(func(l []string) []string { return l[:pgHeaderAt(l, "stock_moves")] })
	// one stock balance's quantity changed, its row count the same
	skewBalance := lines(func(l []string) []string {
		i := pgHeaderAt(l, "stock_balances")
		var h struct{ Columns []string }
		json.Unmarshal([]byte(l[i]), &h)
		var row []*string
		json.Unmarshal([]byte(l[i+1]), &row)
		q := slices.Index(h.Columns, "qty")
		v := *row[q] + "1"
		row[q] = &v
		j, _ := json.Marshal(row)
		out := slices.Clone(l)
		out[i+1] = string(j)
		return out
	})
	noAdminPG := lines(func(l []string) []string { // the rows of user_roles dropped
		i := pgHeaderAt(l, "user_roles")
		j := i + 1
		for j < len(l) && strings.HasPrefix(l[j], "[") {
			j++
		}
		return append(slices.Clone(l[:i+1]), l[j:]...)
	})
	newer := lines(func(l []string) []string {
		out := slices.Clone(l)
		out[0] = strings.Replace(out[0], `"migrations":[`, `"migrations":["9999_future",`, 1)
		return out
	})
	if !pg {
		all := []string{}
		for _, t := range []string{"users", "user_roles", "roles", "stock_moves", "stock_balances", "bills", "bill_entries", "contacts", "goods", "shops", "configs", "menus", "role_menus"} {
			all = append(all, "DELETE FROM "+t)
		}
		headerOnly = func(d []byte) []byte { return editSQLite(t, d, all...) } // every table emptied
		unknownTable = func(d []byte) []byte { return editSQLite(t, d, "CREATE TABLE nope (a TEXT)") }
		cutAtMoves = func(d []byte) []byte { return editSQLite(t, d, "DELETE FROM stock_moves") }
		skewBalance = func(d []byte) []byte { return editSQLite(t, d, "UPDATE stock_balances SET qty = qty + 1") }
		noAdminPG = func(d []byte) []byte { return editSQLite(t, d, "DELETE FROM user_roles") }
		onlyUnknown = func(d []byte) []byte { return editSQLite(t, d, append(all, "CREATE TABLE nope (a TEXT)")...) }
		newer = func(d []byte) []byte {
			return editSQLite(t, d, "INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future', '2030-01-01 00:00:00')")
		}
	}
	manifestOff := func(name string, data []byte) []byte {
		if name == "manifest.json" {
			return bytes.Replace(data, []byte(`"bills":5`), []byte(`"bills":6`), 1)
		}
		return data
	}
	cases := []struct {
		name, msg string
		fn        func(string, []byte) []byte
	}{
		{"empty: header only or every table emptied", "rows", onDB(headerOnly)},
		{"empty, no manifest", "", nil},
		{"an unknown table", "does not know (nope)", onDB(unknownTable)},
		{"only an unknown table", "", onDB(onlyUnknown)},
		{"cut before the stock moves", "stock_moves", onDB(cutAtMoves)},
		{"cut before the stock moves, no manifest", "", nil},
		{"the manifest differs", "the table bills holds 5 rows, 6 when", manifestOff},
		{"a balance differs from its moves", "1 stock balances differ", onDB(skewBalance)},
		{"no administrator", "no enabled administrator", nil},
		{"a newer version", "newer version", onDB(newer)},
	}
	// the variants without a manifest
	cases[1].fn = func(n string, d []byte) []byte { return onDB(headerOnly)(n, noManifest(n, d)) }
	cases[5].fn = func(n string, d []byte) []byte { return onDB(cutAtMoves)(n, noManifest(n, d)) }
	cases[8].fn = func(n string, d []byte) []byte { return onDB(noAdminPG)(n, noManifest(n, d)) }
	if pg { // the archive's tables are those of its version
		cases[0].msg, cases[1].msg, cases[3].msg, cases[4].msg, cases[5].msg = "is missing", "is missing", "is missing", "is missing", "is missing"
	} else {
		cases[0].msg, cases[1].msg, cases[3].msg, cases[4].msg, cases[5].msg = "rows, ", "no enabled administrator", "does not know (nope)", "stock_moves holds 0 rows", "stock balances differ"
	}
	want := books(e)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var up backup.File
			admin.Multipart("POST", "/api/backup/upload", nil, "file", rezip(t, edit(ms, c.fn))).Want(200).Decode(&up)
			en := *admin
			en.Lang = "en"
			r := en.Do("POST", "/api/backup/restore?name="+up.Name, nil)
			if r.Status != 400 || !strings.Contains(r.Env.Msg, c.msg) || !strings.Contains(r.Env.Msg, "nothing was changed") && c.name != "a newer version" {
				t.Fatalf("restore: %d %s, want 400 saying %q", r.Status, r.Body, c.msg)
			}
			if got := books(e); got != want {
				t.Fatalf("a refused restore changed the books: %s, was %s", got, want)
			}
			admin.Do("GET", "/api/purchase/list", nil).Want(200)
		})
	}
	// In Chinese too.
	var up backup.File
	admin.Multipart("POST", "/api/backup/upload", nil, "file", rezip(t, edit(ms, onDB(cutAtMoves)))).Want(200).Decode(&up)
	if r := admin.Do("POST", "/api/backup/restore?name="+up.Name, nil); r.Status != 400 || !strings.Contains(r.Env.Msg, "当前数据未作任何改动") {
		t.Fatalf("restore in Chinese: %d %s", r.Status, r.Body)
	}
	// Still served, here and by a new process on the same database.
	node := e.Node()
	admin.On(node).Do("GET", "/api/purchase/list", nil).Want(200)
	node.Admin().Do("GET", "/api/inventory/list", nil).Want(200)
	var files []backup.File
	admin.Do("GET", "/api/backup/list", nil).Want(200).Decode(&files)
	for _, x := range files {
		if strings.HasPrefix(x.Name, "before-restore-") {
			t.Fatalf("a refused restore left %s", x.Name)
		}
	}
	// The sound backup itself restores.
	admin.Do("POST", "/api/backup/restore?name="+f.Name, nil).Want(200)
	if got := books(e); got != want {
		t.Fatalf("after restoring the sound backup: %s, want %s", got, want)
	}
}

// TestRestoreEndsEverySession: after restoring another installation's
// backup (confirmed), no access or refresh token issued before works, on
// any app process: the clerk whose user id is the backup's administrator's
// does not act as that administrator. The backup of another installation
// is refused without the confirmation, changing nothing.
func TestRestoreEndsEverySession(t *testing.T) {
	other := apptest.New(t)
	boss := other.CreateUser("boss", "secret1")
	other.Exec("INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", boss, other.RoleID("ROOT"))
	oa := other.Admin()
	var f backup.File
	oa.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	theirs := oa.Do("GET", "/api/backup/download?name="+f.Name, nil).Want(200).Body

	e := apptest.New(t)
	node := e.Node()
	admin := e.Admin()
	clerk := e.UserWith("sales:sales:query")
	if id := e.UserID(clerk.Username); id != boss {
		t.Fatalf("the clerk is user %d, the other installation's ROOT user %d: the test needs them equal", id, boss)
	}
	clerk.Do("GET", "/api/backup/list", nil).Want(403)
	clerk.On(node).Do("GET", "/api/sales/list", nil).Want(200)
	var up backup.File
	admin.Multipart("POST", "/api/backup/upload", nil, "file", theirs).Want(200).Decode(&up)
	en := *admin
	en.Lang = "en"
	r := en.Do("POST", "/api/backup/restore?name="+up.Name, nil)
	if r.Status != 400 || r.Env.Errors["confirm"] == "" || !strings.Contains(r.Env.Msg, "another installation") {
		t.Fatalf("another installation's backup without confirmation: %d %s", r.Status, r.Body)
	}
	clerk.Do("GET", "/api/sales/list", nil).Want(200) // nothing changed
	admin.Do("POST", "/api/backup/restore?confirm=1&name="+up.Name, nil).Want(200)
	for _, c := range []*apptest.Client{clerk, admin, clerk.On(node), admin.On(node)} {
		c.Do("GET", "/api/backup/list", nil).Want(401)
		c.Do("GET", "/api/sales/list", nil).Want(401)
		e.Anonymous().Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil).Want(401)
	}
	// Signing in again works, as the backup's users.
	e.SignIn("boss", "secret1").Do("GET", "/api/backup/list", nil).Want(200)
	clerk.Do("GET", "/api/backup/list", nil).Want(401)
	// Our own backups restore without the confirmation.
	a2 := e.SignIn("admin", apptest.AdminPassword)
	var mine backup.File
	a2.Do("POST", "/api/backup/add", nil).Want(200).Decode(&mine)
	a2.Do("POST", "/api/backup/restore?name="+mine.Name, nil).Want(200)
	a2.Do("GET", "/api/backup/list", nil).Want(401)
}

// TestRestoreBoundsImages: a backup of about a megabyte whose images/
// holds a file that unpacks to 256 MB (the reader stops at the limit, as it
// would for 1 GB), many files that add up past the
// bound, or a file that is no picture is refused before anything is
// written: the images folder and the books are unchanged.
func TestRestoreBoundsImages(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	var f backup.File
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	ms := unzip(t, admin.Do("GET", "/api/backup/download?name="+f.Name, nil).Want(200).Body)
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")
	// zeros after a PNG signature: unpacked from a few kilobytes each
	bomb := func(name string, n int64) member { return member{name: name, data: png, zeros: n} }
	cases := []struct {
		name, msg string
		extra     []member
	}{
		{"one file of 256 MB", "larger than 10 MB", []member{bomb("images/1/a.png", 256<<20)}},
		{"files past the total", "add up to more than", func() []member {
			var out []member
			for i := range 20 {
				out = append(out, bomb(fmt.Sprintf("images/1/%d.png", i), 4<<20))
			}
			return out
		}()},
		{"not a picture", "not a picture", []member{{name: "images/1/a.png", data: []byte("<html><script>alert(1)</script></html>")}}},
		{"an attachment that is not one", "not a picture", []member{{name: "images/attachments/1/x.pdf", data: []byte("MZ\x90\x00 an executable")}}},
	}
	images := filepath.Join(e.App.Config.DataDir, "images")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := rezip(t, append(slices.Clone(ms), c.extra...))
			if len(file) > 2<<20 {
				t.Fatalf("the backup is %d bytes", len(file))
			}
			var up backup.File
			admin.Multipart("POST", "/api/backup/upload", nil, "file", file).Want(200).Decode(&up)
			en := *admin
			en.Lang = "en"
			r := en.Do("POST", "/api/backup/restore?name="+up.Name, nil)
			if r.Status != 400 || !strings.Contains(r.Env.Msg, c.msg) {
				t.Fatalf("restore: %d %s, want 400 saying %q", r.Status, r.Body, c.msg)
			}
			var size int64
			filepath.WalkDir(e.App.Config.DataDir, func(p string, d os.DirEntry, err error) error {
				if err == nil && !d.IsDir() && strings.HasPrefix(p, images) {
					info, _ := d.Info()
					size += info.Size()
				}
				if err == nil && d.IsDir() && strings.Contains(d.Name(), "images-restore-") {
					t.Errorf("staging folder %s left", p)
				}
				return nil
			})
			if size != 0 {
				t.Fatalf("%d bytes written under images/", size)
			}
		})
	}
	// A real picture and a PDF attachment restore.
	pic := append(slices.Clone(png), 0, 0, 0, 0)
	pdf := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
	var up backup.File
	admin.Multipart("POST", "/api/backup/upload", nil, "file", rezip(t, append(slices.Clone(ms), member{name: "images/1/p.png", data: pic}, member{name: "images/attachments/9/d.pdf", data: pdf}))).Want(200).Decode(&up)
	admin.Do("POST", "/api/backup/restore?name="+up.Name, nil).Want(200)
	if got, err := os.ReadFile(filepath.Join(images, "attachments", "9", "d.pdf")); err != nil || !bytes.Equal(got, pdf) {
		t.Fatalf("attachment not restored: %v", err)
	}
	if _, err := os.Stat(filepath.Join(images, "1", "p.png")); err != nil {
		t.Fatal(err)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
