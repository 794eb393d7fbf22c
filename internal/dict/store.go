package dict

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

const (
	entity     = errs.Key("dict.entity")
	itemEntity = errs.Key("dict.item.entity")
)

// PageQuery filters the dictionary page.
type PageQuery struct {
	Keywords string
	Status   *int
	Offset   int
	Limit    int
}

func pageDicts(ctx context.Context, q db.Querier, pq PageQuery) ([]Page, int, error) {
	where := " WHERE 1 = 1"
	var args []any
	if pq.Keywords != "" {
		where += " AND (name " + db.Like(q) + " ? OR dict_code " + db.Like(q) + " ?)"
		k := "%" + pq.Keywords + "%"
		args = append(args, k, k)
	}
	if pq.Status != nil {
		where += " AND status = ?"
		args = append(args, *pq.Status)
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM dicts"+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, p *Page) error {
		return r.Scan(&p.ID, &p.Name, &p.DictCode, &p.Status, &p.Builtin, &p.Remark, &p.CreateTime)
	}, `SELECT id, name, dict_code, status, builtin, remark, created_at FROM dicts`+where+
		` ORDER BY id LIMIT ? OFFSET ?`, append(args, pq.Limit, pq.Offset)...)
	return out, total, err
}

func listOptions(ctx context.Context, q db.Querier) ([]Option, error) {
	return db.All(ctx, q, func(r *sql.Rows, o *Option) error { return r.Scan(&o.Value, &o.Label) },
		"SELECT dict_code, name FROM dicts WHERE status = 1 ORDER BY id")
}

func getDict(ctx context.Context, q db.Querier, id int64) (Form, error) {
	var f Form
	err := q.QueryRow(ctx, "SELECT id, name, dict_code, status, builtin, remark FROM dicts WHERE id = ?", id).
		Scan(&f.ID, &f.Name, &f.DictCode, &f.Status, &f.Builtin, &f.Remark)
	if errors.Is(err, sql.ErrNoRows) {
		return f, errs.NotFound(entity)
	}
	return f, err
}

// dictByCode returns the dictionary's id and status.
func dictByCode(ctx context.Context, q db.Querier, code string) (id int64, status int, err error) {
	err = q.QueryRow(ctx, "SELECT id, status FROM dicts WHERE dict_code = ?", code).Scan(&id, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, 0, errs.NotFound(entity)
	}
	return id, status, err
}

func codeTaken(ctx context.Context, q db.Querier, code string, exceptID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM dicts WHERE dict_code = ? AND id <> ?", code, exceptID).Scan(&n)
	return n > 0, err
}

func insertDict(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO dicts (name, dict_code, status, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, in.Name, in.DictCode, *in.Status, in.Remark, now, now).Scan(&id)
	return id, err
}

func updateDict(ctx context.Context, q db.Querier, id int64, in Input) error {
	_, err := q.Exec(ctx, `UPDATE dicts SET name = ?, dict_code = ?, status = ?, remark = ?, updated_at = ? WHERE id = ?`,
		in.Name, in.DictCode, *in.Status, in.Remark, time.Now().UTC(), id)
	return err
}

type dictRef struct {
	id      int64
	name    string
	builtin int
}

