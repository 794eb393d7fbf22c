// Package db opens SQLite or PostgreSQL behind one small API: statements are
// written with ? placeholders (rebound for PostgreSQL), reads go to a pool of
// readers, writes to one writer connection on SQLite (BEGIN IMMEDIATE), and
// every write transaction goes through InTx.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgconn/ctxwatch"
	"github.com/jackc/pgx/v5/stdlib"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Engine names a database engine.
type Engine string

const (
	SQLite   Engine = "sqlite"
	Postgres Engine = "postgres"
)

// Querier is what store functions take: a *DB or a *Tx.
type Querier interface {
	Exec(ctx context.Context, query string, args ...any) (sql.Result, error)
	Query(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRow(ctx context.Context, query string, args ...any) *sql.Row
	Engine() Engine
}

// DB is an open database.
type DB struct {
	engine Engine
	w      *sql.DB    // writer (SQLite: one connection, used through lite)
	r      *sql.DB    // readers (PostgreSQL: the same pool)
	lite   *writer    // SQLite: the writer connection and its prepared statements
	reads  *readStmts // SQLite: the readers' prepared statements
	ckpt   *checkpointer
	memo   memo   // values read from the database, kept while unchanged (Cached)
	path   string // SQLite file
	dsn    string // PostgreSQL
}

// OpenSQLite opens (creating if needed) a SQLite database file.
func OpenSQLite(ctx context.Context, path string) (*DB, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("create data folder: %w", err)
	}
	// temp_store MEMORY: sorts and temporary indexes (DISTINCT, IN lists)
	// stay in memory instead of temporary files.
	base := "file:" + (&url.URL{Path: path}).EscapedPath() + "?_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_time_format=sqlite"
	// The writer never checkpoints inline: see checkpointer.
	w, err := sql.Open("sqlite", base+"&_txlock=immediate&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		return nil, err
	}
	w.SetMaxOpenConns(1)
	w.SetMaxIdleConns(1)
	w.SetConnMaxLifetime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	r, err := sql.Open("sqlite", base+"&_pragma=query_only(1)")
	if err != nil {
		w.Close()
		return nil, err
	}
	n := max(4, runtime.NumCPU()*2)
	r.SetMaxOpenConns(n)
	r.SetMaxIdleConns(n)
	// The checkpointer's TRUNCATE waits at most truncateWait (checkpoint.go).
	cp, err := sql.Open("sqlite", base+fmt.Sprintf("&_pragma=busy_timeout(%d)", truncateWait))
	if err != nil {
		w.Close()
		r.Close()
		return nil, err
	}
	ckpt := newCheckpointer(cp)
	lite := newWriter(w)
	lite.committed = ckpt.wrote
	return &DB{engine: SQLite, w: w, r: r, lite: lite, reads: newReadStmts(r), ckpt: ckpt, path: path}, nil
}

