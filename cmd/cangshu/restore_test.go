package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/backup"
	"cangshu/internal/dbtest"
)

// sqlite opens a SQLite file for the test's own reads and edits.
func sqlite(t *testing.T, path string) *sql.DB {
	t.Helper()
	c, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func count(t *testing.T, path, query string) int {
	t.Helper()
	c := sqlite(t, path)
	var n int
	if err := c.QueryRow(query).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	c.Close()
	return n
}

func text(t *testing.T, path, query string) string {
	t.Helper()
	c := sqlite(t, path)
	var s string
	if err := c.QueryRow(query).Scan(&s); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	c.Close()
	return s
}

// editedDB writes a copy of the SQLite file src changed by stmts.
func editedDB(t *testing.T, src string, stmts ...string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "edited.db")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	c := sqlite(t, p)
	for _, s := range append([]string{"PRAGMA journal_mode = DELETE", "PRAGMA foreign_keys = OFF"}, stmts...) {
		if _, err := c.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	c.Close()
	return p
}

// editedZip writes a copy of the backup zip src, each member passed through fn.
func editedZip(t *testing.T, src string, fn func(name string, data []byte) []byte) string {
	t.Helper()
	z, err := zip.OpenReader(src)
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
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
		if f.Name == "cangshu.db" {
			p := filepath.Join(t.TempDir(), "in.db")
			os.WriteFile(p, data, 0o644)
			data = fn(f.Name, []byte(p))
		} else {
			data = fn(f.Name, data)
		}
		fw, err := w.Create(f.Name)
		if err != nil {
			t.Fatal(err)
		}
		fw.Write(data)
	}
	w.Close()
	p := filepath.Join(t.TempDir(), "edited.zip")
	if err := os.WriteFile(p, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// onDB edits the database inside a zip (fn gets the path of its copy).
func onDB(t *testing.T, stmts ...string) func(string, []byte) []byte {
	return func(name string, data []byte) []byte {
		if name != "cangshu.db" {
			return data
		}
		b, err := os.ReadFile(editedDB(t, string(data), stmts...))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
}

func keepDB(name string, data []byte) []byte {
	if name == "cangshu.db" {
		b, _ := os.ReadFile(string(data))
		return b
	}
	return data
}

func cut(t *testing.T, src string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "cut"+filepath.Ext(src))
	os.WriteFile(p, b[:len(b)/2], 0o644)
	return p
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

// TestRestoreCommandChecksTheBackup: `cangshu restore` (server stopped)
// checks a backup as the app's restore does, for the .db files of
// `cangshu backup` and the .zip backups of the app alike: an empty, cut or
// unsound backup, one of a newer version and another installation's
// without -confirm are refused with the reason and a non-zero exit, and
// the database is byte for byte unchanged; a sound one replaces it, keeps
// the replaced one, brings the zip's pictures, and ends every session and
// token issued before.
func TestRestoreCommandChecksTheBackup(t *testing.T) {
	if dbtest.PostgresURL() != "" {
		t.Skip("cangshu restore replaces the SQLite database; PostgreSQL is refused (TestCommands)")
	}
	ctx := context.Background()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	for i := range 5 {
		admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, fmt.Sprintf("2025-03-%02d", i+1), "10", "3")).Want(200)
	}
	// A goods picture: the zip carries it, its restore brings it.
	var pic bytes.Buffer
	png.Encode(&pic, image.NewRGBA(image.Rect(0, 0, 4, 4)))
	os.MkdirAll(filepath.Join(e.App.Config.DataDir, "images", "goods"), 0o755)
	os.WriteFile(filepath.Join(e.App.Config.DataDir, "images", "goods", "p.png"), pic.Bytes(), 0o644)
	var f backup.File
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	goodZip := filepath.Join(e.App.Config.DataDir, "backups", f.Name)
	goodDB := filepath.Join(t.TempDir(), "good.db")
	if err := e.App.DB.Backup(ctx, goodDB); err != nil {
		t.Fatal(err)
	}
	// The live database of the stopped server: one purchase more, the
	// administrator signed in.
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-03-09", "10", "3")).Want(200)
	e.Admin()
	liveCopy := filepath.Join(t.TempDir(), "live.db")
	if err := e.App.DB.Backup(ctx, liveCopy); err != nil {
		t.Fatal(err)
	}
	if n := count(t, goodDB, "SELECT COUNT(*) FROM bills"); n != 5 {
		t.Fatalf("the backup holds %d documents", n)
	}
	fresh := func(t *testing.T) (data, live string) {
		data = t.TempDir()
		live = filepath.Join(data, "cangshu.db")
		b, err := os.ReadFile(liveCopy)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(live, b, 0o644)
		return data, live
	}

	t.Run("refused", func(t *testing.T) {
		empty := filepath.Join(t.TempDir(), "empty.db")
		os.WriteFile(empty, nil, 0o644)
		cases := []struct {
			name, file, want string
		}{
			{"an empty file", empty, "not a Cangshu backup"},
			{"a cut .db", cut(t, goodDB), "not a Cangshu backup"},
			{"a cut .zip", cut(t, goodZip), "not a Cangshu backup"},
			{"a .db whose tables are emptied", editedDB(t, goodDB, "DELETE FROM user_roles", "DELETE FROM users"), "no enabled administrator"},
			{"a .db lacking a table", editedDB(t, goodDB, "DROP TABLE stock_moves"), "the table stock_moves is missing"},
			{"a .db whose stock does not add up", editedDB(t, goodDB, "UPDATE stock_balances SET qty = qty + 1"), "1 stock balances differ"},
			{"a .db whose money does not add up", editedDB(t, goodDB, "UPDATE contact_balances SET debt = debt + 1"), "1 contact and 0 account balances differ"},
			{"a .db whose moves name goods it lacks", editedDB(t, goodDB, "DELETE FROM goods"), "not a Cangshu backup"},
			{"a .db of a newer version", editedDB(t, goodDB, "INSERT INTO schema_migrations (version, applied_at) VALUES ('9999_future', '2030-01-01 00:00:00')"), "newer version"},
			{"a .db of another installation", editedDB(t, goodDB, "UPDATE app_secrets SET value = 'elsewhere' WHERE name = 'installation'"), "another installation"},
			{"a .zip cut at the stock moves", editedZip(t, goodZip, onDB(t, "DELETE FROM stock_moves")), "the table stock_moves holds 0 rows, 5 when the backup was made"},
			{"a .zip whose stock does not add up", editedZip(t, goodZip, onDB(t, "UPDATE stock_balances SET qty = qty + 1")), "1 stock balances differ"},
			{"a .zip of another installation", editedZip(t, goodZip, func(name string, data []byte) []byte {
				if name == "meta.json" {
					return bytes.Replace(keepDB(name, data), []byte(`"installation":"`), []byte(`"installation":"x`), 1)
				}
				return keepDB(name, data)
			}), "another installation"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				data, live := fresh(t)
				before := fileHash(t, live)
				err := run(ctx, []string{"restore", "-data", data, c.file}, noEnv, io.Discard, io.Discard)
				if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "restore refused: ") {
					t.Fatalf("want refused with %q, got %v", c.want, err)
				}
				if fileHash(t, live) != before {
					t.Fatal("a refused restore changed the database")
				}
				left, _ := filepath.Glob(filepath.Join(data, "*"))
				more, _ := filepath.Glob(filepath.Join(data, "*", "*"))
				for _, p := range append(left, more...) {
					if p != live && !strings.HasSuffix(p, "cangshu.lock") && p != filepath.Join(data, "backups") && p != filepath.Join(data, "images") {
						t.Errorf("a refused restore left %s", p)
					}
				}
			})
		}
		// In Chinese where the locale says so.
		data, _ := fresh(t)
		zh := func(k string) string {
			if k == "LANG" {
				return "zh_CN.UTF-8"
			}
			return ""
		}
		if err := run(ctx, []string{"restore", "-data", data, empty}, zh, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "备份") {
			t.Fatalf("refusal not in Chinese: %v", err)
		}
	})

	restored := func(t *testing.T, data, live string, out string) {
		t.Helper()
		if n := count(t, live, "SELECT COUNT(*) FROM bills"); n != 5 {
			t.Fatalf("restored database holds %d documents, the backup 5", n)
		}
		if n := count(t, live, "SELECT COUNT(*) FROM sessions") + count(t, live, "SELECT COUNT(*) FROM refresh_tokens"); n != 0 {
			t.Fatalf("%d sessions or refresh tokens outlive the restore", n)
		}
		if text(t, live, "SELECT value FROM app_secrets WHERE name = 'jwt'") == text(t, liveCopy, "SELECT value FROM app_secrets WHERE name = 'jwt'") {
			t.Fatal("the token key was not replaced: access tokens issued before the restore still work")
		}
		if text(t, live, "SELECT value FROM app_secrets WHERE name = 'installation'") != text(t, liveCopy, "SELECT value FROM app_secrets WHERE name = 'installation'") {
			t.Fatal("the installation's id changed")
		}
		kept, _ := filepath.Glob(filepath.Join(data, "backups", "before-restore-*.db"))
		if len(kept) != 1 || count(t, kept[0], "SELECT COUNT(*) FROM bills") != 6 || !strings.Contains(out, kept[0]) {
			t.Fatalf("the replaced database was not kept: %v (%s)", kept, out)
		}
	}
	t.Run("a .db restores", func(t *testing.T) {
		data, live := fresh(t)
		var out strings.Builder
		if err := run(ctx, []string{"restore", "-data", data, goodDB}, noEnv, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		restored(t, data, live, out.String())
	})
	t.Run("a .zip restores with its pictures", func(t *testing.T) {
		data, live := fresh(t)
		var out strings.Builder
		if err := run(ctx, []string{"restore", "-data", data, goodZip}, noEnv, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		restored(t, data, live, out.String())
		if got, err := os.ReadFile(filepath.Join(data, "images", "goods", "p.png")); err != nil || !bytes.Equal(got, pic.Bytes()) {
			t.Fatalf("the zip's picture was not restored: %v", err)
		}
	})
	t.Run("a .zip restores into a data folder without a database", func(t *testing.T) {
		data := t.TempDir()
		if err := run(ctx, []string{"restore", "-data", data, goodZip}, noEnv, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
		live := filepath.Join(data, "cangshu.db")
		if n := count(t, live, "SELECT COUNT(*) FROM bills"); n != 5 {
			t.Fatalf("restored database holds %d documents, the backup 5", n)
		}
		if n := count(t, live, "SELECT COUNT(*) FROM sessions"); n != 0 {
			t.Fatalf("%d sessions outlive the restore", n)
		}
	})
	t.Run("another installation's .db restores when confirmed", func(t *testing.T) {
		data, live := fresh(t)
		other := editedDB(t, goodDB, "UPDATE app_secrets SET value = 'elsewhere' WHERE name = 'installation'")
		var out strings.Builder
		if err := run(ctx, []string{"restore", "-data", data, "-confirm", other}, noEnv, &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		restored(t, data, live, out.String())
	})
}
