package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/mojocn/base64Captcha"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
)

// Options configure the service.
type Options struct {
	Captcha      bool
	AccessTTL    time.Duration
	RefreshTTL   time.Duration
	PasswordCost int
	// Version is the build's version, shown on the sign-in page (public.go).
	Version string
	// Mailer sends password reset codes; nil or unconfigured: the code goes
	// to Logger (as the user package does for binding codes).
	Mailer Mailer
	Logger *slog.Logger
}

// Service signs users in and resolves tokens.
type Service struct {
	db     *db.DB
	opt    Options
	Now    func() time.Time // the clock; tests move it
	driver *base64Captcha.DriverDigit
	dummy  func() string // hash compared when the user does not exist, so timing tells nothing
}

// New makes the service; the token signing key is shared through the database.
func New(ctx context.Context, d *db.DB, opt Options) (*Service, error) {
	if _, err := secret(ctx, d, jwtSecret); err != nil {
		return nil, errs.Wrap("jwt key", err)
	}
	dummy := sync.OnceValue(func() string {
		h, _ := HashPassword("not a password", opt.PasswordCost)
		return h
	})
	return &Service{
		db: d, opt: opt, Now: time.Now, dummy: dummy,
		driver: base64Captcha.NewDriverDigit(40, 120, captchaLen, 0.6, 40),
	}, nil
}

// CaptchaEnabled tells whether sign-in asks for a captcha.
func (s *Service) CaptchaEnabled() bool { return s.opt.Captcha }

// Captcha is a new captcha image.
type Captcha struct {
	CaptchaKey     string `json:"captchaKey"`
	CaptchaBase64  string `json:"captchaBase64"`
	CaptchaEnabled bool   `json:"captchaEnabled"`
}

// NewCaptcha draws a captcha and keeps its answer (hashed) until it expires.
func (s *Service) NewCaptcha(ctx context.Context) (Captcha, error) {
	_, question, answer := s.driver.GenerateIdQuestionAnswer()
	item, err := s.driver.DrawCaptcha(question)
	if err != nil {
		return Captcha{}, fmt.Errorf("draw captcha: %w", err)
	}
	key := randomToken()[:24]
	now := s.Now().UTC()
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "DELETE FROM captchas WHERE expires_at < ?", now); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, "INSERT INTO captchas (captcha_key, answer_hash, expires_at) VALUES (?, ?, ?)",
			key, hashAnswer(key, answer), now.Add(CaptchaTTL))
		return err
	})
	if err != nil {
		return Captcha{}, fmt.Errorf("store captcha: %w", err)
	}
	return Captcha{CaptchaKey: key, CaptchaBase64: item.EncodeB64string(), CaptchaEnabled: s.opt.Captcha}, nil
}

// checkCaptcha verifies an answer. consume deletes the captcha whatever the
// outcome (sign-in); otherwise only a wrong answer deletes it (verify).
func (s *Service) checkCaptcha(ctx context.Context, q db.Querier, key, code string, consume bool) error {
	if strings.TrimSpace(key) == "" || strings.TrimSpace(code) == "" {
		return errs.New(errs.KindInvalid, errs.CodeCaptchaWrong, "auth.captchaRequired")
	}
	var hash string
	var expires time.Time
	err := q.QueryRow(ctx, "SELECT answer_hash, expires_at FROM captchas WHERE captcha_key = ?", key).Scan(&hash, &expires)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.New(errs.KindInvalid, errs.CodeCaptchaExpired, "auth.captchaExpired")
	}
	if err != nil {
		return errs.Wrap("read captcha", err)
	}
	right := hashAnswer(key, code) == hash
	if consume || !right {
		if _, err := q.Exec(ctx, "DELETE FROM captchas WHERE captcha_key = ?", key); err != nil {
			return errs.Wrap("consume captcha", err)
		}
	}
	if s.Now().UTC().After(expires) {
		return errs.New(errs.KindInvalid, errs.CodeCaptchaExpired, "auth.captchaExpired")
	}
	if !right {
		return errs.New(errs.KindInvalid, errs.CodeCaptchaWrong, "auth.captchaWrong")
	}
	return nil
}

// VerifyCaptcha checks an answer without using the captcha up.
func (s *Service) VerifyCaptcha(ctx context.Context, key, code string) error {
	var verr error
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		verr = s.checkCaptcha(ctx, tx, key, code, false)
		if _, ok := errs.As(verr); ok {
			return nil // commit the deletion of a wrongly answered captcha
		}
		return verr
	})
	if err != nil {
		return errs.Wrap("verify captcha", err)
	}
	return verr
}

// LoginInput is what the sign-in form sends.
type LoginInput struct {
	Username    string `json:"username"`
	Password    string `json:"password"`
	CaptchaKey  string `json:"captchaKey"`
	CaptchaCode string `json:"captchaCode"`
	IP          string `json:"-"`
	UserAgent   string `json:"-"`
}

