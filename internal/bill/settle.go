package bill

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"cangshu/internal/db"
	"cangshu/internal/dec"
)

// The money relations of the draw-down engine (draw.go, docs/money.md):
// settlement (核销) and invoicing. Their counters on the sources —
// bills.hx_amount with hx_state, bill_entries.invoiced_amount with
// bills.invoiced_amount and invoice_state — are caches the relations'
// Refresh recomputes from the audited drawers' rows, under the sources'
// locks at audit and after an un-audit or delete.

// settledKinds are the documents settlements and invoices draw from.
var settledKinds = slices.Concat(customerKinds, supplierKinds)

// Settlement: a receipt's or payment's checks, and a verification
// document's checks and toChecks (settlements rows, one per line), each
// take an amount from the open amount (arrears) of an audited document of
// the contact (toChecks: of toBuId). The target's hx_amount and
// hxStateCode follow; a settled target cannot be un-audited, edited or
// deleted (409 bill.err.settled naming the settling document).
var Settlement = &Draw{
	Name: "settle",
	From: func(k *Kind) []string {
		switch k.Fund {
		case FundReceipt, FundPayment:
			return k.SettleKinds
		case FundVerify:
			return settledKinds
		}
		return nil
	},
	IsSource: func(k *Kind) bool { return slices.Contains(settledKinds, k.Name) },
	Links:    settlementLinks,
	Measures: []Measure{{Field: "nowCheck", TooMuch: "bill.err.checkTooMuch"}},
	UnitsSQL: "SELECT id, id, 0, 0, '', arrears FROM bills WHERE id IN {in}",
	TakenSQL: `SELECT s.target_id, SUM(s.amount) FROM settlements s JOIN bills d ON d.id = s.bill_id
		WHERE d.checked = 1 AND d.id <> ? AND s.target_id IN {in} GROUP BY s.target_id`,
	DependentsSQL: "SELECT b.bill_no FROM settlements s JOIN bills b ON b.id = s.bill_id WHERE s.target_id = ?{audited} ORDER BY b.id LIMIT 1",
	Refresh:       refreshSettled,
	SameContact:   true,
	BuiltAtSave:   true, // buildChecks, buildInvoice
	Text: DrawText{SourceField: "billId", SourceLabel: labelCheckBill, UnitField: "billId", UnitLabel: labelCheckBill,
		NotAudited: "bill.err.checkNotAudited", Contact: "bill.err.checkContact", NameSource: true, ContactOnLink: true,
		Dependent: "bill.err.settled"},
}

// Invoicing: an invoice line takes its amount with tax (magnitude) from a
// line of an audited sales or purchase document (or return) of the
// contact, at most the line's own. The source line's invoiced_amount, the
// document's invoicedAmount and invoiceState follow; an invoiced document
// cannot be un-audited, edited or deleted (409 bill.err.invoiced).
var Invoicing = &Draw{
	Name: "invoice",
	From: func(k *Kind) []string {
		if k.Fund != FundInvoice {
			return nil
		}
		return k.SettleKinds
	},
	IsSource: func(k *Kind) bool { return slices.Contains(settledKinds, k.Name) },
	Links:    invoiceLinks,
	Measures: []Measure{{Field: "amount", TooMuch: "bill.err.invoiceTooMuch"}},
	UnitsSQL: `SELECT be.id, be.bill_id, 0, 0, g.name, be.tax_amount FROM bill_entries be JOIN goods g ON g.id = be.goods_id
		WHERE be.bill_id IN {in}`,
	TakenSQL: `SELECT ie.src_entry_id, SUM(ABS(ie.tax_amount)) FROM invoice_entries ie JOIN bills d ON d.id = ie.bill_id
		WHERE d.checked = 1 AND d.id <> ? AND ie.src_bill_id IN {in} GROUP BY ie.src_entry_id`,
	DependentsSQL: "SELECT b.bill_no FROM invoice_entries ie JOIN bills b ON b.id = ie.bill_id WHERE ie.src_bill_id = ?{audited} ORDER BY b.id LIMIT 1",
	Refresh:       refreshInvoiced,
	SameContact:   true,
	BuiltAtSave:   true, // buildChecks, buildInvoice
	Text: DrawText{SourceField: "srcBillId", SourceLabel: labelSrcBill, UnitField: "srcEntryId", UnitLabel: labelSrcEntry,
		NotAudited: "bill.err.checkNotAudited", Contact: "bill.err.checkContact", NameSource: true, ContactOnLink: true,
		Dependent: "bill.err.invoiced"},
}

// checkLink is a settlement as a link: path "checks[i]" or "toChecks[i]",
// the magnitude taken, a return's shown negative.
func checkLink(path string, i int, target int64, now dec.Dec, contact int64, kinds []string) Link {
	return Link{Path: fmt.Sprintf("%s[%d]", path, i), LineNo: i + 1, Source: target, Unit: target, Take: []dec.Dec{now.Abs()},
		Neg: now.Sign() < 0, Contact: contact, Kinds: kinds}
}

