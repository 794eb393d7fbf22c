package trade_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/dbtest"
)

// A server killed (SIGKILL) while 8 clients save and audit sales loses no
// document it acknowledged: every sale answered 200 is in the database
// when it is opened again, audited, with its moves, and the balances equal
// the ledger. On SQLite (the engine of a single machine; its writes are
// grouped into shared commits, see internal/db), the real binary.
func TestKilledServerLosesNoAcknowledgedDocument(t *testing.T) {
	if dbtest.PostgresURL() != "" {
		t.Skip("SQLite only: PostgreSQL's durability is its own")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "cangshu")
	if out, err := exec.Command("go", "build", "-o", bin, "cangshu/cmd/cangshu").CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	data := filepath.Join(dir, "data")
	cmd, base := startKillable(t, bin, data)

	ctx := context.Background()
	d, err := db.OpenSQLite(ctx, filepath.Join(data, "cangshu.db"))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	today := time.Now().Format("2006-01-02")
	var goods [20]int64
	var loc, customer, supplier int64
	err = d.InTx(ctx, func(tx *db.Tx) error {
		ins := func(q string, args ...any) int64 {
			var id int64
			if err := tx.QueryRow(ctx, q+" RETURNING id", args...).Scan(&id); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return id
		}
		unit := ins("INSERT INTO units (name, is_base, created_at, updated_at) VALUES ('瓶', 1, ?, ?)", now, now)
		for i := range goods {
			goods[i] = ins("INSERT INTO goods (number, name, unit_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?)",
				fmt.Sprintf("SP%03d", i), fmt.Sprintf("商品%d", i), unit, now, now)
		}
		loc = ins("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CK100', '总仓', ?, ?)", now, now)
		if _, err := tx.Exec(ctx, "INSERT INTO shop_locations (shop_id, location_id) SELECT id, ? FROM shops WHERE code = 'S001'", loc); err != nil {
			return err
		}
		customer = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH100', '张三超市', 'zscs', ?, ?)", now, now)
		supplier = ins("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (10, 'GY100', '华东饮料', 'hdyl', ?, ?)", now, now)
		return nil
	})
	d.Close()
	if err != nil {
		t.Fatal(err)
	}
	setup, err := apptest.SignIn(base)
	if err != nil {
		t.Fatal(err)
	}
	var lines []map[string]any
	for _, g := range goods {
		lines = append(lines, map[string]any{"invId": g, "qty": 1000000, "price": "2.50"})
	}
	if a, err := setup.Post("/api/purchase/add?check=1", map[string]any{"date": today, "buId": supplier, "locationId": loc, "entries": lines}); err != nil || a.Status != 200 {
		t.Fatalf("purchase: %v %d %s", err, a.Status, a.Msg)
	}

	// 8 clients sell until the server dies; each keeps the numbers of the
	// sales it was answered 200 for.
	var mu sync.Mutex
	acked := map[string]bool{}
	var sent atomic.Int64
	var wg sync.WaitGroup
	for c := range 8 {
		cl, err := apptest.SignIn(base)
		if err != nil {
			t.Fatal(err)
		}
		wg.Go(func() {
			for i := 0; ; i++ {
				g := goods[(c*7+i)%len(goods)]
				sent.Add(1)
				a, err := cl.Post("/api/sales/add?check=1", map[string]any{"date": today, "buId": customer, "locationId": loc,
					"entries": []map[string]any{{"invId": g, "qty": 1, "price": 5}, {"invId": goods[(c*7+i+1)%len(goods)], "qty": 2, "price": 4}}})
				if err != nil {
					return // the server is gone
				}
				var doc struct {
					BillNo string `json:"billNo"`
				}
				if a.Status != 200 || json.Unmarshal(a.Data, &doc) != nil || doc.BillNo == "" {
					t.Errorf("sale: %d %s", a.Status, a.Msg)
					return
				}
				mu.Lock()
				acked[doc.BillNo] = true
				mu.Unlock()
			}
		})
	}
	// Kill once a fair number of sales went through (not a timed
	// assertion: the count decides, the sleep only paces the check).
	for {
		mu.Lock()
		n := len(acked)
		mu.Unlock()
		if n >= 150 || t.Failed() {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	wg.Wait()

	d, err = db.OpenSQLite(ctx, filepath.Join(data, "cangshu.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	have, err := db.Map[string, int64](ctx, d, "SELECT bill_no, checked FROM bills WHERE kind = 'sales'")
	if err != nil {
		t.Fatal(err)
	}
	lost := 0
	for no := range acked {
		if have[no] != 1 {
			lost++
			t.Errorf("sale %s was acknowledged but is not in the database after the kill", no)
		}
	}
	var bad, moves, entries int
	if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM stock_balances sb WHERE sb.qty <> (SELECT COALESCE(SUM(m.qty), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)
		OR sb.amount <> (SELECT COALESCE(SUM(m.amount), 0) FROM stock_moves m
		WHERE m.goods_id = sb.goods_id AND m.sku_id = sb.sku_id AND m.location_id = sb.location_id AND m.batch = sb.batch)`).Scan(&bad); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM stock_moves WHERE kind = 'sales'").Scan(&moves); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, "SELECT COUNT(*) FROM bill_entries be JOIN bills b ON b.id = be.bill_id WHERE b.kind = 'sales'").Scan(&entries); err != nil {
		t.Fatal(err)
	}
	if bad != 0 || moves != entries {
		t.Errorf("after the kill: %d balances differ from the ledger; %d sales moves for %d lines", bad, moves, entries)
	}
	t.Logf("%d sales sent, %d acknowledged, %d in the database, %d lost", sent.Load(), len(acked), len(have), lost)
}

// startKillable runs the binary on SQLite in dataDir on a free port and
// waits until it answers; the test kills it.
func startKillable(t *testing.T, bin, dataDir string) (*exec.Cmd, string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	var out bytes.Buffer
	cmd := exec.Command(bin, "serve")
	cmd.Env = append(os.Environ(), "CANGSHU_DB=", "CANGSHU_ADDR="+addr, "CANGSHU_DATA="+dataDir, "CANGSHU_CAPTCHA=off",
		"CANGSHU_ADMIN_PASSWORD="+apptest.AdminPassword, "CANGSHU_PASSWORD_COST=4")
	w := apptest.SyncWriter(&out)
	cmd.Stdout, cmd.Stderr = w, w
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		if t.Failed() {
			t.Logf("server output:\n%s", out.String())
		}
	})
	base := "http://" + addr
	deadline := time.Now().Add(30 * time.Second)
	for {
		if r, err := http.Get(base + "/api/auth/captcha"); err == nil {
			r.Body.Close()
			return cmd, base
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start:\n%s", out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
