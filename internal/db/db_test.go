package db_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

func TestBothEnginesHaveTheSameTablesAndColumns(t *testing.T) {
	t.Parallel()
	lite := dbtest.OpenSQLite(t)
	pg := dbtest.OpenPostgres(t)
	ctx := context.Background()
	a, err := lite.Columns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	b, err := pg.Columns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	set := func(cs []db.Column) map[db.Column]bool {
		m := map[db.Column]bool{}
		for _, c := range cs {
			m[c] = true
		}
		return m
	}
	sa, sb := set(a), set(b)
	for c := range sa {
		if !sb[c] {
			t.Errorf("%s.%s exists on SQLite only", c.Table, c.Name)
		}
	}
	for c := range sb {
		if !sa[c] {
			t.Errorf("%s.%s exists on PostgreSQL only", c.Table, c.Name)
		}
	}
	if len(sa) < 50 {
		t.Fatalf("only %d columns migrated", len(sa))
	}
}

func TestMigrateTwiceAppliesNothing(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	applied, err := d.Migrate(context.Background())
	if err != nil || len(applied) != 0 {
		t.Fatalf("second migrate applied %v, %v", applied, err)
	}
}

// Every PostgreSQL test migrates a schema of its own: one schema's migration
// must not wait for another's (a lock on the whole server queued the tests of
// every package, and of every checkout sharing the server, one behind the other).
func TestMigrationsOfOtherSchemasDoNotWaitForEachOther(t *testing.T) {
	t.Parallel()
	a := dbtest.OpenPostgres(t)
	b := dbtest.OpenPostgres(t)
	ctx := context.Background()
	held, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- a.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, db.MigrationLock); err != nil {
				return err
			}
			close(held)
			<-release
			return nil
		})
	}()
	select {
	case <-held:
	case err := <-done:
		t.Fatalf("taking schema a's migration lock: %v", err)
	}
	// A hang guard, not a speed check: with one lock for the whole server
	// this waits until the deadline.
	wait, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()
	_, err := b.Migrate(wait)
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatalf("migrating schema b waited for schema a's migration lock: %v", err)
	}
}

// A PostgreSQL extension belongs to the database, not to a schema: the
// schemas of one fresh database migrating together (every test package's
// schemas on a new server) must create pg_trgm once, not fail on the
// catalog's unique index because two of them created it at the same time
// (CI on a fresh machine failed so).
func TestSchemasOfAFreshDatabaseMigrateTogether(t *testing.T) {
	t.Parallel()
	base := dbtest.PostgresURL()
	if base == "" {
		t.Skip("CANGSHU_TEST_PG is not set")
	}
	ctx := context.Background()
	admin, err := db.OpenPostgres(ctx, base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := fmt.Sprintf("t_fresh_%d", time.Now().UnixNano())
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatal(err)
	}
	defer admin.Exec(ctx, "DROP DATABASE "+name+" WITH (FORCE)")
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	const schemas = 8
	errs := make(chan error, schemas)
	start := make(chan struct{})
	for i := range schemas {
		go func() {
			q := u.Query()
			q.Set("search_path", fmt.Sprintf("s%d", i))
			v := *u
			v.RawQuery = q.Encode()
			d, err := db.OpenPostgres(ctx, v.String())
			if err != nil {
				errs <- err
				return
			}
			defer d.Close()
			if _, err := d.Exec(ctx, fmt.Sprintf("CREATE SCHEMA s%d", i)); err != nil {
				errs <- err
				return
			}
			<-start
			_, err = d.Migrate(ctx)
			errs <- err
		}()
	}
	close(start)
	for range schemas {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

func TestInTxRollsBackOnError(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	boom := errors.New("boom")
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)", "S1", "one", now, now); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v", err)
	}
	var n int
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM shops").Scan(&n); err != nil || n != 0 {
		t.Fatalf("rows after rollback = %d, %v", n, err)
	}
}

func TestUniqueViolationIsRecognised(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	ins := "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)"
	if _, err := d.Exec(ctx, ins, "S1", "one", now, now); err != nil {
		t.Fatal(err)
	}
	_, err := d.Exec(ctx, ins, "S1", "two", now, now)
	if !db.IsUnique(err) {
		t.Fatalf("IsUnique(%v) = false", err)
	}
	_, err = d.Exec(ctx, "INSERT INTO user_shops (user_id, shop_id) VALUES (?, ?)", 999, 999)
	if !db.IsForeignKey(err) {
		t.Fatalf("IsForeignKey(%v) = false", err)
	}
}

