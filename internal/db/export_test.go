package db

import (
	"context"
	"time"
)

// MigrationLock is the statement Migrate takes its PostgreSQL lock with.
const MigrationLock = migrationLock

// Checkpoint runs the background checkpointer's step now (tests only).
func (d *DB) Checkpoint(ctx context.Context) { d.ckpt.checkpoint(ctx) }

// IdleCheckpoint runs the checkpointer's step after writes paused (tests only).
func (d *DB) IdleCheckpoint(ctx context.Context) { d.ckpt.idle(ctx) }

// Path is the SQLite file (tests only).
func (d *DB) Path() string { return d.path }

// StopCheckpoints ends the background checkpoints (tests that step them).
func (d *DB) StopCheckpoints() { d.ckpt.halt() }

// SetWALBound lowers the log size past which the checkpointer truncates
// the log (tests; before any checkpoint runs).
func (d *DB) SetWALBound(frames int64) { d.ckpt.bound = frames }

// HoldVersions sets how long a request's change counters serve (tests
// only; the returned function restores it).
func HoldVersions(d time.Duration) func() {
	old := versionsHeld
	versionsHeld = d
	return func() { versionsHeld = old }
}

// LimitConnections bounds the connection pools to n each (tests only).
func (d *DB) LimitConnections(n int) {
	d.w.SetMaxOpenConns(n)
	d.r.SetMaxOpenConns(n)
}
