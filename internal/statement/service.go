package statement

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Service creates, lists and answers shared statements.
type Service struct {
	db    *db.DB
	build Builder
	Now   func() time.Time
}

// NewService is the service on d; build makes the statement (the report's).
func NewService(d *db.DB, build Builder) *Service {
	return &Service{db: d, build: build, Now: time.Now}
}

// customerType is contacts.type of customers.
const customerType = -10

// salesRight is the money right a statement's amounts need.
const salesRight = "money:salesAmount:view"

// notFound is the answer to an unknown, expired or revoked token: the same
// for each, saying nothing more.
func notFound() error { return errs.New(errs.KindNotFound, errs.CodeNotFound, "statement.err.gone") }

// Create snapshots the statement of a customer and period as the caller
// sees it (in both languages) and answers the token, shown only now.
func (s *Service) Create(ctx context.Context, p *server.Principal, lang i18n.Lang, in CreateInput) (Created, error) {
	if p == nil || p.ShopID == 0 {
		return Created{}, errs.Invalid("bill.err.noShop")
	}
	var f errs.Fields
	if in.BuID <= 0 {
		f.Required("buId", "statement.field.customer")
	}
	for _, d := range []struct{ name, v string }{{"beginDate", in.BeginDate}, {"endDate", in.EndDate}} {
		if !sysparam.ValidDate(d.v) {
			f.Add(d.name, "err.badParam", errs.A("name", d.name))
		}
	}
	if f.Len() == 0 && in.BeginDate > in.EndDate {
		f.Add("beginDate", "report.err.dates")
	}
	if in.ExpiresDays == 0 {
		in.ExpiresDays = DefaultDays
	}
	f.Range("expiresDays", "statement.field.expiresDays", in.ExpiresDays, 1, MaxExpiresDays)
	if err := f.Err(); err != nil {
		return Created{}, err
	}
	if !p.Can(salesRight) {
		return Created{}, errs.Forbidden("statement.err.noAmounts")
	}
	var number, name string
	err := s.db.QueryRow(ctx, "SELECT number, name FROM contacts WHERE id = ? AND type = ?", in.BuID, customerType).Scan(&number, &name)
	if errors.Is(err, sql.ErrNoRows) || err == nil && !p.Rights.ContactOK(in.BuID, customerType) {
		return Created{}, errs.NotFound("statement.field.customer")
	}
	if err != nil {
		return Created{}, fmt.Errorf("statement customer: %w", err)
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return Created{}, fmt.Errorf("statement settings: %w", err)
	}
	snap := Snapshot{Company: Company{Name: sys.CompanyName, Address: sys.CompanyAddress, Phone: sys.CompanyPhone},
		ContactNumber: number, ContactName: name, BeginDate: in.BeginDate, EndDate: in.EndDate,
		Places: Places{Qty: sys.QtyPlaces, Price: sys.PricePlaces, Amount: sys.AmountPlaces}, Sheets: map[string]Sheet{}}
	params := Params{BuID: in.BuID, BeginDate: in.BeginDate, EndDate: in.EndDate, ShowGoods: in.ShowGoods}
	closing := dec.Zero
	for _, l := range i18n.Langs {
		sh, err := s.build(ctx, p, l, params)
		if err != nil {
			return Created{}, err
		}
		bal, ok := sh.Totals["balance"].(dec.Dec)
		if !ok { // the amounts are hidden from the caller
			return Created{}, errs.Forbidden("statement.err.noAmounts")
		}
		closing = bal
		snap.Sheets[string(l)] = project(sh)
	}
	body, err := json.Marshal(snap)
	if err != nil {
		return Created{}, fmt.Errorf("statement snapshot: %w", err)
	}
	token, hash, err := newToken()
	if err != nil {
		return Created{}, fmt.Errorf("statement token: %w", err)
	}
	now := s.Now().UTC()
	expires := now.Add(time.Duration(in.ExpiresDays) * 24 * time.Hour)
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		return tx.QueryRow(ctx, `INSERT INTO statement_shares (shop_id, contact_id, begin_date, end_date, show_goods, lang, token_hash,
			snapshot, closing, expires_at, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
			p.ShopID, in.BuID, in.BeginDate, in.EndDate, flag(in.ShowGoods), string(lang), hash, string(body), closing, expires,
			nullID(p.UserID), now).Scan(&id)
	})
	if err != nil {
		return Created{}, fmt.Errorf("statement add: %w", err)
	}
	return Created{ID: id, Token: token, Path: "/statement/" + token, ExpiresAt: stamp(expires)}, nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id > 0} }

// stamp is a time as the screens show it (local time, to the second).
func stamp(t time.Time) string { return t.In(time.Local).Format(time.DateTime) }

// share is a stored share as the public side reads it.
type share struct {
	ID, ShopID  int64
	Lang        string
	Snapshot    string
	ExpiresAt   time.Time
	Revoked     int
	Answer      int
	Comment     string
	AnsweredAt  sql.NullTime
	ContactName string
}

// byToken finds the live share of a token: an ill-formed, unknown,
// expired or revoked one is the same 404 (one indexed lookup, no write).
func (s *Service) byToken(ctx context.Context, q db.Querier, token string) (share, error) {
	var sh share
	if !wellFormed(token) {
		return sh, notFound()
	}
	err := q.QueryRow(ctx, `SELECT s.id, s.shop_id, s.lang, s.snapshot, s.expires_at, s.revoked, s.answer, s.comment, s.answered_at, c.name
		FROM statement_shares s JOIN contacts c ON c.id = s.contact_id WHERE s.token_hash = ?`, hashToken(token)).
		Scan(&sh.ID, &sh.ShopID, &sh.Lang, &sh.Snapshot, &sh.ExpiresAt, &sh.Revoked, &sh.Answer, &sh.Comment, &sh.AnsweredAt, &sh.ContactName)
	if errors.Is(err, sql.ErrNoRows) {
		return sh, notFound()
	}
	if err != nil {
		return sh, fmt.Errorf("statement open: %w", err)
	}
	if sh.Revoked != 0 || !s.Now().Before(sh.ExpiresAt) {
		return sh, notFound()
	}
	return sh, nil
}

func (sh share) public() (Public, error) {
	var out Public
	if err := json.Unmarshal([]byte(sh.Snapshot), &out.Snapshot); err != nil {
		return out, fmt.Errorf("statement snapshot %d: %w", sh.ID, err)
	}
	out.Lang, out.ExpiresAt, out.Answer, out.Comment = sh.Lang, stamp(sh.ExpiresAt), answerNames[sh.Answer], sh.Comment
	if sh.AnsweredAt.Valid {
		out.AnsweredAt = stamp(sh.AnsweredAt.Time)
	}
	return out, nil
}

// Open is the statement of a token, for the page without sign-in.
func (s *Service) Open(ctx context.Context, token string) (Public, error) {
	sh, err := s.byToken(ctx, s.db, token)
	if err != nil {
		return Public{}, err
	}
	return sh.public()
}

// Answered is a recorded answer, with what the operation log names.
type Answered struct {
	Public
	ShareID, ShopID int64
}

// Answer records the customer's answer: once (a second answer is a 409;
// the staff share a new statement when the figures change).
func (s *Service) Answer(ctx context.Context, in AnswerInput, ip string) (Answered, error) {
	a, err := in.check()
	if err != nil {
		return Answered{}, err
	}
	var out Answered
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		sh, err := s.byToken(ctx, tx, in.Token)
		if err != nil {
			return err
		}
		now := s.Now().UTC()
		res, err := tx.Exec(ctx, `UPDATE statement_shares SET answer = ?, comment = ?, answered_at = ?, answer_ip = ?
			WHERE id = ? AND answer = 0`, a, in.Comment, now, truncate(ip, 64), sh.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			return errs.Conflict("statement.err.answered")
		}
		sh.Answer, sh.Comment, sh.AnsweredAt = a, in.Comment, sql.NullTime{Time: now, Valid: true}
		pub, err := sh.public()
		out = Answered{Public: pub, ShareID: sh.ID, ShopID: sh.ShopID}
		return err
	})
	if err != nil {
		return Answered{}, errs.Wrap("statement answer", err)
	}
	return out, nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

// List is the shares of the active shop (one customer's with buId), newest
// first, with their answers; the customers the caller may see only.
func (s *Service) List(ctx context.Context, p *server.Principal, buID int64, lp server.ListParams) (server.ListPage[Item], error) {
	if p == nil || p.ShopID == 0 {
		return server.ListPage[Item]{}, errs.Invalid("bill.err.noShop")
	}
	where, args := "s.shop_id = ?", []any{p.ShopID}
	if buID > 0 {
		where, args = where+" AND s.contact_id = ?", append(args, buID)
	}
	where, args = p.Rights.Contact("s.contact_id").And(where, args) // data rights (docs/rights.md)
	var n int
	if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM statement_shares s WHERE "+where, args...).Scan(&n); err != nil {
		return server.ListPage[Item]{}, fmt.Errorf("statement list: %w", err)
	}
	type row struct {
		Item
		closing              dec.Dec
		expires, created     time.Time
		answered             sql.NullTime
		revoked, answer      int
		creator, creatorNick string
	}
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, x *row) error {
		return r.Scan(&x.ID, &x.BuID, &x.ContactNumber, &x.ContactName, &x.BeginDate, &x.EndDate, &x.closing, &x.Comment,
			&x.answered, &x.created, &x.expires, &x.revoked, &x.answer, &x.creator, &x.creatorNick)
	}, `SELECT s.id, s.contact_id, c.number, c.name, s.begin_date, s.end_date, s.closing, s.comment, s.answered_at, s.created_at,
		s.expires_at, s.revoked, s.answer, COALESCE(u.username, ''), COALESCE(u.nickname, '')
		FROM statement_shares s JOIN contacts c ON c.id = s.contact_id LEFT JOIN users u ON u.id = s.created_by
		WHERE `+where+` ORDER BY s.id DESC LIMIT ? OFFSET ?`, append(args, lp.Rows, lp.Offset())...)
	if err != nil {
		return server.ListPage[Item]{}, fmt.Errorf("statement list: %w", err)
	}
	now := s.Now()
	items := make([]Item, len(rows))
	for i, x := range rows {
		it := x.Item
		if p.Can(salesRight) {
			c := x.closing
			it.Closing = &c
		}
		it.CreatedAt, it.ExpiresAt = stamp(x.created), stamp(x.expires)
		it.CreatedBy = x.creatorNick
		if strings.TrimSpace(it.CreatedBy) == "" {
			it.CreatedBy = x.creator
		}
		if x.answered.Valid {
			it.AnsweredAt = stamp(x.answered.Time)
		}
		switch {
		case x.answer == AnswerAgree:
			it.Status = "agreed"
		case x.answer == AnswerDispute:
			it.Status = "disputed"
		case x.revoked != 0:
			it.Status = "revoked"
		case !now.Before(x.expires):
			it.Status = "expired"
		default:
			it.Status = "pending"
		}
		items[i] = it
	}
	return server.NewListPage(lp, items, n), nil
}

// Revoke ends a share of the active shop before it expires (an answer
// given stays).
func (s *Service) Revoke(ctx context.Context, p *server.Principal, id int64) error {
	where, args := "id = ? AND shop_id = ?", []any{id, p.ShopID}
	where, args = p.Rights.Contact("contact_id").And(where, args)
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.Exec(ctx, "UPDATE statement_shares SET revoked = 1 WHERE "+where, args...)
		if err != nil {
			return fmt.Errorf("statement revoke: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			if err != nil {
				return err
			}
			return errs.NotFound("statement.what")
		}
		return nil
	})
}
