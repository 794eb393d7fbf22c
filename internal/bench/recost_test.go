package bench

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/recost"
)

// recostGoods is how many goods items (one warehouse) share the year's
// movements.
const recostGoods = 1000

// BenchmarkRecostYear: cost recalculation (重算成本) of a year
// with CANGSHU_BENCH_MOVES stock movements (default 1,000,000) over 1,000
// goods items in one warehouse (1,000 movements each), no period closed:
// POST /api/recost/start, timed until the job is done (the endpoint's
// own job: every balance replayed in its own transaction, then the changes
// recorded). Each goods item, by turns, receives 30 (at 60.00 and 90.00
// alternately) and sells 15 twice, dated through 2025; the sales are
// seeded at a cost of 0, so the first run rewrites every sale's cost (two
// thirds of the movements) and lists every balance as changed
// ("s-first-run"); the runs timed by the benchmark then find nothing to
// change (s/op: a replay of the whole year).
func BenchmarkRecostYear(b *testing.B) {
	ctx := context.Background()
	moves := 1_000_000
	if s := os.Getenv("CANGSHU_BENCH_MOVES"); s != "" {
		moves, _ = strconv.Atoi(s)
	}
	e := apptest.New(b)
	e.App.Recost.Done = make(chan int64, 1)
	admin := e.Admin()
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return e.Insert(q+" RETURNING id", args...) }
	unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
	loc := ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK001', '总仓', ?, ?)", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), loc)
	goods := make([]int64, recostGoods)
	for i := range goods {
		goods[i] = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
			fmt.Sprintf("SP%05d", i), fmt.Sprintf("商品%d", i), unit, now, now)
	}

	t0 := time.Now()
	qty := make([]int64, len(goods)) // each balance's quantity at the end
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		rows := make([][6]any, 0, 100_000)
		start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
		for i := range moves {
			g, n := i%len(goods), i/len(goods) // the n-th movement of goods g
			date := start.AddDate(0, 0, int(int64(i)*365/int64(moves))).Format(time.DateOnly)
			row := [6]any{goods[g], loc, date, int64(-15_000_000), int64(0), 0} // a sale, its cost to compute
			if n%3 == 0 {
				row[3], row[4], row[5] = int64(30_000_000), int64(60_000_000+n/3%2*30_000_000), 1 // a receipt at a given cost
			}
			qty[g] += row[3].(int64)
			rows = append(rows, row)
			if len(rows) == cap(rows) {
				if err := insertMoves(ctx, tx, rows); err != nil {
					return err
				}
				rows = rows[:0]
			}
		}
		if err := insertMoves(ctx, tx, rows); err != nil {
			return err
		}
		for i, g := range goods {
			if _, err := tx.Exec(ctx, "INSERT INTO stock_balances (goods_id, location_id, qty, amount) VALUES (?, ?, ?, 0)", g, loc, qty[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("%d movements of %d goods items seeded in %v", moves, len(goods), time.Since(t0))
	time.Sleep(time.Second) // SQLite: the checkpointer copies the seed's log first

	run := func() recost.Job {
		var job recost.Job
		admin.Do("POST", "/api/recost/start", nil).Want(200).Decode(&job)
		<-e.App.Recost.Done
		admin.Do("GET", fmt.Sprintf("/api/recost/status?id=%d", job.ID), nil).Want(200).Decode(&job)
		if job.Status != recost.StatusDone || job.Total != len(goods) {
			b.Fatalf("recalculation: %+v", job)
		}
		return job
	}
	t0 = time.Now()
	first := run()
	firstRun := time.Since(t0)
	if first.Changed != len(goods) {
		b.Fatalf("the first run changed %d balances, want %d", first.Changed, len(goods))
	}
	wrong := e.Count("SELECT COUNT(*) FROM stock_moves WHERE qty < 0 AND amount = 0")
	b.ResetTimer()
	for b.Loop() {
		if job := run(); job.Changed != 0 {
			b.Fatalf("a replay changed %d balances", job.Changed)
		}
	}
	b.StopTimer()
	b.ReportMetric(firstRun.Seconds(), "s-first-run")
	b.ReportMetric(b.Elapsed().Seconds()/float64(b.N), "s/replay")
	b.ReportMetric(float64(moves)/(b.Elapsed().Seconds()/float64(b.N)), "moves/s")
	b.Logf("first run: %v, %d balances changed, %d sales left at cost 0", firstRun, first.Changed, wrong)
}
