package report_test

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/xuri/excelize/v2"
)

// moneyWorld is the world with the money of the worked example:
// accounts 现金 (opening 1000) and 银行, an income item 利息 and an expense
// item 房租; the customer 张三超市 owes 5 from its opening.
type moneyWorld struct {
	*world
	cash, bank, interest, rent int64
	s0, s1, s2, s3, s4, r1     int64
	rc1, v1, pay1              int64
}

func (w *world) postDoc(path string, body map[string]any) int64 {
	w.e.T.Helper()
	var d doc
	w.admin.Do("POST", path+"/add?check=1", body).Want(200).Decode(&d)
	return d.ID
}

type jn = json.Number

// moneyHistory (amounts to 2 places; the period is January 2026):
//
//	2025-12-01 purchase 100 可乐 @3 from 华东饮料, unpaid            payable 300
//	2025-12-20 sale S0 1 @10, unpaid                                  receivable 5 + 10 = 15
//	01-05 payment of 100 from 现金 settling the purchase              payable 200; 现金 900
//	01-10 sale S1 10 @10, 30 paid into 现金                          +70 → 85;  现金 930
//	01-12 transfer 200 现金 → 银行                                   现金 730, 银行 200
//	01-20 sale S2 5 @10, discount 5                                   +45
//	01-15 sale S3 2 @10 (entered after S2: back-dated)                +20 (at 01-15: 105; S2 → 150)
//	01-18 other income 利息 5 into 银行                               银行 205
//	01-22 return R1 1 @10                                             −10 → 140
//	01-25 receipt RC1: 60 into 银行, discount 2, settles 50 of S1     −62 → 78 (advance 12); 银行 265
//	01-28 verification V1 (153201): the advance 12 against S3         0 → 78
//	01-30 other expense 房租 40 from 现金                             现金 690
//	02-05 sale S4 3 @10, unpaid                                       +30 → 108
func moneyHistory(t *testing.T) *moneyWorld {
	t.Helper()
	w := &moneyWorld{world: newWorld(t)}
	now := time.Now().UTC()
	ins := func(q string, args ...any) int64 { return w.e.Insert(q+" RETURNING id", args...) }
	w.cash = ins("INSERT INTO settle_accounts (number, name, opening_balance, created_at, updated_at) VALUES ('ZH001', '现金', 1000000000, ?, ?)", now, now)
	w.bank = ins("INSERT INTO settle_accounts (number, name, created_at, updated_at) VALUES ('ZH002', '银行', ?, ?)", now, now)
	w.interest = ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (1, 'SR001', '利息', ?, ?)", now, now)
	w.rent = ins("INSERT INTO items (kind, number, name, created_at, updated_at) VALUES (2, 'ZC001', '房租', ?, ?)", now, now)
	buy := w.post("/api/purchase", "2025-12-01", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "100", "3"))
	sale := func(date, qty string, extra map[string]any) int64 {
		return w.post("/api/sales", date, w.customer, w.main, extra, w.l(w.cola, w.bottle, w.main, qty, "10")).ID
	}
	w.s0 = sale("2025-12-20", "1", nil)
	w.pay1 = w.postDoc("/api/payment", map[string]any{"date": "2026-01-05", "buId": w.supplier,
		"accounts": []any{map[string]any{"accId": w.cash, "payment": jn("100")}}, "checks": []any{map[string]any{"billId": buy.ID, "nowCheck": jn("100")}}})
	w.s1 = sale("2026-01-10", "10", map[string]any{"accounts": []any{map[string]any{"accId": w.cash, "payment": jn("30")}}})
	w.postDoc("/api/fundTf", map[string]any{"date": "2026-01-12", "entries": []any{map[string]any{"outAccId": w.cash, "inAccId": w.bank, "amount": jn("200")}}})
	w.s2 = sale("2026-01-20", "5", map[string]any{"disAmount": jn("5")})
	w.s3 = sale("2026-01-15", "2", nil)
	w.postDoc("/api/income", map[string]any{"date": "2026-01-18", "accId": w.bank, "entries": []any{map[string]any{"itemId": w.interest, "amount": jn("5")}}})
	w.r1 = w.post("/api/reSales", "2026-01-22", w.customer, w.main, nil, w.l(w.cola, w.bottle, w.main, "1", "10")).ID
	w.rc1 = w.postDoc("/api/receipt", map[string]any{"date": "2026-01-25", "buId": w.customer, "discount": jn("2"),
		"accounts": []any{map[string]any{"accId": w.bank, "payment": jn("60")}}, "checks": []any{map[string]any{"billId": w.s1, "nowCheck": jn("50")}}})
	w.v1 = w.postDoc("/api/verification", map[string]any{"date": "2026-01-28", "buId": w.customer, "transType": 153201, "amount": jn("12"),
		"checks": []any{map[string]any{"billId": w.s3, "nowCheck": jn("12")}}})
	w.postDoc("/api/expense", map[string]any{"date": "2026-01-30", "accId": w.cash, "buId": w.supplier,
		"entries": []any{map[string]any{"itemId": w.rent, "amount": jn("40")}}})
	w.s4 = sale("2026-02-05", "3", nil)
	return w
}

