package backup_test

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/backup"
	"cangshu/internal/config"
)

type doc struct {
	ID     int64  `json:"id"`
	BillNo string `json:"billNo"`
}

// TestRestoreRoundTrip: a document deleted after a backup is back after the
// restore, one made after it is gone, images come back, the state before is
// kept as a backup, and the server keeps serving throughout (readers and
// writers running during the restore all get answers until the restore
// ends their session: everyone signs in again).
func TestRestoreRoundTrip(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	data := e.App.Config.DataDir
	img := filepath.Join(data, "images", "1", "photo.jpg")
	if err := os.MkdirAll(filepath.Dir(img), 0o755); err != nil {
		t.Fatal(err)
	}
	jpeg := []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00")
	if err := os.WriteFile(img, jpeg, 0o644); err != nil {
		t.Fatal(err)
	}
	var bought, draft doc
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-03-01", "10", "3")).Want(200).Decode(&bought)
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, "2025-03-02", "2", "5")).Want(200).Decode(&draft)

	clerk := e.UserWith("sales:sales:query", "sales:sales:add") // exists in the backup
	var f backup.File
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)
	if !strings.HasPrefix(f.Name, "cangshu-") || f.Size == 0 {
		t.Fatalf("backup %+v", f)
	}
	// After the backup: the draft is deleted, another sale audited, the image removed.
	r := admin.Do("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", draft.ID), nil).Want(200)
	if !strings.Contains(string(r.Body), `"ok":true`) {
		t.Fatalf("delete: %s", r.Body)
	}
	var later doc
	admin.Do("POST", "/api/sales/add?check=1", b.Doc(b.Customer, "2025-03-03", "1", "5")).Want(200).Decode(&later)
	os.Remove(img)
	if n := e.Count("SELECT COUNT(*) FROM bills WHERE bill_no = ?", draft.BillNo); n != 0 {
		t.Fatalf("draft %+v not deleted (%d): %s", draft, n, r.Body)
	}

	// Readers and writers keep going while the restore runs.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var reads, writes, failures atomic.Int64
	var failure atomic.Value
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				var res *apptest.Response
				if i == 0 {
					res = clerk.Do("GET", "/api/sales/list?page=1&rows=20", nil)
					reads.Add(1)
				} else {
					res = clerk.Do("POST", "/api/sales/add", b.Doc(b.Customer, "2025-03-05", "1", "5"))
					writes.Add(1)
				}
				if res.Status == 401 { // the restore ended the session
					return
				}
				if res.Status != 200 {
					failures.Add(1)
					failure.Store(fmt.Sprintf("%d %s", res.Status, res.Body))
				}
			}
		}()
	}
	var res backup.RestoreResult
	admin.Do("POST", "/api/backup/restore?name="+f.Name, nil).Want(200).Decode(&res)
	close(stop)
	wg.Wait()
	if failures.Load() > 0 {
		t.Fatalf("%d of %d reads and %d writes failed during the restore, e.g. %v", failures.Load(), reads.Load(), writes.Load(), failure.Load())
	}
	if res.Restored != f.Name || !strings.HasPrefix(res.Before, "before-restore-") {
		t.Fatalf("result %+v", res)
	}
	if e.Count("SELECT COUNT(*) FROM bills WHERE id = ? AND bill_no = ?", draft.ID, draft.BillNo) != 1 {
		t.Fatal("the draft deleted after the backup is not back")
	}
	if e.Count("SELECT COUNT(*) FROM bills WHERE bill_no = ?", later.BillNo) != 0 {
		t.Fatal("the sale made after the backup is still there")
	}
	// Stock follows the restored documents: only the purchase moved stock.
	if n := e.Count("SELECT COUNT(*) FROM stock_moves"); n != 1 {
		t.Fatalf("%d stock moves after the restore, want 1", n)
	}
	if got, err := os.ReadFile(img); err != nil || !bytes.Equal(got, jpeg) {
		t.Fatalf("image not restored: %q %v", got, err)
	}
	// Every session ended; signed in again, reads and writes.
	admin.Do("GET", "/api/sales/list", nil).Want(401)
	clerk.Do("GET", "/api/sales/list", nil).Want(401)
	admin = e.Admin()
	clerk = e.SignIn(clerk.Username, "secret1")
	var d doc
	admin.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", draft.ID), nil).Want(200).Decode(&d)
	if d.BillNo != draft.BillNo {
		t.Fatalf("query after restore %+v", d)
	}
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, "2025-03-06", "1", "5")).Want(200)
	// Goods search (kept by triggers) still finds the goods.
	admin.Do("GET", "/api/inventory/list?matchCon=可乐", nil).Want(200)
	// A user made after the backup no longer exists: signed out (401), not a 500.
	newcomer := e.UserWith("sales:sales:query")
	admin.Do("POST", "/api/backup/restore?name="+f.Name, nil).Want(200)
	newcomer.Do("GET", "/api/sales/list", nil).Want(401)
	if r := e.Anonymous().Login(newcomer.Username, "secret1"); r.Status != 401 {
		t.Fatalf("a user made after the backup signs in: %d %s", r.Status, r.Body)
	}
	admin = e.Admin()
	e.SignIn(clerk.Username, "secret1").Do("GET", "/api/sales/list", nil).Want(200)

	var files []backup.File
	admin.Do("GET", "/api/backup/list", nil).Want(200).Decode(&files)
	names := map[string]bool{}
	for _, x := range files {
		names[x.Name] = true
	}
	if !names[f.Name] || !names[res.Before] || len(files) != 3 {
		t.Fatalf("list %+v", files)
	}
	// The state before the restore can be restored in turn: the later sale is back.
	admin.Do("POST", "/api/backup/restore?name="+res.Before, nil).Want(200)
	e.Admin().Do("GET", "/api/sales/list", nil).Want(200) // signed in again
	if e.Count("SELECT COUNT(*) FROM bills WHERE bill_no = ?", later.BillNo) != 1 || e.Count("SELECT COUNT(*) FROM bills WHERE bill_no = ?", draft.BillNo) != 0 {
		t.Fatal("restoring the state before did not bring it back")
	}
	if e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '/api/backup/restore%'") == 0 {
		t.Fatal("the restore is not in the operation log")
	}
}

