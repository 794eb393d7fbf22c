package goods_test

import (
	"bytes"
	"sync"
	"time"

	"cangshu/internal/goods"
	"compress/zlib"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"
)

// bombPNG is a decompression bomb: an all-zero grayscale PNG of
// w × h pixels, a few hundred KB on the wire.
func bombPNG(w, h int) []byte { return zeroPNG(w, h, 8, 0) }

// zeroPNG is an all-zero PNG of w × h pixels of the bit depth and colour
// type (0 grey, 2 RGB, 6 RGBA).
func zeroPNG(w, h int, depth, colorType byte) []byte {
	channels := map[byte]int{0: 1, 2: 3, 4: 2, 6: 4}[colorType]
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
	ihdr[8], ihdr[9] = depth, colorType
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, 1+w*channels*int(depth)/8) // filter byte + pixels
	for range h {
		zw.Write(row)
	}
	zw.Close()
	chunk("IDAT", z.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// The bomb is refused from its header, before anything is decoded, with a
// message giving its size; the per-goods picture limit is checked before
// decoding too.
func TestImageBombIsRefusedBeforeDecoding(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	g := add(t, admin, w.body("SP0001"))
	id := fmt.Sprint(g.ID)
	bomb := bombPNG(12000, 12000)
	if len(bomb) > 1<<20 {
		t.Fatalf("bomb of %d bytes", len(bomb))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	admin.Lang = "en"
	r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"bomb.png", bomb})
	runtime.ReadMemStats(&after)
	if r.Status != 400 || r.Env.Errors["file"] == "" || !strings.Contains(r.Env.Msg, "12000×12000") {
		t.Fatalf("bomb: %d %s", r.Status, r.Body)
	}
	// Decoding it would allocate 144 MB; the refusal allocates a few copies
	// of the upload at most.
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 {
		t.Fatalf("the refusal allocated %d MB", grew>>20)
	}
	// A picture inside the limits still goes in.
	upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"ok.png", pngOf(4000, 10)}).Want(200)
	// Ten pictures already: the eleventh is refused by the count, before
	// its content is looked at.
	for i := 0; i < 9; i++ {
		upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{fmt.Sprintf("p%d.png", i), pngOf(8, 8)}).Want(200)
	}
	if r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"bomb.png", bomb}); r.Status != 409 {
		t.Fatalf("eleventh picture: %d %s", r.Status, r.Body)
	}
	if n := w.e.Count("SELECT COUNT(*) FROM goods_images"); n != 10 {
		t.Fatalf("%d pictures", n)
	}
}

// A 16-bit RGBA picture just under the pixel cap would take 184 MB to
// decode (eight at once took 935 MB): it is refused from its header,
// naming what it would take and the limit, before anything is decoded. A
// 16-bit picture inside the limit still goes in.
func TestSixteenBitPictureIsRefusedByItsDecodingMemory(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	g := add(t, admin, w.body("SP0001"))
	id := fmt.Sprint(g.ID)
	big := zeroPNG(4898, 4898, 16, 6) // 23.99 megapixels
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	admin.Lang = "en"
	start := time.Now()
	r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"deep.png", big})
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if r.Status != 400 || !strings.Contains(r.Env.Errors["file"], "4898×4898") || !strings.Contains(r.Env.Errors["file"], "184 MB") ||
		!strings.Contains(r.Env.Errors["file"], "at most 128 MB") {
		t.Fatalf("16-bit picture of 24 megapixels: %d %s", r.Status, r.Body)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 64<<20 || took > time.Second {
		t.Fatalf("the refusal allocated %d MB in %v", grew>>20, took)
	}
	upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"deep.png", zeroPNG(1000, 800, 16, 6)}).Want(200)
	if n := w.e.Count("SELECT COUNT(*) FROM goods_images"); n != 1 {
		t.Fatalf("%d pictures", n)
	}
}

// Eight 16-bit pictures uploaded at once all go in, but the pictures being
// decoded at once never hold more than the process's decoding budget: the
// others wait their turn.
func TestPicturesDecodeWithinTheBudget(t *testing.T) {
	w, admin := setup(t)
	pic := zeroPNG(2100, 2100, 16, 6) // 34 MB to decode: four at a time
	ids := make([]string, 8)
	for i := range ids {
		ids[i] = fmt.Sprint(add(t, admin, w.body(fmt.Sprintf("SP%04d", i+1))).ID)
	}
	goods.ResetPeakDecoding()
	var wg sync.WaitGroup
	status := make([]int, len(ids))
	for i, id := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			status[i] = upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"deep.png", pic}).Status
		}()
	}
	wg.Wait()
	for i, s := range status {
		if s != 200 {
			t.Errorf("upload %d: %d", i, s)
		}
	}
	if peak := goods.PeakDecoding(); peak > goods.MaxDecodingBytes || peak < 2100*2100*8 {
		t.Fatalf("decoding held at most %d MB at once (budget %d MB)", peak>>20, goods.MaxDecodingBytes>>20)
	}
}
