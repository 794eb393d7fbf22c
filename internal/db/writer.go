package db

import (
	"container/list"
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"
	"sync"
)

// writer is the SQLite write side: the one writer connection, held as a
// *sql.Conn for the life of the DB, and the statements prepared on it.
//
// Why not database/sql transactions: a *sql.Tx prepares every statement anew
// (Tx.StmtContext re-prepares statements prepared on a *sql.Conn, and a
// DB-level statement cannot be prepared while the pool's only connection is
// inside a transaction); SQLite spent ~40% of the CPU of a sales document
// parsing SQL. Here InTx runs BEGIN IMMEDIATE / COMMIT / ROLLBACK itself and
// a Tx runs statements prepared once on the connection, cached by SQL text.
type writer struct {
	pool *sql.DB       // the writer pool: one connection
	sem  chan struct{} // held for a whole transaction (or a single Exec)
	conn *sql.Conn     // nil until first use and after a connection was discarded

	// mu guards the statement cache and the open transaction's bookkeeping
	// (a Tx may be used from several goroutines, as a *sql.Tx may).
	mu      sync.Mutex
	cache   map[string]*list.Element // SQL text → *cached in lru
	lru     list.List                // most recently used first
	evicted []*sql.Stmt              // closed when the transaction ends: rows may still read them

	committed func() // called after each committed write (nil: nothing)
}

// maxStmts bounds the statement cache: documents use a few dozen distinct
// statements; IN lists of every length and ad hoc SQL would grow it forever.
const maxStmts = 500

// maxCachedSQL: longer texts (migration scripts) are run once, not cached.
const maxCachedSQL = 8 << 10

type cached struct {
	q  string
	st *sql.Stmt
}

func newWriter(pool *sql.DB) *writer {
	return &writer{pool: pool, sem: make(chan struct{}, 1), cache: map[string]*list.Element{}}
}

// lock takes the writer (waiting in line, FIFO) and makes sure it has a
// connection.
func (w *writer) lock(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	select {
	case w.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	if w.conn == nil {
		c, err := w.pool.Conn(ctx)
		if err != nil {
			<-w.sem
			return err
		}
		w.conn = c
	}
	return nil
}

func (w *writer) unlock() { <-w.sem }

// stmt is the prepared statement for q (nil when q is not worth caching).
func (w *writer) stmt(ctx context.Context, q string) (*sql.Stmt, error) {
	if len(q) > maxCachedSQL {
		return nil, nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if e, ok := w.cache[q]; ok {
		w.lru.MoveToFront(e)
		return e.Value.(*cached).st, nil
	}
	st, err := w.conn.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	w.cache[q] = w.lru.PushFront(&cached{q: q, st: st})
	if w.lru.Len() > maxStmts {
		old := w.lru.Remove(w.lru.Back()).(*cached)
		delete(w.cache, old.q)
		w.evicted = append(w.evicted, old.st)
	}
	return st, nil
}

// exec runs one statement outside a transaction (autocommit).
func (w *writer) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if err := w.lock(ctx); err != nil {
		return nil, err
	}
	defer w.unlock()
	defer w.closeEvicted()
	st, err := w.stmt(ctx, q)
	if err != nil {
		return nil, err
	}
	if w.committed != nil {
		defer w.committed()
	}
	if st == nil {
		return w.conn.ExecContext(ctx, q, args...)
	}
	return st.ExecContext(ctx, args...)
}

func (w *writer) closeEvicted() {
	w.mu.Lock()
	ev := w.evicted
	w.evicted = nil
	w.mu.Unlock()
	for _, st := range ev {
		st.Close()
	}
}

// inTx runs fn between BEGIN IMMEDIATE and COMMIT, rolling back when fn
// fails, panics or exits the goroutine (t.Fatal), or when ctx ends.
func (w *writer) inTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	if err := w.lock(ctx); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer w.unlock()
	if _, err := w.conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		w.rollback() // a cancelled BEGIN may still have begun
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{engine: SQLite, w: w}
	returned := false
	defer func() {
		tx.finish()
		p := recover()
		if p == nil && returned && err == nil {
			// A *sql.Tx whose context ended refuses to commit: so do we.
			if err = ctx.Err(); err == nil {
				if _, cerr := w.conn.ExecContext(context.Background(), "COMMIT"); cerr != nil {
					err = fmt.Errorf("commit: %w", cerr)
				} else {
					w.closeEvicted()
					if w.committed != nil {
						w.committed()
					}
					return
				}
			}
		}
		w.rollback()
		w.closeEvicted()
		if p != nil {
			panic(p)
		}
	}()
	err = fn(tx)
	returned = true
	return err
}

