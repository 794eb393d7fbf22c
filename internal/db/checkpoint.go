package db

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"
)

// checkpointer copies the SQLite write-ahead log back into the database
// file on its own connection and goroutine, so that no document waits for
// it: the writer runs with wal_autocheckpoint=0 (by default SQLite's
// committing connection checkpoints inline every 1,000 frames, holding the
// writer meanwhile). Every checkpointEvery, after writes, a PASSIVE
// checkpoint copies what no reader still needs, without blocking anyone;
// the log then restarts from its beginning at the next write. When the log
// has nonetheless grown past walBound frames (readers kept old snapshots
// open), a TRUNCATE checkpoint waits for them (busy timeout) and empties it.
type checkpointer struct {
	db     *sql.DB // one connection, not query_only
	writes atomic.Int64
	stop   chan struct{}
	once   sync.Once
	done   sync.WaitGroup
}

const (
	checkpointEvery = 100 * time.Millisecond
	walBound        = 16384 // frames: 64 MiB with 4 KiB pages
)

func newCheckpointer(db *sql.DB) *checkpointer {
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	c := &checkpointer{db: db, stop: make(chan struct{})}
	c.done.Add(1)
	go c.run()
	return c
}

// wrote notes a committed write.
func (c *checkpointer) wrote() { c.writes.Add(1) }

func (c *checkpointer) run() {
	defer c.done.Done()
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	var seen int64
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		if n := c.writes.Load(); n != seen {
			seen = n
			c.checkpoint(context.Background())
		}
	}
}

// checkpoint runs one PASSIVE checkpoint, and a TRUNCATE one when the log
// is past its bound. Errors are left for the next round (a checkpoint is
// only housekeeping: the log is the database's truth until then).
func (c *checkpointer) checkpoint(ctx context.Context) {
	var busy, frames, copied int64
	if err := c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &frames, &copied); err != nil {
		return
	}
	if frames > walBound {
		c.db.ExecContext(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
	}
}

// halt ends the goroutine (once).
func (c *checkpointer) halt() {
	c.once.Do(func() { close(c.stop) })
	c.done.Wait()
}

func (c *checkpointer) close() error {
	c.halt()
	return c.db.Close()
}
