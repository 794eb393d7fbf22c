package period

import (
	"context"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/sysconf"
)

// Service closes and reopens periods.
type Service struct {
	db    *db.DB
	snaps Snapshots
}

// Snapshots store and drop the stock snapshot of a close, in the close's
// transaction (the stock engine's, passed in by the app: stock.Snapshot
// and stock.DropSnapshot).
type Snapshots struct {
	Store, Drop func(ctx context.Context, tx db.Querier, date string) error
}

// NewService returns the period service.
func NewService(d *db.DB, snaps Snapshots) *Service { return &Service{db: d, snaps: snaps} }

func today() string { return time.Now().Format("2006-01-02") }

// List is the period in force and every close.
func (s *Service) List(ctx context.Context) (State, error) {
	return state(ctx, s.db)
}

func state(ctx context.Context, q db.Querier) (State, error) {
	closes, err := listCloses(ctx, q)
	if err != nil {
		return State{}, err
	}
	st := State{Closes: closes}
	if len(closes) > 0 {
		st.CloseDate = closes[0].CloseDate
	}
	return st, nil
}

// Close closes the books through in.Date and stores the period balances:
// every stock balance's quantity and value at the date (reports over later
// dates start from them). Refused for a date not after the
// period already closed, a future date, or while a draft is dated in the
// period (it could never be audited or deleted afterwards: the message names it).
func (s *Service) Close(ctx context.Context, p *server.Principal, in CloseInput) (State, error) {
	var out State
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := state(ctx, tx)
		if err != nil {
			return err
		}
		if err := in.validate(cur.CloseDate, today()); err != nil {
			return err
		}
		if no, on, err := firstDraft(ctx, tx, in.Date); err != nil {
			return err
		} else if no != "" {
			return errs.Conflict("period.err.draft", errs.A("no", no), errs.A("date", on))
		}
		if err := insertClose(ctx, tx, in.Date, p.UserID); err != nil {
			return err
		}
		if err := s.snaps.Store(ctx, tx, in.Date); err != nil {
			return fmt.Errorf("period balances through %s: %w", in.Date, err)
		}
		if err := sysconf.SetParam(ctx, tx, "closeDate", in.Date); err != nil {
			return err
		}
		out, err = state(ctx, tx)
		return err
	})
	if err != nil {
		return State{}, errs.Wrap("close period", err)
	}
	return out, nil
}

// Open reopens the last closed period: the close before it (or none) is in
// force again.
func (s *Service) Open(ctx context.Context) (State, error) {
	var out State
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := state(ctx, tx)
		if err != nil {
			return err
		}
		if cur.CloseDate == "" {
			return errs.Conflict("period.err.nothingClosed")
		}
		if _, err := tx.Exec(ctx, "DELETE FROM period_closes WHERE close_date = ?", cur.CloseDate); err != nil {
			return err
		}
		if err := s.snaps.Drop(ctx, tx, cur.CloseDate); err != nil {
			return err
		}
		prev := ""
		if len(cur.Closes) > 1 {
			prev = cur.Closes[1].CloseDate
		}
		if err := sysconf.SetParam(ctx, tx, "closeDate", prev); err != nil {
			return err
		}
		out, err = state(ctx, tx)
		return err
	})
	if err != nil {
		return State{}, errs.Wrap("reopen period", err)
	}
	return out, nil
}
