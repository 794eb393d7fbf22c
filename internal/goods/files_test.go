package goods_test

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

// Pictures: upload (with a 200 px thumbnail), list, fetch, delete; bad
// uploads are refused.
func TestGoodsImages(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	g := add(t, admin, w.body("SP0001"))
	id := fmt.Sprint(g.ID)
	pic := pngOf(400, 300)
	var imgs []struct {
		ID   int64  `json:"id"`
		Name string `json:"name"`
		Size int64  `json:"size"`
	}
	upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"front.png", pic}, [2]any{"back.png", pngOf(50, 80)}).Want(200).Decode(&imgs)
	if len(imgs) != 2 || imgs[0].Name != "front.png" || imgs[0].Size != int64(len(pic)) {
		t.Fatalf("uploaded %+v", imgs)
	}
	full := admin.Do("GET", fmt.Sprintf("/api/inventory/image?id=%d", imgs[0].ID), nil).Want(200)
	if !bytes.Equal(full.Body, pic) || full.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("image bytes: %d, %s", len(full.Body), full.Header.Get("Content-Type"))
	}
	thumb := admin.Do("GET", fmt.Sprintf("/api/inventory/image?id=%d&thumb=1", imgs[0].ID), nil).Want(200)
	cfg, format, err := image.DecodeConfig(bytes.NewReader(thumb.Body))
	if err != nil || format != "jpeg" || cfg.Width != 200 || cfg.Height != 150 {
		t.Fatalf("thumbnail %v %s %dx%d", err, format, cfg.Width, cfg.Height)
	}
	files, _ := filepath.Glob(filepath.Join(e.App.Config.DataDir, "images", id, "*"))
	if len(files) != 4 {
		t.Fatalf("files on disk: %v", files)
	}
	if d := get(t, admin, g.ID); len(d.Images) != 2 {
		t.Fatalf("get_update images %+v", d.Images)
	}
	imager := e.UserWith("settings:inventory:image")
	apptest.Run(t, []apptest.Step{
		{Name: "list", As: admin, Method: "GET", Path: "/api/inventory/getImagesById?id=" + id, Status: 200, BodyHas: `"name":"back.png"`},
		{Name: "upload info", As: admin, Method: "GET", Path: "/api/inventory/getQiniuToken", Status: 200, BodyHas: `"uploadUrl":"/inventory/addImagesToInv2"`},
		{Name: "unknown image", As: admin, Method: "GET", Path: "/api/inventory/image?id=999999", Status: 404},
		{Name: "delete by query", As: imager, Method: "POST", Path: fmt.Sprintf("/api/inventory/deleteImageId?id=%d", imgs[1].ID), Status: 200},
		{Name: "delete by body", As: imager, Method: "POST", Path: "/api/inventory/deleteImage", Body: map[string]any{"id": imgs[0].ID}, Status: 200},
		{Name: "delete again", As: imager, Method: "POST", Path: "/api/inventory/deleteImage", Body: map[string]any{"id": imgs[0].ID}, Status: 404},
		{Name: "delete: no permission", As: e.UserWith("settings:inventory:query"), Method: "POST", Path: "/api/inventory/deleteImageId?id=1", Status: 403},
	})
	if files, _ := filepath.Glob(filepath.Join(e.App.Config.DataDir, "images", id, "*")); len(files) != 0 {
		t.Fatalf("files left: %v", files)
	}
	if r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"notes.png", []byte("not a picture at all")}); r.Status != 400 || !strings.Contains(r.Env.Msg, "notes.png") {
		t.Fatalf("text as image: %d %s", r.Status, r.Body)
	}
	big := append(pngOf(10, 10), make([]byte, 5<<20)...)
	if r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"big.png", big}); r.Status != 413 {
		t.Fatalf("oversize image: %d %s", r.Status, r.Body)
	}
	if r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": "999999"}, [2]any{"a.png", pic}); r.Status != 404 {
		t.Fatalf("unknown goods: %d %s", r.Status, r.Body)
	}
	var eleven [][2]any
	for i := 0; i < 11; i++ {
		eleven = append(eleven, [2]any{fmt.Sprintf("p%d.png", i), pngOf(8, 8)})
	}
	if r := upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, eleven...); r.Status != 400 {
		t.Fatalf("eleven images: %d %s", r.Status, r.Body)
	}
	if n := e.Count("SELECT COUNT(*) FROM goods_images"); n != 0 {
		t.Fatalf("%d images after bad uploads", n)
	}
	// Deleting the goods removes its pictures' files.
	upload(admin, "/api/inventory/addImagesToInv2", map[string]string{"invId": id}, [2]any{"x.png", pic}).Want(200)
	admin.Do("DELETE", "/api/inventory/delete?id="+id, nil).Want(200)
	if files, _ := filepath.Glob(filepath.Join(e.App.Config.DataDir, "images", id, "*")); len(files) != 0 {
		t.Fatalf("files left after goods delete: %v", files)
	}
}

// xlsx builds an import file: a header row, then rows.
func xlsx(t testing.TB, header []string, rows [][]any) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	sw, _ := f.NewStreamWriter("Sheet1")
	h := make([]any, len(header))
	for i, x := range header {
		h[i] = x
	}
	sw.SetRow("A1", h)
	for i, r := range rows {
		cell, _ := excelize.CoordinatesToCellName(1, i+2)
		sw.SetRow(cell, r)
	}
	sw.Flush()
	buf, err := f.WriteToBuffer()
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

