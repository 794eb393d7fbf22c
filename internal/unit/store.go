package unit

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

type filter struct {
	unitTypeID int64 // -1 = any, 0 = stand-alone
	matchCon   string
	enabled    bool
	order      string
	limit      int
	offset     int
}

const unitColumns = `u.id, u.name, COALESCE(u.unit_type_id, 0), COALESCE(t.name, ''), u.rate, u.is_base, u.disabled`
const unitFrom = " FROM units u LEFT JOIN unit_types t ON t.id = u.unit_type_id"

func scanUnit(r interface{ Scan(...any) error }, u *Unit) error {
	return r.Scan(&u.ID, &u.Name, &u.UnitTypeID, &u.UnitTypeName, &u.Rate, &u.IsBase, &u.Disable)
}

// defaultUnitOrder: stand-alone units first, then each group base first, by rate.
const defaultUnitOrder = "COALESCE(u.unit_type_id, 0), u.is_base DESC, u.rate"

func listUnits(ctx context.Context, q db.Querier, f filter) ([]Unit, int, error) {
	where, args := "1 = 1", []any{}
	if f.unitTypeID >= 0 {
		where += " AND COALESCE(u.unit_type_id, 0) = ?"
		args = append(args, f.unitTypeID)
	}
	if f.matchCon != "" {
		where += " AND " + search.Cond("LOWER(u.name)")
		args = append(args, search.Pattern(f.matchCon))
	}
	if f.enabled {
		where += " AND u.disabled = 0"
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM units u WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, u *Unit) error { return scanUnit(r, u) },
		"SELECT "+unitColumns+unitFrom+" WHERE "+where+" ORDER BY "+f.order+", u.id LIMIT ? OFFSET ?", append(args, f.limit, f.offset)...)
	return rows, total, err
}

func getUnit(ctx context.Context, q db.Querier, id int64) (Unit, error) {
	var u Unit
	err := scanUnit(q.QueryRow(ctx, "SELECT "+unitColumns+unitFrom+" WHERE u.id = ?", id), &u)
	if errors.Is(err, sql.ErrNoRows) {
		return u, errs.NotFound(Entity)
	}
	return u, err
}

// groupUnits reads the units of groups, base first, then by rate.
func groupUnits(ctx context.Context, q db.Querier, groupIDs []int64) (map[int64][]Unit, error) {
	out := map[int64][]Unit{}
	if len(groupIDs) == 0 {
		return out, nil
	}
	units, err := db.All(ctx, q, func(r *sql.Rows, u *Unit) error { return scanUnit(r, u) },
		"SELECT "+unitColumns+unitFrom+" WHERE u.unit_type_id IN "+db.In(len(groupIDs))+" ORDER BY u.is_base DESC, u.rate, u.id",
		db.Args(groupIDs)...)
	for _, u := range units {
		out[u.UnitTypeID] = append(out[u.UnitTypeID], u)
	}
	return out, err
}

func listGroups(ctx context.Context, q db.Querier, matchCon, order string, limit, offset int) ([]Group, int, error) {
	where, args := "1 = 1", []any{}
	if matchCon != "" {
		where += " AND (" + search.Cond("LOWER(g.name)") + " OR EXISTS (SELECT 1 FROM units m WHERE m.unit_type_id = g.id AND " +
			search.Cond("LOWER(m.name)") + "))"
		args = append(args, search.Pattern(matchCon), search.Pattern(matchCon))
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM unit_types g WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	groups, err := db.All(ctx, q, func(r *sql.Rows, g *Group) error { return r.Scan(&g.ID, &g.Name) },
		"SELECT g.id, g.name FROM unit_types g WHERE "+where+" ORDER BY "+order+", g.id LIMIT ? OFFSET ?", append(args, limit, offset)...)
	if err != nil {
		return nil, 0, err
	}
	ids := make([]int64, len(groups))
	for i, g := range groups {
		ids[i] = g.ID
	}
	units, err := groupUnits(ctx, q, ids)
	for i := range groups {
		groups[i].Units = units[groups[i].ID]
		if groups[i].Units == nil {
			groups[i].Units = []Unit{}
		}
	}
	return groups, total, err
}

func getGroup(ctx context.Context, q db.Querier, id int64) (Group, error) {
	var g Group
	err := q.QueryRow(ctx, "SELECT id, name FROM unit_types WHERE id = ?", id).Scan(&g.ID, &g.Name)
	if errors.Is(err, sql.ErrNoRows) {
		return g, errs.NotFound(GroupEntity)
	}
	if err != nil {
		return g, err
	}
	units, err := groupUnits(ctx, q, []int64{id})
	g.Units = units[id]
	if g.Units == nil {
		g.Units = []Unit{}
	}
	return g, err
}

// unitNameTaken is a 409 on path when another unit (not id) of the same
// group (0 = stand-alone) has the name, or, for a stand-alone unit, a group
// has it (imports name a unit or a group by that one name).
func unitNameTaken(ctx context.Context, q db.Querier, path string, groupID int64, name string, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM units WHERE COALESCE(unit_type_id, 0) = ? AND name = ? AND id <> ?", groupID, name, id).Scan(&n); err != nil {
		return err
	}
	if n == 0 && groupID == 0 {
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM unit_types WHERE name = ?", name).Scan(&n); err != nil {
			return err
		}
	}
	if n > 0 {
		return errs.Duplicate(path, labelName, name)
	}
	return nil
}

// groupNameTaken is a 409 when another group (not id) or a stand-alone unit
// has the name.
func groupNameTaken(ctx context.Context, q db.Querier, name string, id int64) error {
	var n int
	if err := q.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM unit_types WHERE name = ? AND id <> ?)
		+ (SELECT COUNT(*) FROM units WHERE unit_type_id IS NULL AND name = ?)`, name, id, name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("name", labelGroupName, name)
	}
	return nil
}

func insertUnit(ctx context.Context, q db.Querier, groupID int64, name string, rate dec.Dec, isBase, sort int) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO units (unit_type_id, name, rate, is_base, sort, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, db.NullID(groupID), name, rate, isBase, sort, now, now).Scan(&id)
	return id, err
}

func renameUnit(ctx context.Context, q db.Querier, id int64, name string) error {
	_, err := q.Exec(ctx, "UPDATE units SET name = ?, updated_at = ? WHERE id = ?", name, time.Now().UTC(), id)
	return err
}

func updateGroupUnit(ctx context.Context, q db.Querier, id int64, name string, rate dec.Dec, isBase, sort int) error {
	_, err := q.Exec(ctx, "UPDATE units SET name = ?, rate = ?, is_base = ?, sort = ?, updated_at = ? WHERE id = ?",
		name, rate, isBase, sort, time.Now().UTC(), id)
	return err
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE units SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteUnit(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM units WHERE id = ?", id)
	return err
}

func insertGroup(ctx context.Context, q db.Querier, name string) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, "INSERT INTO unit_types (name, created_at, updated_at) VALUES (?, ?, ?) RETURNING id", name, now, now).Scan(&id)
	return id, err
}

func renameGroup(ctx context.Context, q db.Querier, id int64, name string) error {
	_, err := q.Exec(ctx, "UPDATE unit_types SET name = ?, updated_at = ? WHERE id = ?", name, time.Now().UTC(), id)
	return err
}

func deleteGroup(ctx context.Context, q db.Querier, id int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM units WHERE unit_type_id = ?", id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, "DELETE FROM unit_types WHERE id = ?", id)
	return err
}
