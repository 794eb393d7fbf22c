package db

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Counter names a change counter of the cache_versions row (migration
// 0081): triggers move it whenever a table it covers changes, in whichever
// process the change is made.
type Counter int

const (
	// CounterAuth covers sessions (sign-out, shop switch), users, shops,
	// memberships, roles, grants and menus.
	CounterAuth Counter = iota
	// CounterParams covers the system parameters (configs).
	CounterParams
)

// Version reads a change counter (one cheap query).
func Version(ctx context.Context, q Querier, c Counter) (int64, error) {
	col, err := c.column()
	if err != nil {
		return 0, err
	}
	var v int64
	if err := q.QueryRow(ctx, "SELECT "+col+" FROM cache_versions WHERE id = 1").Scan(&v); err != nil {
		return 0, fmt.Errorf("read change counter: %w", err)
	}
	return v, nil
}

func (c Counter) column() (string, error) {
	switch c {
	case CounterAuth:
		return "auth", nil
	case CounterParams:
		return "params", nil
	}
	return "", fmt.Errorf("unknown counter %d", c)
}

// cleanVersion reads a change counter in a PostgreSQL transaction, and
// whether the transaction has written nothing yet (no transaction id
// assigned): then it sees what is committed, whose counter this is.
func cleanVersion(ctx context.Context, q Querier, c Counter) (int64, bool, error) {
	col, err := c.column()
	if err != nil {
		return 0, false, err
	}
	var v int64
	var clean bool
	if err := q.QueryRow(ctx, "SELECT "+col+", txid_current_if_assigned() IS NULL FROM cache_versions WHERE id = 1").Scan(&v, &clean); err != nil {
		return 0, false, fmt.Errorf("read change counter: %w", err)
	}
	return v, clean, nil
}

// memo is a DB's cache of values read from it (see Cached): key → value and
// the counter's value it was read at.
type memo struct {
	mu sync.Mutex
	m  map[memoKey]memoEntry
}

type memoKey struct {
	c   Counter
	key string
}

type memoEntry struct {
	version int64
	value   any
}

// maxMemo bounds the cache (keys are per caller's session, per role set …):
// past it the cache starts empty again.
const maxMemo = 10000

// Cached answers load's value for key, read through q, kept in the DB's
// cache while counter c is unchanged. The counter is read first (one
// query) and a value is kept only when it was read after the counter, by
// a reader that has written nothing: a transaction's own uncommitted
// changes (or values a rollback takes back) are never kept. In a SQLite
// transaction (which holds the only writer, so nothing commits meanwhile)
// a value missing from the cache is read outside it and used when the
// counter there is the transaction's own (the transaction changed nothing
// it covers). Inside a transaction on PostgreSQL the counter moves only at
// COMMIT and so does not show the transaction's own changes: the cache
// serves it only while it has written nothing (a document's transaction
// reads the parameters first), a missing value then read through it (it
// sees what is committed), else load is simply run; a transaction never
// reads on a second connection (its peers, waiting on its locks, may hold
// the whole pool). Within a request (WithVersions) the counters are read
// once, and serve a transaction too while it has written nothing. The
// value is shared: callers must not change it.
func Cached[T any](ctx context.Context, q Querier, c Counter, key string, load func(ctx context.Context, q Querier) (T, error)) (T, error) {
	var zero T
	switch v := q.(type) {
	case *DB:
		_, val, err := memoized(ctx, v, c, key, load)
		return val, err
	case *Tx:
		d := v.db
		if d == nil {
			return load(ctx, q)
		}
		ver, held, err := d.requestVersion(ctx, c, v)
		switch {
		case err != nil:
			return zero, err
		case held: // the request's counters: the transaction has written nothing yet
		case v.engine == Postgres:
			var clean bool
			if ver, clean, err = cleanVersion(ctx, q, c); err != nil {
				return zero, err
			} else if !clean {
				return load(ctx, q)
			}
		default:
			if ver, err = Version(ctx, q, c); err != nil {
				return zero, err
			}
		}
		if val, ok := d.memo.get(c, key, ver); ok {
			return val.(T), nil
		}
		if v.engine == Postgres {
			// The transaction has written nothing and reads what is
			// committed (READ COMMITTED), as a read outside it would: load
			// through it. A second connection could wait for ever on a pool
			// that transactions waiting on this one's locks hold.
			val, err := load(ctx, q)
			if err != nil {
				return zero, err
			}
			d.memo.put(c, key, ver, val)
			return val, nil
		}
		outside, val, err := memoized(ctx, d, c, key, load)
		if err != nil {
			return zero, err
		}
		if outside == ver {
			return val, nil
		}
	}
	return load(ctx, q)
}

// memoized is Cached outside a transaction; it answers the counter's value too.
func memoized[T any](ctx context.Context, d *DB, c Counter, key string, load func(ctx context.Context, q Querier) (T, error)) (int64, T, error) {
	var zero T
	ver, err := d.version(ctx, c)
	if err != nil {
		return 0, zero, err
	}
	if val, ok := d.memo.get(c, key, ver); ok {
		return ver, val.(T), nil
	}
	val, err := load(ctx, d)
	if err != nil {
		return 0, zero, err
	}
	d.memo.put(c, key, ver, val)
	return ver, val, nil
}

func (m *memo) get(c Counter, key string, ver int64) (any, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e, ok := m.m[memoKey{c, key}]
	if !ok || e.version != ver {
		return nil, false
	}
	return e.value, true
}

func (m *memo) put(c Counter, key string, ver int64, val any) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil || len(m.m) >= maxMemo {
		m.m = map[memoKey]memoEntry{}
	}
	m.m[memoKey{c, key}] = memoEntry{version: ver, value: val}
}

