package item

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

type filter struct {
	typ      int64 // 0 = both
	matchCon string
	enabled  bool
	order    string
	limit    int
	offset   int
}

const columns = `i.id, i.kind, i.number, i.name, COALESCE(i.category_id, 0), COALESCE(a.name, ''), i.disabled, i.remark, i.search`
const from = " FROM items i LEFT JOIN assists a ON a.id = i.category_id"

func scanItem(r interface{ Scan(...any) error }, it *Item) error {
	err := r.Scan(&it.ID, &it.Type, &it.Number, &it.Name, &it.CategoryID, &it.CategoryName, &it.Disable, &it.Remark, &it.Search)
	it.Search = search.Answer(it.Search)
	return err
}

func listItems(ctx context.Context, q db.Querier, f filter) ([]Item, int, error) {
	where, args := "1 = 1", []any{}
	if f.typ != 0 {
		where += " AND i.kind = ?"
		args = append(args, f.typ)
	}
	if f.matchCon != "" {
		where += " AND " + search.Cond("i.search")
		args = append(args, search.Pattern(f.matchCon))
	}
	if f.enabled {
		where += " AND i.disabled = 0"
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM items i WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, it *Item) error { return scanItem(r, it) },
		"SELECT "+columns+from+" WHERE "+where+" ORDER BY "+f.order+", i.id LIMIT ? OFFSET ?", append(args, f.limit, f.offset)...)
	return rows, total, err
}

func getItem(ctx context.Context, q db.Querier, id int64) (Item, error) {
	var it Item
	err := scanItem(q.QueryRow(ctx, "SELECT "+columns+from+" WHERE i.id = ?", id), &it)
	if errors.Is(err, sql.ErrNoRows) {
		return it, errs.NotFound(Entity)
	}
	return it, err
}

// categoryTypeOf answers the type number of category id ("" when there is
// no such category).
func categoryTypeOf(ctx context.Context, q db.Querier, id int64) (string, error) {
	var number string
	err := q.QueryRow(ctx, "SELECT t.number FROM assists a JOIN assist_types t ON t.id = a.type_id WHERE a.id = ?", id).Scan(&number)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return number, err
}

// duplicate is a 409 on number when another item (not id) of the type has it.
func duplicate(ctx context.Context, q db.Querier, in Input, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM items WHERE kind = ? AND number = ? AND id <> ?", in.Type, in.Number, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("number", labelNumber, in.Number)
	}
	return nil
}

func insertItem(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO items (kind, number, name, category_id, remark, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, in.Type, in.Number, in.Name, db.NullID(in.CategoryID), in.Remark,
		search.Text(in.Number, in.Name), now, now).Scan(&id)
	return id, err
}

func updateItem(ctx context.Context, q db.Querier, in Input) error {
	_, err := q.Exec(ctx, `UPDATE items SET kind = ?, number = ?, name = ?, category_id = ?, remark = ?, search = ?, updated_at = ?
		WHERE id = ?`, in.Type, in.Number, in.Name, db.NullID(in.CategoryID), in.Remark, search.Text(in.Number, in.Name), time.Now().UTC(), in.ID)
	return err
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE items SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteItem(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM items WHERE id = ?", id)
	return err
}
