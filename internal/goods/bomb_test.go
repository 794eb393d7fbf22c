package goods_test

import (
	"bytes"
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
func bombPNG(w, h int) []byte {
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
	ihdr[8], ihdr[9] = 8, 0 // 8-bit grayscale
	chunk("IHDR", ihdr)
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	row := make([]byte, w+1) // filter byte + pixels
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
