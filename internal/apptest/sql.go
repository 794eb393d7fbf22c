package apptest

import (
	"context"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/sysconf"
)

// Direct SQL for setting a scenario up and checking what a call wrote. Each
// helper fails the test on any error, a missing row included.

// ID runs a query answering one integer: an id, a MIN(id), a SUM.
func (e *Env) ID(query string, args ...any) int64 {
	e.T.Helper()
	var n int64
	if err := e.App.DB.QueryRow(context.Background(), query, args...).Scan(&n); err != nil {
		e.T.Fatalf("%s %v: %v", query, args, err)
	}
	return n
}

// Count runs a SELECT COUNT(*) query.
func (e *Env) Count(query string, args ...any) int {
	e.T.Helper()
	return int(e.ID(query, args...))
}

// Text runs a query answering one string.
func (e *Env) Text(query string, args ...any) string {
	e.T.Helper()
	var s string
	if err := e.App.DB.QueryRow(context.Background(), query, args...).Scan(&s); err != nil {
		e.T.Fatalf("%s %v: %v", query, args, err)
	}
	return s
}

// Exec runs a statement.
func (e *Env) Exec(query string, args ...any) {
	e.T.Helper()
	if _, err := e.App.DB.Exec(context.Background(), query, args...); err != nil {
		e.T.Fatalf("%s %v: %v", query, args, err)
	}
}

// Insert runs an INSERT … RETURNING id on the writer and answers the id.
func (e *Env) Insert(query string, args ...any) int64 {
	e.T.Helper()
	ctx := context.Background()
	var id int64
	if err := e.App.DB.InTx(ctx, func(tx *db.Tx) error { return tx.QueryRow(ctx, query, args...).Scan(&id) }); err != nil {
		e.T.Fatalf("%s %v: %v", query, args, err)
	}
	return id
}

// UserID is the id of the user with this username.
func (e *Env) UserID(username string) int64 {
	e.T.Helper()
	return e.ID("SELECT id FROM users WHERE username = ?", username)
}

// RoleID is the id of the role with this code.
func (e *Env) RoleID(code string) int64 {
	e.T.Helper()
	return e.ID("SELECT id FROM roles WHERE code = ?", code)
}

// MenuID is the id of the (first) menu entry carrying this permission.
func (e *Env) MenuID(perm string) int64 {
	e.T.Helper()
	return e.ID("SELECT MIN(id) FROM menus WHERE perm = ?", perm)
}

// RoleOf is the id of the role UserWith or CreateUser made for a client's
// user (its only role).
func (e *Env) RoleOf(c *Client) int64 {
	e.T.Helper()
	return e.ID(`SELECT ur.role_id FROM user_roles ur JOIN users u ON u.id = ur.user_id
		WHERE u.username = ?`, c.Username)
}

// MainShop is the id of the shop created at first start (code S001), where
// UserWith and CreateUser put their users.
func (e *Env) MainShop() int64 {
	e.T.Helper()
	return e.ID("SELECT id FROM shops WHERE code = 'S001'")
}

// ForceClose closes the books through date as POST /api/period/close does,
// without its checks (a draft may stay inside the period): for scenarios
// about what a closed period refuses.
func (e *Env) ForceClose(date string) {
	e.T.Helper()
	ctx := context.Background()
	err := e.App.DB.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO period_closes (close_date, user_id, created_at) VALUES (?, 0, ?)", date, time.Now().UTC()); err != nil {
			return err
		}
		return sysconf.SetParam(ctx, tx, "closeDate", date)
	})
	if err != nil {
		e.T.Fatalf("close through %s: %v", date, err)
	}
}
