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
	"sync/atomic"
	"time"
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

	// Group commit (see inTx): callers of inTx waiting for the writer, and
	// the group transaction left open for them (guarded by sem).
	waiting atomic.Int32
	open    *group
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
//
// A group transaction left open by inTx (see there) is committed first:
// lock's callers run outside any transaction.
func (w *writer) lock(ctx context.Context) error {
	if err := w.acquire(ctx); err != nil {
		return err
	}
	if g := w.open; g != nil {
		w.open = nil
		w.commit(g)
		if w.conn == nil { // the commit failed and the connection went
			c, err := w.pool.Conn(ctx)
			if err != nil {
				<-w.sem
				return err
			}
			w.conn = c
		}
	}
	return nil
}

// acquire takes the writer (waiting in line) and makes sure it has a
// connection; a group left open stays open.
func (w *writer) acquire(ctx context.Context) error {
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

// exec runs one statement on its own: a write joins the group commit (see
// inTx) as a transaction of its own and answers once committed; PRAGMA,
// VACUUM, ATTACH and DETACH, which cannot run inside a transaction, run
// alone (autocommit).
func (w *writer) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	// (With nobody waiting it runs alone: one statement is its own
	// transaction.)
	if !outsideTx(q) && w.waiting.Load() > 0 {
		var res sql.Result
		err := w.inTx(ctx, func(tx *Tx) error {
			var err error
			res, err = tx.Exec(ctx, q, args...)
			return err
		})
		return res, err
	}
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

// outsideTx reports a statement SQLite runs only outside a transaction.
func outsideTx(q string) bool {
	q = strings.ToUpper(strings.TrimSpace(q))
	for _, p := range []string{"PRAGMA", "VACUUM", "ATTACH", "DETACH", "BEGIN", "COMMIT", "END", "ROLLBACK", "SAVEPOINT", "RELEASE"} {
		if strings.HasPrefix(q, p) {
			return true
		}
	}
	return false
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

// inTx runs fn in a write transaction, committed when fn returns nil,
// rolled back when fn fails, panics or exits the goroutine (t.Fatal), or
// when ctx ends.
//
// Group commit: each call runs in a SAVEPOINT of a transaction that may
// hold several callers' work. When callers are waiting for the writer as
// one finishes, it leaves the transaction open for the next (up to
// maxGroup) and waits; the last of a group COMMITs for all and wakes them.
// A caller answers only once its work is committed (or with the error that
// kept it from being committed); a failed caller's work is rolled back to
// its savepoint and the others go on. One COMMIT (one sync of the log,
// shared index pages written once) serves several documents when they
// queue for the writer, and nothing changes for a lone caller.
func (w *writer) inTx(ctx context.Context, fn func(tx *Tx) error) (err error) {
	w.waiting.Add(1)
	err = w.acquire(ctx)
	w.waiting.Add(-1)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	g := w.open
	w.open = nil
	// The first caller of a group needs no savepoint: when it fails there
	// is nobody else's work to keep, and ROLLBACK ends the group.
	first := g == nil
	if first {
		if err := w.run(ctx, "BEGIN IMMEDIATE"); err != nil {
			w.rollback() // a cancelled BEGIN may still have begun
			w.unlock()
			return fmt.Errorf("begin: %w", err)
		}
		g = &group{done: make(chan struct{})}
	} else if err := w.run(context.Background(), "SAVEPOINT doc"); err != nil {
		w.fail(g, err)
		w.unlock()
		return fmt.Errorf("begin: %w", err)
	}
	tx := &Tx{engine: SQLite, w: w}
	returned := false
	defer func() {
		tx.finish()
		p := recover()
		// A *sql.Tx whose context ended refuses to commit: so do we.
		if p == nil && returned && err == nil {
			err = ctx.Err()
		}
		bg := context.Background()
		switch {
		case p == nil && returned && err == nil:
			if !first {
				if rerr := w.run(bg, "RELEASE doc"); rerr != nil {
					w.fail(g, rerr)
					w.unlock()
					err = fmt.Errorf("commit: %w", rerr)
					return
				}
			}
			g.ok++
			w.handOff(g)
			// Committed with the group (or not at all, and said so).
			err = w.await(g)
			return
		case first:
			w.rollback()
			w.closeEvicted()
			close(g.done) // nobody else ran in it
			w.unlock()
		default:
			if rerr := w.run(bg, "ROLLBACK TO doc"); rerr != nil {
				w.fail(g, rerr)
				w.unlock()
			} else if rerr := w.run(bg, "RELEASE doc"); rerr != nil {
				w.fail(g, rerr)
				w.unlock()
			} else {
				w.handOff(g)
			}
		}
		if p != nil {
			panic(p)
		}
	}()
	err = fn(tx)
	returned = true
	return err
}

// run executes one of the transaction control statements, prepared once.
func (w *writer) run(ctx context.Context, q string) error {
	st, err := w.stmt(ctx, q)
	if err == nil {
		_, err = st.ExecContext(ctx)
	}
	return err
}

// group is one write transaction shared by the callers of inTx that queued
// for the writer while it ran; done is closed once it ended, err says how.
type group struct {
	done chan struct{}
	err  error
	size int // callers that ran in it
	ok   int // of them, those whose work is to be committed
}

// maxGroup bounds a group: its callers wait for the last one.
const maxGroup = 16

// groupWait is how long a caller whose work waits in an open group lets
// the next caller take it before committing it itself (the next caller may
// have given up waiting for the writer).
const groupWait = 2 * time.Millisecond

// handOff, with the writer held and g's savepoints released or rolled
// back, leaves g open for a waiting caller, or commits it; either way it
// lets the writer go.
func (w *writer) handOff(g *group) {
	g.size++
	if g.ok > 0 && g.size < maxGroup && w.waiting.Load() > 0 {
		w.open = g
		w.unlock()
		return
	}
	w.commit(g)
	w.unlock()
}

// await waits until g ended; a caller whose group was left open commits it
// when nobody took it over.
func (w *writer) await(g *group) error {
	t := time.NewTimer(groupWait)
	defer t.Stop()
	for {
		select {
		case <-g.done:
			return g.err
		case <-t.C:
			// lock commits a group left open (this one, unless
			// another caller took it on meanwhile).
			if err := w.lock(context.Background()); err == nil {
				w.unlock()
			}
			t.Reset(groupWait)
		}
	}
}

// commit ends g with COMMIT (the writer held).
func (w *writer) commit(g *group) {
	if err := w.run(context.Background(), "COMMIT"); err != nil {
		w.fail(g, err)
		return
	}
	w.closeEvicted()
	if w.committed != nil && g.ok > 0 {
		w.committed()
	}
	close(g.done)
}

// fail ends g with ROLLBACK: none of its callers' work is committed.
func (w *writer) fail(g *group, cause error) {
	w.rollback()
	w.closeEvicted()
	g.err = fmt.Errorf("commit: %w", cause)
	close(g.done)
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
	if g := w.open; g != nil {
		w.open = nil
		w.commit(g)
	}
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
