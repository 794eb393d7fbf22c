package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/stock"
	"cangshu/internal/sysparam"
)

// Fund kinds (Kind.Fund).
const (
	FundReceipt  = 1 // 收款单: money in from a customer, settles sales
	FundPayment  = 2 // 付款单: money out to a supplier, settles purchases
	FundIncome   = 3 // 其他收入单: money in, income items
	FundExpense  = 4 // 其他支出单: money out, expense items
	FundTransfer = 5 // 资金转账单: account to account
)

// Item kinds of items.kind.
const (
	itemIncome  = 1
	itemExpense = 2
)

// Labels of fund fields (bill.json).
const (
	labelItem       errs.Key = "bill.field.itemId"
	labelOutAcc     errs.Key = "bill.field.outAccId"
	labelInAcc      errs.Key = "bill.field.inAccId"
	labelDiscountHd errs.Key = "bill.field.discount"
	labelNowCheck   errs.Key = "bill.field.nowCheck"
	labelCheckBill  errs.Key = "bill.field.checkBillId"
)

// Fund is the family of the money documents (docs/money.md): receipts and
// payments (settlement lines, a discount, the documents they settle),
// other income and expense (an account, item lines) and fund transfers
// (account-to-account lines). They move no stock; their money moves go to
// the ledger.
var Fund Family = fundFamily{}

type fundFamily struct{}

func (fundFamily) contactRule(k *Kind) int {
	switch k.Fund {
	case FundReceipt, FundPayment:
		return contactRequired
	case FundTransfer:
		return contactNone
	}
	return contactOptional
}
func (fundFamily) money() bool { return true }
func (fundFamily) line(*Kind, *Input, EntryInput, *Entry, map[int64]bool, func(string) string, *errs.Fields) {
}
func (fundFamily) document(*Kind, sysparam.System, *Input, *Document, *errs.Fields) {}
func (fundFamily) moves(context.Context, db.Querier, *Kind, sysparam.System, state, []line) ([]stock.Move, error) {
	return nil, nil
}

// moneyMoves: a receipt or payment first settles its documents (under
// their row locks, settle), then takes what it settled off the contact's
// debt and adds what is left over (the advance) to the contact's advance;
// its settlement lines move money into (receipts) or out of (payments) the
// accounts. Income and expense move their lines' total into or out of the
// account; a transfer moves each line's amount from one account to the
// other.
func (fundFamily) moneyMoves(ctx context.Context, tx db.Querier, k *Kind, st state, _ []line) ([]MoneyMove, error) {
	switch k.Fund {
	case FundReceipt, FundPayment:
		settled, err := settle(ctx, tx, k, st)
		if err != nil {
			return nil, err
		}
		var amount dec.Dec
		if err := tx.QueryRow(ctx, "SELECT amount FROM bills WHERE id = ?", st.id).Scan(&amount); err != nil {
			return nil, err
		}
		sign := int64(1)
		if k.Fund == FundPayment {
			sign = -1
		}
		moves := []MoneyMove{{ContactID: st.contactID, Debt: settled.Neg(), Advance: amount.Sub(settled)}}
		acc, err := accountMoves(ctx, tx, st.id, sign)
		if err != nil {
			return nil, err
		}
		return append(moves, acc...), nil
	}
	type row struct {
		out, in int64
		amount  dec.Dec
	}
	rows, err := db.All(ctx, tx, func(r *sql.Rows, v *row) error { return r.Scan(&v.out, &v.in, &v.amount) },
		"SELECT account_id, COALESCE(in_account_id, 0), amount FROM fund_entries WHERE bill_id = ? ORDER BY line_no", st.id)
	if err != nil {
		return nil, err
	}
	var moves []MoneyMove
	for _, r := range rows {
		switch k.Fund {
		case FundIncome:
			moves = append(moves, MoneyMove{AccountID: r.out, Amount: r.amount})
		case FundExpense:
			moves = append(moves, MoneyMove{AccountID: r.out, Amount: r.amount.Neg()})
		case FundTransfer:
			moves = append(moves, MoneyMove{AccountID: r.out, Amount: r.amount.Neg()}, MoneyMove{AccountID: r.in, Amount: r.amount})
		}
	}
	return moves, nil
}

