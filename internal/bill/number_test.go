package bill_test

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"testing"

	"cangshu/internal/apptest"
)

// Numbers: a sequence per shop, kind and day (the document's date, not
// today); a rolled-back save gives its number back; monthly rules;
// manual numbers kept when the rule allows them and refused when taken.
func TestNumbering(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	a := w.admin
	no := func(path, date string) string {
		return w.save(a, path, w.doc(w.supplier, date, w.colaLine("1", "1"))).BillNo
	}
	got := []string{no("/api/purchase/add", "2025-09-01"), no("/api/purchase/add", "2025-09-01"), no("/api/purchase/add", "2025-09-02"),
		no("/api/purchase/add", "2025-09-01"), no("/api/rePurchase/add", "2025-09-01")}
	want := []string{"CG20250901001", "CG20250901002", "CG20250902001", "CG20250901003", "CGTH20250901001"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("numbers %v, want %v", got, want)
	}
	// A refused save takes no number.
	bad := w.doc(w.supplier, "2025-09-01", w.colaLine("0", "1"))
	a.Do("POST", "/api/purchase/add", bad).Want(400)
	if n := no("/api/purchase/add", "2025-09-01"); n != "CG20250901004" {
		t.Fatalf("after a refused save: %s", n)
	}
	// Monthly reset with a year-month date part, 4 digits.
	w.e.Exec("UPDATE coding_rules SET prefix = 'P-', date_part = 'YYYYMM', seq_len = 4, reset = 'month' WHERE kind = 'purchase'")
	got = []string{no("/api/purchase/add", "2025-10-01"), no("/api/purchase/add", "2025-10-31"), no("/api/purchase/add", "2025-11-01")}
	if strings.Join(got, " ") != "P-2025100001 P-2025100002 P-2025110001" {
		t.Fatalf("monthly %v", got)
	}
	// A sequence past its digits goes on with more (on PostgreSQL the
	// number is made by SQL, elsewhere by Go: the same numbers).
	w.e.Exec("UPDATE coding_rules SET prefix = '采', date_part = 'YYYY', seq_len = 1, reset = 'year' WHERE kind = 'purchase'")
	got = got[:0]
	for range 11 {
		got = append(got, no("/api/purchase/add", "2024-03-01"))
	}
	if strings.Join(got[8:], " ") != "采20249 采202410 采202411" {
		t.Fatalf("past the digits %v", got)
	}
	w.e.Exec("UPDATE coding_rules SET prefix = 'P-', date_part = 'YYYYMM', seq_len = 4, reset = 'month' WHERE kind = 'purchase'")
	// Manual numbers: kept when typed, refused when taken, skipped over by
	// the sequence.
	w.e.Exec("UPDATE coding_rules SET manual = 1 WHERE kind = 'purchase'")
	typed := w.doc(w.supplier, "2025-11-02", w.colaLine("1", "1"))
	typed["billNo"] = "P-2025110002"
	if d := w.save(a, "/api/purchase/add", typed); d.BillNo != "P-2025110002" {
		t.Fatalf("manual number %s", d.BillNo)
	}
	apptest.Run(t, []apptest.Step{
		{Name: "duplicate manual number", As: a, Method: "POST", Path: "/api/purchase/add", Body: typed, Status: 409, Field: "billNo", MsgHas: "P-2025110002"},
	})
	if n := no("/api/purchase/add", "2025-11-03"); n != "P-2025110003" {
		t.Fatalf("sequence after a manual number: %s", n)
	}
	// Without manual numbering a typed number is ignored.
	w.e.Exec("UPDATE coding_rules SET manual = 0 WHERE kind = 'purchase'")
	typed["billNo"] = "MINE"
	if d := w.save(a, "/api/purchase/add", typed); d.BillNo != "P-2025110004" {
		t.Fatalf("typed number without manual numbering: %s", d.BillNo)
	}
}

// Concurrent saves of the same day never collide and leave no gaps.
func TestConcurrentNumbers(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	const n = 24
	var wg sync.WaitGroup
	nos := make([]string, n)
	fails := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			kind := "purchase"
			if i%2 == 1 {
				kind = "sales" // sales drafts number on their own sequence
			}
			contact := w.supplier
			if kind == "sales" {
				contact = w.customer
			}
			r := w.admin.Do("POST", "/api/"+kind+"/add", w.doc(contact, "2025-12-01", w.colaLine("1", "1")))
			if r.Status != 200 {
				fails[i] = fmt.Sprintf("%d %s", r.Status, r.Body)
				return
			}
			var d Doc
			r.Decode(&d)
			nos[i] = d.BillNo
		}()
	}
	wg.Wait()
	for _, f := range fails {
		if f != "" {
			t.Fatal(f)
		}
	}
	sort.Strings(nos)
	var want []string
	for i := 1; i <= n/2; i++ {
		want = append(want, fmt.Sprintf("CG20251201%03d", i))
	}
	for i := 1; i <= n/2; i++ {
		want = append(want, fmt.Sprintf("XS20251201%03d", i))
	}
	if strings.Join(nos, ",") != strings.Join(want, ",") {
		t.Fatalf("numbers %v", nos)
	}
}