func TestTimestampsRoundTripInUTC(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	at := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	if _, err := d.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)", "S1", "one", at, at); err != nil {
		t.Fatal(err)
	}
	var got time.Time
	if err := d.QueryRow(ctx, "SELECT created_at FROM shops").Scan(&got); err != nil {
		t.Fatal(err)
	}
	if !got.Equal(at) {
		t.Fatalf("got %v, want %v", got, at)
	}
}

func TestConcurrentWritersDoNotFail(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- d.InTx(ctx, func(tx *db.Tx) error {
				var n int
				if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM shops").Scan(&n); err != nil {
					return err
				}
				now := time.Now().UTC()
				_, err := tx.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)", fmt.Sprint("S", i), fmt.Sprint("shop ", i), now, now)
				return err
			})
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	var n int
	d.QueryRow(ctx, "SELECT COUNT(*) FROM shops").Scan(&n)
	if n != 40 {
		t.Fatalf("%d shops, want 40", n)
	}
}

func TestBackupOfALiveDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	d, err := db.OpenSQLite(ctx, filepath.Join(dir, "live.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	done := make(chan struct{})
	go func() { // keep writing while the backup runs
		defer close(done)
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			default:
			}
			now := time.Now().UTC()
			d.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)", fmt.Sprint("S", i), fmt.Sprint("n", i), now, now)
		}
	}()
	time.Sleep(50 * time.Millisecond)
	dest := filepath.Join(dir, "backup", "copy.db")
	if err := d.Backup(ctx, dest); err != nil {
		t.Fatal(err)
	}
	close(stop)
	<-done
	c, err := db.OpenSQLite(ctx, dest)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var n int
	if err := c.QueryRow(ctx, "SELECT COUNT(*) FROM shops").Scan(&n); err != nil || n == 0 {
		t.Fatalf("backup has %d shops, %v", n, err)
	}
	var ok string
	c.QueryRow(ctx, "PRAGMA integrity_check").Scan(&ok)
	if ok != "ok" {
		t.Fatalf("integrity_check = %s", ok)
	}
	if err := d.Backup(ctx, dest); err == nil {
		t.Fatal("backup overwrote an existing file")
	}
	if _, err := os.Stat(dest); err != nil {
		t.Fatal(err)
	}
}

func TestRebind(t *testing.T) {
	t.Parallel()
	if got := db.Rebind(db.Postgres, "a = ? AND b IN (?, ?)"); got != "a = $1 AND b IN ($2, $3)" {
		t.Fatal(got)
	}
	if got := db.Rebind(db.SQLite, "a = ?"); got != "a = ?" {
		t.Fatal(got)
	}
}

