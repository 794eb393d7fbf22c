package notice_test

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/dict"
	"cangshu/internal/notice"
)

func newEnv(t *testing.T) *apptest.Env {
	t.Helper()
	e := apptest.New(t)
	ctx := context.Background()
	// The notice type and level come from the built-in dictionaries.
	if err := e.App.DB.InTx(ctx, func(tx *db.Tx) error { return dict.SeedDefaults(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
	return e
}

func create(t *testing.T, c *apptest.Client, body map[string]any) int64 {
	t.Helper()
	var id int64
	c.Do("POST", "/api/notices/", body).Want(200).Decode(&id)
	return id
}

func unread(t *testing.T, c *apptest.Client) int {
	t.Helper()
	var n int
	c.Do("GET", "/api/notices/unread-count", nil).Want(200).Decode(&n)
	return n
}

func mine(t *testing.T, c *apptest.Client, query string) apptest.Page[notice.Mine] {
	t.Helper()
	var p apptest.Page[notice.Mine]
	c.Do("GET", "/api/notices/my-page?"+query, nil).Want(200).Decode(&p)
	return p
}

func TestNoticeLifeCycle(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	reader := e.UserWith()
	id := create(t, admin, map[string]any{"title": "盘点通知", "content": "<p>本周五<b>盘点</b></p>", "type": 1, "level": "H"})

	var p apptest.Page[notice.Page]
	admin.Do("GET", "/api/notices/page?publishStatus=0", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].ID != id || p.List[0].PublishStatus != notice.Draft || p.List[0].PublishTime != nil || p.List[0].TargetType != 1 {
		t.Fatalf("draft page: %+v", p)
	}
	// A draft is invisible to readers.
	if got := mine(t, reader, ""); got.Total != 0 {
		t.Fatalf("reader sees a draft: %+v", got)
	}
	reader.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(404)
	// ... but not to administrators of notices.
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(200)

	before := time.Now().UTC().Add(-time.Second)
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil).Want(200)
	admin.Do("GET", "/api/notices/page?publishStatus=1", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].PublisherName != "系统管理员" || p.List[0].PublishTime == nil || p.List[0].PublishTime.Before(before) {
		t.Fatalf("published page: %+v", p)
	}
	if r := admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil); r.Status != 409 {
		t.Fatalf("publish twice: %d", r.Status)
	}

	// The reader sees it unread, reads it, and it is read.
	if n := unread(t, reader); n != 1 {
		t.Fatalf("unread %d", n)
	}
	m := mine(t, reader, "")
	if m.Total != 1 || m.List[0].IsRead != 0 || m.List[0].Level != "H" || m.List[0].PublisherName != "系统管理员" {
		t.Fatalf("my page: %+v", m)
	}
	var d notice.Detail
	reader.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(200).Decode(&d)
	if d.Title != "盘点通知" || d.Content != "<p>本周五<b>盘点</b></p>" || d.PublishStatus != notice.Published || d.Type != 1 {
		t.Fatalf("detail: %+v", d)
	}
	if n := unread(t, reader); n != 0 {
		t.Fatalf("unread after reading %d", n)
	}
	if m := mine(t, reader, "isRead=1"); m.Total != 1 || m.List[0].IsRead != 1 {
		t.Fatalf("read filter: %+v", m)
	}
	if m := mine(t, reader, "isRead=0"); m.Total != 0 {
		t.Fatalf("unread filter: %+v", m)
	}

	// Published notices are locked.
	reader.Lang, admin.Lang = "en", "en"
	r := admin.Do("POST", fmt.Sprintf("/api/notices/%d", id), map[string]any{"title": "改", "type": 1}).Want(409)
	if !strings.Contains(r.Env.Msg, "revoke it before editing") {
		t.Fatalf("edit published: %s", r.Env.Msg)
	}
	r = admin.Do("DELETE", fmt.Sprintf("/api/notices/%d", id), nil).Want(409)
	if !strings.Contains(r.Env.Msg, `"盘点通知" is published`) {
		t.Fatalf("delete published: %s", r.Env.Msg)
	}

	// Revoked: gone for readers, editable, publishable again (unread again).
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/revoke", id), nil).Want(200)
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/revoke", id), nil).Want(409)
	if m := mine(t, reader, ""); m.Total != 0 {
		t.Fatalf("reader sees a revoked notice: %+v", m)
	}
	reader.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(404)
	admin.Do("GET", "/api/notices/page?publishStatus=-1", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].RevokeTime == nil {
		t.Fatalf("revoked page: %+v", p)
	}
	admin.Do("POST", fmt.Sprintf("/api/notices/%d", id), map[string]any{"title": "盘点通知（改期）", "content": "下周一", "type": 2, "level": "M"}).Want(200)
	var f notice.Form
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", id), nil).Want(200).Decode(&f)
	if f.Title != "盘点通知（改期）" || f.Type != 2 || f.Level != "M" || f.TargetType != 1 || len(f.TargetUserIDs) != 0 || f.PublishStatus != notice.Revoked {
		t.Fatalf("form: %+v", f)
	}
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil).Want(200)
	if n := unread(t, reader); n != 1 {
		t.Fatalf("unread after republishing %d", n)
	}

	// Read-all marks every visible notice read.
	create(t, admin, map[string]any{"title": "第二条", "type": 99})
	id3 := create(t, admin, map[string]any{"title": "第三条", "type": 5, "level": "L"})
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id3), nil).Want(200)
	if n := unread(t, reader); n != 2 {
		t.Fatalf("unread before read-all %d", n)
	}
	if m := mine(t, reader, "title=第三"); m.Total != 1 || m.List[0].ID != id3 {
		t.Fatalf("title filter: %+v", m)
	}
	reader.Do("POST", "/api/notices/read-all", nil).Want(200)
	if n := unread(t, reader); n != 0 {
		t.Fatalf("unread after read-all %d", n)
	}
	reader.Do("POST", "/api/notices/read-all", nil).Want(200) // nothing left: fine
	// The administrator's own read state is separate.
	if n := unread(t, admin); n != 2 {
		t.Fatalf("admin unread %d", n)
	}

	// Drafts and revoked notices can be deleted, in one batch, all or none.
	draft := create(t, admin, map[string]any{"title": "草稿", "type": 1})
	admin.Do("DELETE", fmt.Sprintf("/api/notices/%d,%d", draft, id3), nil).Want(409)
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", draft), nil).Want(200)
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/revoke", id3), nil).Want(200)
	admin.Do("DELETE", fmt.Sprintf("/api/notices/%d,%d", draft, id3), nil).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", draft), nil).Want(404)
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", id3), nil).Want(404)
}

