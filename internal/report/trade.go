package report

import (
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// The purchase and sales reports: lines of audited documents.

// sign of a kind's lines in the reports: returns count negative.
var kindSign = map[string]int64{"purchase": 1, "rePurchase": -1, "sales": 1, "reSales": -1, "purOrder": 1, "salesOrder": 1}

// kindName is the kind as users call it.
func kindName(lang i18n.Lang, kind string) string {
	for _, k := range []string{"report.kind." + kind, "fund.kind." + kind} {
		if i18n.Has(k) {
			return i18n.T(lang, k)
		}
	}
	return kind
}

func signed(v dec.Dec, s int64) dec.Dec {
	if s < 0 {
		return v.Neg()
	}
	return v
}

// docCols are the columns every document line report starts with.
func docCols(contact string) []Column {
	return []Column{
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "contactName", Label: errs.Key(contact), Type: Text, Width: 20},
	}
}

var goodsCols = []Column{
	{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
	{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
	{Key: "invSpec", Label: "report.col.invSpec", Type: Text},
}

// lineBase is the part of a row every line report shares.
func lineBase(q *Query, l lineRow) Row {
	return Row{"billId": l.BillID, "transType": l.TransType, "kind": l.Kind, "date": l.Date, "billNo": l.BillNo,
		"kindName": kindName(q.Lang, l.Kind), "contactName": l.ContactName, "buId": l.BuID, "salesId": l.SalesID,
		"salesName": l.SalesName, "invId": l.InvID, "invNumber": l.InvNumber, "invName": l.InvName, "invSpec": l.InvSpec,
		"unitName": l.UnitName, "locationId": l.LocationID, "locationName": l.LocationName}
}

// puDetail: purchase receipts and returns, line by line.
func puDetailCols(*Query) []Column {
	return concat(docCols("report.col.supplier"), goodsCols, []Column{
		{Key: "unitName", Label: "report.col.unit", Type: Text},
		{Key: "locationName", Label: "report.col.location", Type: Text},
		{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
		{Key: "price", Label: "report.col.price", Type: Price, Right: PurchaseRight},
		{Key: "amount", Label: "report.col.amount", Type: Amount, Right: PurchaseRight, Sum: true},
		{Key: "tax", Label: "report.col.tax", Type: Amount, Right: PurchaseRight, Sum: true},
		{Key: "taxAmount", Label: "report.col.taxAmount", Type: Amount, Right: PurchaseRight, Sum: true},
		{Key: "description", Label: "report.col.description", Type: Text},
	})
}

func puDetailRow(q *Query, l lineRow) Row {
	s := kindSign[l.Kind]
	r := lineBase(q, l)
	r["qty"], r["price"], r["amount"] = signed(l.Qty, s), l.Price, signed(l.Amount, s)
	r["tax"], r["taxAmount"], r["description"] = signed(l.Tax, s), signed(l.TaxAmount, s), l.Description
	return r
}

// lineSums are the totals of the line reports' signed figures.
var lineSums = map[string]string{
	"qty": signSQL + " * e.qty", "amount": signSQL + " * e.amount", "tax": signSQL + " * e.tax", "taxAmount": signSQL + " * e.tax_amount",
}

func puDetailSource(q *Query) *source {
	return lineSource(q, []string{"purchase", "rePurchase"}, lineSums, nil, puDetailRow)
}

// salesDetail: sales deliveries and returns, line by line, with cost and profit.
func salesDetailCols(*Query) []Column {
	return concat(docCols("report.col.customer"), []Column{{Key: "salesName", Label: "report.col.salesName", Type: Text}}, goodsCols, []Column{
		{Key: "unitName", Label: "report.col.unit", Type: Text},
		{Key: "locationName", Label: "report.col.location", Type: Text},
		{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
		{Key: "price", Label: "report.col.price", Type: Price, Right: SalesRight},
		{Key: "amount", Label: "report.col.revenue", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "tax", Label: "report.col.tax", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "taxAmount", Label: "report.col.taxAmount", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "unitCost", Label: "report.col.unitCost", Type: Price, Right: CostRight},
		{Key: "cost", Label: "report.col.cost", Type: Amount, Right: CostRight, Sum: true},
		{Key: "profit", Label: "report.col.profit", Type: Amount, Right: CostRight, Sum: true},
		{Key: "margin", Label: "report.col.margin", Type: Percent, Right: CostRight, Num: "profit", Den: "amount"},
	})
}

// saleFigures are a sales line's revenue, cost and profit, signed (returns
// negative): the outbound move's amount is negative, a return's positive.
func saleFigures(q *Query, l lineRow) (qty, revenue, cost, profit, unitCost dec.Dec) {
	s := kindSign[l.Kind]
	qty, revenue = signed(l.Qty, s), signed(l.Amount, s)
	cost = l.MoveAmount.Neg()
	profit = revenue.Sub(cost)
	if !l.Qty.IsZero() {
		unitCost = cost.Div(qty).Round(q.Sys.PricePlaces)
	}
	return
}

func salesDetailRow(q *Query, l lineRow) Row {
	s := kindSign[l.Kind]
	qty, rev, cost, profit, uc := saleFigures(q, l)
	r := lineBase(q, l)
	r["qty"], r["price"], r["amount"], r["tax"], r["taxAmount"] = qty, l.Price, rev, signed(l.Tax, s), signed(l.TaxAmount, s)
	r["unitCost"], r["cost"], r["profit"], r["margin"] = uc, cost, profit, ratio(profit, rev)
	return r
}

// The sales lines' cost (the line's stock moves, negated: an outbound
// move's amount is negative) and gross profit, in SQL.
var (
	costSQL   = "(-" + moveSumSQL + ")"
	profitSQL = "(" + signSQL + " * e.amount + " + moveSumSQL + ")"
)

func salesDetailSource(q *Query) *source {
	sums := map[string]string{"cost": costSQL}
	for k, v := range lineSums {
		sums[k] = v
	}
	// ratios sort as exact numerics on PostgreSQL, as reals on SQLite (the
	// order only; the shown figures are exact decimals)
	src := lineSource(q, []string{"sales", "reSales"}, sums, map[string]string{
		"cost": costSQL, "profit": profitSQL,
		"unitCost": "COALESCE(" + costSQL + " * 1.0 / NULLIF(" + signSQL + " * e.qty, 0), 0)",
		"margin":   "COALESCE(" + profitSQL + " * 1.0 / NULLIF(" + signSQL + " * e.amount, 0), 0)",
	}, salesDetailRow)
	src.Diffs = map[string][2]string{"profit": {"amount", "cost"}} // profitSQL, read once per line
	return src
}

// purchase summaries: base-unit quantity, amount, tax, amount with tax.
func puSumCols(head []Column) func(*Query) []Column {
	return func(*Query) []Column {
		return concat(head, []Column{
			{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
			{Key: "avgPrice", Label: "report.col.avgPrice", Type: Price, Right: PurchaseRight},
			{Key: "amount", Label: "report.col.amount", Type: Amount, Right: PurchaseRight, Sum: true},
			{Key: "tax", Label: "report.col.tax", Type: Amount, Right: PurchaseRight, Sum: true},
			{Key: "taxAmount", Label: "report.col.taxAmount", Type: Amount, Right: PurchaseRight, Sum: true},
		})
	}
}

func avg(amount, qty any, places int) dec.Dec {
	a, _ := amount.(dec.Dec)
	n, _ := qty.(dec.Dec)
	if n.IsZero() {
		return dec.Zero
	}
	return a.Div(n).Round(places)
}

// sales summaries: quantity, revenue, cost, profit, margin.
func salesSumCols(head []Column) func(*Query) []Column {
	return func(*Query) []Column {
		return concat(head, []Column{
			{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
			{Key: "avgPrice", Label: "report.col.avgPrice", Type: Price, Right: SalesRight},
			{Key: "amount", Label: "report.col.revenue", Type: Amount, Right: SalesRight, Sum: true},
			{Key: "taxAmount", Label: "report.col.taxAmount", Type: Amount, Right: SalesRight, Sum: true},
			{Key: "cost", Label: "report.col.cost", Type: Amount, Right: CostRight, Sum: true},
			{Key: "profit", Label: "report.col.profit", Type: Amount, Right: CostRight, Sum: true},
			{Key: "margin", Label: "report.col.margin", Type: Percent, Right: CostRight, Num: "profit", Den: "amount"},
		})
	}
}

// salesProfit: per document: revenue, cost, gross profit and rate,
// document discount, net profit and rate, receivable, received.
func salesProfitCols(*Query) []Column {
	return concat(docCols("report.col.customer"), []Column{
		{Key: "salesName", Label: "report.col.salesName", Type: Text},
		{Key: "qty", Label: "report.col.qty", Type: Qty, Sum: true},
		{Key: "amount", Label: "report.col.revenue", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "cost", Label: "report.col.cost", Type: Amount, Right: CostRight, Sum: true},
		{Key: "profit", Label: "report.col.profit", Type: Amount, Right: CostRight, Sum: true},
		{Key: "margin", Label: "report.col.margin", Type: Percent, Right: CostRight, Num: "profit", Den: "amount"},
		{Key: "disAmount", Label: "report.col.disAmount", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "netProfit", Label: "report.col.netProfit", Type: Amount, Right: CostRight, Sum: true},
		{Key: "netMargin", Label: "report.col.netMargin", Type: Percent, Right: CostRight, Num: "netProfit", Den: "amount"},
		{Key: "receivable", Label: "report.col.receivable", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "received", Label: "report.col.received", Type: Amount, Right: SalesRight, Sum: true},
	})
}

// order tracking: ordered, fulfilled, remaining, status, delivery date.
func orderCols(contact, right string) func(*Query) []Column {
	return func(*Query) []Column {
		return concat(docCols(contact), goodsCols, []Column{
			{Key: "unitName", Label: "report.col.unit", Type: Text},
			{Key: "locationName", Label: "report.col.location", Type: Text},
			{Key: "qty", Label: "report.col.orderQty", Type: Qty, Sum: true},
			{Key: "doneQty", Label: "report.col.doneQty", Type: Qty, Sum: true},
			{Key: "leftQty", Label: "report.col.leftQty", Type: Qty, Sum: true},
			{Key: "price", Label: "report.col.price", Type: Price, Right: right},
			{Key: "amount", Label: "report.col.amount", Type: Amount, Right: right, Sum: true},
			{Key: "statusName", Label: "report.col.status", Type: Text},
			{Key: "deliveryDate", Label: "report.col.deliveryDate", Type: Date},
		})
	}
}

func orderRows(kind string) func(*Query) ([]Row, error) {
	return func(q *Query) ([]Row, error) {
		ls, err := lines(q, []string{kind})
		if err != nil {
			return nil, err
		}
		done, err := fulfilled(q)
		if err != nil {
			return nil, err
		}
		out := make([]Row, len(ls))
		for i, l := range ls {
			d := done[l.EntryID]
			doneQty := d
			if !l.UnitRate.IsZero() {
				doneQty = d.Div(l.UnitRate).Round(6)
			}
			left := l.Qty.Sub(doneQty)
			if left.Sign() < 0 {
				left = dec.Zero
			}
			status := int64(0)
			switch {
			case l.BillStatus == 3:
				status = 3
			case d.Cmp(l.BaseQty) >= 0:
				status = 2
			case d.Sign() > 0:
				status = 1
			}
			r := lineBase(q, l)
			r["qty"], r["doneQty"], r["leftQty"], r["price"], r["amount"] = l.Qty, doneQty, left, l.Price, l.Amount
			r["status"], r["statusName"], r["deliveryDate"] = status, i18n.T(q.Lang, "report.status."+string(rune('0'+status))), l.DeliveryDate
			out[i] = r
		}
		return out, nil
	}
}

// contactDebt: per contact, receivable (customers) or payable (suppliers).
func contactDebtCols(*Query) []Column {
	return []Column{
		{Key: "contactNumber", Label: "report.col.contactNumber", Type: Text},
		{Key: "contactName", Label: "report.col.contact", Type: Text, Width: 20},
		{Key: "typeName", Label: "report.col.contactType", Type: Text},
		{Key: "receivable", Label: "report.col.receivable", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "payable", Label: "report.col.payable", Type: Amount, Right: PurchaseRight, Sum: true},
	}
}

func contactDebtRows(q *Query) ([]Row, error) {
	ds, err := debts(q)
	if err != nil {
		return nil, err
	}
	out := make([]Row, 0, len(ds))
	for _, d := range ds {
		if d.Balance.IsZero() && !q.F.ShowZero {
			continue
		}
		r := Row{"buId": d.ID, "contactNumber": d.Number, "contactName": d.Name, "receivable": dec.Zero, "payable": dec.Zero}
		if d.Type == -10 {
			r["receivable"], r["typeName"] = d.Balance, i18n.T(q.Lang, "report.contact.customer")
		} else {
			r["payable"], r["typeName"] = d.Balance, i18n.T(q.Lang, "report.contact.supplier")
		}
		out = append(out, r)
	}
	return out, nil
}

func concat(parts ...[]Column) []Column {
	var out []Column
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}
