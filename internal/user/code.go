package user

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// SendCode makes a one-time code for binding a mobile number or an e-mail
// address and delivers it: e-mail by SMTP when configured, otherwise (and
// always for mobile numbers: there is no SMS gateway) into the server log.
func (s *Service) SendCode(ctx context.Context, who *server.Principal, lang i18n.Lang, channel, target string) error {
	target = strings.TrimSpace(target)
	if err := checkTarget(channel, target); err != nil {
		return err
	}
	code, err := newCode()
	if err != nil {
		return errs.Wrap("verification code", err)
	}
	now := s.now()
	var codeID int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := lockUser(ctx, tx, who.UserID); err != nil {
			return err
		}
		var last sql.NullTime
		err := tx.QueryRow(ctx, "SELECT created_at FROM verify_codes WHERE user_id = ? AND channel = ? ORDER BY created_at DESC LIMIT 1",
			who.UserID, channel).Scan(&last)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if wait := lastCodeWait(last, now); wait > 0 {
			return errs.New(errs.KindThrottled, errs.CodeThrottled, "user.code.tooSoon", errs.A("seconds", wait))
		}
		// Earlier codes die; long-expired ones are removed.
		if _, err := tx.Exec(ctx, "UPDATE verify_codes SET used_at = ? WHERE user_id = ? AND channel = ? AND used_at IS NULL",
			now, who.UserID, channel); err != nil {
			return errs.Wrap("retire earlier codes", err)
		}
		if _, err := tx.Exec(ctx, "DELETE FROM verify_codes WHERE user_id = ? AND channel = ? AND expires_at < ?",
			who.UserID, channel, now.Add(-24*time.Hour)); err != nil {
			return errs.Wrap("delete expired codes", err)
		}
		return tx.QueryRow(ctx, `INSERT INTO verify_codes (user_id, channel, target, code_hash, attempts, expires_at, created_at)
			VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`, who.UserID, channel, target, hashCode(who.UserID, channel, target, code),
			now.Add(CodeTTL), now).Scan(&codeID)
	})
	if err != nil {
		return errs.Wrap("send code", err)
	}
	if channel == ChannelEmail && s.mailConfigured() {
		subject := i18n.T(lang, "user.code.mailSubject")
		body := i18n.T(lang, "user.code.mailBody", errs.A("code", code), errs.A("minutes", int(CodeTTL.Minutes())))
		if err := s.sendMail(ctx, target, subject, body); err != nil {
			s.opt.Logger.Error("send one-time code", "channel", channel, "target", target, "err", err.Error())
			// The failed code must not hold the next attempt back.
			bg := context.WithoutCancel(ctx)
			if err := s.db.InTx(bg, func(tx *db.Tx) error {
				_, err := tx.Exec(bg, "DELETE FROM verify_codes WHERE id = ?", codeID)
				return errs.Wrap(fmt.Sprintf("delete code %d", codeID), err)
			}); err != nil {
				s.opt.Logger.Error("drop unsent one-time code", "err", err.Error())
			}
			return errs.Invalid("user.code.sendFailed")
		}
		return nil
	}
	s.opt.Logger.Info("one-time code", "channel", channel, "target", target, "code", code, "user", who.Username)
	return nil
}

// lastCodeWait is how many seconds must still pass before another code.
func lastCodeWait(last sql.NullTime, now time.Time) int {
	if !last.Valid {
		return 0
	}
	left := last.Time.Add(CodeInterval).Sub(now)
	if left <= 0 {
		return 0
	}
	return int((left + time.Second - 1) / time.Second)
}

// Bind checks a one-time code and sets the caller's mobile number or e-mail
// address. A wrong code counts an attempt; a code dies after MaxCodeAttempts
// wrong answers, after use and after CodeTTL.
func (s *Service) Bind(ctx context.Context, who *server.Principal, channel string, in BindInput) error {
	target := strings.TrimSpace(in.Mobile)
	if channel == ChannelEmail {
		target = strings.TrimSpace(in.Email)
	}
	code := strings.TrimSpace(in.Code)
	var f errs.Fields
	if err := checkTarget(channel, target); err != nil {
		addErr(&f, err)
	}
	if code == "" {
		f.Required("code", labelCode)
	}
	if err := f.Err(); err != nil {
		return err
	}
	now := s.now()
	var codeErr error // kept while the counted attempt is committed
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := lockUser(ctx, tx, who.UserID); err != nil {
			return err
		}
		var id int64
		var hash string
		var attempts int
		var expires time.Time
		err := tx.QueryRow(ctx, `SELECT id, code_hash, attempts, expires_at FROM verify_codes
			WHERE user_id = ? AND channel = ? AND target = ? AND used_at IS NULL ORDER BY id DESC LIMIT 1`,
			who.UserID, channel, target).Scan(&id, &hash, &attempts, &expires)
		if errors.Is(err, sql.ErrNoRows) {
			codeErr = errs.Field("code", "user.code.expired")
			return nil
		}
		if err != nil {
			return err
		}
		if now.After(expires) || attempts >= MaxCodeAttempts {
			codeErr = errs.Field("code", "user.code.expired")
			return nil
		}
		if subtle.ConstantTimeCompare([]byte(hash), []byte(hashCode(who.UserID, channel, target, code))) != 1 {
			codeErr = errs.Field("code", "user.code.wrong")
			_, err := tx.Exec(ctx, "UPDATE verify_codes SET attempts = attempts + 1 WHERE id = ?", id)
			return errs.Wrap(fmt.Sprintf("count attempt on code %d", id), err)
		}
		if _, err := tx.Exec(ctx, "UPDATE verify_codes SET used_at = ? WHERE id = ?", now, id); err != nil {
			return errs.Wrap(fmt.Sprintf("use code %d", id), err)
		}
		column := "mobile"
		if channel == ChannelEmail {
			column = "email"
		}
		_, err = tx.Exec(ctx, "UPDATE users SET "+column+" = ?, updated_at = ? WHERE id = ?", target, now, who.UserID)
		return errs.Wrap(fmt.Sprintf("bind %s of user %d", channel, who.UserID), err)
	})
	if err != nil {
		return errs.Wrap("bind "+channel, err)
	}
	return codeErr
}

func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(1_000_000))
	if err != nil {
		return "", errs.Wrap("verification code", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

func hashCode(userID int64, channel, target, code string) string {
	sum := sha256.Sum256([]byte(fmt.Sprintf("%d:%s:%s:%s", userID, channel, strings.ToLower(target), code)))
	return hex.EncodeToString(sum[:])
}
