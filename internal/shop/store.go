package shop

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strconv"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// viewer is who reads shops: ROOT sees every shop, anyone else only the
// shops they belong to.
type viewer struct {
	userID int64
	root   bool
}

func viewerOf(p *server.Principal) viewer { return viewer{userID: p.UserID, root: p.IsRoot()} }

// scope is the SQL condition (on alias s) limiting rows to what v may see.
func (v viewer) scope() (string, []any) {
	if v.root {
		return "1 = 1", nil
	}
	return "EXISTS (SELECT 1 FROM user_shops us WHERE us.shop_id = s.id AND us.user_id = ?)", []any{v.userID}
}

type pageFilter struct {
	keywords string
	status   int64 // -1 = any
	limit    int
	offset   int
}

func listShops(ctx context.Context, q db.Querier, v viewer, f pageFilter) ([]Shop, int, error) {
	where, args := v.scope()
	if f.keywords != "" {
		like := "%" + f.keywords + "%"
		where += " AND (s.code " + db.Like(q) + " ? OR s.name " + db.Like(q) + " ?)"
		args = append(args, like, like)
	}
	if f.status >= 0 {
		where += " AND s.status = ?"
		args = append(args, f.status)
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM shops s WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, s *Shop) error {
		return r.Scan(&s.ID, &s.Code, &s.Name, &s.Address, &s.Phone, &s.Status, &s.Sort, &s.Remark, &s.UserCount, &s.CreateTime)
	}, `SELECT s.id, s.code, s.name, s.address, s.phone, s.status, s.sort, s.remark,
		(SELECT COUNT(*) FROM user_shops m WHERE m.shop_id = s.id), s.created_at
		FROM shops s WHERE `+where+` ORDER BY s.sort, s.id LIMIT ? OFFSET ?`, append(args, f.limit, f.offset)...)
	return out, total, err
}

// getShop reads a shop v may see; any other is not found.
func getShop(ctx context.Context, q db.Querier, v viewer, id int64) (Form, error) {
	where, args := v.scope()
	var f Form
	err := q.QueryRow(ctx, `SELECT s.id, s.code, s.name, s.address, s.phone, s.status, s.sort, s.remark
		FROM shops s WHERE s.id = ? AND `+where, append([]any{id}, args...)...).
		Scan(&f.ID, &f.Code, &f.Name, &f.Address, &f.Phone, &f.Status, &f.Sort, &f.Remark)
	if errors.Is(err, sql.ErrNoRows) {
		return f, errs.NotFound(Entity)
	}
	return f, err
}

// duplicate returns a 409 when another shop (not id) has the code or name.
func duplicate(ctx context.Context, q db.Querier, in Input, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM shops WHERE code = ? AND id <> ?", in.Code, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("code", labelCode, in.Code)
	}
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM shops WHERE name = ? AND id <> ?", in.Name, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("name", labelName, in.Name)
	}
	return nil
}

func insertShop(ctx context.Context, q db.Querier, in Input, status int64) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO shops (code, name, address, phone, remark, status, sort, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		in.Code, in.Name, in.Address, in.Phone, in.Remark, status, in.Sort, now, now).Scan(&id)
	return id, err
}

func updateShop(ctx context.Context, q db.Querier, id int64, in Input, status int64) error {
	_, err := q.Exec(ctx, `UPDATE shops SET code = ?, name = ?, address = ?, phone = ?, remark = ?, status = ?, sort = ?,
		updated_at = ? WHERE id = ?`, in.Code, in.Name, in.Address, in.Phone, in.Remark, status, in.Sort, time.Now().UTC(), id)
	return err
}

func addMember(ctx context.Context, q db.Querier, shopID, userID int64) error {
	_, err := q.Exec(ctx, "INSERT INTO user_shops (user_id, shop_id) VALUES (?, ?) ON CONFLICT (user_id, shop_id) DO NOTHING", userID, shopID)
	return err
}

func countEnabledExcept(ctx context.Context, q db.Querier, ids []int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM shops WHERE status = 1 AND id NOT IN "+db.In(len(ids)), db.Args(ids)...).Scan(&n)
	return n, err
}

func countRefs(ctx context.Context, q db.Querier, table, column string, shopID int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM "+table+" WHERE "+column+" = ?", shopID).Scan(&n)
	return n, err
}

func deleteShops(ctx context.Context, q db.Querier, ids []int64) error {
	_, err := q.Exec(ctx, "DELETE FROM shops WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	return err
}

func listMembers(ctx context.Context, q db.Querier, shopID int64) ([]Member, error) {
	return db.All(ctx, q, func(r *sql.Rows, m *Member) error { return r.Scan(&m.ID, &m.Username, &m.Nickname) },
		`SELECT u.id, u.username, u.nickname FROM users u
		JOIN user_shops us ON us.user_id = u.id WHERE us.shop_id = ? ORDER BY u.id`, shopID)
}

func replaceMembers(ctx context.Context, q db.Querier, shopID int64, userIDs []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM user_shops WHERE shop_id = ?", shopID); err != nil {
		return err
	}
	for _, u := range userIDs {
		if err := addMember(ctx, q, shopID, u); err != nil {
			return err
		}
	}
	return nil
}

// rootUsers is the SQL set of users holding the enabled ROOT role.
const rootUsers = `SELECT ur.user_id FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE r.code = ? AND r.status = 1`

// detachSessions unsets the active shop of live sessions (those matching
// cond) that work in a shop they may no longer use: the shop is disabled, or
// the user, not ROOT, is no longer one of its members.
func detachSessions(ctx context.Context, q db.Querier, cond string, args ...any) error {
	_, err := q.Exec(ctx, `UPDATE sessions SET shop_id = NULL WHERE `+cond+` AND shop_id IS NOT NULL AND revoked_at IS NULL AND (
		EXISTS (SELECT 1 FROM shops s WHERE s.id = sessions.shop_id AND s.status <> 1)
		OR (user_id NOT IN (`+rootUsers+`)
			AND NOT EXISTS (SELECT 1 FROM user_shops us WHERE us.user_id = sessions.user_id AND us.shop_id = sessions.shop_id)))`,
		append(args, server.RootRole)...)
	return err
}

// switchable lists the enabled shops a user may make active: asked on
// every page load (users/me), so kept while nothing the signed-in callers
// are made of changed (shops and memberships count on cache_versions.auth,
// migrations 0081 and 0160). The list is the caller's.
func switchable(ctx context.Context, q db.Querier, v viewer) ([]Option, error) {
	key := "switchable:" + strconv.FormatInt(v.userID, 10) + ":" + strconv.FormatBool(v.root)
	list, err := db.Cached(ctx, q, db.CounterAuth, key, func(ctx context.Context, q db.Querier) ([]Option, error) {
		where, args := v.scope()
		return db.All(ctx, q, func(r *sql.Rows, o *Option) error { return r.Scan(&o.Value, &o.Label) },
			"SELECT s.id, s.name FROM shops s WHERE s.status = 1 AND "+where+" ORDER BY s.sort, s.id", args...)
	})
	return slices.Clone(list), err
}
