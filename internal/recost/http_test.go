package recost_test

import (
	"fmt"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/recost"
)

func TestRecost(t *testing.T) {
	e := apptest.New(t)
	e.App.Recost.Done = make(chan int64, 4)
	admin := e.Admin()
	b := e.AddBasics()
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-01-10", "10", "3")).Want(200)
	admin.Do("POST", "/api/sales/add?check=1", b.Doc(b.Customer, "2025-01-20", "2", "5")).Want(200)
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-02-10", "10", "4")).Want(200)
	admin.Do("POST", "/api/sales/add?check=1", b.Doc(b.Customer, "2025-02-20", "9", "6")).Want(200)

	var job recost.Job
	admin.Do("GET", "/api/recost/status", nil).Want(200).Decode(&job)
	if job.ID != 0 {
		t.Fatalf("a job before any run: %+v", job)
	}

	// A consistent ledger: the run replays the balance since the close and changes nothing.
	admin.Do("POST", "/api/recost/start", nil).Want(200).Decode(&job)
	if job.FromDate != "2025-02-01" || (job.Status != recost.StatusRunning && job.Status != recost.StatusDone) {
		t.Fatalf("started %+v", job)
	}
	<-e.App.Recost.Done
	admin.Do("GET", fmt.Sprintf("/api/recost/status?id=%d", job.ID), nil).Want(200).Decode(&job)
	if job.Status != recost.StatusDone || job.Total != 1 || job.Done != 1 || job.Percent != 100 || job.Changed != 0 || job.UserName != "系统管理员" {
		t.Fatalf("first run %+v", job)
	}

	// Costs gone wrong (the February sale at a wrong cost, the balance with
	// it): the run puts them right and lists the balance, old and new.
	// 8 left at 24, 10 in at 40: 18 at 64 → 9 out cost 32, 9 left at 32.
	e.Exec("UPDATE stock_moves SET amount = -1000000 WHERE qty = -9000000")
	e.Exec("UPDATE stock_balances SET amount = 63000000 WHERE goods_id = ?", b.Goods)
	admin.Do("POST", "/api/recost/start", nil).Want(200).Decode(&job)
	<-e.App.Recost.Done
	admin.Do("GET", "/api/recost/status", nil).Want(200).Decode(&job)
	if job.Status != recost.StatusDone || job.Changed != 1 {
		t.Fatalf("second run %+v", job)
	}
	var page struct {
		Records int             `json:"records"`
		Rows    []recost.Change `json:"rows"`
	}
	admin.Do("GET", "/api/recost/changes?page=1&rows=20", nil).Want(200).Decode(&page)
	c := page.Rows[0]
	if page.Records != 1 || c.InvNumber != "SP001" || c.LocationName != "总仓" || c.Qty.String() != "9" ||
		c.OldAmount.String() != "63" || c.NewAmount.String() != "32" || c.OldOutCost.String() != "1" || c.NewOutCost.String() != "32" ||
		c.OldUnitCost.String() != "7" || c.NewUnitCost.String() != "3.56" {
		t.Fatalf("change %+v", c)
	}
	if n := e.Count("SELECT COUNT(*) FROM stock_moves WHERE qty = -9000000 AND amount = -32000000"); n != 1 {
		t.Fatalf("the sale's cost was not put right")
	}
	// The closed period was not touched: January's sale keeps its cost.
	if n := e.Count("SELECT COUNT(*) FROM stock_moves WHERE qty = -2000000 AND amount = -6000000"); n != 1 {
		t.Fatal("a move in the closed period changed")
	}

	reader := e.UserWith("settings:recost:query")
	nobody := e.UserWith("settings:period:query")
	apptest.Run(t, []apptest.Step{
		{Name: "start: not signed in", As: e.Anonymous(), Method: "POST", Path: "/api/recost/start", Status: 401},
		{Name: "start: reader", As: reader, Method: "POST", Path: "/api/recost/start", Status: 403},
		{Name: "status: no right", As: nobody, Method: "GET", Path: "/api/recost/status", Status: 403},
		{Name: "changes: no right", As: nobody, Method: "GET", Path: "/api/recost/changes", Status: 403},
		{Name: "status: reader", As: reader, Method: "GET", Path: "/api/recost/status", Status: 200, BodyHas: `"changed":1`},
		{Name: "status: no such job", As: reader, Method: "GET", Path: "/api/recost/status?id=999", Status: 404},
		{Name: "status: bad id", As: reader, Method: "GET", Path: "/api/recost/status?id=x", Status: 400},
		{Name: "changes: bad page", As: reader, Method: "GET", Path: "/api/recost/changes?page=-1", Status: 400},
	})

	// One run at a time: a job still running refuses a second, in the caller's language.
	e.Exec("UPDATE recost_jobs SET status = 'running', done = 1, total = 4 WHERE id = ?", job.ID)
	apptest.Run(t, []apptest.Step{
		{Name: "second run refused", As: admin, Method: "POST", Path: "/api/recost/start", Status: 409, Msg: "成本重算正在进行（已完成 25%），请等待其完成"},
		{Name: "second run refused, en", As: admin, Lang: "en", Method: "POST", Path: "/api/recost/start", Status: 409, Msg: "A cost recalculation is already running (25% done): wait for it to finish"},
	})
	// A run whose instance died (no heartbeat for long) is failed, and a new one may start.
	e.Exec("UPDATE recost_jobs SET heartbeat = ? WHERE id = ?", "2000-01-01 00:00:00", job.ID)
	var stale recost.Job
	admin.Do("GET", fmt.Sprintf("/api/recost/status?id=%d", job.ID), nil).Want(200).Decode(&stale)
	if stale.Status != recost.StatusFailed || stale.Error != "重算未完成即中止（服务器已重启），请重新运行" {
		t.Fatalf("stale %+v", stale)
	}
	admin.Do("POST", "/api/recost/start", nil).Want(200)
	<-e.App.Recost.Done
}
