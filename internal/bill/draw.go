package bill

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/sysparam"
)

// Draw is one draw-down relation: a line of a document (the drawer) takes
// from a unit of an audited source document — a source line (returns take
// quantity from the lines of the receipt or delivery they return; receipts
// and deliveries fulfil order lines) or the source document itself (a
// receipt settling a delivery's open amount). The engine runs every
// relation the same way (docs/documents.md):
//
//   - save (a draft): check links against what audited drawers took
//     (unless the drawing kinds' build has checked them: BuiltAtSave);
//   - audit: lock every source document in id order, re-check under the
//     locks (another drawer may have been audited since the save), then
//     refresh the sources' status in the same transaction;
//   - un-audit and delete: refresh the sources' status (the release);
//   - un-audit or delete of a source: refused (409 naming the drawer) while
//     a drawer exists.
//
// A relation plugs in by declaring a Draw and listing it in Draws (or
// RegisterDraw from a kind package). Settlement (核销: receipts, payments
// and verification documents settle documents' open amounts; the unit is
// the target document itself) and Invoicing (invoice lines draw source
// lines' amounts with tax) are in settle.go.
//
// Capacity and take are in one or more measures (base quantity today; an
// amount for settlements; quantity and amount for invoices). The status
// written to StatusColumn (unless Refresh replaces it) is 0 when nothing of the source is taken, 1 when
// part of it, 2 when every unit is taken completely (by the first measure);
// a source whose status is Keep (an order closed by hand, 3) keeps it.
type Draw struct {
	Name string
	// From is the source kinds a document of kind k may draw from by this
	// relation; nil: kind k does not draw by it.
	From func(k *Kind) []string
	// IsSource: documents of kind k may be drawn from by this relation.
	IsSource func(k *Kind) bool
	// Links are the drawing document's links. At save d is the built
	// document; at audit it is rebuilt from the stored lines (d.ID set,
	// entries carrying their link fields); a relation whose links live
	// outside bill_entries reads them by d.ID.
	Links func(ctx context.Context, q db.Querier, d *Document) (Links, error)
	// Measures are what a link takes from its unit, in the order of
	// Link.Take and of the capacity and sum columns of UnitsSQL and
	// TakenSQL.
	Measures []Measure
	// UnitsSQL selects the units of the source documents: unit id, source
	// document id, goods id, SKU id, goods name, one capacity per measure;
	// {in} is replaced by the list of source document ids.
	UnitsSQL string
	// TakenSQL selects, per unit of the source documents ({in}), what the
	// audited drawers other than the first argument took: unit id, one sum
	// per measure.
	TakenSQL string
	// DependentsSQL selects the number of a drawer of source document ?
	// ({audited} is replaced by " AND b.checked = 1" where only audited
	// drawers count, else by nothing; b is the drawer's bills row).
	DependentsSQL string
	// StatusColumn is the bills column of the source's status ("" none);
	// a source whose status is Keep keeps it and takes no more (Closed).
	StatusColumn string
	Keep         int
	// Refresh, when set, replaces the status refresh (a status that is not
	// only "how much of the units is taken": a settled state that also
	// counts the target's own payment). It runs under the sources' locks
	// at audit, and after an un-audit or delete, with the sources' ids.
	Refresh func(ctx context.Context, tx db.Querier, ids []int64) error
	// SameContact: the drawer's contact must be the source's.
	SameContact bool
	// BuiltAtSave: the drawing kinds' build checks the links at save
	// against the sources' counters (bills.hx_amount, invoiced_amount),
	// each refusal on its field beside the body's other errors, so the
	// relation does not check a draft's links again; it checks them at
	// audit, under the sources' locks.
	BuiltAtSave bool
	// Over: taking more than a unit has left is allowed.
	Over func(sys sysparam.System) bool
	Text DrawText
}

// Measure is one figure a link takes from its unit.
type Measure struct {
	Field   string   // the link's field refused when it takes too much ("qty")
	TooMuch errs.Key // the refusal: args line, goods, max (and no with DrawText.NameSource)
	PerUnit bool     // a quantity: the max is shown in the line's unit (Link.Rate)
}

