package auth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

type loginUser struct {
	id           int64
	passwordHash string
	status       int
}

func findLoginUser(ctx context.Context, q db.Querier, username string) (loginUser, bool, error) {
	var u loginUser
	err := q.QueryRow(ctx, "SELECT id, password_hash, status FROM users WHERE username = ?", username).
		Scan(&u.id, &u.passwordHash, &u.status)
	if errors.Is(err, sql.ErrNoRows) {
		return u, false, nil
	}
	return u, err == nil, err
}

func countFailures(ctx context.Context, q db.Querier, subject string, since time.Time) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM login_failures WHERE subject = ? AND created_at > ?", subject, since).Scan(&n)
	return n, errs.Wrap(fmt.Sprintf("count login failures of %s", subject), err)
}

func recordFailure(ctx context.Context, q db.Querier, subjects ...string) error {
	now := time.Now().UTC()
	for _, s := range subjects {
		if _, err := q.Exec(ctx, "INSERT INTO login_failures (subject, created_at) VALUES (?, ?)", s, now); err != nil {
			return errs.Wrap("record login failure", err)
		}
	}
	return nil
}

func clearFailures(ctx context.Context, q db.Querier, subject string, before time.Time) error {
	_, err := q.Exec(ctx, "DELETE FROM login_failures WHERE subject = ? OR created_at < ?", subject, before)
	return errs.Wrap("clear login failures", err)
}

// firstShop is the shop a new session starts in: the user's first shop, or
// for an administrator the first shop at all.
func firstShop(ctx context.Context, q db.Querier, userID int64, root bool) (sql.NullInt64, error) {
	var id sql.NullInt64
	query := `SELECT MIN(s.id) FROM shops s JOIN user_shops us ON us.shop_id = s.id WHERE us.user_id = ? AND s.status = 1`
	args := []any{userID}
	if root {
		query = `SELECT MIN(id) FROM shops WHERE status = 1`
		args = nil
	}
	err := q.QueryRow(ctx, query, args...).Scan(&id)
	return id, errs.Wrap(fmt.Sprintf("first shop of user %d", userID), err)
}