// PostgreSQL keeps one generic plan for the small statements a document
// runs again and again (planning each run cost more than running it), and
// plans searches for their arguments every time (a generic plan on tables
// without statistics joined every contact with every contact person, 40×
// slower): the search is never a prepared statement, the lookup is one
// that went generic.
func TestPostgresPlansSearchesForTheirArguments(t *testing.T) {
	t.Parallel()
	pg := dbtest.OpenPostgres(t)
	ctx := context.Background()
	var mode string
	if err := pg.QueryRow(ctx, "SHOW plan_cache_mode").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "auto" {
		t.Errorf("plan_cache_mode %q, want auto", mode)
	}
	if err := pg.QueryRow(ctx, "SHOW jit").Scan(&mode); err != nil {
		t.Fatal(err)
	}
	if mode != "off" { // compiling a report's sums took 3× its run
		t.Errorf("jit %q, want off", mode)
	}
	const lookup = "SELECT COUNT(*) FROM shops WHERE id = ?"
	const search = "SELECT COUNT(*) FROM shops WHERE code LIKE ?"
	err := pg.InTx(ctx, func(tx *db.Tx) error { // one connection
		for i := range 8 {
			var n int
			if err := tx.QueryRow(ctx, lookup, i).Scan(&n); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, search, fmt.Sprintf("S%d%%", i)).Scan(&n); err != nil {
				return err
			}
			if err := tx.QueryRow(ctx, db.CustomPlan+lookup, i).Scan(&n); err != nil {
				return err
			}
		}
		plans, err := db.Map[string, int64](ctx, tx, "SELECT statement, generic_plans FROM pg_prepared_statements")
		if err != nil {
			return err
		}
		if plans[db.Rebind(db.Postgres, lookup)] == 0 {
			t.Errorf("the lookup never got a generic plan: %v", plans)
		}
		for _, q := range []string{search, db.CustomPlan + lookup} {
			if _, ok := plans[db.Rebind(db.Postgres, q)]; ok {
				t.Errorf("%q was prepared (a generic plan may be used): %v", q, plans)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// SQLite's FTS5 search index and its shadow tables have no PostgreSQL
// counterpart (there a GIN index does the work): schema comparisons skip them.
func TestColumnsLeaveOutSearchIndexes(t *testing.T) {
	t.Parallel()
	d := dbtest.OpenSQLite(t)
	ctx := context.Background()
	var n int
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM sqlite_master WHERE name LIKE 'goods_fts%' AND type = 'table'").Scan(&n); err != nil || n < 5 {
		t.Fatalf("%d goods_fts tables, %v", n, err)
	}
	cols, err := d.Columns(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cols {
		if db.SearchIndexTable(c.Table) {
			t.Errorf("search index column %s.%s listed", c.Table, c.Name)
		}
	}
	for name, want := range map[string]bool{"goods_fts": true, "goods_fts_data": true, "goods_fts_vocab": true, "goods": false, "fts": false, "goods_ftsx": false} {
		if db.SearchIndexTable(name) != want {
			t.Errorf("SearchIndexTable(%q) = %v", name, !want)
		}
	}
}

// Errors of the database's capacity or availability are told apart from
// the request's own (the server answers them 503 "busy, try again").
func TestUnavailableErrorsAreRecognised(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, c := range []struct {
		err  error
		want bool
	}{
		{fmt.Errorf("authenticate: %w", &pgconn.PgError{Code: "53300", Message: "sorry, too many clients already"}), true},
		{&pgconn.PgError{Code: "40P01"}, true},
		{&pgconn.PgError{Code: "57P03"}, true},
		{&pgconn.PgError{Code: "23505"}, false},
		{&pgconn.PgError{Code: "22003"}, false},
		{errors.New("something else"), false},
		{context.Canceled, false},
		{nil, false},
	} {
		if got := db.Unavailable(c.err); got != c.want {
			t.Errorf("Unavailable(%v) = %v, want %v", c.err, got, c.want)
		}
	}

	// A PostgreSQL server out of reach (nothing listens on port 1).
	if _, err := db.OpenPostgres(ctx, "postgres://postgres@127.0.0.1:1/postgres?sslmode=disable&connect_timeout=2"); !db.Unavailable(err) {
		t.Errorf("Unavailable(%v) = false for a server out of reach", err)
	}

	// SQLite: the file's write lock held by another connection past the busy timeout.
	path := filepath.Join(t.TempDir(), "busy.db")
	holder, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	defer holder.Close()
	if _, err := holder.Exec("CREATE TABLE t (x INTEGER)"); err != nil {
		t.Fatal(err)
	}
	tx, err := holder.Begin()
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	other, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	_, err = other.Exec("INSERT INTO t VALUES (1)")
	if err == nil || !db.Unavailable(err) {
		t.Errorf("Unavailable(%v) = false for a locked SQLite file", err)
	}

	// PostgreSQL: a row lock not granted within lock_timeout.
	if dbtest.PostgresURL() == "" {
		return
	}
	d := dbtest.OpenPostgres(t)
	now := time.Now().UTC()
	if _, err := d.Exec(ctx, "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)", "L1", "locked", now, now); err != nil {
		t.Fatal(err)
	}
	locked, release := make(chan struct{}), make(chan struct{})
	done := make(chan error, 1)
	go func() {
		done <- d.InTx(ctx, func(tx *db.Tx) error {
			if _, err := tx.Exec(ctx, "UPDATE shops SET name = ? WHERE code = ?", "holder", "L1"); err != nil {
				return err
			}
			close(locked)
			<-release
			return nil
		})
	}()
	<-locked
	err = d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL lock_timeout = '50ms'"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "UPDATE shops SET name = ? WHERE code = ?", "waiter", "L1")
		return err
	})
	close(release)
	if herr := <-done; herr != nil {
		t.Fatal(herr)
	}
	if err == nil || !db.Unavailable(err) {
		t.Errorf("Unavailable(%v) = false for a lock timeout", err)
	}
}
