package app_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"cangshu/internal/app"
	"cangshu/internal/apptest"
	"cangshu/internal/home"
)

// TestResetCoversEveryTable lists every table of the migrated database: each
// must be declared either cleared or kept by "reset data" (internal/app/reset.go).
func TestResetCoversEveryTable(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	tables, err := e.App.DB.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	cleared, kept := app.ResetTables()
	for _, tb := range tables {
		c, k := slices.Contains(cleared, tb), slices.Contains(kept, tb)
		switch {
		case !c && !k:
			t.Errorf("table %s is neither cleared nor kept by reset: add it to resetCleared or resetKept in internal/app/reset.go", tb)
		case c && k:
			t.Errorf("table %s is both cleared and kept", tb)
		}
	}
	for _, tb := range slices.Concat(cleared, kept) {
		if !slices.Contains(tables, tb) {
			t.Errorf("reset declares %s, which is not a table", tb)
		}
	}
}

func TestResetClearsBusinessData(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	b := e.AddBasics()
	e.Exec("UPDATE contacts SET opening_amount = 50000000 WHERE id = ?", b.Customer)
	e.Exec("UPDATE settle_accounts SET opening_balance = 1000000000 WHERE id = ?", b.Account)
	type doc struct{ BillNo string }
	var first doc
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-01-10", "10", "3")).Want(200).Decode(&first)
	admin.Do("POST", "/api/sales/add?check=1", b.Doc(b.Customer, "2025-01-20", "2", "5")).Want(200)
	admin.Do("POST", "/api/sales/add", b.Doc(b.Customer, "2025-02-20", "1", "5")).Want(200)
	admin.Do("POST", "/api/period/close", map[string]any{"date": "2025-01-31"}).Want(200)
	clerk := e.UserWith("sales:sales:query")
	masters := func() int {
		return e.Count("SELECT (SELECT COUNT(*) FROM goods) + (SELECT COUNT(*) FROM contacts) + (SELECT COUNT(*) FROM locations) + (SELECT COUNT(*) FROM settle_accounts) + (SELECT COUNT(*) FROM users) + (SELECT COUNT(*) FROM roles) + (SELECT COUNT(*) FROM coding_rules)")
	}
	business := func() int {
		return e.Count("SELECT (SELECT COUNT(*) FROM bills) + (SELECT COUNT(*) FROM bill_entries) + (SELECT COUNT(*) FROM stock_moves) + (SELECT COUNT(*) FROM stock_balances) + (SELECT COUNT(*) FROM bill_sequences) + (SELECT COUNT(*) FROM period_closes)")
	}
	if business() == 0 {
		t.Fatal("no business data to clear")
	}

	root := e.UserWith("settings:reset:execute")
	before := masters()
	reset := "/api/home/reset"
	apptest.Run(t, []apptest.Step{
		{Name: "not signed in", As: e.Anonymous(), Method: "POST", Path: reset, Body: map[string]any{"password": apptest.AdminPassword}, Status: 401},
		{Name: "no right", As: clerk, Method: "POST", Path: reset, Body: map[string]any{"password": apptest.AdminPassword}, Status: 403},
		{Name: "the right but not ROOT", As: root, Lang: "en", Method: "POST", Path: reset, Body: map[string]any{"password": "x"}, Status: 403, Msg: "Only the administrator (ROOT) may reset data"},
		{Name: "wrong password", As: admin, Method: "POST", Path: reset, Body: map[string]any{"password": "nope"}, Status: 400, Field: "password"},
		{Name: "no password", As: admin, Method: "POST", Path: reset, Body: map[string]any{"password": "  "}, Status: 400, Field: "password"},
		{Name: "password not a string", As: admin, Method: "POST", Path: reset, Body: `{"password":123}`, Status: 400},
		{Name: "form body", As: admin, Method: "POST", Path: reset, Body: apptest.Raw{ContentType: "application/x-www-form-urlencoded", Text: "password=nope"}, Status: 400, Field: "password"},
	})
	if business() == 0 {
		t.Fatal("a refused reset cleared data")
	}

	var res home.ResetResult
	admin.Do("POST", reset, map[string]any{"password": apptest.AdminPassword}).Want(200).Decode(&res)
	if !strings.HasPrefix(res.Backup, "before-reset-") {
		t.Fatalf("no backup first: %+v", res)
	}
	if n := business(); n != 0 {
		t.Fatalf("%d business rows left", n)
	}
	// The answer says what was cleared in the user's words, never a table name.
	said := map[string]string{}
	for _, c := range res.Cleared {
		said[c.Name] = c.Text
		if strings.Contains(c.Text, "_") || (c.Text != "" && strings.Contains(c.Text, c.Name)) {
			t.Errorf("reset answer %q for %s", c.Text, c.Name)
		}
	}
	if said["bills"] != "单据 3 张" || !strings.HasPrefix(said["stock_moves"], "库存流水 ") || said["bill_entries"] != "" {
		t.Errorf("reset answer: %v", said)
	}
	if after := masters(); after != before {
		t.Fatalf("master data, users, roles or settings changed: %d → %d", before, after)
	}
	if e.Count("SELECT COUNT(*) FROM contacts WHERE opening_amount <> 0 OR opening_advance <> 0") != 0 ||
		e.Count("SELECT COUNT(*) FROM settle_accounts WHERE opening_balance <> 0") != 0 {
		t.Fatal("opening balances left")
	}
	var home map[string]any
	admin.Do("GET", "/api/home", nil).Want(200).Decode(&home)
	if home["closeDate"] != "" {
		t.Fatalf("closeDate %v", home["closeDate"])
	}
	// Everyone stays signed in; numbering starts again; a January document may be saved again.
	clerk.Do("GET", "/api/sales/list", nil).Want(200)
	var again doc
	admin.Do("POST", "/api/purchase/add?check=1", b.Doc(b.Supplier, "2025-01-10", "10", "3")).Want(200).Decode(&again)
	if again.BillNo != first.BillNo {
		t.Fatalf("numbering after reset: %s, first was %s", again.BillNo, first.BillNo)
	}
	// The backup made first holds what was cleared.
	admin.Do("POST", "/api/backup/restore?name="+res.Backup, nil).Want(200)
	if e.Count("SELECT COUNT(*) FROM bills") != 3 {
		t.Fatal("the backup made before the reset does not hold the documents")
	}
}
