package bill

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
	"time"

	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Service runs the documents' use cases; each owns its transaction.
type Service struct {
	db    *db.DB
	files string // <data>/images: attachments under attachments/ (attach.go)
}

// NewService makes the document service; attachments are stored under
// dataDir/images/attachments (beside the goods images, in the backups).
func NewService(d *db.DB, dataDir string) *Service {
	return &Service{db: d, files: filepath.Join(dataDir, "images")}
}

// shopOf is the caller's active shop: every document query is scoped to it.
func shopOf(p *server.Principal) (int64, error) {
	if p == nil || p.ShopID == 0 {
		return 0, errs.Invalid("bill.err.noShop")
	}
	return p.ShopID, nil
}

func notFound(k *Kind) error { return errs.NotFound(k.Label) }

// Get is one document of the kind in the caller's shop, as the caller may
// see it (money and cost rights).
func (s *Service) Get(ctx context.Context, p *server.Principal, k *Kind, id int64) (*Document, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	if err := seen(ctx, s.db, p.Rights, k, id); err != nil {
		return nil, err
	}
	return get(ctx, s.db, p, k, shopID, id)
}

// get reads document id of kind k in the shop, as the caller p may see it.
func get(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, shopID, id int64) (*Document, error) {
	d, found, err := readDocument(ctx, q, shopID, k.Name, id)
	if err != nil {
		return nil, fmt.Errorf("read bill %d: %w", id, err)
	}
	if !found {
		return nil, notFound(k)
	}
	if k.Fund != 0 {
		if err := readFund(ctx, q, k, d); err != nil {
			return nil, err
		}
	}
	return present(ctx, q, p, k, d, nil, nil)
}

// answer is get of the document save just wrote (w): what it is known to
// lack (serials, settlement lines) is not read, nor are the lines' costs
// Post answered.
func answer(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, shopID, id int64, w *written) (*Document, error) {
	serials := false
	for _, e := range w.doc.Entries {
		serials = serials || len(e.SerNumList) > 0
	}
	d, found, err := readParts(ctx, q, shopID, k.Name, id, serials, len(w.doc.Accounts) > 0)
	if err != nil {
		return nil, fmt.Errorf("read bill %d: %w", id, err)
	}
	if !found {
		return nil, notFound(k)
	}
	if k.Fund != 0 {
		if err := readFund(ctx, q, k, d); err != nil {
			return nil, err
		}
	}
	return present(ctx, q, p, k, d, w.costs, w.custom)
}

// Save adds (in.ID == 0 on add) or updates a draft; check audits it in the
// same transaction. It answers the saved document.
func (s *Service) Save(ctx context.Context, p *server.Principal, k *Kind, in Input, update, check bool) (*Document, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	// The answer is read in the saving transaction: it is what was
	// committed, even when another transaction (a restore) replaces the
	// data right after.
	var d *Document
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var w written
		id, err := s.save(ctx, tx, p, k, shopID, in, update, check, &w)
		if err != nil {
			return err
		}
		if d, err = answer(ctx, tx, p, k, shopID, id, &w); err != nil {
			return err
		}
		// The hot rows last, after the answer's reads, so that they are
		// held only to the COMMIT: the balance rows (see addBalances),
		// then the number (see save).
		if err := addBalances(ctx, tx, w.balances); err != nil {
			return err
		}
		if w.late {
			no, err := s.numberLast(ctx, tx, w.rule, k, shopID, id, w.doc.Date)
			if err != nil {
				return err
			}
			d.BillNo = no
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return d, nil
}

// SaveIn adds a draft of kind k in the caller's transaction (a stocktake
// generating its documents) and answers its id.
func (s *Service) SaveIn(ctx context.Context, tx *db.Tx, p *server.Principal, k *Kind, in Input) (int64, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return 0, err
	}
	return s.save(ctx, tx, p, k, shopID, in, false, false, nil)
}

