package menu

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

const entryColumns = `id, parent_id, tree_path, name, name_en, type, route_name, route_path, component, perm,
	visible, sort, icon, redirect, keep_alive, always_show, params`

// loadEntries reads the menus table; withButtons false leaves the buttons out.
func loadEntries(ctx context.Context, q db.Querier, withButtons bool) ([]*entry, error) {
	query := "SELECT " + entryColumns + " FROM menus"
	var args []any
	if !withButtons {
		query += " WHERE type <> ?"
		args = append(args, TypeButton)
	}
	rows, err := q.Query(ctx, query+" ORDER BY sort, id", args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []*entry
	for rows.Next() {
		e := &entry{}
		var params string
		if err := rows.Scan(&e.ID, &e.ParentID, &e.treePath, &e.Name, &e.NameEn, &e.Type, &e.RouteName, &e.RoutePath,
			&e.Component, &e.Perm, &e.Visible, &e.Sort, &e.Icon, &e.Redirect, &e.KeepAlive, &e.AlwaysShow, &params); err != nil {
			return nil, err
		}
		e.Params = parseParams(params)
		out = append(out, e)
	}
	return out, rows.Err()
}

// getEntry reads one menus row.
func getEntry(ctx context.Context, q db.Querier, id int64) (entry, error) {
	var e entry
	var params string
	err := q.QueryRow(ctx, "SELECT "+entryColumns+" FROM menus WHERE id = ?", id).Scan(&e.ID, &e.ParentID, &e.treePath,
		&e.Name, &e.NameEn, &e.Type, &e.RouteName, &e.RoutePath, &e.Component, &e.Perm, &e.Visible, &e.Sort, &e.Icon,
		&e.Redirect, &e.KeepAlive, &e.AlwaysShow, &params)
	if errors.Is(err, sql.ErrNoRows) {
		return e, notFound()
	}
	e.Params = parseParams(params)
	return e, err
}

func countChildren(ctx context.Context, q db.Querier, id int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM menus WHERE parent_id = ?", id).Scan(&n)
	return n, err
}

// grantedSet is the set of menu ids granted to any of the roles.
func grantedSet(ctx context.Context, q db.Querier, roleIDs []int64) (map[int64]bool, error) {
	if len(roleIDs) == 0 {
		return map[int64]bool{}, nil
	}
	return db.IDSet(ctx, q, "SELECT DISTINCT menu_id FROM role_menus WHERE role_id IN "+db.In(len(roleIDs)), db.Args(roleIDs)...)
}

func insertEntry(ctx context.Context, q db.Querier, e entry) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO menus (parent_id, tree_path, code, name, name_en, type, route_name, route_path,
			component, perm, visible, sort, icon, redirect, keep_alive, always_show, params, created_at, updated_at)
		VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		e.ParentID, e.treePath, e.Name, e.NameEn, e.Type, e.RouteName, e.RoutePath, e.Component, e.Perm,
		e.Visible, e.Sort, e.Icon, e.Redirect, e.KeepAlive, e.AlwaysShow, paramsText(e.Params), now, now).Scan(&id)
	return id, err
}

func updateEntry(ctx context.Context, q db.Querier, e entry) error {
	_, err := q.Exec(ctx, `UPDATE menus SET parent_id = ?, tree_path = ?, name = ?, name_en = ?, type = ?, route_name = ?,
			route_path = ?, component = ?, perm = ?, visible = ?, sort = ?, icon = ?, redirect = ?, keep_alive = ?,
			always_show = ?, params = ?, updated_at = ?
		WHERE id = ?`,
		e.ParentID, e.treePath, e.Name, e.NameEn, e.Type, e.RouteName, e.RoutePath, e.Component, e.Perm,
		e.Visible, e.Sort, e.Icon, e.Redirect, e.KeepAlive, e.AlwaysShow, paramsText(e.Params), time.Now().UTC(), e.ID)
	return err
}

func setEntryTreePath(ctx context.Context, q db.Querier, id int64, path string) error {
	_, err := q.Exec(ctx, "UPDATE menus SET tree_path = ? WHERE id = ?", path, id)
	return err
}

func deleteEntry(ctx context.Context, q db.Querier, id int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM role_menus WHERE menu_id = ?", id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, "DELETE FROM menus WHERE id = ?", id)
	return err
}

// grantAncestors grants the ancestors to every role that holds one of the
// menus of subtree, so that a moved menu keeps a complete route for them.
func grantAncestors(ctx context.Context, q db.Querier, subtree, ancestors []int64) error {
	if len(ancestors) == 0 || len(subtree) == 0 {
		return nil
	}
	roles, err := db.Values[int64](ctx, q, "SELECT DISTINCT role_id FROM role_menus WHERE menu_id IN "+db.In(len(subtree)), db.Args(subtree)...)
	if err != nil || len(roles) == 0 {
		return err
	}
	args := make([]any, 0, 2*len(roles)*len(ancestors))
	for _, r := range roles {
		for _, a := range ancestors {
			args = append(args, r, a)
		}
	}
	values := strings.TrimSuffix(strings.Repeat("(?, ?),", len(roles)*len(ancestors)), ",")
	_, err = q.Exec(ctx, "INSERT INTO role_menus (role_id, menu_id) VALUES "+values+" ON CONFLICT DO NOTHING", args...)
	return err
}

// notFound is the error of an unknown menu id.
func notFound() error { return errs.NotFound("menu.entity") }
