package db_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// config is a parameter k (first "A") read through db.Cached: read
// answers it through q in ctx, set changes it, loads counts the reads
// that went to the table.
type config struct {
	t     *testing.T
	loads int
}

func newConfig(t *testing.T, d *db.DB) *config {
	t.Helper()
	now := time.Now().UTC()
	if _, err := d.Exec(context.Background(), "INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('n', 'k', 'A', ?, ?)", now, now); err != nil {
		t.Fatal(err)
	}
	return &config{t: t}
}

func (c *config) read(ctx context.Context, q db.Querier) string {
	c.t.Helper()
	v, err := db.Cached(ctx, q, db.CounterParams, "k", func(ctx context.Context, q db.Querier) (string, error) {
		c.loads++
		var v string
		err := q.QueryRow(ctx, "SELECT config_value FROM configs WHERE config_key = 'k'").Scan(&v)
		return v, err
	})
	if err != nil {
		c.t.Fatal(err)
	}
	return v
}

func (c *config) set(ctx context.Context, q db.Querier, v string) {
	c.t.Helper()
	if _, err := q.Exec(ctx, "UPDATE configs SET config_value = ? WHERE config_key = 'k'", v); err != nil {
		c.t.Fatal(err)
	}
}

// A cached value is read again exactly when what it is made of changed:
// a committed change shows at once, a transaction sees its own change, a
// rolled-back change is never kept, and an unchanged value is not read
// again, in a transaction or out of it.
func TestCachedFollowsCommitsOnly(t *testing.T) {
	d := dbtest.Open(t)
	ctx := context.Background()
	now := time.Now().UTC()
	c := newConfig(t, d)
	read := func(q db.Querier) string { t.Helper(); return c.read(ctx, q) }
	set := func(q db.Querier, v string) { t.Helper(); c.set(ctx, q, v) }
	want := func(got, want string, loaded int) {
		t.Helper()
		if got != want || c.loads != loaded {
			t.Fatalf("read %q after %d loads, want %q after %d", got, c.loads, want, loaded)
		}
	}
	want(read(d), "A", 1)
	want(read(d), "A", 1)
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		if got := read(tx); got != "A" {
			t.Fatalf("in a transaction: %q", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	oops := errors.New("roll back")
	err := d.InTx(ctx, func(tx *db.Tx) error {
		set(tx, "B")
		if got := read(tx); got != "B" {
			t.Fatalf("the transaction reads %q after setting B", got)
		}
		return oops
	})
	if !errors.Is(err, oops) {
		t.Fatal(err)
	}
	if got := read(d); got != "A" {
		t.Fatalf("after a rolled-back change: %q", got)
	}
	if err := d.InTx(ctx, func(tx *db.Tx) error { set(tx, "C"); return nil }); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "C" {
		t.Fatalf("after a committed change: %q", got)
	}
	if _, err := d.Exec(ctx, "DELETE FROM configs WHERE config_key = 'k'"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Exec(ctx, "INSERT INTO configs (config_name, config_key, config_value, created_at, updated_at) VALUES ('n', 'k', 'D', ?, ?)", now, now); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "D" {
		t.Fatalf("after delete and insert: %q", got)
	}
	n := c.loads
	if err := d.InTx(ctx, func(tx *db.Tx) error { read(tx); return nil }); err != nil {
		t.Fatal(err)
	}
	if c.loads != n {
		t.Fatalf("an unchanged value was read again in a transaction: %d loads, want %d", c.loads, n)
	}
	// A transaction that wrote something reads afresh on PostgreSQL (its
	// own changes are not in the counter yet), from the cache on SQLite
	// (its counter shows them): either way it sees its own change.
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "UPDATE configs SET remark = 'x' WHERE config_key = 'k'"); err != nil {
			return err
		}
		if got := read(tx); got != "D" {
			t.Fatalf("after writing another column: %q", got)
		}
		set(tx, "E")
		if got := read(tx); got != "E" {
			t.Fatalf("the transaction reads %q after setting E", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if got := read(d); got != "E" {
		t.Fatalf("after a committed change: %q", got)
	}
}

// A request reads the change counters once (db.WithVersions): its cached
// values stay as they were when it began while another node changes what
// they are made of (the change applies from the next request on), but the
// request's own writes apply at once, whichever way it writes, a long
// request reads them again after a while (db.HoldVersions), and once the
// request has ended its context reads the counters every time again.
func TestRequestVersionsLastUntilTheRequestWrites(t *testing.T) {
	t.Cleanup(db.HoldVersions(time.Minute)) // the steps below take far less, however loaded the machine
	d := dbtest.Open(t)
	ctx := context.Background()
	other, err := d.Reopen(ctx) // another app node on the same database
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { other.Close() })
	c := newConfig(t, d)
	readIn := c.read
	read := func(ctx context.Context) string { t.Helper(); return c.read(ctx, d) }
	set := c.set
	want := func(what, got, want string) {
		t.Helper()
		if got != want {
			t.Fatalf("%s: read %q, want %q", what, got, want)
		}
	}

	req, end := db.WithVersions(ctx)
	want("first read", read(req), "A")
	set(ctx, other, "B")
	want("the same request, after another node's change", read(req), "A")
	end()
	want("the ended request's context", read(req), "B")

	// A long request (a live stream) reads them again after a while.
	req, end = db.WithVersions(ctx)
	want("a long request", read(req), "B")
	set(ctx, other, "B2")
	want("a long request at once", read(req), "B")
	restore := db.HoldVersions(time.Millisecond)
	time.Sleep(5 * time.Millisecond)
	want("a long request after a while", read(req), "B2")
	restore()
	set(ctx, other, "B")
	end()
	want("the ended request's context", read(req), "B")

	req, end = db.WithVersions(ctx)
	want("the next request", read(req), "B")
	set(req, d, "C")
	want("after the request's own Exec", read(req), "C")
	end()

	// A transaction serves from the request's counters until it writes.
	req, end = db.WithVersions(ctx)
	want("a request", read(req), "C")
	set(ctx, other, "C2")
	if err := d.InTx(req, func(tx *db.Tx) error {
		want("its transaction before writing", readIn(req, tx), "C")
		set(req, tx, "D")
		want("its transaction after writing", readIn(req, tx), "D")
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	want("after the request's own transaction", read(req), "D")
	end()

	req, end = db.WithVersions(ctx)
	want("a request", read(req), "D")
	if d.Engine() == db.Postgres { // SQLite's readers are read-only: writes go through Exec or InTx
		var v string
		if err := d.QueryRow(req, "UPDATE configs SET config_value = 'E' WHERE config_key = 'k' RETURNING config_value").Scan(&v); err != nil {
			t.Fatal(err)
		}
		want("after the request's own UPDATE … RETURNING", read(req), "E")
	} else {
		set(req, d, "E")
	}
	set(ctx, other, "F")
	want("a request that wrote, after another node's change", read(req), "F")
	end()
}

// A transaction reads a cached value on its own connection: with as many
// transactions open as the pool has connections (here one), a read on a
// second connection would wait for ever (CI hung so, 24 concurrent saves
// on PostgreSQL's pool of 20, each waiting on another's number lock).
// Whether the request's counters have gone stale or were never read, and
// whether the value is cached or not, the transaction goes on.
func TestATransactionNeverWaitsForASecondConnection(t *testing.T) {
	d := dbtest.Open(t)
	c := newConfig(t, d)
	d.LimitConnections(1)
	for i, hold := range []time.Duration{0, time.Hour} {
		restore := db.HoldVersions(hold)
		v := string(rune('B' + i))
		c.set(context.Background(), d, v) // the cached value is stale
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		req, end := db.WithVersions(ctx)
		err := d.InTx(req, func(tx *db.Tx) error {
			for range 2 { // missing, then cached
				if got := c.read(req, tx); got != v {
					t.Fatalf("held %v: read %q in the transaction, want %q", hold, got, v)
				}
			}
			c.set(req, tx, v+"2")
			if got := c.read(req, tx); got != v+"2" {
				t.Fatalf("held %v: read %q after writing, want %q", hold, got, v+"2")
			}
			return nil
		})
		end()
		cancel()
		restore()
		if err != nil {
			t.Fatalf("held %v: %v", hold, err)
		}
	}
}

// Under StrictConnections (every PostgreSQL test), a statement a request
// sends outside the transaction it holds panics at once, rather than
// hanging when the pool runs out: the transaction's own statements, and
// the request's statements before and after it, go through.
func TestStrictConnectionsCatchASecondConnection(t *testing.T) {
	d := dbtest.Open(t)
	if d.Engine() != db.Postgres {
		t.Skip("SQLite's readers are a pool apart from its one writer")
	}
	req, end := db.WithVersions(context.Background())
	defer end()
	one := func(q db.Querier) (panicked any) {
		defer func() { panicked = recover() }()
		var n int
		if err := q.QueryRow(req, "SELECT 1").Scan(&n); err != nil || n != 1 {
			t.Fatalf("SELECT 1: %d %v", n, err)
		}
		return nil
	}
	if p := one(d); p != nil {
		t.Fatalf("before the transaction: %v", p)
	}
	if err := d.InTx(req, func(tx *db.Tx) error {
		if p := one(tx); p != nil {
			t.Fatalf("in the transaction: %v", p)
		}
		if p := one(d); p == nil {
			t.Fatal("a second connection in the transaction went unnoticed")
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	if p := one(d); p != nil {
		t.Fatalf("after the transaction: %v", p)
	}
}
