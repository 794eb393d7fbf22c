package fund_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"cangshu/internal/apptest"
)

// listRow is a document list row with its settlement columns.
type listRow struct {
	BillNo        string       `json:"billNo"`
	Arrears       json.Number  `json:"arrears"`
	RPAmount      json.Number  `json:"rpAmount"`
	SettledAmount *json.Number `json:"settledAmount"`
	OpenAmount    *json.Number `json:"openAmount"`
	HXStateCode   int          `json:"hxStateCode"`
}

// docList reads a kind's list with query and answers "billNo:settled/open/state"
// per row (date order) and the totals' settled/open.
func (w *world) docList(c *apptest.Client, kind, query string) (string, string) {
	w.e.T.Helper()
	var page apptest.List[listRow]
	c.Do("GET", "/api/"+kind+"/list?sidx=billNo&sord=asc&"+query, nil).Want(200).Decode(&page)
	var rows []string
	for _, r := range page.Rows {
		s := r.BillNo + ":"
		if r.SettledAmount != nil && r.OpenAmount != nil {
			s += r.SettledAmount.String() + "/" + r.OpenAmount.String()
		} else {
			s += "-"
		}
		rows = append(rows, fmt.Sprintf("%s/%d", s, r.HXStateCode))
	}
	var totals struct {
		SettledAmount *json.Number `json:"settledAmount"`
		OpenAmount    *json.Number `json:"openAmount"`
	}
	if len(page.Userdata) > 0 {
		if err := json.Unmarshal(page.Userdata, &totals); err != nil {
			w.e.T.Fatal(err)
		}
	}
	t := "-"
	if totals.SettledAmount != nil && totals.OpenAmount != nil {
		t = totals.SettledAmount.String() + "/" + totals.OpenAmount.String()
	}
	return strings.Join(rows, " "), t
}

