package db_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

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