// written is what save wrote, for Save's answer: the document, the cost of
// each line's stock moves by entry id when it was audited, and whether its
// number is still to be taken (late, by rule).
type written struct {
	doc   *Document
	costs map[int64]dec.Dec
	late  bool
	rule  rule
	// custom: the custom-field values as written (nil: not known).
	custom custom.Map
	// balances: the audit's changes to the contacts' and accounts'
	// balances, still to be written (see addBalances).
	balances balances
}

// save is Save inside a transaction. w is nil when the transaction saves
// other documents too (a stocktake's); else the transaction saves only
// this document (see late below), whose number the caller then takes.
func (s *Service) save(ctx context.Context, tx *db.Tx, p *server.Principal, k *Kind, shopID int64, in Input, update, check bool, w *written) (int64, error) {
	var id int64
	sys, err := sysparam.ReadSystem(ctx, tx)
	if err != nil {
		return 0, err
	}
	var st state
	if update {
		if in.ID <= 0 {
			return 0, errs.Required("id", "field.id")
		}
		var found bool
		if st, found, err = readState(ctx, tx, shopID, k.Name, in.ID); err != nil {
			return 0, fmt.Errorf("read bill %d: %w", in.ID, err)
		} else if !found {
			return 0, notFound(k)
		}
		if err := seen(ctx, tx, p.Rights, k, st.id); err != nil {
			return 0, err
		}
		if st.checked == 1 {
			return 0, errs.Conflict("bill.err.editAudited", errs.A("no", st.billNo))
		}
		// A draft dated in a closed period stays as it is (moving its
		// date out would change the closed period too).
		if err := closed(sys, st.date); err != nil {
			return 0, err
		}
		if in.Version != st.version {
			return 0, errs.Conflict("err.stale")
		}
		// A draft return made from this document points at its lines,
		// which an edit replaces: name it (409) instead of failing on
		// the foreign key.
		if err := dependents(ctx, tx, k, st.id, false); err != nil {
			return 0, err
		}
	}
	d, err := build(ctx, tx, k, sys, shopID, &in)
	if err != nil {
		return 0, err
	}
	if err := allowed(ctx, tx, p.Rights, d); err != nil {
		return 0, err
	}
	// Custom fields: a document the server makes itself (w nil: a
	// stocktake's) has none to check.
	var cf custom.Pending
	if w != nil {
		var f errs.Fields
		if cf, err = custom.Prepare(ctx, tx, custom.TargetBill, st.id, in.Custom, &f); err != nil {
			return 0, err
		}
		if err := f.Err(); err != nil {
			return 0, err
		}
	}
	if d.SrcBillID != 0 && k.ReturnOf == "" {
		return 0, errs.Field("srcBillId", "err.invalid", errs.A("field", labelSrcBill))
	}
	// Saved and audited at once: post checks what the document draws
	// down under its sources' locks.
	if !check {
		if err := checkDraws(ctx, tx, k, sys, p.Rights, shopID, st.id, d); err != nil {
			return 0, err
		}
	}
	// On PostgreSQL a new document's number is taken last, just before
	// COMMIT: the sequence row it locks serialises the shop's documents of
	// the kind, and taken first it was held over the whole save and audit
	// (58 of 105 ms with 8 clients). Until then the document holds a
	// placeholder no number can equal (see placeholderNo). Only when the
	// transaction saves this document alone: one saving several (a
	// stocktake's) keeps taking each number first, so that it never waits
	// for a balance while holding a number another one waits for.
	late := w != nil && !update && tx.Engine() == db.Postgres
	var r rule
	if late {
		if r, err = readRule(ctx, tx, k.Name); err != nil {
			return 0, err
		}
		late = !r.manual || d.BillNo == ""
	}
	var no string
	if late {
		no = placeholderNo()
	} else if no, err = s.number(ctx, tx, k, shopID, st, d); err != nil {
		return 0, err
	}
	d.BillNo = no
	version := in.Version + 1
	if update {
		id = st.id
		ok, err := updateBill(ctx, tx, id, shopID, k.Name, in.Version, d, no)
		if err != nil {
			return 0, dupErr(err, no)
		}
		if !ok {
			return 0, errs.Conflict("err.stale")
		}
	} else {
		// A new document saved and audited at once is inserted audited.
		if id, err = insertBill(ctx, tx, k, d, p.UserID, check); err != nil {
			return 0, dupErr(err, no)
		}
		version = 1
	}
	write := writeLines
	switch k.Fund {
	case 0:
	case FundInvoice:
		write = writeInvoice
	default:
		write = writeFund
	}
	if err := write(ctx, tx, id, d, !update); err != nil {
		return 0, fmt.Errorf("lines of bill %d: %w", id, err)
	}
	if err := cf.Save(ctx, tx, id); err != nil {
		return 0, fmt.Errorf("custom fields of bill %d: %w", id, err)
	}
	if w != nil {
		*w = written{doc: d, late: late, rule: r}
		w.custom, _ = cf.Answer()
	}
	if !check {
		return id, nil
	}
	// The document is the one just written: its state and lines are
	// known, not read back.
	saved := state{id: id, shopID: shopID, contactID: d.BuID, srcBillID: d.SrcBillID, kind: k.Name, billNo: no, date: d.Date,
		version: version, disAmount: d.DisAmount, transType: d.TransType, fee: d.Fee, written: d}
	if w != nil {
		saved.money = &w.balances
	}
	if update {
		if err := s.markAudited(ctx, tx, saved, p.UserID); err != nil {
			return 0, err
		}
	}
	costs, err := post(ctx, tx, k, sys, p.Rights, saved, linesOf(d))
	if err != nil {
		return 0, err
	}
	if w != nil {
		w.costs = costs
	}
	return id, nil
}

