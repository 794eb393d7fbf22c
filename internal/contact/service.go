package contact

import (
	"context"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/coding"
	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
	"cangshu/internal/usage"
)

// Service manages customers and suppliers.
type Service struct {
	db       *db.DB
	usage    *usage.Registry
	columns  string            // listColumns with the documents' effect on the balance
	sortable map[string]string // sortable columns of the list
}

// NewService makes the service; u names the records using a contact. debt is
// a scalar SQL expression of the audited documents' effect on the balance of
// the contact whose id is idExpr (the document engine's ContactDebtSQL,
// handed in at wiring time: master data imports no document package).
func NewService(d *db.DB, u *usage.Registry, debt func(idExpr string) string) *Service {
	return &Service{
		db: d, usage: u,
		columns: listColumns + ", " + debt("c.id"),
		sortable: map[string]string{
			"number": "c.number", "name": "c.name", "balance": "(c.opening_amount - c.opening_advance + " + debt("c.id") + ")",
		},
	}
}

// require checks the caller may do action on contacts of the type: routes
// declare "customer|supplier", the type of the record decides.
func require(p *server.Principal, typ int64, action string) error {
	if p == nil || !p.Can(perm(typ, action)) {
		return errs.Forbidden("err.forbidden")
	}
	return nil
}

// ListQuery is the list's filters besides matchCon.
type ListQuery struct {
	Type       int64 // required
	CategoryID int64 // with its subtree; 0 = any
	Enabled    bool  // disable=0: enabled contacts only
}

// searchFilter is q's filter with matchCon also looked for in the type's
// searchable custom fields.
func (q ListQuery) searchFilter(ctx context.Context, d db.Querier, matchCon string) (filter, error) {
	f, err := q.filter(matchCon)
	if err != nil {
		return f, err
	}
	cond, args, ok, err := custom.MatchCond(ctx, d, target(q.Type), "c.id", matchCon)
	if ok {
		f.customCond, f.customArgs = cond, args
	}
	return f, err
}

func (q ListQuery) filter(matchCon string) (filter, error) {
	if err := validType("type", q.Type); err != nil {
		return filter{}, err
	}
	if q.CategoryID < 0 {
		return filter{}, errs.Field("categoryId", "err.badParam", errs.A("name", "categoryId"))
	}
	return filter{typ: q.Type, categoryID: q.CategoryID, matchCon: matchCon, enabled: q.Enabled}, nil
}

// List is a page of the customers or suppliers.
func (s *Service) List(ctx context.Context, p *server.Principal, q ListQuery, lp server.ListParams) (server.ListPage[Contact], error) {
	f, err := q.searchFilter(ctx, s.db, lp.MatchCon)
	f.rights = p.Rights
	if err != nil {
		return server.ListPage[Contact]{}, err
	}
	if err := require(p, q.Type, "query"); err != nil {
		return server.ListPage[Contact]{}, err
	}
	order, err := lp.OrderBy(s.sortable, "c.number")
	if err != nil {
		return server.ListPage[Contact]{}, err
	}
	list, total, err := listContacts(ctx, s.db, s.columns, f, order, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[Contact]{}, fmt.Errorf("list contacts: %w", err)
	}
	return server.NewListPage(lp, list, total), nil
}

// Get reads one contact with its contact people.
func (s *Service) Get(ctx context.Context, p *server.Principal, id int64) (Detail, error) {
	d, err := getContact(ctx, s.db, s.columns, id)
	if err != nil {
		return Detail{}, errs.Wrap("get contact", err)
	}
	if err := require(p, int64(d.Type), "query"); err != nil {
		return Detail{}, err
	}
	if !p.Rights.ContactOK(d.ID, int(d.Type)) {
		return Detail{}, errs.NotFound("contact.entity")
	}
	if d.BeginDate == "" {
		// Never stored: the system start date, as saving the form stores it.
		sys, err := sysparam.ReadSystem(ctx, s.db)
		if err != nil {
			return Detail{}, err
		}
		d.BeginDate = sys.StartDate
	}
	return d, nil
}

// Next is the proposed number of a new record.
type Next struct {
	Number string `json:"number"`
}

// NextNumber proposes the next number of the type.
func (s *Service) NextNumber(ctx context.Context, p *server.Principal, typ int64) (Next, error) {
	if err := validType("type", typ); err != nil {
		return Next{}, err
	}
	if err := require(p, typ, "add"); err != nil {
		return Next{}, err
	}
	n, err := coding.NextFor(ctx, s.db, codingKind(typ))
	return Next{Number: n}, err
}

