package auth

// The sign-in page's extras, all public: the page's configuration,
// self-registration (when the allowRegister parameter is on) and a forgotten
// password reset by a one-time code sent to the user's bound e-mail address.

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/mail"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Limits of registration and password reset. Usernames follow the users
// API's rules.
const (
	MinUsernameLen       = 3
	MaxUsernameLen       = 32
	MaxNicknameLen       = 32
	MaxEmailLen          = 100
	MaxRegistrations     = 10               // registration attempts per address in FailureWindow
	ResetCodeTTL         = 5 * time.Minute  // a reset code expires after
	ResetCodeInterval    = 60 * time.Second // at most one code per e-mail address in this time
	MaxResetCodeAttempts = 5                // wrong answers before a code is dead
	channelReset         = "passwordReset"  // verify_codes.channel of reset codes
)

// Configuration keys read from the configs table (seeded by sysconf).
const (
	keyAllowRegister = "allowRegister"
	keyShowAgreement = "showAgreement"
	keyCompanyName   = "companyName"
)

var usernameRe = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)

// Field labels.
const (
	labelUsername        errs.Key = "auth.field.username"
	labelNickname        errs.Key = "auth.field.nickname"
	labelPassword        errs.Key = "auth.field.password"
	labelNewPassword     errs.Key = "auth.field.newPassword"
	labelConfirmPassword errs.Key = "auth.field.confirmPassword"
	labelEmail           errs.Key = "auth.field.email"
	labelCode            errs.Key = "auth.field.code"
)

// Mailer sends plain-text e-mail (the user service, with its SMTP settings).
type Mailer interface {
	MailConfigured() bool
	SendMail(ctx context.Context, to, subject, body string) error
}

// PublicConfig is what the sign-in page shows: GET /api/auth/config.
type PublicConfig struct {
	CaptchaEnabled bool   `json:"captchaEnabled"`
	AllowRegister  int    `json:"allowRegister"` // 1: the page offers registration
	ShowAgreement  int    `json:"showAgreement"` // 1: registration asks to accept the user agreement
	CompanyName    string `json:"companyName"`
	Version        string `json:"version"`
	// PasswordMinLength is the password rule's minimum length (the forms
	// show the rule: this length, not the user name, not a common password).
	PasswordMinLength int `json:"passwordMinLength"`
}

// PublicConfig reads the sign-in page's configuration.
func (s *Service) PublicConfig(ctx context.Context) (PublicConfig, error) {
	v, err := readConfigs(ctx, s.db, keyAllowRegister, keyShowAgreement, keyCompanyName)
	if err != nil {
		return PublicConfig{}, errs.Wrap("public config", err)
	}
	rule, err := LoadPasswordRule(ctx, s.db)
	if err != nil {
		return PublicConfig{}, errs.Wrap("public config", err)
	}
	return PublicConfig{
		PasswordMinLength: rule.MinLen,
		CaptchaEnabled:    s.opt.Captcha,
		AllowRegister:     flag(v[keyAllowRegister]),
		ShowAgreement:     flag(v[keyShowAgreement]),
		CompanyName:       v[keyCompanyName],
		Version:           s.opt.Version,
	}, nil
}

func flag(v string) int {
	if strings.TrimSpace(v) == "1" {
		return 1
	}
	return 0
}

func readConfigs(ctx context.Context, q db.Querier, keys ...string) (map[string]string, error) {
	rows, err := q.Query(ctx, "SELECT config_key, config_value FROM configs WHERE config_key IN "+db.In(len(keys)), db.Args(keys)...)
	if err != nil {
		return nil, errs.Wrap("read configs", err)
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, errs.Wrap("read configs", err)
		}
		out[k] = v
	}
	return out, rows.Err()
}

// RegisterInput is the registration form.
type RegisterInput struct {
	Username        string `json:"username"`
	Nickname        string `json:"nickname"` // "" = the username
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
	CaptchaKey      string `json:"captchaKey"`
	CaptchaCode     string `json:"captchaCode"`
	IP              string `json:"-"`
}

// Registered is the answer to a registration.
type Registered struct {
	UserID   int64  `json:"userId"`
	Username string `json:"username"`
}

func (in *RegisterInput) check(rule PasswordRule) error {
	in.Username = strings.TrimSpace(in.Username)
	in.Nickname = strings.TrimSpace(in.Nickname)
	var f errs.Fields
	checkUsername(&f, "username", in.Username)
	f.Text("nickname", labelNickname, in.Nickname, false, MaxNicknameLen)
	checkNewPassword(&f, rule, "password", labelPassword, in.Password, in.ConfirmPassword, in.Username)
	return f.Err()
}

