package goods

import (
	"bytes"
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"image"
	"image/color"
	_ "image/gif" // decoders of the accepted upload types
	"image/jpeg"
	_ "image/png"
	"io"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Image limits (basic-data.md, goods; docs/limits.md).
const (
	MaxImageBytes    = 5 << 20
	MaxImagesPerItem = 10
	ThumbSize        = 200
	// MaxImagePixels bounds what decoding may allocate: a small file can
	// claim a huge canvas (a 560 KB PNG of 12000 × 12000 decodes to
	// 576 MB). 24 megapixels holds any phone photo.
	MaxImagePixels = 24_000_000
	maxImageSide   = 12_000
)

// Decoding memory. A picture decodes to width × height × the bytes of its
// pixel (8 for 16 bits per channel with alpha; a progressive JPEG keeps its
// coefficients too), counted from the header before anything is decoded.
const (
	// MaxDecodeBytes bounds one picture: any 8-bit picture under the pixel
	// cap fits; a 16-bit one up to 16 megapixels.
	MaxDecodeBytes = 128 << 20
	// MaxDecodingBytes bounds the pictures being decoded at once in a
	// process; an upload past it waits its turn, at most decodeWait.
	MaxDecodingBytes = 160 << 20
	decodeWait       = time.Minute
)

// decoding is the budget of MaxDecodingBytes; inFlight and peakInFlight
// tell what it holds (tests).
var (
	decoding     = semaphore.NewWeighted(MaxDecodingBytes)
	inFlight     atomic.Int64
	peakInFlight atomic.Int64
)

// decodeCost is the memory decoding the picture takes, from its header:
// the decoded pixels by the colour model, a JPEG's components by their
// sampling (with the coefficients of a progressive one), an interlaced
// PNG's passes.
func decodeCost(cfg image.Config, format string, data []byte) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	if format == "jpeg" {
		if comps, progressive, ok := jpegFrame(data); ok {
			per := 1.0
			if progressive {
				per += 4 // one int32 coefficient per sample
			}
			return int64(float64(px) * comps * per)
		}
	}
	var bpp int64
	switch cfg.ColorModel {
	case color.GrayModel, color.AlphaModel:
		bpp = 1
	case color.Gray16Model, color.Alpha16Model:
		bpp = 2
	case color.YCbCrModel:
		bpp = 3
	case color.RGBAModel, color.NRGBAModel, color.NYCbCrAModel, color.CMYKModel:
		bpp = 4
	default:
		if _, ok := cfg.ColorModel.(color.Palette); ok {
			bpp = 1
		} else {
			bpp = 8 // 16 bits per channel, or unknown
		}
	}
	cost := px * bpp
	if format == "png" && len(data) > 28 && data[28] == 1 { // Adam7: the passes, then the picture
		cost *= 2
	}
	return cost
}

// jpegFrame reads a JPEG's frame header: its samples per pixel (the
// components by their sampling factors) and whether it is progressive.
func jpegFrame(data []byte) (comps float64, progressive, ok bool) {
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return 0, false, false
		}
		m := data[i+1]
		if m == 0xFF { // fill byte
			i++
			continue
		}
		n := int(data[i+2])<<8 | int(data[i+3])
		if m >= 0xC0 && m <= 0xCF && m != 0xC4 && m != 0xC8 && m != 0xCC {
			seg := data[i+4 : min(len(data), i+2+n)]
			if len(seg) < 6 {
				return 0, false, false
			}
			nc := int(seg[5])
			if len(seg) < 6+3*nc || nc == 0 {
				return 0, false, false
			}
			hmax, vmax := 1, 1
			for c := range nc {
				f := seg[6+3*c+1]
				hmax, vmax = max(hmax, int(f>>4)), max(vmax, int(f&15))
			}
			for c := range nc {
				f := seg[6+3*c+1]
				comps += float64(int(f>>4)*int(f&15)) / float64(hmax*vmax)
			}
			return comps, m == 0xC2 || m == 0xC6 || m == 0xCA || m == 0xCE, true
		}
		i += 2 + n
	}
	return 0, false, false
}

// decodeSlot takes cost from the decoding budget, waiting at most
// decodeWait; release gives it back.
func decodeSlot(ctx context.Context, cost int64) (release func(), err error) {
	ctx, cancel := context.WithTimeout(ctx, decodeWait)
	defer cancel()
	if err := decoding.Acquire(ctx, cost); err != nil {
		return nil, errs.New(errs.KindUnavailable, errs.CodeUnavailable, "goods.err.imagesBusy")
	}
	n := inFlight.Add(cost)
	for p := peakInFlight.Load(); n > p && !peakInFlight.CompareAndSwap(p, n); p = peakInFlight.Load() {
	}
	return func() { inFlight.Add(-cost); decoding.Release(cost) }, nil
}

// imageTypes are the accepted upload types by sniffed content type, with
// the extension the stored file gets.
var imageTypes = map[string]string{"image/jpeg": ".jpg", "image/png": ".png", "image/gif": ".gif", "image/webp": ".webp"}

// Image is one picture of a goods item.
type Image struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	Size       int64     `json:"size"`
	CreateTime time.Time `json:"createTime"`
}

