package db

// The checks a restore makes before it replaces anything (internal/backup):
// the schema version, every table of that version present, the row counts
// against the backup's manifest, and the caller's checks of the restored
// data (the books' invariants), run on the restored rows before they
// replace the live ones.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
)

// RestoreOptions say what a restore keeps, empties and checks.
type RestoreOptions struct {
	// Keep are the tables left as they are (their rows stay where Where holds).
	Keep []Keep
	// Empty are the tables a restore empties: neither kept nor restored
	// (sign-in sessions, refresh tokens: nothing issued before a restore
	// works after it).
	Empty []string
	// Rows is the backup's manifest: each table's row count when the
	// backup was made. nil: the backup has none (made before manifests);
	// then only the other checks run.
	Rows map[string]int64
	// Check runs on the restored data before it replaces the live data (the
	// books' invariants); an error refuses the restore and is returned as is.
	Check func(ctx context.Context, q Querier) error
	// After runs in the restore's transaction once the rows are in (on
	// SQLite on the live database, on PostgreSQL in the one transaction).
	After func(ctx context.Context, q Querier) error
}

// UnsoundError is a backup refused by a check of its content; nothing was changed.
type UnsoundError struct {
	Reason    string // "missingTable", "unknownTable", "rowCount"
	Table     string
	Got, Want int64
}

func (e *UnsoundError) Error() string {
	switch e.Reason {
	case "rowCount":
		return fmt.Sprintf("backup table %s holds %d rows, its manifest %d", e.Table, e.Got, e.Want)
	case "unknownTable":
		return "backup holds an unknown table " + e.Table
	}
	return "backup lacks the table " + e.Table
}

var (
	createTableRe = regexp.MustCompile(`(?i)\bCREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?`)
	dropTableRe   = regexp.MustCompile(`(?i)\bDROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?"?([a-z_][a-z0-9_]*)"?`)
	renameTableRe = regexp.MustCompile(`(?i)\bALTER\s+TABLE\s+"?([a-z_][a-z0-9_]*)"?\s+RENAME\s+TO\s+"?([a-z_][a-z0-9_]*)"?`)
	sqlCommentRe  = regexp.MustCompile(`--[^\n]*`)
)

// TablesAt are the ordinary tables of the schema after the given
// migrations (as recorded in a backup), schema_migrations aside.
func TablesAt(e Engine, versions []string) (map[string]bool, error) {
	list, err := Migrations(e)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	out := map[string]bool{}
	for _, m := range list {
		if !slices.Contains(versions, m.Version) {
			continue
		}
		sqlText := sqlCommentRe.ReplaceAllString(m.SQL, "")
		type ev struct {
			at       int
			kind     byte
			name, to string
		}
		var evs []ev
		for _, x := range createTableRe.FindAllStringSubmatchIndex(sqlText, -1) {
			evs = append(evs, ev{x[0], 'c', sqlText[x[2]:x[3]], ""})
		}
		for _, x := range dropTableRe.FindAllStringSubmatchIndex(sqlText, -1) {
			evs = append(evs, ev{x[0], 'd', sqlText[x[2]:x[3]], ""})
		}
		for _, x := range renameTableRe.FindAllStringSubmatchIndex(sqlText, -1) {
			evs = append(evs, ev{x[0], 'r', sqlText[x[2]:x[3]], sqlText[x[4]:x[5]]})
		}
		slices.SortFunc(evs, func(a, b ev) int { return a.at - b.at })
		for _, x := range evs {
			name := strings.ToLower(x.name)
			switch x.kind {
			case 'c':
				out[name] = true
			case 'd':
				delete(out, name)
			case 'r':
				delete(out, name)
				out[strings.ToLower(x.to)] = true
			}
		}
	}
	delete(out, "schema_migrations")
	return out, nil
}

// checkTables compares the tables a backup holds (and their row counts)
// with those of its schema version and with its manifest.
func checkTables(e Engine, migrations []string, have map[string]int64, manifest map[string]int64) error {
	want, err := TablesAt(e, migrations)
	if err != nil {
		return err
	}
	for _, t := range sortedKeys(want) {
		if _, ok := have[t]; !ok {
			return &UnsoundError{Reason: "missingTable", Table: t}
		}
	}
	for _, t := range sortedKeys(have) {
		if !want[t] {
			return &UnsoundError{Reason: "unknownTable", Table: t}
		}
	}
	if manifest == nil {
		return nil
	}
	for _, t := range sortedKeys(manifest) {
		if _, ok := have[t]; !ok {
			return &UnsoundError{Reason: "missingTable", Table: t}
		}
	}
	for _, t := range sortedKeys(have) {
		if n, ok := manifest[t]; !ok || n != have[t] {
			return &UnsoundError{Reason: "rowCount", Table: t, Got: have[t], Want: n}
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// SQLiteRowCounts counts the rows of every ordinary table of the SQLite
// file at path (a backup's manifest).
func SQLiteRowCounts(ctx context.Context, path string) (map[string]int64, error) {
	c, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	defer c.Close()
	return liteRowCounts(ctx, c)
}

func liteRowCounts(ctx context.Context, c *sql.DB) (map[string]int64, error) {
	tables, err := liteTables(ctx, c)
	if err != nil {
		return nil, err
	}
	out := map[string]int64{}
	for _, t := range tables {
		if t == "schema_migrations" {
			continue
		}
		var n int64
		if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM "+quoteIdent(t)).Scan(&n); err != nil {
			return nil, fmt.Errorf("count %s: %w", t, err)
		}
		out[t] = n
	}
	return out, nil
}

// rawQuerier is a Querier over a connection or transaction of database/sql
// (the restore's own), statements rebound for the engine.
type rawQuerier struct {
	c interface {
		ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error)
		QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
		QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	}
	e Engine
}

func (r rawQuerier) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return r.c.ExecContext(ctx, Rebind(r.e, q), args...)
}

func (r rawQuerier) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.c.QueryContext(ctx, Rebind(r.e, q), args...)
}

func (r rawQuerier) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return r.c.QueryRowContext(ctx, Rebind(r.e, q), args...)
}

func (r rawQuerier) Engine() Engine { return r.e }

// bumpVersions moves every change counter: each process's caches (the
// signed-in callers, the parameters) are read again after a restore.
const bumpVersions = "UPDATE cache_versions SET auth = auth + 1, params = params + 1 WHERE id = 1"

// SQLiteSecret reads the value of name in app_secrets of the SQLite file at
// path, read only ("" when it has none, or no such table: a database of a
// version before it). A file that is no Cangshu database is ErrNotBackup.
func SQLiteSecret(ctx context.Context, path, name string) (string, error) {
	c, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return "", fmt.Errorf("open %s: %w", path, err)
	}
	defer c.Close()
	var n int
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM schema_migrations").Scan(&n); err != nil || n == 0 {
		return "", ErrNotBackup
	}
	if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'app_secrets'").Scan(&n); err != nil || n == 0 {
		return "", err
	}
	var v string
	err = c.QueryRowContext(ctx, "SELECT value FROM app_secrets WHERE name = ?", name).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}