// buildFund validates a fund document (build has checked the date, the
// contact and the description) and computes its totals.
func buildFund(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID int64, in *Input, d *Document, f *errs.Fields) error {
	if in.DisRate.Sign() != 0 || (in.DisAmount != nil && in.DisAmount.Sign() != 0) {
		f.Add("disAmount", "err.invalid", errs.A("field", labelDisAmount))
	}
	if in.LocationID != 0 || in.SrcBillID != 0 || in.SrcOrderID != 0 {
		f.Add("locationId", "err.invalid", errs.A("field", labelLocation))
	}
	d.DisRate = dec.Zero
	total := dec.Zero
	switch k.Fund {
	case FundReceipt, FundPayment:
		if len(in.Entries) > 0 {
			f.Add("entries", "err.invalid", errs.A("field", labelEntries))
		}
		if in.AccID != 0 {
			f.Add("accId", "err.invalid", errs.A("field", labelAccount))
		}
		if len(in.Accounts) == 0 {
			f.Required("accounts", labelAccount)
		}
		if err := buildAccounts(ctx, q, sys, in, d, f); err != nil {
			return err
		}
		for i, a := range d.Accounts {
			if a.Payment.Sign() == 0 {
				f.Add(fmt.Sprintf("accounts[%d].payment", i), "bill.err.amountPositive", errs.A("field", labelPayment))
			}
			total = total.Add(a.Payment)
		}
		dec.Check(f, "discount", labelDiscountHd, in.Discount, sys.AmountPlaces, dec.Zero, dec.MaxAmount)
		checked, err := buildChecks(ctx, q, k, sys, shopID, in, d, f)
		if err != nil {
			return err
		}
		disc := in.Discount
		d.Discount = &disc
		d.TotalAmount, d.DisAmount, d.RPAmount = total, disc, total
		d.Amount = total.Add(disc)
		left := d.Amount.Sub(checked)
		d.Payment = &left
		if f.Len() == 0 && left.Sign() < 0 {
			f.Add("checks", "bill.err.overApplied", errs.A("max", d.Amount.String()))
		}
	default:
		if len(in.Accounts) > 0 || len(in.Checks) > 0 || in.Discount.Sign() != 0 {
			f.Add("accounts", "err.invalid", errs.A("field", labelAccount))
		}
		if err := buildFundLines(ctx, q, k, sys, in, d, f); err != nil {
			return err
		}
		for _, e := range d.Entries {
			total = total.Add(e.Amount)
		}
		d.TotalAmount, d.Amount, d.DisAmount, d.RPAmount = total, total, dec.Zero, dec.Zero
	}
	d.TotalQty, d.TotalTax, d.TotalTaxAmount, d.Arrears, d.HXStateCode = dec.Zero, dec.Zero, total, dec.Zero, 0
	for _, v := range []dec.Dec{total, d.Amount} {
		if v.Abs().Cmp(dec.MaxAmount) > 0 {
			f.Add("totalAmount", "limit.err.docTotal", errs.A("field", "limit.field.totalAmount"), errs.A("value", v.String()), errs.A("max", dec.MaxAmount.String()))
			break
		}
	}
	return nil
}

