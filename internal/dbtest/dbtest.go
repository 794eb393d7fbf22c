// Package dbtest gives every test a fresh, migrated database: a SQLite file in
// the test's temporary folder, or, when CANGSHU_TEST_PG holds a postgres://
// URL, a new schema in that PostgreSQL database, dropped when the test ends.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"cangshu/internal/db"
)

// PostgresURL is the PostgreSQL server the tests use, or "".
func PostgresURL() string { return os.Getenv("CANGSHU_TEST_PG") }

// Open returns a fresh migrated database for t, on the engine the run selects.
func Open(t testing.TB) *db.DB {
	t.Helper()
	if PostgresURL() != "" {
		return OpenPostgres(t)
	}
	return OpenSQLite(t)
}

// OpenSQLite returns a fresh migrated SQLite database.
func OpenSQLite(t testing.TB) *db.DB {
	t.Helper()
	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, filepath.Join(t.TempDir(), "test.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return d
}

// OpenPostgres returns a fresh migrated PostgreSQL schema; skips without CANGSHU_TEST_PG.
func OpenPostgres(t testing.TB) *db.DB {
	t.Helper()
	base := PostgresURL()
	if base == "" {
		t.Skip("CANGSHU_TEST_PG is not set")
	}
	db.StrictConnections.Store(true)
	ctx := context.Background()
	admin, err := db.OpenPostgres(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 6)
	rand.Read(b)
	schema := "t_" + hex.EncodeToString(b)
	if _, err := admin.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		t.Fatal(err)
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	d, err := db.OpenPostgres(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		d.Close()
		admin.Exec(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	})
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	return d
}
