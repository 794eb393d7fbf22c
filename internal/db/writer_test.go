package db_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

const insShop = "INSERT INTO shops (code, name, created_at, updated_at) VALUES (?, ?, ?, ?)"

func addShop(ctx context.Context, q db.Querier, code string) error {
	now := time.Now().UTC()
	_, err := q.Exec(ctx, insShop, code, "shop "+code, now, now)
	return err
}

func shops(t *testing.T, d *db.DB) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM shops").Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A request cancelled halfway through its transaction writes nothing, and
// the next transaction (on SQLite: the same connection) works.
func TestCancelMidTransactionRollsBackAndFreesTheWriter(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx, cancel := context.WithCancel(context.Background())
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := addShop(ctx, tx, "S1"); err != nil {
			return err
		}
		cancel()
		// a careless caller ignoring the error must not get a commit
		addShop(ctx, tx, "S2")
		return nil
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if n := shops(t, d); n != 0 {
		t.Fatalf("%d shops after a cancelled transaction", n)
	}
	bg := context.Background()
	if err := d.InTx(bg, func(tx *db.Tx) error { return addShop(bg, tx, "S3") }); err != nil {
		t.Fatalf("writer unusable after cancel: %v", err)
	}
	if n := shops(t, d); n != 1 {
		t.Fatalf("%d shops, want 1", n)
	}
	// a context cancelled before InTx starts nothing
	if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(bg, tx, "S4") }); !errors.Is(err, context.Canceled) {
		t.Fatalf("InTx on a cancelled context: %v", err)
	}
}

func TestPanicInsideInTxRollsBackAndFreesTheWriter(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	func() {
		defer func() {
			if p := recover(); p != "boom" {
				t.Fatalf("recovered %v, want the original panic", p)
			}
		}()
		d.InTx(ctx, func(tx *db.Tx) error {
			if err := addShop(ctx, tx, "S1"); err != nil {
				return err
			}
			rows, err := tx.Query(ctx, "SELECT id FROM shops") // left open
			if err != nil {
				return err
			}
			rows.Next()
			panic("boom")
		})
	}()
	if n := shops(t, d); n != 0 {
		t.Fatalf("%d shops after a panic", n)
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(ctx, tx, "S2") }); err != nil {
		t.Fatalf("writer unusable after panic: %v", err)
	}
	if n := shops(t, d); n != 1 {
		t.Fatalf("%d shops, want 1", n)
	}
}

// SQLite reuses statements across transactions: rows left open, the same
// query run inside the loop over its own results (PostgreSQL cannot run a
// query while rows are open on the connection), a failed statement and use of
// a finished Tx must all keep working or fail cleanly.
func TestReusedStatementsAcrossTransactions(t *testing.T) {
	t.Parallel()
	d := dbtest.OpenSQLite(t)
	ctx := context.Background()
	for i := range 3 {
		if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(ctx, tx, fmt.Sprint("S", i)) }); err != nil {
			t.Fatal(err)
		}
	}
	var kept *db.Tx
	for round := range 3 {
		err := d.InTx(ctx, func(tx *db.Tx) error {
			kept = tx
			sel := "SELECT id FROM shops WHERE id > ? ORDER BY id"
			outer, err := tx.Query(ctx, sel, 0)
			if err != nil {
				return err
			}
			defer outer.Close()
			seen := 0
			for outer.Next() {
				var id int64
				if err := outer.Scan(&id); err != nil {
					return err
				}
				inner, err := tx.Query(ctx, sel, id) // same text, outer still open
				if err != nil {
					return err
				}
				n := 0
				for inner.Next() {
					n++
				}
				inner.Close()
				var m int
				if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM shops WHERE id > ?", id).Scan(&m); err != nil || m != n {
					return fmt.Errorf("inner %d rows, count %d, %v", n, m, err)
				}
				seen++
			}
			if seen != 3 {
				return fmt.Errorf("outer saw %d rows", seen)
			}
			if err := addShop(ctx, tx, "S0"); !db.IsUnique(err) {
				return fmt.Errorf("duplicate insert: %v", err)
			}
			// left open on purpose: the Tx closes it
			_, err = tx.Query(ctx, sel, 0)
			return err
		})
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
	}
	if _, err := kept.Exec(ctx, insShop, "late", "late", time.Now(), time.Now()); err == nil {
		t.Fatal("Exec on a finished Tx succeeded")
	}
	var n int
	if err := kept.QueryRow(ctx, "SELECT COUNT(*) FROM shops").Scan(&n); err == nil {
		t.Fatal("QueryRow on a finished Tx succeeded")
	}
	if n := shops(t, d); n != 3 {
		t.Fatalf("%d shops, want 3", n)
	}
}

