package db

import (
	"container/list"
	"context"
	"database/sql"
	"sync"
)

// readStmts caches the SQLite readers' prepared statements by SQL text, as
// DB-level statements: database/sql prepares each on a reader connection the
// first time it runs there and keeps it. Rows read from a statement keep it
// alive after it is closed (evicted); refs covers the moment between taking a
// statement from the cache and running it.
type readStmts struct {
	db  *sql.DB
	mu  sync.Mutex
	m   map[string]*list.Element // SQL text → *readStmt in lru
	lru list.List                // most recently used first
}

type readStmt struct {
	q    string
	st   *sql.Stmt
	refs int
	gone bool // evicted: closed when refs drops to 0
}

func newReadStmts(db *sql.DB) *readStmts {
	return &readStmts{db: db, m: map[string]*list.Element{}}
}

// get is the statement for q, to be handed back with put; nil when q is not
// worth caching.
func (c *readStmts) get(ctx context.Context, q string) (*readStmt, error) {
	if len(q) > maxCachedSQL {
		return nil, nil
	}
	c.mu.Lock()
	if e, ok := c.m[q]; ok {
		c.lru.MoveToFront(e)
		s := e.Value.(*readStmt)
		s.refs++
		c.mu.Unlock()
		return s, nil
	}
	c.mu.Unlock()
	st, err := c.db.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[q]; ok { // prepared meanwhile by another reader
		st.Close()
		s := e.Value.(*readStmt)
		s.refs++
		return s, nil
	}
	s := &readStmt{q: q, st: st, refs: 1}
	c.m[q] = c.lru.PushFront(s)
	if c.lru.Len() > maxStmts {
		old := c.lru.Remove(c.lru.Back()).(*readStmt)
		delete(c.m, old.q)
		old.gone = true
		if old.refs == 0 {
			old.st.Close()
		}
	}
	return s, nil
}

func (c *readStmts) put(s *readStmt) {
	c.mu.Lock()
	s.refs--
	closeIt := s.gone && s.refs == 0
	c.mu.Unlock()
	if closeIt {
		s.st.Close()
	}
}

func (c *readStmts) query(ctx context.Context, q string, args []any) (*sql.Rows, error) {
	s, err := c.get(ctx, q)
	if err != nil {
		return nil, err
	}
	if s == nil {
		return c.db.QueryContext(ctx, q, args...)
	}
	defer c.put(s)
	return s.st.QueryContext(ctx, args...)
}

func (c *readStmts) queryRow(ctx context.Context, q string, args []any) *sql.Row {
	s, err := c.get(ctx, q)
	if err != nil || s == nil {
		// unprepared: a preparation error reaches the caller through the Row
		return c.db.QueryRowContext(ctx, q, args...)
	}
	defer c.put(s)
	return s.st.QueryRowContext(ctx, args...)
}
