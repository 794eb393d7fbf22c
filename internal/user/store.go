package user

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// scopeWhere is the condition on users u that the caller may see.
func scopeWhere(sc scope) (string, []any) {
	if sc.root {
		return "1 = 1", nil
	}
	conds := []string{"EXISTS (SELECT 1 FROM user_shops us WHERE us.user_id = u.id AND us.shop_id = ?)"}
	args := []any{sc.shopID}
	switch sc.dataScope {
	case 0:
	case 1:
		if sc.deptID > 0 {
			conds = append(conds, "(u.id = ? OR u.dept_id IN (SELECT d.id FROM depts d WHERE d.id = ? OR (',' || d.tree_path || ',') LIKE ?))")
			args = append(args, sc.userID, sc.deptID, "%,"+strconv.FormatInt(sc.deptID, 10)+",%")
		} else {
			conds = append(conds, "u.id = ?")
			args = append(args, sc.userID)
		}
	case 2:
		conds = append(conds, "(u.id = ? OR u.dept_id = ?)")
		args = append(args, sc.userID, sc.deptID)
	default:
		conds = append(conds, "u.id = ?")
		args = append(args, sc.userID)
	}
	return strings.Join(conds, " AND "), args
}

// likePattern is a LIKE pattern for "contains s", with wildcards escaped by \.
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// listWhere is the WHERE clause of the list and the export.
func listWhere(q db.Querier, sc scope, f ListQuery) (string, []any) {
	where, args := scopeWhere(sc)
	conds := []string{where}
	if kw := strings.TrimSpace(f.Keywords); kw != "" {
		like := db.Like(q)
		p := likePattern(kw)
		conds = append(conds, fmt.Sprintf(`(u.username %[1]s ? ESCAPE '\' OR u.nickname %[1]s ? ESCAPE '\' OR u.mobile %[1]s ? ESCAPE '\')`, like))
		args = append(args, p, p, p)
	}
	if f.Status != nil {
		conds = append(conds, "u.status = ?")
		args = append(args, *f.Status)
	}
	if f.DeptID > 0 {
		conds = append(conds, "u.dept_id IN (SELECT d.id FROM depts d WHERE d.id = ? OR (',' || d.tree_path || ',') LIKE ?)")
		args = append(args, f.DeptID, "%,"+strconv.FormatInt(f.DeptID, 10)+",%")
	}
	if !f.From.IsZero() {
		conds = append(conds, "u.created_at >= ?")
		args = append(args, f.From.UTC())
	}
	if !f.To.IsZero() {
		conds = append(conds, "u.created_at < ?")
		args = append(args, f.To.UTC())
	}
	return strings.Join(conds, " AND "), args
}

const itemColumns = `u.id, u.username, u.nickname, u.mobile, u.gender, u.avatar, u.email, u.status,
	COALESCE(d.name, ''), u.created_at`

// listUsers reads one page of the filtered list (limit < 0: every row) and the total.
func listUsers(ctx context.Context, q db.Querier, lang i18n.Lang, sc scope, f ListQuery, limit, offset int) ([]Item, int, error) {
	where, args := listWhere(q, sc, f)
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM users u WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	query := "SELECT " + itemColumns + " FROM users u LEFT JOIN depts d ON d.id = u.dept_id WHERE " + where +
		" ORDER BY u.created_at DESC, u.id DESC"
	if limit >= 0 {
		query += " LIMIT ? OFFSET ?"
		args = append(args, limit, offset)
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, it *Item) error {
		return r.Scan(&it.ID, &it.Username, &it.Nickname, &it.Mobile, &it.Gender, &it.Avatar, &it.Email,
			&it.Status, &it.DeptName, &it.CreateTime)
	}, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	if err := fillNames(ctx, q, lang, out); err != nil {
		return nil, 0, err
	}
	return out, total, nil
}