// A delivery collected later by a receipt, fully or partly, and a purchase
// paid later: the lists show what is settled and open and the settlement
// state, filter on it, and the sales profit report's 已收款 counts the
// receipt.
func TestListsShowWhatLaterMoneySettled(t *testing.T) {
	w := newWorld(t)
	full := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust2, "2025-02-01", "10", "10")) // 100
	part := w.goodsDoc(w.cust2, "2025-02-02", "20", "10")                                   // 200, 50 paid now
	part["accounts"] = []body{{"accId": w.cash, "payment": 50}}
	partly := w.save("/api/sales/add?check=1", part)
	open := w.save("/api/sales/add?check=1", w.goodsDoc(w.cust2, "2025-02-03", "3", "10")) // 30
	draft := w.save("/api/sales/add", w.goodsDoc(w.cust2, "2025-02-04", "1", "10"))        // 10, a draft
	w.save("/api/receipt/add?check=1", body{"date": "2025-02-10", "buId": w.cust2,
		"accounts": []body{{"accId": w.cash, "payment": 200}},
		"checks":   []body{{"billId": full.ID, "nowCheck": 100}, {"billId": partly.ID, "nowCheck": 100}}})

	rows, totals := w.docList(w.admin, "sales", "buId="+fmt.Sprint(w.cust2))
	want := strings.Join([]string{full.BillNo + ":100/0/2", partly.BillNo + ":150/50/1", open.BillNo + ":0/30/0", draft.BillNo + ":0/10/0"}, " ")
	if rows != want || totals != "250/90" {
		t.Fatalf("sales list:\n got  %s (totals %s)\n want %s (totals 250/90)", rows, totals, want)
	}
	for _, f := range []struct{ state, want string }{
		{"2", full.BillNo}, {"1", partly.BillNo}, {"0", open.BillNo + " " + draft.BillNo}, {"0,1", partly.BillNo + " " + open.BillNo + " " + draft.BillNo},
	} {
		var page apptest.List[listRow]
		w.admin.Do("GET", fmt.Sprintf("/api/sales/list?sidx=billNo&sord=asc&buId=%d&hxState=%s", w.cust2, f.state), nil).Want(200).Decode(&page)
		var got []string
		for _, r := range page.Rows {
			got = append(got, r.BillNo)
		}
		if strings.Join(got, " ") != f.want {
			t.Errorf("hxState=%s: %v, want %s", f.state, got, f.want)
		}
	}
	for _, bad := range []string{"3", "x", "1,-1"} {
		r := w.admin.Do("GET", "/api/sales/list?hxState="+bad, nil).Want(400)
		if !strings.Contains(string(r.Body), "hxState") {
			t.Errorf("hxState=%s: %s", bad, r.Body)
		}
	}
	// the document itself says the same
	var d listRow
	w.admin.Do("GET", fmt.Sprintf("/api/sales/query?id=%d", partly.ID), nil).Want(200).Decode(&d)
	if d.SettledAmount == nil || d.SettledAmount.String() != "150" || d.OpenAmount.String() != "50" || d.Arrears.String() != "150" {
		t.Errorf("query: %+v", d)
	}

	// 销售利润表: 已收款 counts what the receipt settled.
	var rep struct {
		Rows []struct {
			BillNo     string      `json:"billNo"`
			Receivable json.Number `json:"receivable"`
			Received   json.Number `json:"received"`
		} `json:"rows"`
	}
	w.admin.Do("GET", fmt.Sprintf("/api/report/salesProfit?beginDate=2025-02-01&endDate=2025-02-28&buId=%d", w.cust2), nil).Want(200).Decode(&rep)
	var got []string
	for _, r := range rep.Rows {
		got = append(got, r.BillNo+":"+r.Receivable.String()+"/"+r.Received.String())
	}
	if s := strings.Join(got, " "); s != full.BillNo+":100/100 "+partly.BillNo+":200/150 "+open.BillNo+":30/0" {
		t.Errorf("salesProfit receivable/received: %s", s)
	}

	// 购货单记录: the purchase of newWorld (5000, nothing paid) after a payment of 5000.
	rows, _ = w.docList(w.admin, "purchase", "")
	if !strings.HasSuffix(rows, ":0/5000/0") {
		t.Fatalf("purchase list before the payment: %s", rows)
	}
	var pid struct {
		Rows []struct{ ID int64 } `json:"rows"`
	}
	w.admin.Do("GET", "/api/purchase/list", nil).Want(200).Decode(&pid)
	w.save("/api/payment/add?check=1", body{"date": "2025-02-10", "buId": w.supp,
		"accounts": []body{{"accId": w.cash, "payment": 5000}}, "checks": []body{{"billId": pid.Rows[0].ID, "nowCheck": 5000}}})
	if rows, totals = w.docList(w.admin, "purchase", "hxState=2"); !strings.HasSuffix(rows, ":5000/0/2") || totals != "5000/0" {
		t.Fatalf("purchase list after the payment: %s (totals %s)", rows, totals)
	}

	// without the amount right: neither figure, the state stays
	clerk := w.e.UserWith("sales:sales:query")
	if rows, totals = w.docList(clerk, "sales", "hxState=2"); rows != full.BillNo+":-/2" || totals != "-" {
		t.Errorf("without the money right: %s (totals %s)", rows, totals)
	}

	// The Excel of the lists says the same (the same columns as the screen).
	sales := w.exportRows(w.admin, "sales", "buId="+fmt.Sprint(w.cust2))
	if got := strings.Join(sales[0], ","); !strings.Contains(got, ",金额,本次收付款,本次欠款,已收款,未收款,收款状态,状态,") {
		t.Errorf("sales export header: %s", got)
	}
	col := func(rows [][]string, name string) []string {
		i := slices.Index(rows[0], name)
		if i < 0 {
			t.Fatalf("no column %s in %v", name, rows[0])
		}
		var out []string
		for _, r := range rows[1:] {
			if i < len(r) {
				out = append(out, r[i])
			} else {
				out = append(out, "")
			}
		}
		return out
	}
	// rows newest first: draft, open, partly, full
	if got := strings.Join(col(sales, "已收款"), " ") + " | " + strings.Join(col(sales, "未收款"), " ") + " | " + strings.Join(col(sales, "收款状态"), " "); got != "0 0 150 100 | 10 30 50 0 | 未收 未收 部分 已收" {
		t.Errorf("sales export settled | open | state: %s", got)
	}
	// purchases: money going out, in English
	w.admin.Lang = "en"
	purchases := w.exportRows(w.admin, "purchase", "hxState=2")
	w.admin.Lang = ""
	if got := strings.Join(col(purchases, "Paid")[:1], " ") + " | " + strings.Join(col(purchases, "To pay")[:1], " ") + " | " + strings.Join(col(purchases, "Payment")[:1], " "); got != "5000 | 0 | Paid" {
		t.Errorf("purchase export paid | to pay | state: %s", got)
	}
	// without the amount right: the state, neither figure
	exporter := w.e.UserWith("sales:sales:query", "sales:sales:export")
	rows = strings.Join(w.exportRows(exporter, "sales", "buId="+fmt.Sprint(w.cust2))[0], ",")
	if strings.Contains(rows, "已收款") || strings.Contains(rows, "未收款") || strings.Contains(rows, "金额") || !strings.Contains(rows, "收款状态") {
		t.Errorf("sales export without the money right: %s", rows)
	}
	// kinds receipts do not settle have no such column
	if head := strings.Join(w.exportRows(w.admin, "salesOrder", "")[0], ","); strings.Contains(head, "收款状态") || strings.Contains(head, "已收款") {
		t.Errorf("sales order export: %s", head)
	}
}

// exportRows is the first sheet of a kind's list export.
func (w *world) exportRows(c *apptest.Client, kind, query string) [][]string {
	w.e.T.Helper()
	r := c.Do("GET", "/api/"+kind+"/export?"+query, nil).Want(200)
	x, err := excelize.OpenReader(bytes.NewReader(r.Body))
	if err != nil {
		w.e.T.Fatal(err)
	}
	defer x.Close()
	rows, err := x.GetRows(x.GetSheetList()[0])
	if err != nil || len(rows) == 0 {
		w.e.T.Fatalf("export of %s: %v %v", kind, rows, err)
	}
	return rows
}