// Login checks throttling, the captcha and the password, and opens a session.
func (s *Service) Login(ctx context.Context, in LoginInput) (Tokens, *server.Principal, error) {
	var f errs.Fields
	f.Text("username", "auth.field.username", in.Username, true, 64)
	if in.Password == "" {
		f.Required("password", "auth.field.password")
	}
	if err := f.Err(); err != nil {
		return Tokens{}, nil, err
	}
	username := strings.TrimSpace(in.Username)
	now := s.Now().UTC()
	since := now.Add(-FailureWindow)
	userSubject, ipSubject := "u:"+strings.ToLower(username), "ip:"+in.IP

	// Throttling first, from a reader: a locked-out caller learns nothing more.
	for _, t := range []struct {
		subject string
		max     int
	}{{userSubject, MaxUserFailures}, {ipSubject, MaxIPFailures}} {
		n, err := countFailures(ctx, s.db, t.subject, since)
		if err != nil {
			return Tokens{}, nil, fmt.Errorf("login: %w", err)
		}
		if n >= t.max {
			return Tokens{}, nil, errs.New(errs.KindThrottled, errs.CodeThrottled, "auth.throttled", errs.A("minutes", int(FailureWindow.Minutes())))
		}
	}
	fail := func(cause error, subjects ...string) (Tokens, *server.Principal, error) {
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return recordFailure(ctx, tx, subjects...) }); err != nil {
			return Tokens{}, nil, fmt.Errorf("login: %w", err)
		}
		return Tokens{}, nil, cause
	}
	if s.opt.Captcha {
		// The captcha is used up by this attempt, whatever its outcome.
		var cerr error
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			cerr = s.checkCaptcha(ctx, tx, in.CaptchaKey, in.CaptchaCode, true)
			if _, ok := errs.As(cerr); ok {
				return nil
			}
			return cerr
		})
		if err != nil {
			return Tokens{}, nil, fmt.Errorf("login: %w", err)
		}
		if cerr != nil {
			return fail(cerr, ipSubject)
		}
	}
	u, found, err := findLoginUser(ctx, s.db, username)
	if err != nil {
		return Tokens{}, nil, fmt.Errorf("login: %w", err)
	}
	// The slow hash runs outside any transaction, so sign-ins never hold the writer.
	var hash string
	if found {
		hash = u.passwordHash
	} else {
		hash = s.dummy()
	}
	if !PasswordMatches(hash, in.Password) || !found {
		return fail(errs.Unauthenticated(errs.CodeWrongCredentials, "auth.wrongCredentials"), userSubject, ipSubject)
	}
	if u.status != 1 {
		return Tokens{}, nil, errs.New(errs.KindForbidden, errs.CodeUserDisabled, "auth.userDisabled")
	}
	var out Tokens
	var who *server.Principal
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := clearFailures(ctx, tx, userSubject, since); err != nil {
			return err
		}
		if err := deleteExpiredSessions(ctx, tx, now); err != nil {
			return err
		}
		root, err := isRoot(ctx, tx, u.id)
		if err != nil {
			return err
		}
		shop, err := firstShop(ctx, tx, u.id, root)
		if err != nil {
			return err
		}
		sid, err := insertSession(ctx, tx, u.id, shop, in.IP, in.UserAgent, now.Add(s.opt.RefreshTTL))
		if err != nil {
			return err
		}
		out, err = s.issue(ctx, tx, u.id, sid, now)
		who = &server.Principal{UserID: u.id, Username: username, SessionID: sid, ShopID: shop.Int64}
		return err
	})
	if err != nil {
		return Tokens{}, nil, fmt.Errorf("login: %w", err)
	}
	return out, who, nil
}

// issue makes an access token and a new refresh token for a session.
func (s *Service) issue(ctx context.Context, q db.Querier, userID, sessionID int64, now time.Time) (Tokens, error) {
	claims := jwt.MapClaims{
		"sub": strconv.FormatInt(userID, 10),
		"sid": sessionID,
		"iat": now.Unix(),
		"exp": now.Add(s.opt.AccessTTL).Unix(),
	}
	key, err := signingKey(ctx, q)
	if err != nil {
		return Tokens{}, err
	}
	access, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
	if err != nil {
		return Tokens{}, errs.Wrap("sign access token", err)
	}
	refresh := randomToken()
	if err := insertRefreshToken(ctx, q, sessionID, hashToken(refresh), now.Add(s.opt.RefreshTTL)); err != nil {
		return Tokens{}, errs.Wrap("store refresh token", err)
	}
	return Tokens{TokenType: "Bearer", AccessToken: access, RefreshToken: refresh, ExpiresIn: int64(s.opt.AccessTTL.Seconds())}, nil
}

