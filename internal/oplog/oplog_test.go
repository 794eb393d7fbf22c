package oplog_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/oplog"
	"cangshu/internal/server"
)

const (
	chromeWin  = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.109 Safari/537.36"
	edgeWin    = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91"
	firefoxLin = "Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0"
	safariMac  = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15"
	safariIOS  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1"
	chromeIOS  = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1"
	chromeAnd  = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36"
	firefoxAnd = "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0"
	edgeMac    = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91"
	firefoxWin = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0"
	chromeLin  = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36"
	edgeAnd    = "Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.144 Mobile Safari/537.36 EdgA/120.0.2210.115"
	safariIPad = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1"
)

func TestParseUserAgent(t *testing.T) {
	t.Parallel()
	tests := []struct{ ua, browser, os string }{
		{chromeWin, "Chrome 120", "Windows"},
		{edgeWin, "Edge 120", "Windows"},
		{firefoxLin, "Firefox 121", "Linux"},
		{safariMac, "Safari 17", "macOS"},
		{safariIOS, "Safari 17", "iOS"},
		{chromeIOS, "Chrome 120", "iOS"},
		{chromeAnd, "Chrome 120", "Android"},
		{firefoxAnd, "Firefox 121", "Android"},
		{edgeMac, "Edge 120", "macOS"},
		{firefoxWin, "Firefox 121", "Windows"},
		{chromeLin, "Chrome 120", "Linux"},
		{edgeAnd, "Edge 120", "Android"},
		{safariIPad, "Safari 16", "iOS"},
		{"curl/8.5.0", "", ""},
		{"", "", ""},
		{"Mozilla/5.0 (Windows NT 10.0) Chrome/", "Chrome", "Windows"},
	}
	for _, tt := range tests {
		b, o := oplog.ParseUserAgent(tt.ua)
		if b != tt.browser || o != tt.os {
			t.Errorf("%.60s: got %q %q, want %q %q", tt.ua, b, o, tt.browser, tt.os)
		}
	}
}

func TestGrowthRate(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		today, yesterday int
		want             string
	}{
		{5, 4, "0.25"}, {4, 4, "0.00"}, {2, 4, "-0.50"}, {9, 0, "0.00"}, {0, 3, "-1.00"},
		{1, 3, "-0.67"}, {2, 3, "-0.33"}, {3, 2, "0.50"}, {10, 1, "9.00"}, {1, 8, "-0.88"},
	} {
		if got := oplog.GrowthRate(tt.today, tt.yesterday); got != tt.want {
			t.Errorf("GrowthRate(%d, %d) = %s, want %s", tt.today, tt.yesterday, got, tt.want)
		}
	}
}

// do sends a request with a User-Agent, which the test client does not set.
func do(t *testing.T, e *apptest.Env, c *apptest.Client, method, path, ua, body string) int {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+c.Token)
	req.Header.Set("User-Agent", ua)
	rec := httptest.NewRecorder()
	e.App.Handler().ServeHTTP(rec, req)
	return rec.Code
}

func clearLogs(e *apptest.Env) { e.Exec("DELETE FROM sys_logs") }

