package main

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"cangshu/internal/db"
)

func noEnv(string) string { return "" }

// TestServeBackupAndShutdown starts the real server on a new data folder:
// it prints its configuration and the generated administrator password
// once, answers requests, can be backed up while serving, and stops cleanly.
func TestServeBackupAndShutdown(t *testing.T) {
	data := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, []string{"serve", "-addr", "127.0.0.1:0", "-data", data, "-captcha", "off"}, noEnv, pw, io.Discard)
		pw.Close()
	}()
	sc := bufio.NewScanner(pr)
	var out strings.Builder
	var url, password string
	for sc.Scan() {
		line := sc.Text()
		out.WriteString(line + "\n")
		if m := regexp.MustCompile(`running at (http://\S+)`).FindStringSubmatch(line); m != nil {
			url = m[1]
		}
		if m := regexp.MustCompile(`password (\S+) \(shown only this once`).FindStringSubmatch(line); m != nil {
			password = m[1]
			break
		}
	}
	go io.Copy(io.Discard, pr)
	if url == "" || len(password) < 12 {
		t.Fatalf("start-up output lacks the URL or the generated password:\n%s", out.String())
	}
	if !strings.Contains(out.String(), "captcha        off") || !strings.Contains(out.String(), filepath.Join(data, "cangshu.db")) {
		t.Fatalf("configuration not printed:\n%s", out.String())
	}
	res, err := http.Get(url + "api/auth/captcha")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("captcha: %v %v", err, res)
	}
	res.Body.Close()

	dest := filepath.Join(t.TempDir(), "copy.db")
	var bout strings.Builder
	if err := run(context.Background(), []string{"backup", "-data", data, dest}, noEnv, &bout, io.Discard); err != nil {
		t.Fatalf("backup while serving: %v", err)
	}
	if st, err := os.Stat(dest); err != nil || st.Size() == 0 {
		t.Fatalf("backup file: %v", err)
	}
	// Neither a second server nor a restore may use the data folder meanwhile.
	if err := run(context.Background(), []string{"restore", "-data", data, dest}, noEnv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "in use") {
		t.Fatalf("restore while serving: %v", err)
	}
	if err := run(context.Background(), []string{"serve", "-addr", "127.0.0.1:0", "-data", data}, noEnv, io.Discard, io.Discard); err == nil {
		t.Fatal("a second server started on the same data folder")
	}

	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("shutdown: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("server did not shut down")
	}

	// Restore: a shop created after the backup is gone afterwards, the
	// replaced database is kept, and a file that is no database is refused.
	d, err := db.OpenSQLite(context.Background(), filepath.Join(data, "cangshu.db"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	d.Exec(context.Background(), "INSERT INTO shops (code, name, created_at, updated_at) VALUES ('LATE', 'late', ?, ?)", now, now)
	d.Close()
	bogus := filepath.Join(t.TempDir(), "bogus.db")
	os.WriteFile(bogus, []byte("not a database"), 0o644)
	if err := run(context.Background(), []string{"restore", "-data", data, bogus}, noEnv, io.Discard, io.Discard); err == nil {
		t.Fatal("restored a file that is no database")
	}
	var rout strings.Builder
	if err := run(context.Background(), []string{"restore", "-data", data, dest}, noEnv, &rout, io.Discard); err != nil {
		t.Fatalf("restore: %v", err)
	}
	d, _ = db.OpenSQLite(context.Background(), filepath.Join(data, "cangshu.db"))
	var late int
	d.QueryRow(context.Background(), "SELECT COUNT(*) FROM shops WHERE code = 'LATE'").Scan(&late)
	d.Close()
	if late != 0 {
		t.Fatal("the restored database still has the shop created after the backup")
	}
	if kept, _ := filepath.Glob(filepath.Join(data, "backups", "before-restore-*.db")); len(kept) != 1 {
		t.Fatalf("replaced database not kept: %v (%s)", kept, rout.String())
	}

	// A second start on the same data generates no new password.
	var again strings.Builder
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() { time.Sleep(500 * time.Millisecond); cancel2() }()
	if err := run(ctx2, []string{"-addr", "127.0.0.1:0", "-data", data}, noEnv, &again, io.Discard); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(again.String(), "shown only this once") {
		t.Fatalf("password printed twice:\n%s", again.String())
	}
}

func TestCommands(t *testing.T) {
	data := t.TempDir()
	var out strings.Builder
	if err := run(context.Background(), []string{"migrate", "-data", data}, noEnv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(data, "cangshu.db")); err != nil {
		t.Fatal("migrate made no database")
	}
	if err := run(context.Background(), []string{"frobnicate"}, noEnv, &out, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
	if err := run(context.Background(), []string{"serve", "-captcha", "maybe"}, noEnv, &out, io.Discard); err == nil {
		t.Fatal("bad flag value accepted")
	}
	if err := run(context.Background(), []string{"backup", "-data", t.TempDir()}, noEnv, &out, io.Discard); err == nil {
		t.Fatal("backup of a missing database succeeded")
	}
}