// OpenPostgres opens a PostgreSQL database through pgx.
//
// pgx prepares and caches statements; PostgreSQL plans a prepared
// statement for its arguments five times, then may switch to one generic
// plan (plan_cache_mode auto). That suits the many small statements of a
// document (lookups by key, inserts, the foreign-key checks): planning them
// anew each time (force_custom_plan) cost more than running them, and
// documents went 75–95 % faster without it. Searches and reports are the
// exception: their best plan depends on the arguments (a pattern, a page,
// a date range), and on tables without statistics yet (right after a bulk
// import) a generic plan joined every contact with every contact person,
// 40× slower. So statements customPlan picks run unprepared, planned for
// their arguments every time (see pgArgs).
//
// JIT compilation is off unless the DSN sets it: PostgreSQL compiles a
// statement whose estimated cost passes jit_above_cost, and the reports'
// grouped queries (forty sums over a period's moves, estimated far above
// what they cost) spent 10 s compiling for 3 s of work (deliverSummary of
// a month at 1,000,000 moves); the documents' small statements never
// reach the threshold.
func OpenPostgres(ctx context.Context, dsn string) (*DB, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if _, set := cfg.RuntimeParams["plan_cache_mode"]; !set {
		cfg.RuntimeParams["plan_cache_mode"] = "auto"
	}
	if _, set := cfg.RuntimeParams["jit"]; !set {
		cfg.RuntimeParams["jit"] = "off"
	}
	// A cancelled context (a search past its time limit, a client gone)
	// stops the statement on the server by a cancel request, instead of only
	// closing the connection while the server runs the statement to its end.
	cfg.BuildContextWatcherHandler = func(c *pgconn.PgConn) ctxwatch.Handler {
		return &pgconn.CancelRequestContextWatcherHandler{Conn: c, DeadlineDelay: 2 * time.Second}
	}
	p := stdlib.OpenDB(*cfg)
	p.SetMaxOpenConns(20)
	p.SetMaxIdleConns(10)
	if err := p.PingContext(ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	return &DB{engine: Postgres, w: p, r: p, dsn: dsn}, nil
}

// Reopen opens another handle on the same database, with its own
// connections and caches, as another app process would.
func (d *DB) Reopen(ctx context.Context) (*DB, error) {
	if d.engine == Postgres {
		return OpenPostgres(ctx, d.dsn)
	}
	return OpenSQLite(ctx, d.path)
}

// Close closes every connection.
func (d *DB) Close() error {
	var err error
	if d.ckpt != nil {
		err = d.ckpt.close()
	}
	if d.lite != nil {
		err = errors.Join(err, d.lite.close())
	} else {
		err = d.w.Close()
	}
	if d.r != d.w {
		err = errors.Join(err, d.r.Close())
	}
	return err
}

// Engine is the database engine.
func (d *DB) Engine() Engine { return d.engine }

// Exec runs a statement on the writer.
func (d *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	wrote(ctx)
	if d.lite != nil {
		return d.lite.exec(ctx, q, args...)
	}
	secondConnection(ctx, q)
	return d.w.ExecContext(ctx, Rebind(d.engine, q), pgArgs(q, args)...)
}

// Query reads through the reader pool.
func (d *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if writes(q) {
		wrote(ctx)
	}
	if d.reads != nil {
		return d.reads.query(ctx, q, args)
	}
	secondConnection(ctx, q)
	return d.r.QueryContext(ctx, Rebind(d.engine, q), pgArgs(q, args)...)
}

// QueryRow reads one row through the reader pool.
func (d *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if writes(q) {
		wrote(ctx)
	}
	if d.reads != nil {
		return d.reads.queryRow(ctx, q, args)
	}
	secondConnection(ctx, q)
	return d.r.QueryRowContext(ctx, Rebind(d.engine, q), pgArgs(q, args)...)
}

// Tx is a write transaction: a *sql.Tx on PostgreSQL (pgx caches prepared
// statements itself), on SQLite the writer connection (see writer).
type Tx struct {
	tx     *sql.Tx
	engine Engine
	db     *DB         // the database the transaction runs on
	wrote  atomic.Bool // a statement that may write has run (see Cached)

	// SQLite
	w    *writer
	mu   sync.Mutex
	done bool
	rows []*sql.Rows             // every Rows handed out, closed at the end
	open map[*sql.Stmt]*sql.Rows // cached statement → the last Rows read from it
}

func (t *Tx) Engine() Engine { return t.engine }

func (t *Tx) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	t.wrote.Store(true)
	if t.w != nil {
		return t.liteExec(ctx, q, args)
	}
	return t.tx.ExecContext(ctx, Rebind(t.engine, q), pgArgs(q, args)...)
}

func (t *Tx) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if writes(q) {
		t.wrote.Store(true)
	}
	if t.w != nil {
		return t.liteQuery(ctx, q, args)
	}
	return t.tx.QueryContext(ctx, Rebind(t.engine, q), pgArgs(q, args)...)
}

// QueryRow reads one row; the Row must be scanned before the transaction ends.
func (t *Tx) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if writes(q) {
		t.wrote.Store(true)
	}
	if t.w != nil {
		return t.liteQueryRow(ctx, q, args)
	}
	return t.tx.QueryRowContext(ctx, Rebind(t.engine, q), pgArgs(q, args)...)
}

// InTx runs fn in a write transaction: committed when fn returns nil, rolled
// back otherwise (and on panic). On SQLite it starts with BEGIN IMMEDIATE.
func (d *DB) InTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	defer wrote(ctx) // after the COMMIT (a Tx serves its request's counters only while it wrote nothing)
	if d.lite != nil {
		return d.lite.inTx(ctx, func(tx *Tx) error {
			tx.db = d
			return fn(tx)
		})
	}
	sqlTx, err := d.w.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer enterTx(ctx)()
	tx := &Tx{tx: sqlTx, engine: d.engine, db: d}
	defer func() {
		if p := recover(); p != nil {
			sqlTx.Rollback()
			panic(p)
		}
		if err == nil {
			// A cancelled context never commits (database/sql rolls the
			// transaction back by itself, racing with Commit): say why.
			err = ctx.Err()
		}
		if err != nil {
			sqlTx.Rollback()
			return
		}
		if cerr := sqlTx.Commit(); cerr != nil {
			err = fmt.Errorf("commit: %w", cerr)
		}
	}()
	return fn(tx)
}

// CustomPlan, written first in a statement, makes PostgreSQL plan it for
// its arguments on every run (see OpenPostgres), like the statements
// customPlan recognises by themselves.
const CustomPlan = "/* custom plan */ "