func TestTargetedNotice(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	aID := e.CreateUser("alice", "secret1")
	e.CreateUser("bob", "secret1")
	alice, bob := e.SignIn("alice", "secret1"), e.SignIn("bob", "secret1")
	// Ids may come as strings (youlai's form sends them so).
	id := create(t, admin, map[string]any{"title": "给 Alice", "type": 1, "targetType": 2, "targetUserIds": []string{fmt.Sprint(aID)}})
	var f notice.Form
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", id), nil).Want(200).Decode(&f)
	if f.TargetType != 2 || len(f.TargetUserIDs) != 1 || f.TargetUserIDs[0] != aID {
		t.Fatalf("form: %+v", f)
	}
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil).Want(200)
	if m := mine(t, alice, ""); m.Total != 1 {
		t.Fatalf("alice: %+v", m)
	}
	if m := mine(t, bob, ""); m.Total != 0 {
		t.Fatalf("bob sees alice's notice: %+v", m)
	}
	if unread(t, bob) != 0 || unread(t, alice) != 1 {
		t.Fatal("unread counts")
	}
	bob.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(404)
	bob.Do("POST", "/api/notices/read-all", nil).Want(200)
	alice.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(200)
	if unread(t, alice) != 0 {
		t.Fatal("alice unread after reading")
	}
	// A targeted notice for everyone again after editing: revoke, edit, publish.
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/revoke", id), nil).Want(200)
	admin.Do("POST", fmt.Sprintf("/api/notices/%d", id), map[string]any{"title": "给大家", "type": 1, "targetType": 1, "targetUserIds": []int64{aID}}).Want(200)
	admin.Do("GET", fmt.Sprintf("/api/notices/%d/form", id), nil).Want(200).Decode(&f)
	if f.TargetType != 1 || len(f.TargetUserIDs) != 0 {
		t.Fatalf("targets kept for everyone: %+v", f)
	}
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil).Want(200)
	if m := mine(t, bob, ""); m.Total != 1 {
		t.Fatalf("bob after retargeting: %+v", m)
	}
}