// settlementLinks are a settling document's checks: the built ones at
// save, the settlements rows once stored. Side 2 (153203's toChecks)
// settles documents of toBuId of the side's kinds.
func settlementLinks(ctx context.Context, q db.Querier, d *Document) (Links, error) {
	var ls Links
	// A verification document's sides settle the kinds of its sub-type
	// (a receipt's or payment's: From, the kind's SettleKinds).
	var side1, side2 []string
	if d.TransType >= VerifyAdvanceReceived && d.TransType <= VerifyMovePayable {
		s, _ := verifySides(d.TransType)
		side1 = s[0].kinds
		if len(s) > 1 {
			side2 = s[1].kinds
		}
	}
	if !d.stored {
		for i, c := range d.Checks {
			ls.Lines = append(ls.Lines, checkLink("checks", i, c.BillID, c.NowCheck, 0, side1))
		}
		for i, c := range d.ToChecks {
			ls.Lines = append(ls.Lines, checkLink("toChecks", i, c.BillID, c.NowCheck, d.ToBuID, side2))
		}
		return ls, nil
	}
	type row struct {
		target, to int64
		amount     dec.Dec
		sign, side int
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error { return r.Scan(&v.target, &v.amount, &v.sign, &v.side, &v.to) },
		`SELECT s.target_id, s.amount, s.sign, s.side, COALESCE(b.to_contact_id, 0) FROM settlements s JOIN bills b ON b.id = s.bill_id
		WHERE s.bill_id = ? ORDER BY s.line_no`, d.ID)
	if err != nil {
		return ls, err
	}
	n := [3]int{}
	for _, r := range rows {
		now := r.amount
		if r.sign < 0 {
			now = now.Neg()
		}
		if r.side == 2 {
			ls.Lines = append(ls.Lines, checkLink("toChecks", n[2], r.target, now, r.to, side2))
		} else {
			ls.Lines = append(ls.Lines, checkLink("checks", n[1], r.target, now, 0, side1))
		}
		n[min(r.side, 2)]++
	}
	return ls, nil
}

// invoiceLinks are an invoice's lines: the built ones at save, the
// invoice_entries rows once stored.
func invoiceLinks(ctx context.Context, q db.Querier, d *Document) (Links, error) {
	var ls Links
	link := func(i int, src, entry int64, taxAmount dec.Dec) Link {
		return Link{Path: fmt.Sprintf("entries[%d]", i), LineNo: i + 1, Source: src, Unit: entry, Take: []dec.Dec{taxAmount.Abs()}, Neg: taxAmount.Sign() < 0}
	}
	if !d.stored {
		for i, e := range d.Entries {
			ls.Lines = append(ls.Lines, link(i, e.SrcBillID, e.SrcEntryID, e.TaxAmount))
		}
		return ls, nil
	}
	type row struct {
		src, entry int64
		taxAmount  dec.Dec
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, v *row) error { return r.Scan(&v.src, &v.entry, &v.taxAmount) },
		"SELECT src_bill_id, src_entry_id, tax_amount FROM invoice_entries WHERE bill_id = ? ORDER BY line_no", d.ID)
	for i, r := range rows {
		ls.Lines = append(ls.Lines, link(i, r.src, r.entry, r.taxAmount))
	}
	return ls, err
}

// refreshSettled sets the targets' hx_amount to what audited documents
// settle of them and their hx_state (0 open, 1 partly: paid on the
// document or settled, 2 nothing open), in one statement. The ids are
// named on bills too: joined only to the derived table, PostgreSQL
// scanned every document (391 ms with 20,000).
func refreshSettled(ctx context.Context, tx db.Querier, ids []int64) error {
	_, err := tx.Exec(ctx, `UPDATE bills SET hx_amount = v.amt,
		hx_state = CASE WHEN arrears <= v.amt THEN 2 WHEN rp_amount + v.amt > 0 THEN 1 ELSE 0 END
		FROM (SELECT t.id AS tid, COALESCE(SUM(CASE WHEN d.checked = 1 THEN s.amount END), 0) AS amt
		  FROM bills t LEFT JOIN settlements s ON s.target_id = t.id LEFT JOIN bills d ON d.id = s.bill_id
		  WHERE t.id IN `+db.In(len(ids))+` GROUP BY t.id) AS v
		WHERE bills.id = v.tid AND bills.id IN `+db.In(len(ids)), slices.Concat(db.Args(ids), db.Args(ids))...)
	if err != nil {
		return fmt.Errorf("settled amounts of bills %v: %w", ids, err)
	}
	return nil
}

// refreshInvoiced sets the invoiced amount of the source documents' lines
// that invoices name (one statement), then the documents' invoiced amount
// and invoiceState (0 none, 1 partly, 2 invoiced ≥ total with tax).
func refreshInvoiced(ctx context.Context, tx db.Querier, ids []int64) error {
	in, args := db.In(len(ids)), db.Args(ids)
	if _, err := tx.Exec(ctx, `UPDATE bill_entries SET invoiced_amount = COALESCE((SELECT SUM(ABS(ie.tax_amount))
		  FROM invoice_entries ie JOIN bills d ON d.id = ie.bill_id WHERE ie.src_entry_id = bill_entries.id AND d.checked = 1), 0)
		WHERE id IN (SELECT src_entry_id FROM invoice_entries WHERE src_bill_id IN `+in+`)`, args...); err != nil {
		return fmt.Errorf("invoiced lines of bills %v: %w", ids, err)
	}
	if _, err := tx.Exec(ctx, `UPDATE bills SET invoiced_amount = v.amt,
		invoice_state = CASE WHEN v.amt <= 0 THEN 0 WHEN v.amt >= total_tax_amount THEN 2 ELSE 1 END
		FROM (SELECT bill_id AS bid, SUM(invoiced_amount) AS amt FROM bill_entries WHERE bill_id IN `+in+` GROUP BY bill_id) AS v
		WHERE bills.id = v.bid AND bills.id IN `+in, slices.Concat(args, args)...); err != nil {
		return fmt.Errorf("invoiced amounts of bills %v: %w", ids, err)
	}
	return nil
}