// buildFundLines checks the lines of income, expense and transfers.
func buildFundLines(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, in *Input, d *Document, f *errs.Fields) error {
	if len(in.Entries) == 0 {
		f.Required("entries", labelEntries)
		return nil
	}
	if len(in.Entries) > maxLinesOf(k) {
		f.Add("entries", "bill.err.tooManyLines", errs.A("max", maxLinesOf(k)))
		return nil
	}
	itemKind := itemIncome
	if k.Fund == FundExpense {
		itemKind = itemExpense
	}
	if k.Fund != FundTransfer {
		switch ok, err := exists(ctx, q, "settle_accounts", in.AccID); {
		case err != nil:
			return err
		case in.AccID <= 0:
			f.Required("accId", labelAccount)
		case !ok:
			f.Add("accId", "err.notFound", errs.A("what", labelAccount))
		}
		d.AccID = in.AccID
	} else if in.AccID != 0 {
		f.Add("accId", "err.invalid", errs.A("field", labelAccount))
	}
	for i, e := range in.Entries {
		p := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
		if e.InvID != 0 || e.Qty.Sign() != 0 || e.Price.Sign() != 0 || e.SrcEntryID != 0 || e.SrcOrderEntryID != 0 || e.LocationID != 0 {
			f.Add(p("invId"), "err.invalid", errs.A("field", labelGoods))
		}
		l := Entry{Amount: e.Amount, Description: strings.TrimSpace(e.Description), Settlement: strings.TrimSpace(e.Settlement)}
		if k.Fund == FundTransfer {
			l.OutAccID, l.InAccID, l.WayID = e.OutAccID, e.InAccID, e.WayID
			for _, a := range []struct {
				path  string
				label errs.Key
				id    int64
			}{{"outAccId", labelOutAcc, e.OutAccID}, {"inAccId", labelInAcc, e.InAccID}} {
				if a.id <= 0 {
					f.Required(p(a.path), a.label)
				} else if ok, err := exists(ctx, q, "settle_accounts", a.id); err != nil {
					return err
				} else if !ok {
					f.Add(p(a.path), "err.notFound", errs.A("what", a.label))
				}
			}
			if e.OutAccID > 0 && e.OutAccID == e.InAccID {
				f.Add(p("inAccId"), "bill.err.sameAccount")
			}
			if e.WayID != 0 {
				if ok, err := exists(ctx, q, "assists", e.WayID); err != nil {
					return err
				} else if !ok {
					f.Add(p("wayId"), "err.notFound", errs.A("what", labelWay))
				}
			}
			if e.ItemID != 0 {
				f.Add(p("itemId"), "err.invalid", errs.A("field", labelItem))
			}
		} else {
			l.ItemID, l.OutAccID = e.ItemID, in.AccID
			var kind int
			err := q.QueryRow(ctx, "SELECT kind FROM items WHERE id = ?", e.ItemID).Scan(&kind)
			switch {
			case e.ItemID <= 0:
				f.Required(p("itemId"), labelItem)
			case errors.Is(err, sql.ErrNoRows) || (err == nil && kind != itemKind):
				f.Add(p("itemId"), "err.notFound", errs.A("what", labelItem))
			case err != nil:
				return err
			}
			if e.OutAccID != 0 || e.InAccID != 0 {
				f.Add(p("outAccId"), "err.invalid", errs.A("field", labelOutAcc))
			}
		}
		if e.Amount.Sign() <= 0 && e.Amount.Places() <= sys.AmountPlaces {
			f.Add(p("amount"), "bill.err.amountPositive", errs.A("field", labelAmount))
		} else {
			dec.Check(f, p("amount"), labelAmount, e.Amount, sys.AmountPlaces, dec.Zero, dec.MaxAmount)
		}
		f.Text(p("settlement"), labelRemark, l.Settlement, false, maxShort)
		f.Text(p("description"), labelRemark, l.Description, false, maxText)
		d.Entries = append(d.Entries, l)
	}
	return nil
}

// target is a document a receipt or payment may settle.
type target struct {
	id, contactID                       int64
	kind, billNo, date                  string
	transType, checked                  int
	amount, rpAmount, arrears, hxAmount dec.Dec
}

// open is what is left to settle, signed (a return's is negative).
func (t target) open(k *Kind) dec.Dec {
	v := t.arrears.Sub(t.hxAmount)
	if t.kind != k.SettleKinds[0] {
		return v.Neg()
	}
	return v
}

func (t target) sign(k *Kind) int {
	if t.kind != k.SettleKinds[0] {
		return -1
	}
	return 1
}

func readTarget(ctx context.Context, q db.Querier, id int64) (target, bool, error) {
	var t target
	err := q.QueryRow(ctx, `SELECT id, COALESCE(contact_id, 0), kind, bill_no, bill_date, trans_type, checked, amount, rp_amount, arrears, hx_amount
		FROM bills WHERE id = ?`, id).Scan(&t.id, &t.contactID, &t.kind, &t.billNo, &t.date, &t.transType, &t.checked, &t.amount, &t.rpAmount,
		&t.arrears, &t.hxAmount)
	if errors.Is(err, sql.ErrNoRows) {
		return t, false, nil
	}
	return t, err == nil, err
}