func dictsByIDs(ctx context.Context, q db.Querier, ids []int64) ([]dictRef, error) {
	return db.All(ctx, q, func(r *sql.Rows, d *dictRef) error { return r.Scan(&d.id, &d.name, &d.builtin) },
		"SELECT id, name, builtin FROM dicts WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
}

func deleteDicts(ctx context.Context, q db.Querier, ids []int64) error {
	// Items go by the foreign key's ON DELETE CASCADE; deleted explicitly too,
	// so the outcome does not depend on the engine's foreign-key setting.
	if _, err := q.Exec(ctx, `DELETE FROM dict_items WHERE dict_code IN (SELECT dict_code FROM dicts WHERE id IN `+db.In(len(ids))+`)`, db.Args(ids)...); err != nil {
		return err
	}
	_, err := q.Exec(ctx, "DELETE FROM dicts WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	return err
}

// ItemQuery filters a dictionary's item page.
type ItemQuery struct {
	Keywords string
	Status   *int
	Offset   int
	Limit    int
}

func pageItems(ctx context.Context, q db.Querier, code string, iq ItemQuery) ([]ItemPage, int, error) {
	where := " WHERE dict_code = ?"
	args := []any{code}
	if iq.Keywords != "" {
		like := db.Like(q)
		where += " AND (value " + like + " ? OR label " + like + " ? OR label_en " + like + " ?)"
		k := "%" + iq.Keywords + "%"
		args = append(args, k, k, k)
	}
	if iq.Status != nil {
		where += " AND status = ?"
		args = append(args, *iq.Status)
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM dict_items"+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, p *ItemPage) error {
		return r.Scan(&p.ID, &p.DictCode, &p.Value, &p.Label, &p.LabelEn, &p.TagType, &p.Status, &p.Sort, &p.Remark)
	}, `SELECT id, dict_code, value, label, label_en, tag_type, status, sort, remark
		FROM dict_items`+where+` ORDER BY sort, id LIMIT ? OFFSET ?`, append(args, iq.Limit, iq.Offset)...)
	return out, total, err
}

type optionRow struct {
	value, label, labelEn, tagType string
}

func enabledItems(ctx context.Context, q db.Querier, code string) ([]optionRow, error) {
	return db.All(ctx, q, func(r *sql.Rows, o *optionRow) error { return r.Scan(&o.value, &o.label, &o.labelEn, &o.tagType) },
		`SELECT value, label, label_en, tag_type FROM dict_items WHERE dict_code = ? AND status = 1 ORDER BY sort, id`, code)
}

// getItem returns an item of the dictionary; an item of another dictionary is not found.
func getItem(ctx context.Context, q db.Querier, code string, id int64) (ItemForm, error) {
	var p ItemForm
	err := q.QueryRow(ctx, `SELECT id, dict_code, value, label, label_en, tag_type, status, sort, remark
		FROM dict_items WHERE id = ? AND dict_code = ?`, id, code).
		Scan(&p.ID, &p.DictCode, &p.Value, &p.Label, &p.LabelEn, &p.TagType, &p.Status, &p.Sort, &p.Remark)
	if errors.Is(err, sql.ErrNoRows) {
		return p, errs.NotFound(itemEntity)
	}
	return p, err
}

func valueTaken(ctx context.Context, q db.Querier, code, value string, exceptID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM dict_items WHERE dict_code = ? AND value = ? AND id <> ?", code, value, exceptID).Scan(&n)
	return n > 0, err
}

func insertItem(ctx context.Context, q db.Querier, code string, in ItemInput) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO dict_items (dict_code, value, label, label_en, tag_type, status, sort, remark, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		code, in.Value, in.Label, in.LabelEn, in.TagType, *in.Status, in.Sort, in.Remark, now, now).Scan(&id)
	return id, err
}

func updateItem(ctx context.Context, q db.Querier, id int64, in ItemInput) error {
	_, err := q.Exec(ctx, `UPDATE dict_items SET value = ?, label = ?, label_en = ?, tag_type = ?, status = ?, sort = ?,
		remark = ?, updated_at = ? WHERE id = ?`,
		in.Value, in.Label, in.LabelEn, in.TagType, *in.Status, in.Sort, in.Remark, time.Now().UTC(), id)
	return err
}

func countItems(ctx context.Context, q db.Querier, code string, ids []int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM dict_items WHERE dict_code = ? AND id IN "+db.In(len(ids)),
		append([]any{code}, db.Args(ids)...)...).Scan(&n)
	return n, err
}

func deleteItems(ctx context.Context, q db.Querier, code string, ids []int64) error {
	_, err := q.Exec(ctx, "DELETE FROM dict_items WHERE dict_code = ? AND id IN "+db.In(len(ids)),
		append([]any{code}, db.Args(ids)...)...)
	return err
}
