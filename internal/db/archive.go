package db

// Backups of a live database and restores into a live database (the
// backup and restore screen, internal/backup).
//
// SQLite: a backup is a VACUUM INTO copy (one read snapshot: writers go on).
// A restore copies the backup's rows into the live database in one write
// transaction on the writer connection (ATTACH the backup; per table DELETE
// and INSERT … SELECT), with foreign keys off on that connection meanwhile
// so that no ON DELETE CASCADE fires, then checked with foreign_key_check
// before COMMIT. Readers see the old rows until the commit and the new ones
// after it (WAL); writers wait for it like for any transaction. The pool is
// never closed, so the server keeps serving.
//
// PostgreSQL: an archive is Cangshu's own format, written by this binary
// without pg_dump: JSON lines, one header per table (name, columns and their
// types) then one line per row with every value in its PostgreSQL text form
// (NULL as null), read in one REPEATABLE READ READ ONLY transaction. A
// restore runs in one transaction: the kept tables' rows are set aside in
// temporary tables, every table is truncated, the rows are inserted parents
// first (foreign keys ordered; rows by primary key), identity sequences are
// moved past the highest id, and the kept rows go back where their filter
// allows.

import (
	"bufio"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
)

// Keep is a table a restore leaves as it is (sessions, …): Where is a SQL
// condition its rows must meet after the restore (others are deleted), ""
// for none.
type Keep struct {
	Table, Where string
}

var identRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

