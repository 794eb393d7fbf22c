package assist

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

const typeColumns = "id, number, name, name_en, kind, builtin, sort"

func scanType(r interface{ Scan(...any) error }, lang i18n.Lang, t *Type) error {
	var nameEN string
	if err := r.Scan(&t.ID, &t.Number, &t.Name, &nameEN, &t.Kind, &t.Builtin, &t.sort); err != nil {
		return errs.Wrap("scan assist type", err)
	}
	if lang == i18n.EN && nameEN != "" {
		t.Name = nameEN
	}
	return nil
}

func listTypes(ctx context.Context, q db.Querier, lang i18n.Lang) ([]Type, error) {
	return db.All(ctx, q, func(r *sql.Rows, t *Type) error { return scanType(r, lang, t) },
		"SELECT "+typeColumns+" FROM assist_types ORDER BY kind, sort, id")
}

// getType reads a type by id, or by number when id is 0.
func getType(ctx context.Context, q db.Querier, lang i18n.Lang, id int64, number string) (Type, error) {
	var t Type
	var err error
	if id > 0 {
		err = scanType(q.QueryRow(ctx, "SELECT "+typeColumns+" FROM assist_types WHERE id = ?", id), lang, &t)
	} else {
		err = scanType(q.QueryRow(ctx, "SELECT "+typeColumns+" FROM assist_types WHERE number = ?", number), lang, &t)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return t, errs.NotFound(TypeEntity)
	}
	return t, err
}

// typeTaken is a 409 when another type (not id) has the number or name.
func typeTaken(ctx context.Context, q db.Querier, in TypeInput, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM assist_types WHERE number = ? AND id <> ?", in.Number, id).Scan(&n); err != nil {
		return errs.Wrap("check assist type number", err)
	}
	if n > 0 {
		return errs.Duplicate("number", labelTypeNumber, in.Number)
	}
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM assist_types WHERE (name = ? OR name_en = ?) AND id <> ?", in.Name, in.Name, id).Scan(&n); err != nil {
		return errs.Wrap("check assist type name", err)
	}
	if n > 0 {
		return errs.Duplicate("name", labelTypeName, in.Name)
	}
	return nil
}

