package bench

import (
	"bytes"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/sheet/sheettest"
)

// memory measures the process while f runs: the peak of the Go heap's live
// objects (sampled every millisecond) and of the resident set (VmHWM, reset
// before through /proc/self/clear_refs), both as growth over what they were
// before, in MB. The server runs in this process, so the figures are the
// server's (plus the clients' request bodies, a few MB).
func memory(f func()) (heapMB, rssMB float64) {
	runtime.GC()
	debug.FreeOSMemory()
	os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) // resets VmHWM to VmRSS
	rss0 := procStatus("VmRSS")
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	heap0 := sample[0].Value.Uint64()
	var peak atomic.Uint64
	peak.Store(heap0)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	wg.Wait()
	hwm := procStatus("VmHWM")
	return float64(peak.Load()-heap0) / (1 << 20), float64(hwm-rss0) / 1024
}

// procStatus is a field of /proc/self/status in KB (0 when unknown).
func procStatus(field string) int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, field+":"); ok {
			n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			return n
		}
	}
	return 0
}

// BenchmarkHostileUploads: CANGSHU_BENCH_UPLOADS (default 4) clerks holding
// only the stocktake right send, at once, over HTTP, the same hostile
// Excel file to /api/stocktake/import: the report's 400 KB file holding one
// 400 MB cell (inline and as a shared string), a million empty rows, a
// 1 GB part. Reports the growth of the heap's and the resident set's peaks
// over the server's before (the report: 56 MB → 2.28 GB for one such file,
// 7.8 GB for four), and the slowest refusal.
func BenchmarkHostileUploads(b *testing.B) {
	n := 4
	if s := os.Getenv("CANGSHU_BENCH_UPLOADS"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	e := apptest.New(b)
	clerk := e.UserWith("warehouse:stocktake:add")
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
	for _, c := range []struct {
		name string
		file func() []byte
		says string
	}{
		{"cell-400MB", sheettest.BigCell, "32767"},
		{"shared-cell-400MB", func() []byte { return sheettest.SharedCell(400 << 20) }, "32767"},
		{"empty-rows-1M", func() []byte { return sheettest.EmptyRows(1_000_000) }, "21000"},
		{"part-1GB", func() []byte { return sheettest.Bomb(1 << 30) }, "8 MB"},
	} {
		var body bytes.Buffer
		w := multipart.NewWriter(&body)
		fw, _ := w.CreateFormFile("file", "count.xlsx")
		fw.Write(c.file())
		w.Close()
		ct, data := w.FormDataContentType(), body.Bytes()
		b.Run(c.name, func(b *testing.B) {
			var heapPeak, rssPeak float64
			var slowest time.Duration
			for range b.N {
				errc := make(chan error, n)
				heap, rss := memory(func() {
					var wg sync.WaitGroup
					var mu sync.Mutex
					for range n {
						wg.Add(1)
						go func() {
							defer wg.Done()
							req, _ := http.NewRequest("POST", ts.URL+"/api/stocktake/import", bytes.NewReader(data))
							req.Header.Set("Authorization", "Bearer "+clerk.Token)
							req.Header.Set("Content-Type", ct)
							req.Header.Set("Accept-Language", "en")
							t0 := time.Now()
							res, err := client.Do(req)
							if err != nil {
								errc <- err
								return
							}
							answer, _ := io.ReadAll(res.Body)
							res.Body.Close()
							took := time.Since(t0)
							mu.Lock()
							slowest = max(slowest, took)
							mu.Unlock()
							if res.StatusCode != 400 || !bytes.Contains(answer, []byte(c.says)) {
								errc <- fmt.Errorf("%d %.200s", res.StatusCode, answer)
							}
						}()
					}
					wg.Wait()
				})
				close(errc)
				b.Logf("%d at once: heap +%.0f MB, resident +%.0f MB at the peak, slowest %v", n, heap, rss, slowest)
				for err := range errc {
					b.Fatal(err)
				}
				heapPeak, rssPeak = max(heapPeak, heap), max(rssPeak, rss)
			}
			b.ReportMetric(float64(len(data))/1024, "file-KB")
			b.ReportMetric(heapPeak, "heap-peak-MB")
			b.ReportMetric(rssPeak, "rss-peak-MB")
			b.ReportMetric(float64(slowest.Milliseconds()), "slowest-ms")
		})
	}
}
