package db

import (
	"context"
	"fmt"
	"sync"
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
	var v int64
	var err error
	switch c {
	case CounterAuth:
		err = q.QueryRow(ctx, "SELECT auth FROM cache_versions WHERE id = 1").Scan(&v)
	case CounterParams:
		err = q.QueryRow(ctx, "SELECT params FROM cache_versions WHERE id = 1").Scan(&v)
	default:
		err = fmt.Errorf("unknown counter %d", c)
	}
	if err != nil {
		return 0, fmt.Errorf("read change counter: %w", err)
	}
	return v, nil
}

// memo is a DB's cache of values read from it (see Cached): key → value and
// the counter's value it was read at.
type memo struct {
	mu sync.Mutex
	m  map[string]memoEntry
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
// query) and a value is kept only when it was read after the counter,
// outside any transaction: a transaction's own uncommitted changes (or
// values a rollback takes back) are never kept. Inside a transaction on
// PostgreSQL, where the counter moves only at COMMIT and so does not show
// the transaction's own changes, load is simply run. The value is shared:
// callers must not change it.
func Cached[T any](ctx context.Context, q Querier, c Counter, key string, load func(ctx context.Context, q Querier) (T, error)) (T, error) {
	var d *DB
	switch v := q.(type) {
	case *DB:
		d = v
	case *Tx:
		d = v.db
		if d == nil || v.engine == Postgres {
			return load(ctx, q)
		}
	}
	if d == nil {
		return load(ctx, q)
	}
	ver, err := Version(ctx, q, c)
	if err != nil {
		var zero T
		return zero, err
	}
	k := fmt.Sprintf("%d:%s", c, key)
	d.memo.mu.Lock()
	e, ok := d.memo.m[k]
	d.memo.mu.Unlock()
	if ok && e.version == ver {
		return e.value.(T), nil
	}
	v, err := load(ctx, q)
	if err != nil {
		return v, err
	}
	if q == Querier(d) {
		d.memo.mu.Lock()
		if d.memo.m == nil || len(d.memo.m) >= maxMemo {
			d.memo.m = map[string]memoEntry{}
		}
		d.memo.m[k] = memoEntry{version: ver, value: v}
		d.memo.mu.Unlock()
	}
	return v, nil
}