// buildChecks checks what a receipt or payment settles: audited documents
// of its contact in the shop, of the kinds it settles, each once, nowCheck
// of the document's sign and at most what is open. It answers Σ nowCheck
// (signed).
func buildChecks(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID int64, in *Input, d *Document, f *errs.Fields) (dec.Dec, error) {
	sum := dec.Zero
	if len(in.Checks) > maxLinesOf(k) {
		f.Add("checks", "bill.err.tooManyLines", errs.A("max", maxLinesOf(k)))
		return sum, nil
	}
	seen := map[int64]bool{}
	for i, c := range in.Checks {
		p := func(field string) string { return fmt.Sprintf("checks[%d].%s", i, field) }
		var t target
		var found bool
		var err error
		if c.BillID > 0 {
			if t, found, err = readTarget(ctx, q, c.BillID); err != nil {
				return sum, err
			}
		}
		var shop int64
		if found {
			if err := q.QueryRow(ctx, "SELECT shop_id FROM bills WHERE id = ?", c.BillID).Scan(&shop); err != nil {
				return sum, err
			}
		}
		switch {
		case c.BillID <= 0:
			f.Required(p("billId"), labelCheckBill)
			continue
		case !found || shop != shopID || !slices.Contains(k.SettleKinds, t.kind):
			f.Add(p("billId"), "err.notFound", errs.A("what", labelCheckBill))
			continue
		case t.contactID != in.BuID:
			f.Add(p("billId"), "bill.err.checkContact", errs.A("no", t.billNo))
			continue
		case t.checked != 1:
			f.Add(p("billId"), "bill.err.checkNotAudited", errs.A("no", t.billNo))
			continue
		case seen[c.BillID]:
			f.Add(p("billId"), "bill.err.checkTwice", errs.A("no", t.billNo))
			continue
		}
		seen[c.BillID] = true
		open := t.open(k)
		v := c.NowCheck
		switch {
		case v.Places() > sys.AmountPlaces || v.Abs().Cmp(dec.MaxAmount) > 0:
			dec.Check(f, p("nowCheck"), labelNowCheck, v, sys.AmountPlaces, dec.MaxAmount.Neg(), dec.MaxAmount)
		case v.Sign() == 0 || v.Sign() != t.sign(k):
			f.Add(p("nowCheck"), "bill.err.checkSign", errs.A("no", t.billNo), errs.A("open", open.String()))
		case v.Abs().Cmp(open.Abs()) > 0 || open.Sign() != t.sign(k):
			f.Add(p("nowCheck"), "bill.err.checkTooMuch", errs.A("no", t.billNo), errs.A("max", open.String()))
		}
		sum = sum.Add(v)
		d.Checks = append(d.Checks, Check{BillID: t.id, BillNo: t.billNo, TransType: t.transType, BillDate: t.date, NowCheck: v})
	}
	return sum, nil
}

// writeFund writes a fund document's lines and settlements (replacing a
// draft's) and its settlement lines.
func writeFund(ctx context.Context, tx db.Querier, billID int64, d *Document, fresh bool) error {
	if !fresh {
		for _, s := range []string{"DELETE FROM fund_entries WHERE bill_id = ?", "DELETE FROM settlements WHERE bill_id = ?",
			"DELETE FROM bill_accounts WHERE bill_id = ?"} {
			if _, err := tx.Exec(ctx, s, billID); err != nil {
				return err
			}
		}
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		if err := tx.QueryRow(ctx, `INSERT INTO fund_entries (bill_id, line_no, item_id, account_id, in_account_id, amount, way_id, settlement, description)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, billID, i+1, nz(e.ItemID), nz(e.OutAccID), nz(e.InAccID), e.Amount, nz(e.WayID),
			e.Settlement, e.Description).Scan(&e.ID); err != nil {
			return err
		}
	}
	for i, c := range d.Checks {
		sign := 1
		if c.NowCheck.Sign() < 0 {
			sign = -1
		}
		if _, err := tx.Exec(ctx, "INSERT INTO settlements (bill_id, line_no, target_id, amount, sign) VALUES (?, ?, ?, ?, ?)",
			billID, i+1, c.BillID, c.NowCheck.Abs(), sign); err != nil {
			return err
		}
	}
	for i, a := range d.Accounts {
		if _, err := tx.Exec(ctx, `INSERT INTO bill_accounts (bill_id, line_no, account_id, payment, way_id, settlement, remark)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, billID, i+1, a.AccID, a.Payment, nz(a.WayID), a.Settlement, a.Remark); err != nil {
			return err
		}
	}
	return nil
}

