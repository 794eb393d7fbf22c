package home

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/auth"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/shop"
	"cangshu/internal/sysconf"
)

// Service answers the home endpoints.
type Service struct {
	db      *db.DB
	conf    *sysconf.Service
	version string
	resets  []ResetStep
	backup  func(ctx context.Context) (string, error)
}

// SetResetBackup sets what "reset data" runs first: a backup of the current
// state, answering its name (a failed backup stops the reset).
func (s *Service) SetResetBackup(fn func(ctx context.Context) (string, error)) { s.backup = fn }

// NewService makes the service.
func NewService(d *db.DB, conf *sysconf.Service, version string) *Service {
	return &Service{db: d, conf: conf, version: version}
}

// RegisterReset appends steps to "reset data" (重新初始化). Steps run in
// registration order in one transaction, so register tables that refer to
// others first (document lines before documents). Call it while wiring the
// app, before serving. System tables (users, roles, shops, settings, the
// operation log) are never cleared.
func (s *Service) RegisterReset(steps ...ResetStep) { s.resets = append(s.resets, steps...) }

// Info is the caller's system information.
func (s *Service) Info(ctx context.Context, p *server.Principal, lang i18n.Lang) (Info, error) {
	sys, err := s.conf.System(ctx)
	if err != nil {
		return Info{}, err
	}
	sys.InitPassword = "" // never on the home page
	shops, err := shop.Switchable(ctx, s.db, p, lang)
	if err != nil {
		return Info{}, err
	}
	info := Info{
		System: sys, Version: s.version, Language: string(lang), ServerTime: time.Now().UTC(),
		Name: p.Nickname, Username: p.Username, UserID: p.UserID,
		Roles: p.Roles, ShopID: p.ShopID, Shops: make([]ShopItem, len(shops)),
	}
	if info.Roles == nil {
		info.Roles = []string{}
	}
	rights := p.Perms
	if rights == nil {
		rights = []string{}
	}
	if p.IsRoot() {
		rights = []string{"*:*:*"}
	} else if len(p.RoleIDs) > 0 {
		info.RoleID = p.RoleIDs[0]
	}
	b, err := json.Marshal(rights)
	if err != nil {
		return Info{}, err
	}
	info.Rights = string(b)
	for i, o := range shops {
		info.Shops[i] = ShopItem{ShopID: o.Value, ShopName: o.Label}
		if o.Value == p.ShopID {
			info.ShopName = o.Label
		}
	}
	if p.ShopID != 0 && info.ShopName == "" {
		err := s.db.QueryRow(ctx, "SELECT name FROM shops WHERE id = ?", p.ShopID).Scan(&info.ShopName)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return Info{}, fmt.Errorf("active shop: %w", err)
		}
		info.ShopName = shop.SeededName(lang, info.ShopName)
	}
	return info, nil
}

// SwitchShop makes a shop the active shop of the caller's session (this
// session only; the user's other sessions keep theirs).
func (s *Service) SwitchShop(ctx context.Context, p *server.Principal, in SwitchInput) (ShopItem, error) {
	var out ShopItem
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		name, err := shop.SwitchTarget(ctx, tx, p, in.ShopID)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE sessions SET shop_id = ? WHERE id = ?", in.ShopID, p.SessionID); err != nil {
			return err
		}
		out = ShopItem{ShopID: in.ShopID, ShopName: name}
		return nil
	})
	if err != nil {
		return ShopItem{}, errs.Wrap("switch shop", err)
	}
	return out, nil
}

// Reset deletes all business data (every registered step) in one
// transaction, after checking that the caller is ROOT and their own
// password, and after a backup of the current state (SetResetBackup). The operation log
// is kept; the route logs the reset itself.
func (s *Service) Reset(ctx context.Context, p *server.Principal, lang i18n.Lang, in ResetInput) (ResetResult, error) {
	if !p.IsRoot() {
		return ResetResult{}, errs.Forbidden("home.err.resetRootOnly")
	}
	if strings.TrimSpace(in.Password) == "" {
		return ResetResult{}, errs.Required("password", "home.field.password")
	}
	// Wrong passwords are throttled like sign-ins (the same count per user,
	// in the database), so a stolen session cannot guess the password here.
	now := time.Now().UTC()
	if err := auth.CheckThrottle(ctx, s.db, p.Username, now); err != nil {
		return ResetResult{}, err
	}
	var hash string
	if err := s.db.QueryRow(ctx, "SELECT password_hash FROM users WHERE id = ?", p.UserID).Scan(&hash); err != nil {
		return ResetResult{}, fmt.Errorf("reset: read password: %w", err)
	}
	if !auth.PasswordMatches(hash, in.Password) {
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return auth.RecordPasswordFailure(ctx, tx, p.Username) }); err != nil {
			return ResetResult{}, fmt.Errorf("reset: record a wrong password: %w", err)
		}
		return ResetResult{}, errs.Field("password", "home.err.wrongPassword")
	}
	if err := s.db.InTx(ctx, func(tx *db.Tx) error { return auth.ClearPasswordFailures(ctx, tx, p.Username, now) }); err != nil {
		return ResetResult{}, fmt.Errorf("reset: clear password failures: %w", err)
	}
	out := ResetResult{Cleared: []Cleared{}}
	if s.backup != nil {
		name, err := s.backup(ctx)
		if err != nil {
			return ResetResult{}, fmt.Errorf("reset: backup first: %w", err)
		}
		out.Backup = name
	}
	began := time.Now()
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, step := range s.resets {
			n, err := step.Run(ctx, tx)
			if err != nil {
				return err
			}
			c := Cleared{Name: step.Name, Rows: n}
			if step.What != "" {
				c.Text = i18n.T(lang, string(step.What), errs.A("rows", n))
			}
			out.Cleared = append(out.Cleared, c)
		}
		return nil
	})
	if err != nil {
		return ResetResult{}, errs.Wrap("reset", err)
	}
	for _, step := range s.resets {
		if step.After != nil {
			step.After(ctx, began)
		}
	}
	return out, nil
}