func quoteIdent(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

// SnapshotSQLite writes a consistent copy of the live SQLite database to
// dest (which must not exist).
func (d *DB) SnapshotSQLite(ctx context.Context, dest string) error { return d.Backup(ctx, dest) }

// Migrated reports the migrations recorded in the SQLite file at path.
func migratedSQLite(ctx context.Context, path string) ([]string, error) {
	c, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	defer c.Close()
	var ok string
	if err := c.QueryRowContext(ctx, "PRAGMA integrity_check").Scan(&ok); err != nil || ok != "ok" {
		return nil, errors.New("not a sound SQLite database")
	}
	rows, err := c.QueryContext(ctx, "SELECT version FROM schema_migrations ORDER BY version")
	if err != nil {
		return nil, errors.New("not a Cangshu database")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			return nil, fmt.Errorf("read migrations of %s: %w", path, err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// ErrNewerBackup is a backup made by a newer version (migrations this binary lacks).
var ErrNewerBackup = errors.New("the backup comes from a newer version")

// ErrNotBackup is a file that is not a sound Cangshu backup.
var ErrNotBackup = errors.New("not a sound Cangshu backup")

// checkMigrations refuses a backup with migrations this binary does not know.
func checkMigrations(e Engine, have []string) error {
	list, err := Migrations(e)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	known := map[string]bool{}
	for _, m := range list {
		known[m.Version] = true
	}
	for _, v := range have {
		if !known[v] {
			return ErrNewerBackup
		}
	}
	if len(have) == 0 {
		return ErrNotBackup
	}
	return nil
}

// RestoreSQLite replaces the rows of every table of the live SQLite
// database, except the kept ones, with those of the SQLite backup file src.
// It first checks the backup (the schema version known here, every table of
// that version present, the row counts of the manifest), brings a copy up to
// this binary's migrations and runs opt.Check on that copy: only a backup
// that passes them all is copied into the live database, in one write
// transaction (readers see the old rows until the COMMIT, the new ones
// after it).
func (d *DB) RestoreSQLite(ctx context.Context, src string, opt RestoreOptions) error {
	if d.engine != SQLite {
		return errors.New("restore: not a SQLite database")
	}
	// A copy, checked and migrated: the backup file itself stays as it was.
	tmp := src + ".migrating"
	if err := checkedSQLiteCopy(ctx, src, tmp, opt); err != nil {
		return err
	}
	defer os.Remove(tmp)

	w := d.lite
	if err := w.lock(ctx); err != nil {
		return fmt.Errorf("restore: lock the database: %w", err)
	}
	defer w.unlock()
	defer w.closeEvicted()
	c := w.conn
	bg := context.Background() // the clean-up must run even when ctx ended
	if _, err := c.ExecContext(ctx, "PRAGMA foreign_keys = OFF"); err != nil {
		return fmt.Errorf("restore: foreign keys off: %w", err)
	}
	defer c.ExecContext(bg, "PRAGMA foreign_keys = ON")
	if _, err := c.ExecContext(ctx, "ATTACH DATABASE ? AS bak", tmp); err != nil {
		return fmt.Errorf("restore: attach: %w", err)
	}
	defer c.ExecContext(bg, "DETACH DATABASE bak")
	tables, err := liteTables(ctx, c)
	if err != nil {
		return fmt.Errorf("restore: list tables: %w", err)
	}
	if _, err := c.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return fmt.Errorf("restore: begin: %w", err)
	}
	committed := false
	defer func() {
		if !committed {
			c.ExecContext(bg, "ROLLBACK")
		}
	}()
	// cache_versions only ever counts up (the copy's triggers count the
	// restored rows): restored from the backup, it could go back to a
	// value a process's cache was filled at.
	kept := map[string]string{"schema_migrations": "", "cache_versions": ""}
	for _, k := range opt.Keep {
		kept[k.Table] = k.Where
	}
	for _, t := range tables {
		if _, ok := kept[t]; ok {
			continue
		}
		cols, err := liteColumns(ctx, c, t)
		if err != nil {
			return fmt.Errorf("restore: columns of %s: %w", t, err)
		}
		list := strings.Join(cols, ", ")
		if _, err := c.ExecContext(ctx, "DELETE FROM main."+quoteIdent(t)); err != nil {
			return fmt.Errorf("restore %s: %w", t, err)
		}
		if slices.Contains(opt.Empty, t) {
			continue
		}
		if _, err := c.ExecContext(ctx, "INSERT INTO main."+quoteIdent(t)+" ("+list+") SELECT "+list+" FROM bak."+quoteIdent(t)); err != nil {
			return fmt.Errorf("restore %s: %w", t, err)
		}
	}
	for _, k := range opt.Keep {
		if k.Where != "" && slices.Contains(tables, k.Table) {
			if _, err := c.ExecContext(ctx, "DELETE FROM main."+quoteIdent(k.Table)+" WHERE NOT ("+k.Where+")"); err != nil {
				return fmt.Errorf("restore: keep %s: %w", k.Table, err)
			}
		}
	}
	if err := commitSQLiteRestore(ctx, c, opt); err != nil {
		return err
	}
	committed = true
	return nil
}

// checkedSQLiteCopy is the one check of a SQLite backup file, shared by the
// app's restore (RestoreSQLite) and `cangshu restore` (SwapSQLite): src must
// be a sound SQLite database of a schema version known here, hold every
// table of that version and the row counts of the manifest (opt.Rows, when
// there is one); a copy of it written to tmp is brought up to this binary's
// migrations and opt.Check (the books' invariants) runs on that copy. On
// success tmp holds the checked copy (no -wal or -shm beside it), on error
// it is removed and the error says why.
func checkedSQLiteCopy(ctx context.Context, src, tmp string, opt RestoreOptions) error {
	have, err := migratedSQLite(ctx, src)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotBackup, err)
	}
	if err := checkMigrations(SQLite, have); err != nil {
		return err
	}
	counts, err := SQLiteRowCounts(ctx, src)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrNotBackup, err)
	}
	if err := checkTables(SQLite, have, counts, opt.Rows); err != nil {
		return err
	}
	os.Remove(tmp)
	ok := false
	defer func() {
		os.Remove(tmp + "-wal")
		os.Remove(tmp + "-shm")
		if !ok {
			os.Remove(tmp)
		}
	}()
	if err := copyFile(src, tmp); err != nil {
		return fmt.Errorf("restore: copy the backup: %w", err)
	}
	m, err := OpenSQLite(ctx, tmp)
	if err != nil {
		return fmt.Errorf("restore: open the backup: %w", err)
	}
	_, err = m.Migrate(ctx)
	if err == nil && opt.Check != nil {
		if cerr := opt.Check(ctx, m); cerr != nil {
			m.Close()
			return cerr
		}
	}
	if err == nil {
		_, err = m.Exec(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
	m.Close()
	if err != nil {
		return fmt.Errorf("restore: migrate the backup: %w", err)
	}
	ok = true
	return nil
}

type execQuerier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

// liteTables are the ordinary tables of the main database (no virtual
// tables, their shadow tables or SQLite's own).
func liteTables(ctx context.Context, c execQuerier) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT name, sql FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name")
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	defer rows.Close()
	var names, virtual []string
	for rows.Next() {
		var n, s string
		if err := rows.Scan(&n, &s); err != nil {
			return nil, fmt.Errorf("list tables: %w", err)
		}
		if strings.HasPrefix(strings.ToUpper(s), "CREATE VIRTUAL") {
			virtual = append(virtual, n)
			continue
		}
		names = append(names, n)
	}
	out := names[:0]
	for _, n := range names {
		shadow := false
		for _, v := range virtual {
			if strings.HasPrefix(n, v+"_") {
				shadow = true
			}
		}
		if !shadow {
			out = append(out, n)
		}
	}
	return out, rows.Err()
}

