package bill_test

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/textproto"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

type attachment struct {
	ID          int64  `json:"id"`
	BillID      int64  `json:"billId"`
	Role        string `json:"role"`
	Name        string `json:"name"`
	ContentType string `json:"contentType"`
	Size        int64  `json:"size"`
	UserName    string `json:"userName"`
}

// attach uploads one file (field "file", the name as given, raw: a hostile
// name reaches the server as sent) with an optional role (?role=).
func attach(c *apptest.Client, path, name, role string, data []byte) *apptest.Response {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	if role != "" {
		path += "&role=" + role
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name="file"; filename="`+name+`"`)
	h.Set("Content-Type", "application/octet-stream")
	fw, _ := mw.CreatePart(h)
	fw.Write(data)
	mw.Close()
	return c.Raw("POST", path, mw.FormDataContentType(), &buf)
}

func pngBytes(w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := 0; x < w; x++ {
		img.Set(x, h/2, color.Black)
	}
	var b bytes.Buffer
	png.Encode(&b, img)
	return b.Bytes()
}

func zipOf(files ...string) []byte {
	var b bytes.Buffer
	z := zip.NewWriter(&b)
	for _, f := range files {
		w, _ := z.Create(f)
		w.Write([]byte("<x/>"))
	}
	z.Close()
	return b.Bytes()
}

var (
	pdfBytes  = []byte("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")
	oleBytes  = append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 504)...)
	docxBytes = zipOf("[Content_Types].xml", "_rels/.rels", "word/document.xml")
)

// Attachments on documents of every kind: upload by content type, list,
// download, delete, the customer's signature; permissions, shop isolation
// and data rights; a document's delete, a backup and a reset take the files
// along.
func TestAttachments(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	e, admin := w.e, w.admin
	draft := w.save(admin, "/api/sales/add", w.doc(w.customer, "2025-03-01", w.colaLine("2", "5")))
	base := "/api/sales/attachment/"
	add := fmt.Sprintf(base+"add?id=%d", draft.ID)
	dir := func(id int64) string {
		return filepath.Join(e.App.Config.DataDir, "images", "attachments", fmt.Sprint(id))
	}
	filesOf := func(id int64) []string { f, _ := filepath.Glob(filepath.Join(dir(id), "*")); return f }

	// Accepted by content, named safely.
	var got []attachment
	for _, c := range []struct {
		name     string
		data     []byte
		wantName string
		wantType string
	}{
		{"photo.png", pngBytes(40, 30), "photo.png", "image/png"},
		{"送货单.PDF", pdfBytes, "送货单.PDF", "application/pdf"},
		{"合同.docx", docxBytes, "合同.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{"old.xls", oleBytes, "old.xls", "application/vnd.ms-excel"},
		// a path, a right-to-left override disguising the extension, a wrong extension
		{`..\..\evil` + "\u202e" + `gnp.exe`, pdfBytes, "evilgnp.exe.pdf", "application/pdf"},
		{"<img src=x onerror=alert(1)>.pdf", pdfBytes, "<img src=x onerror=alert(1)>.pdf", "application/pdf"},
		{"", pdfBytes, "file.pdf", "application/pdf"},
		{strings.Repeat("长", 300) + ".pdf", pdfBytes, strings.Repeat("长", 96) + ".pdf", "application/pdf"},
	} {
		var a attachment
		r := attach(admin, add, c.name, "", c.data)
		if c.name == "" {
			// no file name: not a file part for the multipart reader
			r.Want(400)
			continue
		}
		r.Want(200).Decode(&a)
		if a.Name != c.wantName || a.ContentType != c.wantType || a.Size != int64(len(c.data)) || a.BillID != draft.ID || a.UserName == "" {
			t.Errorf("%q: %+v", c.name, a)
		}
		got = append(got, a)
	}
	if n := len(filesOf(draft.ID)); n != len(got) {
		t.Fatalf("%d files for %d attachments", n, len(got))
	}
	// The bytes come back as a download named as stored.
	r := admin.Do("GET", fmt.Sprintf(base+"get?id=%d", got[0].ID), nil).Want(200)
	if !bytes.Equal(r.Body, pngBytes(40, 30)) || r.Header.Get("Content-Type") != "image/png" || !strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") {
		t.Fatalf("download: %s %s", r.Header.Get("Content-Type"), r.Header.Get("Content-Disposition"))
	}
	if cd := admin.Do("GET", fmt.Sprintf(base+"get?id=%d", got[5].ID), nil).Want(200).Header.Get("Content-Disposition"); strings.Count(cd, `"`) != 2 || strings.ContainsAny(cd, "\r\n") {
		t.Fatalf("hostile name's header: %s", cd)
	}

	// Refused by content or size, nothing written.
	big := append(append([]byte{}, pdfBytes...), make([]byte, 10<<20)...)
	for _, c := range []struct {
		name, role string
		data       []byte
		status     int
		msg        string
	}{
		{"page.html", "", []byte("<html><script>alert(1)</script></html>"), 400, "page.html"},
		{"logo.svg", "", []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`), 400, "logo.svg"},
		{"setup.exe", "", append([]byte("MZ\x90\x00"), make([]byte, 200)...), 400, "setup.exe"},
		{"notes.txt", "", []byte("just text"), 400, "notes.txt"},
		{"setup.msi", "", oleBytes, 400, "setup.msi"},                                                          // an OLE file that is no office document
		{"macro.xlsm", "", zipOf("[Content_Types].xml", "xl/workbook.xml", "xl/vbaProject.bin"), 400, "macro"}, // macros
		{"archive.zip", "", zipOf("a.txt"), 400, "archive.zip"},
		{"empty.pdf", "", nil, 400, "empty.pdf"},
		{"big.pdf", "", big, 413, "10 MB"},
		{"sig.jpg", "signature", func() []byte {
			var b bytes.Buffer
			jpeg.Encode(&b, image.NewRGBA(image.Rect(0, 0, 8, 8)), nil)
			return b.Bytes()
		}(), 400, "PNG"},
		{"a.png", "owner", pngBytes(4, 4), 400, ""},
	} {
		r := attach(admin, add, c.name, c.role, c.data)
		if r.Status != c.status || !strings.Contains(r.Env.Msg, c.msg) {
			t.Errorf("%s: %d %s", c.name, r.Status, r.Body)
		}
	}
	if n := len(filesOf(draft.ID)); n != len(got) {
		t.Fatalf("a refused upload left a file: %d files", n)
	}
	// the edge refuses a NUL anywhere in a multipart header
	if r := attach(admin, add, "nul\x00.pdf", "", pdfBytes); r.Status != 400 || len(filesOf(draft.ID)) != len(got) {
		t.Fatalf("NUL in the name: %d %s", r.Status, r.Body)
	}

	// The customer's signature: a PNG; signing again replaces it.
	var sig, sig2 attachment
	attach(admin, add, "whatever.png", "signature", pngBytes(300, 100)).Want(200).Decode(&sig)
	before := len(filesOf(draft.ID))
	attach(admin, add, "again.png", "signature", pngBytes(300, 120)).Want(200).Decode(&sig2)
	if sig.Role != "signature" || sig2.Name != "signature.png" || sig2.Size == sig.Size {
		t.Fatalf("signatures %+v %+v", sig, sig2)
	}
	if n := e.Count("SELECT COUNT(*) FROM bill_attachments WHERE bill_id = ? AND role = 'signature'", draft.ID); n != 1 || len(filesOf(draft.ID)) != before {
		t.Fatalf("%d signatures kept, %d files (were %d)", n, len(filesOf(draft.ID)), before)
	}
	if b := admin.Do("GET", fmt.Sprintf(base+"get?id=%d", sig2.ID), nil).Want(200).Body; !bytes.Equal(b, pngBytes(300, 120)) {
		t.Fatal("the signature is not the last one")
	}

	// Audited documents take attachments too (a delivery signed on arrival).
	w.save(admin, "/api/purchase/add?check=1", w.doc(w.supplier, "2025-03-01", w.colaLine("10", "3")))
	audited := w.save(admin, "/api/sales/add?check=1", w.doc(w.customer, "2025-03-02", w.colaLine("1", "5")))
	attach(admin, fmt.Sprintf(base+"add?id=%d", audited.ID), "pod.png", "signature", pngBytes(50, 20)).Want(200)

	// Who sees what.
	clerk := e.UserWith("sales:sales:query")
	editor := e.UserWith("sales:sales:query", "sales:sales:update")
	buyer := e.UserWith("purchase:purchase:query", "purchase:purchase:update")
	limitedID := e.CreateUser("limited", "secret1", "sales:sales:query", "sales:sales:update")
	e.Exec("INSERT INTO data_rights (user_id, kind, ref_id) VALUES (?, 'warehouse', 0), (?, 'warehouse', ?)", limitedID, limitedID, w.branch)
	limited := e.SignIn("limited", "secret1")
	// a document of another shop
	elsewhere := e.Admin()
	elsewhere.Do("POST", "/api/home/switchShop", map[string]any{"shopId": w.otherShop}).Want(200)
	foreign := w.save(elsewhere, "/api/sales/add", map[string]any{"date": "2025-03-01", "buId": w.customer, "locationId": w.outside,
		"entries": []line{{"invId": w.cola, "unitId": w.bottle, "qty": "1", "price": "1", "locationId": w.outside}}})
	var fa attachment
	attach(elsewhere, fmt.Sprintf(base+"add?id=%d", foreign.ID), "x.pdf", "", pdfBytes).Want(200).Decode(&fa)

	id := fmt.Sprint(draft.ID)
	one := fmt.Sprint(got[1].ID)
	apptest.Run(t, []apptest.Step{
		{Name: "list", As: clerk, Method: "GET", Path: base + "list?id=" + id, Status: 200, BodyHas: `"name":"送货单.PDF"`},
		{Name: "download with the query right", As: clerk, Method: "GET", Path: base + "get?id=" + one, Status: 200},
		{Name: "add without the update right", As: clerk, Method: "POST", Path: add, Status: 403},
		{Name: "delete without the update right", As: clerk, Method: "DELETE", Path: base + "delete?id=" + one, Status: 403},
		{Name: "another kind's right", As: buyer, Method: "GET", Path: base + "list?id=" + id, Status: 403},
		{Name: "through another kind's route", As: buyer, Method: "GET", Path: "/api/purchase/attachment/list?id=" + id, Status: 404},
		{Name: "file through another kind's route", As: buyer, Method: "GET", Path: "/api/purchase/attachment/get?id=" + one, Status: 404},
		{Name: "data rights hide the document", As: limited, Method: "GET", Path: base + "list?id=" + id, Status: 404},
		{Name: "data rights hide its files", As: limited, Method: "GET", Path: base + "get?id=" + one, Status: 404},
		{Name: "data rights: no upload", As: limited, Method: "POST", Path: add, Body: apptest.Raw{ContentType: "multipart/form-data; boundary=x", Text: "--x--"}, Status: 404},
		{Name: "data rights: no delete", As: limited, Method: "DELETE", Path: base + "delete?id=" + one, Status: 404},
		{Name: "another shop's document", As: admin, Method: "GET", Path: fmt.Sprintf(base+"list?id=%d", foreign.ID), Status: 404},
		{Name: "another shop's file", As: admin, Method: "GET", Path: fmt.Sprintf(base+"get?id=%d", fa.ID), Status: 404},
		{Name: "another shop's file: delete", As: editor, Method: "DELETE", Path: fmt.Sprintf(base+"delete?id=%d", fa.ID), Status: 404},
		{Name: "unknown document", As: admin, Method: "GET", Path: base + "list?id=999999", Status: 404},
		{Name: "bad id", As: admin, Method: "GET", Path: base + "list?id=x", Status: 400},
		{Name: "no file", As: editor, Method: "POST", Path: add, Body: apptest.Raw{ContentType: "multipart/form-data; boundary=x", Text: "--x--"}, Status: 400, Field: "file"},
		{Name: "delete", As: editor, Method: "DELETE", Path: base + "delete?id=" + one, Status: 200},
		{Name: "delete again", As: editor, Method: "DELETE", Path: base + "delete?id=" + one, Status: 404},
		{Name: "the list follows", As: clerk, Method: "GET", Path: base + "list?id=" + id, Status: 200},
	})
	if strings.Contains(string(clerk.Do("GET", base+"list?id="+id, nil).Body), "送货单") {
		t.Fatal("a deleted attachment is listed")
	}
	if n := len(filesOf(draft.ID)); n != e.Count("SELECT COUNT(*) FROM bill_attachments WHERE bill_id = ?", draft.ID) {
		t.Fatalf("%d files after a delete", n)
	}

	// A backup holds the files.
	var bk struct{ Name string }
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&bk)
	z, err := zip.OpenReader(filepath.Join(e.App.Config.DataDir, "backups", bk.Name))
	if err != nil {
		t.Fatal(err)
	}
	inBackup := 0
	for _, f := range z.File {
		if strings.HasPrefix(f.Name, fmt.Sprintf("images/attachments/%d/", draft.ID)) {
			inBackup++
		}
	}
	z.Close()
	if inBackup != len(filesOf(draft.ID)) || inBackup == 0 {
		t.Fatalf("backup holds %d of %d files", inBackup, len(filesOf(draft.ID)))
	}

	// Deleting the document deletes its attachments.
	admin.Do("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", draft.ID), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM bill_attachments WHERE bill_id = ?", draft.ID); n != 0 || len(filesOf(draft.ID)) != 0 {
		t.Fatalf("after the delete: %d rows, files %v", n, filesOf(draft.ID))
	}
	if _, err := os.Stat(dir(draft.ID)); !os.IsNotExist(err) {
		t.Fatalf("the document's folder is left: %v", err)
	}

	// Reset clears the attachments and their files.
	if len(filesOf(audited.ID)) != 1 {
		t.Fatal("no file to reset")
	}
	admin.Do("POST", "/api/home/reset", map[string]any{"password": apptest.AdminPassword}).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM bill_attachments"); n != 0 || len(filesOf(audited.ID)) != 0 || len(filesOf(foreign.ID)) != 0 {
		t.Fatalf("after reset: %d rows, files %v %v", n, filesOf(audited.ID), filesOf(foreign.ID))
	}
}

// Every kind has the attachment routes, with its own rights.
func TestAttachmentsOnEveryKind(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	purchase := w.save(w.admin, "/api/purchase/add", w.doc(w.supplier, "2025-03-01", w.colaLine("2", "5")))
	clerk := w.e.UserWith("purchase:purchase:query")
	add := fmt.Sprintf("/api/purchase/attachment/add?id=%d", purchase.ID)
	attach(w.admin, add, "invoice.pdf", "", pdfBytes).Want(200)
	if r := attach(clerk, add, "invoice.pdf", "", pdfBytes); r.Status != 403 {
		t.Fatalf("purchase without update: %d", r.Status)
	}
	w.e.UserWith("purchase:purchase:query").Do("GET", fmt.Sprintf("/api/purchase/attachment/list?id=%d", purchase.ID), nil).Want(200)
	for _, path := range []string{"/api/purOrder", "/api/invTf", "/api/otherIn", "/api/receipt", "/api/fundTf", "/api/salesInvoice", "/api/combination"} {
		w.admin.Do("GET", path+"/attachment/list?id=999999", nil).Want(404)
	}
}

// Lines keep the order they are sent in (the screen's drag and Alt+arrows):
// an update with the lines reordered answers and stores them so.
func TestLinesKeepTheSentOrder(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	sprite := line{"invId": w.sprite, "unitId": w.piece, "qty": "1", "price": "2"}
	d := w.save(w.admin, "/api/sales/add", w.doc(w.customer, "2025-03-01", w.colaLine("2", "5"), sprite))
	body := w.doc(w.customer, "2025-03-01", sprite, w.colaLine("2", "5"))
	body["id"], body["version"] = d.ID, d.Version
	u := w.save(w.admin, "/api/sales/update", body)
	var q Doc
	w.admin.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", d.ID), nil).Want(200).Decode(&q)
	for _, x := range []Doc{u, q} {
		if len(x.Entries) != 2 || x.Entries[0].InvName != "雪碧" || x.Entries[1].InvName != "可乐" {
			t.Fatalf("order after the update: %+v", x.Entries)
		}
	}
}