// GenericPlan, written first in a statement customPlan would pick, keeps it
// prepared: a lookup by key whose plan does not depend on its arguments,
// run on every document (planning it each time cost more than running it).
const GenericPlan = "/* generic plan */ "

// customPlan reports a statement whose best plan depends on its arguments:
// searches (LIKE, ILIKE), pages (OFFSET), aggregates over ranges (GROUP BY,
// reports), and those marked with CustomPlan; not those marked with
// GenericPlan.
func customPlan(q string) bool {
	if strings.HasPrefix(q, GenericPlan) {
		return false
	}
	return strings.HasPrefix(q, CustomPlan) || strings.Contains(q, "LIKE") ||
		strings.Contains(q, "OFFSET") || strings.Contains(q, "GROUP BY")
}

// pgArgs are the arguments for pgx: a statement customPlan picks runs
// unprepared (pgx's exec mode: one round trip, planned for its arguments).
func pgArgs(q string, args []any) []any {
	if len(args) == 0 || !customPlan(q) { // no arguments: nothing to plan for (and scripts keep the simple protocol)
		return args
	}
	return append([]any{pgx.QueryExecModeExec}, args...)
}

// Rebind turns ? placeholders into $1, $2 … for PostgreSQL. Statements must not
// hold a literal ? (write it as a parameter).
func Rebind(e Engine, q string) string {
	if e != Postgres || !strings.Contains(q, "?") {
		return q
	}
	var b strings.Builder
	b.Grow(len(q) + 16)
	n := 0
	for i := 0; i < len(q); i++ {
		if q[i] == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteByte(q[i])
	}
	return b.String()
}

// Like is the case-insensitive LIKE operator of the engine.
func Like(q Querier) string {
	if q.Engine() == Postgres {
		return "ILIKE"
	}
	return "LIKE"
}

// In returns "(?,?,?)" for n values (n ≥ 1).
func In(n int) string {
	if n <= 0 {
		return "(NULL)"
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")"
}

// Args turns a slice into []any for a variadic call.
func Args[T any](xs []T) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// IsUnique reports a unique-constraint violation.
func IsUnique(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_UNIQUE || se.Code() == sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}

// IsForeignKey reports a foreign-key violation.
func IsForeignKey(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		return se.Code() == sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY
	}
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23503"
}

// Unavailable reports a failure of the database's capacity or availability
// rather than of the request, one that may pass when tried again shortly:
// PostgreSQL refusing a connection (too many clients, starting up or
// shutting down, out of reach) or a configured limit, a deadlock victim, a
// serialization failure, a lock that timed out; SQLite's file still locked
// after its busy timeout.
func Unavailable(err error) bool {
	var se *sqlite.Error
	if errors.As(err, &se) {
		c := se.Code() & 0xff // the primary code of an extended one
		return c == sqlite3.SQLITE_BUSY || c == sqlite3.SQLITE_LOCKED
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		switch pe.Code {
		case "53300", "53400", // too many connections, configuration limit exceeded
			"57P01", "57P02", "57P03", // shutting down, crash shutdown, cannot connect now
			"40P01", "40001", // deadlock detected, serialization failure
			"55P03": // lock not available (lock_timeout)
			return true
		}
		return false
	}
	var ce *pgconn.ConnectError
	return errors.As(err, &ce)
}