// UploadInfo tells the client how to upload images (getQiniuToken: no cloud).
type UploadInfo struct {
	UploadURL string `json:"uploadUrl"`
	Field     string `json:"field"`
	MaxBytes  int64  `json:"maxBytes"`
	MaxCount  int    `json:"maxCount"`
	Accept    string `json:"accept"`
}

// Upload is the answer of getQiniuToken.
func Upload() UploadInfo {
	return UploadInfo{UploadURL: "/inventory/addImagesToInv2", Field: "file", MaxBytes: MaxImageBytes,
		MaxCount: MaxImagesPerItem, Accept: "image/jpeg,image/png,image/gif,image/webp"}
}

func listImages(ctx context.Context, q db.Querier, goodsID int64) ([]Image, error) {
	return db.All(ctx, q, func(r *sql.Rows, x *Image) error { return r.Scan(&x.ID, &x.Name, &x.Size, &x.CreateTime) },
		"SELECT id, name, size, created_at FROM goods_images WHERE goods_id = ? ORDER BY sort, id", goodsID)
}

// imageFiles lists the stored files (pictures and thumbnails) of the images
// matching where.
func imageFiles(ctx context.Context, q db.Querier, where string, args ...any) ([]string, error) {
	var out []string
	err := eachRow(ctx, q, func(r *sql.Rows) error {
		var f, t string
		if err := r.Scan(&f, &t); err != nil {
			return err
		}
		out = append(out, f, t)
		return nil
	}, "SELECT file, thumb FROM goods_images WHERE "+where, args...)
	return out, err
}

// Images lists the pictures of a goods item.
func (s *Service) Images(ctx context.Context, goodsID int64) ([]Image, error) {
	if ok, err := exists(ctx, s.db, "SELECT 1 FROM goods WHERE id = ?", goodsID); err != nil {
		return nil, err
	} else if !ok {
		return nil, errs.NotFound(labelGoods)
	}
	return listImages(ctx, s.db, goodsID)
}

// prepared is a checked upload ready to be written.
type prepared struct {
	name         string
	ext          string
	data, thumb  []byte
	file, thumbF string // relative stored names
}

