package bench

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"cangshu/internal/backup"
	"cangshu/internal/bill"
	"cangshu/internal/db"
	"cangshu/internal/stock"
)

// BenchmarkBackupWhilePosting: the sales world plus a ledger of
// CANGSHU_BENCH_MOVES stock movements (default 1,000,000), backed up (the
// zip of the backup screen: SQLite VACUUM INTO, PostgreSQL Cangshu's
// archive) while one client posts sales deliveries (saved and audited)
// without pause. Reports the backup's time and size, the posts made during
// the backups, the longest a post took meanwhile and the 99th percentile
// (and, as the baseline, the same over 3 s of posting with no backup).
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
	// The seed is one transaction of a few hundred MB of log: the
	// checkpointer copies it before anything is measured.
	time.Sleep(time.Second)

	stop := make(chan struct{})
	var wg sync.WaitGroup
	var mu sync.Mutex
	var lat []time.Duration // every post's time, since the last reset
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
			lat = append(lat, d)
			if err != nil && postErr == nil {
				postErr = err
			}
			mu.Unlock()
		}
	}()
	// The same poster with no backup running, as the baseline.
	time.Sleep(3 * time.Second)
	mu.Lock()
	base := lat
	lat = nil
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
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	// The longest post, the 99th percentile and how many took over 100 ms.
	figures := func(l []time.Duration) (longest, p99 time.Duration, over int) {
		slices.Sort(l)
		for _, d := range l {
			if d > 100*time.Millisecond {
				over++
			}
		}
		return l[len(l)-1], l[len(l)*99/100], over
	}
	longest, p99, over := figures(lat)
	baseLongest, baseP99, baseOver := figures(base)
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/backup")
	b.ReportMetric(float64(size)/(1<<20), "MB/backup")
	b.ReportMetric(ms(longest), "ms-longest-post")
	b.ReportMetric(ms(p99), "ms-p99-post")
	b.ReportMetric(float64(len(lat))/float64(b.N), "posts/backup")
	b.ReportMetric(ms(baseLongest), "ms-longest-post-no-backup")
	b.Logf("during %d backups: %d posts, the longest %v, p99 %v, %d over 100 ms", b.N, len(lat), longest, p99, over)
	b.Logf("without a backup: %d posts in 3s, the longest %v, p99 %v, %d over 100 ms", len(base), baseLongest, baseP99, baseOver)
}

// BenchmarkRestoreCheck: the sales world plus a ledger of
// CANGSHU_BENCH_MOVES stock movements (default 1,000,000) with their
// balances, backed up, then restored. Reports the database's size, the
// ledger checks alone (stock and money: what a restore runs on the restored
// data) and the whole restore (SQLite: the copy, its row counts, the checks,
// the copy into the live database; PostgreSQL: the one transaction, checks
// included), with the backup made first for the state before.
func BenchmarkRestoreCheck(b *testing.B) {
	ctx := context.Background()
	moves := 1_000_000
	if s := os.Getenv("CANGSHU_BENCH_MOVES"); s != "" {
		moves, _ = strconv.Atoi(s)
	}
	w := newSalesWorld(b)
	t0 := time.Now()
	for done := 0; done < moves; {
		n := min(200_000, moves-done)
		err := w.e.App.DB.InTx(ctx, func(tx *db.Tx) error {
			rows := make([][6]any, 0, n)
			for i := done; i < done+n; i++ {
				g := w.goods[i%len(w.goods)]
				date := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, i/3000).Format("2006-01-02")
				rows = append(rows, [6]any{g, w.loc, date, int64(1_000_000), int64(2_500_000), 1})
			}
			return insertMoves(ctx, tx, rows)
		})
		if err != nil {
			b.Fatal(err)
		}
		done += n
	}
	err := w.e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM stock_balances"); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `INSERT INTO stock_balances (goods_id, sku_id, location_id, batch, qty, amount)
			SELECT goods_id, sku_id, location_id, batch, SUM(qty), SUM(amount) FROM stock_moves GROUP BY goods_id, sku_id, location_id, batch`)
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d movements seeded in %v", moves, time.Since(t0))
	time.Sleep(time.Second)
	var size int64
	if w.e.App.DB.Engine() == db.Postgres {
		w.e.App.DB.QueryRow(ctx, "SELECT SUM(pg_total_relation_size(quote_ident(table_name)::regclass)) FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'").Scan(&size)
	} else {
		w.e.App.DB.Exec(ctx, "PRAGMA wal_checkpoint(TRUNCATE)")
		info, err := os.Stat(filepath.Join(w.e.App.Config.DataDir, "cangshu.db"))
		if err == nil {
			size = info.Size()
		}
		if size == 0 { // the test database may live elsewhere
			w.e.App.DB.QueryRow(ctx, "SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()").Scan(&size)
		}
	}
	t1 := time.Now()
	n, err := stock.LedgerMismatches(ctx, w.e.App.DB)
	if err != nil || n != 0 {
		b.Fatalf("stock ledger: %d %v", n, err)
	}
	if c, a, err := bill.MoneyLedgerMismatches(ctx, w.e.App.DB); err != nil || c+a != 0 {
		b.Fatalf("money ledger: %d %d %v", c, a, err)
	}
	checks := time.Since(t1)
	admin := w.e.Admin()
	var f backup.File
	t2 := time.Now()
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	made := time.Since(t2)
	b.ResetTimer()
	for b.Loop() {
		admin.Do("POST", "/api/backup/restore?name="+f.Name, nil).Want(200)
		admin = w.e.Admin() // the restore ended the session
	}
	b.StopTimer()
	b.ReportMetric(float64(size)/(1<<20), "MB-database")
	b.ReportMetric(float64(checks.Milliseconds()), "ms-ledger-checks")
	b.ReportMetric(float64(made.Milliseconds()), "ms-backup")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/restore")
	b.Logf("%d moves, database %d MB, backup %d MB made in %v; ledger checks %v; restore %v", moves, size>>20, f.Size>>20, made, checks, b.Elapsed()/time.Duration(b.N))
}