func insertType(ctx context.Context, q db.Querier, in TypeInput) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO assist_types (number, name, kind, builtin, sort, created_at, updated_at)
		VALUES (?, ?, ?, 0, 0, ?, ?) RETURNING id`, in.Number, in.Name, KindAttribute, now, now).Scan(&id)
	return id, errs.Wrap("insert assist type", err)
}

func updateType(ctx context.Context, q db.Querier, in TypeInput) error {
	_, err := q.Exec(ctx, "UPDATE assist_types SET number = ?, name = ?, updated_at = ? WHERE id = ?", in.Number, in.Name, time.Now().UTC(), in.ID)
	return errs.Wrap(fmt.Sprintf("update assist type %d", in.ID), err)
}

func deleteType(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM assist_types WHERE id = ?", id)
	return errs.Wrap(fmt.Sprintf("delete assist type %d", id), err)
}

const assistColumns = `a.id, a.type_id, t.number, COALESCE(a.parent_id, 0), a.name, a.number, a.sort, a.disabled, a.remark,
	a.tree_path, t.sort`

func scanAssist(r interface{ Scan(...any) error }, a *Assist) error {
	if err := r.Scan(&a.ID, &a.TypeID, &a.TypeNumber, &a.ParentID, &a.Name, &a.Number, &a.Sort, &a.Disable, &a.Remark,
		&a.treePath, &a.typeSort); err != nil {
		return errs.Wrap("scan assist", err)
	}
	a.finish()
	return nil
}

// listAssists reads the records of the types (all types when typeIDs is
// empty); enabledOnly leaves disabled records out.
func listAssists(ctx context.Context, q db.Querier, typeIDs []int64, enabledOnly bool) ([]Assist, error) {
	where, args := "1 = 1", []any{}
	if len(typeIDs) > 0 {
		where += " AND a.type_id IN " + db.In(len(typeIDs))
		args = db.Args(typeIDs)
	}
	if enabledOnly {
		where += " AND a.disabled = 0"
	}
	return db.All(ctx, q, func(r *sql.Rows, a *Assist) error { return scanAssist(r, a) },
		"SELECT "+assistColumns+" FROM assists a JOIN assist_types t ON t.id = a.type_id WHERE "+where, args...)
}

func getAssist(ctx context.Context, q db.Querier, id int64) (Assist, error) {
	var a Assist
	err := scanAssist(q.QueryRow(ctx, "SELECT "+assistColumns+" FROM assists a JOIN assist_types t ON t.id = a.type_id WHERE a.id = ?", id), &a)
	if errors.Is(err, sql.ErrNoRows) {
		return a, errs.NotFound(LabelCategory)
	}
	return a, err
}

// taken is a 409 when a sibling (not id) has the name, or another record of
// the type has the number.
func taken(ctx context.Context, q db.Querier, typeID int64, in Input, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM assists WHERE type_id = ? AND COALESCE(parent_id, 0) = ? AND name = ? AND id <> ?",
		typeID, in.ParentID, in.Name, id).Scan(&n); err != nil {
		return errs.Wrap("check assist name", err)
	}
	if n > 0 {
		return errs.Duplicate("name", labelName, in.Name)
	}
	if in.Number == "" {
		return nil
	}
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM assists WHERE type_id = ? AND number = ? AND id <> ?", typeID, in.Number, id).Scan(&n); err != nil {
		return errs.Wrap("check assist number", err)
	}
	if n > 0 {
		return errs.Duplicate("number", labelNumber, in.Number)
	}
	return nil
}

func insertAssist(ctx context.Context, q db.Querier, typeID int64, in Input, parentPath string) (int64, error) {
	now := time.Now().UTC()
	var id int64
	if err := q.QueryRow(ctx, `INSERT INTO assists (type_id, parent_id, number, name, sort, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, typeID, db.NullID(in.ParentID), in.Number, in.Name, in.Sort, in.Remark, now, now).Scan(&id); err != nil {
		return 0, errs.Wrap("insert assist", err)
	}
	_, err := q.Exec(ctx, "UPDATE assists SET tree_path = ? WHERE id = ?", childPath(parentPath, id), id)
	return id, errs.Wrap(fmt.Sprintf("set tree path of assist %d", id), err)
}

func updateAssist(ctx context.Context, q db.Querier, in Input) error {
	_, err := q.Exec(ctx, `UPDATE assists SET parent_id = ?, number = ?, name = ?, sort = ?, remark = ?, updated_at = ? WHERE id = ?`,
		db.NullID(in.ParentID), in.Number, in.Name, in.Sort, in.Remark, time.Now().UTC(), in.ID)
	return errs.Wrap(fmt.Sprintf("update assist %d", in.ID), err)
}

// movePaths rewrites the tree_path of a subtree (the record at oldPath and
// its descendants) to start with newPath.
func movePaths(ctx context.Context, q db.Querier, oldPath, newPath string) error {
	type node struct {
		id   int64
		path string
	}
	nodes, err := db.All(ctx, q, func(r *sql.Rows, n *node) error { return r.Scan(&n.id, &n.path) },
		"SELECT id, tree_path FROM assists WHERE tree_path LIKE ?", oldPath+"%")
	if err != nil {
		return errs.Wrap("read tree paths", err)
	}
	for _, n := range nodes {
		if _, err := q.Exec(ctx, "UPDATE assists SET tree_path = ? WHERE id = ?", newPath+n.path[len(oldPath):], n.id); err != nil {
			return errs.Wrap(fmt.Sprintf("move assist %d", n.id), err)
		}
	}
	return nil
}

func countChildren(ctx context.Context, q db.Querier, id int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM assists WHERE parent_id = ?", id).Scan(&n)
	return n, errs.Wrap(fmt.Sprintf("count children of assist %d", id), err)
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE assists SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return errs.Wrap(fmt.Sprintf("disable assist %d", id), err)
}

func deleteAssist(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM assists WHERE id = ?", id)
	return errs.Wrap(fmt.Sprintf("delete assist %d", id), err)
}