// fillNames sets the role and shop names of list rows.
// fillNames sets each user's role and shop names; built-in roles' and the
// seeded shop's names are shown in lang while they are the seeded text.
func fillNames(ctx context.Context, q db.Querier, lang i18n.Lang, items []Item) error {
	ids := make([]int64, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	roles, err := namesByUser(ctx, q, `SELECT ur.user_id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id IN %s ORDER BY r.sort, r.id`, ids)
	if err != nil {
		return fmt.Errorf("role names: %w", err)
	}
	shops, err := namesByUser(ctx, q, `SELECT us.user_id, s.name FROM user_shops us JOIN shops s ON s.id = us.shop_id
		WHERE us.user_id IN %s ORDER BY s.sort, s.id`, ids)
	if err != nil {
		return fmt.Errorf("shop names: %w", err)
	}
	builtin, err := db.All(ctx, q, func(r *sql.Rows, v *[2]string) error { return r.Scan(&v[0], &v[1]) },
		"SELECT code, name FROM roles WHERE builtin = 1")
	if err != nil {
		return fmt.Errorf("built-in roles: %w", err)
	}
	shown := map[string]string{}
	for _, b := range builtin {
		shown[b[1]] = i18n.Seeded(lang, "role.builtin."+b[0]+".name", b[1])
	}
	for _, names := range roles {
		for j, n := range names {
			if v, ok := shown[n]; ok {
				names[j] = v
			}
		}
	}
	for _, names := range shops {
		for j, n := range names {
			names[j] = i18n.Seeded(lang, "shop.seeded.main", n)
		}
	}
	for i := range items {
		items[i].RoleNames = strings.Join(roles[items[i].ID], ",")
		items[i].ShopNames = strings.Join(shops[items[i].ID], ",")
	}
	return nil
}

type idName struct {
	id   int64
	name string
}

// namesByUser runs a (user_id, name) query with "IN %s" over ids, in chunks.
func namesByUser(ctx context.Context, q db.Querier, query string, ids []int64) (map[int64][]string, error) {
	out := map[int64][]string{}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		chunk := ids[:n]
		ids = ids[n:]
		pairs, err := db.All(ctx, q, func(r *sql.Rows, p *idName) error { return r.Scan(&p.id, &p.name) },
			fmt.Sprintf(query, db.In(len(chunk))), db.Args(chunk)...)
		if err != nil {
			return nil, errs.Wrap("names by user", err)
		}
		for _, p := range pairs {
			out[p.id] = append(out[p.id], p.name)
		}
	}
	return out, nil
}

// visibleIDs keeps the ids of users the caller may see.
func visibleIDs(ctx context.Context, q db.Querier, sc scope, ids []int64) (map[int64]bool, error) {
	where, args := scopeWhere(sc)
	args = append(db.Args(ids), args...)
	out, err := db.IDSet(ctx, q, "SELECT u.id FROM users u WHERE u.id IN "+db.In(len(ids))+" AND "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("visible users: %w", err)
	}
	return out, nil
}

// mustSee is a not-found error unless the caller may see every id.
func mustSee(ctx context.Context, q db.Querier, sc scope, ids ...int64) error {
	seen, err := visibleIDs(ctx, q, sc, ids)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if !seen[id] {
			return errs.NotFound(entity)
		}
	}
	return nil
}

func loadForm(ctx context.Context, q db.Querier, id int64) (Form, error) {
	var f Form
	var dept sql.NullInt64
	err := q.QueryRow(ctx, `SELECT id, username, nickname, mobile, gender, avatar, email, status, dept_id
		FROM users WHERE id = ?`, id).Scan(&f.ID, &f.Username, &f.Nickname, &f.Mobile, &f.Gender, &f.Avatar, &f.Email, &f.Status, &dept)
	if errors.Is(err, sql.ErrNoRows) {
		return f, errs.NotFound(entity)
	}
	if err != nil {
		return f, fmt.Errorf("load user %d: %w", id, err)
	}
	if dept.Valid {
		f.DeptID = &dept.Int64
	}
	if f.RoleIDs, err = db.Values[int64](ctx, q, "SELECT role_id FROM user_roles WHERE user_id = ? ORDER BY role_id", id); err != nil {
		return f, errs.Wrap(fmt.Sprintf("roles of user %d", id), err)
	}
	if f.ShopIDs, err = db.Values[int64](ctx, q, "SELECT shop_id FROM user_shops WHERE user_id = ? ORDER BY shop_id", id); err != nil {
		return f, errs.Wrap(fmt.Sprintf("shops of user %d", id), err)
	}
	return f, nil
}