func checkUsername(f *errs.Fields, path, v string) {
	switch n := utf8.RuneCountInString(v); {
	case n == 0:
		f.Required(path, labelUsername)
	case n < MinUsernameLen:
		f.Add(path, "err.tooShort", errs.A("field", labelUsername), errs.A("min", MinUsernameLen))
	case n > MaxUsernameLen:
		f.Add(path, "err.tooLong", errs.A("field", labelUsername), errs.A("max", MaxUsernameLen))
	case !usernameRe.MatchString(v):
		f.Add(path, "auth.err.usernameChars", errs.A("field", labelUsername))
	}
}

// checkNewPassword checks a new password of username (may be "") against
// the rule, and its confirmation.
func checkNewPassword(f *errs.Fields, rule PasswordRule, path string, label errs.Key, pw, confirm, username string) {
	if err := rule.Check(path, label, pw, username); err != nil {
		addFieldErrs(f, err)
		return
	}
	if confirm == "" {
		f.Required("confirmPassword", labelConfirmPassword)
	} else if confirm != pw {
		f.Add("confirmPassword", "auth.err.passwordMismatch")
	}
}

func addFieldErrs(f *errs.Fields, err error) {
	if e, ok := errs.As(err); ok {
		for _, fe := range e.Fields {
			f.Add(fe.Path, fe.Key, fe.Args...)
		}
	}
}

func checkEmail(f *errs.Fields, path, v string) {
	switch {
	case v == "":
		f.Required(path, labelEmail)
	case utf8.RuneCountInString(v) > MaxEmailLen:
		f.Add(path, "err.tooLong", errs.A("field", labelEmail), errs.A("max", MaxEmailLen))
	case !validEmail(v):
		f.Add(path, "err.invalid", errs.A("field", labelEmail))
	}
}

// validEmail accepts a bare address such as name@example.com.
func validEmail(v string) bool {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return false
	}
	domain := v[strings.LastIndexByte(v, '@')+1:]
	return strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".")
}

// Register creates an enabled user without roles in the first shop, when the
// allowRegister parameter is on. Attempts that reach the database (right or
// wrong) are counted per address: at most MaxRegistrations in FailureWindow.
func (s *Service) Register(ctx context.Context, in RegisterInput) (Registered, *server.Principal, error) {
	v, err := readConfigs(ctx, s.db, keyAllowRegister)
	if err != nil {
		return Registered{}, nil, errs.Wrap("register", err)
	}
	if flag(v[keyAllowRegister]) != 1 {
		return Registered{}, nil, errs.Forbidden("auth.register.closed")
	}
	now := s.Now().UTC()
	subject := "reg:" + in.IP
	n, err := countFailures(ctx, s.db, subject, now.Add(-FailureWindow))
	if err != nil {
		return Registered{}, nil, errs.Wrap("register", err)
	}
	if n >= MaxRegistrations {
		return Registered{}, nil, errs.New(errs.KindThrottled, errs.CodeThrottled, "auth.register.throttled", errs.A("minutes", int(FailureWindow.Minutes())))
	}
	rule, err := LoadPasswordRule(ctx, s.db)
	if err != nil {
		return Registered{}, nil, errs.Wrap("register", err)
	}
	if err := in.check(rule); err != nil {
		return Registered{}, nil, err
	}
	if in.Nickname == "" {
		in.Nickname = in.Username
	}
	if s.opt.Captcha {
		var cerr error
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			cerr = s.checkCaptcha(ctx, tx, in.CaptchaKey, in.CaptchaCode, true)
			if _, ok := errs.As(cerr); ok {
				return insertAttempt(ctx, tx, subject, now)
			}
			return cerr
		})
		if err != nil {
			return Registered{}, nil, errs.Wrap("register", err)
		}
		if cerr != nil {
			return Registered{}, nil, cerr
		}
	}
	hash, err := HashPassword(in.Password, s.opt.PasswordCost) // slow: outside the transaction
	if err != nil {
		return Registered{}, nil, errs.Wrap("register", err)
	}
	var out Registered
	var who *server.Principal
	var dup error
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := insertAttempt(ctx, tx, subject, now); err != nil {
			return err
		}
		var taken int
		if err := tx.QueryRow(ctx, "SELECT COUNT(*) FROM users WHERE LOWER(username) = LOWER(?)", in.Username).Scan(&taken); err != nil {
			return err
		}
		if taken > 0 {
			dup = errs.Duplicate("username", labelUsername, in.Username)
			return nil // keep the counted attempt
		}
		var id int64
		err := tx.QueryRow(ctx, `INSERT INTO users (username, nickname, password_hash, status, must_change_password, created_at, updated_at)
			VALUES (?, ?, ?, 1, 0, ?, ?) RETURNING id`, in.Username, in.Nickname, hash, now, now).Scan(&id)
		if db.IsUnique(err) {
			return errs.Duplicate("username", labelUsername, in.Username)
		}
		if err != nil {
			return err
		}
		var shop sql.NullInt64
		if err := tx.QueryRow(ctx, "SELECT MIN(id) FROM shops WHERE status = 1").Scan(&shop); err != nil {
			return err
		}
		if shop.Valid {
			if _, err := tx.Exec(ctx, "INSERT INTO user_shops (user_id, shop_id) VALUES (?, ?)", id, shop.Int64); err != nil {
				return err
			}
		}
		out = Registered{UserID: id, Username: in.Username}
		who = &server.Principal{UserID: id, Username: in.Username, Nickname: in.Nickname, ShopID: shop.Int64}
		return nil
	})
	if err != nil {
		return Registered{}, nil, errs.Wrap("register", err)
	}
	if dup != nil {
		return Registered{}, nil, dup
	}
	return out, who, nil
}