// prepare checks one upload by its content (not its name) and makes its
// thumbnail.
func prepare(ctx context.Context, h *multipart.FileHeader, path string) (prepared, error) {
	name := strings.TrimSpace(filepath.Base(strings.ReplaceAll(h.Filename, `\`, "/")))
	if h.Size > MaxImageBytes {
		return prepared{}, errs.New(errs.KindTooLarge, errs.CodeTooLarge, "goods.err.imageTooLarge", errs.A("name", name), errs.A("max", "5 MB"))
	}
	f, err := h.Open()
	if err != nil {
		return prepared{}, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxImageBytes+1))
	if err != nil {
		return prepared{}, err
	}
	if len(data) > MaxImageBytes {
		return prepared{}, errs.New(errs.KindTooLarge, errs.CodeTooLarge, "goods.err.imageTooLarge", errs.A("name", name), errs.A("max", "5 MB"))
	}
	ext, ok := imageTypes[http.DetectContentType(data)]
	if !ok {
		return prepared{}, errs.Field(path, "goods.err.imageType", errs.A("name", name))
	}
	// The dimensions from the header first: a decompression bomb is
	// refused before anything is decoded.
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return prepared{}, errs.Field(path, "goods.err.imageType", errs.A("name", name))
	}
	if cfg.Width > maxImageSide || cfg.Height > maxImageSide || int64(cfg.Width)*int64(cfg.Height) > MaxImagePixels {
		return prepared{}, errs.Field(path, "err.imagePixels", errs.A("width", cfg.Width), errs.A("height", cfg.Height), errs.A("max", MaxImagePixels/1_000_000))
	}
	cost := decodeCost(cfg, format, data)
	if cost > MaxDecodeBytes {
		return prepared{}, errs.Field(path, "goods.err.imageDecodeTooLarge", errs.A("name", name), errs.A("width", cfg.Width), errs.A("height", cfg.Height),
			errs.A("size", (cost+(1<<20)-1)>>20), errs.A("max", MaxDecodeBytes>>20))
	}
	release, err := decodeSlot(ctx, cost)
	if err != nil {
		return prepared{}, err
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	var thumb []byte
	if err == nil {
		thumb, err = thumbnail(img)
	}
	img = nil
	release()
	if err != nil {
		return prepared{}, errs.Field(path, "goods.err.imageType", errs.A("name", name))
	}
	for utf8.RuneCountInString(name) > MaxNameLen {
		_, size := utf8.DecodeLastRuneInString(name)
		name = name[:len(name)-size]
	}
	if name == "" || name == "." || name == "/" {
		name = "image" + ext
	}
	return prepared{name: name, ext: ext, data: data, thumb: thumb}, nil
}

// thumbnail scales img to fit ThumbSize × ThumbSize on white (JPEG has no
// transparency).
func thumbnail(img image.Image) ([]byte, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("empty image")
	}
	tw, th := w, h
	if w > ThumbSize || h > ThumbSize {
		if w >= h {
			tw, th = ThumbSize, max(1, h*ThumbSize/w)
		} else {
			tw, th = max(1, w*ThumbSize/h), ThumbSize
		}
	}
	dst := image.NewRGBA(image.Rect(0, 0, tw, th))
	draw.Draw(dst, dst.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Over, nil)
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, dst, &jpeg.Options{Quality: 82}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func randomName() string {
	b := make([]byte, 12)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// AddImages stores uploaded pictures of a goods item with their thumbnails:
// jpeg/png/gif/webp, at most 5 MB each and 10 per goods item. All or none.
func (s *Service) AddImages(ctx context.Context, goodsID int64, files []*multipart.FileHeader) ([]Image, error) {
	if goodsID <= 0 {
		return nil, errs.Required("invId", labelGoods)
	}
	if len(files) == 0 {
		return nil, errs.Field("file", "err.fileMissing")
	}
	if len(files) > MaxImagesPerItem {
		return nil, errs.Field("file", "goods.err.tooManyImages", errs.A("max", MaxImagesPerItem))
	}
	// The goods and its picture count before any decoding (checked again
	// in the writing transaction).
	if ok, err := exists(ctx, s.db, "SELECT 1 FROM goods WHERE id = ?", goodsID); err != nil {
		return nil, errs.Wrap("add images", err)
	} else if !ok {
		return nil, errs.NotFound(labelGoods)
	}
	var have int
	if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM goods_images WHERE goods_id = ?", goodsID).Scan(&have); err != nil {
		return nil, errs.Wrap("add images", err)
	}
	if have+len(files) > MaxImagesPerItem {
		return nil, errs.Conflict("goods.err.tooManyImages", errs.A("max", MaxImagesPerItem))
	}
	list := make([]prepared, len(files))
	for i, h := range files {
		p, err := prepare(ctx, h, "file")
		if err != nil {
			return nil, err
		}
		list[i] = p
	}
	dir := filepath.Join(s.images, itoa(goodsID))
	var written []string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if ok, err := exists(ctx, tx, "SELECT 1 FROM goods WHERE id = ?", goodsID); err != nil {
			return err
		} else if !ok {
			return errs.NotFound(labelGoods)
		}
		var n, sort int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*), COALESCE(MAX(sort), 0) FROM goods_images WHERE goods_id = ?", goodsID).Scan(&n, &sort); err != nil {
			return err
		}
		if n+len(list) > MaxImagesPerItem {
			return errs.Conflict("goods.err.tooManyImages", errs.A("max", MaxImagesPerItem))
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("image folder: %w", err)
		}
		now := s.now()
		for i := range list {
			p := &list[i]
			base := randomName()
			p.file, p.thumbF = itoa(goodsID)+"/"+base+p.ext, itoa(goodsID)+"/"+base+"_thumb.jpg"
			for _, w := range []struct {
				name string
				data []byte
			}{{p.file, p.data}, {p.thumbF, p.thumb}} {
				if err := os.WriteFile(filepath.Join(s.images, filepath.FromSlash(w.name)), w.data, 0o644); err != nil {
					return fmt.Errorf("write image: %w", err)
				}
				written = append(written, w.name)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO goods_images (goods_id, name, file, thumb, size, sort, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?)`, goodsID, p.name, p.file, p.thumbF, len(p.data), sort+i+1, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		s.removeFiles(written)
		return nil, errs.Wrap("add images", err)
	}
	return listImages(ctx, s.db, goodsID)
}

// Image is the bytes of a picture or of its thumbnail.
func (s *Service) Image(ctx context.Context, id int64, thumb bool) (server.Raw, error) {
	var file, small string
	if err := s.db.QueryRow(ctx, "SELECT file, thumb FROM goods_images WHERE id = ?", id).Scan(&file, &small); err != nil {
		return server.Raw{}, notFound(err, labelImage)
	}
	if thumb {
		file = small
	}
	data, err := os.ReadFile(filepath.Join(s.images, filepath.FromSlash(file)))
	if os.IsNotExist(err) {
		return server.Raw{}, errs.NotFound(labelImage)
	}
	if err != nil {
		return server.Raw{}, err
	}
	return server.Raw{ContentType: http.DetectContentType(data), Data: data}, nil
}

// DeleteImage removes a picture and its files.
func (s *Service) DeleteImage(ctx context.Context, id int64) error {
	var files []string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if files, err = imageFiles(ctx, tx, "id = ?", id); err != nil {
			return err
		}
		if len(files) == 0 {
			return errs.NotFound(labelImage)
		}
		_, err = tx.Exec(ctx, "DELETE FROM goods_images WHERE id = ?", id)
		return err
	})
	if err != nil {
		return errs.Wrap("delete image", err)
	}
	s.removeFiles(files)
	return nil
}

// ImageOK tells whether data is a picture of an accepted type (by
// content) within MaxImageBytes: what the goods pictures folder holds (a
// restore checks a backup's files with it).
func ImageOK(data []byte) bool {
	_, ok := imageTypes[http.DetectContentType(data)]
	return ok && len(data) <= MaxImageBytes
}