func TestChangesAreLogged(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	// Signing in is logged, the password masked.
	var p apptest.Page[oplog.Row]
	admin.Do("GET", "/api/logs/page?module=auth", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].Content != "登录" || p.List[0].CreateBy != "admin" || p.List[0].Status != 200 {
		t.Fatalf("sign-in entry: %+v", p)
	}
	if strings.Contains(p.List[0].Params, apptest.AdminPassword) || !strings.Contains(p.List[0].Params, "password=%2A%2A%2A%2A%2A%2A") {
		t.Fatalf("sign-in params: %q", p.List[0].Params)
	}
	clearLogs(e)

	// A change, with a password-like field in the body.
	if st := do(t, e, admin, "POST", "/api/v1/dicts/", edgeWin, `{"name":"单位","dictCode":"unit_kind","password":"hunter2","newPassword":"x9"}`); st != 200 {
		t.Fatalf("create: %d", st)
	}
	// A refused change is logged too, with its status.
	if st := do(t, e, admin, "POST", "/api/v1/dicts/", firefoxLin, `{"name":"单位","dictCode":"unit_kind"}`); st != 409 {
		t.Fatalf("duplicate: %d", st)
	}
	// Reads are not logged.
	admin.Do("GET", "/api/v1/dicts/page", nil).Want(200)

	admin.Lang = "en"
	admin.Do("GET", "/api/logs/page", nil).Want(200).Decode(&p)
	if p.Total != 2 {
		t.Fatalf("entries: %+v", p)
	}
	bad, good := p.List[0], p.List[1]
	if good.Module != "dict" || good.ModuleName != "Dictionaries" || good.Content != "Create dictionary" || good.Method != "POST" ||
		good.RequestURI != "/api/v1/dicts/" || good.Status != 200 || good.CreateBy != "admin" || good.IP != "192.0.2.1" ||
		good.Browser != "Edge 120" || good.OS != "Windows" || good.ExecutionTime < 0 || time.Since(good.CreateTime) > time.Minute {
		t.Fatalf("entry: %+v", good)
	}
	if strings.Contains(good.Params, "hunter2") || strings.Contains(good.Params, "x9") || !strings.Contains(good.Params, `"password":"******"`) ||
		!strings.Contains(good.Params, `"name":"单位"`) {
		t.Fatalf("params not masked: %s", good.Params)
	}
	if bad.Status != 409 || bad.Browser != "Firefox 121" || bad.OS != "Linux" {
		t.Fatalf("refused entry: %+v", bad)
	}
	admin.Lang = ""
	admin.Do("GET", "/api/logs/page?keywords=dicts", nil).Want(200).Decode(&p)
	if p.Total != 2 || p.List[0].Content != "新增字典" || p.List[0].ModuleName != "字典" {
		t.Fatalf("keywords zh: %+v", p)
	}
	for q, want := range map[string]int{
		"keywords=192.0.2": 2,
		"keywords=ADMIN":   2,
		"keywords=nobody":  0,
		"module=notice":    0,
		"module=dict":      2,
		"pageSize=1":       2,
		"createTime=" + time.Now().Format("2006-01-02") + "," + time.Now().Format("2006-01-02"): 2,
		"createTime[0]=2000-01-01&createTime[1]=2000-01-02":                                     0,
		"createTime=2000-01-01&createTime=" + time.Now().AddDate(0, 0, 1).Format("2006-01-02"):  2,
		"createTime=2000-01-01+00:00:00,2000-12-31+23:59:59":                                    0,
	} {
		admin.Do("GET", "/api/logs/page?"+q, nil).Want(200).Decode(&p)
		if p.Total != want {
			t.Errorf("%s: total %d, want %d", q, p.Total, want)
		}
	}
	admin.Do("GET", "/api/logs/page?pageSize=1&pageNum=2", nil).Want(200).Decode(&p)
	if len(p.List) != 1 || p.List[0].Status != 200 {
		t.Fatalf("second page: %+v", p)
	}
	admin.Lang = "en"
	r := admin.Do("GET", "/api/logs/page?createTime=yesterday", nil).Want(400)
	if !strings.Contains(r.Env.Msg, "Operation time must be in the form") {
		t.Fatalf("bad time: %s", r.Env.Msg)
	}
	admin.Do("GET", "/api/logs/page?pageNum=0", nil).Want(400)
}

func TestWriteLogNeverFails(t *testing.T) {
	e := apptest.New(t)
	clearLogs(e)
	ctx := context.Background()
	// Invalid UTF-8, NUL bytes and oversize values are cleaned, not refused.
	e.App.OpLog.WriteLog(ctx, server.LogEntry{
		Module: "dict", Action: "log.dict.create", Method: "POST", URI: "/api/x?" + strings.Repeat("é", 2000),
		Params: "{\"a\":\"\xff\xfe\x00\"}", IP: "10.0.0.1", UserAgent: chromeAnd, Status: 200, ElapsedMS: 3,
	})
	var uri, params string
	var shop *int64
	if err := e.App.DB.QueryRow(ctx, "SELECT request_uri, params, shop_id FROM sys_logs").Scan(&uri, &params, &shop); err != nil {
		t.Fatal(err)
	}
	if len([]rune(uri)) != 1000 || strings.Contains(params, "\x00") || shop != nil {
		t.Fatalf("uri %d runes, params %q, shop %v", len([]rune(uri)), params, shop)
	}
	// A broken database is logged to the default logger, not raised.
	var logged bytes.Buffer
	prev := slog.Default()
	slog.SetDefault(slog.New(slog.NewTextHandler(&logged, nil)))
	defer slog.SetDefault(prev)
	d := e.App.DB
	if _, err := d.Exec(ctx, "DROP TABLE sys_logs"); err != nil {
		t.Fatal(err)
	}
	e.App.OpLog.WriteLog(ctx, server.LogEntry{Module: "dict", Action: "x", Method: "POST", URI: "/", Status: 200})
	admin := e.Admin() // signing in is logged: the failure does not fail the request
	admin.Do("POST", "/api/v1/dicts/", `{"name":"n","dictCode":"c"}`).Want(200)
	if n := strings.Count(logged.String(), "write operation log"); n != 3 {
		t.Fatalf("%d failures logged: %s", n, logged.String())
	}
}

