package fund_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"cangshu/internal/db"
)

// Migration 0070 fills the money ledger from the documents audited before
// it existed: emptied and refilled by the migration's own statements, the
// ledger gives the lists the balances the audits gave them.
func TestLedgerMigrationFill(t *testing.T) {
	w := newWorld(t)
	s := w.goodsDoc(w.cust, "2025-02-01", "10", "10")
	s["accounts"] = []body{{"accId": w.bank, "payment": 30}}
	w.save("/api/sales/add?check=1", s)
	w.save("/api/sales/add", w.goodsDoc(w.cust2, "2025-02-01", "3", "10")) // a draft: no effect
	r := w.goodsDoc(w.supp, "2025-02-02", "4", "5")
	r["accounts"] = []body{{"accId": w.cash, "payment": 20}}
	w.save("/api/rePurchase/add?check=1", r)
	w.save("/api/reSales/add?check=1", w.goodsDoc(w.cust2, "2025-02-03", "1", "10"))
	want := w.balances()
	if want != "张三超市=120 李四商店=-10 华东饮料=5000 华北饮料=0 现金=1020 银行=30" {
		t.Fatalf("balances after the audits: %s", want)
	}
	engine := "sqlite"
	if w.e.App.DB.Engine() == db.Postgres {
		engine = "postgres"
	}
	raw, err := os.ReadFile(filepath.Join("..", "db", "migrations", engine, "0070_money_ledger.sql"))
	if err != nil {
		t.Fatal(err)
	}
	_, fill, ok := strings.Cut(string(raw), "-- The ledger of the documents audited before it existed.")
	if !ok {
		t.Fatal("the migration's fill statements are not marked")
	}
	for _, tb := range []string{"contact_moves", "account_moves", "contact_balances", "account_balances"} {
		w.e.Exec("DELETE FROM " + tb)
	}
	if got := w.balances(); got == want {
		t.Fatal("emptying the ledger changed nothing")
	}
	for _, stmt := range strings.Split(fill, ";") {
		if strings.TrimSpace(stmt) != "" {
			w.e.Exec(stmt)
		}
	}
	if got := w.balances(); got != want {
		t.Fatalf("refilled\n got  %s\n want %s", got, want)
	}
}
