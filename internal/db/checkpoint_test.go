package db_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"cangshu/internal/db"
)

// The writer never checkpoints by itself (its write-ahead log would grow
// forever); the checkpointer's step copies the log into the database, after
// which the log starts again from its beginning: writing the same amount
// again leaves it no longer. Nothing committed is lost on the way.
func TestCheckpointKeepsTheLogShort(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	d, err := db.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	write := func(from, n int) {
		for i := from; i < from+n; i++ {
			if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(ctx, tx, fmt.Sprintf("S%05d", i)) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	walSize := func() int64 {
		st, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	d.StopCheckpoints()
	d.Checkpoint(ctx)
	write(0, 300)
	grown := walSize()
	write(300, 300)
	if walSize() <= grown {
		t.Fatalf("without a checkpoint the log should grow: %d then %d bytes", grown, walSize())
	}
	grown = walSize()
	d.Checkpoint(ctx)
	write(600, 300)
	if walSize() > grown {
		t.Fatalf("after a checkpoint the log grew on: %d then %d bytes", grown, walSize())
	}
	want := shops(t, d)
	d.Close()
	d, err = db.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if got := shops(t, d); got != want || got < 900 {
		t.Fatalf("%d shops after reopening, want %d", got, want)
	}
}

// A reader that keeps an old snapshot open (a backup's VACUUM INTO, a long
// report) while the log is past its bound does not make the checkpointer
// hold the writer until it ends: the checkpoint and a write meanwhile take
// no time to speak of. Once the reader is gone the log restarts, and is
// emptied once writes pause.
func TestCheckpointNeverWaitsForAReader(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "c.db")
	d, err := db.OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	d.StopCheckpoints()
	d.SetWALBound(10)
	walSize := func() int64 {
		t.Helper()
		st, err := os.Stat(path + "-wal")
		if err != nil {
			t.Fatal(err)
		}
		return st.Size()
	}
	write := func(from, n int) {
		t.Helper()
		for i := from; i < from+n; i++ {
			if err := d.InTx(ctx, func(tx *db.Tx) error { return addShop(ctx, tx, fmt.Sprintf("S%05d", i)) }); err != nil {
				t.Fatal(err)
			}
		}
	}
	write(0, 100)
	rows, err := d.Query(ctx, "SELECT code FROM shops")
	if err != nil {
		t.Fatal(err)
	}
	if !rows.Next() { // the reader's snapshot is open from here
		t.Fatal("no shop")
	}
	write(100, 100)
	// The checkpoint starts; a write follows while it would be waiting.
	done := make(chan time.Duration)
	go func() {
		t0 := time.Now()
		d.Checkpoint(ctx)
		done <- time.Since(t0)
	}()
	time.Sleep(50 * time.Millisecond)
	t0 := time.Now()
	write(200, 1)
	wrote, ckpt := time.Since(t0), <-done
	if ckpt > time.Second || wrote > 100*time.Millisecond {
		t.Fatalf("with a reader in the log: the checkpoint took %v, a write meanwhile %v", ckpt, wrote)
	}
	// The reader gone, the log restarts, and is emptied once writes pause.
	rows.Close()
	write(201, 1)
	d.Checkpoint(ctx)
	long := walSize()
	write(202, 100)
	if walSize() > long {
		t.Fatalf("the log did not restart: %d then %d bytes", long, walSize())
	}
	d.Checkpoint(ctx)
	d.IdleCheckpoint(ctx)
	if walSize() != 0 {
		t.Fatalf("the log was not emptied once writes paused: %d bytes", walSize())
	}
	if got := shops(t, d); got < 302 {
		t.Fatalf("%d shops", got)
	}
}