func createShopUser(e *apptest.Env, shopCode, username string, perms ...string) (shopID int64, c *apptest.Client) {
	now := time.Now().UTC()
	shopID = e.Insert(`INSERT INTO shops (code, name, status, sort, created_at, updated_at)
		VALUES (?, ?, 1, 9, ?, ?) RETURNING id`, shopCode, "店"+shopCode, now, now)
	uid := e.CreateUser(username, "secret1", perms...)
	e.Exec("UPDATE user_shops SET shop_id = ? WHERE user_id = ?", shopID, uid)
	return shopID, e.SignIn(username, "secret1")
}

func TestLogPageIsScopedToTheShop(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	main := e.MainShop()
	other, far := createShopUser(e, "S002", "faraway", "sys:log:query")
	near := e.UserWith("sys:log:query")
	clearLogs(e)
	ctx := context.Background()
	for i, shop := range []int64{main, main, other, 0} {
		e.App.OpLog.WriteLog(ctx, server.LogEntry{Module: "dict", Action: "log.dict.create", Method: "POST",
			URI: fmt.Sprintf("/api/v1/dicts/%d", i), IP: "10.0.0.1", Status: 200, UserID: 1, Username: "admin", ShopID: shop})
	}
	var p apptest.Page[oplog.Row]
	for _, tt := range []struct {
		who  *apptest.Client
		want int
	}{{admin, 4}, {near, 2}, {far, 1}} {
		tt.who.Do("GET", "/api/logs/page", nil).Want(200).Decode(&p)
		if p.Total != tt.want || len(p.List) != tt.want {
			t.Errorf("%s sees %d entries, want %d", tt.who.Username, p.Total, tt.want)
		}
	}
	far.Do("GET", "/api/logs/page", nil).Want(200).Decode(&p)
	if p.List[0].RequestURI != "/api/v1/dicts/2" {
		t.Fatalf("faraway sees %+v", p.List)
	}
	// The trend and the stats are scoped the same way.
	today := time.Now().Format("2006-01-02")
	var tr oplog.Trend
	far.Do("GET", "/api/logs/visit-trend?startDate="+today+"&endDate="+today, nil).Want(200).Decode(&tr)
	if tr.PvList[0] != 1 {
		t.Fatalf("faraway trend: %+v", tr)
	}
	var st oplog.Stats
	far.Do("GET", "/api/logs/visit-stats", nil).Want(200).Decode(&st)
	if st.TotalPvCount != 1 {
		t.Fatalf("faraway stats: %+v", st)
	}
	// Without the permission: 403; trend and stats need only a sign-in.
	none := e.UserWith()
	if r := none.Do("GET", "/api/logs/page", nil); r.Status != 403 || r.Env.Code != "A0301" {
		t.Fatalf("no permission: %d %s", r.Status, r.Body)
	}
	none.Do("GET", "/api/logs/visit-stats", nil).Want(200)
	e.Anonymous().Do("GET", "/api/logs/visit-stats", nil).Want(401)
}

