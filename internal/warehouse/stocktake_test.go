package warehouse_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

// TestStocktake, by hand: 总仓 holds 24 可乐 worth 36 (1.5 each) and 10 杯子
// worth 50. Counted: 26 可乐 (+2) and 7 杯子 (−3). Generating makes a draft
// stocktake gain of 2 可乐 at 1.5 and a draft stocktake loss of 3 杯子;
// audited, the loss costs 15 and 总仓 holds 26 可乐 worth 39. The count is
// generated once; a count without differences generates nothing.
func TestStocktake(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	now := time.Now().UTC()
	cup := w.e.Insert("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES ('SP003', '杯子', ?, ?, ?) RETURNING id", w.set, now, now)
	w.purchase("2025-08-01", w.main, "24", "1.5")
	w.save(a, "/api/purchase/add?check=1", map[string]any{"date": "2025-08-01", "buId": w.supplier, "locationId": w.main,
		"entries": []line{{"invId": cup, "qty": 10, "price": 5}}})
	var sheet struct {
		Rows []struct {
			InvID int64       `json:"invId"`
			Qty   json.Number `json:"qty"`
		} `json:"rows"`
	}
	a.Do("GET", fmt.Sprintf("/api/stocktake/sheet?locationId=%d&date=2025-08-02", w.main), nil).Want(200).Decode(&sheet)
	if len(sheet.Rows) != 2 || sheet.Rows[0].InvID != w.cola || sheet.Rows[0].Qty.String() != "24" || sheet.Rows[1].Qty.String() != "10" {
		t.Fatalf("sheet %+v", sheet)
	}
	// Before the receipts' date the book is empty.
	var early struct {
		Rows []any `json:"rows"`
	}
	a.Do("GET", fmt.Sprintf("/api/stocktake/sheet?locationId=%d&date=2025-07-31", w.main), nil).Want(200).Decode(&early)
	if len(early.Rows) != 0 {
		t.Fatalf("sheet before any receipt: %+v", early)
	}
	type count struct {
		ID      int64 `json:"id"`
		Version int64 `json:"version"`
		Entries []struct {
			DiffQty json.Number `json:"diffQty"`
		} `json:"entries"`
	}
	body := map[string]any{"date": "2025-08-02", "locationId": w.main, "description": "月末盘点", "entries": []line{
		{"invId": w.cola, "countQty": 26}, {"invId": cup, "countQty": 7}}}
	var c count
	a.Do("POST", "/api/stocktake/add", body).Want(200).Decode(&c)
	if len(c.Entries) != 2 || c.Entries[0].DiffQty.String() != "2" || c.Entries[1].DiffQty.String() != "-3" {
		t.Fatalf("count %+v", c)
	}
	var g struct {
		OtherIn  *int64 `json:"otherIn"`
		OtherOut *int64 `json:"otherOut"`
	}
	a.Do("POST", fmt.Sprintf("/api/stocktake/generate?id=%d", c.ID), nil).Want(200).Decode(&g)
	if g.OtherIn == nil || g.OtherOut == nil {
		t.Fatalf("generated %+v", g)
	}
	gain, loss := w.get("otherIn", *g.OtherIn), w.get("otherOut", *g.OtherOut)
	if gain.TransType != 150701 || gain.Checked != 0 || len(gain.Entries) != 1 || gain.Entries[0].Qty.String() != "2" || gain.Entries[0].Price.String() != "1.5" {
		t.Fatalf("gain %+v", gain)
	}
	if loss.TransType != 150801 || loss.Checked != 0 || len(loss.Entries) != 1 || loss.Entries[0].Qty.String() != "3" {
		t.Fatalf("loss %+v", loss)
	}
	for _, path := range []string{fmt.Sprintf("/api/otherIn/check?id=%d", *g.OtherIn), fmt.Sprintf("/api/otherOut/check?id=%d", *g.OtherOut)} {
		if msg := w.batchErr("POST", path); msg != "" {
			t.Fatal(msg)
		}
	}
	if got := w.cost("otherOut", *g.OtherOut); got != "15" {
		t.Fatalf("loss costs %s, want 15", got)
	}
	if b := w.balance(w.main); b != "26/3900" {
		t.Fatalf("可乐 in 总仓 %s, want 26/3900", b)
	}
	var list struct {
		Records int `json:"records"`
		Rows    []struct {
			Generated int    `json:"generated"`
			OtherInNo string `json:"otherInNo"`
		} `json:"rows"`
	}
	a.Do("GET", "/api/stocktake/list", nil).Want(200).Decode(&list)
	if list.Records != 1 || list.Rows[0].Generated != 1 || list.Rows[0].OtherInNo == "" {
		t.Fatalf("list %+v", list)
	}
	// A second count matching the book: nothing to generate.
	same := map[string]any{"date": "2025-08-03", "locationId": w.main, "entries": []line{{"invId": w.cola, "countQty": 26}}}
	var c2 count
	a.Do("POST", "/api/stocktake/add", same).Want(200).Decode(&c2)
	bills := w.e.Count("SELECT COUNT(*) FROM bills")
	apptest.Run(t, []apptest.Step{
		{Name: "generate twice", As: a, Method: "POST", Path: fmt.Sprintf("/api/stocktake/generate?id=%d", c.ID), Status: 409, MsgHas: "已生成"},
		{Name: "edit a generated count", As: a, Method: "POST", Path: "/api/stocktake/update", Body: map[string]any{"id": c.ID, "version": c.Version, "date": "2025-08-02", "locationId": w.main, "entries": []line{{"invId": w.cola, "countQty": 1}}}, Status: 409},
		{Name: "nothing differs", As: a, Method: "POST", Path: fmt.Sprintf("/api/stocktake/generate?id=%d", c2.ID), Status: 400, MsgHas: "一致"},
		{Name: "nothing differs, in English", As: a, Lang: "en", Method: "POST", Path: fmt.Sprintf("/api/stocktake/generate?id=%d", c2.ID), Status: 400, MsgHas: "nothing to generate"},
		{Name: "negative count", As: a, Method: "POST", Path: "/api/stocktake/add", Body: map[string]any{"date": "2025-08-03", "locationId": w.main, "entries": []line{{"invId": w.cola, "countQty": -1}}}, Status: 400, Field: "entries[0].countQty"},
		{Name: "the same goods twice", As: a, Method: "POST", Path: "/api/stocktake/add", Body: map[string]any{"date": "2025-08-03", "locationId": w.main, "entries": []line{{"invId": w.cola, "countQty": 1}, {"invId": w.cola, "countQty": 2}}}, Status: 400, Field: "entries[1].invId"},
		{Name: "unknown goods", As: a, Method: "POST", Path: "/api/stocktake/add", Body: map[string]any{"date": "2025-08-03", "locationId": w.main, "entries": []line{{"invId": 99999, "countQty": 1}}}, Status: 400, Field: "entries[0].invId"},
		{Name: "another shop's warehouse", As: a, Method: "POST", Path: "/api/stocktake/add", Body: map[string]any{"date": "2025-08-03", "locationId": w.outside, "entries": []line{{"invId": w.cola, "countQty": 1}}}, Status: 400, Field: "locationId"},
		{Name: "another shop's sheet", As: a, Method: "GET", Path: fmt.Sprintf("/api/stocktake/sheet?locationId=%d", w.outside), Status: 400, Field: "locationId"},
		{Name: "no lines", As: a, Method: "POST", Path: "/api/stocktake/add", Body: map[string]any{"date": "2025-08-03", "locationId": w.main}, Status: 400, Field: "entries"},
		{Name: "no permission to generate", As: w.e.UserWith("warehouse:stocktake:query"), Method: "POST", Path: fmt.Sprintf("/api/stocktake/generate?id=%d", c2.ID), Status: 403},
		{Name: "unknown count", As: a, Method: "POST", Path: "/api/stocktake/generate?id=99999", Status: 404},
	})
	if n := w.e.Count("SELECT COUNT(*) FROM bills"); n != bills {
		t.Fatalf("refused requests wrote %d documents", n-bills)
	}
	// Excel: the sheet exports with its book quantities; counted quantities
	// typed into it import as a count's entries.
	r := a.Do("GET", fmt.Sprintf("/api/stocktake/export?locationId=%d", w.main), nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		t.Fatal(err)
	}
	sh := x.GetSheetList()[0]
	rows, _ := x.GetRows(sh)
	if len(rows) != 3 || rows[1][0] != "SP001" {
		t.Fatalf("exported sheet %v", rows)
	}
	x.SetCellValue(sh, "H2", "25")
	var buf bytes.Buffer
	if err := x.Write(&buf); err != nil {
		t.Fatal(err)
	}
	var entries []struct {
		InvID    int64       `json:"invId"`
		CountQty json.Number `json:"countQty"`
	}
	a.Multipart("POST", "/api/stocktake/import", nil, "file", buf.Bytes()).Want(200).Decode(&entries)
	if len(entries) != 1 || entries[0].InvID != w.cola || entries[0].CountQty.String() != "25" {
		t.Fatalf("imported %+v", entries)
	}
}
