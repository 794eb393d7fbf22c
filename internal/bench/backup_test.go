package bench

import (
	"context"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"

	"cangshu/internal/db"
)

// BenchmarkBackupWhilePosting: the sales world plus a ledger of
// CANGSHU_BENCH_MOVES stock movements (default 1,000,000), backed up (the
// zip of the backup screen: SQLite VACUUM INTO, PostgreSQL Cangshu's
// archive) while one client posts sales deliveries (saved and audited)
// without pause. Reports the backup's time and size, the posts made during
// the backups and the longest a post took meanwhile (and, as the baseline,
// the longest in 3 s of posting with no backup).
func BenchmarkBackupWhilePosting(b *testing.B) {
	ctx := context.Background()
	moves := 1_000_000
	if s := os.Getenv("CANGSHU_BENCH_MOVES"); s != "" {
		moves, _ = strconv.Atoi(s)
	}
	w := newSalesWorld(b)
	t0 := time.Now()
	err := w.e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		rows := make([][6]any, 0, 100_000)
		for i := range moves {
			g := w.goods[i%len(w.goods)]
			date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/3000).Format("2006-01-02")
			rows = append(rows, [6]any{g, w.loc, date, int64(1_000_000), int64(2_500_000), 1})
			if len(rows) == cap(rows) {
				if err := insertMoves(ctx, tx, rows); err != nil {
					return err
				}
				rows = rows[:0]
			}
		}
		return insertMoves(ctx, tx, rows)
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d movements seeded in %v", moves, time.Since(t0))

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var longest time.Duration
	posts := 0
	var postErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			t := time.Now()
			err := w.sale()
			d := time.Since(t)
			mu.Lock()
			posts++
			if d > longest {
				longest = d
			}
			if err != nil && postErr == nil {
				postErr = err
			}
			mu.Unlock()
		}
	}()
	// The same poster with no backup running, as the baseline.
	time.Sleep(3 * time.Second)
	mu.Lock()
	baseLongest, basePosts := longest, posts
	posts, longest = 0, 0
	mu.Unlock()
	var size int64
	b.ResetTimer()
	for b.Loop() {
		f, err := w.e.App.Backups.Make(ctx, "bench-")
		if err != nil {
			b.Fatal(err)
		}
		size = f.Size
	}
	b.StopTimer()
	close(stop)
	wg.Wait()
	if postErr != nil {
		b.Fatal(postErr)
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/backup")
	b.ReportMetric(float64(size)/(1<<20), "MB/backup")
	b.ReportMetric(float64(longest.Microseconds())/1000, "ms-longest-post")
	b.ReportMetric(float64(posts)/float64(b.N), "posts/backup")
	b.ReportMetric(float64(baseLongest.Microseconds())/1000, "ms-longest-post-no-backup")
	b.Logf("without a backup: %d posts in 3s, the longest %v", basePosts, baseLongest)
}