func TestNoticeBadInput(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	uid := e.CreateUser("carol", "secret1")
	id := create(t, admin, map[string]any{"title": "t", "type": 1})
	apptest.Run(t, []apptest.Step{
		{Name: "missing title", As: admin, Method: "POST", Path: "/api/notices/", Body: `{"type":1}`, Status: 400, Field: "title", MsgHas: "通知标题不能为空"},
		{Name: "blank title", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: `{"title":"  ","type":1}`, Status: 400, Field: "title", MsgHas: "Notice title is required"},
		{Name: "oversize title", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: map[string]any{"title": strings.Repeat("标", 101), "type": 1}, Status: 400, Field: "title", MsgHas: "at most 100 characters"},
		{Name: "oversize content", As: admin, Method: "POST", Path: "/api/notices/", Body: map[string]any{"title": "t", "type": 1, "content": strings.Repeat("字", 20001)}, Status: 400, Field: "content"},
		{Name: "missing type", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: `{"title":"t"}`, Status: 400, Field: "type", MsgHas: "Notice type is required"},
		{Name: "unknown type", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":7}`, Status: 400, Field: "type", MsgHas: "Notice type has a value that is not allowed"},
		{Name: "unknown level", As: admin, Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":1,"level":"X"}`, Status: 400, Field: "level", MsgHas: "通知级别的取值不正确"},
		{Name: "bad target type", As: admin, Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":1,"targetType":3}`, Status: 400, Field: "targetType"},
		{Name: "targets missing", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":1,"targetType":2}`, Status: 400, Field: "targetUserIds", MsgHas: "Target users is required"},
		{Name: "unknown targets", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: fmt.Sprintf(`{"title":"t","type":1,"targetType":2,"targetUserIds":[%d,99998,99999]}`, uid), Status: 400, Field: "targetUserIds", MsgHas: "do not exist: 99998, 99999"},
		{Name: "bad target ids", As: admin, Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":1,"targetType":2,"targetUserIds":["x"]}`, Status: 400, Field: "targetUserIds"},
		{Name: "malformed JSON", As: admin, Lang: "en", Method: "POST", Path: "/api/notices/", Body: `{"title":"t",`, Status: 400, MsgHas: "not valid JSON"},
		{Name: "wrong field type", As: admin, Method: "POST", Path: "/api/notices/", Body: `{"title":"t","type":"one"}`, Status: 400, Field: "type"},
		{Name: "unknown id form", As: admin, Lang: "en", Method: "GET", Path: "/api/notices/99999/form", Status: 404, MsgHas: "Notice does not exist"},
		{Name: "unknown id update", As: admin, Method: "POST", Path: "/api/notices/99999", Body: `{"title":"t","type":1}`, Status: 404},
		{Name: "unknown id publish", As: admin, Method: "POST", Path: "/api/notices/99999/publish", Status: 404},
		{Name: "unknown id revoke", As: admin, Method: "POST", Path: "/api/notices/99999/revoke", Status: 404},
		{Name: "unknown id detail", As: admin, Method: "GET", Path: "/api/notices/99999/detail", Status: 404},
		{Name: "unknown id in batch delete", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/notices/%d,99999", id), Status: 404},
		{Name: "bad id", As: admin, Method: "POST", Path: "/api/notices/x/publish", Status: 400},
		{Name: "bad status filter", As: admin, Method: "GET", Path: "/api/notices/page?publishStatus=5", Status: 400, Field: "publishStatus"},
		{Name: "bad read filter", As: admin, Method: "GET", Path: "/api/notices/my-page?isRead=2", Status: 400, Field: "isRead"},
		{Name: "revoke a draft", As: admin, Lang: "en", Method: "POST", Path: fmt.Sprintf("/api/notices/%d/revoke", id), Status: 409, MsgHas: "is not published"},
		{Name: "safe HTML is kept", As: admin, Method: "POST", Path: "/api/notices/", Body: map[string]any{"title": "t", "type": 1, "content": `<p style="color:red">a <a href="https://x.test/a?b=1">link</a> <img src="data:image/png;base64,AAAA"> on=1 onclick</p>`}, Status: 200},
		{Name: "form body", As: admin, Method: "POST", Path: "/api/notices/", Body: url.Values{"title": {"表单"}, "type": {"1"}, "targetType": {"2"}, "targetUserIds": {fmt.Sprint(uid)}}, Status: 200},
		{Name: "wrong content type", As: admin, Method: "POST", Path: "/api/notices/", Body: apptest.Raw{ContentType: "text/xml", Text: "<a/>"}, Status: 400, MsgHas: "text/xml"},
	})
	// Nothing of the refused requests was saved.
	if n := e.Count("SELECT COUNT(*) FROM notices"); n != 3 {
		t.Fatalf("%d notices, want 3", n)
	}
}

func TestNoticeTargetsOfOtherShops(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	now := time.Now().UTC()
	shop2 := e.Insert(`INSERT INTO shops (code, name, status, sort, created_at, updated_at)
		VALUES ('S002', '分店', 1, 2, ?, ?) RETURNING id`, now, now)
	far := e.CreateUser("faraway", "secret1")
	e.Exec("UPDATE user_shops SET shop_id = ? WHERE user_id = ?", shop2, far)
	near := e.CreateUser("nearby", "secret1")
	e.CreateUser("editor", "secret1", "sys:notice:add", "sys:notice:edit", "sys:notice:publish", "sys:notice:revoke")
	editor := e.SignIn("editor", "secret1")
	editor.Lang = "en"

	// A publisher who is not an administrator addresses the active shop's users only.
	r := editor.Do("POST", "/api/notices/", map[string]any{"title": "t", "type": 1, "targetType": 2, "targetUserIds": []int64{near, far}}).Want(400)
	if !strings.Contains(r.Env.Msg, "not in it: faraway") || r.Env.Errors["targetUserIds"] == "" {
		t.Fatalf("other shop's user: %s", r.Body)
	}
	id := create(t, editor, map[string]any{"title": "t", "type": 1, "targetType": 2, "targetUserIds": []int64{near}})
	editor.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id), nil).Want(200)
	// The administrator may address anyone; the editor may not publish that.
	id2 := create(t, admin, map[string]any{"title": "全体店铺", "type": 1, "targetType": 2, "targetUserIds": []int64{near, far}})
	editor.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id2), nil).Want(400)
	admin.Do("POST", fmt.Sprintf("/api/notices/%d/publish", id2), nil).Want(200)
	if m := mine(t, e.SignIn("faraway", "secret1"), ""); m.Total != 1 || m.List[0].ID != id2 {
		t.Fatalf("faraway: %+v", m)
	}
	if m := mine(t, e.SignIn("nearby", "secret1"), ""); m.Total != 2 {
		t.Fatalf("nearby: %+v", m)
	}
}

func TestNoticePermissions(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	admin := e.Admin()
	id := create(t, admin, map[string]any{"title": "t", "type": 1})
	none := e.UserWith()
	for _, r := range []struct{ method, url string }{
		{"GET", "/api/notices/page"},
		{"GET", fmt.Sprintf("/api/notices/%d/form", id)},
		{"POST", "/api/notices/"},
		{"POST", fmt.Sprintf("/api/notices/%d", id)},
		{"DELETE", fmt.Sprintf("/api/notices/%d", id)},
		{"POST", fmt.Sprintf("/api/notices/%d/publish", id)},
		{"POST", fmt.Sprintf("/api/notices/%d/revoke", id)},
	} {
		if got := none.Do(r.method, r.url, `{"title":"x","type":1}`); got.Status != 403 || got.Env.Code != "A0301" {
			t.Errorf("%s %s: %d %s", r.method, r.url, got.Status, got.Body)
		}
	}
	// A holder of sys:notice:query reads drafts too, without marking them read.
	q := e.UserWith("sys:notice:query")
	q.Do("GET", "/api/notices/page", nil).Want(200)
	q.Do("GET", fmt.Sprintf("/api/notices/%d/detail", id), nil).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM notice_reads"); n != 0 {
		t.Fatalf("draft marked read: %d", n)
	}
	for _, url := range []string{"/api/notices/my-page", "/api/notices/unread-count"} {
		e.Anonymous().Do("GET", url, nil).Want(401)
		none.Do("GET", url, nil).Want(200)
	}
}
