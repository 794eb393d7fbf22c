package report

import (
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// The fund reports (docs/reports.md): read the money ledger
// (contact_moves, account_moves; docs/money.md), never the documents'
// history. A contact's or account's balance at the start of the period is
// its opening plus the ledger's moves before it; every later row adds its
// move, so each group closes on the balance the contact and account lists
// show (when the report covers every shop that moved it).

// side is a contact type's wording and money right.
type side struct {
	Type  int64  // contacts.type: -10 customers, 10 suppliers
	Right string // the money right of the amounts
	// Kinds are the documents a statement lists; Trade the goods ones.
	Kinds, Trade []string
	Contact      errs.Key // the contact column's label
	Add, Sub     errs.Key // debt increase / decrease labels
	Balance      errs.Key
	Amount, Paid errs.Key // statements: the goods documents' amount, the money paid
}

var (
	customerSide = side{Type: -10, Right: SalesRight, Kinds: []string{"sales", "reSales", "receipt", "verification"}, Trade: []string{"sales", "reSales"},
		Contact: "report.col.customer", Add: "report.col.addReceivable", Sub: "report.col.subReceivable", Balance: "report.col.receivableBalance",
		Amount: "report.col.salesAmount", Paid: "report.col.receivedAmount"}
	supplierSide = side{Type: 10, Right: PurchaseRight, Kinds: []string{"purchase", "rePurchase", "payment", "verification"}, Trade: []string{"purchase", "rePurchase"},
		Contact: "report.col.supplier", Add: "report.col.addPayable", Sub: "report.col.subPayable", Balance: "report.col.payableBalance",
		Amount: "report.col.purchaseAmount", Paid: "report.col.paidAmount"}
)

var (
	ledgerFilters   = []string{"beginDate", "endDate", "buId", "matchCon"}
	journalFilters  = []string{"beginDate", "endDate", "accId"}
	statementFilter = []string{"beginDate", "endDate", "buId", "showGoods"}
	oriFilters      = []string{"beginDate", "endDate", "itemId", "accId", "buId", "matchCon"}
)

func init() {
	for name, r := range map[string]*Report{
		"receivableDetail":       {Title: "report.title.receivableDetail", Columns: debtDetailCols(customerSide), Rows: debtDetailRows(customerSide), Doc: true, Filters: ledgerFilters},
		"payableDetail":          {Title: "report.title.payableDetail", Columns: debtDetailCols(supplierSide), Rows: debtDetailRows(supplierSide), Doc: true, Filters: ledgerFilters},
		"bankJournal":            {Title: "report.title.bankJournal", Columns: bankJournalCols, Rows: bankJournalRows, Doc: true, Filters: journalFilters},
		"customerReconciliation": {Title: "report.title.customerReconciliation", Columns: statementCols(customerSide), Rows: statementRows(customerSide), Doc: true, Filters: statementFilter},
		"supplierReconciliation": {Title: "report.title.supplierReconciliation", Columns: statementCols(supplierSide), Rows: statementRows(supplierSide), Doc: true, Filters: statementFilter},
		"oriDetail":              {Title: "report.title.oriDetail", Columns: oriDetailCols, Rows: oriDetailRows, Sorted: true, Doc: true, Filters: oriFilters},
		"receivableAgeing":       {Title: "report.title.receivableAgeing", Columns: ageingCols, Rows: ageingRows, Sorted: true, Drill: "receivableDetail", Filters: []string{"endDate", "buId", "matchCon"}},
		"collectionOverview":     {Title: "report.title.collectionOverview", Columns: collectionCols, Rows: collectionRows, Sorted: true, Doc: true, Filters: []string{"beginDate", "endDate", "buId", "salesId", "matchCon"}},
	} {
		r.Name = name
		Reports[name] = r
	}
}

// balanceRow is a contact's or account's balance at the start of the period.
type balanceRow struct {
	ID           int64
	Number, Name string
	Balance      dec.Dec
}

// ledgerMove is what one audited document did to a contact or an account
// in the period (its moves there summed), with the document's header.
type ledgerMove struct {
	Owner                     int64 // the contact or account moved
	BillID, TransType, BuID   int64
	Kind, BillNo, Date, Descr string
	ContactName               string
	Change                    dec.Dec // contact: Σ debt − advance; account: Σ amount
	Total, Discount           dec.Dec // the document's total_amount and dis_amount
}

func scanMove(r *sql.Rows, m *ledgerMove) error {
	return r.Scan(&m.Owner, &m.BillID, &m.TransType, &m.Kind, &m.BillNo, &m.Date, &m.Descr, &m.BuID, &m.ContactName,
		&m.Change, &m.Total, &m.Discount)
}

// moveCols is what scanMove reads, after the owner column.
// The contact is the one joined as c (none when the caller's data rights
// hide it: see contactJoin).
const moveCols = `b.id, b.trans_type, b.kind, b.bill_no, b.bill_date, b.description, COALESCE(c.id, 0), COALESCE(c.name, '')`

// contactJoin joins the document's contact as c when the caller may see it
// (data rights, docs/rights.md): the rows of a running balance stay, a
// hidden contact's name does not show. Its arguments come first.
func contactJoin(q *Query) (string, []any) {
	j := " LEFT JOIN contacts c ON c.id = b.contact_id"
	if r := q.rights().Contact("c.id"); r.SQL != "" {
		return j + " AND " + r.SQL, r.Args
	}
	return j, nil
}

// contactOpenings are the contacts of the side (filtered) with their balance
// at the day before the period: opening receivable or payable − opening
// advance + the ledger's moves before the period in the shops.
func contactOpenings(q *Query, s side) ([]balanceRow, error) {
	shops, sa := in(q.Shops)
	where := conds{args: append(sa, q.F.BeginDate, s.Type)}
	where.add(q.F.BuID > 0, "c.id = ?", q.F.BuID)
	where.matchContact(q)
	rc := q.rights().Contact("c.id") // data rights (docs/rights.md)
	where.add(rc.SQL != "", rc.SQL, rc.Args...)
	out, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, b *balanceRow) error { return r.Scan(&b.ID, &b.Number, &b.Name, &b.Balance) },
		`SELECT c.id, c.number, c.name, c.opening_amount - c.opening_advance + COALESCE((SELECT SUM(m.debt - m.advance) FROM contact_moves m
		  WHERE m.contact_id = c.id AND m.shop_id`+shops+` AND m.move_date < ?), 0)
		FROM contacts c WHERE c.type = ?`+where.sql.String()+` ORDER BY c.number, c.id`, where.args...)
	if err != nil {
		return nil, fmt.Errorf("report contact openings: %w", err)
	}
	return out, nil
}