func TestBackupFilesAndRights(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	var f backup.File
	admin.Do("POST", "/api/backup/add", nil).Want(200).Decode(&f)

	// Download, then upload the same bytes: a new backup that restores.
	r := admin.Do("GET", "/api/backup/download?name="+f.Name, nil).Want(200)
	if !strings.Contains(r.Header.Get("Content-Disposition"), f.Name) || len(r.Body) != int(f.Size) {
		t.Fatalf("download: %v, %d bytes of %d", r.Header, len(r.Body), f.Size)
	}
	zr, err := zip.NewReader(bytes.NewReader(r.Body), int64(len(r.Body)))
	if err != nil {
		t.Fatal(err)
	}
	if len(zr.File) < 2 || zr.File[0].Name != "meta.json" {
		t.Fatalf("zip entries %v", zr.File)
	}
	var up backup.File
	admin.Multipart("POST", "/api/backup/upload", nil, "file", r.Body).Want(200).Decode(&up)
	if !strings.HasPrefix(up.Name, "upload-") || up.Size != f.Size {
		t.Fatalf("upload %+v", up)
	}
	admin.Do("POST", "/api/backup/restore?name="+up.Name, nil).Want(200)
	admin.Do("GET", "/api/backup/list", nil).Want(401) // everyone signs in again
	admin = e.Admin()

	// A backup of the other engine, and files that are no backup.
	other := "postgres"
	if e.App.DB.Engine() == "postgres" {
		other = "sqlite"
	}
	dbEntry := map[string]string{"sqlite": "cangshu.db", "postgres": "cangshu.pg.jsonl"}
	foreign := zipOf(t, map[string]string{"meta.json": `{"format":"cangshu-backup/1","engine":"` + other + `"}`, dbEntry[other]: "x"})
	noMeta := zipOf(t, map[string]string{"cangshu.db": "x"})
	badDB := zipOf(t, map[string]string{"meta.json": `{"format":"cangshu-backup/1","engine":"` + string(e.App.DB.Engine()) + `"}`, dbEntry[string(e.App.DB.Engine())]: "{\"format\":\"nope\"}\n"})
	var bad backup.File
	admin.Multipart("POST", "/api/backup/upload", nil, "file", badDB).Want(200).Decode(&bad) // looks right until restored

	root := e.UserWith("settings:backup:query", "settings:backup:add", "settings:backup:download", "settings:backup:restore", "settings:backup:delete")
	nobody := e.UserWith("settings:parameter:query")
	anon := e.Anonymous()
	dl := "/api/backup/download?name="
	apptest.Run(t, []apptest.Step{
		{Name: "list: not signed in", As: anon, Method: "GET", Path: "/api/backup/list", Status: 401},
		{Name: "list: no right", As: nobody, Method: "GET", Path: "/api/backup/list", Status: 403},
		{Name: "list: every right but not ROOT", As: root, Method: "GET", Path: "/api/backup/list", Status: 403, Msg: "只有系统管理员（ROOT）可以管理备份"},
		{Name: "add: not ROOT", As: root, Lang: "en", Method: "POST", Path: "/api/backup/add", Status: 403, Msg: "Only the administrator (ROOT) may manage backups"},
		{Name: "download: not ROOT", As: root, Method: "GET", Path: dl + f.Name, Status: 403},
		{Name: "upload: not ROOT", As: root, Method: "POST", Path: "/api/backup/upload", Body: apptest.Raw{ContentType: "application/json", Text: "{}"}, Status: 403},
		{Name: "restore: not ROOT", As: root, Method: "POST", Path: "/api/backup/restore?name=" + f.Name, Status: 403},
		{Name: "delete: not ROOT", As: root, Method: "DELETE", Path: "/api/backup/delete?name=" + f.Name, Status: 403},
		{Name: "settings: not ROOT", As: root, Method: "GET", Path: "/api/backup/settings", Status: 403},
		{Name: "restore: not signed in", As: anon, Method: "POST", Path: "/api/backup/restore?name=" + f.Name, Status: 401},
		{Name: "download: no name", As: admin, Method: "GET", Path: dl, Status: 400, Field: "name"},
		{Name: "download: traversal", As: admin, Method: "GET", Path: dl + "../cangshu.db", Status: 400, Field: "name", Msg: "备份名称无效（须为 .zip 结尾的文件名，不能含目录）"},
		{Name: "download: encoded traversal", As: admin, Method: "GET", Path: dl + "..%2F..%2Fcangshu.zip", Status: 400, Field: "name"},
		{Name: "download: folder", As: admin, Method: "GET", Path: dl + "images%2Fx.zip", Status: 400, Field: "name"},
		{Name: "download: absolute", As: admin, Method: "GET", Path: dl + "%2Fetc%2Fpasswd", Status: 400, Field: "name"},
		{Name: "download: not a zip name", As: admin, Method: "GET", Path: dl + "cangshu.db", Status: 400, Field: "name"},
		{Name: "download: unknown", As: admin, Lang: "en", Method: "GET", Path: dl + "nothing.zip", Status: 404, Msg: "Backup does not exist or has been deleted"},
		{Name: "restore: traversal", As: admin, Method: "POST", Path: "/api/backup/restore?name=..%2Fcangshu.db", Status: 400, Field: "name"},
		{Name: "restore: unknown", As: admin, Method: "POST", Path: "/api/backup/restore?name=nothing.zip", Status: 404},
		{Name: "restore: a broken database", As: admin, Lang: "en", Method: "POST", Path: "/api/backup/restore?confirm=1&name=" + bad.Name, Status: 400, Msg: "The file is not a Cangshu backup"},
		{Name: "restore: of unknown origin", As: admin, Lang: "en", Method: "POST", Path: "/api/backup/restore?name=" + bad.Name, Status: 400, Field: "confirm"},
		{Name: "delete: traversal", As: admin, Method: "DELETE", Path: "/api/backup/delete?name=..%2F..%2Fcangshu.zip", Status: 400, Field: "name"},
		{Name: "delete: unknown", As: admin, Method: "DELETE", Path: "/api/backup/delete?name=nothing.zip", Status: 404},
		{Name: "upload: not multipart", As: admin, Method: "POST", Path: "/api/backup/upload", Body: map[string]any{"file": "x"}, Status: 400},
		{Name: "upload: no file", As: admin, Method: "POST", Path: "/api/backup/upload", Body: apptest.Raw{ContentType: "multipart/form-data; boundary=X", Text: "--X--\r\n"}, Status: 400},
		{Name: "settings: hour", As: admin, Method: "POST", Path: "/api/backup/settings", Body: map[string]any{"daily": true, "hour": 24, "keep": 7}, Status: 400, Field: "hour"},
		{Name: "settings: keep", As: admin, Lang: "en", Method: "POST", Path: "/api/backup/settings", Body: map[string]any{"daily": true, "hour": 2, "keep": 0}, Status: 400, Field: "keep"},
		{Name: "settings: not a number", As: admin, Method: "POST", Path: "/api/backup/settings", Body: `{"hour":"x"}`, Status: 400},
	})
	for name, body := range map[string][]byte{"foreign": foreign, "noMeta": noMeta, "text": []byte("hello"), "empty": nil} {
		res := admin.Multipart("POST", "/api/backup/upload", nil, "file", body)
		if res.Status != 400 || res.Env.Errors["file"] == "" {
			t.Errorf("upload %s: %d %s", name, res.Status, res.Body)
		}
	}
	if res := admin.Multipart("POST", "/api/backup/upload", nil, "file", foreign); !strings.Contains(res.Env.Msg, "另一种数据库") {
		t.Errorf("foreign engine: %s", res.Body)
	}
	// Nothing outside the backups folder was touched; refused uploads left nothing.
	var files []backup.File
	admin.Do("GET", "/api/backup/list", nil).Want(200).Decode(&files)
	if len(files) != 4 { // f, up, the state before restoring up, bad
		t.Fatalf("list %+v", files)
	}
	admin.Do("DELETE", "/api/backup/delete?name="+f.Name, nil).Want(200)
	admin.Do("GET", dl+f.Name, nil).Want(404)
	if _, err := os.Stat(filepath.Join(e.App.Config.DataDir, "backups", f.Name)); err == nil {
		t.Fatal("deleted backup still on disk")
	}
}

