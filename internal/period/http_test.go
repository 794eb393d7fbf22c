package period_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/period"
)

type doc struct {
	ID      int64  `json:"id"`
	BillNo  string `json:"billNo"`
	Version int64  `json:"version"`
}

func TestPeriodClose(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	save := func(path string, body map[string]any) doc {
		t.Helper()
		var d doc
		admin.Do("POST", path, body).Want(200).Decode(&d)
		return d
	}
	bought := save("/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-01-10", "10", "3"))
	sold := save("/api/sales/add?check=1", b.Doc(b.Customer, "2025-01-20", "2", "5"))
	draftIn := save("/api/sales/add", b.Doc(b.Customer, "2025-01-25", "1", "5"))
	draftOut := save("/api/sales/add", b.Doc(b.Customer, "2025-03-01", "1", "5"))

	// A draft in the period blocks the close, naming it.
	r := admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(409)
	if want := fmt.Sprintf("未审核单据“%s”的日期是 2025-01-25，在结账期间内：请先审核或删除", draftIn.BillNo); r.Env.Msg != want {
		t.Fatalf("draft in period: %q", r.Env.Msg)
	}
	admin.Do("DELETE", fmt.Sprintf("/api/sales/delete?id=%d", draftIn.ID), nil).Want(200)

	var st period.State
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2024-12-31"}).Want(200)
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200).Decode(&st)
	if st.CloseDate != "2025-01-31" || len(st.Closes) != 2 || st.Closes[1].CloseDate != "2024-12-31" || st.Closes[0].UserName != "系统管理员" {
		t.Fatalf("after close %+v", st)
	}
	// The close stored its stock snapshot: 10 bought, 2 sold by the date.
	if q := e.Text("SELECT CAST(r.qty AS TEXT) || '/' || CAST(r.amount AS TEXT) FROM stock_snapshot_rows r JOIN stock_snapshots s ON s.id = r.snapshot_id WHERE s.closed = 1 AND s.state = 'valid' AND s.as_of = '2025-01-31' AND r.goods_id = ?", b.Goods); q != "8000000/24000000" {
		t.Fatalf("period balance %s", q)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_snapshot_rows r JOIN stock_snapshots s ON s.id = r.snapshot_id WHERE s.as_of = '2024-12-31'"); n != 0 {
		t.Fatalf("balances before any move: %d", n)
	}
	var home map[string]any
	admin.Do("GET", "/api/home", nil).Want(200).Decode(&home)
	if home["closeDate"] != "2025-01-31" {
		t.Fatalf("home closeDate %v", home["closeDate"])
	}

	// Every write into the period is refused; nothing changes.
	before := e.Count("SELECT COUNT(*) FROM stock_moves") + 10*e.Count("SELECT COUNT(*) FROM bills")
	in := "2025-01-31 及以前的期间已结账，不能保存、审核、反审核或删除该日期的单据"
	apptest.Run(t, []apptest.Step{
		{Name: "add dated in the period", As: admin, Method: "POST", Path: "/api/sales/add", Body: b.Doc(b.Customer, "2025-01-31", "1", "5"), Status: 400, Field: "date", Msg: in},
		{Name: "add and audit dated in the period", As: admin, Method: "POST", Path: "/api/purchase/add?check=1", Body: b.Doc(b.Supplier, "2025-01-01", "1", "5"), Status: 400, Field: "date"},
		{Name: "move a draft into the period", As: admin, Method: "POST", Path: "/api/sales/update", Body: withID(b.Doc(b.Customer, "2025-01-15", "1", "5"), draftOut), Status: 400, Field: "date"},
		{Name: "un-audit in the period", As: admin, Method: "POST", Path: fmt.Sprintf("/api/sales/uncheck?id=%d", sold.ID), Status: 200, BodyHas: `"ok":false,"msg":"` + in + `"`},
		{Name: "un-audit in the period, en", As: admin, Lang: "en", Method: "POST", Path: fmt.Sprintf("/api/purchase/uncheck?id=%d", bought.ID), Status: 200,
			BodyHas: `"ok":false,"msg":"The period up to 2025-01-31 is closed: documents dated in it cannot be saved, audited, un-audited or deleted"`},
	})
	if after := e.Count("SELECT COUNT(*) FROM stock_moves") + 10*e.Count("SELECT COUNT(*) FROM bills"); after != before {
		t.Fatalf("a refused write changed data: %d → %d", before, after)
	}
	// After the period: still allowed.
	admin.Do("POST", "/api/sales/update", withID(b.Doc(b.Customer, "2025-02-01", "1", "5"), draftOut)).Want(200)

	// A draft that is in the period anyway (closeDate set before the period table existed)
	// can be neither audited, edited nor deleted.
	e.Exec("UPDATE bills SET bill_date = '2025-01-30' WHERE id = ?", draftOut.ID)
	var cur doc
	admin.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", draftOut.ID), nil).Want(200).Decode(&cur)
	apptest.Run(t, []apptest.Step{
		{Name: "audit a draft in the period", As: admin, Method: "POST", Path: fmt.Sprintf("/api/sales/check?id=%d", draftOut.ID), Status: 200, BodyHas: `"ok":false,"msg":"` + in + `"`},
		{Name: "edit a draft in the period out of it", As: admin, Method: "POST", Path: "/api/sales/update", Body: withID(b.Doc(b.Customer, "2025-02-02", "1", "5"), cur), Status: 400, Msg: in},
		{Name: "delete a draft in the period", As: admin, Method: "DELETE", Path: fmt.Sprintf("/api/sales/delete?id=%d", draftOut.ID), Status: 200, BodyHas: `"ok":false,"msg":"` + in + `"`},
	})
	if e.Count("SELECT COUNT(*) FROM bills WHERE id = ? AND bill_date = '2025-01-30' AND checked = 0", draftOut.ID) != 1 {
		t.Fatal("the draft in the period changed")
	}
	e.Exec("DELETE FROM bills WHERE id = ?", draftOut.ID)

	reader := e.UserWith("settings:period:query")
	nobody := e.UserWith("settings:parameter:query")
	today := time.Now().Format("2006-01-02")
	tomorrow := time.Now().AddDate(0, 0, 1).Format("2006-01-02")
	c := "/api/period/close"
	apptest.Run(t, []apptest.Step{
		{Name: "list: not signed in", As: e.Anonymous(), Method: "GET", Path: "/api/period/list", Status: 401},
		{Name: "list: no right", As: nobody, Method: "GET", Path: "/api/period/list", Status: 403},
		{Name: "list", As: reader, Method: "GET", Path: "/api/period/list", Status: 200, BodyHas: `"closeDate":"2025-01-31"`},
		{Name: "close: reader", As: reader, Method: "POST", Path: c, Body: map[string]any{"date": "2025-02-28"}, Status: 403},
		{Name: "open: reader", As: reader, Method: "POST", Path: "/api/period/open", Status: 403},
		{Name: "close: not signed in", As: e.Anonymous(), Method: "POST", Path: c, Body: map[string]any{"date": "2025-02-28"}, Status: 401},
		{Name: "no date", As: admin, Method: "POST", Path: c, Body: map[string]any{}, Status: 400, Field: "date", Msg: "结账日期不能为空"},
		{Name: "slashes", As: admin, Method: "POST", Path: c, Body: map[string]any{"date": "2025/02/28"}, Status: 400, Field: "date"},
		{Name: "no such day", As: admin, Lang: "en", Method: "POST", Path: c, Body: map[string]any{"date": "2025-02-30"}, Status: 400, Field: "date", Msg: "Close date is not valid"},
		{Name: "future", As: admin, Method: "POST", Path: c, Body: map[string]any{"date": tomorrow}, Status: 400, Field: "date", Msg: "结账日期不能晚于今天（" + today + "）"},
		{Name: "not after", As: admin, Lang: "en", Method: "POST", Path: c, Body: map[string]any{"date": "2025-01-31"}, Status: 400, Field: "date", Msg: "The books are already closed through 2025-01-31: choose a later date"},
		{Name: "earlier", As: admin, Method: "POST", Path: c, Body: map[string]any{"date": "2024-06-30"}, Status: 400, Field: "date"},
		{Name: "a number", As: admin, Method: "POST", Path: c, Body: `{"date":20250228}`, Status: 400},
		{Name: "malformed", As: admin, Method: "POST", Path: c, Body: `{"date":`, Status: 400},
		{Name: "hostile", As: admin, Method: "POST", Path: c, Body: map[string]any{"date": "2025-02-28' OR 1=1 --"}, Status: 400, Field: "date"},
	})

	// Reopen: the close before is in force again, then none.
	admin.Do("POST", "/api/period/open", nil).Want(200).Decode(&st)
	if st.CloseDate != "2024-12-31" || len(st.Closes) != 1 {
		t.Fatalf("after reopen %+v", st)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_snapshots WHERE closed = 1 AND as_of = '2025-01-31'"); n != 0 {
		t.Fatalf("period balances kept after reopen: %d", n)
	}
	if r := admin.Do("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", sold.ID), nil).Want(200); !strings.Contains(string(r.Body), `"ok":true`) {
		t.Fatalf("un-audit after reopen: %s", r.Body)
	}
	admin.Do("POST", "/api/period/open", nil).Want(200).Decode(&st)
	if st.CloseDate != "" || len(st.Closes) != 0 {
		t.Fatalf("after the second reopen %+v", st)
	}
	admin.Do("GET", "/api/home", nil).Want(200).Decode(&home)
	if home["closeDate"] != "" {
		t.Fatalf("home closeDate %v", home["closeDate"])
	}
	r = admin.Do("POST", "/api/period/open", nil).Want(409)
	if r.Env.Msg != "没有已结账的期间" {
		t.Fatalf("nothing to reopen: %q", r.Env.Msg)
	}
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '/api/period/%' AND status = 200"); n != 4 {
		t.Fatalf("operation log: %d period changes, want 4", n)
	}
}

func withID(body map[string]any, d doc) map[string]any {
	body["id"] = d.ID
	body["version"] = d.Version
	return body
}