// More distinct statements than the cache holds, from concurrent writers.
func TestManyDistinctStatementsFromConcurrentWriters(t *testing.T) {
	t.Parallel()
	d := dbtest.Open(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	errc := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				err := d.InTx(ctx, func(tx *db.Tx) error {
					var n int
					// a different text each time: evicts statements
					if err := tx.QueryRow(ctx, fmt.Sprintf("SELECT COUNT(*) + %d FROM shops", g*1000+i)).Scan(&n); err != nil {
						return err
					}
					return addShop(ctx, tx, fmt.Sprint("S", g, "-", i))
				})
				if err != nil {
					errc <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Fatal(err)
	}
	if n := shops(t, d); n != 800 {
		t.Fatalf("%d shops, want 800", n)
	}
}

func TestWritesAfterCloseFail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, t.TempDir()+"/x.db")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(ctx, tx, "S1") }); err == nil {
		t.Fatal("InTx on a closed DB succeeded")
	}
	if _, err := d.Exec(ctx, "SELECT 1"); err == nil {
		t.Fatal("Exec on a closed DB succeeded")
	}
}

// Concurrent write transactions share commits (group commit on SQLite):
// each caller still answers only once its own work is committed and
// visible, a failing caller's work alone is rolled back (its neighbours in
// the group keep theirs), and a panicking one changes nothing either.
func TestConcurrentTransactionsCommitEachOwnWork(t *testing.T) {
	d := dbtest.Open(t)
	ctx := context.Background()
	before := shops(t, d)
	oops := errors.New("refused")
	var wg sync.WaitGroup
	var mu sync.Mutex
	var kept int
	var errsSeen []error
	for c := range 12 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 15 {
				code := fmt.Sprintf("G%02d%02d", c, i)
				fails, panics := (c+i)%3 == 0, (c+i)%7 == 0 && (c+i)%3 != 0
				err := func() (err error) {
					defer func() {
						if p := recover(); p != nil {
							err = fmt.Errorf("panic: %v", p)
						}
					}()
					return d.InTx(ctx, func(tx *db.Tx) error {
						if err := addShop(ctx, tx, code); err != nil {
							return err
						}
						if panics {
							panic("boom")
						}
						if fails {
							return oops
						}
						return nil
					})
				}()
				var n int
				if qerr := d.QueryRow(ctx, "SELECT COUNT(*) FROM shops WHERE code = ?", code).Scan(&n); qerr != nil {
					t.Error(qerr)
					return
				}
				mu.Lock()
				switch {
				case fails && !errors.Is(err, oops), panics && (err == nil || !strings.Contains(err.Error(), "boom")):
					errsSeen = append(errsSeen, fmt.Errorf("%s: %v", code, err))
				case !fails && !panics && err != nil:
					errsSeen = append(errsSeen, fmt.Errorf("%s: %v", code, err))
				case (err == nil) != (n == 1) || n > 1:
					errsSeen = append(errsSeen, fmt.Errorf("%s answered %v but %d rows are visible", code, err, n))
				}
				if err == nil {
					kept++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if len(errsSeen) > 0 {
		t.Fatal(errors.Join(errsSeen...))
	}
	if got := shops(t, d) - before; got != kept {
		t.Fatalf("%d shops added, %d transactions answered committed", got, kept)
	}
}