// rollback ends the transaction; the context is a fresh one, since the
// caller's may be what ended it. If the connection cannot be brought out of
// the transaction it is discarded (closing it rolls back).
func (w *writer) rollback() {
	_, err := w.conn.ExecContext(context.Background(), "ROLLBACK")
	if err == nil || strings.Contains(err.Error(), "no transaction is active") {
		return
	}
	w.discard()
}

// discard drops the connection and its statements; the next transaction
// takes a fresh connection from the pool.
func (w *writer) discard() {
	w.mu.Lock()
	w.cache = map[string]*list.Element{}
	w.lru.Init()
	w.evicted = nil
	w.mu.Unlock()
	// driver.ErrBadConn makes database/sql close the connection (which
	// finalizes its statements) instead of putting it back in the pool.
	w.conn.Raw(func(any) error { return driver.ErrBadConn })
	w.conn = nil
}

// close waits for the running transaction; later ones fail to get a
// connection from the closed pool.
func (w *writer) close() error {
	w.sem <- struct{}{}
	defer w.unlock()
	var err error
	if w.conn != nil {
		err = w.conn.Close()
		w.conn = nil
	}
	return errors.Join(err, w.pool.Close())
}

// SQLite side of Tx.

// live fails once the transaction ended: the connection may already run
// another caller's transaction.
func (t *Tx) live() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.done {
		return sql.ErrTxDone
	}
	return nil
}

// busy reports whether rows read earlier from st are still open: the
// statement cannot run again until they are closed (a query run inside the
// loop over its own results), so the caller runs q unprepared.
func (t *Tx) busy(st *sql.Stmt) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	r := t.open[st]
	if r == nil {
		return false
	}
	if _, err := r.Columns(); err != nil { // closed
		delete(t.open, st)
		return false
	}
	return true
}

func (t *Tx) track(st *sql.Stmt, r *sql.Rows) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.rows = append(t.rows, r)
	if st != nil {
		if t.open == nil {
			t.open = map[*sql.Stmt]*sql.Rows{}
		}
		t.open[st] = r
	}
}

// finish closes the rows callers left open (COMMIT and ROLLBACK need the
// statements reset, and the cached statements are used again) and ends the
// Tx. A *sql.Row must be scanned (every caller does): its rows are hidden.
func (t *Tx) finish() {
	t.mu.Lock()
	rows := t.rows
	t.rows, t.open, t.done = nil, nil, true
	t.mu.Unlock()
	for _, r := range rows {
		r.Close()
	}
}

func (t *Tx) liteExec(ctx context.Context, q string, args []any) (sql.Result, error) {
	if err := t.live(); err != nil {
		return nil, err
	}
	st, err := t.w.stmt(ctx, q)
	if err != nil {
		return nil, err
	}
	if st == nil || t.busy(st) {
		return t.w.conn.ExecContext(ctx, q, args...)
	}
	return st.ExecContext(ctx, args...)
}

func (t *Tx) liteQuery(ctx context.Context, q string, args []any) (*sql.Rows, error) {
	if err := t.live(); err != nil {
		return nil, err
	}
	st, err := t.w.stmt(ctx, q)
	if err != nil {
		return nil, err
	}
	var r *sql.Rows
	if st == nil || t.busy(st) {
		st = nil
		r, err = t.w.conn.QueryContext(ctx, q, args...)
	} else {
		r, err = st.QueryContext(ctx, args...)
	}
	if err != nil {
		return nil, err
	}
	t.track(st, r)
	return r, nil
}

func (t *Tx) liteQueryRow(ctx context.Context, q string, args []any) *sql.Row {
	if err := t.live(); err != nil {
		return t.w.doneRow()
	}
	st, err := t.w.stmt(ctx, q)
	if err != nil || st == nil || t.busy(st) {
		// an unprepared run reports the same preparation error through the Row
		return t.w.conn.QueryRowContext(ctx, q, args...)
	}
	return st.QueryRowContext(ctx, args...)
}

// doneRow is a Row whose Scan fails: a *sql.Row cannot be made with an error
// outside database/sql, so it comes from the pool with an ended context.
func (w *writer) doneRow() *sql.Row {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	return w.pool.QueryRowContext(ctx, "SELECT 1")
}