// rowsOf are the rows as "field=value" lines of the keys asked, for exact
// comparison with the hand-computed table.
func rowsOf(a answer, keys ...string) []string {
	var out []string
	for _, r := range a.Rows {
		var parts []string
		for _, k := range keys {
			parts = append(parts, num(r, k))
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

func wantRows(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s:\n got  %q\n want %q", what, got, want)
	}
}

func TestFundReportsWorkedExample(t *testing.T) {
	t.Parallel()
	w := moneyHistory(t)
	a := w.admin
	id := func(v int64) string { return itoa(v) }

	// receivableDetail: opening 5 + 10 before the period; each document
	// with its change in date order (the back-dated S3 before S2).
	r := get(t, a, "/api/report/receivableDetail?"+jan)
	wantRows(t, "receivableDetail", rowsOf(r, "rowType", "date", "billId", "add", "sub", "balance"), []string{
		"opening 2026-01-01    15",
		" 2026-01-10 " + id(w.s1) + " 70 0 85",
		" 2026-01-15 " + id(w.s3) + " 20 0 105",
		" 2026-01-20 " + id(w.s2) + " 45 0 150",
		" 2026-01-22 " + id(w.r1) + " -10 0 140",
		" 2026-01-25 " + id(w.rc1) + " 0 62 78",
		" 2026-01-28 " + id(w.v1) + " 0 0 78",
		"subtotal   125 62 78",
	})
	want(t, "receivableDetail totals", r.Userdata, "add", "125", "sub", "62", "balance", "78")
	if num(r.Rows[1], "transType") != "150601" || num(r.Rows[1], "kind") != "sales" || num(r.Rows[5], "kindName") != "收款单" {
		t.Errorf("document keys: %v / %v", r.Rows[1], r.Rows[5])
	}

	// payableDetail: the purchase before the period, the payment in it
	p := get(t, a, "/api/report/payableDetail?"+jan)
	wantRows(t, "payableDetail", rowsOf(p, "rowType", "billId", "add", "sub", "balance"), []string{
		"opening    300", " " + id(w.pay1) + " 0 100 200", "subtotal  0 100 200",
	})

	// bankJournal: per account, opening, each money line, subtotal
	b := get(t, a, "/api/report/bankJournal?"+jan)
	wantRows(t, "bankJournal", rowsOf(b, "rowType", "accountName", "date", "kind", "contactName", "income", "expense", "balance"), []string{
		"opening 现金 2026-01-01     1000",
		" 现金 2026-01-05 payment 华东饮料 0 100 900",
		" 现金 2026-01-10 sales 张三超市 30 0 930",
		" 现金 2026-01-12 fundTf  0 200 730",
		" 现金 2026-01-30 expense 华东饮料 0 40 690",
		"subtotal 现金    30 340 690",
		"opening 银行 2026-01-01     0",
		" 银行 2026-01-12 fundTf  200 0 200",
		" 银行 2026-01-18 income  5 0 205",
		" 银行 2026-01-25 receipt 张三超市 60 0 265",
		"subtotal 银行    265 0 265",
	})
	want(t, "bankJournal totals", b.Userdata, "income", "295", "expense", "340", "balance", "955")
	one := get(t, a, "/api/report/bankJournal?beginDate=2026-01-13&endDate=2026-01-31&accId="+id(w.bank))
	wantRows(t, "bankJournal of 银行 from 01-13", rowsOf(one, "rowType", "income", "balance"), []string{
		"opening  200", " 5 205", " 60 265", "subtotal 65 265",
	})

	// the customer's statement: amount, discount, paid, running balance
	s := get(t, a, "/api/report/customerReconciliation?"+jan+"&buId="+id(w.customer))
	wantRows(t, "customerReconciliation", rowsOf(s, "rowType", "billId", "amount", "discount", "paid", "balance"), []string{
		"opening     15",
		" " + id(w.s1) + " 100 0 30 85",
		" " + id(w.s3) + " 20 0 0 105",
		" " + id(w.s2) + " 50 5 0 150",
		" " + id(w.r1) + " -10 0 0 140",
		" " + id(w.rc1) + " 0 2 60 78",
		" " + id(w.v1) + " 0 0 0 78",
	})
	want(t, "statement totals", s.Userdata, "amount", "160", "discount", "7", "paid", "90", "balance", "78")
	// with the goods lines under each goods document
	g := get(t, a, "/api/report/customerReconciliation?"+jan+"&buId="+id(w.customer)+"&showGoods=1")
	if len(g.Rows) != 11 || num(g.Rows[2], "rowType") != "line" || num(g.Rows[2], "qty") != "10" || num(g.Rows[2], "lineAmount") != "100" ||
		num(g.Rows[8], "qty") != "-1" || num(g.Rows[8], "billId") != id(w.r1) {
		t.Errorf("statement with goods: %v", rowsOf(g, "rowType", "billId", "invName", "qty", "lineAmount", "balance"))
	}
	want(t, "statement with goods totals", g.Userdata, "amount", "160", "balance", "78")
	// no contact: an empty statement; a supplier on the customer's: nothing
	if e := get(t, a, "/api/report/customerReconciliation?"+jan); e.Records != 0 {
		t.Errorf("no contact: %v", e.Rows)
	}
	if e := get(t, a, "/api/report/customerReconciliation?"+jan+"&buId="+id(w.supplier)); e.Records != 0 {
		t.Errorf("a supplier's customer statement: %v", e.Rows)
	}
	sp := get(t, a, "/api/report/supplierReconciliation?beginDate=2025-12-01&endDate=2026-01-31&buId="+id(w.supplier))
	wantRows(t, "supplierReconciliation", rowsOf(sp, "rowType", "amount", "paid", "balance"), []string{
		"opening   0", " 300 0 300", " 0 100 200",
	})

	// oriDetail: the income and expense lines, by item
	o := get(t, a, "/api/report/oriDetail?"+jan)
	wantRows(t, "oriDetail", rowsOf(o, "itemName", "accountName", "contactName", "income", "expense"), []string{
		"利息 银行  5 0", "房租 现金 华东饮料 0 40",
	})
	want(t, "oriDetail totals", o.Userdata, "income", "5", "expense", "40")
	if o := get(t, a, "/api/report/oriDetail?"+jan+"&itemId="+id(w.rent)); o.Records != 1 || num(o.Rows[0], "expense") != "40" {
		t.Errorf("oriDetail by item: %v", o.Rows)
	}
	if o := get(t, a, "/api/report/oriDetail?"+jan+"&accId="+id(w.bank)); o.Records != 1 || num(o.Rows[0], "income") != "5" {
		t.Errorf("oriDetail by account: %v", o.Rows)
	}

	// receivable ageing at 02-10 (the system started 2025-11-01): the
	// balance 108 by age. Debts: the opening 5 (101 days), S0 10 (52), S1
	// 20 left (31), S3 8 left (26), S2 45 (21), S4 30 (5); the credit no
	// document took (the return's 10; the advance went to S3) pays the
	// oldest: the opening 5 and 5 of S0.
	w.e.Exec("UPDATE configs SET config_value = '2025-11-01' WHERE config_key = 'startDate'")
	ag := get(t, a, "/api/report/receivableAgeing?endDate=2026-02-10")
	if len(ag.Rows) != 1 {
		t.Fatalf("ageing rows %v", ag.Rows)
	}
	want(t, "ageing", ag.Rows[0], "open", "108", "age30", "83", "age60", "25", "age90", "0", "ageOver90", "0")
	rd := get(t, a, "/api/report/receivableDetail?beginDate=2026-02-01&endDate=2026-02-10&buId="+id(w.customer))
	want(t, "ageing = the receivable's closing", rd.Userdata, "balance", "108")
	// before the receipt and the verification (01-20): nothing to set off;
	// the opening 5 is 80 days old, S0 31, S1, S3, S2 under 30
	ag = get(t, a, "/api/report/receivableAgeing?endDate=2026-01-20")
	want(t, "ageing at 01-20", ag.Rows[0], "open", "150", "age30", "135", "age60", "10", "age90", "5", "ageOver90", "0")
	// before any document: the opening alone, dated the start (at 11-30: 29 days)
	ag = get(t, a, "/api/report/receivableAgeing?endDate=2025-11-30")
	want(t, "ageing of the opening", ag.Rows[0], "open", "5", "age30", "5", "age60", "0")
	// an advance larger than the debts: nothing to age, no row
	adv := w.postDoc("/api/receipt", map[string]any{"date": "2026-02-08", "buId": w.customer,
		"accounts": []any{map[string]any{"accId": w.bank, "payment": jn("200")}}})
	if ag := get(t, a, "/api/report/receivableAgeing?endDate=2026-02-10"); len(ag.Rows) != 0 {
		t.Errorf("a customer holding an advance is aged: %v", ag.Rows)
	}
	w.admin.Do("POST", "/api/receipt/uncheck?id="+id(adv), nil).Want(200)
	if ag.Drill != "receivableDetail" {
		t.Errorf("ageing drills to %q", ag.Drill)
	}

	// collection overview of January
	c := get(t, a, "/api/report/collectionOverview?"+jan)
	wantRows(t, "collectionOverview", rowsOf(c, "billId", "amount", "discount", "receivable", "collected", "outstanding", "rate"), []string{
		id(w.s1) + " 100 0 100 80 20 80", id(w.s3) + " 20 0 20 12 8 60", id(w.s2) + " 50 5 45 0 45 0", id(w.r1) + " -10 0 -10 0 -10 0",
	})
	want(t, "collection totals", c.Userdata, "receivable", "155", "collected", "92", "outstanding", "63", "rate", "59.35")
}

// The invariants on the worked example at the year's end: receivableDetail
// closing per contact = contactDebt = the contact list's balance; the bank
// journal's closing per account = the account list's balance.
func TestFundReportsAgreeWithBalances(t *testing.T) {
	t.Parallel()
	w := moneyHistory(t)
	year := "beginDate=2026-01-01&endDate=2026-12-31"
	r := get(t, w.admin, "/api/report/receivableDetail?"+year)
	last := r.Rows[len(r.Rows)-1]
	cd := get(t, w.admin, "/api/report/contactDebt?contactType=-10")
	if num(last, "balance") != "108" || num(cd.Rows[0], "receivable") != "108" {
		t.Errorf("closing %s, contactDebt %s, want 108", num(last, "balance"), num(cd.Rows[0], "receivable"))
	}
	b := get(t, w.admin, "/api/report/bankJournal?"+year)
	want(t, "bankJournal closing", b.Userdata, "balance", "955")
}

func TestFundReportsMoneyRights(t *testing.T) {
	t.Parallel()
	w := moneyHistory(t)
	q := "?" + jan + "&buId=" + itoa(w.customer)
	bare := w.e.UserWith("report:receivableDetail:query", "report:receivableDetail:export",
		"report:customerReconciliation:query", "report:customerReconciliation:export", "money:purchaseAmount:view")
	for _, name := range []string{"receivableDetail", "customerReconciliation"} {
		r := get(t, bare, "/api/report/"+name+q+"&showGoods=1")
		for _, k := range []string{"add", "sub", "balance", "amount", "discount", "paid", "price", "lineAmount"} {
			if slices.Contains(r.keys(), k) || r.Userdata[k] != nil || slices.ContainsFunc(r.Rows, func(row map[string]any) bool { return row[k] != nil }) {
				t.Errorf("%s: %s without the sales amount right", name, k)
			}
		}
		if len(r.Rows) == 0 || num(r.Rows[1], "billNo") == "" {
			t.Errorf("%s: the documents are still listed: %v", name, r.Rows)
		}
		res := bare.Do("GET", "/api/report/"+name+"/export"+q, nil).Want(200)
		f, err := excelize.OpenReader(bytes.NewReader(res.Body))
		if err != nil {
			t.Fatal(err)
		}
		rows, _ := f.GetRows(f.GetSheetList()[0])
		head := strings.Join(rows[0], "|")
		if strings.Contains(head, "应收") || strings.Contains(head, "金额") || strings.Contains(head, "余额") || !strings.Contains(head, "单据编号") {
			t.Errorf("%s: Excel headers %s", name, head)
		}
	}
	// with the right, the Excel has the amounts and the totals row
	res := w.admin.Do("GET", "/api/report/customerReconciliation/export"+q, nil).Want(200)
	f, err := excelize.OpenReader(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := f.GetRows(f.GetSheetList()[0])
	if head := strings.Join(rows[0], "|"); !strings.Contains(head, "应收款余额") || !strings.Contains(head, "优惠金额") {
		t.Errorf("Excel headers with the right: %s", head)
	}
	if tot := rows[len(rows)-1]; tot[0] != "合计" || !slices.Contains(tot, "78.00") {
		t.Errorf("Excel totals row %v", tot)
	}
	// another fund report's permission does not open this one
	bare.Do("GET", "/api/report/bankJournal?"+jan, nil).Want(403)
	bare.Do("GET", "/api/report/receivableDetail?"+jan+"&accId=x", nil).Want(400)
}

// A debt moved to another customer (153204): the first customer's detail
// takes it off, the second's statement shows it as an amount owed.
func TestFundReportsDebtMoved(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	now := time.Now().UTC()
	other := w.e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KH002', '李四商店', 'ls', ?, ?) RETURNING id", now, now)
	w.post("/api/purchase", "2026-01-02", w.supplier, w.main, nil, w.l(w.cola, w.bottle, w.main, "10", "3"))
	sale := w.post("/api/sales", "2026-01-10", w.customer, w.main, nil, w.l(w.cola, w.bottle, w.main, "3", "10"))
	v := w.postDoc("/api/verification", map[string]any{"date": "2026-01-12", "buId": w.customer, "transType": 153204, "toBuId": other,
		"amount": jn("10"), "checks": []any{map[string]any{"billId": sale.ID, "nowCheck": jn("10")}}})
	r := get(t, w.admin, "/api/report/receivableDetail?"+jan)
	wantRows(t, "receivableDetail", rowsOf(r, "rowType", "contactName", "billId", "add", "sub", "balance"), []string{
		"opening 张三超市    5", " 张三超市 " + itoa(sale.ID) + " 30 0 35", " 张三超市 " + itoa(v) + " 0 10 25", "subtotal 张三超市  30 10 25",
		"opening 李四商店    0", " 李四商店 " + itoa(v) + " 10 0 10", "subtotal 李四商店  10 0 10",
	})
	s := get(t, w.admin, "/api/report/customerReconciliation?"+jan+"&buId="+itoa(other))
	wantRows(t, "the second customer's statement", rowsOf(s, "rowType", "billId", "amount", "paid", "balance"), []string{
		"opening    0", " " + itoa(v) + " 10 0 10",
	})
}