type importResult struct {
	DryRun        bool `json:"dryRun"`
	ValidCount    int  `json:"validCount"`
	InvalidCount  int  `json:"invalidCount"`
	ImportedCount int  `json:"importedCount"`
	Errors        []struct {
		Row     int    `json:"row"`
		Column  string `json:"column"`
		Field   string `json:"field"`
		Message string `json:"message"`
	} `json:"errors"`
}

func TestGoodsImportExport(t *testing.T) {
	t.Parallel()
	w, admin := setup(t)
	e := w.e
	add(t, admin, w.body("SP0001", "barCode", "690"))
	header := []string{"商品编号", "商品名称*", "规格型号", "条码", "商品类别", "计量单位*", "零售价", "首选仓库", "启用序列号"}
	imp := func(path string, file []byte) (importResult, *apptest.Response) {
		var res importResult
		r := admin.Multipart("POST", path, nil, "file", file)
		if r.Status == 200 {
			r.Decode(&res)
		}
		return res, r
	}
	bad := xlsx(t, header, [][]any{
		{"", "好商品", "", "691", "饮料/碳酸饮料", "瓶箱", "3.5", "W001", "否"},
		{"SP0001", "重号", "", "", "", "件", "1", "", ""},
		{"", "坏单位", "", "", "", "千克", "1", "", ""},
		{"", "负价", "", "690", "不存在", "件", "-1", "W009", "也许"},
	})
	res, _ := imp("/api/inventory/import", bad)
	if res.InvalidCount != 3 || res.ValidCount != 1 || res.ImportedCount != 0 {
		t.Fatalf("bad file: %+v", res)
	}
	fields := map[string]bool{}
	for _, x := range res.Errors {
		fields[fmt.Sprint(x.Row, x.Field)] = true
	}
	for _, want := range []string{"3number", "4unit", "5salePrice", "5barCode", "5category", "5location", "5isSerNum"} {
		if !fields[want] {
			t.Errorf("no error %s in %+v", want, res.Errors)
		}
	}
	if n := e.Count("SELECT COUNT(*) FROM goods"); n != 1 {
		t.Fatalf("a bad file wrote %d goods", n-1)
	}

	const n = 10000
	rows := make([][]any, n)
	for i := range rows {
		rows[i] = []any{"", fmt.Sprintf("导入商品%05d", i), "500ml", fmt.Sprintf("77%011d", i), "碳酸饮料", "件", "2.5", "主仓", "否"}
	}
	rows[0] = []any{"", "分组商品", "", "", "饮料", "瓶箱", "3", "", "是"}
	good := xlsx(t, header, rows)
	res, _ = imp("/api/inventory/import?dryRun=1", good)
	if !res.DryRun || res.ValidCount != n || res.ImportedCount != 0 || e.Count("SELECT COUNT(*) FROM goods") != 1 {
		t.Fatalf("dry run: %+v", res)
	}
	start := time.Now()
	res, _ = imp("/api/inventory/import", good)
	t.Logf("imported %d goods in %v", res.ImportedCount, time.Since(start))
	if res.ImportedCount != n || res.InvalidCount != 0 {
		t.Fatalf("good file: %+v", res.Errors[:min(3, len(res.Errors))])
	}
	if l := list(t, admin, "matchCon="+fmt.Sprintf("77%011d", n-1)); l.Records != 1 || l.Rows[0].Name != "导入商品09999" || l.Rows[0].Number != "SP10001" {
		t.Fatalf("imported barcode: %+v", l.Rows)
	}
	grouped := list(t, admin, "matchCon=fzsp")
	if grouped.Records != 1 || grouped.Rows[0].UnitTypeID != w.bottleBox || grouped.Rows[0].UnitID != w.bottle || grouped.Rows[0].Number != "SP0002" || len(grouped.Rows[0].Units) != 3 {
		t.Fatalf("grouped import %+v", grouped.Rows)
	}

	tpl := admin.Do("GET", "/api/inventory/template", nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(tpl.Body))
	if err != nil {
		t.Fatal(err)
	}
	head, _ := x.GetRows(x.GetSheetList()[0])
	if len(head) < 2 || head[0][1] != "商品名称*" || head[0][5] != "计量单位*" {
		t.Fatalf("template %v", head)
	}
	exp := admin.Do("GET", "/api/inventory/exporter?matchCon=fzsp", nil).Want(200)
	x, err = excelize.OpenReader(bytes.NewReader(exp.Body))
	if err != nil {
		t.Fatal(err)
	}
	out, _ := x.GetRows(x.GetSheetList()[0])
	if len(out) != 2 || out[1][1] != "分组商品" || out[1][4] != "饮料" || out[1][5] != "瓶箱" || out[1][13] != "是" {
		t.Fatalf("export %v", out)
	}
	// The export imports back (as a dry run: its numbers now exist).
	res, _ = imp("/api/inventory/import?dryRun=1", exp.Body)
	if res.InvalidCount != 1 || res.Errors[0].Field != "number" {
		t.Fatalf("export re-import %+v", res)
	}
}