func zipOf(t *testing.T, files map[string]string) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, n := range []string{"meta.json", "cangshu.db", "cangshu.pg.jsonl"} {
		if body, ok := files[n]; ok {
			w, err := z.Create(n)
			if err != nil {
				t.Fatal(err)
			}
			w.Write([]byte(body))
		}
	}
	z.Close()
	return buf.Bytes()
}

// TestScheduledBackups: one backup a day after the hour, claimed once, and
// only the newest scheduled ones kept.
func TestScheduledBackups(t *testing.T) {
	e := apptest.New(t)
	admin := e.Admin()
	admin.Do("POST", "/api/backup/add", nil).Want(200) // by hand: never pruned
	ctx := context.Background()
	day := func(d, h int) time.Time { return time.Date(2026, 1, d, h, 30, 0, 0, time.Local) }
	if made, err := e.App.Backups.RunDue(ctx, day(1, 3)); err != nil || made {
		t.Fatalf("off: made %v %v", made, err)
	}
	var st backup.Settings
	admin.Do("POST", "/api/backup/settings", map[string]any{"daily": true, "hour": 2, "keep": 2}).Want(200)
	admin.Do("GET", "/api/backup/settings", nil).Want(200).Decode(&st)
	if st != (backup.Settings{Daily: true, Hour: 2, Keep: 2}) {
		t.Fatalf("settings %+v", st)
	}
	for _, c := range []struct {
		at   time.Time
		made bool
	}{{day(1, 1), false}, {day(1, 2), true}, {day(1, 23), false}, {day(2, 5), true}, {day(3, 2), true}, {day(4, 9), true}} {
		made, err := e.App.Backups.RunDue(ctx, c.at)
		if err != nil || made != c.made {
			t.Fatalf("at %v: made %v (%v), want %v", c.at, made, err, c.made)
		}
	}
	var files []backup.File
	admin.Do("GET", "/api/backup/list", nil).Want(200).Decode(&files)
	var auto []string
	for _, f := range files {
		if strings.HasPrefix(f.Name, "auto-") {
			auto = append(auto, f.Name)
		}
	}
	if len(files) != 3 || len(auto) != 2 || !strings.HasPrefix(auto[0], "auto-20260104") || !strings.HasPrefix(auto[1], "auto-20260103") {
		t.Fatalf("kept %v of %+v", auto, files)
	}
}

