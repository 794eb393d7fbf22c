package statement_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

type created struct {
	ID        int64  `json:"id"`
	Token     string `json:"token"`
	Path      string `json:"path"`
	ExpiresAt string `json:"expiresAt"`
}

type sheet struct {
	Title   string `json:"title"`
	Columns []struct {
		Key, Label string
	} `json:"columns"`
	Rows   []map[string]any `json:"rows"`
	Totals map[string]any   `json:"totals"`
}

type public struct {
	Company struct {
		Name string `json:"name"`
	} `json:"company"`
	ContactName string           `json:"contactName"`
	BeginDate   string           `json:"beginDate"`
	Lang        string           `json:"lang"`
	Sheets      map[string]sheet `json:"sheets"`
	Answer      string           `json:"answer"`
	Comment     string           `json:"comment"`
}

type item struct {
	ID          int64  `json:"id"`
	ContactName string `json:"contactName"`
	Status      string `json:"status"`
	Comment     string `json:"comment"`
	Closing     any    `json:"closing"`
}

// A customer's statement shared by link: created by a user with the
// right, opened and answered without signing in (once), listed for the
// staff with the answer; expired, revoked and unknown tokens are the same
// 404; hostile comments are plain text; another shop's staff see nothing.
func TestStatementShare(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin, anon, b := e.Admin(), e.Anonymous(), e.AddBasics()
	// a sale of 2 × 5 on credit, 3 paid with it: the customer owes 7
	sale := b.Doc(b.Customer, "2026-03-05", "2", "5")
	sale["accounts"] = []map[string]any{{"accId": b.Account, "payment": "3"}}
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2026-03-01", "10", "2")).Want(200)
	admin.Do("POST", "/api/sales/add?check=1", sale).Want(200)
	clerk := e.UserWith("report:customerReconciliation:share", "report:customerReconciliation:query", "money:salesAmount:view")
	body := map[string]any{"buId": b.Customer, "beginDate": "2026-03-01", "endDate": "2026-03-31"}

	var c created
	clerk.Lang = "en"
	clerk.Do("POST", "/api/statement/add", body).Want(200).Decode(&c)
	clerk.Lang = ""
	if len(c.Token) < 43 || c.Path != "/statement/"+c.Token {
		t.Fatalf("created %+v", c)
	}
	if n := e.Count("SELECT COUNT(*) FROM statement_shares WHERE token_hash = ? OR snapshot LIKE ?", c.Token, "%"+c.Token+"%"); n != 0 {
		t.Fatalf("the token is stored as it is")
	}

	// opened without signing in: the company header, the customer, both
	// languages, the running balance; nothing but the statement's columns
	var p public
	res := anon.Do("GET", "/api/statement/view?token="+c.Token, nil).Want(200)
	res.Decode(&p)
	if p.ContactName != "张三超市" || p.Lang != "en" || p.BeginDate != "2026-03-01" || p.Answer != "" {
		t.Fatalf("view %+v", p)
	}
	zh, en := p.Sheets["zh-CN"], p.Sheets["en"]
	if zh.Title != "客户对账单" || en.Title != "Customer statement" && en.Title != "Customer reconciliation" {
		t.Errorf("titles %q %q", zh.Title, en.Title)
	}
	if len(zh.Rows) != 2 || fmt.Sprint(zh.Rows[1]["balance"]) != "7" || fmt.Sprint(zh.Rows[1]["paid"]) != "3" || fmt.Sprint(zh.Totals["balance"]) != "7" {
		t.Errorf("rows %v totals %v", zh.Rows, zh.Totals)
	}
	for _, leak := range []string{"billId", "buId", "transType", `"kind"`, "token"} {
		if strings.Contains(string(res.Env.Data), leak) {
			t.Errorf("the public answer holds %s: %s", leak, res.Env.Data)
		}
	}

	long := strings.Repeat("字", 501)
	hostile := `<script>alert("x")</script><img src=x onerror=alert(1)> 数量不对`
	apptest.Run(t, []apptest.Step{
		{Name: "unknown token", As: anon, Method: "GET", Path: "/api/statement/view?token=" + strings.Repeat("A", 43), Status: 404, Msg: "对账单不存在或已过期"},
		{Name: "unknown token, en", As: anon, Lang: "en", Method: "GET", Path: "/api/statement/view?token=abc", Status: 404, Msg: "This statement does not exist or has expired"},
		{Name: "no token", As: anon, Method: "GET", Path: "/api/statement/view", Status: 404},
		{Name: "token with markup", As: anon, Method: "GET", Path: "/api/statement/view?token=%3Cscript%3E", Status: 404},
		{Name: "answer: unknown", As: anon, Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": strings.Repeat("b", 43), "answer": "agree"}, Status: 404},
		{Name: "answer: neither", As: anon, Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": c.Token, "answer": "maybe"}, Status: 400, Field: "answer"},
		{Name: "dispute without a reason", As: anon, Lang: "en", Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": c.Token, "answer": "dispute", "comment": "  "}, Status: 400, Field: "comment", Msg: "Comment is required"},
		{Name: "comment too long", As: anon, Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": c.Token, "answer": "dispute", "comment": long}, Status: 400, Field: "comment"},
		{Name: "comment with NUL", As: anon, Method: "POST", Path: "/api/statement/answer", Body: `{"token":"` + c.Token + `","answer":"dispute","comment":"a\u0000b"}`, Status: 400, Field: "comment"},
		{Name: "not a list", As: anon, Method: "POST", Path: "/api/statement/answer", Body: `{"token":["x"]}`, Status: 400},
		{Name: "dispute with markup", As: anon, Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": c.Token, "answer": "dispute", "comment": hostile}, Status: 200, BodyHas: `"answer":"dispute"`},
		{Name: "answered once", As: anon, Method: "POST", Path: "/api/statement/answer", Body: map[string]any{"token": c.Token, "answer": "agree"}, Status: 409, Msg: "此对账单已确认过，不能再次回复"},
	})
	if got := e.Text("SELECT comment FROM statement_shares WHERE id = ?", c.ID); got != hostile {
		t.Errorf("stored comment %q", got)
	}
	anon.Do("GET", "/api/statement/view?token="+c.Token, nil).Want(200).Decode(&p)
	if p.Answer != "dispute" || p.Comment != hostile {
		t.Errorf("after the answer %+v", p)
	}
	// the operation log: who answered (the customer), never the token
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE action = 'log.statement.answer' AND username = '张三超市' AND status = 200"); n != 1 {
		t.Errorf("operation log rows: %d", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE params LIKE ? OR request_uri LIKE ?", "%"+c.Token+"%", "%"+c.Token+"%"); n != 0 {
		t.Errorf("the token is in the operation log")
	}

	// the staff see the answer
	var l apptest.List[item]
	clerk.Do("GET", fmt.Sprintf("/api/statement/list?buId=%d", b.Customer), nil).Want(200).Decode(&l)
	if l.Records != 1 || l.Rows[0].Status != "disputed" || l.Rows[0].Comment != hostile || fmt.Sprint(l.Rows[0].Closing) != "7" {
		t.Fatalf("list %+v", l)
	}

	// expired and revoked links are gone
	var c2, c3 created
	admin.Do("POST", "/api/statement/add", body).Want(200).Decode(&c2)
	admin.Do("POST", "/api/statement/add", body).Want(200).Decode(&c3)
	e.Exec("UPDATE statement_shares SET expires_at = ? WHERE id = ?", time.Now().UTC().Add(-time.Minute), c2.ID)
	admin.Do("POST", fmt.Sprintf("/api/statement/revoke?id=%d", c3.ID), nil).Want(200)
	for _, tok := range []string{c2.Token, c3.Token} {
		anon.Do("GET", "/api/statement/view?token="+tok, nil).Want(404)
		anon.Do("POST", "/api/statement/answer", map[string]any{"token": tok, "answer": "agree"}).Want(404)
	}
	admin.Do("GET", "/api/statement/list", nil).Want(200).Decode(&l)
	if l.Records != 3 || l.Rows[0].Status != "revoked" || l.Rows[1].Status != "expired" {
		t.Errorf("list %+v", l.Rows)
	}

	// another shop's staff see none of it and cannot revoke it
	now := time.Now().UTC()
	shopB := e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S002', '乙店', ?, ?) RETURNING id", now, now)
	other := e.UserWith("report:customerReconciliation:share", "report:customerReconciliation:query", "money:salesAmount:view")
	e.Exec("INSERT INTO user_shops (user_id, shop_id) SELECT id, ? FROM users WHERE username = ?", shopB, other.Username)
	other.Do("POST", "/api/home/switchShop", map[string]any{"shopId": shopB}).Want(200)
	other.Do("GET", "/api/statement/list", nil).Want(200).Decode(&l)
	if l.Records != 0 {
		t.Errorf("another shop's list %+v", l.Rows)
	}
	other.Do("POST", fmt.Sprintf("/api/statement/revoke?id=%d", c.ID), nil).Want(404)

	// who may share: the permission, the sales amount right, the customer's data right
	noAmounts := e.UserWith("report:customerReconciliation:share", "report:customerReconciliation:query")
	lister := e.UserWith("report:customerReconciliation:query")
	limited := e.UserWith("report:customerReconciliation:share", "money:salesAmount:view")
	admin.Do("POST", "/api/dataRights", map[string]any{"userId": e.UserID(limited.Username), "allWarehouses": true, "customerIds": []int64{}, "allSuppliers": true}).Want(200)
	apptest.Run(t, []apptest.Step{
		{Name: "no permission", As: lister, Method: "POST", Path: "/api/statement/add", Body: body, Status: 403},
		{Name: "no sales amount right", As: noAmounts, Method: "POST", Path: "/api/statement/add", Body: body, Status: 403, Msg: "您没有查看销货金额的权限，无法发送对账单"},
		{Name: "a hidden customer", As: limited, Method: "POST", Path: "/api/statement/add", Body: body, Status: 404},
		{Name: "a supplier", As: admin, Method: "POST", Path: "/api/statement/add", Body: map[string]any{"buId": b.Supplier, "beginDate": "2026-03-01", "endDate": "2026-03-31"}, Status: 404},
		{Name: "no customer", As: admin, Method: "POST", Path: "/api/statement/add", Body: map[string]any{"beginDate": "2026-03-01", "endDate": "2026-03-31"}, Status: 400, Field: "buId"},
		{Name: "dates reversed", As: admin, Method: "POST", Path: "/api/statement/add", Body: map[string]any{"buId": b.Customer, "beginDate": "2026-04-01", "endDate": "2026-03-31"}, Status: 400, Field: "beginDate"},
		{Name: "bad date", As: admin, Method: "POST", Path: "/api/statement/add", Body: map[string]any{"buId": b.Customer, "beginDate": "2026-02-30", "endDate": "2026-03-31"}, Status: 400, Field: "beginDate"},
		{Name: "expiry too long", As: admin, Method: "POST", Path: "/api/statement/add", Body: map[string]any{"buId": b.Customer, "beginDate": "2026-03-01", "endDate": "2026-03-31", "expiresDays": 366}, Status: 400, Field: "expiresDays"},
		{Name: "huge expiry", As: admin, Method: "POST", Path: "/api/statement/add", Body: `{"buId":1,"beginDate":"2026-03-01","endDate":"2026-03-31","expiresDays":1e400}`, Status: 400},
		{Name: "list: the query permission is enough", As: noAmounts, Method: "GET", Path: "/api/statement/list", Status: 200},
		{Name: "list: a bad customer id", As: admin, Method: "GET", Path: "/api/statement/list?buId=x", Status: 400},
	})
	// the lister without the sales amount right sees no closing balance
	noAmounts.Do("GET", "/api/statement/list", nil).Want(200).Decode(&l)
	if l.Records != 3 || l.Rows[0].Closing != nil {
		t.Errorf("list without the amount right %+v", l.Rows)
	}
	// a user limited to no customer lists none
	limited2 := e.UserWith("report:customerReconciliation:query")
	admin.Do("POST", "/api/dataRights", map[string]any{"userId": e.UserID(limited2.Username), "allWarehouses": true, "customerIds": []int64{}, "allSuppliers": true}).Want(200)
	limited2.Do("GET", "/api/statement/list", nil).Want(200).Decode(&l)
	if l.Records != 0 {
		t.Errorf("hidden customers listed %+v", l.Rows)
	}
	if n := e.Count("SELECT COUNT(*) FROM statement_shares"); n != 3 {
		t.Errorf("refused requests wrote: %d shares", n)
	}
}