func loadMe(ctx context.Context, q db.Querier, id int64) (Me, error) {
	m := Me{UserID: id}
	var dept sql.NullInt64
	err := q.QueryRow(ctx, "SELECT username, nickname, avatar, dept_id FROM users WHERE id = ?", id).
		Scan(&m.Username, &m.Nickname, &m.Avatar, &dept)
	if errors.Is(err, sql.ErrNoRows) {
		return m, errs.NotFound(entity)
	}
	if err != nil {
		return m, fmt.Errorf("load user %d: %w", id, err)
	}
	if dept.Valid {
		m.DeptID = &dept.Int64
	}
	return m, nil
}

// usernameTaken reports whether another user (not except) has the name, ignoring case.
func usernameTaken(ctx context.Context, q db.Querier, username string, except int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM users WHERE LOWER(username) = LOWER(?) AND id <> ?", username, except).Scan(&n)
	return n > 0, err
}

// rootRoleID is the id of the ROOT role (0 when missing).
func rootRoleID(ctx context.Context, q db.Querier) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, "SELECT id FROM roles WHERE code = ?", server.RootRole).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, errs.Wrap("root role", err)
}

// anyRoot reports whether one of the users holds the ROOT role.
func anyRoot(ctx context.Context, q db.Querier, ids []int64) (bool, error) {
	var n int
	args := append([]any{server.RootRole}, db.Args(ids)...)
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE r.code = ? AND ur.user_id IN `+db.In(len(ids)), args...).Scan(&n)
	return n > 0, err
}

// enabledRoots counts the enabled users holding the enabled ROOT role.
func enabledRoots(ctx context.Context, q db.Querier) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(DISTINCT u.id) FROM users u JOIN user_roles ur ON ur.user_id = u.id
		JOIN roles r ON r.id = ur.role_id WHERE r.code = ? AND r.status = 1 AND u.status = 1`, server.RootRole).Scan(&n)
	return n, errs.Wrap("count root users", err)
}

// initPassword is the configured initial password ("" when none is set,
// which the password rule refuses).
func initPassword(ctx context.Context, q db.Querier) (string, error) {
	var v string
	err := q.QueryRow(ctx, "SELECT config_value FROM configs WHERE config_key = ?", InitPasswordKey).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("initial password: %w", err)
	}
	return v, nil
}

// newUser is a row to insert.
type newUser struct {
	username, nickname, mobile, email, avatar, hash string
	gender, status                                  int
	deptID                                          int64 // 0 = none
	mustChange                                      bool
}

func insertUser(ctx context.Context, q db.Querier, u newUser, now time.Time) (int64, error) {
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO users (username, nickname, gender, password_hash, dept_id, avatar, mobile, email,
		status, must_change_password, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		u.username, u.nickname, u.gender, u.hash, db.NullID(u.deptID), u.avatar, u.mobile, u.email, u.status, flag(u.mustChange),
		now, now).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert user: %w", err)
	}
	return id, nil
}

func updateUser(ctx context.Context, q db.Querier, id int64, in Input, now time.Time) error {
	_, err := q.Exec(ctx, `UPDATE users SET username = ?, nickname = ?, gender = ?, dept_id = ?, avatar = ?, mobile = ?,
		email = ?, status = ?, updated_at = ? WHERE id = ?`,
		in.Username, in.Nickname, in.Gender, db.NullID(in.DeptID), in.Avatar, in.Mobile, in.Email, *in.Status, now, id)
	if err != nil {
		return fmt.Errorf("update user %d: %w", id, err)
	}
	return nil
}

// setLinks replaces the rows of a link table (user_roles or user_shops) of a user.
func setLinks(ctx context.Context, q db.Querier, table, column string, userID int64, ids []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM "+table+" WHERE user_id = ?", userID); err != nil {
		return fmt.Errorf("clear %s: %w", table, err)
	}
	return addLinks(ctx, q, table, column, userID, ids)
}