// DrawText names the fields and messages of a relation's refusals.
type DrawText struct {
	HeadPath    string   // the field of a source named by the document head ("srcBillId")
	SourceField string   // a link's field naming its source document ("srcOrderId")
	SourceLabel errs.Key // what the source document is called (not found)
	UnitField   string   // a link's field naming its unit ("srcEntryId")
	UnitLabel   errs.Key // what the unit is called (not found)
	NotAudited  errs.Key // the source is a draft
	Closed      errs.Key // the source's status is Keep
	Contact     errs.Key // not the source's contact (field buId)
	NameSource  bool     // the messages name the source's number (arg no)
	// ContactOnLink: a source of another contact is refused on the link's
	// SourceField (once per link) instead of once on buId.
	ContactOnLink bool
	// Dependent is the 409 naming a drawer of a source that is un-audited,
	// edited or deleted ("" : bill.err.dependent).
	Dependent errs.Key
}

// Links are a drawing document's links of one relation.
type Links struct {
	// Head is the source document the drawing document's head names (a
	// return's srcBillId), 0 when each link names its own. Its refusals
	// are reported once at DrawText.HeadPath and stop the check.
	Head  int64
	Lines []Link
}

// Link is one drawing line's claim on one unit of a source.
type Link struct {
	Path    string    // the drawing line's field path prefix ("entries[2]")
	LineNo  int       // its number in messages (1-based)
	Source  int64     // the source document
	Unit    int64     // the source unit (a source line's id, or the source's own id)
	GoodsID int64     // must be the unit's goods and SKU (0 for a document unit)
	SKUID   int64     //
	Take    []dec.Dec // per measure
	Rate    dec.Dec   // the drawing line's unit rate (a max is shown in its unit)
	// Neg: the link's figures are shown negative (a return settled or
	// invoiced: the most it may take is named with a minus sign).
	Neg bool
	// Contact and Kinds, when set, replace the drawer's contact and
	// From(k) for this link's source (a verification document's other
	// side: the supplier's purchases of toBuId).
	Contact int64
	Kinds   []string
}

// Draws are the relations the engine runs, in order.
var Draws = []*Draw{Returns, Fulfilment, Settlement, Invoicing}

// RegisterDraw adds a relation (called from a kind package's init or
// before the server starts).
func RegisterDraw(d *Draw) { Draws = append(Draws, d) }

// sources is the sorted distinct source documents of the links.
func (l Links) sources() []int64 {
	var ids []int64
	if l.Head != 0 {
		ids = append(ids, l.Head)
	}
	for _, x := range l.Lines {
		ids = append(ids, x.Source)
	}
	slices.Sort(ids)
	return slices.Compact(ids)
}

func (l Links) empty() bool { return l.Head == 0 && len(l.Lines) == 0 }

// inSQL replaces {in} by a placeholder list of n.
func inSQL(query string, n int) string { return strings.ReplaceAll(query, "{in}", db.In(n)) }

// drawHead is what the checks need of a source document.
type drawHead struct {
	kind, billNo    string
	contactID       int64
	checked, status int
}

// drawUnit is a unit of a source document.
type drawUnit struct {
	billID, goodsID, skuID int64
	goodsName              string
	cap                    []dec.Dec
}

func (r *Draw) heads(ctx context.Context, q db.Querier, shopID int64, ids []int64) (map[int64]drawHead, error) {
	return readDrawHeads(ctx, q, r.StatusColumn, shopID, ids)
}

