package report_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"cangshu/internal/apptest"
)

// chartMonths is a report chart's months with exact numbers.
func chartMonths(t *testing.T, c *apptest.Client, url string) []map[string]any {
	t.Helper()
	res := c.Do("GET", url, nil).Want(200)
	d := json.NewDecoder(bytes.NewReader(res.Env.Data))
	d.UseNumber()
	var a struct {
		Months []map[string]any `json:"months"`
	}
	if err := d.Decode(&a); err != nil {
		t.Fatal(err)
	}
	return a.Months
}

// The sales chart: per month of the period the sales and gross profit of the
// report's own lines (each month equals the sales detail's totals of that
// month), the report's filters applied, figures only with their rights.
func TestSalesChartByMonth(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	history(t, w)
	q1 := "beginDate=2026-01-01&endDate=2026-03-31"
	ms := chartMonths(t, w.admin, "/api/report/salesDetail/chart?"+q1)
	if len(ms) != 3 {
		t.Fatalf("months %v", ms)
	}
	for i, m := range []string{"2026-01", "2026-02", "2026-03"} {
		if ms[i]["month"] != m {
			t.Errorf("month %d = %v, want %s", i, ms[i]["month"], m)
		}
	}
	jan := get(t, w.admin, "/api/report/salesDetail?beginDate=2026-01-01&endDate=2026-01-31").Userdata
	feb := get(t, w.admin, "/api/report/salesDetail?beginDate=2026-02-01&endDate=2026-02-28").Userdata
	// January: 5 × 6 − 1 × 6 = 24, cost 20 − 4 = 16; February: 4 × 5 = 20, cost 4 × 2.5 = 10
	want(t, "January", ms[0], "sales", "24", "profit", num(jan, "profit"))
	want(t, "January (detail)", jan, "amount", "24", "profit", "8")
	want(t, "February", ms[1], "sales", num(feb, "amount"), "profit", "10")
	want(t, "March", ms[2], "sales", "0", "profit", "0")
	// the filters of the report: only 雪碧, only the branch warehouse
	ms = chartMonths(t, w.admin, "/api/report/salesSummaryInv/chart?"+q1+"&invId="+itoa(w.sprite))
	want(t, "雪碧 January", ms[0], "sales", "0")
	want(t, "雪碧 February", ms[1], "sales", "20")
	// rights: sales without cost has no profit; no sales right, no figures
	clerk := w.e.UserWith("report:salesDetail:query", "money:salesAmount:view")
	ms = chartMonths(t, clerk, "/api/report/salesDetail/chart?"+q1)
	want(t, "clerk January", ms[0], "sales", "24", "profit", "")
	bare := w.e.UserWith("report:salesDetail:query")
	ms = chartMonths(t, bare, "/api/report/salesDetail/chart?"+q1)
	want(t, "bare January", ms[0], "sales", "", "profit", "")
	// the report's permission; bad dates are a 400
	w.e.UserWith("report:invBalance:query").Do("GET", "/api/report/salesDetail/chart?"+q1, nil).Want(403)
	w.admin.Do("GET", "/api/report/salesDetail/chart?beginDate=2026-02-01&endDate=2026-01-01", nil).Want(400)
}