func addLinks(ctx context.Context, q db.Querier, table, column string, userID int64, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	vals := strings.TrimSuffix(strings.Repeat("(?, ?),", len(ids)), ",")
	args := make([]any, 0, 2*len(ids))
	for _, id := range ids {
		args = append(args, userID, id)
	}
	if _, err := q.Exec(ctx, "INSERT INTO "+table+" (user_id, "+column+") VALUES "+vals, args...); err != nil {
		return fmt.Errorf("write %s: %w", table, err)
	}
	return nil
}

func deleteUsers(ctx context.Context, q db.Querier, ids []int64) error {
	_, err := q.Exec(ctx, "DELETE FROM users WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	return errs.Wrap("delete users", err)
}

func setPasswordHash(ctx context.Context, q db.Querier, id int64, hash string, mustChange bool, now time.Time) error {
	_, err := q.Exec(ctx, "UPDATE users SET password_hash = ?, must_change_password = ?, updated_at = ? WHERE id = ?",
		hash, flag(mustChange), now, id)
	if err != nil {
		return fmt.Errorf("set password of user %d: %w", id, err)
	}
	return nil
}

func passwordHash(ctx context.Context, q db.Querier, id int64) (string, error) {
	var h string
	err := q.QueryRow(ctx, "SELECT password_hash FROM users WHERE id = ?", id).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errs.NotFound(entity)
	}
	return h, err
}

func userStatus(ctx context.Context, q db.Querier, id int64) (int, error) {
	var st int
	err := q.QueryRow(ctx, "SELECT status FROM users WHERE id = ?", id).Scan(&st)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, errs.NotFound(entity)
	}
	return st, err
}

func loadProfile(ctx context.Context, q db.Querier, id int64) (Profile, error) {
	var p Profile
	err := q.QueryRow(ctx, `SELECT u.id, u.username, u.nickname, u.avatar, u.gender, u.mobile, u.email, COALESCE(d.name, ''),
		u.created_at FROM users u LEFT JOIN depts d ON d.id = u.dept_id WHERE u.id = ?`, id).
		Scan(&p.ID, &p.Username, &p.Nickname, &p.Avatar, &p.Gender, &p.Mobile, &p.Email, &p.DeptName, &p.CreateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return p, errs.NotFound(entity)
	}
	if err != nil {
		return p, fmt.Errorf("load profile %d: %w", id, err)
	}
	names, err := namesByUser(ctx, q, `SELECT ur.user_id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id
		WHERE ur.user_id IN %s ORDER BY r.sort, r.id`, []int64{id})
	if err != nil {
		return p, errs.Wrap(fmt.Sprintf("roles of user %d", id), err)
	}
	p.RoleNames = strings.Join(names[id], ",")
	return p, nil
}

func options(ctx context.Context, q db.Querier, sc scope) ([]Option, error) {
	where, args := scopeWhere(scope{root: sc.root, shopID: sc.shopID}) // the picker lists the whole shop
	out, err := db.All(ctx, q, func(r *sql.Rows, o *Option) error {
		var username string
		err := r.Scan(&o.Value, &o.Label, &username)
		if o.Label == "" {
			o.Label = username
		}
		return err
	}, "SELECT u.id, u.nickname, u.username FROM users u WHERE u.status = 1 AND "+where+" ORDER BY u.nickname, u.id", args...)
	if err != nil {
		return nil, fmt.Errorf("user options: %w", err)
	}
	return out, nil
}

// lockUser serialises concurrent writers on one user's row (PostgreSQL row
// lock; SQLite transactions are serial anyway).
func lockUser(ctx context.Context, q db.Querier, id int64) error {
	res, err := q.Exec(ctx, "UPDATE users SET status = status WHERE id = ?", id)
	if err != nil {
		return errs.Wrap(fmt.Sprintf("lock user %d", id), err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errs.NotFound(entity)
	}
	return nil
}

func flag(b bool) int {
	if b {
		return 1
	}
	return 0
}