// numberLast gives the document saved with a placeholder (late) the next
// number of its sequence, and answers it. Only PostgreSQL takes numbers
// late: there the sequence's step, the number's check (numbers already
// taken are skipped, as nextNumber does) and its write are one statement,
// so that the sequence row, which every document of the kind in the shop
// waits for, is held from that statement to the COMMIT only.
func (s *Service) numberLast(ctx context.Context, tx db.Querier, r rule, k *Kind, shopID, id int64, date string) (string, error) {
	per := period(r.reset, date)
	head := r.prefix + datePart(r.datePart, date)
	for range 1000 {
		var no string
		var set bool
		err := tx.QueryRow(ctx, `WITH s AS (UPDATE bill_sequences SET last_seq = last_seq + 1 WHERE shop_id = ? AND kind = ? AND period = ? RETURNING last_seq),
			n AS (SELECT CAST(? AS text) || lpad(CAST(last_seq AS text), GREATEST(CAST(? AS int), length(CAST(last_seq AS text))), '0') AS no FROM s),
			u AS (UPDATE bills SET bill_no = n.no FROM n WHERE bills.id = ?
				AND NOT EXISTS (SELECT 1 FROM bills o WHERE o.shop_id = ? AND o.kind = ? AND o.bill_no = n.no) RETURNING bills.id)
			SELECT n.no, EXISTS (SELECT 1 FROM u) FROM n`, shopID, k.Name, per, head, r.seqLen, id, shopID, k.Name).Scan(&no, &set)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			// The period's first number: its sequence row is made.
			if err := ensureSeq(ctx, tx, shopID, k.Name, per); err != nil {
				return "", fmt.Errorf("number of bill %d: %w", id, err)
			}
		case db.IsUnique(err):
			// A number typed into a document saved meanwhile: saving
			// again takes the next one.
			return "", errs.Conflict("err.stale")
		case err != nil:
			return "", fmt.Errorf("number of bill %d: %w", id, err)
		case set:
			return no, nil
		}
	}
	return "", fmt.Errorf("bill: no free number for %s on %s", k.Name, date)
}