func isRoot(ctx context.Context, q db.Querier, userID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id = ? AND r.code = ? AND r.status = 1`, userID, server.RootRole).Scan(&n)
	return n > 0, err
}

func insertSession(ctx context.Context, q db.Querier, userID int64, shop sql.NullInt64, ip, ua string, expires time.Time) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO sessions (user_id, shop_id, ip, user_agent, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, userID, shop, ip, truncate(ua, 300), time.Now().UTC(), expires).Scan(&id)
	return id, errs.Wrap(fmt.Sprintf("insert session of user %d", userID), err)
}

func insertRefreshToken(ctx context.Context, q db.Querier, sessionID int64, hash string, expires time.Time) error {
	_, err := q.Exec(ctx, "INSERT INTO refresh_tokens (token_hash, session_id, expires_at) VALUES (?, ?, ?)", hash, sessionID, expires)
	return errs.Wrap("insert refresh token", err)
}

// deleteExpiredSessions removes sessions whose refresh token lifetime is over
// (their refresh tokens go with them), so the table does not grow forever.
func deleteExpiredSessions(ctx context.Context, q db.Querier, now time.Time) error {
	_, err := q.Exec(ctx, "DELETE FROM sessions WHERE expires_at < ?", now)
	return errs.Wrap("delete expired sessions", err)
}

// RevokeSession ends one session.
func RevokeSession(ctx context.Context, q db.Querier, sessionID int64) error {
	_, err := q.Exec(ctx, "UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL", time.Now().UTC(), sessionID)
	return errs.Wrap(fmt.Sprintf("revoke session %d", sessionID), err)
}

// RevokeUserSessions ends every session of a user except keep (0 = none kept):
// for disabled or deleted users and password changes.
func RevokeUserSessions(ctx context.Context, q db.Querier, userID, keep int64) error {
	_, err := q.Exec(ctx, "UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL",
		time.Now().UTC(), userID, keep)
	return errs.Wrap(fmt.Sprintf("revoke sessions of user %d", userID), err)
}

type sessionRow struct {
	userID             int64
	shopID             sql.NullInt64
	revoked            sql.NullTime
	expires            time.Time
	username, nickname string
	status             int
	deptID             sql.NullInt64
	mustChange         int
	shopUsable         bool // the active shop is enabled
	shopMember         bool // the user belongs to the active shop
}

func loadSession(ctx context.Context, q db.Querier, sessionID int64) (sessionRow, error) {
	var s sessionRow
	var usable, member int
	err := q.QueryRow(ctx, `SELECT s.user_id, s.shop_id, s.revoked_at, s.expires_at, u.username, u.nickname,
		u.status, u.dept_id, u.must_change_password,
		(SELECT COUNT(*) FROM shops sh WHERE sh.id = s.shop_id AND sh.status = 1),
		(SELECT COUNT(*) FROM user_shops us WHERE us.user_id = s.user_id AND us.shop_id = s.shop_id)
		FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id = ?`, sessionID).
		Scan(&s.userID, &s.shopID, &s.revoked, &s.expires, &s.username, &s.nickname, &s.status, &s.deptID, &s.mustChange, &usable, &member)
	s.shopUsable, s.shopMember = usable > 0, member > 0
	if errors.Is(err, sql.ErrNoRows) {
		return s, errs.Unauthenticated(errs.CodeAccessInvalid, "auth.tokenInvalid")
	}
	return s, err
}

// loadGrants fills the principal's roles, data scope and permissions.
func loadGrants(ctx context.Context, q db.Querier, p *server.Principal) error {
	rows, err := q.Query(ctx, `SELECT r.id, r.code, r.data_scope FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id = ? AND r.status = 1 ORDER BY r.id`, p.UserID)
	if err != nil {
		return errs.Wrap("load grants", err)
	}
	defer rows.Close()
	p.DataScope = 3
	for rows.Next() {
		var id int64
		var code string
		var scope int
		if err := rows.Scan(&id, &code, &scope); err != nil {
			return errs.Wrap("load grants", err)
		}
		p.RoleIDs = append(p.RoleIDs, id)
		p.Roles = append(p.Roles, code)
		p.DataScope = min(p.DataScope, scope)
	}
	if err := rows.Err(); err != nil {
		return errs.Wrap("load grants", err)
	}
	if len(p.RoleIDs) == 0 || p.IsRoot() {
		if p.IsRoot() {
			p.DataScope = 0
		}
		return nil
	}
	prow, err := q.Query(ctx, `SELECT DISTINCT m.perm FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
		WHERE rm.role_id IN `+db.In(len(p.RoleIDs))+` AND m.perm <> ''`, db.Args(p.RoleIDs)...)
	if err != nil {
		return errs.Wrap("load permissions", err)
	}
	defer prow.Close()
	for prow.Next() {
		var perm string
		if err := prow.Scan(&perm); err != nil {
			return errs.Wrap("load permissions", err)
		}
		p.Perms = append(p.Perms, perm)
	}
	sort.Strings(p.Perms)
	return prow.Err()
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// secret returns the named secret, creating it on first use (shared by every instance).
func secret(ctx context.Context, d *db.DB, name string) ([]byte, error) {
	var v string
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO app_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING", name, randomToken()+randomToken()); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT value FROM app_secrets WHERE name = ?", name).Scan(&v)
	})
	if err != nil {
		return nil, fmt.Errorf("secret %s: %w", name, err)
	}
	return []byte(v), nil
}

// CheckThrottle answers 429 when the user has reached MaxUserFailures
// failed password checks (sign-ins and wrong old passwords alike) within
// FailureWindow. The count is in the database, so every app instance
// agrees.
func CheckThrottle(ctx context.Context, q db.Querier, username string, now time.Time) error {
	n, err := countFailures(ctx, q, "u:"+strings.ToLower(username), now.Add(-FailureWindow))
	if err != nil {
		return fmt.Errorf("password throttle: %w", err)
	}
	if n >= MaxUserFailures {
		return errs.New(errs.KindThrottled, errs.CodeThrottled, "auth.throttled", errs.A("minutes", int(FailureWindow.Minutes())))
	}
	return nil
}

// RecordPasswordFailure counts a wrong password of the user (CheckThrottle).
func RecordPasswordFailure(ctx context.Context, q db.Querier, username string) error {
	return recordFailure(ctx, q, "u:"+strings.ToLower(username))
}

// ClearPasswordFailures forgets the user's failures after a right password.
func ClearPasswordFailures(ctx context.Context, q db.Querier, username string, now time.Time) error {
	return clearFailures(ctx, q, "u:"+strings.ToLower(username), now.Add(-FailureWindow))
}

// jwtSecret names the access tokens' signing key in app_secrets.
const jwtSecret = "jwt"

// signingKey is the access tokens' signing key as the database has it now,
// kept while the sign-in change counter is unchanged (the counter is read
// once per request anyway): a key replaced by a restore (RotateSigningKey)
// applies at the next request, in every process.
func signingKey(ctx context.Context, q db.Querier) ([]byte, error) {
	key, err := db.Cached(ctx, q, db.CounterAuth, "jwt-key", func(ctx context.Context, q db.Querier) ([]byte, error) {
		var v string
		err := q.QueryRow(ctx, "SELECT value FROM app_secrets WHERE name = ?", jwtSecret).Scan(&v)
		return []byte(v), err
	})
	if err != nil {
		return nil, errs.Wrap("jwt key", err)
	}
	return key, nil
}

// RotateSigningKey replaces the access tokens' signing key (in the caller's
// transaction, which must also move the sign-in change counter): every
// access token issued before stops working, in every process. A restore
// does so, and empties the sessions and refresh tokens.
func RotateSigningKey(ctx context.Context, q db.Querier) error {
	_, err := q.Exec(ctx, "INSERT INTO app_secrets (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
		jwtSecret, randomToken()+randomToken())
	return errs.Wrap("rotate the jwt key", err)
}
