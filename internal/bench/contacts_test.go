package bench

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/search"
)

// seedCustomers writes n customers, each with one primary contact person,
// straight into the database (the import path is measured by the contact
// package's tests; here only the read matters).
func seedCustomers(b *testing.B, e *apptest.Env, n int) {
	b.Helper()
	ctx := context.Background()
	now := time.Now().UTC()
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		for start := 0; start < n; start += 200 {
			end := min(start+200, n)
			var c, l strings.Builder
			var ca, la []any
			for i := start; i < end; i++ {
				if i > start {
					c.WriteString(", ")
					l.WriteString(", ")
				}
				num, name, person, mobile := fmt.Sprintf("KH%05d", i+1), fmt.Sprintf("客户%05d有限公司", i+1), fmt.Sprintf("联系人%d", i), fmt.Sprintf("139%08d", i)
				c.WriteString("(?, -10, ?, ?, 1, 13000000, 1000000000, 0, '2024-01-01', '', ?, ?, ?)")
				ca = append(ca, i+1, num, name, search.Text(num, name, person, mobile), now, now)
				l.WriteString("(?, ?, ?, '', '', '北京市朝阳区', 1, 0)")
				la = append(la, i+1, person, mobile)
			}
			if _, err := tx.Exec(ctx, `INSERT INTO contacts (id, type, number, name, level, tax_rate, opening_amount, opening_advance,
				begin_date, remark, search, created_at, updated_at) VALUES `+c.String(), ca...); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO contact_links (contact_id, name, mobile, phone, im, address, is_first, sort) VALUES `+l.String(), la...); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		b.Fatal(err)
	}
}

// BenchmarkContactPreload is the client's preload of every customer: one
// page of 10,000 rows (list with the category and the primary contact),
// served over HTTP with the JSON encoding. ms/page is the server time of
// one call.
func BenchmarkContactPreload(b *testing.B) {
	e := apptest.New(b)
	seedCustomers(b, e, 10000)
	ts := httptest.NewServer(e.App.Handler())
	b.Cleanup(ts.Close)
	s := &server{url: ts.URL, token: e.Admin().Token, client: ts.Client()}
	const path = "/api/contact/list?type=-10&status=1&page=1&rows=10000"
	var page apptest.List[struct {
		Contacter string `json:"contacter"`
	}]
	e.Admin().Do("GET", path, nil).Want(200).Decode(&page)
	if page.Records != 10000 || len(page.Rows) != 10000 || page.Rows[9999].Contacter == "" {
		b.Fatalf("preload: %d records, %d rows", page.Records, len(page.Rows))
	}
	b.ResetTimer()
	start := time.Now()
	for b.Loop() {
		if err := s.get(path); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/page")
}