// A request's change counters (WithVersions).
type versionsKey struct{}

type versions struct {
	mu   sync.Mutex
	db   *DB
	at   time.Time // vals hold the counters read for db then (zero: none read)
	off  bool      // the request wrote, or it ended
	vals [2]int64  // by Counter

	txs atomic.Int32 // the request's open PostgreSQL transactions (see StrictConnections)
}

// StrictConnections, set by tests, makes a statement that a request sends
// on a second connection of PostgreSQL's pool while it holds a transaction
// panic: with as many such requests as the pool has connections, each
// would wait for ever for one (every statement of a transaction goes
// through its Tx).
var StrictConnections atomic.Bool

// enterTx counts a transaction of ctx's request while it is open.
func enterTx(ctx context.Context) (exit func()) {
	v, _ := ctx.Value(versionsKey{}).(*versions)
	if v == nil {
		return func() {}
	}
	v.txs.Add(1)
	return func() { v.txs.Add(-1) }
}

// secondConnection panics, under StrictConnections, for statement q sent
// outside the transaction ctx's request holds.
func secondConnection(ctx context.Context, q string) {
	if !StrictConnections.Load() {
		return
	}
	if v, _ := ctx.Value(versionsKey{}).(*versions); v != nil && v.txs.Load() > 0 {
		panic(fmt.Sprintf("db: a statement on a second connection while the request holds a transaction: %.120s", q))
	}
}

// versionsHeld is how long a request's counters serve: a request that
// lasts longer (a live stream re-checking its session, an export) reads
// them again, so that a change reaches it within this time.
var versionsHeld = 100 * time.Millisecond

// WithVersions gives a request's context a holder for the change counters:
// Cached reads them once (both in one query) and every later Cached read
// of the request uses the same values (in a transaction, while it has
// written nothing), for at most versionsHeld, until the request writes
// anything through this package (DB.Exec, a statement other than a
// SELECT, a transaction once it has ended) or ends (end, called when the
// request is answered; work going on with its context afterwards reads
// the counters each time again). A change committed by another request
// meanwhile applies from that request's next request on (or after
// versionsHeld), as it would had it come a moment later; the request's
// own changes apply at once.
func WithVersions(ctx context.Context) (_ context.Context, end func()) {
	v := &versions{}
	return context.WithValue(ctx, versionsKey{}, v), v.stop
}

func (v *versions) stop() {
	v.mu.Lock()
	v.off = true
	v.mu.Unlock()
}

// wrote stops ctx's counters from serving (the request is writing).
func wrote(ctx context.Context) {
	if v, ok := ctx.Value(versionsKey{}).(*versions); ok {
		v.stop()
	}
}

// writes reports a statement that may write: all but plain SELECTs.
func writes(q string) bool {
	q = strings.TrimPrefix(strings.TrimPrefix(q, CustomPlan), GenericPlan)
	q = strings.TrimLeft(q, " \t\r\n")
	return len(q) < 6 || !strings.EqualFold(q[:6], "SELECT")
}

// version is counter c for a read outside a transaction: the request's
// (WithVersions) while it holds them, else read.
func (d *DB) version(ctx context.Context, c Counter) (int64, error) {
	ver, held, err := d.requestVersion(ctx, c, nil)
	if err != nil || held {
		return ver, err
	}
	return Version(ctx, d, c)
}

// requestVersion is counter c from ctx's request (WithVersions), read once
// a request, for a read outside a transaction or in tx while tx has
// written nothing; held false when the request has none to give.
func (d *DB) requestVersion(ctx context.Context, c Counter, tx *Tx) (_ int64, held bool, _ error) {
	v, _ := ctx.Value(versionsKey{}).(*versions)
	if v == nil || tx != nil && tx.wrote.Load() {
		return 0, false, nil
	}
	if _, err := c.column(); err != nil {
		return 0, false, err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.off {
		return 0, false, nil
	}
	if v.db == d && time.Since(v.at) < versionsHeld {
		return v.vals[c], true, nil
	}
	if tx != nil {
		// Read them in the transaction (Cached), never on a second
		// connection while it holds one.
		return 0, false, nil
	}
	var auth, params int64
	if err := d.QueryRow(ctx, "SELECT auth, params FROM cache_versions WHERE id = 1").Scan(&auth, &params); err != nil {
		return 0, false, fmt.Errorf("read change counters: %w", err)
	}
	v.db, v.at, v.vals = d, time.Now(), [2]int64{CounterAuth: auth, CounterParams: params}
	return v.vals[c], true, nil
}
