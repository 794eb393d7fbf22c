package goods_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/dec"
)

// world is the basic data the goods tests refer to, set up with direct SQL
// (those domains have their own packages and tests).
type world struct {
	e                      *apptest.Env
	drinks, cola, custCat  int64 // trade categories (cola under drinks), a customer category
	colour, size           int64 // attribute groups (assist_types kind 1)
	red, blue, small, mid  int64 // attribute values
	bottleBox, packGroup   int64 // unit groups
	bottle, box, crate     int64 // units of bottleBox (bottle base)
	piece, pack            int64 // units of packGroup (piece base)
	each                   int64 // stand-alone unit
	main, second           int64 // warehouses
	retail, whole, vip, d1 int64 // customers by level
	d2, supplier           int64
}

func setup(t *testing.T) (*world, *apptest.Client) {
	e := apptest.New(t)
	now := time.Now().UTC()
	w := &world{e: e}
	trade := e.ID("SELECT id FROM assist_types WHERE number = 'trade'")
	custType := e.ID("SELECT id FROM assist_types WHERE number = 'customertype'")
	cat := func(typ int64, parent any, name string) int64 {
		return e.Insert(`INSERT INTO assists (type_id, parent_id, name, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id`, typ, parent, name, now, now)
	}
	w.drinks = cat(trade, nil, "饮料")
	w.cola = cat(trade, w.drinks, "碳酸饮料")
	w.custCat = cat(custType, nil, "批发客户")
	group := func(number, name string) int64 {
		return e.Insert(`INSERT INTO assist_types (number, name, kind, created_at, updated_at) VALUES (?, ?, 1, ?, ?) RETURNING id`, number, name, now, now)
	}
	w.colour, w.size = group("colour", "颜色"), group("size", "尺码")
	w.red, w.blue = cat(w.colour, nil, "红"), cat(w.colour, nil, "蓝")
	w.small, w.mid = cat(w.size, nil, "S"), cat(w.size, nil, "M")
	ut := func(name string) int64 {
		return e.Insert(`INSERT INTO unit_types (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id`, name, now, now)
	}
	unit := func(typ any, name, rate string, base int) int64 {
		return e.Insert(`INSERT INTO units (unit_type_id, name, rate, is_base, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			typ, name, micros(rate), base, now, now)
	}
	w.bottleBox, w.packGroup = ut("瓶箱"), ut("个盒")
	w.bottle, w.box, w.crate = unit(w.bottleBox, "瓶", "1", 1), unit(w.bottleBox, "箱", "24", 0), unit(w.bottleBox, "托", "480", 0)
	w.piece, w.pack = unit(w.packGroup, "个", "1", 1), unit(w.packGroup, "盒", "10", 0)
	w.each = unit(nil, "件", "1", 1)
	loc := func(number, name string) int64 {
		return e.Insert(`INSERT INTO locations (number, name, created_at, updated_at) VALUES (?, ?, ?, ?) RETURNING id`, number, name, now, now)
	}
	w.main, w.second = loc("W001", "主仓"), loc("W002", "二仓")
	contact := func(typ, level int, number string) int64 {
		return e.Insert(`INSERT INTO contacts (type, number, name, level, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
			typ, number, "往来"+number, level, now, now)
	}
	w.retail, w.whole, w.vip, w.d1, w.d2 = contact(-10, 0, "C0"), contact(-10, 1, "C1"), contact(-10, 2, "C2"), contact(-10, 3, "C3"), contact(-10, 4, "C4")
	w.supplier = contact(10, 0, "S1")
	return w, e.Admin()
}

// micros is a decimal as stored (× 10^6).
func micros(s string) int64 {
	m, _ := dec.MustParse(s).Micros()
	return m
}

// goodsRow is the goods row as the client reads it.
type goodsRow struct {
	ID             int64       `json:"id"`
	Number         string      `json:"number"`
	Name           string      `json:"name"`
	Spec           string      `json:"spec"`
	BarCode        string      `json:"barCode"`
	CategoryID     int64       `json:"categoryId"`
	CategoryName   string      `json:"categoryName"`
	UnitTypeID     int64       `json:"unitTypeId"`
	UnitID         int64       `json:"unitId"`
	UnitName       string      `json:"unitName"`
	PurPrice       json.Number `json:"purPrice"`
	SalePrice      json.Number `json:"salePrice"`
	WholesalePrice json.Number `json:"wholesalePrice"`
	VipPrice       json.Number `json:"vipPrice"`
	DiscountRate1  json.Number `json:"discountRate1"`
	LocationID     int64       `json:"locationId"`
	LocationName   string      `json:"locationName"`
	SkuTypeIDs     []int64     `json:"skuTypeIds"`
	Disable        int         `json:"disable"`
	Units          []struct {
		UnitID    int64       `json:"unitId"`
		UnitName  string      `json:"unitName"`
		Rate      json.Number `json:"rate"`
		IsBase    int         `json:"isBase"`
		BarCode   string      `json:"barCode"`
		SalePrice json.Number `json:"salePrice"`
		PurPrice  json.Number `json:"purPrice"`
	} `json:"units"`
	Skus []struct {
		ID          int64  `json:"id"`
		SkuName     string `json:"skuName"`
		SkuAssistID string `json:"skuAssistId"`
		BarCode     string `json:"barCode"`
	} `json:"skus"`
	Warnings []struct {
		LocationID int64        `json:"locationId"`
		LowQty     *json.Number `json:"lowQty"`
		HighQty    *json.Number `json:"highQty"`
	} `json:"warnings"`
	Openings []struct {
		LocationID int64       `json:"locationId"`
		Qty        json.Number `json:"qty"`
		UnitCost   json.Number `json:"unitCost"`
		Amount     json.Number `json:"amount"`
	} `json:"openings"`
	Images []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Size int64  `json:"size"`
	} `json:"images"`
}

// body is a valid add body for a single-unit goods item, changed by kv.
func (w *world) body(number string, kv ...any) map[string]any {
	m := map[string]any{"number": number, "name": "商品" + number, "unitId": w.each, "salePrice": 10, "purPrice": 6}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(string)] = kv[i+1]
	}
	return m
}

func add(t *testing.T, c *apptest.Client, body map[string]any) goodsRow {
	t.Helper()
	var g goodsRow
	c.Do("POST", "/api/inventory/add", body).Want(200).Decode(&g)
	return g
}

func get(t *testing.T, c *apptest.Client, id int64) goodsRow {
	t.Helper()
	var g goodsRow
	c.Do("GET", fmt.Sprintf("/api/inventory/get_update?id=%d", id), nil).Want(200).Decode(&g)
	return g
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[goodsRow] {
	t.Helper()
	var l apptest.List[goodsRow]
	c.Do("GET", "/api/inventory/list?"+query, nil).Want(200).Decode(&l)
	return l
}

func numbers(rows []goodsRow) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Number
	}
	return out
}

// pngOf is a w × h PNG picture.
func pngOf(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		for y := 0; y < h; y++ {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 120, 255})
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

// upload posts files (name → bytes) with fields as multipart.
func upload(c *apptest.Client, path string, fields map[string]string, files ...[2]any) *apptest.Response {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		mw.WriteField(k, v)
	}
	for _, f := range files {
		fw, _ := mw.CreateFormFile("file", f[0].(string))
		fw.Write(f[1].([]byte))
	}
	mw.Close()
	return c.Raw("POST", path, mw.FormDataContentType(), &buf)
}