// A backup may be larger than the upload limit of imports and pictures:
// the backup route has its own limit (shrunk here to keep the test small).
func TestBackupUploadLimit(t *testing.T) {
	e := apptest.New(t, func(c *config.Config) {
		c.MaxUploadBytes = 64 << 10
		c.MaxBackupBytes = 512 << 10
	})
	admin := e.Admin()
	big := bytes.Repeat([]byte("x"), 100<<10) // past the upload limit, inside the backup limit
	// The backup route reads it all: refused for what it holds, not for its size.
	if r := admin.Multipart("POST", "/api/backup/upload", nil, "file", big); r.Status != 400 {
		t.Fatalf("backup of 100 KB: %d %s", r.Status, r.Body)
	}
	// Another upload route keeps the upload limit.
	if r := admin.Multipart("POST", "/api/contact/import?type=-10", nil, "file", big); r.Status != 413 {
		t.Fatalf("import of 100 KB: %d %s", r.Status, r.Body)
	}
	// Past the backup limit: 413, nothing kept.
	if r := admin.Multipart("POST", "/api/backup/upload", nil, "file", bytes.Repeat([]byte("x"), 600<<10)); r.Status != 413 {
		t.Fatalf("backup of 600 KB: %d %s", r.Status, r.Body)
	}
	var list []map[string]any
	admin.Do("GET", "/api/backup/list", nil).Want(200).Decode(&list)
	if len(list) != 0 {
		t.Fatalf("refused uploads were kept: %v", list)
	}
}