func liteColumns(ctx context.Context, c execQuerier, table string) ([]string, error) {
	return liteColumnsIn(ctx, c, "main", table)
}

// liteColumnsIn are the columns of a table of an attached database (quoted).
func liteColumnsIn(ctx context.Context, c execQuerier, schema, table string) ([]string, error) {
	rows, err := c.QueryContext(ctx, "SELECT name FROM pragma_table_info(?, ?)", table, schema)
	if err != nil {
		return nil, fmt.Errorf("columns of %s: %w", table, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var n string
		if err := rows.Scan(&n); err != nil {
			return nil, fmt.Errorf("columns of %s: %w", table, err)
		}
		out = append(out, quoteIdent(n))
	}
	return out, rows.Err()
}

// Tables lists the database's ordinary tables (both engines; for tests and
// for the reset's coverage check).
func (d *DB) Tables(ctx context.Context) ([]string, error) {
	if d.engine == SQLite {
		return liteTables(ctx, d.r)
	}
	return Values[string](ctx, d, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copy to %s: %w", dst, err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	return out.Close()
}

// pgTable is a table of the archive's header line.
type pgTable struct {
	Table   string   `json:"table"`
	Columns []string `json:"columns"`
	Types   []string `json:"types"`
}

type pgHeader struct {
	Format     string   `json:"format"`
	Migrations []string `json:"migrations"`
}

const pgFormat = "cangshu-postgres-archive/1"

// DumpPostgres writes the archive of the live PostgreSQL database to w,
// from one consistent snapshot, and answers the rows written per table (the
// backup's manifest).
func (d *DB) DumpPostgres(ctx context.Context, w io.Writer) (map[string]int64, error) {
	if d.engine != Postgres {
		return nil, errors.New("dump: not a PostgreSQL database")
	}
	counts := map[string]int64{}
	err := d.dumpPostgres(ctx, w, counts)
	return counts, err
}

func (d *DB) dumpPostgres(ctx context.Context, w io.Writer, counts map[string]int64) error {
	tx, err := d.w.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("dump: begin: %w", err)
	}
	defer tx.Rollback()
	bw := bufio.NewWriterSize(w, 1<<16)
	enc := json.NewEncoder(bw)
	migs, err := pgStrings(ctx, tx, "SELECT version FROM schema_migrations ORDER BY version")
	if err != nil {
		return fmt.Errorf("dump: migrations: %w", err)
	}
	if err := enc.Encode(pgHeader{Format: pgFormat, Migrations: migs}); err != nil {
		return fmt.Errorf("dump: write header: %w", err)
	}
	tables, err := pgStrings(ctx, tx, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name")
	if err != nil {
		return fmt.Errorf("dump: list tables: %w", err)
	}
	// Parents first, so that a restore inserts rows as it reads them.
	if tables, err = pgParentsFirst(ctx, tx, tables); err != nil {
		return fmt.Errorf("dump: order tables: %w", err)
	}
	for _, t := range tables {
		if t == "schema_migrations" {
			continue
		}
		cols, types, err := pgColumns(ctx, tx, t)
		if err != nil {
			return fmt.Errorf("dump: columns of %s: %w", t, err)
		}
		if err := enc.Encode(pgTable{Table: t, Columns: cols, Types: types}); err != nil {
			return fmt.Errorf("dump: write table %s: %w", t, err)
		}
		sel := make([]string, len(cols))
		for i, c := range cols {
			sel[i] = quoteIdent(c) + "::text"
		}
		rows, err := tx.QueryContext(ctx, "SELECT "+strings.Join(sel, ", ")+" FROM "+quoteIdent(t)+pgOrder(ctx, tx, t))
		if err != nil {
			return fmt.Errorf("dump %s: %w", t, err)
		}
		vals := make([]sql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		row := make([]*string, len(cols))
		counts[t] = 0
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				rows.Close()
				return fmt.Errorf("dump: read %s: %w", t, err)
			}
			for i, v := range vals {
				row[i] = nil
				if v.Valid {
					s := v.String
					row[i] = &s
				}
			}
			if err := enc.Encode(row); err != nil {
				rows.Close()
				return fmt.Errorf("dump: write %s: %w", t, err)
			}
			counts[t]++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("dump %s: %w", t, err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("dump: flush: %w", err)
	}
	return tx.Commit()
}

type pgQuerier interface {
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
}

func pgStrings(ctx context.Context, q pgQuerier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("query %q: %w", query, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, fmt.Errorf("query %q: %w", query, err)
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func pgColumns(ctx context.Context, q pgQuerier, table string) (cols, types []string, err error) {
	rows, err := q.QueryContext(ctx, `SELECT a.attname, format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
		WHERE a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass AND a.attnum > 0 AND NOT a.attisdropped
		  AND a.attgenerated = '' ORDER BY a.attnum`, table)
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var c, t string
		if err := rows.Scan(&c, &t); err != nil {
			return nil, nil, err
		}
		cols, types = append(cols, c), append(types, t)
	}
	return cols, types, rows.Err()
}

// pgOrder orders a table's rows by its primary key (parents of a
// self-referencing table usually come first).
func pgOrder(ctx context.Context, q pgQuerier, table string) string {
	pk, err := pgStrings(ctx, q, `SELECT a.attname FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
		WHERE i.indrelid = (quote_ident(current_schema()) || '.' || quote_ident($1))::regclass AND i.indisprimary ORDER BY a.attnum`, table)
	if err != nil || len(pk) == 0 {
		return ""
	}
	for i := range pk {
		pk[i] = quoteIdent(pk[i])
	}
	return " ORDER BY " + strings.Join(pk, ", ")
}

// RestorePostgres replaces the rows of every table except the kept ones
// with those of the archive read from r, in one transaction, which commits
// only when the archive holds every table of its schema version, the row
// counts of the manifest (opt.Rows) and passes opt.Check: a refused archive
// changes nothing.
func (d *DB) RestorePostgres(ctx context.Context, r io.Reader, opt RestoreOptions) error {
	// cache_versions only ever counts up (see RestoreSQLite).
	keep := append([]Keep{{Table: "cache_versions"}}, opt.Keep...)
	if d.engine != Postgres {
		return errors.New("restore: not a PostgreSQL database")
	}
	dec := json.NewDecoder(bufio.NewReaderSize(r, 1<<16))
	var h pgHeader
	if err := dec.Decode(&h); err != nil || h.Format != pgFormat {
		return ErrNotBackup
	}
	if err := checkMigrations(Postgres, h.Migrations); err != nil {
		return err
	}
	tx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("restore: begin: %w", err)
	}
	defer tx.Rollback()
	tables, err := pgStrings(ctx, tx, "SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' AND table_name <> 'schema_migrations' ORDER BY table_name")
	if err != nil {
		return fmt.Errorf("restore: list tables: %w", err)
	}
	live := map[string]bool{}
	for _, t := range tables {
		live[t] = true
	}
	quoted := make([]string, len(tables))
	for i, t := range tables {
		quoted[i] = quoteIdent(t)
	}
	if err := lockAllNoWait(ctx, tx, quoted); err != nil {
		return err
	}
	kept := map[string]bool{}
	emptied := map[string]bool{}
	for _, t := range opt.Empty {
		emptied[t] = true
	}
	for i, k := range keep {
		if !live[k.Table] {
			continue
		}
		kept[k.Table] = true
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("CREATE TEMP TABLE keep_%d ON COMMIT DROP AS SELECT * FROM %s", i, quoteIdent(k.Table))); err != nil {
			return fmt.Errorf("restore: keep %s: %w", k.Table, err)
		}
	}
	if _, err := tx.ExecContext(ctx, "TRUNCATE "+strings.Join(quoted, ", ")); err != nil {
		return fmt.Errorf("restore: truncate: %w", err)
	}
	// The archive lists parents first: rows are inserted as they are read,
	// in batches.
	var cur *pgTable
	var names, casts []string
	var idx []int
	var batch [][]*string
	flush := func() error {
		if cur == nil || len(batch) == 0 || len(idx) == 0 {
			batch = batch[:0]
			return nil
		}
		var sb strings.Builder
		sb.WriteString("INSERT INTO " + quoteIdent(cur.Table) + " (" + strings.Join(names, ", ") + ") OVERRIDING SYSTEM VALUE VALUES ")
		args := make([]any, 0, len(batch)*len(idx))
		for r, row := range batch {
			if r > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			for j, i := range idx {
				if j > 0 {
					sb.WriteString(", ")
				}
				fmt.Fprintf(&sb, "$%d::%s", len(args)+1, casts[j])
				if v := row[i]; v != nil {
					args = append(args, *v)
				} else {
					args = append(args, nil)
				}
			}
			sb.WriteString(")")
		}
		batch = batch[:0]
		if _, err := tx.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("restore %s: %w", cur.Table, err)
		}
		return nil
	}
	skip := false
	seen := map[string]int64{} // the archive's tables and their rows
	for {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err == io.EOF {
			break
		} else if err != nil {
			return fmt.Errorf("%w: %v", ErrNotBackup, err)
		}
		if len(raw) > 0 && raw[0] == '{' {
			if err := flush(); err != nil {
				return err
			}
			var t pgTable
			if err := json.Unmarshal(raw, &t); err != nil || !identRe.MatchString(t.Table) || len(t.Columns) != len(t.Types) || len(t.Columns) == 0 {
				return ErrNotBackup
			}
			if _, dup := seen[t.Table]; dup {
				return ErrNotBackup
			}
			cur = &t
			seen[t.Table] = 0
			skip = kept[t.Table] || emptied[t.Table] || !live[t.Table]
			names, casts, idx = nil, nil, nil
			if skip {
				continue
			}
			cols, types, err := pgColumns(ctx, tx, t.Table)
			if err != nil {
				return fmt.Errorf("restore: columns of %s: %w", t.Table, err)
			}
			typeOf := map[string]string{}
			for i, c := range cols {
				typeOf[c] = types[i]
			}
			for i, c := range t.Columns {
				if ty, ok := typeOf[c]; ok { // a column the archive has and the table still has
					names, casts, idx = append(names, quoteIdent(c)), append(casts, ty), append(idx, i)
				}
			}
			continue
		}
		var row []*string
		if err := json.Unmarshal(raw, &row); err != nil || cur == nil || len(row) != len(cur.Columns) {
			return ErrNotBackup
		}
		seen[cur.Table]++
		if skip {
			continue
		}
		batch = append(batch, row)
		if len(batch) >= 200 {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := flush(); err != nil {
		return err
	}
	if err := checkTables(Postgres, h.Migrations, seen, opt.Rows); err != nil {
		return err
	}
	for i, k := range keep {
		if !kept[k.Table] {
			continue
		}
		where := ""
		if k.Where != "" {
			where = " WHERE " + k.Where
		}
		// The kept rows go back, those meeting the condition (columns as
		// the live table has them: the temporary copy has the same).
		q := fmt.Sprintf("INSERT INTO %s SELECT * FROM keep_%d AS %s%s", quoteIdent(k.Table), i, quoteIdent(k.Table), where)
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("restore: keep %s: %w", k.Table, err)
		}
	}
	q := rawQuerier{tx, Postgres}
	if opt.Check != nil {
		if err := opt.Check(ctx, q); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, bumpVersions); err != nil {
		return fmt.Errorf("restore: change counters: %w", err)
	}
	// Identity columns continue after the highest restored id, and never
	// go back: a sequence is not rolled back with the transaction (set
	// last, after every check, and never below its value, a restore that
	// fails after it cannot leave ids that are taken).
	seqs, err := tx.QueryContext(ctx, `SELECT c.table_name, c.column_name FROM information_schema.columns c
		WHERE c.table_schema = current_schema() AND c.is_identity = 'YES'`)
	if err != nil {
		return fmt.Errorf("restore: identity columns: %w", err)
	}
	var ids [][2]string
	for seqs.Next() {
		var t, c string
		if err := seqs.Scan(&t, &c); err != nil {
			seqs.Close()
			return fmt.Errorf("restore: identity columns: %w", err)
		}
		ids = append(ids, [2]string{t, c})
	}
	seqs.Close()
	for _, tc := range ids {
		stmt := fmt.Sprintf(`SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(COALESCE((SELECT MAX(%s) FROM %s), 0),
			COALESCE(pg_sequence_last_value(pg_get_serial_sequence($1, $2)::regclass), 0)) + 1, false)`, quoteIdent(tc[1]), quoteIdent(tc[0]))
		if _, err := tx.ExecContext(ctx, stmt, quoteIdent(tc[0]), tc[1]); err != nil {
			return fmt.Errorf("restore: sequence of %s: %w", tc[0], err)
		}
	}
	if opt.After != nil {
		if err := opt.After(ctx, q); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	return tx.Commit()
}

// pgParentsFirst orders tables so that a table comes after the tables its
// foreign keys refer to (self references aside).
func pgParentsFirst(ctx context.Context, q pgQuerier, tables []string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT c.conrelid::regclass::text, c.confrelid::regclass::text FROM pg_constraint c
		WHERE c.contype = 'f' AND c.connamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`)
	if err != nil {
		return nil, fmt.Errorf("order tables: %w", err)
	}
	parents := map[string][]string{}
	for rows.Next() {
		var child, parent string
		if err := rows.Scan(&child, &parent); err != nil {
			rows.Close()
			return nil, fmt.Errorf("order tables: %w", err)
		}
		child, parent = unqualify(child), unqualify(parent)
		if child != parent {
			parents[child] = append(parents[child], parent)
		}
	}
	rows.Close()
	var out []string
	done := map[string]bool{}
	var visit func(t string, depth int)
	visit = func(t string, depth int) {
		if done[t] || depth > len(tables) {
			return
		}
		for _, p := range parents[t] {
			visit(p, depth+1)
		}
		if !done[t] {
			done[t] = true
			out = append(out, t)
		}
	}
	for _, t := range tables {
		visit(t, 0)
	}
	return out, nil
}

func unqualify(s string) string {
	if i := strings.LastIndex(s, "."); i >= 0 {
		s = s[i+1:]
	}
	return strings.Trim(s, `"`)
}

// IsDeadlock reports a PostgreSQL deadlock (40P01): the transaction chosen
// as the victim may be run again.
func IsDeadlock(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "40P01"
}

// lockAllNoWait takes every table's ACCESS EXCLUSIVE lock before the
// restore touches any: each attempt asks for all of them with NOWAIT inside
// a savepoint and, when one is held by a document being posted, gives back
// what it got and tries again a moment later. The restore never waits while
// holding a lock, so it cannot deadlock a concurrent document (which would
// otherwise be the victim and fail); documents wait for the restore instead.
func lockAllNoWait(ctx context.Context, tx *sql.Tx, quoted []string) error {
	stmt := "LOCK TABLE " + strings.Join(quoted, ", ") + " IN ACCESS EXCLUSIVE MODE NOWAIT"
	wait := 5 * time.Millisecond
	for try := 0; ; try++ {
		if _, err := tx.ExecContext(ctx, "SAVEPOINT restore_lock"); err != nil {
			return fmt.Errorf("restore: savepoint: %w", err)
		}
		_, err := tx.ExecContext(ctx, stmt)
		if err == nil {
			return nil
		}
		var pe *pgconn.PgError
		if !errors.As(err, &pe) || pe.Code != "55P03" || try >= 2000 {
			return fmt.Errorf("restore: lock tables: %w", err)
		}
		if _, err := tx.ExecContext(ctx, "ROLLBACK TO SAVEPOINT restore_lock"); err != nil {
			return fmt.Errorf("restore: rollback to savepoint: %w", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		wait = min(2*wait, 100*time.Millisecond)
	}
}

// commitSQLiteRestore ends a SQLite restore's transaction on c: every
// reference holds (else ErrNotBackup), the change counters move on (so
// every node's caches reload), opt.After runs in the transaction, then
// COMMIT. Both the app's restore and the command's file swap end so.
func commitSQLiteRestore(ctx context.Context, c *sql.Conn, opt RestoreOptions) error {
	rows, err := c.QueryContext(ctx, "PRAGMA main.foreign_key_check")
	if err != nil {
		return fmt.Errorf("restore: foreign key check: %w", err)
	}
	bad := rows.Next()
	rows.Close()
	if bad {
		return fmt.Errorf("restore: %w: foreign keys do not hold", ErrNotBackup)
	}
	if _, err := c.ExecContext(ctx, bumpVersions); err != nil {
		return fmt.Errorf("restore: change counters: %w", err)
	}
	if opt.After != nil {
		if err := opt.After(ctx, rawQuerier{c, SQLite}); err != nil {
			return fmt.Errorf("restore: %w", err)
		}
	}
	if _, err := c.ExecContext(ctx, "COMMIT"); err != nil {
		return fmt.Errorf("restore: commit: %w", err)
	}
	return nil
}