// readFund completes a fund document read by readDocument: its lines, its
// account (income, expense), its discount, checks and advance (receipts,
// payments).
func readFund(ctx context.Context, q db.Querier, k *Kind, d *Document) error {
	var err error
	d.Entries, err = db.All(ctx, q, func(r *sql.Rows, e *Entry) error {
		return r.Scan(&e.ID, &e.ItemID, &e.ItemName, &e.OutAccID, &e.OutAccName, &e.InAccID, &e.InAccName, &e.Amount, &e.WayID, &e.WayName,
			&e.Settlement, &e.Description)
	}, `SELECT fe.id, COALESCE(fe.item_id, 0), COALESCE(i.name, ''), COALESCE(fe.account_id, 0), COALESCE(oa.name, ''),
		COALESCE(fe.in_account_id, 0), COALESCE(ia.name, ''), fe.amount, COALESCE(fe.way_id, 0), COALESCE(w.name, ''), fe.settlement, fe.description
		FROM fund_entries fe LEFT JOIN items i ON i.id = fe.item_id LEFT JOIN settle_accounts oa ON oa.id = fe.account_id
		LEFT JOIN settle_accounts ia ON ia.id = fe.in_account_id LEFT JOIN assists w ON w.id = fe.way_id
		WHERE fe.bill_id = ? ORDER BY fe.line_no`, d.ID)
	if err != nil {
		return err
	}
	if d.Entries == nil {
		d.Entries = []Entry{}
	}
	switch k.Fund {
	case FundIncome, FundExpense:
		if len(d.Entries) > 0 {
			d.AccID, d.AccName = d.Entries[0].OutAccID, d.Entries[0].OutAccName
		}
		for i := range d.Entries {
			d.Entries[i].OutAccID, d.Entries[i].OutAccName = 0, ""
		}
	case FundReceipt, FundPayment:
		type row struct {
			t      target
			amount dec.Dec
			sign   int
		}
		rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error {
			return r.Scan(&v.t.id, &v.t.billNo, &v.t.transType, &v.t.date, &v.t.kind, &v.t.amount, &v.t.rpAmount, &v.t.arrears, &v.t.hxAmount,
				&v.amount, &v.sign)
		}, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.kind, b.amount, b.rp_amount, b.arrears, b.hx_amount, s.amount, s.sign
			FROM settlements s JOIN bills b ON b.id = s.target_id WHERE s.bill_id = ? ORDER BY s.line_no`, d.ID)
		if err != nil {
			return err
		}
		disc := d.DisAmount
		d.Discount = &disc
		left := d.Amount
		d.Checks = make([]Check, 0, len(rows))
		for _, r := range rows {
			now := r.amount
			if r.sign < 0 {
				now = now.Neg()
			}
			left = left.Sub(now)
			c := checkOf(k, r.t)
			c.NowCheck = now
			d.Checks = append(d.Checks, c)
		}
		d.Payment = &left
	}
	return nil
}

// checkOf is a target's figures as checks and the unsettled list show them
// (signed: a return's are negative).
func checkOf(k *Kind, t target) Check {
	c := Check{BillID: t.id, BillNo: t.billNo, TransType: t.transType, BillDate: t.date, BillPrice: t.amount,
		HasCheck: t.rpAmount.Add(t.hxAmount), NotCheck: t.arrears.Sub(t.hxAmount)}
	if t.kind != k.SettleKinds[0] {
		c.BillPrice, c.HasCheck, c.NotCheck = c.BillPrice.Neg(), c.HasCheck.Neg(), c.NotCheck.Neg()
	}
	return c
}

// hxStateSQL is the settled state of a document whose settled amount
// becomes the SQL expression hx (0 open, 1 partly, 2 settled).
func hxStateSQL(hx string) string {
	return "CASE WHEN arrears <= " + hx + " THEN 2 WHEN rp_amount + " + hx + " > 0 THEN 1 ELSE 0 END"
}

// settle takes what the audited receipt or payment st settles from its
// target documents, each under its row lock (the conditional UPDATE: of
// two documents settling the same open amount one waits for the other and
// then finds it gone), in target order. It answers Σ nowCheck, signed.
// This is the draw-down of docs/money.md, kept behind take and release
// until the engine's one draw-down mechanism takes it over.
func settle(ctx context.Context, tx db.Querier, k *Kind, st state) (dec.Dec, error) {
	type row struct {
		lineNo   int
		targetID int64
		amount   dec.Dec
		sign     int
	}
	rows, err := db.All(ctx, tx, func(r *sql.Rows, v *row) error { return r.Scan(&v.lineNo, &v.targetID, &v.amount, &v.sign) },
		"SELECT line_no, target_id, amount, sign FROM settlements WHERE bill_id = ? ORDER BY target_id, line_no", st.id)
	if err != nil {
		return dec.Zero, err
	}
	sum := dec.Zero
	for _, r := range rows {
		path := fmt.Sprintf("checks[%d].nowCheck", r.lineNo-1)
		ok, err := take(ctx, tx, k, st, r.targetID, r.amount)
		if err != nil {
			return dec.Zero, err
		}
		if !ok {
			t, found, err := readTarget(ctx, tx, r.targetID)
			if err != nil {
				return dec.Zero, err
			}
			switch {
			case !found || t.checked != 1:
				return dec.Zero, errs.Field(fmt.Sprintf("checks[%d].billId", r.lineNo-1), "bill.err.checkNotAudited", errs.A("no", t.billNo))
			default:
				return dec.Zero, errs.Field(path, "bill.err.checkTooMuch", errs.A("no", t.billNo), errs.A("max", t.open(k).String()))
			}
		}
		v := r.amount
		if r.sign < 0 {
			v = v.Neg()
		}
		sum = sum.Add(v)
	}
	return sum, nil
}

// take settles amount (a magnitude) of the target if it is an audited
// document of the receipt's contact, shop and kinds with that much open;
// false otherwise, nothing changed.
func take(ctx context.Context, tx db.Querier, k *Kind, st state, targetID int64, amount dec.Dec) (bool, error) {
	res, err := tx.Exec(ctx, `UPDATE bills SET hx_amount = hx_amount + ?, hx_state = `+hxStateSQL("(hx_amount + ?)")+`
		WHERE id = ? AND shop_id = ? AND contact_id = ? AND checked = 1 AND kind IN (?, ?) AND hx_amount + ? <= arrears`,
		amount, amount, amount, targetID, st.shopID, st.contactID, k.SettleKinds[0], k.SettleKinds[1], amount)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// release gives back what an un-audited receipt or payment settled.
func release(ctx context.Context, tx db.Querier, billID int64) error {
	type row struct {
		targetID int64
		amount   dec.Dec
	}
	rows, err := db.All(ctx, tx, func(r *sql.Rows, v *row) error { return r.Scan(&v.targetID, &v.amount) },
		"SELECT target_id, amount FROM settlements WHERE bill_id = ? ORDER BY target_id, line_no", billID)
	if err != nil || len(rows) == 0 {
		return err
	}
	for _, r := range rows {
		if _, err := tx.Exec(ctx, `UPDATE bills SET hx_amount = hx_amount - ?, hx_state = `+hxStateSQL("(hx_amount - ?)")+` WHERE id = ?`,
			r.amount, r.amount, r.amount, r.targetID); err != nil {
			return err
		}
	}
	return nil
}

// settledBy names an audited document (any, with all) that settles the
// document id: it cannot be un-audited (or edited, deleted) while one does.
func settledBy(ctx context.Context, q db.Querier, id int64, auditedOnly bool) error {
	cond := ""
	if auditedOnly {
		cond = " AND b.checked = 1"
	}
	nos, err := db.Values[string](ctx, q, "SELECT b.bill_no FROM settlements s JOIN bills b ON b.id = s.bill_id WHERE s.target_id = ?"+cond+
		" ORDER BY b.id LIMIT 1", id)
	if err != nil {
		return err
	}
	if len(nos) > 0 {
		return errs.Conflict("bill.err.settled", errs.A("no", nos[0]))
	}
	return nil
}

// Unsettled are the audited documents of the contact buID in the caller's
// shop that kind k settles with money still open, oldest first (returns
// negative).
func (s *Service) Unsettled(ctx context.Context, shopID int64, k *Kind, buID int64) ([]Check, error) {
	if len(k.SettleKinds) != 2 {
		return nil, errs.NotFound(k.Label)
	}
	type row struct{ t target }
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, v *row) error {
		return r.Scan(&v.t.id, &v.t.billNo, &v.t.transType, &v.t.date, &v.t.kind, &v.t.amount, &v.t.rpAmount, &v.t.arrears, &v.t.hxAmount)
	}, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.kind, b.amount, b.rp_amount, b.arrears, b.hx_amount
		FROM bills b WHERE b.contact_id = ? AND b.checked = 1 AND b.kind IN (?, ?) AND b.shop_id = ? AND b.hx_amount < b.arrears
		ORDER BY b.bill_date, b.id`, buID, k.SettleKinds[0], k.SettleKinds[1], shopID)
	if err != nil {
		return nil, err
	}
	out := make([]Check, 0, len(rows))
	for _, r := range rows {
		out = append(out, checkOf(k, r.t))
	}
	return out, nil
}