// Refresh rotates a refresh token: the old one is used up, a new pair is
// issued. Presenting a used token again ends the whole session (it was
// stolen or replayed).
func (s *Service) Refresh(ctx context.Context, token string) (Tokens, error) {
	invalid := errs.Unauthenticated(errs.CodeRefreshInvalid, "auth.refreshInvalid")
	if strings.TrimSpace(token) == "" {
		return Tokens{}, invalid
	}
	now := s.Now().UTC()
	var out Tokens
	var refreshErr error
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var sessionID, userID int64
		var expires time.Time
		var used, revoked sql.NullTime
		var status int
		err := tx.QueryRow(ctx, `SELECT t.session_id, t.expires_at, t.used_at, s.revoked_at, s.user_id, u.status
			FROM refresh_tokens t JOIN sessions s ON s.id = t.session_id JOIN users u ON u.id = s.user_id
			WHERE t.token_hash = ?`, hashToken(token)).Scan(&sessionID, &expires, &used, &revoked, &userID, &status)
		if errors.Is(err, sql.ErrNoRows) {
			refreshErr = invalid
			return nil
		}
		if err != nil {
			return errs.Wrap("read refresh token", err)
		}
		if revoked.Valid || status != 1 || now.After(expires) {
			refreshErr = invalid
			return nil
		}
		res, err := tx.Exec(ctx, "UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL", now, hashToken(token))
		if err != nil {
			return errs.Wrap("use refresh token", err)
		}
		if n, _ := res.RowsAffected(); n == 0 || used.Valid {
			refreshErr = invalid
			return RevokeSession(ctx, tx, sessionID)
		}
		if _, err := tx.Exec(ctx, "UPDATE sessions SET expires_at = ? WHERE id = ?", now.Add(s.opt.RefreshTTL), sessionID); err != nil {
			return err
		}
		out, err = s.issue(ctx, tx, userID, sessionID, now)
		return err
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("refresh: %w", err)
	}
	return out, refreshErr
}

// Logout ends the caller's session.
func (s *Service) Logout(ctx context.Context, p *server.Principal) error {
	return RevokeSession(ctx, s.db, p.SessionID)
}

// Authenticate resolves an access token into the caller: the signature and
// expiry, then the session (not revoked), the user (enabled), the active shop,
// roles and permissions, as they are now: changes apply at once.
func (s *Service) Authenticate(ctx context.Context, token string) (*server.Principal, error) {
	invalid := errs.Unauthenticated(errs.CodeAccessInvalid, "auth.tokenInvalid")
	var claims struct {
		SID int64 `json:"sid"`
		jwt.RegisteredClaims
	}
	key, err := signingKey(ctx, s.db)
	if err != nil {
		return nil, err
	}
	_, err = jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithExpirationRequired(), jwt.WithTimeFunc(s.Now))
	if err != nil || claims.SID <= 0 {
		return nil, invalid
	}
	// The caller as read from the database is kept while nothing it is made
	// of changed (db.Cached: sessions, users, shops, roles, grants, menus;
	// one cheap query for the change counter): a sign-out, a disabled user
	// or a changed permission applies at the next request, in every process.
	c, err := db.Cached(ctx, s.db, db.CounterAuth, "session:"+strconv.FormatInt(claims.SID, 10), func(ctx context.Context, q db.Querier) (*caller, error) {
		return loadCaller(ctx, q, claims.SID)
	})
	if err != nil {
		return nil, errs.Wrap("authenticate", err)
	}
	if !c.valid || strconv.FormatInt(c.p.UserID, 10) != claims.Subject {
		return nil, invalid
	}
	p := c.p // a copy: the cached one is shared
	p.RoleIDs, p.Roles, p.Perms = slices.Clip(p.RoleIDs), slices.Clip(p.Roles), slices.Clip(p.Perms)
	return &p, nil
}

// caller is the principal of a session as read from the database; valid
// is false when the session was revoked or its user disabled.
type caller struct {
	p     server.Principal
	valid bool
}

func loadCaller(ctx context.Context, q db.Querier, sessionID int64) (*caller, error) {
	row, err := loadSession(ctx, q, sessionID)
	if err != nil {
		return nil, errs.Wrap(fmt.Sprintf("load session %d", sessionID), err)
	}
	if row.revoked.Valid || row.status != 1 {
		return &caller{}, nil
	}
	p := server.Principal{
		UserID: row.userID, Username: row.username, Nickname: row.nickname, SessionID: sessionID,
		ShopID: row.shopID.Int64, DeptID: row.deptID.Int64, MustChangePassword: row.mustChange == 1,
	}
	if err := loadGrants(ctx, q, &p); err != nil {
		return nil, fmt.Errorf("load grants: %w", err)
	}
	if !p.IsRoot() {
		if p.Rights, err = rights.Load(ctx, q, p.UserID, p.RoleIDs); err != nil {
			return nil, err
		}
	}
	// A shop that was disabled, or that the user was removed from, is no
	// longer active: the user must switch to another one.
	if !row.shopUsable || (!row.shopMember && !p.IsRoot()) {
		p.ShopID = 0
	}
	return &caller{p: p, valid: true}, nil
}