// Backup writes a consistent copy of a live SQLite database to dest (online:
// readers and the writer go on meanwhile). dest must not exist.
func (d *DB) Backup(ctx context.Context, dest string) error {
	if d.engine != SQLite {
		return errors.New("backup: only the SQLite database is copied by Cangshu; use pg_dump for PostgreSQL")
	}
	if _, err := os.Stat(dest); err == nil {
		return fmt.Errorf("backup: %s already exists", dest)
	}
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	// VACUUM INTO reads one snapshot through a reader connection.
	conn, err := sql.Open("sqlite", "file:"+(&url.URL{Path: d.path}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "VACUUM INTO ?", dest); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// SwapSQLite replaces the SQLite database file at dest with the backup file
// src (`cangshu restore`: no server may be running on dest; the caller holds
// the data folder's lock). The backup is checked first exactly as the app's
// restore checks it (checkedSQLiteCopy: schema version, tables, the row
// counts of opt.Rows, opt.Check on a migrated copy); a refused backup
// changes nothing. The checked copy then gets the live database's rows of
// the opt.Keep tables (when dest exists), loses those of the opt.Empty
// tables, runs opt.After, and replaces dest in one rename, after the
// database being replaced was copied to keep (unless keep is "").
func SwapSQLite(ctx context.Context, src, dest, keep string, opt RestoreOptions) error {
	tmp := dest + ".restore"
	if err := checkedSQLiteCopy(ctx, src, tmp, opt); err != nil {
		return err
	}
	swapped := false
	defer func() {
		if !swapped {
			os.Remove(tmp)
		}
		os.Remove(tmp + "-wal")
		os.Remove(tmp + "-shm")
	}()
	_, err := os.Stat(dest)
	live := err == nil
	if err := finishSwap(ctx, tmp, dest, live, opt); err != nil {
		return err
	}
	if live && keep != "" {
		d, err := OpenSQLite(ctx, dest)
		if err != nil {
			return err
		}
		err = d.Backup(ctx, keep)
		if err == nil {
			_, err = d.Exec(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
		}
		d.Close()
		if err != nil {
			return fmt.Errorf("restore: keep the current database: %w", err)
		}
	}
	for _, suffix := range []string{"-wal", "-shm"} {
		if err := os.Remove(dest + suffix); err != nil && !os.IsNotExist(err) {
			return err
		}
	}
	if err := os.Rename(tmp, dest); err != nil {
		return err
	}
	swapped = true
	return nil
}

// finishSwap prepares the checked copy tmp to become the live database:
// the kept tables' rows of the live database (dest, when live), the
// emptied tables, the change counters, opt.After; in one transaction.
func finishSwap(ctx context.Context, tmp, dest string, live bool, opt RestoreOptions) error {
	pool, err := sql.Open("sqlite", "file:"+(&url.URL{Path: tmp}).EscapedPath()+"?_pragma=busy_timeout(10000)&_pragma=foreign_keys(0)")
	if err != nil {
		return fmt.Errorf("restore: open the copy: %w", err)
	}
	defer pool.Close()
	c, err := pool.Conn(ctx)
	if err != nil {
		return fmt.Errorf("restore: open the copy: %w", err)
	}
	defer c.Close()
	if live {
		if _, err := c.ExecContext(ctx, "ATTACH DATABASE ? AS live", dest); err != nil {
			return fmt.Errorf("restore: attach the current database: %w", err)
		}
		defer c.ExecContext(context.Background(), "DETACH DATABASE live")
	}
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
			c.ExecContext(context.Background(), "ROLLBACK")
		}
	}()
	for _, k := range opt.Keep {
		if !live || !slices.Contains(tables, k.Table) {
			continue
		}
		var n int
		if err := c.QueryRowContext(ctx, "SELECT COUNT(*) FROM live.sqlite_master WHERE type = 'table' AND name = ?", k.Table).Scan(&n); err != nil {
			return fmt.Errorf("restore: keep %s: %w", k.Table, err)
		}
		if n == 0 {
			continue
		}
		// The columns both have: the live database may be of an older
		// version than the copy, migrated by this binary.
		mine, err := liteColumns(ctx, c, k.Table)
		if err != nil {
			return err
		}
		theirs, err := liteColumnsIn(ctx, c, "live", k.Table)
		if err != nil {
			return err
		}
		var cols []string
		for _, col := range mine {
			if slices.Contains(theirs, col) {
				cols = append(cols, col)
			}
		}
		list := strings.Join(cols, ", ")
		if _, err := c.ExecContext(ctx, "DELETE FROM main."+quoteIdent(k.Table)); err != nil {
			return fmt.Errorf("restore: keep %s: %w", k.Table, err)
		}
		if _, err := c.ExecContext(ctx, "INSERT INTO main."+quoteIdent(k.Table)+" ("+list+") SELECT "+list+" FROM live."+quoteIdent(k.Table)); err != nil {
			return fmt.Errorf("restore: keep %s: %w", k.Table, err)
		}
		if k.Where != "" {
			if _, err := c.ExecContext(ctx, "DELETE FROM main."+quoteIdent(k.Table)+" WHERE NOT ("+k.Where+")"); err != nil {
				return fmt.Errorf("restore: keep %s: %w", k.Table, err)
			}
		}
	}
	for _, t := range opt.Empty {
		if slices.Contains(tables, t) {
			if _, err := c.ExecContext(ctx, "DELETE FROM main."+quoteIdent(t)); err != nil {
				return fmt.Errorf("restore: empty %s: %w", t, err)
			}
		}
	}
	// As the app's restore (RestoreSQLite): every reference holds.
	if err := commitSQLiteRestore(ctx, c, opt); err != nil {
		return err
	}
	committed = true
	if live {
		if _, err := c.ExecContext(ctx, "DETACH DATABASE live"); err != nil {
			return fmt.Errorf("restore: detach: %w", err)
		}
	}
	if _, err := c.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		return fmt.Errorf("restore: checkpoint: %w", err)
	}
	return nil
}