func (r *Draw) units(ctx context.Context, q db.Querier, ids []int64) (map[int64]drawUnit, error) {
	out := map[int64]drawUnit{}
	err := scanRows(ctx, q, inSQL(r.UnitsSQL, len(ids)), db.Args(ids), func(rows *sql.Rows) error {
		var id int64
		u := drawUnit{cap: make([]dec.Dec, len(r.Measures))}
		dest := []any{&id, &u.billID, &u.goodsID, &u.skuID, &u.goodsName}
		for i := range u.cap {
			dest = append(dest, &u.cap[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		out[id] = u
		return nil
	})
	return out, err
}

// taken is what the audited drawers other than selfID took from each unit
// of the source documents.
func (r *Draw) taken(ctx context.Context, q db.Querier, ids []int64, selfID int64) (map[int64][]dec.Dec, error) {
	out := map[int64][]dec.Dec{}
	err := scanRows(ctx, q, inSQL(r.TakenSQL, len(ids)), append([]any{selfID}, db.Args(ids)...), func(rows *sql.Rows) error {
		var id int64
		v := make([]dec.Dec, len(r.Measures))
		dest := []any{&id}
		for i := range v {
			dest = append(dest, &v[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		out[id] = v
		return nil
	})
	return out, err
}

// check checks the links of document selfID (kind k, contact contactID,
// in the shop): each source is an audited document of a kind k may draw
// from, in the shop, open, of the same contact where required; each unit
// is of its source and of the link's goods and SKU; and no link takes more
// than its unit has left after the other audited drawers and the
// document's earlier links (unless Over).
func (r *Draw) check(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID, selfID, contactID int64, ls Links) error {
	if ls.empty() {
		return nil
	}
	ids := ls.sources()
	heads, err := r.heads(ctx, q, shopID, ids)
	if err != nil {
		return fmt.Errorf("%s sources of bill %d: %w", r.Name, selfID, err)
	}
	from := r.From(k)
	args := func(h drawHead) []errs.Arg {
		if r.Text.NameSource {
			return []errs.Arg{errs.A("no", h.billNo)}
		}
		return nil
	}
	// headErr is the refusal of source id, "" when it may be drawn from
	// (kinds nil: From(k); contact 0: the drawer's).
	headErr := func(id int64, kinds []string, contact int64) (key errs.Key, path string, a []errs.Arg, h drawHead) {
		if kinds == nil {
			kinds = from
		}
		if contact == 0 {
			contact = contactID
		}
		h, ok := heads[id]
		switch {
		case !ok || !slices.Contains(kinds, h.kind):
			return "err.notFound", "", nil, h
		case h.checked != 1:
			return r.Text.NotAudited, "", args(h), h
		case r.StatusColumn != "" && h.status == r.Keep:
			return r.Text.Closed, "", args(h), h
		case r.SameContact && h.contactID != contact:
			return r.Text.Contact, "buId", args(h), h
		}
		return "", "", nil, h
	}
	var f errs.Fields
	if ls.Head != 0 {
		if key, path, a, _ := headErr(ls.Head, nil, 0); key != "" {
			if key == "err.notFound" {
				a = []errs.Arg{errs.A("what", r.Text.SourceLabel)}
			}
			if path == "" {
				path = r.Text.HeadPath
			}
			return errs.Field(path, string(key), a...)
		}
	}
	units, err := r.units(ctx, q, ids)
	if err != nil {
		return fmt.Errorf("%s units of bill %d: %w", r.Name, selfID, err)
	}
	taken, err := r.taken(ctx, q, ids, selfID)
	if err != nil {
		return fmt.Errorf("%s taken for bill %d: %w", r.Name, selfID, err)
	}
	over := r.Over != nil && r.Over(sys)
	badContact := map[int64]bool{}
	mine := map[int64][]dec.Dec{}
	for _, l := range ls.Lines {
		if ls.Head == 0 {
			key, path, a, _ := headErr(l.Source, l.Kinds, l.Contact)
			switch {
			case key == "err.notFound":
				f.Add(l.Path+"."+r.Text.SourceField, "err.notFound", errs.A("what", r.Text.SourceLabel))
				continue
			case path == "buId" && !r.Text.ContactOnLink:
				if !badContact[l.Source] {
					badContact[l.Source] = true
					f.Add(path, string(key), a...)
				}
				continue
			case key != "":
				f.Add(l.Path+"."+r.Text.SourceField, string(key), a...)
				continue
			}
		}
		u, ok := units[l.Unit]
		if !ok || u.billID != l.Source || u.goodsID != l.GoodsID || u.skuID != l.SKUID {
			f.Add(l.Path+"."+r.Text.UnitField, "err.notFound", errs.A("what", r.Text.UnitLabel))
			continue
		}
		had, prev := taken[l.Unit], mine[l.Unit]
		now := make([]dec.Dec, len(r.Measures))
		for i, m := range r.Measures {
			left := u.cap[i]
			if had != nil {
				left = left.Sub(had[i])
			}
			if prev != nil {
				left = left.Sub(prev[i])
				now[i] = prev[i].Add(l.Take[i])
			} else {
				now[i] = l.Take[i]
			}
			if over || l.Take[i].Cmp(left) <= 0 {
				continue
			}
			max := maxIn(left, dec.Zero)
			if m.PerUnit {
				max = maxIn(left, l.Rate)
			}
			if l.Neg && left.Sign() > 0 {
				max = left.Neg().String()
			}
			a := []errs.Arg{errs.A("line", l.LineNo), errs.A("goods", u.goodsName)}
			if r.Text.NameSource {
				a = append(a, errs.A("no", heads[l.Source].billNo))
			}
			f.Add(l.Path+"."+m.Field, string(m.TooMuch), append(a, errs.A("max", max))...)
		}
		mine[l.Unit] = now
	}
	return f.Err()
}

// hidden refuses, as not found, the sources of the links that the caller's
// data rights rs do not show (docs/rights.md: a document of a warehouse,
// contact or maker hidden from it), on the head's field or each link's
// source field: a return, fulfilment, settlement or invoice cannot draw
// from a document the caller cannot open.
func (r *Draw) hidden(ctx context.Context, q db.Querier, rs *rights.Set, ls Links) error {
	if !rs.Limited() || ls.empty() {
		return nil
	}
	c := rs.Bill("b")
	shown := map[int64]bool{}
	err := each(ctx, q, "SELECT b.id FROM bills b WHERE "+c.SQL+" AND b.id IN ", ls.sources(), func(rows *sql.Rows) error {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return err
		}
		shown[id] = true
		return nil
	}, c.Args...)
	if err != nil {
		return fmt.Errorf("%s sources' data rights: %w", r.Name, err)
	}
	notFound := errs.A("what", r.Text.SourceLabel)
	if ls.Head > 0 && !shown[ls.Head] {
		return errs.Field(r.Text.HeadPath, "err.notFound", notFound)
	}
	var f errs.Fields
	for _, l := range ls.Lines {
		if l.Source > 0 && !shown[l.Source] {
			f.Add(l.Path+"."+r.Text.SourceField, "err.notFound", notFound)
		}
	}
	return f.Err()
}

// refresh recomputes the status of the source documents from their units
// and what every audited drawer took; a source whose status is Keep keeps
// it.
func (r *Draw) refresh(ctx context.Context, tx db.Querier, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	if r.Refresh != nil {
		return r.Refresh(ctx, tx, ids)
	}
	if r.StatusColumn == "" {
		return nil
	}
	units, err := r.units(ctx, tx, ids)
	if err != nil {
		return fmt.Errorf("%s units of bills %v: %w", r.Name, ids, err)
	}
	taken, err := r.taken(ctx, tx, ids, 0)
	if err != nil {
		return fmt.Errorf("%s taken from bills %v: %w", r.Name, ids, err)
	}
	type agg struct{ any, allDone, someDone bool }
	status := map[int64]*agg{}
	for id, u := range units {
		a := status[u.billID]
		if a == nil {
			a = &agg{allDone: true}
			status[u.billID] = a
		}
		done := dec.Zero
		if t := taken[id]; t != nil {
			done = t[0]
		}
		s := lineStatus(u.cap[0], done)
		a.any = true
		a.allDone = a.allDone && s == StatusDone
		a.someDone = a.someDone || s != StatusNone
	}
	for _, id := range ids {
		s := StatusNone
		if a := status[id]; a != nil && a.any {
			switch {
			case a.allDone:
				s = StatusDone
			case a.someDone:
				s = StatusPartial
			}
		}
		if err := setDrawStatus(ctx, tx, r.StatusColumn, id, s, r.Keep); err != nil {
			return fmt.Errorf("%s status of bill %d: %w", r.Name, id, err)
		}
	}
	return nil
}

// lineStatus is a unit's status: nothing, part or all of it taken.
func lineStatus(capacity, done dec.Dec) int {
	switch {
	case done.Sign() <= 0:
		return StatusNone
	case done.Cmp(capacity) >= 0:
		return StatusDone
	default:
		return StatusPartial
	}
}

// hasStatus: the relation keeps a status on its sources.
func (r *Draw) hasStatus() bool { return r.StatusColumn != "" || r.Refresh != nil }

// drawsOf are the relations kind k draws by.
func drawsOf(k *Kind) []*Draw {
	var out []*Draw
	for _, r := range Draws {
		if r.From(k) != nil {
			out = append(out, r)
		}
	}
	return out
}

// checkDraws checks a draft's links at save (no locks: audit re-checks),
// but those the kind's build has checked (BuiltAtSave); a source the
// caller's data rights rs hide is not found, for every relation.
func checkDraws(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, rs *rights.Set, shopID, selfID int64, d *Document) error {
	for _, r := range drawsOf(k) {
		ls, err := r.Links(ctx, q, d)
		if err != nil {
			return fmt.Errorf("%s links of bill %d: %w", r.Name, selfID, err)
		}
		if err := r.hidden(ctx, q, rs, ls); err != nil {
			return err
		}
		if r.BuiltAtSave {
			continue
		}
		if err := r.check(ctx, q, k, sys, shopID, selfID, d.BuID, ls); err != nil {
			return err
		}
	}
	return nil
}

// draw runs while document st is audited: it locks every source its links
// name, in id order over every relation (so that two drawers of one source
// are audited one after the other, each seeing what the other took, and
// concurrent audits never deadlock), re-checks the links and refreshes
// the sources' status. A source the auditor's data rights rs hide is not
// found.
func draw(ctx context.Context, tx db.Querier, k *Kind, sys sysparam.System, rs *rights.Set, st state, lines []line) error {
	rels := drawsOf(k)
	if len(rels) == 0 {
		return nil
	}
	d := docOf(st, lines)
	all := make([]Links, len(rels))
	var ids []int64
	for i, r := range rels {
		ls, err := r.Links(ctx, tx, d)
		if err != nil {
			return fmt.Errorf("%s links of bill %d: %w", r.Name, st.id, err)
		}
		if err := r.hidden(ctx, tx, rs, ls); err != nil {
			return err
		}
		all[i] = ls
		ids = append(ids, ls.sources()...)
	}
	if len(ids) == 0 {
		return nil
	}
	slices.Sort(ids)
	if err := lockBills(ctx, tx, slices.Compact(ids)); err != nil {
		return fmt.Errorf("lock sources of bill %d: %w", st.id, err)
	}
	for i, r := range rels {
		if err := r.check(ctx, tx, k, sys, st.shopID, st.id, st.contactID, all[i]); err != nil {
			return err
		}
		if err := r.refresh(ctx, tx, all[i].sources()); err != nil {
			return err
		}
	}
	return nil
}

// drawnFrom are the sources of document billID whose status follows it,
// per relation of drawsOf(k): read before an un-audit or a delete, passed
// to release after it. nil when none of k's relations keeps a status.
func drawnFrom(ctx context.Context, q db.Querier, k *Kind, st state) ([][]int64, error) {
	rs := drawsOf(k)
	if !slices.ContainsFunc(rs, (*Draw).hasStatus) {
		return nil, nil
	}
	lines, err := readLines(ctx, q, st.id)
	if err != nil {
		return nil, fmt.Errorf("lines of bill %d: %w", st.id, err)
	}
	d := docOf(st, lines)
	out := make([][]int64, len(rs))
	for i, r := range rs {
		if !r.hasStatus() {
			continue
		}
		ls, err := r.Links(ctx, q, d)
		if err != nil {
			return nil, fmt.Errorf("%s links of bill %d: %w", r.Name, st.id, err)
		}
		out[i] = ls.sources()
	}
	return out, nil
}

// release runs after a document of kind k was un-audited (a draft again)
// or deleted: the status of the sources it drew from (drawnFrom) follows.
func release(ctx context.Context, tx db.Querier, k *Kind, sources [][]int64) error {
	if sources == nil {
		return nil
	}
	for i, r := range drawsOf(k) {
		if err := r.refresh(ctx, tx, sources[i]); err != nil {
			return err
		}
	}
	return nil
}

// dependents refuses (409, naming it) when a document draws from document
// id of kind k: any drawer for a delete or an edit, an audited one for an
// un-audit.
func dependents(ctx context.Context, q db.Querier, k *Kind, id int64, auditedOnly bool) error {
	cond := ""
	if auditedOnly {
		cond = " AND b.checked = 1"
	}
	for _, r := range Draws {
		if !r.IsSource(k) {
			continue
		}
		nos, err := db.Values[string](ctx, q, strings.ReplaceAll(r.DependentsSQL, "{audited}", cond), id)
		if err != nil {
			return fmt.Errorf("%s drawers of bill %d: %w", r.Name, id, err)
		}
		if len(nos) > 0 {
			key := r.Text.Dependent
			if key == "" {
				key = "bill.err.dependent"
			}
			return errs.Conflict(string(key), errs.A("no", nos[0]))
		}
	}
	return nil
}

// qtyTake is a line's take in base quantity.
func qtyTake(e Entry) []dec.Dec { return []dec.Dec{e.BaseQty} }

// docOf is the part of a stored document the relations read: its head
// and its lines' goods, quantities, amounts and links.
func docOf(st state, lines []line) *Document {
	d := &Document{ID: st.id, TransType: st.transType, BuID: st.contactID, SrcBillID: st.srcBillID, ShopID: st.shopID, Entries: make([]Entry, len(lines)),
		stored: true}
	for i, l := range lines {
		d.Entries[i] = Entry{ID: l.id, InvID: l.goodsID, SkuID: l.skuID, SrcEntryID: l.srcEntryID, SrcOrderID: l.srcOrderID,
			SrcOrderEntryID: l.srcOrderEntryID, BaseQty: l.baseQty, UnitRate: l.unitRate, Amount: l.amount, TaxAmount: l.taxAmount}
	}
	return d
}
