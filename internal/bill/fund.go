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
	"cangshu/internal/rights"
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
	FundVerify   = 6 // 核销单: 153201–153205
	FundInvoice  = 7 // 销售发票, 采购发票: invoiced amounts of goods documents
)

// Verification sub-types.
const (
	VerifyAdvanceReceived = 153201 // 预收冲应收: a customer's advance against its receivables
	VerifyAdvancePaid     = 153202 // 预付冲应付: an advance paid to a supplier against the payables
	VerifyReceivablePay   = 153203 // 应收冲应付: receivables against payables (toBuId: the supplier)
	VerifyMoveReceivable  = 153204 // 应收转应收: a receivable moved to another customer (toBuId)
	VerifyMovePayable     = 153205 // 应付转应付: a payable moved to another supplier (toBuId)
)

var (
	customerKinds = []string{"sales", "reSales"}
	supplierKinds = []string{"purchase", "rePurchase"}
)

// side is what one side of a settling document settles: documents of a
// contact of a type, of two kinds (the first positive, the second a
// return: its open amount negative).
type side struct {
	no          int // settlements.side
	contactType int
	kinds       []string
}

// sides are the sides of a receipt, payment or verification document of
// transType tt: side 1 the documents of buId, side 2 (153203) those of
// toBuId; toType is the type toBuId must have (0: none).
func sides(k *Kind, tt int) (s []side, toType int) {
	switch k.Fund {
	case FundReceipt, FundPayment:
		return []side{{1, k.ContactType, k.SettleKinds}}, 0
	}
	return verifySides(tt)
}

// verifySides are the sides of a verification document of transType tt
// (another transType: as 153201).
func verifySides(tt int) (s []side, toType int) {
	switch tt {
	case VerifyAdvancePaid:
		return []side{{1, Supplier, supplierKinds}}, 0
	case VerifyReceivablePay:
		return []side{{1, Customer, customerKinds}, {2, Supplier, supplierKinds}}, Supplier
	case VerifyMoveReceivable:
		return []side{{1, Customer, customerKinds}}, Customer
	case VerifyMovePayable:
		return []side{{1, Supplier, supplierKinds}}, Supplier
	}
	return []side{{1, Customer, customerKinds}}, 0
}

// Item kinds of items.kind.
const (
	itemIncome  = 1
	itemExpense = 2
)

