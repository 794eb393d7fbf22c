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
// the log then restarts from its beginning at the next write that finds
// it all copied. Under writes that never pause no write finds that, and
// the log grows: past walBound frames, once the PASSIVE checkpoint has
// copied every frame, a RESTART one makes the next write start it again.
// Once writes pause (quietTicks), a log left long is emptied (TRUNCATE: its
// file keeps the size it grew to otherwise).
//
// RESTART and TRUNCATE hold the writer while they copy the last frames and
// wait for the readers still in the log. Their connection's busy timeout
// is truncateWait, so that a long reader (a backup's VACUUM INTO, a big
// report) makes them give up and try again later rather than hold every
// post for as long as the reader reads; and neither runs while a reader
// keeps frames the PASSIVE checkpoint could not copy. (Measured: a
// TRUNCATE waiting for a backup held posts for up to 0.7 s, and truncating
// a long log's file under writes took up to 0.14 s.)
type checkpointer struct {
	db     *sql.DB // one connection, not query_only
	bound  int64   // walBound (tests lower it)
	long   bool    // the log's file grew past bound and is not emptied yet
	writes atomic.Int64
	stop   chan struct{}
	once   sync.Once
	done   sync.WaitGroup
}

const (
	checkpointEvery = 100 * time.Millisecond
	walBound        = 16384 // frames: 64 MiB with 4 KiB pages
	truncateWait    = 20    // ms: the checkpointer connection's busy timeout
	// quietTicks: writes have paused after this many checkpointEvery
	// without one (5 s). Truncating a long log's file holds the writer for
	// up to 0.2 s: not after a mere slow moment between two posts.
	quietTicks = 50
)

func newCheckpointer(db *sql.DB) *checkpointer {
	db.SetMaxOpenConns(1)
	db.SetMaxIdleConns(1)
	c := &checkpointer{db: db, bound: walBound, stop: make(chan struct{})}
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
	quiet := 0 // ticks since the last write
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
		}
		if n := c.writes.Load(); n != seen {
			seen, quiet = n, 0
			c.checkpoint(context.Background())
		} else if quiet++; quiet >= quietTicks {
			c.idle(context.Background())
		}
	}
}

// checkpoint runs one PASSIVE checkpoint, and a RESTART one when the log
// is past its bound and every frame is copied (by a second PASSIVE one
// first: see below). Errors are left for the
// next round (a checkpoint is only housekeeping: the log is the database's
// truth until then).
func (c *checkpointer) checkpoint(ctx context.Context) {
	busy, frames, copied, err := c.step(ctx, "PASSIVE")
	if err != nil || frames <= c.bound {
		return
	}
	c.long = true
	if busy != 0 || copied != frames {
		return // a reader still needs what is left
	}
	// What was written while that copied is copied again without
	// blocking anyone, so that the RESTART (holding the writer) has little
	// left to copy.
	if busy, frames, copied, err = c.step(ctx, "PASSIVE"); err == nil && busy == 0 && copied == frames {
		c.step(ctx, "RESTART")
	}
}

// idle empties a log left long, once writes have paused.
func (c *checkpointer) idle(ctx context.Context) {
	if !c.long {
		return
	}
	if busy, _, _, err := c.step(ctx, "TRUNCATE"); err == nil && busy == 0 {
		c.long = false
	}
}

func (c *checkpointer) step(ctx context.Context, mode string) (busy, frames, copied int64, err error) {
	err = c.db.QueryRowContext(ctx, "PRAGMA wal_checkpoint("+mode+")").Scan(&busy, &frames, &copied)
	return
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