func TestVisitTrendAndStats(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	clearLogs(e)
	ctx := context.Background()
	cst := time.FixedZone("CST", 8*3600)
	svc := e.App.OpLog
	svc.Loc = cst
	write := func(at time.Time, user int64, ip string) {
		svc.Now = func() time.Time { return at }
		svc.WriteLog(ctx, server.LogEntry{Module: "dict", Action: "log.dict.update", Method: "POST", URI: "/x",
			IP: ip, Status: 200, UserID: user, Username: fmt.Sprint("u", user)})
	}
	day := func(d, h, m int) time.Time { return time.Date(2024, 3, d, h, m, 0, 0, cst) }
	// 1 March: 3 requests, 2 users, 2 addresses. 00:30 CST on 2 March is still
	// 1 March in UTC: days follow the configured zone.
	write(day(1, 9, 0), 1, "10.0.0.1")
	write(day(1, 10, 0), 1, "10.0.0.1")
	write(day(1, 23, 59), 2, "10.0.0.2")
	// 2 March: 4 requests, 3 users, 2 addresses; two of them before 12:00.
	write(day(2, 0, 30), 1, "10.0.0.1")
	write(day(2, 11, 0), 2, "10.0.0.2")
	write(day(2, 15, 0), 3, "10.0.0.2")
	write(day(2, 18, 0), 3, "10.0.0.2")
	// 4 March: 5 requests by one user; it is now 12:00 there.
	for i := 0; i < 5; i++ {
		write(day(4, 8, i), 1, "10.0.0.9")
	}
	svc.Now = func() time.Time { return day(3, 12, 0).Add(24 * time.Hour) }

	var tr oplog.Trend
	admin.Do("GET", "/api/logs/visit-trend?startDate=2024-02-29&endDate=2024-03-04", nil).Want(200).Decode(&tr)
	want := oplog.Trend{
		Dates:  []string{"2024-02-29", "2024-03-01", "2024-03-02", "2024-03-03", "2024-03-04"},
		PvList: []int{0, 3, 4, 0, 5},
		UvList: []int{0, 2, 3, 0, 1},
		IPList: []int{0, 2, 2, 0, 1},
	}
	if g, w := mustJSON(tr), mustJSON(want); g != w {
		t.Fatalf("trend\n got %s\nwant %s", g, w)
	}

	// Today (4 March, 12:00) against 3 March up to 12:00: no visits yesterday.
	var st oplog.Stats
	admin.Do("GET", "/api/logs/visit-stats", nil).Want(200).Decode(&st)
	if st.TodayPvCount != 5 || st.TotalPvCount != 12 || st.PvGrowthRate != "0.00" ||
		st.TodayUvCount != 1 || st.TotalUvCount != 3 || st.UvGrowthRate != "0.00" {
		t.Fatalf("stats 4 March: %+v", st)
	}
	// On 2 March at 15:00 against 1 March up to 15:00: 3 vs 2 requests, 3 vs 1 users.
	svc.Now = func() time.Time { return day(2, 15, 0) }
	admin.Do("GET", "/api/logs/visit-stats", nil).Want(200).Decode(&st)
	if st.TodayPvCount != 3 || st.PvGrowthRate != "0.50" || st.TodayUvCount != 3 || st.UvGrowthRate != "2.00" || st.TotalPvCount != 12 {
		t.Fatalf("stats 2 March 15:00: %+v", st)
	}
	// At 10:00: 1 vs 2 requests (the 10:00 one included), 1 vs 1 users.
	svc.Now = func() time.Time { return day(2, 10, 0) }
	admin.Do("GET", "/api/logs/visit-stats", nil).Want(200).Decode(&st)
	if st.TodayPvCount != 1 || st.PvGrowthRate != "-0.50" || st.TodayUvCount != 1 || st.UvGrowthRate != "0.00" {
		t.Fatalf("stats 2 March 10:00: %+v", st)
	}
	// Growth rates are exact decimal strings in the JSON.
	r := admin.Do("GET", "/api/logs/visit-stats", nil).Want(200)
	if !strings.Contains(string(r.Body), `"pvGrowthRate":"-0.50"`) {
		t.Fatalf("body %s", r.Body)
	}

	admin.Lang = "en"
	for _, tt := range []struct{ query, field, msg string }{
		{"endDate=2024-03-01", "startDate", "Start date is required"},
		{"startDate=2024-03-01", "endDate", "End date is required"},
		{"startDate=2024/03/01&endDate=2024-03-02", "startDate", "Start date must be a date in the form YYYY-MM-DD"},
		{"startDate=2024-02-30&endDate=2024-03-02", "startDate", "YYYY-MM-DD"},
		{"startDate=2024-03-02&endDate=2024-03-01", "endDate", "must not be before"},
		{"startDate=2024-01-01&endDate=2025-01-01", "endDate", "must not exceed 366 days"},
	} {
		r := admin.Do("GET", "/api/logs/visit-trend?"+tt.query, nil).Want(400)
		if r.Env.Errors[tt.field] == "" || !strings.Contains(r.Env.Msg, tt.msg) {
			t.Errorf("%s: %s", tt.query, r.Body)
		}
	}
	// 366 days (a leap year) is allowed.
	admin.Do("GET", "/api/logs/visit-trend?startDate=2024-01-01&endDate=2024-12-31", nil).Want(200).Decode(&tr)
	if len(tr.Dates) != 366 || tr.PvList[60] != 3 {
		t.Fatalf("leap year: %d days, 1 March pv %d", len(tr.Dates), tr.PvList[60])
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
