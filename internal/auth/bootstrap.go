package auth

import (
	"context"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// firstAdmin is the first administrator's username.
const firstAdmin = "admin"

// FirstStart creates, when the database has no user yet, the main shop, the
// head-office department and the administrator (role ROOT, in the main shop).
// It returns the administrator's password when it generated one; that
// password must be changed at first sign-in. The ROOT role must exist.
func FirstStart(ctx context.Context, q db.Querier, password string, cost int) (generated string, err error) {
	var users int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM users").Scan(&users); err != nil {
		return "", fmt.Errorf("count users: %w", err)
	}
	if users > 0 {
		return "", nil
	}
	now := time.Now().UTC()
	must := 0
	if password != "" {
		// The password rule holds here too (the default rule: no system
		// parameter exists yet); a weak one stops the first start.
		if e, ok := errs.As(DefaultPasswordRule().Check("password", "auth.field.password", password, firstAdmin)); ok {
			return "", fmt.Errorf("CANGSHU_ADMIN_PASSWORD: %s", i18n.T(i18n.EN, e.Key, e.Args...))
		}
	}
	if password == "" {
		password = RandomPassword()
		generated = password
		must = 1
	}
	hash, err := HashPassword(password, cost)
	if err != nil {
		return "", fmt.Errorf("hash the password: %w", err)
	}
	var shopID, deptID, userID, roleID int64
	if err := q.QueryRow(ctx, "SELECT id FROM roles WHERE code = ?", server.RootRole).Scan(&roleID); err != nil {
		return "", fmt.Errorf("role ROOT: %w", err)
	}
	err = q.QueryRow(ctx, `INSERT INTO shops (code, name, status, sort, created_at, updated_at)
		VALUES ('S001', '总店', 1, 1, ?, ?) ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`, now, now).Scan(&shopID)
	if err != nil {
		return "", fmt.Errorf("main shop: %w", err)
	}
	err = q.QueryRow(ctx, `INSERT INTO depts (parent_id, tree_path, name, code, sort, status, created_at, updated_at)
		VALUES (0, '0', '总部', 'HQ', 1, 1, ?, ?) ON CONFLICT (code) DO UPDATE SET code = excluded.code RETURNING id`, now, now).Scan(&deptID)
	if err != nil {
		return "", fmt.Errorf("head office: %w", err)
	}
	err = q.QueryRow(ctx, `INSERT INTO users (username, nickname, password_hash, dept_id, status, must_change_password, created_at, updated_at)
		VALUES (?, '系统管理员', ?, ?, 1, ?, ?, ?) RETURNING id`, firstAdmin, hash, deptID, must, now, now).Scan(&userID)
	if err != nil {
		return "", fmt.Errorf("admin: %w", err)
	}
	if _, err := q.Exec(ctx, "INSERT INTO user_roles (user_id, role_id) VALUES (?, ?)", userID, roleID); err != nil {
		return "", fmt.Errorf("admin roles: %w", err)
	}
	if _, err := q.Exec(ctx, "INSERT INTO user_shops (user_id, shop_id) VALUES (?, ?)", userID, shopID); err != nil {
		return "", fmt.Errorf("admin shops: %w", err)
	}
	return generated, nil
}