// check validates in for a contact of type typ (its category included) and
// makes the row to store, with the field paths of its contact people.
func check(ctx context.Context, q db.Querier, in *Input, typ, id int64, needNumber bool) (row, []string, error) {
	sys, err := sysparam.ReadSystem(ctx, q)
	if err != nil {
		return row{}, nil, err
	}
	var f errs.Fields
	links, paths := in.validate(&f, typ, needNumber, sys)
	if sys.CloseDate != "" {
		var cur, curAdvance dec.Dec
		if id > 0 {
			if cur, curAdvance, err = openingOf(ctx, q, id); err != nil {
				return row{}, nil, err
			}
		}
		openingLocked(&f, sys, "amount", in.Amount, cur)
		openingLocked(&f, sys, "periodMoney", in.PeriodMoney, curAdvance)
	}
	if in.CategoryID > 0 {
		t, err := categoryTypeOf(ctx, q, in.CategoryID)
		if err != nil {
			return row{}, nil, err
		}
		if t != categoryType(typ) {
			f.Add("categoryId", "contact.err.badCategory", errs.A("id", in.CategoryID))
		}
	}
	cf, err := custom.Prepare(ctx, q, target(typ), id, in.Custom, &f)
	if err != nil {
		return row{}, nil, err
	}
	if err := f.Err(); err != nil {
		return row{}, nil, err
	}
	r := makeRow(in, typ, links, sys)
	r.custom = cf
	return r, paths, nil
}

// makeRow is a checked input as stored: an empty begin date is the
// system's start date (today when it has none).
func makeRow(in *Input, typ int64, links []LinkInput, sys sysparam.System) row {
	begin := in.BeginDate
	if begin == "" {
		begin = sys.StartDate
		if begin == "" {
			begin = time.Now().Format(time.DateOnly)
		}
	}
	return row{typ: typ, number: in.Number, name: in.Name, categoryID: in.CategoryID, level: in.CLevel,
		taxRate: in.TaxRate, amount: in.Amount, advance: in.PeriodMoney, beginDate: begin, remark: in.Remark,
		search: searchText(in.Number, in.Name, links), links: links}
}

// searchText is what matchCon looks in: number, name (with pinyin), and
// the contact people's names and mobiles.
func searchText(number, name string, links []LinkInput) string {
	parts := []string{number, name}
	for _, l := range links {
		parts = append(parts, l.LinkName, l.LinkMobile)
	}
	return search.Text(parts...)
}

// Add creates a contact of in.Type; an empty number is given the next one.
func (s *Service) Add(ctx context.Context, p *server.Principal, in Input) (Detail, error) {
	if err := validType("type", in.Type); err != nil {
		return Detail{}, err
	}
	if err := require(p, in.Type, "add"); err != nil {
		return Detail{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if in.Number, err = coding.Assign(ctx, tx, codingKind(in.Type), strings.TrimSpace(in.Number)); err != nil {
			return err
		}
		r, paths, err := check(ctx, tx, &in, in.Type, 0, true)
		if err != nil {
			return err
		}
		if err := s.unique(ctx, tx, r, 0); err != nil {
			return err
		}
		if id, err = insertContact(ctx, tx, r); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("number", labelNumber(r.typ), r.number)
			}
			return err
		}
		if err := r.custom.Save(ctx, tx, id); err != nil {
			return err
		}
		return saveLinks(ctx, tx, id, r.links, paths)
	})
	if err != nil {
		return Detail{}, errs.Wrap("add contact", err)
	}
	return getContact(ctx, s.db, s.columns, id)
}

func (s *Service) unique(ctx context.Context, q db.Querier, r row, id int64) error {
	taken, err := numberTaken(ctx, q, r.typ, r.number, id)
	if err != nil {
		return err
	}
	if taken {
		return errs.Duplicate("number", labelNumber(r.typ), r.number)
	}
	return nil
}

// Update changes a contact; its type stays what it is.
func (s *Service) Update(ctx context.Context, p *server.Principal, in Input) (Detail, error) {
	if in.ID <= 0 {
		return Detail{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		typ, _, err := typeOf(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if err := require(p, typ, "update"); err != nil {
			return err
		}
		if !money(typ).Visible(p, "amount") {
			// The caller saw no opening figures: they stay as stored.
			if in.Amount, in.PeriodMoney, err = openingOf(ctx, tx, in.ID); err != nil {
				return err
			}
		}
		r, paths, err := check(ctx, tx, &in, typ, in.ID, true)
		if err != nil {
			return err
		}
		if err := s.unique(ctx, tx, r, in.ID); err != nil {
			return err
		}
		if err := updateContact(ctx, tx, in.ID, r); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("number", labelNumber(r.typ), r.number)
			}
			return err
		}
		if err := r.custom.Save(ctx, tx, in.ID); err != nil {
			return err
		}
		return saveLinks(ctx, tx, in.ID, r.links, paths)
	})
	if err != nil {
		return Detail{}, errs.Wrap("update contact", err)
	}
	return getContact(ctx, s.db, s.columns, in.ID)
}

// Delete removes a contact unless something uses it.
func (s *Service) Delete(ctx context.Context, p *server.Principal, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		typ, _, err := typeOf(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := require(p, typ, "delete"); err != nil {
			return err
		}
		return s.usage.Delete(ctx, tx, usage.Contact, Entity(typ), id, func() error {
			if err := custom.Delete(ctx, tx, target(typ), id); err != nil {
				return err
			}
			return deleteContact(ctx, tx, id)
		})
	})
	return errs.Wrap("delete contact", err)
}

// SetDisabled disables (1) or enables (0) a contact.
func (s *Service) SetDisabled(ctx context.Context, p *server.Principal, id, disabled int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		typ, _, err := typeOf(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := require(p, typ, "disable"); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable contact", err)
}
