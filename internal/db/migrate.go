package db

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"time"
)

//go:embed migrations
var migrations embed.FS

// Migration is one numbered SQL file of an engine.
type Migration struct {
	Version string // file name without .sql, e.g. "0001_system"
	SQL     string
}

// Migrations lists the engine's migrations in order.
func Migrations(e Engine) ([]Migration, error) {
	dir := path.Join("migrations", string(e))
	entries, err := fs.ReadDir(migrations, dir)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, ent := range entries {
		if !strings.HasSuffix(ent.Name(), ".sql") {
			continue
		}
		b, err := migrations.ReadFile(path.Join(dir, ent.Name()))
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: strings.TrimSuffix(ent.Name(), ".sql"), SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// migrationLock serialises the migrations of one PostgreSQL schema (app
// instances starting together): an advisory lock keyed by the schema, so that
// other schemas on the same server (every test has its own) migrate at once.
const migrationLock = "SELECT pg_advisory_xact_lock(7220531, hashtext(current_schema()))"

// databaseLock serialises, across every schema of one database, the
// migrations that create what belongs to the database rather than to a
// schema (an extension): the schemas of a fresh database migrating together
// would each find it missing and the second CREATE EXTENSION IF NOT EXISTS
// would fail on the catalog's unique index. (One bigint key: advisory locks
// of one key and of two keys never meet.)
const databaseLock = "SELECT pg_advisory_xact_lock(7220531)"

// databaseWide reports a migration that creates a database-wide object.
func databaseWide(sql string) bool { return strings.Contains(strings.ToUpper(sql), "CREATE EXTENSION") }

// Migrate applies every migration not yet recorded, each in its own
// transaction. Several processes may call it at once: on PostgreSQL an
// advisory lock per schema, on SQLite BEGIN IMMEDIATE, lets one apply and the
// others see it.
func (d *DB) Migrate(ctx context.Context) (applied []string, err error) {
	ts := "TIMESTAMP"
	if d.engine == Postgres {
		ts = "TIMESTAMPTZ"
	}
	if _, err := d.Exec(ctx, "CREATE TABLE IF NOT EXISTS schema_migrations (version TEXT PRIMARY KEY, applied_at "+ts+" NOT NULL)"); err != nil {
		return nil, fmt.Errorf("create schema_migrations: %w", err)
	}
	list, err := Migrations(d.engine)
	if err != nil {
		return nil, err
	}
	for _, m := range list {
		err := d.InTx(ctx, func(tx *Tx) error {
			if d.engine == Postgres {
				if _, err := tx.Exec(ctx, migrationLock); err != nil {
					return err
				}
				if databaseWide(m.SQL) {
					if _, err := tx.Exec(ctx, databaseLock); err != nil {
						return err
					}
				}
			}
			var n int
			if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", m.Version).Scan(&n); err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", m.Version, time.Now().UTC()); err != nil {
				return err
			}
			applied = append(applied, m.Version)
			return nil
		})
		if err != nil {
			return applied, fmt.Errorf("migration %s: %w", m.Version, err)
		}
	}
	return applied, nil
}

// Column is one column of a table, for schema comparisons.
type Column struct{ Table, Name string }

// Columns lists every table column of the application schema, search
// indexes (SearchIndexTable) left out.
func (d *DB) Columns(ctx context.Context) ([]Column, error) {
	var q string
	if d.engine == Postgres {
		q = `SELECT table_name, column_name FROM information_schema.columns
		     WHERE table_schema = current_schema() ORDER BY table_name, column_name`
	} else {
		q = `SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
		     WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.name`
	}
	all, err := All(ctx, d, func(r *sql.Rows, c *Column) error { return r.Scan(&c.Table, &c.Name) }, q)
	if err != nil {
		return nil, err
	}
	out := all[:0]
	for _, c := range all {
		if !SearchIndexTable(c.Table) {
			out = append(out, c)
		}
	}
	return out, nil
}

// SearchIndexTable tells whether a table is an engine-specific search index
// rather than application data: by convention its name ends in "_fts" or
// contains "_fts_" (SQLite's FTS5 goods_fts and its shadow tables
// goods_fts_data, goods_fts_idx, …). Schema comparisons leave them out.
func SearchIndexTable(name string) bool {
	return strings.HasSuffix(name, "_fts") || strings.Contains(name, "_fts_")
}
