package account

import (
	"context"
	"fmt"
	"time"

	"cangshu/internal/coding"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
	"cangshu/internal/usage"
)

// Service manages settlement accounts.
type Service struct {
	db    *db.DB
	usage *usage.Registry

	columns  string            // the account's columns and the documents' money flow
	sortable map[string]string // sortable columns of the list
}

// NewService makes the service; u names the records using an account. flow is
// a scalar SQL expression: the money in less the money out of the account
// whose id is idExpr through audited documents' settlement lines (the document
// engine's AccountFlowSQL, handed in at wiring time: master data imports no
// document package).
func NewService(d *db.DB, u *usage.Registry, flow func(idExpr string) string) *Service {
	return &Service{
		db: d, usage: u,
		columns: ownColumns + ", " + flow("a.id"),
		sortable: map[string]string{
			"number": "a.number", "name": "a.name", "type": "a.kind", "amount": "a.opening_balance",
			"balance": "(a.opening_balance + " + flow("a.id") + ")", "date": "a.opening_date",
		},
	}
}

// ListQuery is the list's filters besides matchCon.
type ListQuery struct {
	Enabled bool  // disable=0: enabled accounts only
	Type    int64 // 0 = any
}

// List is a page of accounts.
func (s *Service) List(ctx context.Context, q ListQuery, lp server.ListParams) (server.ListPage[Account], error) {
	if q.Type != 0 && q.Type != TypeCash && q.Type != TypeBank {
		return server.ListPage[Account]{}, errs.Field("type", "err.badParam", errs.A("name", "type"))
	}
	order, err := lp.OrderBy(s.sortable, "a.number")
	if err != nil {
		return server.ListPage[Account]{}, err
	}
	list, total, err := listAccounts(ctx, s.db, s.columns, filter{matchCon: lp.MatchCon, enabled: q.Enabled, typ: q.Type}, order, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[Account]{}, fmt.Errorf("list accounts: %w", err)
	}
	return server.NewListPage(lp, list, total), nil
}

// Get reads one account. An opening date never stored reads as the system
// start date, as saving the form stores it (the form sent back changes nothing).
func (s *Service) Get(ctx context.Context, id int64) (Account, error) {
	a, err := getAccount(ctx, s.db, s.columns, id)
	if err == nil && a.Date == "" {
		var sys sysparam.System
		sys, err = sysparam.ReadSystem(ctx, s.db)
		a.Date = sys.StartDate
	}
	return a, errs.Wrap("get account", err)
}

// Next is the proposed number of a new record.
type Next struct {
	Number string `json:"number"`
}

// NextNumber proposes the next account number.
func (s *Service) NextNumber(ctx context.Context) (Next, error) {
	n, err := coding.NextFor(ctx, s.db, "settAcct")
	return Next{Number: n}, err
}

// prepare validates in; an empty opening date is the system's start date
// (today when the system has none).
func prepare(ctx context.Context, q db.Querier, in *Input, opening dec.Dec, needNumber bool) error {
	sys, err := sysparam.ReadSystem(ctx, q)
	if err != nil {
		return err
	}
	if err := in.validate(needNumber, sys); err != nil {
		return err
	}
	if sys.CloseDate != "" && !in.Amount.Equal(opening) {
		// Once a period is closed the opening balances are locked
		// (internal/opening): a new account has none, a changed one keeps its own.
		return errs.Field("amount", "opening.err.locked", errs.A("date", sys.CloseDate))
	}
	if in.Date == "" {
		in.Date = sys.StartDate
		if in.Date == "" {
			in.Date = time.Now().Format(time.DateOnly)
		}
	}
	return nil
}

// Add creates an account; an empty number is given the next one.
func (s *Service) Add(ctx context.Context, in Input) (Account, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := prepare(ctx, tx, &in, dec.Zero, false); err != nil {
			return err
		}
		var err error
		if in.Number, err = coding.Assign(ctx, tx, "settAcct", in.Number); err != nil {
			return err
		}
		if err := duplicateNumber(ctx, tx, in.Number, 0); err != nil {
			return err
		}
		id, err = insertAccount(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("number", labelNumber, in.Number)
		}
		return err
	})
	if err != nil {
		return Account{}, errs.Wrap("add account", err)
	}
	return getAccount(ctx, s.db, s.columns, id)
}

// Update changes an account.
func (s *Service) Update(ctx context.Context, in Input) (Account, error) {
	if in.ID <= 0 {
		return Account{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getAccount(ctx, tx, s.columns, in.ID)
		if err != nil {
			return err
		}
		if err := prepare(ctx, tx, &in, cur.Amount, true); err != nil {
			return err
		}
		if err := duplicateNumber(ctx, tx, in.Number, in.ID); err != nil {
			return err
		}
		err = updateAccount(ctx, tx, in.ID, in)
		if db.IsUnique(err) {
			return errs.Duplicate("number", labelNumber, in.Number)
		}
		return err
	})
	if err != nil {
		return Account{}, errs.Wrap("update account", err)
	}
	return getAccount(ctx, s.db, s.columns, in.ID)
}

// Delete removes an account unless something uses it.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getAccount(ctx, tx, s.columns, id); err != nil {
			return err
		}
		return s.usage.Delete(ctx, tx, usage.Account, Entity, id, func() error { return deleteAccount(ctx, tx, id) })
	})
	return errs.Wrap("delete account", err)
}

// SetDisabled disables (1) or enables (0) an account.
func (s *Service) SetDisabled(ctx context.Context, id, disabled int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getAccount(ctx, tx, s.columns, id); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable account", err)
}