// insertAttempt records one throttled attempt at the service's clock.
func insertAttempt(ctx context.Context, q db.Querier, subject string, now time.Time) error {
	_, err := q.Exec(ctx, "INSERT INTO login_failures (subject, created_at) VALUES (?, ?)", subject, now)
	return errs.Wrap("record attempt", err)
}

// resetUser is the enabled user an e-mail address resets: the oldest one
// bound to it (addresses compare case-insensitively).
func resetUser(ctx context.Context, q db.Querier, email string) (id int64, username string, found bool, err error) {
	err = q.QueryRow(ctx, "SELECT id, username FROM users WHERE LOWER(email) = LOWER(?) AND status = 1 ORDER BY id LIMIT 1", email).
		Scan(&id, &username)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", false, nil
	}
	return id, username, err == nil, err
}

// SendResetCode sends a password reset code to an e-mail address when an
// enabled user has it bound; the answer is the same either way, so it tells
// nothing about the address. One code per address per ResetCodeInterval.
// Without a configured mail server the code goes to the server log.
func (s *Service) SendResetCode(ctx context.Context, lang i18n.Lang, email string) error {
	email = strings.TrimSpace(email)
	var f errs.Fields
	checkEmail(&f, "email", email)
	if err := f.Err(); err != nil {
		return err
	}
	target := strings.ToLower(email)
	subject := "pwcode:" + target
	now := s.Now().UTC()
	code, err := newCode()
	if err != nil {
		return errs.Wrap("send reset code", err)
	}
	var userID int64
	var username string
	var found bool
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var last sql.NullTime // not MAX(created_at): SQLite would answer text
		err := tx.QueryRow(ctx, "SELECT created_at FROM login_failures WHERE subject = ? ORDER BY created_at DESC LIMIT 1", subject).Scan(&last)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if wait := waitSeconds(last, now); wait > 0 {
			return errs.New(errs.KindThrottled, errs.CodeThrottled, "auth.reset.tooSoon", errs.A("seconds", wait))
		}
		if err := insertAttempt(ctx, tx, subject, now); err != nil {
			return err
		}
		userID, username, found, err = resetUser(ctx, tx, email)
		if err != nil || !found {
			return err
		}
		// Earlier codes die; long-expired ones are removed.
		if _, err := tx.Exec(ctx, "UPDATE verify_codes SET used_at = ? WHERE user_id = ? AND channel = ? AND used_at IS NULL",
			now, userID, channelReset); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM verify_codes WHERE user_id = ? AND channel = ? AND expires_at < ?",
			userID, channelReset, now.Add(-24*time.Hour)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO verify_codes (user_id, channel, target, code_hash, attempts, expires_at, created_at)
			VALUES (?, ?, ?, ?, 0, ?, ?)`, userID, channelReset, target, hashCode(userID, target, code), now.Add(ResetCodeTTL), now)
		return err
	})
	if err != nil {
		return errs.Wrap("send reset code", err)
	}
	if !found {
		return nil
	}
	if s.opt.Mailer != nil && s.opt.Mailer.MailConfigured() {
		body := i18n.T(lang, "auth.reset.mailBody", errs.A("code", code), errs.A("minutes", int(ResetCodeTTL.Minutes())))
		if err := s.opt.Mailer.SendMail(ctx, email, i18n.T(lang, "auth.reset.mailSubject"), body); err != nil {
			// Answering an error would tell that the address is known.
			s.logger().Error("send password reset code", "target", target, "user", username, "err", err.Error())
		}
		return nil
	}
	s.logger().Info("password reset code", "target", target, "code", code, "user", username)
	return nil
}

func (s *Service) logger() *slog.Logger {
	if s.opt.Logger != nil {
		return s.opt.Logger
	}
	return slog.Default()
}

// waitSeconds is how many seconds must still pass before another code.
func waitSeconds(last sql.NullTime, now time.Time) int {
	if !last.Valid {
		return 0
	}
	left := last.Time.Add(ResetCodeInterval).Sub(now)
	if left <= 0 {
		return 0
	}
	return int((left + time.Second - 1) / time.Second)
}

// ResetInput is the password reset form.
type ResetInput struct {
	Email           string `json:"email"`
	Code            string `json:"code"`
	Password        string `json:"password"`
	ConfirmPassword string `json:"confirmPassword"`
}

// ResetPassword checks a reset code and sets the new password: the user no
// longer has to change it, every session of theirs ends and their sign-in
// failures are forgotten. A wrong code counts an attempt; a code dies after
// MaxResetCodeAttempts wrong answers, after use and after ResetCodeTTL.
func (s *Service) ResetPassword(ctx context.Context, in ResetInput) (*server.Principal, error) {
	email := strings.TrimSpace(in.Email)
	code := strings.TrimSpace(in.Code)
	var f errs.Fields
	checkEmail(&f, "email", email)
	if code == "" {
		f.Required("code", labelCode)
	}
	rule, err := LoadPasswordRule(ctx, s.db)
	if err != nil {
		return nil, errs.Wrap("reset password", err)
	}
	checkNewPassword(&f, rule, "password", labelNewPassword, in.Password, in.ConfirmPassword, "")
	if err := f.Err(); err != nil {
		return nil, err
	}
	hash, err := HashPassword(in.Password, s.opt.PasswordCost)
	if err != nil {
		return nil, errs.Wrap("reset password", err)
	}
	target := strings.ToLower(email)
	now := s.Now().UTC()
	var who *server.Principal
	var codeErr error // kept while the counted attempt is committed
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		expired := errs.Field("code", "auth.reset.codeExpired")
		userID, username, found, err := resetUser(ctx, tx, email)
		if err != nil {
			return err
		}
		if !found {
			codeErr = expired
			return nil
		}
		var id int64
		var stored string
		var attempts int
		var expires time.Time
		err = tx.QueryRow(ctx, `SELECT id, code_hash, attempts, expires_at FROM verify_codes
			WHERE user_id = ? AND channel = ? AND target = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1`,
			userID, channelReset, target).Scan(&id, &stored, &attempts, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			codeErr = expired
			return nil
		}
		if err != nil {
			return err
		}
		if now.After(expires) || attempts >= MaxResetCodeAttempts {
			codeErr = expired
			return nil
		}
		if subtle.ConstantTimeCompare([]byte(stored), []byte(hashCode(userID, target, code))) != 1 {
			codeErr = errs.Field("code", "auth.reset.codeWrong")
			_, err := tx.Exec(ctx, "UPDATE verify_codes SET attempts = attempts + 1 WHERE id = ?", id)
			return err
		}
		if err := rule.Check("password", labelNewPassword, in.Password, username); err != nil {
			return err // the code stays good for a better password
		}
		if _, err := tx.Exec(ctx, "UPDATE verify_codes SET used_at = ? WHERE id = ?", now, id); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "UPDATE users SET password_hash = ?, must_change_password = 0, updated_at = ? WHERE id = ?",
			hash, now, userID); err != nil {
			return err
		}
		if err := RevokeUserSessions(ctx, tx, userID, 0); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, "DELETE FROM login_failures WHERE subject = ?", "u:"+strings.ToLower(username)); err != nil {
			return err
		}
		who = &server.Principal{UserID: userID, Username: username}
		return nil
	})
	if err != nil {
		return nil, errs.Wrap("reset password", err)
	}
	return who, codeErr
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", errs.Wrap("verification code", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func hashCode(userID int64, target, code string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%d:%s:%s:%s", userID, channelReset, target, code)))
	return hex.EncodeToString(sum[:])
}

// publicRoutes are the sign-in page's extras (registered in http.go).
func publicRoutes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/auth/config", Public: true, Tag: "auth", H: func(c *server.Ctx) (any, error) {
			return s.PublicConfig(c.Context())
		}},
		{Method: "POST", Path: "/api/auth/register", Public: true, Log: "log.auth.register", Tag: "auth", H: func(c *server.Ctx) (any, error) {
			var in RegisterInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			in.IP = c.IP
			out, who, err := s.Register(c.Context(), in)
			if err != nil {
				return nil, err
			}
			c.User = who // for the operation log
			return out, nil
		}},
		{Method: "POST", Path: "/api/auth/password/code", Public: true, Log: "log.auth.sendResetCode", Tag: "auth", H: func(c *server.Ctx) (any, error) {
			var in struct {
				Email string `json:"email"`
			}
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			return nil, s.SendResetCode(c.Context(), c.Lang, in.Email)
		}},
		{Method: "POST", Path: "/api/auth/password/reset", Public: true, Log: "log.auth.resetPassword", Tag: "auth", H: func(c *server.Ctx) (any, error) {
			var in ResetInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			who, err := s.ResetPassword(c.Context(), in)
			if err != nil {
				return nil, err
			}
			c.User = who // for the operation log
			return nil, nil
		}},
	}
}
