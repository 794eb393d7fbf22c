package report

import (
	"strings"

	"cangshu/internal/dec"
)

// The purchase and sales summaries on SQL: the detail lines grouped by
// goods, contact or salesperson in one query (agg.go), their totals the
// detail's.

// summaryKey is what a summary groups the lines by and how its rows are
// named and ordered.
type summaryKey struct {
	Key   string // the lines' key expression
	Cols  []aggCol
	Join  string // names of the key (aliases x*)
	Order string
}

var (
	byGoodsKey = summaryKey{Key: "e.goods_id",
		Cols: []aggCol{{"invId", "s.k", 'i'}, {"invNumber", "xg.number", 't'}, {"invName", "xg.name", 't'}, {"invSpec", "xg.spec", 't'},
			{"unitName", "COALESCE(xu.name, '')", 't'}},
		Join:  " JOIN goods xg ON xg.id = s.k LEFT JOIN units xu ON xu.id = xg.unit_id",
		Order: "t.invNumber, t.invId"}
	byContactKey = summaryKey{Key: "COALESCE(b.contact_id, 0)",
		Cols:  []aggCol{{"buId", "s.k", 'i'}, {"contactName", "COALESCE(xc.name, '')", 't'}, {"contactNumber", "COALESCE(xc.number, '')", 't'}},
		Join:  " LEFT JOIN contacts xc ON xc.id = s.k",
		Order: "CASE WHEN t.buId = 0 THEN 1 ELSE 0 END, t.contactNumber, t.buId"}
	bySalesKey = summaryKey{Key: "COALESCE(b.employee_id, 0)",
		Cols:  []aggCol{{"salesId", "s.k", 'i'}, {"salesName", "COALESCE(xe.name, '')", 't'}, {"salesNumber", "COALESCE(xe.number, '')", 't'}},
		Join:  " LEFT JOIN employees xe ON xe.id = s.k",
		Order: "CASE WHEN t.salesId = 0 THEN 1 ELSE 0 END, t.salesNumber, t.salesId"}
)

// summaryAgg groups the lines of kinds by key with the sums (key, micros
// expression over the lines, in order).
func summaryAgg(q *Query, kinds []string, key summaryKey, sums [][2]string, finish func(Row), sorts map[string]string) *aggSource {
	from, args := lineFrom(q, kinds)
	sel := []string{key.Key + " AS k"}
	cols := append([]aggCol{}, key.Cols...)
	for _, s := range sums {
		sel = append(sel, "CAST(SUM("+s[1]+") AS BIGINT) AS "+s[0])
		cols = append(cols, aggCol{s[0], "s." + s[0], 'm'})
	}
	inner := "(SELECT " + strings.Join(sel, ", ") + " FROM " + from + " GROUP BY " + key.Key + ") s" + key.Join
	return &aggSource{Inner: inner, Args: args, Cols: cols, Order: key.Order, Finish: finish, Sorts: sorts}
}

func puSumAgg(key summaryKey) func(*Query) (*aggSource, error) {
	return func(q *Query) (*aggSource, error) {
		places := q.Sys.PricePlaces
		return summaryAgg(q, []string{"purchase", "rePurchase"}, key, [][2]string{
			{"qty", signSQL + " * e.base_qty"}, {"amount", signSQL + " * e.amount"}, {"tax", signSQL + " * e.tax"},
			{"taxAmount", signSQL + " * e.tax_amount"},
		}, func(r Row) { r["avgPrice"] = avg(r["amount"], r["qty"], places) },
			map[string]string{"avgPrice": "COALESCE(t.amount * 1.0 / NULLIF(t.qty, 0), 0)"}), nil
	}
}

func salesSumAgg(key summaryKey) func(*Query) (*aggSource, error) {
	return func(q *Query) (*aggSource, error) {
		places := q.Sys.PricePlaces
		return summaryAgg(q, []string{"sales", "reSales"}, key, [][2]string{
			{"qty", signSQL + " * e.base_qty"}, {"amount", signSQL + " * e.amount"}, {"taxAmount", signSQL + " * e.tax_amount"},
			{"cost", costSQL}, {"profit", profitSQL},
		}, func(r Row) {
			r["avgPrice"] = avg(r["amount"], r["qty"], places)
			p, _ := r["profit"].(dec.Dec)
			a, _ := r["amount"].(dec.Dec)
			r["margin"] = ratio(p, a)
		}, map[string]string{
			"avgPrice": "COALESCE(t.amount * 1.0 / NULLIF(t.qty, 0), 0)",
			"margin":   "COALESCE(t.profit * 1.0 / NULLIF(t.amount, 0), 0)",
		}), nil
	}
}

// salesProfitAgg: per document (its lines grouped): revenue, cost, gross
// profit and rate, the document's discount, net profit and rate,
// receivable and received (paid on the document and settled since by
// receipts and verifications), signed like the lines (returns negative).
func salesProfitAgg(q *Query) (*aggSource, error) {
	from, args := lineFrom(q, []string{"sales", "reSales"})
	inner := `(SELECT b.id AS k, CAST(SUM(` + signSQL + ` * e.qty) AS BIGINT) AS qty, CAST(SUM(` + signSQL + ` * e.amount) AS BIGINT) AS amount,
	    CAST(SUM(` + costSQL + `) AS BIGINT) AS cost, CAST(SUM(` + profitSQL + `) AS BIGINT) AS profit,
	    MAX(` + signSQL + ` * b.dis_amount) AS disAmount, MAX(` + signSQL + ` * b.amount) AS receivable, MAX(` + signSQL + ` * (b.rp_amount + b.hx_amount)) AS received
	  FROM ` + from + ` GROUP BY b.id) s JOIN bills xb ON xb.id = s.k
	  LEFT JOIN contacts xc ON xc.id = xb.contact_id LEFT JOIN employees xe ON xe.id = xb.employee_id`
	cols := []aggCol{{"billId", "s.k", 'i'}, {"transType", "xb.trans_type", 'i'}, {"kind", "xb.kind", 't'}, {"date", "xb.bill_date", 't'},
		{"billNo", "xb.bill_no", 't'}, {"buId", "COALESCE(xb.contact_id, 0)", 'i'}, {"contactName", "COALESCE(xc.name, '')", 't'},
		{"salesId", "COALESCE(xb.employee_id, 0)", 'i'}, {"salesName", "COALESCE(xe.name, '')", 't'},
		{"qty", "s.qty", 'm'}, {"amount", "s.amount", 'm'}, {"cost", "s.cost", 'm'}, {"profit", "s.profit", 'm'},
		{"disAmount", "s.disAmount", 'm'}, {"netProfit", "s.profit - s.disAmount", 'm'},
		{"receivable", "s.receivable", 'm'}, {"received", "s.received", 'm'}}
	lang := q.Lang
	return &aggSource{Inner: inner, Args: args, Cols: cols, Order: "t.date, t.billId",
		Finish: func(r Row) {
			a, _ := r["amount"].(dec.Dec)
			p, _ := r["profit"].(dec.Dec)
			n, _ := r["netProfit"].(dec.Dec)
			r["margin"], r["netMargin"] = ratio(p, a), ratio(n, a)
			r["kindName"] = kindName(lang, r["kind"].(string))
		},
		Sorts: map[string]string{
			"kindName":  "t.kind",
			"margin":    "COALESCE(t.profit * 1.0 / NULLIF(t.amount, 0), 0)",
			"netMargin": "COALESCE(t.netProfit * 1.0 / NULLIF(t.amount, 0), 0)",
		}}, nil
}
