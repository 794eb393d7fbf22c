package bench

import (
	"bufio"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkStartup builds the binary, creates a database once, then measures
// process start to first answered request on that existing database, and the
// resident memory of the idle server.
func BenchmarkStartup(b *testing.B) {
	dir := b.TempDir()
	bin := filepath.Join(dir, "cangshu")
	if out, err := exec.Command("go", "build", "-o", bin, "cangshu/cmd/cangshu").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	if out, err := exec.Command(bin, "migrate", "-data", data).CombinedOutput(); err != nil {
		b.Fatalf("migrate: %v\n%s", err, out)
	}
	var total time.Duration
	var rss int64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, mem := startOnce(b, bin, data)
		total += d
		rss = mem
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "startup-ms")
	b.ReportMetric(float64(rss)/1024, "idle-rss-MB")
}

func startOnce(b *testing.B, bin, data string) (time.Duration, int64) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(bin, "serve", "-addr", addr, "-data", data, "-admin-password", "Hamster-Books-42")
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	defer func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	}()
	client := &http.Client{Timeout: time.Second}
	var up time.Duration
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(2 * time.Millisecond) {
		res, err := client.Get("http://" + addr + "/api/openapi.json")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				up = time.Since(t0)
				break
			}
		}
	}
	if up == 0 {
		b.Fatal("server did not answer within 10 s")
	}
	time.Sleep(time.Second) // idle
	return up, rssKB(b, cmd.Process.Pid)
}

func rssKB(b *testing.B, pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			n, _ := strconv.ParseInt(strings.Fields(v)[0], 10, 64)
			return n
		}
	}
	return 0
}
