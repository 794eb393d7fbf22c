package bench

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// png16 is an all-zero 16-bit RGBA PNG of w × h pixels (a few hundred KB).
func png16(w, h int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(typ string, data []byte) {
		binary.Write(&out, binary.BigEndian, uint32(len(data)))
		c := crc32.NewIEEE()
		c.Write([]byte(typ))
		c.Write(data)
		out.WriteString(typ)
		out.Write(data)
		binary.Write(&out, binary.BigEndian, c.Sum32())
	}
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 16, 6
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+w*8)
	for range h {
		zw.Write(row)
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// BenchmarkEightPictures: eight 16-bit RGBA pictures uploaded at once over
// HTTP to goods items: just under the pixel cap (24 megapixels, 184 MB to
// decode: refused from the header; the report: 215 MB each, 935 MB for
// eight) and at the decoding limit (16 megapixels, 128 MB: taken, one at a
// time). Reports the growth of the heap's and the resident set's peaks and
// the slowest answer.
func BenchmarkEightPictures(b *testing.B) {
	e := apptest.New(b)
	admin := e.Admin()
	basics := e.AddBasics()
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 100}}
	for _, c := range []struct {
		name   string
		w, h   int
		status int
	}{
		{"24MP-refused", 4898, 4898, 400},
		{"16MP-taken", 4096, 4096, 200},
	} {
		var body bytes.Buffer
		mw := multipart.NewWriter(&body)
		mw.WriteField("invId", fmt.Sprint(basics.Goods))
		fw, _ := mw.CreateFormFile("file", "deep.png")
		fw.Write(png16(c.w, c.h))
		mw.Close()
		ct, data := mw.FormDataContentType(), body.Bytes()
		b.Run(c.name, func(b *testing.B) {
			var heapPeak, rssPeak float64
			var slowest time.Duration
			for range b.N {
				e.Exec("DELETE FROM goods_images")
				errc := make(chan error, 8)
				heap, rss := memory(func() {
					var wg sync.WaitGroup
					var mu sync.Mutex
					for range 8 {
						wg.Add(1)
						go func() {
							defer wg.Done()
							req, _ := http.NewRequest("POST", ts.URL+"/api/inventory/addImagesToInv2", bytes.NewReader(data))
							req.Header.Set("Authorization", "Bearer "+admin.Token)
							req.Header.Set("Content-Type", ct)
							t0 := time.Now()
							res, err := client.Do(req)
							if err != nil {
								errc <- err
								return
							}
							answer, _ := io.ReadAll(res.Body)
							res.Body.Close()
							mu.Lock()
							slowest = max(slowest, time.Since(t0))
							mu.Unlock()
							if res.StatusCode != c.status {
								errc <- fmt.Errorf("%d %.200s", res.StatusCode, answer)
							}
						}()
					}
					wg.Wait()
				})
				close(errc)
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