// placeholderNo is a new document's number until numberLast: "~" and 24
// random hexadecimal digits, unique among documents (a number from a
// coding rule never starts with "~", and no one types this).
func placeholderNo() string {
	b := make([]byte, 12)
	rand.Read(b)
	return "~" + hex.EncodeToString(b)
}

func dupErr(err error, no string) error {
	if db.IsUnique(err) {
		return errs.Duplicate("billNo", labelBillNo, no)
	}
	return err
}

// number is the document's number: kept on update, typed by the user when
// the coding rule is manual, else the next of the sequence.
func (s *Service) number(ctx context.Context, tx db.Querier, k *Kind, shopID int64, st state, d *Document) (string, error) {
	r, err := readRule(ctx, tx, k.Name)
	if err != nil {
		return "", fmt.Errorf("coding rule of %s: %w", k.Name, err)
	}
	if r.manual && d.BillNo != "" {
		if taken, err := numberTaken(ctx, tx, shopID, k.Name, d.BillNo, st.id); err != nil {
			return "", fmt.Errorf("number of bill %d: %w", st.id, err)
		} else if taken {
			return "", errs.Duplicate("billNo", labelBillNo, d.BillNo)
		}
		return d.BillNo, nil
	}
	if st.id != 0 {
		return st.billNo, nil
	}
	return nextNumber(ctx, tx, r, shopID, k.Name, d.Date)
}

// Delete deletes a draft; an audited document answers 409.
func (s *Service) Delete(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	// its attachments' files go once the rows are gone
	var files []string
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		st, found, err := readState(ctx, tx, shopID, k.Name, id)
		if err != nil {
			return fmt.Errorf("read bill %d: %w", id, err)
		}
		if !found {
			return notFound(k)
		}
		if err := seen(ctx, tx, p.Rights, k, id); err != nil {
			return err
		}
		if st.checked == 1 {
			return errs.Conflict("bill.err.deleteAudited", errs.A("no", st.billNo))
		}
		if sys, err := sysparam.ReadSystem(ctx, tx); err != nil {
			return err
		} else if err := closed(sys, st.date); err != nil {
			return err
		}
		if err := dependents(ctx, tx, k, id, false); err != nil {
			return err
		}
		sources, err := drawnFrom(ctx, tx, k, st)
		if err != nil {
			return err
		}
		if files, err = attachmentFiles(ctx, tx, "bill_id = ?", id); err != nil {
			return err
		}
		if err := custom.Delete(ctx, tx, custom.TargetBill, id); err != nil {
			return err
		}
		if err := deleteDraft(ctx, tx, id); err != nil {
			if db.IsForeignKey(err) {
				return errs.Conflict("err.inUse", errs.A("what", k.Label))
			}
			return fmt.Errorf("delete bill %d: %w", id, err)
		}
		return release(ctx, tx, k, sources)
	})
	if err == nil {
		s.removeFiles(files)
	}
	return err
}

// Check audits a draft.
func (s *Service) Check(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		if err := seen(ctx, tx, p.Rights, k, id); err != nil {
			return err
		}
		return s.audit(ctx, tx, k, sys, shopID, id, p)
	})
}

func (s *Service) audit(ctx context.Context, tx *db.Tx, k *Kind, sys sysparam.System, shopID, id int64, p *server.Principal) error {
	st, found, err := readState(ctx, tx, shopID, k.Name, id)
	if err != nil {
		return fmt.Errorf("read bill %d: %w", id, err)
	}
	if !found {
		return notFound(k)
	}
	if st.checked == 1 {
		return errs.Conflict("bill.err.alreadyAudited", errs.A("no", st.billNo))
	}
	if err := closed(sys, st.date); err != nil {
		return err
	}
	if err := s.markAudited(ctx, tx, st, p.UserID); err != nil {
		return err
	}
	lines, err := readLines(ctx, tx, st.id)
	if err != nil {
		return fmt.Errorf("lines of bill %d: %w", st.id, err)
	}
	_, err = post(ctx, tx, k, sys, p.Rights, st, lines)
	return err
}