// Labels of fund fields (bill.json).
const (
	labelItem         errs.Key = "bill.field.itemId"
	labelOutAcc       errs.Key = "bill.field.outAccId"
	labelInAcc        errs.Key = "bill.field.inAccId"
	labelDiscountHd   errs.Key = "bill.field.discount"
	labelNowCheck     errs.Key = "bill.field.nowCheck"
	labelCheckBill    errs.Key = "bill.field.checkBillId"
	labelToContact    errs.Key = "bill.field.toBuId"
	labelVerifyAmt    errs.Key = "bill.field.verifyAmount"
	labelInvoiceNo    errs.Key = "bill.field.invoiceNo"
	labelInvoiceTitle errs.Key = "bill.field.invoiceTitle"
	labelInvoiceType  errs.Key = "bill.field.invoiceType"
	labelTax          errs.Key = "bill.field.tax"
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
	case FundReceipt, FundPayment, FundVerify, FundInvoice:
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

// moneyMoves: a receipt or payment (whose settlements the engine has
// drawn down under the targets' locks: Settlement) takes what it settled off the contact's
// debt and adds what is left over (the advance) to the contact's advance;
// its settlement lines move money into (receipts) or out of (payments) the
// accounts. Income and expense move their lines' total into or out of the
// account; a transfer moves each line's amount from one account to the
// other.
func (fundFamily) moneyMoves(ctx context.Context, tx db.Querier, k *Kind, st state, _ []line) ([]MoneyMove, error) {
	switch k.Fund {
	case FundReceipt, FundPayment:
		amount, settled, _, err := settledBy(ctx, tx, st.id)
		if err != nil {
			return nil, err
		}
		sign := int64(1)
		if k.Fund == FundPayment {
			sign = -1
		}
		moves := []MoneyMove{{ContactID: st.contactID, Debt: settled.Neg(), Advance: amount.Sub(settled)}}
		acc, err := accountMoves(ctx, tx, st, sign)
		if err != nil {
			return nil, err
		}
		return append(moves, acc...), nil
	case FundVerify:
		return verifyMoves(ctx, tx, st)
	case FundInvoice:
		return nil, nil
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
	// disRate and disAmount are the server's here (a receipt's disAmount
	// answers its discount): ignored, like every total.
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
		// Money in (a receipt's from the customer, a payment's to the
		// supplier): every line positive. A refund (退款) goes the other
		// way — a receipt paying a sales return back to the customer, a
		// payment taking a purchase return's money back from the
		// supplier —: every line negative, no discount, and it must settle
		// returns at least as large (below: nothing is left negative).
		if err := buildAccounts(ctx, q, sys, in, d, dec.Max.Neg(), f); err != nil {
			return err
		}
		refund := len(d.Accounts) > 0 && d.Accounts[0].Payment.Sign() < 0
		for i, a := range d.Accounts {
			switch {
			case a.Payment.Sign() == 0 && !refund:
				f.Add(fmt.Sprintf("accounts[%d].payment", i), "bill.err.amountPositive", errs.A("field", labelPayment))
			case a.Payment.Sign() == 0:
				f.Add(fmt.Sprintf("accounts[%d].payment", i), "bill.err.amountNonZero", errs.A("field", labelPayment))
			case (a.Payment.Sign() < 0) != refund:
				f.Add(fmt.Sprintf("accounts[%d].payment", i), "bill.err.refundMixed")
			}
			total = total.Add(a.Payment)
		}
		dec.Check(f, "discount", labelDiscountHd, in.Discount, sys.AmountPlaces, dec.Zero, dec.MaxAmount)
		if refund && in.Discount.Sign() != 0 {
			f.Add("discount", "bill.err.refundDiscount")
		}
		sd, _ := sides(k, k.TransType)
		checked, checks, err := buildChecks(ctx, q, k, sys, shopID, in.BuID, sd[0], "checks", in.Checks, f)
		if err != nil {
			return err
		}
		d.Checks = checks
		disc := in.Discount
		d.Discount = &disc
		d.TotalAmount, d.DisAmount, d.RPAmount = total, disc, total
		d.Amount = total.Add(disc)
		left := d.Amount.Sub(checked)
		d.Payment = &left
		switch {
		case f.Len() > 0 || left.Sign() >= 0:
		case refund:
			// What the returns settled here credit the contact, less
			// the sales they are set against: at most that is paid back.
			f.Add("accounts[0].payment", "bill.err.refundTooMuch", errs.A("max", maxIn(checked.Neg(), dec.Zero)))
		default:
			f.Add("checks", "bill.err.overApplied", errs.A("max", d.Amount.String()))
		}
	case FundVerify:
		if err := buildVerify(ctx, q, k, sys, shopID, in, d, f); err != nil {
			return err
		}
		total = d.Amount
	case FundInvoice:
		if err := buildInvoice(ctx, q, k, sys, shopID, in, d, f); err != nil {
			return err
		}
		for _, v := range []dec.Dec{d.TotalAmount, d.TotalTaxAmount, d.TotalQty} {
			if v.Abs().Cmp(dec.MaxAmount) > 0 {
				f.Add("totalAmount", "limit.err.docTotal", errs.A("field", "limit.field.totalAmount"), errs.A("value", v.String()), errs.A("max", dec.MaxAmount.String()))
				break
			}
		}
		d.Arrears, d.HXStateCode = dec.Zero, 0
		return nil
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
	id, contactID, shopID               int64
	kind, billNo, date                  string
	transType, checked                  int
	amount, rpAmount, arrears, hxAmount dec.Dec
}

// open is what is left to settle, signed (a return's is negative).
func (t target) open(kinds []string) dec.Dec {
	v := t.arrears.Sub(t.hxAmount)
	if t.kind != kinds[0] {
		return v.Neg()
	}
	return v
}

func (t target) sign(kinds []string) int {
	if t.kind != kinds[0] {
		return -1
	}
	return 1
}

// readTargets reads the documents ids (one query).
func readTargets(ctx context.Context, q db.Querier, ids []int64) (map[int64]target, error) {
	out := map[int64]target{}
	err := each(ctx, q, `SELECT id, COALESCE(contact_id, 0), shop_id, kind, bill_no, bill_date, trans_type, checked, amount, rp_amount, arrears, hx_amount
		FROM bills WHERE id IN `, ids, func(r *sql.Rows) error {
		var t target
		if err := r.Scan(&t.id, &t.contactID, &t.shopID, &t.kind, &t.billNo, &t.date, &t.transType, &t.checked, &t.amount, &t.rpAmount,
			&t.arrears, &t.hxAmount); err != nil {
			return err
		}
		out[t.id] = t
		return nil
	})
	return out, err
}

// buildChecks checks the documents one side settles (at path: "checks",
// "toChecks"): audited documents of the contact in the shop, of the side's
// kinds, each once, nowCheck of the document's sign and at most what is
// open. It answers Σ nowCheck (signed) and the checks.
func buildChecks(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID, contactID int64, sd side, path string, in []CheckInput,
	f *errs.Fields) (dec.Dec, []Check, error) {
	sum := dec.Zero
	var out []Check
	if len(in) > maxLinesOf(k) {
		f.Add(path, "bill.err.tooManyLines", errs.A("max", maxLinesOf(k)))
		return sum, nil, nil
	}
	seen := map[int64]bool{}
	ids := make([]int64, len(in))
	for i, c := range in {
		ids[i] = c.BillID
	}
	targets, err := readTargets(ctx, q, ids)
	if err != nil {
		return sum, nil, err
	}
	for i, c := range in {
		p := func(field string) string { return fmt.Sprintf("%s[%d].%s", path, i, field) }
		t, found := targets[c.BillID]
		switch {
		case c.BillID <= 0:
			f.Required(p("billId"), labelCheckBill)
			continue
		case !found || t.shopID != shopID || !slices.Contains(sd.kinds, t.kind):
			f.Add(p("billId"), "err.notFound", errs.A("what", labelCheckBill))
			continue
		case t.contactID != contactID:
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
		open := t.open(sd.kinds)
		v := c.NowCheck
		switch {
		case v.Places() > sys.AmountPlaces || v.Abs().Cmp(dec.MaxAmount) > 0:
			dec.Check(f, p("nowCheck"), labelNowCheck, v, sys.AmountPlaces, dec.MaxAmount.Neg(), dec.MaxAmount)
		case v.Sign() == 0 || v.Sign() != t.sign(sd.kinds):
			f.Add(p("nowCheck"), "bill.err.checkSign", errs.A("no", t.billNo), errs.A("open", open.String()))
		case v.Abs().Cmp(open.Abs()) > 0 || open.Sign() != t.sign(sd.kinds):
			f.Add(p("nowCheck"), "bill.err.checkTooMuch", errs.A("no", t.billNo), errs.A("max", open.String()))
		}
		sum = sum.Add(v)
		out = append(out, Check{BillID: t.id, BillNo: t.billNo, TransType: t.transType, BillDate: t.date, NowCheck: v, side: sd.no})
	}
	return sum, out, nil
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
	// The settlements in multi-row INSERTs (a receipt may settle hundreds).
	checks := slices.Concat(d.Checks, d.ToChecks)
	const per = 200
	for start := 0; start < len(checks); start += per {
		end := min(start+per, len(checks))
		var sb strings.Builder
		args := make([]any, 0, 6*(end-start))
		for i := start; i < end; i++ {
			c := checks[i]
			sign := 1
			if c.NowCheck.Sign() < 0 {
				sign = -1
			}
			if i > start {
				sb.WriteString(", ")
			}
			sb.WriteString("(?, ?, ?, ?, ?, ?)")
			args = append(args, billID, i+1, c.BillID, c.NowCheck.Abs(), sign, max(c.side, 1))
		}
		if _, err := tx.Exec(ctx, "INSERT INTO settlements (bill_id, line_no, target_id, amount, sign, side) VALUES "+sb.String(), args...); err != nil {
			return err
		}
	}
	if d.ToBuID != 0 {
		if _, err := tx.Exec(ctx, "UPDATE bills SET to_contact_id = ? WHERE id = ?", d.ToBuID, billID); err != nil {
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
	if k.Fund == FundInvoice {
		return readInvoice(ctx, q, d)
	}
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
	case FundReceipt, FundPayment, FundVerify:
		type row struct {
			t            target
			amount       dec.Dec
			sign, sideNo int
		}
		rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error {
			return r.Scan(&v.t.id, &v.t.billNo, &v.t.transType, &v.t.date, &v.t.kind, &v.t.amount, &v.t.rpAmount, &v.t.arrears, &v.t.hxAmount,
				&v.amount, &v.sign, &v.sideNo)
		}, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.kind, b.amount, b.rp_amount, b.arrears, b.hx_amount, s.amount, s.sign, s.side
			FROM settlements s JOIN bills b ON b.id = s.target_id WHERE s.bill_id = ? ORDER BY s.line_no`, d.ID)
		if err != nil {
			return err
		}
		sd, _ := sides(k, d.TransType)
		left := d.Amount
		d.Checks = make([]Check, 0, len(rows))
		for _, r := range rows {
			now := r.amount
			if r.sign < 0 {
				now = now.Neg()
			}
			kinds := sd[0].kinds
			if r.sideNo == 2 && len(sd) > 1 {
				kinds = sd[1].kinds
			}
			c := checkOf(kinds, r.t)
			c.NowCheck, c.side = now, r.sideNo
			if r.sideNo == 2 {
				d.ToChecks = append(d.ToChecks, c)
				continue
			}
			left = left.Sub(now)
			d.Checks = append(d.Checks, c)
		}
		if k.Fund == FundVerify {
			if err := q.QueryRow(ctx, "SELECT COALESCE(b.to_contact_id, 0), COALESCE(c.name, '') FROM bills b LEFT JOIN contacts c ON c.id = b.to_contact_id WHERE b.id = ?",
				d.ID).Scan(&d.ToBuID, &d.ToContactName); err != nil {
				return err
			}
			if d.ToChecks == nil && d.TransType == VerifyReceivablePay {
				d.ToChecks = []Check{}
			}
			return nil
		}
		disc := d.DisAmount
		d.Discount = &disc
		d.Payment = &left
	}
	return nil
}

// hasAccount: documents of kind k name one account in their head (income,
// expense: accId, stored on every line).
func hasAccount(k *Kind) bool { return k.Fund == FundIncome || k.Fund == FundExpense }

// listAccounts sets the account of the income or expense documents of a
// list (the lists' and exports' account column), a few hundred at a time.
func listAccounts(ctx context.Context, q db.Querier, k *Kind, rows []Document) error {
	if !hasAccount(k) {
		return nil
	}
	at := make(map[int64]int, len(rows))
	ids := make([]int64, len(rows))
	for i, d := range rows {
		at[d.ID], ids[i] = i, d.ID
	}
	for start := 0; start < len(ids); start += 500 {
		err := each(ctx, q, `SELECT fe.bill_id, fe.account_id, a.name FROM fund_entries fe JOIN settle_accounts a ON a.id = fe.account_id
			WHERE fe.line_no = 1 AND fe.bill_id IN `, ids[start:min(start+500, len(ids))], func(r *sql.Rows) error {
			var id, acc int64
			var name string
			if err := r.Scan(&id, &acc, &name); err != nil {
				return err
			}
			d := &rows[at[id]]
			d.AccID, d.AccName = acc, name
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkOf is a target's figures as checks and the unsettled list show them
// (signed: a return's are negative).
func checkOf(kinds []string, t target) Check {
	c := Check{BillID: t.id, BillNo: t.billNo, TransType: t.transType, BillDate: t.date, BillPrice: t.amount,
		HasCheck: t.rpAmount.Add(t.hxAmount), NotCheck: t.arrears.Sub(t.hxAmount)}
	if t.kind != kinds[0] {
		c.BillPrice, c.HasCheck, c.NotCheck = c.BillPrice.Neg(), c.HasCheck.Neg(), c.NotCheck.Neg()
	}
	return c
}

// settledBy is the amount of the settling document id and Σ nowCheck
// (signed) of its side 1 and side 2 settlements.
func settledBy(ctx context.Context, q db.Querier, id int64) (amount, side1, side2 dec.Dec, err error) {
	err = q.QueryRow(ctx, `SELECT b.amount, COALESCE(SUM(CASE WHEN s.side = 2 THEN 0 ELSE s.amount * s.sign END), 0),
		COALESCE(SUM(CASE WHEN s.side = 2 THEN s.amount * s.sign ELSE 0 END), 0)
		FROM bills b LEFT JOIN settlements s ON s.bill_id = b.id WHERE b.id = ? GROUP BY b.id, b.amount`, id).Scan(&amount, &side1, &side2)
	return amount, side1, side2, err
}

// AdvanceHeld is the advance contact buID holds now (received from a
// customer, paid to a supplier: the opening advance and the ledger's, of
// audited documents), 0 for a contact not of kind k's type: what a
// verification document (153201, 153202) may use.
func (s *Service) AdvanceHeld(ctx context.Context, k *Kind, buID int64) (dec.Dec, error) {
	var held dec.Dec
	err := s.db.QueryRow(ctx, `SELECT c.opening_advance + COALESCE(cb.advance, 0) FROM contacts c
		LEFT JOIN contact_balances cb ON cb.contact_id = c.id WHERE c.id = ? AND c.type = ?`, buID, k.ContactType).Scan(&held)
	if errors.Is(err, sql.ErrNoRows) {
		return dec.Zero, nil
	}
	return held, err
}

// Unsettled are the audited documents of the contact buID in the caller's
// shop that kind k settles with money still open, oldest first (returns
// negative): one range of the partial index bills_open (migration 0096),
// whose predicate (checked = 1 AND hx_amount < arrears) the WHERE repeats.
func (s *Service) Unsettled(ctx context.Context, shopID int64, rs *rights.Set, k *Kind, buID int64) ([]Check, error) {
	if len(k.SettleKinds) != 2 {
		return nil, errs.NotFound(k.Label)
	}
	// a contact of another type, or one the caller may not use, is unknown
	// (data rights, docs/rights.md)
	var typ int
	err := s.db.QueryRow(ctx, "SELECT type FROM contacts WHERE id = ?", buID).Scan(&typ)
	if errors.Is(err, sql.ErrNoRows) || err == nil && (typ != k.ContactType || !rs.ContactOK(buID, typ)) {
		return nil, errs.NotFound(labelContact)
	}
	if err != nil {
		return nil, err
	}
	where, args := rs.Bill("b").And("b.contact_id = ? AND b.checked = 1 AND b.kind IN (?, ?) AND b.shop_id = ? AND b.hx_amount < b.arrears",
		[]any{buID, k.SettleKinds[0], k.SettleKinds[1], shopID})
	type row struct{ t target }
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, v *row) error {
		return r.Scan(&v.t.id, &v.t.billNo, &v.t.transType, &v.t.date, &v.t.kind, &v.t.amount, &v.t.rpAmount, &v.t.arrears, &v.t.hxAmount)
	}, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.kind, b.amount, b.rp_amount, b.arrears, b.hx_amount
		FROM bills b WHERE `+where+` ORDER BY b.bill_date, b.id`, args...)
	if err != nil {
		return nil, err
	}
	out := make([]Check, 0, len(rows))
	for _, r := range rows {
		out = append(out, checkOf(k.SettleKinds, r.t))
	}
	return out, nil
}

// buildVerify checks a verification document: its sub-type, its contact
// (and the other one) of the types the sub-type needs, the documents
// settled, and that the sides balance: Σ checks = amount (advances used,
// debt moved) or = Σ toChecks (receivables against payables).
func buildVerify(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID int64, in *Input, d *Document, f *errs.Fields) error {
	if len(in.Entries) > 0 || len(in.Accounts) > 0 || in.Discount.Sign() != 0 || in.AccID != 0 {
		f.Add("entries", "err.invalid", errs.A("field", labelEntries))
	}
	sd, toType := sides(k, d.TransType)
	contactType := func(id int64) (int, error) {
		var typ int
		err := q.QueryRow(ctx, "SELECT type FROM contacts WHERE id = ?", id).Scan(&typ)
		if errors.Is(err, sql.ErrNoRows) {
			return 0, nil
		}
		return typ, err
	}
	if in.BuID > 0 {
		if typ, err := contactType(in.BuID); err != nil {
			return err
		} else if typ != sd[0].contactType {
			f.Add("buId", "err.notFound", errs.A("what", labelContact))
		}
	}
	switch {
	case toType == 0 && in.ToBuID != 0:
		f.Add("toBuId", "err.invalid", errs.A("field", labelToContact))
	case toType != 0 && in.ToBuID <= 0:
		f.Required("toBuId", labelToContact)
	case toType != 0:
		if typ, err := contactType(in.ToBuID); err != nil {
			return err
		} else if typ != toType {
			f.Add("toBuId", "err.notFound", errs.A("what", labelToContact))
		} else if in.ToBuID == in.BuID {
			f.Add("toBuId", "bill.err.sameContact")
		}
		d.ToBuID = in.ToBuID
	}
	if len(in.Checks) == 0 {
		f.Required("checks", labelCheckBill)
	}
	sum1, checks, err := buildChecks(ctx, q, k, sys, shopID, in.BuID, sd[0], "checks", in.Checks, f)
	if err != nil {
		return err
	}
	d.Checks = checks
	var other dec.Dec
	if len(sd) > 1 {
		if len(in.ToChecks) == 0 {
			f.Required("toChecks", labelCheckBill)
		}
		var toChecks []Check
		if other, toChecks, err = buildChecks(ctx, q, k, sys, shopID, in.ToBuID, sd[1], "toChecks", in.ToChecks, f); err != nil {
			return err
		}
		d.ToChecks = toChecks
		// The amount follows from the checks; the one a read answers (Σ
		// checks) may come back with them.
		if in.Amount.Sign() != 0 && !in.Amount.Equal(sum1) {
			f.Add("amount", "err.invalid", errs.A("field", labelVerifyAmt))
		}
	} else {
		if len(in.ToChecks) > 0 {
			f.Add("toChecks", "err.invalid", errs.A("field", labelCheckBill))
		}
		dec.Check(f, "amount", labelVerifyAmt, in.Amount, sys.AmountPlaces, dec.Zero, dec.MaxAmount)
		other = in.Amount
	}
	if f.Len() == 0 {
		switch path := map[bool]string{true: "toChecks", false: "amount"}[len(sd) > 1]; {
		case sum1.Sign() <= 0:
			f.Add("checks", "bill.err.verifyPositive")
		case !sum1.Equal(other):
			f.Add(path, "bill.err.unbalanced", errs.A("left", sum1.String()), errs.A("right", other.String()))
		}
	}
	d.TotalAmount, d.Amount, d.DisAmount, d.RPAmount = sum1, sum1, dec.Zero, dec.Zero
	return nil
}

// verifyMoves: the audited verification document settles its documents and
// moves the contacts' money: an advance used lowers the debt and the
// advance (refused beyond the advance held), receivables against payables
// lower both, a debt moved leaves one contact for the other.
func verifyMoves(ctx context.Context, tx db.Querier, st state) ([]MoneyMove, error) {
	_, x, _, err := settledBy(ctx, tx, st.id)
	if err != nil {
		return nil, err
	}
	var to int64
	if err := tx.QueryRow(ctx, "SELECT COALESCE(to_contact_id, 0) FROM bills WHERE id = ?", st.id).Scan(&to); err != nil {
		return nil, err
	}
	switch st.transType {
	case VerifyReceivablePay:
		return []MoneyMove{{ContactID: st.contactID, Debt: x.Neg()}, {ContactID: to, Debt: x.Neg()}}, nil
	case VerifyMoveReceivable, VerifyMovePayable:
		return []MoneyMove{{ContactID: st.contactID, Debt: x.Neg()}, {ContactID: to, Debt: x}}, nil
	}
	// An advance used: the contact's advance (opening + ledger), read under
	// its balance row's lock, must cover it.
	if _, err := tx.Exec(ctx, "INSERT INTO contact_balances (contact_id, debt, advance) VALUES (?, 0, 0) ON CONFLICT (contact_id) DO NOTHING", st.contactID); err != nil {
		return nil, err
	}
	if _, err := tx.Exec(ctx, "UPDATE contact_balances SET advance = advance WHERE contact_id = ?", st.contactID); err != nil {
		return nil, err
	}
	var held dec.Dec
	if err := tx.QueryRow(ctx, `SELECT c.opening_advance + cb.advance FROM contacts c JOIN contact_balances cb ON cb.contact_id = c.id WHERE c.id = ?`,
		st.contactID).Scan(&held); err != nil {
		return nil, err
	}
	if held.Cmp(x) < 0 {
		return nil, errs.Field("amount", "bill.err.advanceShort", errs.A("max", held.String()))
	}
	return []MoneyMove{{ContactID: st.contactID, Debt: x.Neg(), Advance: x.Neg()}}, nil
}

// Invoice types.
const (
	InvoiceOrdinary = 1 // 普通发票
	InvoiceSpecial  = 2 // 专用发票
)

// buildInvoice checks a sales or purchase invoice: lines drawn from lines
// of audited documents of its contact (returns negative), each at most
// what is left to invoice of its source line; taxAmount = amount + tax.
func buildInvoice(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID int64, in *Input, d *Document, f *errs.Fields) error {
	if len(in.Accounts) > 0 || len(in.Checks) > 0 || in.Discount.Sign() != 0 || in.AccID != 0 {
		f.Add("accounts", "err.invalid", errs.A("field", labelAccount))
	}
	d.InvoiceNo, d.InvoiceTitle, d.InvoiceType = strings.TrimSpace(in.InvoiceNo), strings.TrimSpace(in.InvoiceTitle), in.InvoiceType
	f.Text("invoiceNo", labelInvoiceNo, d.InvoiceNo, false, maxShort)
	f.Text("invoiceTitle", labelInvoiceTitle, d.InvoiceTitle, false, maxText)
	switch d.InvoiceType {
	case 0:
		d.InvoiceType = InvoiceOrdinary
	case InvoiceOrdinary, InvoiceSpecial:
	default:
		f.Add("invoiceType", "err.invalid", errs.A("field", labelInvoiceType))
	}
	if len(in.Entries) == 0 {
		f.Required("entries", labelEntries)
		return nil
	}
	if len(in.Entries) > maxLinesOf(k) {
		f.Add("entries", "bill.err.tooManyLines", errs.A("max", maxLinesOf(k)))
		return nil
	}
	// The source documents and lines, two queries for the whole invoice.
	billIDs, entryIDs := make([]int64, len(in.Entries)), make([]int64, len(in.Entries))
	for i, e := range in.Entries {
		billIDs[i], entryIDs[i] = e.SrcBillID, e.SrcEntryID
	}
	targets, err := readTargets(ctx, q, billIDs)
	if err != nil {
		return err
	}
	type srcLine struct {
		billID                   int64
		qty, taxAmount, invoiced dec.Dec
	}
	srcLines := map[int64]srcLine{}
	if err := each(ctx, q, "SELECT id, bill_id, qty, tax_amount, invoiced_amount FROM bill_entries WHERE id IN ", entryIDs, func(r *sql.Rows) error {
		var id int64
		var l srcLine
		if err := r.Scan(&id, &l.billID, &l.qty, &l.taxAmount, &l.invoiced); err != nil {
			return err
		}
		srcLines[id] = l
		return nil
	}); err != nil {
		return err
	}
	mine := map[int64]dec.Dec{}
	d.TotalQty, d.TotalAmount, d.TotalTax, d.TotalTaxAmount = dec.Zero, dec.Zero, dec.Zero, dec.Zero
	for i, e := range in.Entries {
		p := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
		// The goods (invId) come from the source line: an answer sent back
		// on update carries them and is not refused for it.
		if e.Price.Sign() != 0 || e.ItemID != 0 || e.OutAccID != 0 || e.InAccID != 0 || e.LocationID != 0 {
			f.Add(p("price"), "err.invalid", errs.A("field", labelPrice))
		}
		t, found := targets[e.SrcBillID]
		switch {
		case e.SrcBillID <= 0:
			f.Required(p("srcBillId"), labelSrcBill)
			continue
		case !found || t.shopID != shopID || !slices.Contains(k.SettleKinds, t.kind):
			f.Add(p("srcBillId"), "err.notFound", errs.A("what", labelSrcBill))
			continue
		case t.contactID != in.BuID:
			f.Add(p("srcBillId"), "bill.err.checkContact", errs.A("no", t.billNo))
			continue
		case t.checked != 1:
			f.Add(p("srcBillId"), "bill.err.checkNotAudited", errs.A("no", t.billNo))
			continue
		}
		src, ok := srcLines[e.SrcEntryID]
		if !ok || src.billID != t.id {
			f.Add(p("srcEntryId"), "err.notFound", errs.A("what", labelSrcEntry))
			continue
		}
		sign := dec.FromInt(int64(t.sign(k.SettleKinds)))
		l := Entry{SrcBillID: t.id, SrcBillNo: t.billNo, SrcEntryID: e.SrcEntryID, Qty: e.Qty, Amount: e.Amount, Tax: e.Tax,
			Description: strings.TrimSpace(e.Description)}
		l.TaxAmount = l.Amount.Add(l.Tax)
		for _, v := range []struct {
			name   string
			label  errs.Key
			v      dec.Dec
			places int
		}{{"qty", labelQty, e.Qty, sys.QtyPlaces}, {"amount", labelAmount, e.Amount, sys.AmountPlaces}, {"tax", labelTax, e.Tax, sys.AmountPlaces}} {
			dec.Check(f, p(v.name), v.label, v.v, v.places, dec.MaxAmount.Neg(), dec.MaxAmount)
			if v.v.Sign() != 0 && v.v.Sign() != sign.Sign() {
				f.Add(p(v.name), "bill.err.invoiceSign", errs.A("field", v.label), errs.A("no", t.billNo))
			}
		}
		left := src.taxAmount.Sub(src.invoiced).Sub(mine[e.SrcEntryID])
		switch {
		case l.TaxAmount.Sign() == 0:
			f.Add(p("amount"), "bill.err.amountNonZero", errs.A("field", labelAmount))
		case l.Qty.Abs().Cmp(src.qty) > 0:
			f.Add(p("qty"), "bill.err.invoiceQty", errs.A("no", t.billNo), errs.A("max", src.qty.Mul(sign).String()))
		case l.TaxAmount.Abs().Cmp(left) > 0:
			f.Add(p("amount"), "bill.err.invoiceTooMuch", errs.A("no", t.billNo), errs.A("max", left.Mul(sign).String()))
		}
		mine[e.SrcEntryID] = mine[e.SrcEntryID].Add(l.TaxAmount.Abs())
		f.Text(p("description"), labelRemark, l.Description, false, maxText)
		d.TotalQty, d.TotalAmount = d.TotalQty.Add(l.Qty), d.TotalAmount.Add(l.Amount)
		d.TotalTax, d.TotalTaxAmount = d.TotalTax.Add(l.Tax), d.TotalTaxAmount.Add(l.TaxAmount)
		d.Entries = append(d.Entries, l)
	}
	d.Amount, d.DisAmount, d.RPAmount = d.TotalTaxAmount, dec.Zero, dec.Zero
	return nil
}

// writeInvoice writes an invoice's header fields and lines.
func writeInvoice(ctx context.Context, tx db.Querier, billID int64, d *Document, fresh bool) error {
	if !fresh {
		for _, s := range []string{"DELETE FROM invoice_entries WHERE bill_id = ?", "DELETE FROM invoice_heads WHERE bill_id = ?"} {
			if _, err := tx.Exec(ctx, s, billID); err != nil {
				return err
			}
		}
	}
	if _, err := tx.Exec(ctx, "INSERT INTO invoice_heads (bill_id, invoice_no, invoice_title, invoice_type) VALUES (?, ?, ?, ?)",
		billID, d.InvoiceNo, d.InvoiceTitle, d.InvoiceType); err != nil {
		return err
	}
	for i := range d.Entries {
		e := &d.Entries[i]
		if err := tx.QueryRow(ctx, `INSERT INTO invoice_entries (bill_id, line_no, src_bill_id, src_entry_id, qty, amount, tax, tax_amount)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, billID, i+1, e.SrcBillID, e.SrcEntryID, e.Qty, e.Amount, e.Tax, e.TaxAmount).Scan(&e.ID); err != nil {
			return err
		}
	}
	return nil
}

// readInvoice completes an invoice read by readDocument.
func readInvoice(ctx context.Context, q db.Querier, d *Document) error {
	err := q.QueryRow(ctx, "SELECT invoice_no, invoice_title, invoice_type FROM invoice_heads WHERE bill_id = ?", d.ID).
		Scan(&d.InvoiceNo, &d.InvoiceTitle, &d.InvoiceType)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return err
	}
	d.Entries, err = db.All(ctx, q, func(r *sql.Rows, e *Entry) error {
		return r.Scan(&e.ID, &e.SrcBillID, &e.SrcBillNo, &e.SrcEntryID, &e.InvID, &e.InvNumber, &e.InvName, &e.Qty, &e.Amount, &e.Tax, &e.TaxAmount)
	}, `SELECT ie.id, ie.src_bill_id, b.bill_no, ie.src_entry_id, be.goods_id, g.number, g.name, ie.qty, ie.amount, ie.tax, ie.tax_amount
		FROM invoice_entries ie JOIN bills b ON b.id = ie.src_bill_id JOIN bill_entries be ON be.id = ie.src_entry_id JOIN goods g ON g.id = be.goods_id
		WHERE ie.bill_id = ? ORDER BY ie.line_no`, d.ID)
	if d.Entries == nil {
		d.Entries = []Entry{}
	}
	return err
}