// contactMoves are the period's documents on the contacts of the side (or
// the one contact), their moves summed per document, in date order.
func contactMoves(q *Query, s side) (map[int64][]ledgerMove, error) {
	shops, sa := in(q.Shops)
	args := append(append([]any{}, sa...), q.F.BeginDate, q.F.EndDate)
	where := ""
	if q.F.BuID > 0 {
		where = " AND m.contact_id = ?"
		args = append(args, q.F.BuID)
	} else {
		where = " AND m.contact_id IN (SELECT id FROM contacts WHERE type = ?)"
		args = append(args, s.Type)
	}
	ms, err := db.All(q.Ctx, q.DB, scanMove, `SELECT m.contact_id, `+moveCols+`, SUM(m.debt - m.advance), b.total_amount, b.dis_amount
		FROM contact_moves m JOIN bills b ON b.id = m.bill_id LEFT JOIN contacts c ON c.id = b.contact_id
		WHERE m.shop_id`+shops+` AND m.move_date >= ? AND m.move_date <= ?`+where+`
		GROUP BY m.contact_id, `+moveCols+`, b.total_amount, b.dis_amount ORDER BY m.contact_id, b.bill_date, b.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("report contact moves: %w", err)
	}
	out := map[int64][]ledgerMove{}
	for _, m := range ms {
		out[m.Owner] = append(out[m.Owner], m)
	}
	return out, nil
}

// docRow is the part of a row that opens its document.
func docRow(q *Query, m ledgerMove) Row {
	return Row{"billId": m.BillID, "transType": m.TransType, "kind": m.Kind, "date": m.Date, "billNo": m.BillNo,
		"kindName": kindName(q.Lang, m.Kind), "description": m.Descr}
}

// receivableDetail / payableDetail: per contact an opening row, each
// document with its debt change, the running balance, a subtotal.
func debtDetailCols(s side) func(*Query) []Column {
	return func(*Query) []Column {
		return []Column{
			{Key: "contactNumber", Label: "report.col.contactNumber", Type: Text},
			{Key: "contactName", Label: s.Contact, Type: Text, Width: 20},
			{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
			{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
			{Key: "kindName", Label: "report.col.kind", Type: Text},
			{Key: "add", Label: s.Add, Type: Amount, Right: s.Right, Sum: true},
			{Key: "sub", Label: s.Sub, Type: Amount, Right: s.Right, Sum: true},
			{Key: "balance", Label: s.Balance, Type: Amount, Right: s.Right, Closing: true},
			{Key: "description", Label: "report.col.description", Type: Text, Width: 20},
		}
	}
}

// runningRows are a group's opening row, its rows (each adds its change to
// the running balance; fill sets the other figures) and its subtotal row:
// head holds the group's own keys (contact or account), copied into each.
func runningRows(q *Query, head Row, open dec.Dec, ms []ledgerMove, sums []string, fill func(Row, ledgerMove)) []Row {
	with := func(r Row) Row {
		for k, v := range head {
			r[k] = v
		}
		return r
	}
	out := []Row{with(Row{"rowType": rowOpening, "date": q.F.BeginDate, "kindName": i18n.T(q.Lang, "report.openingBalance"), "balance": open})}
	bal := open
	total := map[string]dec.Dec{}
	for _, m := range ms {
		r := with(docRow(q, m))
		fill(r, m)
		bal = bal.Add(m.Change)
		r["balance"] = bal
		for _, k := range sums {
			v, _ := r[k].(dec.Dec)
			total[k] = total[k].Add(v)
		}
		out = append(out, r)
	}
	sub := with(Row{"rowType": rowSubtotal, "kindName": i18n.T(q.Lang, "report.subtotal"), "balance": bal})
	for _, k := range sums {
		sub[k] = total[k]
	}
	return append(out, sub)
}

func debtDetailRows(s side) func(*Query) ([]Row, error) {
	return func(q *Query) ([]Row, error) {
		opens, err := contactOpenings(q, s)
		if err != nil {
			return nil, err
		}
		moves, err := contactMoves(q, s)
		if err != nil {
			return nil, err
		}
		var out []Row
		for _, c := range opens {
			ms := moves[c.ID]
			if len(ms) == 0 && c.Balance.IsZero() && q.F.BuID == 0 {
				continue
			}
			head := Row{"buId": c.ID, "contactNumber": c.Number, "contactName": c.Name}
			out = append(out, runningRows(q, head, c.Balance, ms, []string{"add", "sub"}, func(r Row, m ledgerMove) {
				// goods documents add (a return negatively); the rest
				// (receipts, verifications) take off, unless they move a
				// debt onto the contact
				if slices.Contains(s.Trade, m.Kind) || m.Change.Sign() > 0 {
					r["add"], r["sub"] = m.Change, dec.Zero
				} else {
					r["add"], r["sub"] = dec.Zero, m.Change.Neg()
				}
			})...)
		}
		return out, nil
	}
}

// bankJournal: per settlement account an opening row, each document's
// money in or out of it, the running balance, a subtotal.
func bankJournalCols(*Query) []Column {
	return []Column{
		{Key: "accountNumber", Label: "report.col.accountNumber", Type: Text},
		{Key: "accountName", Label: "report.col.account", Type: Text, Width: 16},
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "contactName", Label: "report.col.contact", Type: Text, Width: 20},
		{Key: "income", Label: "report.col.income", Type: Amount, Sum: true},
		{Key: "expense", Label: "report.col.expense", Type: Amount, Sum: true},
		{Key: "balance", Label: "report.col.accountBalance", Type: Amount, Closing: true},
		{Key: "description", Label: "report.col.description", Type: Text, Width: 20},
	}
}

func bankJournalRows(q *Query) ([]Row, error) {
	shops, sa := in(q.Shops)
	args := append(append([]any{}, sa...), q.F.BeginDate)
	where := ""
	if q.F.AccID > 0 {
		where = " WHERE a.id = ?"
		args = append(args, q.F.AccID)
	}
	opens, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, b *balanceRow) error { return r.Scan(&b.ID, &b.Number, &b.Name, &b.Balance) },
		`SELECT a.id, a.number, a.name, a.opening_balance + COALESCE((SELECT SUM(m.amount) FROM account_moves m
		  WHERE m.account_id = a.id AND m.shop_id`+shops+` AND m.move_date < ?), 0)
		FROM settle_accounts a`+where+` ORDER BY a.number, a.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("report account openings: %w", err)
	}
	join, args := contactJoin(q)
	args = append(append(args, sa...), q.F.BeginDate, q.F.EndDate)
	if q.F.AccID > 0 {
		where = " AND m.account_id = ?"
		args = append(args, q.F.AccID)
	}
	ms, err := db.All(q.Ctx, q.DB, scanMove, `SELECT m.account_id, `+moveCols+`, SUM(m.amount), b.total_amount, b.dis_amount
		FROM account_moves m JOIN bills b ON b.id = m.bill_id`+join+`
		WHERE m.shop_id`+shops+` AND m.move_date >= ? AND m.move_date <= ?`+where+`
		GROUP BY m.account_id, `+moveCols+`, b.total_amount, b.dis_amount ORDER BY m.account_id, b.bill_date, b.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("report account moves: %w", err)
	}
	byAcc := map[int64][]ledgerMove{}
	for _, m := range ms {
		byAcc[m.Owner] = append(byAcc[m.Owner], m)
	}
	var out []Row
	for _, a := range opens {
		head := Row{"accId": a.ID, "accountNumber": a.Number, "accountName": a.Name}
		out = append(out, runningRows(q, head, a.Balance, byAcc[a.ID], []string{"income", "expense"}, func(r Row, m ledgerMove) {
			r["contactName"], r["buId"] = m.ContactName, m.BuID
			if m.Change.Sign() >= 0 {
				r["income"], r["expense"] = m.Change, dec.Zero
			} else {
				r["income"], r["expense"] = dec.Zero, m.Change.Neg()
			}
		})...)
	}
	return out, nil
}

// customerReconciliation / supplierReconciliation: one contact's statement:
// the opening, each document with its amount, discount, what was paid and
// the running balance; with showGoods, each goods document's lines under it.
func statementCols(s side) func(*Query) []Column {
	return func(q *Query) []Column {
		cols := []Column{
			{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
			{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
			{Key: "kindName", Label: "report.col.kind", Type: Text},
		}
		if q.F.ShowGoods {
			cols = append(cols, []Column{
				{Key: "invNumber", Label: "report.col.invNumber", Type: Text},
				{Key: "invName", Label: "report.col.invName", Type: Text, Width: 20},
				{Key: "invSpec", Label: "report.col.invSpec", Type: Text},
				{Key: "unitName", Label: "report.col.unit", Type: Text},
				{Key: "qty", Label: "report.col.qty", Type: Qty},
				{Key: "price", Label: "report.col.price", Type: Price, Right: s.Right},
				{Key: "lineAmount", Label: "report.col.taxAmount", Type: Amount, Right: s.Right},
			}...)
		}
		return append(cols, []Column{
			{Key: "amount", Label: s.Amount, Type: Amount, Right: s.Right, Sum: true},
			{Key: "discount", Label: "report.col.discount", Type: Amount, Right: s.Right, Sum: true},
			{Key: "paid", Label: s.Paid, Type: Amount, Right: s.Right, Sum: true},
			{Key: "balance", Label: s.Balance, Type: Amount, Right: s.Right, Closing: true},
			{Key: "description", Label: "report.col.description", Type: Text, Width: 20},
		}...)
	}
}

// statementDocs are the contact's audited documents of the period that a
// statement lists (its own and those moving a debt onto it), each with what
// the ledger moved on the contact (zero for a sale paid in full).
func statementDocs(q *Query, s side) ([]ledgerMove, error) {
	shops, sa := in(q.Shops)
	kinds, ka := in(s.Kinds)
	id := q.F.BuID
	part := func(who string) (string, []any) {
		return `SELECT CAST(? AS BIGINT), ` + moveCols + `, COALESCE((SELECT SUM(m.debt - m.advance) FROM contact_moves m WHERE m.bill_id = b.id AND m.contact_id = ?), 0),
		  b.total_amount, b.dis_amount
		FROM bills b LEFT JOIN contacts c ON c.id = b.contact_id
		WHERE ` + who + ` AND b.checked = 1 AND b.kind` + kinds + ` AND b.bill_date >= ? AND b.bill_date <= ? AND b.shop_id` + shops,
			slices.Concat([]any{id, id, id}, ka, []any{q.F.BeginDate, q.F.EndDate}, sa)
	}
	own, oa := part("b.contact_id = ?")
	moved, ma := part("b.to_contact_id = ? AND b.contact_id <> " + i64s(id))
	out, err := db.All(q.Ctx, q.DB, scanMove, `SELECT * FROM (`+own+` UNION ALL `+moved+`) t ORDER BY 6, 2`, append(oa, ma...)...)
	if err != nil {
		return nil, fmt.Errorf("report statement: %w", err)
	}
	return out, nil
}

// goodsLine is a goods document's line on a statement.
type goodsLine struct {
	BillID                   int64
	Number, Name, Spec, Unit string
	Qty, Price, Amount       dec.Dec
	InvID                    int64
}

func statementLines(q *Query, ids []int64) (map[int64][]goodsLine, error) {
	out := map[int64][]goodsLine{}
	for start := 0; start < len(ids); start += 500 {
		s, a := in(ids[start:min(start+500, len(ids))])
		ls, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, l *goodsLine) error {
			return r.Scan(&l.BillID, &l.InvID, &l.Number, &l.Name, &l.Spec, &l.Unit, &l.Qty, &l.Price, &l.Amount)
		}, `SELECT e.bill_id, e.goods_id, g.number, g.name, g.spec, COALESCE(u.name, ''), e.qty, e.price, e.tax_amount
			FROM bill_entries e JOIN goods g ON g.id = e.goods_id LEFT JOIN units u ON u.id = e.unit_id
			WHERE e.bill_id`+s+` ORDER BY e.bill_id, e.line_no, e.id`, a...)
		if err != nil {
			return nil, fmt.Errorf("report statement lines: %w", err)
		}
		for _, l := range ls {
			out[l.BillID] = append(out[l.BillID], l)
		}
	}
	return out, nil
}

func statementRows(s side) func(*Query) ([]Row, error) {
	return func(q *Query) ([]Row, error) {
		if q.F.BuID == 0 {
			return nil, nil // no contact picked: an empty statement
		}
		opens, err := contactOpenings(q, s)
		if err != nil || len(opens) == 0 {
			return nil, err // not a contact of the side: nothing
		}
		docs, err := statementDocs(q, s)
		if err != nil {
			return nil, err
		}
		var lines map[int64][]goodsLine
		if q.F.ShowGoods {
			var ids []int64
			for _, d := range docs {
				if slices.Contains(s.Trade, d.Kind) {
					ids = append(ids, d.BillID)
				}
			}
			if lines, err = statementLines(q, ids); err != nil {
				return nil, err
			}
		}
		rows := runningRows(q, Row{"buId": opens[0].ID}, opens[0].Balance, docs, nil, func(r Row, m ledgerMove) {
			amount, discount := dec.Zero, dec.Zero
			switch {
			case slices.Contains(s.Trade, m.Kind):
				sign := kindSign[m.Kind]
				amount, discount = signed(m.Total, sign), signed(m.Discount, sign)
			case m.Kind == "receipt" || m.Kind == "payment":
				discount = m.Discount
			case m.Change.Sign() > 0: // a debt moved onto the contact (153204, 153205)
				amount = m.Change
			}
			// what was paid is what the ledger did not keep: amount −
			// discount − the change of the balance
			r["amount"], r["discount"], r["paid"] = amount, discount, amount.Sub(discount).Sub(m.Change)
		})
		rows = rows[:len(rows)-1] // one contact: the totals row is its subtotal
		if !q.F.ShowGoods {
			return rows, nil
		}
		out := make([]Row, 0, len(rows))
		for _, r := range rows {
			out = append(out, r)
			id, _ := r["billId"].(int64)
			sign := kindSign[fmt.Sprint(r["kind"])]
			for _, l := range lines[id] {
				out = append(out, Row{"rowType": rowLine, "billId": id, "transType": r["transType"], "kind": r["kind"], "buId": r["buId"],
					"invId": l.InvID, "invNumber": l.Number, "invName": l.Name, "invSpec": l.Spec, "unitName": l.Unit,
					"qty": signed(l.Qty, sign), "price": l.Price, "lineAmount": signed(l.Amount, sign)})
			}
		}
		return out, nil
	}
}

// oriDetail: the lines of audited other income and expense documents.
func oriDetailCols(*Query) []Column {
	return []Column{
		{Key: "date", Label: "report.col.date", Type: Date, Width: 11},
		{Key: "billNo", Label: "report.col.billNo", Type: Text, Width: 20},
		{Key: "kindName", Label: "report.col.kind", Type: Text},
		{Key: "itemName", Label: "report.col.item", Type: Text, Width: 16},
		{Key: "contactName", Label: "report.col.contact", Type: Text, Width: 20},
		{Key: "accountName", Label: "report.col.account", Type: Text, Width: 16},
		{Key: "income", Label: "report.col.income", Type: Amount, Sum: true},
		{Key: "expense", Label: "report.col.expense", Type: Amount, Sum: true},
		{Key: "description", Label: "report.col.description", Type: Text, Width: 20},
	}
}

func oriDetailRows(q *Query) ([]Row, error) {
	shops, sa := in(q.Shops)
	where := conds{args: append(sa, q.F.BeginDate, q.F.EndDate)}
	cond := where.add
	cond(q.F.ItemID > 0, "f.item_id = ?", q.F.ItemID)
	cond(q.F.AccID > 0, "f.account_id = ?", q.F.AccID)
	cond(q.F.BuID > 0, "b.contact_id = ?", q.F.BuID)
	if m := q.F.MatchCon; m != "" {
		like, p := db.Like(q.DB), "%"+m+"%"
		cond(true, "(b.bill_no "+like+" ? OR COALESCE(i.name, '') "+like+" ? OR COALESCE(c.name, '') "+like+" ?)", p, p, p)
	}
	if r := q.rights().Bill("b"); r.SQL != "" { // the documents the caller may see (docs/rights.md)
		cond(true, r.SQL, r.Args...)
	}
	type line struct {
		ledgerMove
		Item, Account string
		ItemID, AccID int64
	}
	ls, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, l *line) error {
		return r.Scan(&l.BillID, &l.TransType, &l.Kind, &l.BillNo, &l.Date, &l.Descr, &l.BuID, &l.ContactName,
			&l.Change, &l.ItemID, &l.Item, &l.AccID, &l.Account)
	}, `SELECT `+moveCols+`, f.amount, COALESCE(f.item_id, 0), COALESCE(i.name, ''), COALESCE(f.account_id, 0), COALESCE(a.name, '')
		FROM fund_entries f JOIN bills b ON b.id = f.bill_id LEFT JOIN contacts c ON c.id = b.contact_id
		LEFT JOIN items i ON i.id = f.item_id LEFT JOIN settle_accounts a ON a.id = f.account_id
		WHERE b.checked = 1 AND b.kind IN ('income', 'expense') AND b.shop_id`+shops+` AND b.bill_date >= ? AND b.bill_date <= ?`+where.sql.String()+`
		ORDER BY b.bill_date, b.id, f.line_no, f.id`, where.args...)
	if err != nil {
		return nil, fmt.Errorf("report other income and expense: %w", err)
	}
	out := make([]Row, len(ls))
	for i, l := range ls {
		r := docRow(q, l.ledgerMove)
		r["buId"], r["contactName"], r["itemId"], r["itemName"], r["accId"], r["accountName"] = l.BuID, l.ContactName, l.ItemID, l.Item, l.AccID, l.Account
		if l.Kind == "income" {
			r["income"], r["expense"] = l.Change, dec.Zero
		} else {
			r["income"], r["expense"] = dec.Zero, l.Change
		}
		out[i] = r
	}
	return out, nil
}

// receivableAgeing: per customer with a receivable at endDate, that
// receivable by age. The debts are the opening receivable (dated the
// system's start date), what each audited sale leaves open after the
// settlements of receipts and verifications audited and dated by then,
// and each other document that moved a debt onto the customer; the credits
// nothing settled against a document (the opening advance, advances,
// returns) pay the oldest debts first. So the ages add up to the balance,
// the receivable detail's closing at endDate.
func ageingCols(*Query) []Column {
	cols := []Column{
		{Key: "contactNumber", Label: "report.col.contactNumber", Type: Text},
		{Key: "contactName", Label: "report.col.customer", Type: Text, Width: 20},
		{Key: "open", Label: "report.col.openTotal", Type: Amount, Right: SalesRight, Sum: true},
	}
	for _, b := range ageBuckets {
		cols = append(cols, Column{Key: b.Key, Label: b.Label, Type: Amount, Right: SalesRight, Sum: true})
	}
	return cols
}

// ageBuckets are the ages (days after the document's date, up to) of the
// ageing columns; the last has no bound.
var ageBuckets = []struct {
	Key   string
	Label errs.Key
	Upto  int
}{
	{"age30", "report.col.age30", 30}, {"age60", "report.col.age60", 60}, {"age90", "report.col.age90", 90}, {"ageOver90", "report.col.ageOver90", -1},
}

// debtItem is one dated debt of a customer.
type debtItem struct {
	Contact int64
	Date    string
	Amount  dec.Dec
}

func ageingRows(q *Query) ([]Row, error) {
	shops, sa := in(q.Shops)
	end := q.F.EndDate
	where := conds{args: slices.Concat(sa, []any{end})}
	where.add(q.F.BuID > 0, "c.id = ?", q.F.BuID)
	where.matchContact(q)
	rc := q.rights().Contact("c.id") // data rights (docs/rights.md)
	where.add(rc.SQL != "", rc.SQL, rc.Args...)
	type customer struct {
		balanceRow
		Opening dec.Dec
	}
	// the customers' balances at endDate and their opening receivables
	cs, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, c *customer) error {
		return r.Scan(&c.ID, &c.Number, &c.Name, &c.Opening, &c.Balance)
	}, `SELECT c.id, c.number, c.name, c.opening_amount, c.opening_amount - c.opening_advance + COALESCE((SELECT SUM(m.debt - m.advance)
		  FROM contact_moves m WHERE m.contact_id = c.id AND m.shop_id`+shops+` AND m.move_date <= ?), 0)
		FROM contacts c WHERE c.type = -10`+where.sql.String()+` ORDER BY c.number, c.id`, where.args...)
	if err != nil {
		return nil, fmt.Errorf("report ageing balances: %w", err)
	}
	owing := map[int64]bool{}
	for _, c := range cs {
		if c.Balance.Sign() > 0 {
			owing[c.ID] = true
		}
	}
	if len(owing) == 0 {
		return nil, nil
	}
	scan := func(r *sql.Rows, d *debtItem) error { return r.Scan(&d.Contact, &d.Date, &d.Amount) }
	// what each sale leaves open at endDate
	sales, err := db.All(q.Ctx, q.DB, scan, `SELECT b.contact_id, b.bill_date, b.arrears - COALESCE((SELECT SUM(s.amount) FROM settlements s
		  JOIN bills r ON r.id = s.bill_id WHERE s.target_id = b.id AND r.checked = 1 AND r.bill_date <= ?), 0)
		FROM bills b JOIN contacts c ON c.id = b.contact_id
		WHERE b.checked = 1 AND b.kind = 'sales' AND b.arrears > 0 AND b.shop_id`+shops+` AND b.bill_date <= ? AND c.type = -10`+where.sql.String()+`
		ORDER BY b.bill_date, b.id`, slices.Concat([]any{end}, where.args)...)
	if err != nil {
		return nil, fmt.Errorf("report ageing sales: %w", err)
	}
	// the other documents that moved a debt onto the customer (a debt transfer)
	moved, err := db.All(q.Ctx, q.DB, scan, `SELECT m.contact_id, m.move_date, m.debt
		FROM contact_moves m JOIN bills b ON b.id = m.bill_id JOIN contacts c ON c.id = m.contact_id
		WHERE b.kind <> 'sales' AND m.debt > 0 AND m.shop_id`+shops+` AND m.move_date <= ? AND c.type = -10`+where.sql.String()+`
		ORDER BY m.move_date, m.id`, where.args...)
	if err != nil {
		return nil, fmt.Errorf("report ageing debts: %w", err)
	}
	opened := q.Sys.StartDate
	if opened == "" || opened > end {
		opened = end
	}
	debts := map[int64][]debtItem{}
	for _, c := range cs {
		if owing[c.ID] && c.Opening.Sign() > 0 {
			debts[c.ID] = append(debts[c.ID], debtItem{Contact: c.ID, Date: opened, Amount: c.Opening})
		}
	}
	for _, d := range slices.Concat(sales, moved) {
		if owing[d.Contact] && d.Amount.Sign() > 0 {
			debts[d.Contact] = append(debts[d.Contact], d)
		}
	}
	var out []Row
	for _, c := range cs {
		if !owing[c.ID] {
			continue
		}
		r := Row{"buId": c.ID, "contactNumber": c.Number, "contactName": c.Name, "open": c.Balance}
		for _, b := range ageBuckets {
			r[b.Key] = dec.Zero
		}
		for _, d := range ageDebts(debts[c.ID], c.Balance, end) {
			age := days(d.Date, end)
			for _, b := range ageBuckets {
				if b.Upto < 0 || age <= b.Upto {
					r[b.Key] = r[b.Key].(dec.Dec).Add(d.Amount)
					break
				}
			}
		}
		out = append(out, r)
	}
	return out, nil
}

// ageDebts are the debts still open when a customer's balance is what it
// is: the credits not set against a document (Σ debts − balance) pay the
// oldest first; a balance beyond the known debts is dated at end.
func ageDebts(ds []debtItem, balance dec.Dec, end string) []debtItem {
	slices.SortStableFunc(ds, func(a, b debtItem) int { return strings.Compare(a.Date, b.Date) })
	credit := balance.Neg()
	for _, d := range ds {
		credit = credit.Add(d.Amount)
	}
	if credit.Sign() < 0 {
		ds = append(ds, debtItem{Date: end, Amount: credit.Neg()})
		credit = dec.Zero
	}
	out := ds[:0]
	for _, d := range ds {
		if credit.Sign() > 0 {
			take := credit
			if d.Amount.Cmp(take) < 0 {
				take = d.Amount
			}
			d.Amount, credit = d.Amount.Sub(take), credit.Sub(take)
		}
		if d.Amount.Sign() > 0 {
			out = append(out, d)
		}
	}
	return out
}

// collectionOverview: per audited sale (returns negative) of the period:
// its amount, discount, receivable, what was collected (paid with it and
// settled since), what is outstanding and the collection rate.
func collectionCols(*Query) []Column {
	return concat(docCols("report.col.customer"), []Column{
		{Key: "salesName", Label: "report.col.salesName", Type: Text},
		{Key: "amount", Label: "report.col.salesAmount", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "discount", Label: "report.col.discount", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "receivable", Label: "report.col.receivable", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "collected", Label: "report.col.collected", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "outstanding", Label: "report.col.outstanding", Type: Amount, Right: SalesRight, Sum: true},
		{Key: "rate", Label: "report.col.collectionRate", Type: Percent, Right: SalesRight, Num: "collected", Den: "receivable"},
	})
}

func collectionRows(q *Query) ([]Row, error) {
	shops, sa := in(q.Shops)
	where := conds{args: append(sa, q.F.BeginDate, q.F.EndDate)}
	cond := where.add
	cond(q.F.BuID > 0, "b.contact_id = ?", q.F.BuID)
	cond(q.F.SalesID > 0, "b.employee_id = ?", q.F.SalesID)
	if m := q.F.MatchCon; m != "" {
		like, p := db.Like(q.DB), "%"+m+"%"
		cond(true, "(b.bill_no "+like+" ? OR COALESCE(c.name, '') "+like+" ?)", p, p)
	}
	if r := q.rights().Bill("b"); r.SQL != "" { // the documents the caller may see (docs/rights.md)
		cond(true, r.SQL, r.Args...)
	}
	type sale struct {
		ledgerMove
		SalesID                        int64
		SalesName                      string
		Amount, Paid, Arrears, Settled dec.Dec
	}
	ss, err := db.All(q.Ctx, q.DB, func(r *sql.Rows, s *sale) error {
		return r.Scan(&s.BillID, &s.TransType, &s.Kind, &s.BillNo, &s.Date, &s.Descr, &s.BuID, &s.ContactName,
			&s.SalesID, &s.SalesName, &s.Total, &s.Discount, &s.Amount, &s.Paid, &s.Arrears, &s.Settled)
	}, `SELECT `+moveCols+`, COALESCE(b.employee_id, 0), COALESCE(em.name, ''), b.total_amount, b.dis_amount, b.amount, b.rp_amount, b.arrears, b.hx_amount
		FROM bills b LEFT JOIN contacts c ON c.id = b.contact_id LEFT JOIN employees em ON em.id = b.employee_id
		WHERE b.checked = 1 AND b.kind IN ('sales', 'reSales') AND b.shop_id`+shops+` AND b.bill_date >= ? AND b.bill_date <= ?`+where.sql.String()+`
		ORDER BY b.bill_date, b.id`, where.args...)
	if err != nil {
		return nil, fmt.Errorf("report collection: %w", err)
	}
	out := make([]Row, len(ss))
	for i, s := range ss {
		sign := kindSign[s.Kind]
		r := docRow(q, s.ledgerMove)
		collected := signed(s.Paid.Add(s.Settled), sign)
		r["buId"], r["contactName"], r["salesId"], r["salesName"] = s.BuID, s.ContactName, s.SalesID, s.SalesName
		r["amount"], r["discount"], r["receivable"] = signed(s.Total, sign), signed(s.Discount, sign), signed(s.Amount, sign)
		r["collected"], r["outstanding"] = collected, signed(s.Arrears.Sub(s.Settled), sign)
		r["rate"] = ratio(collected, r["receivable"].(dec.Dec))
		out[i] = r
	}
	return out, nil
}
