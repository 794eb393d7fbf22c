package fund_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Verification documents, one of each sub-type: an advance set against
// receivables (and refused beyond the advance held), receivables against
// payables, a receivable and a payable moved to another contact; each
// settles its documents and the balances follow; un-audit gives back.
func TestVerification(t *testing.T) {
	w := newWorld(t)
	s1 := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-01", "10", "10")) // 100
	s2 := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust, "2025-02-02", "20", "10")) // 200
	p1 := w.unsettled("payment", w.supp)[0]                                              // 5000
	// 张三超市 pays 80 in advance.
	w.save("/api/receipt/add?check=1", body{"date": "2025-02-03", "buId": w.cust, "accounts": []body{{"accId": w.cash, "payment": 80}}})
	want := func(step, b string) {
		t.Helper()
		if got := w.balances(); got != b {
			t.Fatalf("%s: balances\n got  %s\n want %s", step, got, b)
		}
	}
	want("start", "张三超市=270 李四商店=0 华东饮料=5000 华北饮料=0 现金=1080 银行=0")
	// The unsettled list answers the advance the contact holds (the
	// verification page shows it): the ledger's and the opening one; a
	// contact of the other type is unknown there (404).
	advance := func(kind string, buID int64) string {
		t.Helper()
		var r struct {
			Advance json.Number `json:"advance"`
		}
		w.admin.Do("GET", fmt.Sprintf("/api/%s/unsettled?buId=%d", kind, buID), nil).Want(200).Decode(&r)
		return r.Advance.String()
	}
	w.e.Exec("UPDATE contacts SET opening_advance = 15000000 WHERE id = ?", w.cust2)
	if got := strings.Join([]string{advance("receipt", w.cust), advance("receipt", w.cust2), advance("payment", w.supp)}, " "); got != "80 15 0" {
		t.Fatalf("advances held: %s", got)
	}
	w.admin.Do("GET", fmt.Sprintf("/api/payment/unsettled?buId=%d", w.cust), nil).Want(404)
	w.e.Exec("UPDATE contacts SET opening_advance = 0 WHERE id = ?", w.cust2)

	// 153201: more than the advance held is refused, naming it.
	w.admin.Lang = "en"
	r := w.admin.Do("POST", "/api/verification/add?check=1", body{"transType": 153201, "date": "2025-02-05", "buId": w.cust, "amount": 90,
		"checks": []body{{"billId": s1.ID, "nowCheck": 90}}})
	if r.Status != 400 || !strings.Contains(r.Env.Errors["amount"], "only 80") {
		t.Fatalf("advance short: %d %s", r.Status, r.Body)
	}
	// Unbalanced: the amount is not what the documents settle.
	r = w.admin.Do("POST", "/api/verification/add", body{"transType": 153201, "date": "2025-02-05", "buId": w.cust, "amount": 70,
		"checks": []body{{"billId": s1.ID, "nowCheck": 60}}})
	if r.Status != 400 || !strings.Contains(r.Env.Errors["amount"], "do not balance") {
		t.Fatalf("unbalanced: %d %s", r.Status, r.Body)
	}
	w.admin.Lang = ""
	want("refused", "张三超市=270 李四商店=0 华东饮料=5000 华北饮料=0 现金=1080 银行=0")
	v1 := w.save("/api/verification/add?check=1", body{"transType": 153201, "date": "2025-02-05", "buId": w.cust, "amount": 80,
		"checks": []body{{"billId": s1.ID, "nowCheck": 80}}})
	if v1.TransType != 153201 || len(v1.Checks) != 1 || v1.Amount.String() != "80" {
		t.Fatalf("verification: %+v", v1)
	}
	// The balance is net of advances: using the advance leaves it as it was.
	want("advance used", "张三超市=270 李四商店=0 华东饮料=5000 华北饮料=0 现金=1080 银行=0")
	if a := advance("receipt", w.cust); a != "0" {
		t.Fatalf("advance held after it was used: %s", a)
	}
	if s := w.get("sales", s1.ID).HXStateCode; s != 1 {
		t.Fatalf("s1 hxStateCode %d", s)
	}

	// 153203: 150 of 张三超市's receivable against 华东饮料's payable.
	v3 := w.save("/api/verification/add?check=1", body{"transType": 153203, "date": "2025-02-06", "buId": w.cust, "toBuId": w.supp,
		"checks": []body{{"billId": s1.ID, "nowCheck": 20}, {"billId": s2.ID, "nowCheck": 130}}, "toChecks": []body{{"billId": p1.BillID, "nowCheck": 150}}})
	want("receivable against payable", "张三超市=120 李四商店=0 华东饮料=4850 华北饮料=0 现金=1080 银行=0")
	if len(v3.Checks) != 2 || len(w.get("verification", v3.ID).Checks) != 2 {
		t.Fatalf("v3 checks: %+v", v3)
	}

	// 153204: the remaining 70 of s2 moves to 李四商店.
	w.save("/api/verification/add?check=1", body{"transType": 153204, "date": "2025-02-07", "buId": w.cust, "toBuId": w.cust2, "amount": 70,
		"checks": []body{{"billId": s2.ID, "nowCheck": 70}}})
	want("receivable moved", "张三超市=50 李四商店=70 华东饮料=4850 华北饮料=0 现金=1080 银行=0")
	// 153205: 1000 of 华东饮料's payable moves to 华北饮料.
	v5 := w.save("/api/verification/add?check=1", body{"transType": 153205, "date": "2025-02-07", "buId": w.supp, "toBuId": w.supp2, "amount": 1000,
		"checks": []body{{"billId": p1.BillID, "nowCheck": 1000}}})
	want("payable moved", "张三超市=50 李四商店=70 华东饮料=3850 华北饮料=1000 现金=1080 银行=0")
	if s := fmt.Sprint(w.get("sales", s1.ID).HXStateCode, w.get("sales", s2.ID).HXStateCode, w.get("purchase", p1.BillID).HXStateCode); s != "2 2 1" {
		t.Fatalf("hxStateCode: %s", s)
	}
	// A settled purchase cannot be un-audited; the verification can.
	if msg := w.batch(w.admin, fmt.Sprintf("/api/purchase/uncheck?id=%d", p1.BillID)); !strings.Contains(msg, v3.BillNo) {
		t.Fatalf("un-audit of a settled purchase: %q", msg)
	}
	if msg := w.batch(w.admin, fmt.Sprintf("/api/verification/uncheck?id=%d", v5.ID)); msg != "" {
		t.Fatal(msg)
	}
	want("un-audited", "张三超市=50 李四商店=70 华东饮料=4850 华北饮料=0 现金=1080 银行=0")
	// Wrong contact types: a supplier where 153201 needs a customer.
	r = w.admin.Do("POST", "/api/verification/add", body{"transType": 153201, "date": "2025-02-05", "buId": w.supp, "amount": 1,
		"checks": []body{{"billId": p1.BillID, "nowCheck": 1}}})
	if r.Status != 400 || r.Env.Errors["buId"] == "" {
		t.Fatalf("supplier on 153201: %d %s", r.Status, r.Body)
	}
	// Unbalanced sides of 153203.
	r = w.admin.Do("POST", "/api/verification/add", body{"transType": 153203, "date": "2025-02-06", "buId": w.cust2, "toBuId": w.supp,
		"checks":   []body{{"billId": w.save("/api/sales/add?check=1", w.goodsDoc(w.cust2, "2025-02-01", "1", "10")).ID, "nowCheck": 10}},
		"toChecks": []body{{"billId": p1.BillID, "nowCheck": 11}}})
	if r.Status != 400 || r.Env.Errors["toChecks"] == "" {
		t.Fatalf("unbalanced 153203: %d %s", r.Status, r.Body)
	}
}
