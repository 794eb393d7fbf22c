package bench

import (
	"bytes"
	"context"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/search"
)

var (
	goodsBrands = []string{"可口可乐", "百事", "康师傅", "统一", "农夫山泉", "娃哈哈", "蒙牛", "伊利", "旺旺", "达利园"}
	goodsItems  = []string{"矿泉水", "绿茶", "冰红茶", "方便面", "牛奶", "饼干", "薯片", "果汁", "酸奶", "咖啡"}
	goodsSpecs  = []string{"330ml", "500ml", "1L", "12袋", "24瓶"}
)

// goodsWorld is what the seeded goods refer to.
type goodsWorld struct{ bottle, box, each, group, colour, red, blue int64 }

// seedGoods writes n goods straight into the database in one transaction:
// every 10th with a unit group (and its box unit with its own barcode),
// every 20th with two SKUs; every goods item has a barcode, and the barcode
// index and search text are as the service writes them.
func seedGoods(b *testing.B, e *apptest.Env, n int) goodsWorld {
	b.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	var w goodsWorld
	ins := func(tx *db.Tx, q string, args ...any) int64 {
		var id int64
		if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
			b.Fatal(err)
		}
		return id
	}
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		w.group = ins(tx, "INSERT INTO unit_types (name, created_at, updated_at) VALUES ('瓶箱', ?, ?)", now, now)
		w.bottle = ins(tx, "INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '瓶', 1000000, 1, ?, ?)", w.group, now, now)
		w.box = ins(tx, "INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, '箱', 24000000, 0, ?, ?)", w.group, now, now)
		w.each = ins(tx, "INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('件', 1, ?, ?)", now, now)
		w.colour = ins(tx, "INSERT INTO assist_types (number, name, kind, created_at, updated_at) VALUES ('colour', '颜色', 1, ?, ?)", now, now)
		w.red = ins(tx, "INSERT INTO assists (type_id, name, created_at, updated_at) VALUES (?, '红', ?, ?)", w.colour, now, now)
		w.blue = ins(tx, "INSERT INTO assists (type_id, name, created_at, updated_at) VALUES (?, '蓝', ?, ?)", w.colour, now, now)
		var trade int64
		if err := tx.QueryRow(ctx, "SELECT id FROM assist_types WHERE number = 'trade'").Scan(&trade); err != nil {
			return err
		}
		cats := make([]int64, 10)
		for i := range cats {
			cats[i] = ins(tx, "INSERT INTO assists (type_id, name, created_at, updated_at) VALUES (?, ?, ?, ?)", trade, goodsItems[i]+"类", now, now)
		}
		skuID := 0
		for start := 0; start < n; start += 200 {
			end := min(start+200, n)
			var g, bc, gu, sk strings.Builder
			var ga, ba, ua, sa []any
			sep := func(sb *strings.Builder) {
				if sb.Len() > 0 {
					sb.WriteString(", ")
				}
			}
			for i := start; i < end; i++ {
				id := i + 1
				num := fmt.Sprintf("SP%06d", id)
				name := fmt.Sprintf("%s%s %d", goodsBrands[i%10], goodsItems[(i/10)%10], i%997)
				spec := goodsSpecs[i%5]
				code := fmt.Sprintf("69%011d", id)
				codes := []string{code}
				unitType, unit := any(nil), w.each
				if i%10 == 0 {
					unitType, unit = w.group, w.bottle
					box := fmt.Sprintf("68%011d", id)
					codes = append(codes, box)
					sep(&gu)
					gu.WriteString("(?, ?, ?, 48000000, 80000000, 76000000, 72000000)")
					ua = append(ua, id, w.box, box)
					sep(&bc)
					bc.WriteString("(?, ?, ?, NULL)")
					ba = append(ba, box, id, w.box)
				}
				if i%20 == 1 {
					for k, v := range []int64{w.red, w.blue} {
						skuID++
						sc := fmt.Sprintf("67%011d", skuID)
						codes = append(codes, sc)
						sep(&sk)
						sk.WriteString("(?, ?, ?, ?, ?, 0, ?)")
						sa = append(sa, skuID, id, fmt.Sprint(v), []string{"红", "蓝"}[k], sc, now)
						sep(&bc)
						bc.WriteString("(?, ?, NULL, ?)")
						ba = append(ba, sc, id, skuID)
					}
				}
				sep(&g)
				g.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, 2500000, 3500000, 3200000, 3000000, ?, ?, ?)")
				ga = append(ga, id, num, name, spec, cats[i%10], unitType, unit, code, search.Text(append([]string{num, name, spec}, codes...)...), now, now)
				sep(&bc)
				bc.WriteString("(?, ?, NULL, NULL)")
				ba = append(ba, code, id)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO goods (id, number, name, spec, category_id, unit_type_id, unit_id, barcode,
				pur_price, sale_price, wholesale_price, vip_price, search, created_at, updated_at) VALUES `+g.String(), ga...); err != nil {
				return err
			}
			if gu.Len() > 0 {
				if _, err := tx.Exec(ctx, "INSERT INTO goods_units (goods_id, unit_id, barcode, pur_price, sale_price, wholesale_price, vip_price) VALUES "+gu.String(), ua...); err != nil {
					return err
				}
			}
			if sk.Len() > 0 {
				if _, err := tx.Exec(ctx, "INSERT INTO goods_skus (id, goods_id, assist_ids, name, barcode, disabled, created_at) VALUES "+sk.String(), sa...); err != nil {
					return err
				}
			}
			if _, err := tx.Exec(ctx, "INSERT INTO barcodes (code, goods_id, unit_id, sku_id) VALUES "+bc.String(), ba...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
	// PostgreSQL plans with fresh statistics, as it would after autovacuum.
	if e.App.DB.Engine() == db.Postgres {
		e.Exec("ANALYZE")
	}
	return w
}

// BenchmarkGoods measures goods on 100,000 seeded goods (seeded once,
// shared by the sub-benchmarks): the client's preload, matchCon search and
// an Excel import of 10,000 goods.
func BenchmarkGoods(b *testing.B) {
	e := apptest.New(b)
	start := time.Now()
	seedGoods(b, e, 100000)
	b.Logf("seeded 100,000 goods in %v", time.Since(start))
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	s := &server{url: ts.URL, token: e.Admin().Token, client: ts.Client()}
	b.Run("preload", func(b *testing.B) { benchGoodsPreload(b, e, s) })
	benchGoodsSearch(b, e, s)
	b.Run("import", func(b *testing.B) { benchGoodsImport(b, s) })
}

// benchGoodsPreload is the client's preload of 100,000 goods: pages of
// 5,000 rows with their units and SKUs, over HTTP with the JSON encoding.
// ms/page is the mean over all 20 pages; worst-ms the slowest page.
func benchGoodsPreload(b *testing.B, e *apptest.Env, s *server) {
	var first apptest.List[struct {
		Units []struct{ UnitID int64 } `json:"units"`
		Skus  []struct{ ID int64 }     `json:"skus"`
	}]
	e.Admin().Do("GET", "/api/inventory/list?isDelete=2&disable=1&page=1&rows=5000", nil).Want(200).Decode(&first)
	if first.Records != 100000 || len(first.Rows) != 5000 || len(first.Rows[0].Units) != 2 || len(first.Rows[1].Skus) != 2 {
		b.Fatalf("preload page: %d records, %d rows", first.Records, len(first.Rows))
	}
	var worst time.Duration
	var total time.Duration
	pages := 0
	b.ResetTimer()
	for b.Loop() {
		for p := 1; p <= 20; p++ {
			t0 := time.Now()
			if err := s.get(fmt.Sprintf("/api/inventory/list?isDelete=2&disable=1&page=%d&rows=5000", p)); err != nil {
				b.Fatal(err)
			}
			d := time.Since(t0)
			total += d
			worst = max(worst, d)
			pages++
		}
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(pages), "ms/page")
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
}

// benchGoodsSearch is matchCon over 100,000 goods (rows=20, with the
// record count): a Chinese name fragment matching 10%, pinyin initials, a
// full barcode and a number fragment, one client.
func benchGoodsSearch(b *testing.B, e *apptest.Env, s *server) {
	var l apptest.List[struct{ Number string }]
	e.Admin().Do("GET", "/api/inventory/list?rows=20&matchCon=6900000012345", nil).Want(200).Decode(&l)
	if l.Records != 1 {
		b.Fatalf("barcode search: %d records", l.Records)
	}
	for _, q := range []string{"可乐", "kkkl", "wahaha", "6900000012345", "6800000054321", "SP0999", "冰红茶 99"} {
		b.Run("search="+url.QueryEscape(q), func(b *testing.B) {
			path := "/api/inventory/list?rows=20&matchCon=" + url.QueryEscape(q)
			latency(b, 1, func() error { return s.get(path) })
		})
	}
}

// benchGoodsImport imports an Excel file of 10,000 goods (numbers
// given by the server) into the 100,000 seeded ones, over HTTP.
func benchGoodsImport(b *testing.B, s *server) {
	round := 0
	var total time.Duration
	for b.Loop() {
		round++
		file := goodsFile(b, round, 10000)
		t0 := time.Now()
		if err := s.upload("/api/inventory/import", file, 10000); err != nil {
			b.Fatal(err)
		}
		total += time.Since(t0)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(round), "ms/file")
}

func goodsFile(b *testing.B, round, n int) []byte {
	f := excelize.NewFile()
	defer f.Close()
	sw, _ := f.NewStreamWriter("Sheet1")
	sw.SetRow("A1", []any{"商品编号", "商品名称", "规格型号", "条码", "商品类别", "计量单位", "预计采购价", "零售价", "批发价", "启用序列号"})
	for i := 0; i < n; i++ {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		unit := "件"
		if i%10 == 0 {
			unit = "瓶箱"
		}
		sw.SetRow(cell, []any{"", fmt.Sprintf("%s%s 导入%d", goodsBrands[i%10], goodsItems[(i/10)%10], i), goodsSpecs[i%5],
			fmt.Sprintf("5%02d%010d", round, i), goodsItems[i%10] + "类", unit, "2.5", "3.5", "3.2", "否"})
	}
	sw.Flush()
	buf, err := f.WriteToBuffer()
	if err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

func (s *server) upload(path string, file []byte, want int) error {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	fw, _ := w.CreateFormFile("file", "goods.xlsx")
	fw.Write(file)
	w.Close()
	req, _ := http.NewRequest("POST", s.url+path, &buf)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+s.token)
	res, err := s.client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	var body bytes.Buffer
	body.ReadFrom(res.Body)
	if res.StatusCode != 200 || !strings.Contains(body.String(), fmt.Sprintf(`"importedCount":%d`, want)) {
		return fmt.Errorf("import: %d %.300s", res.StatusCode, body.String())
	}
	return nil
}
