package stock_test

import (
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/stock"
)

// TestSnapshotsBesideWriters: the snapshot builder runs again and again
// while documents dated at random over four months are posted beside it
// (PostgreSQL: truly concurrently; SQLite: interleaved at its write lock).
// Every snapshot left valid holds exactly the stock the moves give at its
// date (whether one was finished while the writers ran depends on the
// timing; the property test covers snapshots made between writes).
func TestSnapshotsBesideWriters(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cfg := cfgOf(stock.MovingAverage)
	keys := []stock.Key{{GoodsID: w.goods[0], LocationID: w.shop3}, {GoodsID: w.goods[1], LocationID: w.shop3}, {GoodsID: w.goods[2], LocationID: w.shop3}}
	var wg sync.WaitGroup
	done := make(chan struct{})
	errs := make(chan error, 8)
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewSource(int64(g)))
			for range 80 {
				date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rnd.Intn(120)).Format(time.DateOnly)
				k := keys[rnd.Intn(len(keys))]
				m := in(k, date, fmt.Sprint(1+rnd.Intn(9)), fmt.Sprintf("%d.%02d", 1+rnd.Intn(90), rnd.Intn(100)))
				if rnd.Intn(3) == 0 {
					m = out(k, date, fmt.Sprint(1+rnd.Intn(5))) // 门店 allows negative stock
				}
				if _, _, err := w.post(cfg, "x", m); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	// two builders, as two app instances run them
	var built atomic.Int64
	var bwg sync.WaitGroup
	for range 2 {
		bwg.Add(1)
		go func() {
			defer bwg.Done()
			for {
				n, err := stock.BuildSnapshots(ctx, w.d, "2024-06-01")
				if err != nil {
					errs <- err
					return
				}
				built.Add(int64(n))
				select {
				case <-done:
					return
				default:
				}
			}
		}()
	}
	wg.Wait()
	close(done)
	bwg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	checkSnapshots(t, w, -1)
	// and once the writers have stopped, every month end has one again
	// (and only one: a second run drops the duplicates two builders made)
	for range 2 {
		if _, err := stock.BuildSnapshots(ctx, w.d, "2024-06-01"); err != nil {
			t.Fatal(err)
		}
	}
	checkSnapshots(t, w, -1)
	var valid int
	w.d.QueryRow(ctx, "SELECT COUNT(*) FROM stock_snapshots WHERE state = 'valid'").Scan(&valid)
	if valid != 5 {
		t.Fatalf("%d valid snapshots after a quiet run, want 5 (January to May)", valid)
	}
	t.Logf("%d snapshots made while writing", built.Load())
}

// TestSnapshotWaitsForWriterInFlight: a document dated in January is being
// posted (its moves written, its transaction not yet committed) when the
// builder starts on January's month end: the builder's snapshot must hold
// that document's moves or not be valid — never valid without them.
func TestSnapshotWaitsForWriterInFlight(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cfg := cfgOf(stock.MovingAverage)
	k := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
	if _, _, err := w.post(cfg, "x", in(k, "2024-01-05", "10", "30")); err != nil {
		t.Fatal(err)
	}
	id := w.bill("x", "2024-01-10")
	built := make(chan error, 1)
	err := w.d.InTx(ctx, func(tx *db.Tx) error {
		m := in(k, "2024-01-10", "4", "20")
		m.BillID, m.Kind = id, "x"
		if _, err := stock.Post(ctx, tx, cfg, []stock.Move{m}); err != nil {
			return err
		}
		go func() {
			_, err := stock.BuildSnapshots(ctx, w.d, "2024-03-01")
			built <- err
		}()
		time.Sleep(300 * time.Millisecond) // the builder is on its way
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-built; err != nil {
		t.Fatal(err)
	}
	checkSnapshots(t, w, -1)
}

// TestSnapshotsThinOut: month ends older than two years keep only their
// year end; the rest stay exact, and a later run drops month ends that
// have since grown old.
func TestSnapshotsThinOut(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	cfg := cfgOf(stock.MovingAverage)
	k := stock.Key{GoodsID: w.goods[0], LocationID: w.main}
	for _, date := range []string{"2023-03-10", "2023-11-20", "2024-06-05", "2025-02-14"} {
		if _, _, err := w.post(cfg, "x", in(k, date, "2", "7")); err != nil {
			t.Fatal(err)
		}
	}
	ends := func() []string {
		out, err := db.Values[string](ctx, w.d, "SELECT as_of FROM stock_snapshots WHERE state = 'valid' ORDER BY as_of")
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	if _, err := stock.BuildSnapshots(ctx, w.d, "2025-04-15"); err != nil {
		t.Fatal(err)
	}
	// from 2023-04-01 on every month end; before it, none is a year end
	got := ends()
	if len(got) != 24 || got[0] != "2023-04-30" || got[23] != "2025-03-31" {
		t.Fatalf("month ends %v", got)
	}
	checkSnapshots(t, w, -1)
	if _, err := stock.BuildSnapshots(ctx, w.d, "2026-02-01"); err != nil {
		t.Fatal(err)
	}
	got = ends()
	// 2023-12-31 stays (a year end), 2024-02-29 … 2026-01-31 every month
	if len(got) != 25 || got[0] != "2023-12-31" || got[1] != "2024-02-29" || got[24] != "2026-01-31" {
		t.Fatalf("month ends after a year %v", got)
	}
	checkSnapshots(t, w, -1)
}
