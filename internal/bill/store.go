package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/rights"
	"cangshu/internal/search"
)

// nz stores 0 as NULL (optional references).
func nz(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

// insertBill inserts a new document's header; audited (save and audit at
// once) writes it audited by userID with the version an audit of the
// draft would have left (2), saving the audit's UPDATE.
func insertBill(ctx context.Context, tx db.Querier, k *Kind, d *Document, userID int64, audited bool) (int64, error) {
	now := time.Now().UTC()
	checked, checker, checkedAt, version := 0, any(nil), any(nil), 1
	if audited {
		checked, checker, checkedAt, version = 1, nz(userID), now, 2
	}
	var id int64
	err := tx.QueryRow(ctx, `INSERT INTO bills (shop_id, kind, trans_type, bill_no, bill_date, contact_id, employee_id, location_id, src_bill_id,
		description, delivery_date, total_qty, total_amount, dis_rate, dis_amount, amount, total_tax, total_tax_amount, rp_amount, arrears, hx_state,
		maker_id, checked, checker_id, checked_at, version, created_at, updated_at, fee)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		d.ShopID, k.Name, d.TransType, d.BillNo, d.Date, nz(d.BuID), nz(d.SalesID), nz(d.LocationID), nz(d.SrcBillID),
		d.Description, d.DeliveryDate, d.TotalQty, d.TotalAmount, d.DisRate, d.DisAmount, d.Amount, d.TotalTax, d.TotalTaxAmount, d.RPAmount, d.Arrears,
		d.HXStateCode, nz(userID), checked, checker, checkedAt, version, now, now, d.Fee).Scan(&id)
	return id, err
}

// updateBill rewrites a draft's header if its version is still version;
// false when no row matched (gone, audited or stale: the caller tells which).
func updateBill(ctx context.Context, tx db.Querier, id, shopID int64, kind string, version int64, d *Document, billNo string) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE bills SET trans_type = ?, bill_no = ?, bill_date = ?, contact_id = ?, employee_id = ?, location_id = ?, src_bill_id = ?,
		description = ?, delivery_date = ?, total_qty = ?, total_amount = ?, dis_rate = ?, dis_amount = ?, amount = ?, total_tax = ?, total_tax_amount = ?,
		rp_amount = ?, arrears = ?, hx_state = ?, fee = ?, version = version + 1, updated_at = ?
		WHERE id = ? AND shop_id = ? AND kind = ? AND version = ? AND checked = 0`,
		d.TransType, billNo, d.Date, nz(d.BuID), nz(d.SalesID), nz(d.LocationID), nz(d.SrcBillID),
		d.Description, d.DeliveryDate, d.TotalQty, d.TotalAmount, d.DisRate, d.DisAmount, d.Amount, d.TotalTax, d.TotalTaxAmount,
		d.RPAmount, d.Arrears, d.HXStateCode, d.Fee, time.Now().UTC(), id, shopID, kind, version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// writeLines writes the document's lines and settlement lines, replacing
// those of an existing draft (fresh false): the lines in one multi-row
// INSERT answering their ids with their line numbers.
func writeLines(ctx context.Context, tx db.Querier, billID int64, d *Document, fresh bool) error {
	if !fresh {
		if _, err := tx.Exec(ctx, "DELETE FROM bill_entries WHERE bill_id = ?", billID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM bill_accounts WHERE bill_id = ?", billID); err != nil {
			return err
		}
	}
	const per = 100 // 25 parameters a line
	for start := 0; start < len(d.Entries); start += per {
		end := min(start+per, len(d.Entries))
		var sb strings.Builder
		sb.WriteString(`INSERT INTO bill_entries (bill_id, line_no, goods_id, sku_id, unit_id, unit_rate, location_id, qty, base_qty,
			price, discount_rate, deduction, amount, tax_rate, tax, tax_amount, batch, prod_date, valid_date, src_entry_id,
			src_order_id, src_order_entry_id, description, in_location_id, entry_type) VALUES `)
		args := make([]any, 0, 25*(end-start))
		for i := start; i < end; i++ {
			e := &d.Entries[i]
			if i > start {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, billID, i+1, e.InvID, nz(e.SkuID), e.UnitID, e.UnitRate, nz(e.LocationID), e.Qty, e.BaseQty,
				e.Price, e.DiscountRate, e.Deduction, e.Amount, e.TaxRate, e.Tax, e.TaxAmount, e.Batch, e.ProdDate, e.ValidDate,
				nz(e.SrcEntryID), nz(e.SrcOrderID), nz(e.SrcOrderEntryID), e.Description, nz(e.InLocationID), e.EntryType)
		}
		sb.WriteString(" RETURNING id, line_no")
		rows, err := tx.Query(ctx, sb.String(), args...)
		if err != nil {
			return err
		}
		n := 0
		for rows.Next() {
			var id int64
			var lineNo int
			if err := rows.Scan(&id, &lineNo); err != nil {
				rows.Close()
				return err
			}
			if lineNo < start+1 || lineNo > end {
				rows.Close()
				return fmt.Errorf("bill: line %d returned for lines %d-%d", lineNo, start+1, end)
			}
			d.Entries[lineNo-1].ID = id
			n++
		}
		if err := rows.Close(); err != nil {
			return err
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if n != end-start {
			return fmt.Errorf("bill: %d line ids for %d lines", n, end-start)
		}
	}
	if err := writeSerials(ctx, tx, d); err != nil {
		return err
	}
	for i, a := range d.Accounts {
		if _, err := tx.Exec(ctx, `INSERT INTO bill_accounts (bill_id, line_no, account_id, payment, way_id, settlement, remark)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, billID, i+1, a.AccID, a.Payment, nz(a.WayID), a.Settlement, a.Remark); err != nil {
			return err
		}
	}
	return nil
}

// state is a document's row as the life-cycle operations need it.
type state struct {
	id, shopID, contactID, srcBillID int64
	kind, billNo, date               string
	checked, billStatus              int
	version                          int64
	disAmount                        dec.Dec // the document discount (receipts' costs)
	transType                        int
	fee                              dec.Dec // assembly and disassembly
	// written is the document as this transaction just wrote it (saved
	// and audited at once): what posting needs of it is known, not read
	// back. nil when the state was read from the database.
	written *Document
	// money, when set (a document saved and audited alone), takes the
	// audit's changes to the contacts' and accounts' balances instead of
	// writing them: Save writes them after its answer's reads, next to
	// the number (see addBalances).
	money *balances
}

// readState reads the document of the kind in the shop; found false otherwise
// (another shop's document does not exist for the caller).
func readState(ctx context.Context, q db.Querier, shopID int64, kind string, id int64) (state, bool, error) {
	var s state
	err := q.QueryRow(ctx, `SELECT id, shop_id, COALESCE(contact_id, 0), COALESCE(src_bill_id, 0), kind, bill_no, bill_date, checked, bill_status, version, dis_amount,
		trans_type, fee FROM bills WHERE id = ? AND shop_id = ? AND kind = ?`, id, shopID, kind).
		Scan(&s.id, &s.shopID, &s.contactID, &s.srcBillID, &s.kind, &s.billNo, &s.date, &s.checked, &s.billStatus, &s.version, &s.disAmount,
			&s.transType, &s.fee)
	if errors.Is(err, sql.ErrNoRows) {
		return s, false, nil
	}
	return s, err == nil, err
}

const headerColumns = `b.id, b.bill_no, b.trans_type, b.bill_date, COALESCE(b.contact_id, 0), COALESCE(c.name, ''), COALESCE(b.employee_id, 0),
	COALESCE(e.name, ''), b.shop_id, COALESCE(b.location_id, 0), COALESCE(l.name, ''), COALESCE(b.src_bill_id, 0), COALESCE(sb.bill_no, ''),
	b.description, b.delivery_date, b.bill_status, b.total_qty, b.total_amount, b.dis_rate, b.dis_amount, b.amount, b.total_tax, b.total_tax_amount, b.rp_amount,
	b.arrears, b.hx_state, b.checked, COALESCE(cu.nickname, ''), b.checked_at, COALESCE(mu.nickname, ''), b.created_at, b.updated_at, b.version, b.fee,
	b.invoiced_amount, b.invoice_state, b.hx_amount`

const headerFrom = ` FROM bills b
	LEFT JOIN contacts c ON c.id = b.contact_id
	LEFT JOIN employees e ON e.id = b.employee_id
	LEFT JOIN locations l ON l.id = b.location_id
	LEFT JOIN bills sb ON sb.id = b.src_bill_id
	LEFT JOIN users cu ON cu.id = b.checker_id
	LEFT JOIN users mu ON mu.id = b.maker_id`

// headerDest are the scan destinations of headerColumns; checkedAt goes
// into d by setCheckTime once scanned.
func headerDest(d *Document, checkedAt *sql.NullTime) []any {
	return []any{&d.ID, &d.BillNo, &d.TransType, &d.Date, &d.BuID, &d.ContactName, &d.SalesID, &d.SalesName, &d.ShopID,
		&d.LocationID, &d.LocationName, &d.SrcBillID, &d.SrcBillNo, &d.Description, &d.DeliveryDate, &d.BillStatus, &d.TotalQty, &d.TotalAmount, &d.DisRate,
		&d.DisAmount, &d.Amount, &d.TotalTax, &d.TotalTaxAmount, &d.RPAmount, &d.Arrears, &d.HXStateCode, &d.Checked,
		&d.CheckName, checkedAt, &d.UserName, &d.CreateTime, &d.ModifyTime, &d.Version, &d.Fee, &d.InvoicedAmount, &d.InvoiceState, &d.hxAmount}
}

// setCheckTime sets the audit time scanned into t (none when NULL).
func (d *Document) setCheckTime(t sql.NullTime) {
	if t.Valid {
		d.CheckTime = &t.Time
	}
}

func scanHeader(r interface{ Scan(...any) error }, d *Document) error {
	var checkedAt sql.NullTime
	if err := r.Scan(headerDest(d, &checkedAt)...); err != nil {
		return err
	}
	d.setCheckTime(checkedAt)
	return nil
}

// readDocument reads a whole document of the kind in the shop.
func readDocument(ctx context.Context, q db.Querier, shopID int64, kind string, id int64) (*Document, bool, error) {
	return readParts(ctx, q, shopID, kind, id, true, true)
}

// entryColumns are a line's columns after its header's in readParts: the
// lines are LEFT JOINed to their header, so a document without lines is
// one row whose line columns are zero (be.id 0).
const entryColumns = `COALESCE(be.id, 0), COALESCE(be.goods_id, 0), COALESCE(g.number, ''), COALESCE(g.name, ''), COALESCE(g.spec, ''),
	COALESCE(be.sku_id, 0), COALESCE(s.name, ''), COALESCE(be.unit_id, 0), COALESCE(u.name, ''), COALESCE(be.unit_rate, 0),
	COALESCE(be.qty, 0), COALESCE(be.base_qty, 0), COALESCE(be.price, 0), COALESCE(be.discount_rate, 0), COALESCE(be.deduction, 0),
	COALESCE(be.amount, 0), COALESCE(be.tax_rate, 0), COALESCE(be.tax, 0), COALESCE(be.tax_amount, 0), COALESCE(be.location_id, 0),
	COALESCE(bl.name, ''), COALESCE(be.batch, ''), COALESCE(be.prod_date, ''), COALESCE(be.valid_date, ''), COALESCE(be.src_entry_id, 0),
	COALESCE(be.src_order_id, 0), COALESCE(be.src_order_entry_id, 0), COALESCE(ob.bill_no, ''), COALESCE(be.description, ''),
	COALESCE(be.in_location_id, 0), COALESCE(il.name, ''), COALESCE(be.entry_type, 0), be.invoiced_amount`

const entryJoins = `
	LEFT JOIN bill_entries be ON be.bill_id = b.id
	LEFT JOIN goods g ON g.id = be.goods_id LEFT JOIN units u ON u.id = be.unit_id
	LEFT JOIN locations il ON il.id = be.in_location_id
	LEFT JOIN goods_skus s ON s.id = be.sku_id LEFT JOIN locations bl ON bl.id = be.location_id LEFT JOIN bills ob ON ob.id = be.src_order_id`

// readParts is readDocument; serials and accounts false: the document is
// known to have none (it was just written without), not read. The header
// and the lines are one statement (each row the header and a line).
func readParts(ctx context.Context, q db.Querier, shopID int64, kind string, id int64, serials, accounts bool) (*Document, bool, error) {
	var d Document
	found := false
	var checkedAt sql.NullTime
	var e Entry
	dest := append(headerDest(&d, &checkedAt), &e.ID, &e.InvID, &e.InvNumber, &e.InvName, &e.InvSpec, &e.SkuID, &e.SkuName, &e.UnitID,
		&e.UnitName, &e.UnitRate, &e.Qty, &e.BaseQty, &e.Price, &e.DiscountRate, &e.Deduction, &e.Amount, &e.TaxRate, &e.Tax, &e.TaxAmount,
		&e.LocationID, &e.LocationName, &e.Batch, &e.ProdDate, &e.ValidDate, &e.SrcEntryID, &e.SrcOrderID, &e.SrcOrderEntryID, &e.SrcOrderNo,
		&e.Description, &e.InLocationID, &e.InLocationName, &e.EntryType, &e.InvoicedAmount)
	rows, err := q.Query(ctx, "SELECT "+headerColumns+", "+entryColumns+headerFrom+entryJoins+
		" WHERE b.id = ? AND b.shop_id = ? AND b.kind = ? ORDER BY be.line_no", id, shopID, kind)
	if err != nil {
		return nil, false, err
	}
	defer rows.Close()
	for rows.Next() {
		e = Entry{}
		if err := rows.Scan(dest...); err != nil {
			return nil, false, err
		}
		found = true
		if e.ID != 0 {
			d.Entries = append(d.Entries, e)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, false, err
	}
	if !found {
		return nil, false, nil
	}
	d.setCheckTime(checkedAt)
	for i := range d.Entries {
		if e := &d.Entries[i]; e.InLocationID != 0 {
			e.OutLocationID, e.OutLocationName = e.LocationID, e.LocationName
			if i == 0 {
				d.OutLocationID, d.InLocationID = e.LocationID, e.InLocationID
			}
		}
	}
	if serials {
		if err := readSerials(ctx, q, id, d.Entries); err != nil {
			return nil, false, err
		}
	} else {
		for i := range d.Entries {
			d.Entries[i].SerNumList = []SerNum{}
		}
	}
	if accounts {
		d.Accounts, err = db.All(ctx, q, func(r *sql.Rows, a *Account) error {
			return r.Scan(&a.ID, &a.AccID, &a.AccName, &a.Payment, &a.WayID, &a.WayName, &a.Settlement, &a.Remark)
		}, `SELECT ba.id, ba.account_id, sa.name, ba.payment, COALESCE(ba.way_id, 0), COALESCE(w.name, ''), ba.settlement, ba.remark
			FROM bill_accounts ba JOIN settle_accounts sa ON sa.id = ba.account_id LEFT JOIN assists w ON w.id = ba.way_id
			WHERE ba.bill_id = ? ORDER BY ba.line_no`, id)
		if err != nil {
			return nil, false, err
		}
	}
	if d.Entries == nil {
		d.Entries = []Entry{}
	}
	if d.Accounts == nil {
		d.Accounts = []Account{}
	}
	return &d, true, nil
}

// Filter is the list's filters (docs/api.md §2 and §4).
type Filter struct {
	BeginDate, EndDate string
	BuID, LocationID   int64
	InvID              int64
	Checked            int   // -1 any, 0 drafts, 1 audited
	BillStatus         int   // orders: -1 any, else 0..3
	InvoiceStates      []int // goods documents: any of these invoice states (0 none, 1 partly, 2 fully); empty: any
	HXStates           []int // purchases, sales and returns: any of these settlement states (0 open, 1 partly, 2 settled); empty: any
	BillNo             string
	MatchCon           string
	rights             *rights.Set // the caller's data rights (docs/rights.md)
	// customCond finds MatchCon in the searchable custom fields of the
	// documents (custom.MatchCond); "" = none.
	customCond string
	customArgs []any
}

// withCustom is f with MatchCon also looked for in the documents'
// searchable custom fields.
func (f Filter) withCustom(ctx context.Context, q db.Querier) (Filter, error) {
	cond, args, ok, err := custom.MatchCond(ctx, q, custom.TargetBill, "b.id", f.MatchCon)
	if ok {
		f.customCond, f.customArgs = cond, args
	}
	return f, err
}

func (f Filter) where(shopID int64, kind string) (string, []any) {
	w, args := "b.shop_id = ? AND b.kind = ?", []any{shopID, kind}
	if f.BeginDate != "" {
		w += " AND b.bill_date >= ?"
		args = append(args, f.BeginDate)
	}
	if f.EndDate != "" {
		w += " AND b.bill_date <= ?"
		args = append(args, f.EndDate)
	}
	if f.BuID > 0 {
		w += " AND b.contact_id = ?"
		args = append(args, f.BuID)
	}
	if f.LocationID > 0 {
		w += " AND (b.location_id = ? OR EXISTS (SELECT 1 FROM bill_entries x WHERE x.bill_id = b.id AND (x.location_id = ? OR x.in_location_id = ?)))"
		args = append(args, f.LocationID, f.LocationID, f.LocationID)
	}
	if f.InvID > 0 {
		w += " AND EXISTS (SELECT 1 FROM bill_entries x WHERE x.bill_id = b.id AND x.goods_id = ?)"
		args = append(args, f.InvID)
	}
	if f.Checked == 0 || f.Checked == 1 {
		w += " AND b.checked = ?"
		args = append(args, f.Checked)
	}
	if f.BillStatus >= 0 {
		w += " AND b.bill_status = ?"
		args = append(args, f.BillStatus)
	}
	if len(f.InvoiceStates) > 0 {
		w += " AND b.invoice_state IN (?" + strings.Repeat(", ?", len(f.InvoiceStates)-1) + ")"
		for _, v := range f.InvoiceStates {
			args = append(args, v)
		}
	}
	if len(f.HXStates) > 0 {
		w += " AND b.hx_state IN (?" + strings.Repeat(", ?", len(f.HXStates)-1) + ")"
		for _, v := range f.HXStates {
			args = append(args, v)
		}
	}
	if f.BillNo != "" {
		w += " AND " + search.Cond("LOWER(b.bill_no)")
		args = append(args, search.Pattern(f.BillNo))
	}
	if f.MatchCon != "" {
		p := search.Pattern(f.MatchCon)
		or := ""
		if f.customCond != "" {
			or = " OR " + f.customCond
		}
		w += " AND (" + search.Cond("LOWER(b.bill_no)") + " OR " + search.Cond("c.search") + " OR " + search.Cond("LOWER(b.description)") + or + ")"
		args = append(args, p, p, p)
		args = append(args, f.customArgs...)
	}
	return f.rights.Bill("b").And(w, args)
}

// Totals is a list's totals row (userdata).
type Totals struct {
	TotalQty       dec.Dec `json:"totalQty"`
	TotalAmount    dec.Dec `json:"totalAmount"`
	DisAmount      dec.Dec `json:"disAmount"`
	Amount         dec.Dec `json:"amount"`
	TotalTax       dec.Dec `json:"totalTax"`
	TotalTaxAmount dec.Dec `json:"totalTaxAmount"`
	RPAmount       dec.Dec `json:"rpAmount"`
	Arrears        dec.Dec `json:"arrears"`
	// Purchases, sales and their returns: Σ settled (paid on the document
	// and settled since) and Σ open.
	SettledAmount *dec.Dec `json:"settledAmount,omitempty"`
	OpenAmount    *dec.Dec `json:"openAmount,omitempty"`
	hxAmount      dec.Dec  // Σ settled since
	hideMoney     bool     // presented to a caller without the money right
}

func listBills(ctx context.Context, q db.Querier, shopID int64, kind string, f Filter, order string, limit, offset int) ([]Document, int, Totals, error) {
	where, args := f.where(shopID, kind)
	var n int
	var t Totals
	// Exact sums however many documents (dec.SumSQL): a list total has no
	// limit of its own.
	err := q.QueryRow(ctx, `SELECT COUNT(*), `+dec.SumSQL("b.total_qty")+`, `+dec.SumSQL("b.total_amount")+`, `+dec.SumSQL("b.dis_amount")+`,
		`+dec.SumSQL("b.amount")+`, `+dec.SumSQL("b.total_tax")+`, `+dec.SumSQL("b.total_tax_amount")+`, `+dec.SumSQL("b.rp_amount")+`,
		`+dec.SumSQL("b.arrears")+`, `+dec.SumSQL("b.hx_amount")+` FROM bills b LEFT JOIN contacts c ON c.id = b.contact_id WHERE `+where, args...).
		Scan(&n, dec.ScanSum(&t.TotalQty), dec.ScanSum(&t.TotalAmount), dec.ScanSum(&t.DisAmount), dec.ScanSum(&t.Amount),
			dec.ScanSum(&t.TotalTax), dec.ScanSum(&t.TotalTaxAmount), dec.ScanSum(&t.RPAmount), dec.ScanSum(&t.Arrears), dec.ScanSum(&t.hxAmount))
	if err != nil {
		return nil, 0, t, err
	}
	query := "SELECT " + headerColumns + headerFrom + " WHERE " + where + " ORDER BY " + order + ", b.id DESC"
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, d *Document) error { return scanHeader(r, d) }, query, args...)
	return rows, n, t, err
}

func readLines(ctx context.Context, q db.Querier, billID int64) ([]line, error) {
	return db.All(ctx, q, func(r *sql.Rows, l *line) error {
		return r.Scan(&l.id, &l.goodsID, &l.skuID, &l.locationID, &l.srcEntryID, &l.srcOrderID, &l.srcOrderEntryID, &l.inLocationID, &l.batch, &l.baseQty,
			&l.amount, &l.taxAmount, &l.unitRate, &l.entryType)
	}, `SELECT id, goods_id, COALESCE(sku_id, 0), COALESCE(location_id, 0), COALESCE(src_entry_id, 0), COALESCE(src_order_id, 0),
		COALESCE(src_order_entry_id, 0), COALESCE(in_location_id, 0), batch, base_qty, amount, tax_amount, unit_rate, entry_type
		FROM bill_entries WHERE bill_id = ? ORDER BY line_no`, billID)
}

// sourceQuantities are the base quantities of a source document's lines.
func sourceQuantities(ctx context.Context, q db.Querier, billID int64) (map[int64]dec.Dec, error) {
	return db.Map[int64, dec.Dec](ctx, q, "SELECT id, base_qty FROM bill_entries WHERE bill_id = ?", billID)
}

func scanRows(ctx context.Context, q db.Querier, query string, args []any, scan func(*sql.Rows) error) error {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		if err := scan(rows); err != nil {
			return err
		}
	}
	return rows.Err()
}

// deleteDraft deletes a draft (its lines, serials and settlement lines
// cascade).
func deleteDraft(ctx context.Context, tx db.Querier, id int64) error {
	_, err := tx.Exec(ctx, "DELETE FROM bills WHERE id = ? AND checked = 0", id)
	return err
}

// setChecked marks a draft audited by userID (audit) or an audited
// document a draft again; false when it was not in the state left.
func setChecked(ctx context.Context, tx db.Querier, id, userID int64, audit bool, now time.Time) (bool, error) {
	var res sql.Result
	var err error
	if audit {
		res, err = tx.Exec(ctx, "UPDATE bills SET checked = 1, checker_id = ?, checked_at = ?, version = version + 1, updated_at = ? WHERE id = ? AND checked = 0",
			nz(userID), now, now, id)
	} else {
		res, err = tx.Exec(ctx, "UPDATE bills SET checked = 0, checker_id = NULL, checked_at = NULL, version = version + 1, updated_at = ? WHERE id = ? AND checked = 1",
			now, id)
	}
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// setBillStatus sets an order's status by hand (close, open): a new version.
func setBillStatus(ctx context.Context, tx db.Querier, id int64, status int, now time.Time) error {
	if _, err := tx.Exec(ctx, "UPDATE bills SET bill_status = ?, version = version + 1, updated_at = ? WHERE id = ?", status, now, id); err != nil {
		return fmt.Errorf("status of bill %d: %w", id, err)
	}
	return nil
}

// readPending reads an order of the kind in the shop with, per line, the
// base quantity the audited receipts or deliveries linked to it took (one
// query, by the bill_entries_order index); found false otherwise.
func readPending(ctx context.Context, q db.Querier, shopID int64, kind string, id int64) (Pending, bool, error) {
	var o Pending
	err := q.QueryRow(ctx, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.delivery_date, COALESCE(b.contact_id, 0), COALESCE(c.name, ''),
		COALESCE(b.employee_id, 0), COALESCE(b.location_id, 0), b.checked, b.bill_status
		FROM bills b LEFT JOIN contacts c ON c.id = b.contact_id WHERE b.id = ? AND b.shop_id = ? AND b.kind = ?`, id, shopID, kind).
		Scan(&o.ID, &o.BillNo, &o.TransType, &o.Date, &o.DeliveryDate, &o.BuID, &o.ContactName, &o.SalesID, &o.LocationID, &o.Checked, &o.BillStatus)
	if errors.Is(err, sql.ErrNoRows) {
		return o, false, nil
	}
	if err != nil {
		return o, false, err
	}
	o.Entries, err = db.All(ctx, q, func(r *sql.Rows, l *PendingLine) error {
		if err := r.Scan(&l.SrcOrderEntryID, &l.LineNo, &l.InvID, &l.InvNumber, &l.InvName, &l.InvSpec, &l.SkuID, &l.SkuName, &l.UnitID,
			&l.UnitName, &l.UnitRate, &l.Qty, &l.BaseQty, &l.FulfilledBaseQty, &l.Price, &l.DiscountRate, &l.TaxRate, &l.LocationID,
			&l.LocationName, &l.Description); err != nil {
			return err
		}
		l.SrcOrderID = o.ID
		l.Status = lineStatus(l.BaseQty, l.FulfilledBaseQty)
		l.RemainingBaseQty = l.BaseQty.Sub(l.FulfilledBaseQty)
		if l.RemainingBaseQty.Sign() < 0 {
			l.RemainingBaseQty = dec.Zero
		}
		l.FulfilledQty = inUnit(l.FulfilledBaseQty, l.UnitRate)
		l.RemainingQty = inUnit(l.RemainingBaseQty, l.UnitRate)
		return nil
	}, `SELECT oe.id, oe.line_no, oe.goods_id, g.number, g.name, g.spec, COALESCE(oe.sku_id, 0), COALESCE(s.name, ''), oe.unit_id, u.name,
		oe.unit_rate, oe.qty, oe.base_qty, COALESCE(f.q, 0), oe.price, oe.discount_rate, oe.tax_rate, COALESCE(oe.location_id, 0),
		COALESCE(l.name, ''), oe.description
		FROM bill_entries oe JOIN goods g ON g.id = oe.goods_id JOIN units u ON u.id = oe.unit_id
		LEFT JOIN goods_skus s ON s.id = oe.sku_id LEFT JOIN locations l ON l.id = oe.location_id
		LEFT JOIN (SELECT le.src_order_entry_id AS eid, SUM(le.base_qty) AS q FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
			WHERE le.src_order_id = ? AND lb.checked = 1 GROUP BY le.src_order_entry_id) f ON f.eid = oe.id
		WHERE oe.bill_id = ? ORDER BY oe.line_no`, id, id)
	return o, err == nil, err
}