// markAudited marks a draft audited by userID.
func (s *Service) markAudited(ctx context.Context, tx *db.Tx, st state, userID int64) error {
	if ok, err := setChecked(ctx, tx, st.id, userID, true, time.Now().UTC()); err != nil {
		return fmt.Errorf("audit bill %d: %w", st.id, err)
	} else if !ok {
		return errs.Conflict("bill.err.alreadyAudited", errs.A("no", st.billNo))
	}
	return nil
}

// Uncheck un-audits a document: refused when a later document depends on
// it or its date is in a closed period.
func (s *Service) Uncheck(ctx context.Context, p *server.Principal, k *Kind, id int64) error {
	shopID, err := shopOf(p)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		st, found, err := readState(ctx, tx, shopID, k.Name, id)
		if err != nil {
			return fmt.Errorf("read bill %d: %w", id, err)
		}
		if !found {
			return notFound(k)
		}
		if err := seen(ctx, tx, p.Rights, k, id); err != nil {
			return err
		}
		if st.checked == 0 {
			return errs.Conflict("bill.err.notAudited", errs.A("no", st.billNo))
		}
		if err := closed(sys, st.date); err != nil {
			return err
		}
		if k.Order && st.billStatus == StatusClosed {
			return errs.Conflict("bill.err.orderClosed", errs.A("no", st.billNo))
		}
		if err := dependents(ctx, tx, k, id, true); err != nil {
			return err
		}
		if ok, err := setChecked(ctx, tx, id, 0, false, time.Now().UTC()); err != nil {
			return fmt.Errorf("un-audit bill %d: %w", id, err)
		} else if !ok {
			return errs.Conflict("bill.err.notAudited", errs.A("no", st.billNo))
		}
		return unpost(ctx, tx, k, sys, st)
	})
}

// List is a page of the kind's documents in the caller's shop with the
// totals row of every document the filters select.
func (s *Service) List(ctx context.Context, p *server.Principal, k *Kind, f Filter, lp server.ListParams) (server.ListPage[Document], error) {
	var none server.ListPage[Document]
	shopID, err := shopOf(p)
	if err != nil {
		return none, err
	}
	order, err := lp.OrderBy(sortable, "b.bill_date DESC")
	if err != nil {
		return none, err
	}
	f.MatchCon = lp.MatchCon
	f.rights = p.Rights
	if f, err = f.withCustom(ctx, s.db); err != nil {
		return none, err
	}
	rows, n, totals, err := listBills(ctx, s.db, shopID, k.Name, f, order, lp.Rows, lp.Offset())
	if err == nil {
		err = listAccounts(ctx, s.db, k, rows)
	}
	if err == nil {
		err = attachCustom(ctx, s.db, rows)
	}
	if err != nil {
		return none, fmt.Errorf("list %s bills: %w", k.Name, err)
	}
	return presentList(p, k, server.NewListPage(lp, rows, n), totals), nil
}

var sortable = map[string]string{
	"billNo": "b.bill_no", "date": "b.bill_date", "billDate": "b.bill_date", "contactName": "c.name", "totalQty": "b.total_qty",
	"totalAmount": "b.total_amount", "amount": "b.amount", "rpAmount": "b.rp_amount", "arrears": "b.arrears",
	"checked": "b.checked", "createTime": "b.created_at", "modifyTime": "b.updated_at", "billStatus": "b.bill_status", "deliveryDate": "b.delivery_date",
	"invoiceState": "b.invoice_state", "hxStateCode": "b.hx_state", "settledAmount": "b.rp_amount + b.hx_amount",
	"openAmount": "b.arrears - b.hx_amount",
}
