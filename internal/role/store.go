package role

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"slices"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

const roleColumns = "id, name, code, status, sort, data_scope, builtin, remark, created_at, updated_at"

func scanRole(sc interface{ Scan(...any) error }) (Role, error) {
	var r Role
	var builtin int
	err := sc.Scan(&r.ID, &r.Name, &r.Code, &r.Status, &r.Sort, &r.DataScope, &builtin, &r.Remark, &r.CreateTime, &r.UpdateTime)
	r.Builtin = builtin == 1
	return r, err
}

// roleRow reads a row of roleColumns for db.All.
func roleRow(r *sql.Rows, v *Role) (err error) {
	*v, err = scanRole(r)
	return err
}

// likePattern is "%s%" with LIKE's wildcards in s escaped (use ESCAPE '\').
func likePattern(s string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return "%" + r.Replace(s) + "%"
}

// pageWhere is the WHERE clause of the role page.
func pageWhere(q db.Querier, pq PageQuery, hideRoot bool) (string, []any) {
	where := []string{"1 = 1"}
	var args []any
	if kw := strings.TrimSpace(pq.Keywords); kw != "" {
		like := db.Like(q)
		where = append(where, "(name "+like+` ? ESCAPE '\' OR code `+like+` ? ESCAPE '\')`)
		args = append(args, likePattern(kw), likePattern(kw))
	}
	if hideRoot {
		where = append(where, "code <> ?")
		args = append(args, server.RootRole)
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

func countRoles(ctx context.Context, q db.Querier, pq PageQuery, hideRoot bool) (int, error) {
	where, args := pageWhere(q, pq, hideRoot)
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM roles"+where, args...).Scan(&n)
	return n, err
}

func listRoles(ctx context.Context, q db.Querier, pq PageQuery, hideRoot bool) ([]Role, error) {
	where, args := pageWhere(q, pq, hideRoot)
	return db.All(ctx, q, roleRow, "SELECT "+roleColumns+" FROM roles"+where+" ORDER BY sort, id LIMIT ? OFFSET ?",
		append(args, pq.PageSize, pq.Offset())...)
}

// enabledRoles are the options of the role picker.
func enabledRoles(ctx context.Context, q db.Querier, withRoot bool) ([]Role, error) {
	query := "SELECT id, name, code, builtin FROM roles WHERE status = 1"
	var args []any
	if !withRoot {
		query += " AND code <> ?"
		args = append(args, server.RootRole)
	}
	return db.All(ctx, q, func(r *sql.Rows, o *Role) error {
		var builtin int
		err := r.Scan(&o.ID, &o.Name, &o.Code, &builtin)
		o.Builtin = builtin == 1
		return err
	}, query+" ORDER BY sort, id", args...)
}

func getRole(ctx context.Context, q db.Querier, id int64) (Role, error) {
	r, err := scanRole(q.QueryRow(ctx, "SELECT "+roleColumns+" FROM roles WHERE id = ?", id))
	if errors.Is(err, sql.ErrNoRows) {
		return r, errs.NotFound("role.entity")
	}
	return r, err
}

// getRoles loads the roles of ids, in the order given; an unknown id is a NotFound.
func getRoles(ctx context.Context, q db.Querier, ids []int64) ([]Role, error) {
	found, err := db.All(ctx, q, roleRow, "SELECT "+roleColumns+" FROM roles WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return nil, err
	}
	byID := map[int64]Role{}
	for _, r := range found {
		byID[r.ID] = r
	}
	out := make([]Role, 0, len(ids))
	for _, id := range ids {
		r, ok := byID[id]
		if !ok {
			return nil, errs.NotFound("role.entity")
		}
		out = append(out, r)
	}
	return out, nil
}

// checkUnique refuses a name or code another role (not exceptID) holds.
func checkUnique(ctx context.Context, q db.Querier, r Role, exceptID int64) error {
	for _, c := range []struct {
		column, path string
		label        errs.Key
		value        string
	}{{"name", "name", "field.name", r.Name}, {"code", "code", "field.code", r.Code}} {
		var n int
		err := q.QueryRow(ctx, "SELECT COUNT(*) FROM roles WHERE "+c.column+" = ? AND id <> ?", c.value, exceptID).Scan(&n)
		if err != nil {
			return err
		}
		if n > 0 {
			return errs.Duplicate(c.path, c.label, c.value)
		}
	}
	return nil
}

func insertRole(ctx context.Context, q db.Querier, r Role) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO roles (name, code, sort, status, data_scope, builtin, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`,
		r.Name, r.Code, r.Sort, r.Status, r.DataScope, r.Remark, now, now).Scan(&id)
	return id, err
}

func updateRole(ctx context.Context, q db.Querier, r Role) error {
	_, err := q.Exec(ctx, `UPDATE roles SET name = ?, code = ?, sort = ?, status = ?, data_scope = ?, remark = ?, updated_at = ?
		WHERE id = ?`, r.Name, r.Code, r.Sort, r.Status, r.DataScope, r.Remark, time.Now().UTC(), r.ID)
	return err
}

func setRoleStatus(ctx context.Context, q db.Querier, id int64, status int) error {
	_, err := q.Exec(ctx, "UPDATE roles SET status = ?, updated_at = ? WHERE id = ?", status, time.Now().UTC(), id)
	return err
}

// userCounts gives, per role id, how many users hold the role.
func userCounts(ctx context.Context, q db.Querier, ids []int64) (map[int64]int, error) {
	return db.Map[int64, int](ctx, q, "SELECT role_id, COUNT(*) FROM user_roles WHERE role_id IN "+db.In(len(ids))+" GROUP BY role_id",
		db.Args(ids)...)
}

func deleteRoles(ctx context.Context, q db.Querier, ids []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM role_menus WHERE role_id IN "+db.In(len(ids)), db.Args(ids)...); err != nil {
		return err
	}
	_, err := q.Exec(ctx, "DELETE FROM roles WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	return err
}

func grantedMenuIDs(ctx context.Context, q db.Querier, roleID int64) ([]int64, error) {
	return db.Values[int64](ctx, q, "SELECT menu_id FROM role_menus WHERE role_id = ? ORDER BY menu_id", roleID)
}

// menuTreePaths gives the tree_path of each existing menu of ids.
func menuTreePaths(ctx context.Context, q db.Querier, ids []int64) (map[int64]string, error) {
	out := map[int64]string{}
	const batch = 500
	for chunk := range slices.Chunk(ids, batch) {
		paths, err := db.Map[int64, string](ctx, q, "SELECT id, tree_path FROM menus WHERE id IN "+db.In(len(chunk)), db.Args(chunk)...)
		if err != nil {
			return nil, err
		}
		maps.Copy(out, paths)
	}
	return out, nil
}

// replaceGrants makes menuIDs the role's whole set of granted menus.
func replaceGrants(ctx context.Context, q db.Querier, roleID int64, menuIDs []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM role_menus WHERE role_id = ?", roleID); err != nil {
		return err
	}
	const batch = 500
	for chunk := range slices.Chunk(menuIDs, batch) {
		args := make([]any, 0, 2*len(chunk))
		for _, id := range chunk {
			args = append(args, roleID, id)
		}
		values := strings.TrimSuffix(strings.Repeat("(?, ?),", len(chunk)), ",")
		if _, err := q.Exec(ctx, "INSERT INTO role_menus (role_id, menu_id) VALUES "+values+" ON CONFLICT DO NOTHING", args...); err != nil {
			return err
		}
	}
	return nil
}

// touchRole marks the role changed (its grants were replaced).
func touchRole(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "UPDATE roles SET updated_at = ? WHERE id = ?", time.Now().UTC(), id)
	return err
}
