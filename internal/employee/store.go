package employee

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
	matchCon string
	enabled  bool // only enabled staff (disable=0)
	order    string
	limit    int
	offset   int
}

const columns = "e.id, e.number, e.name, e.mobile, e.disabled, e.remark, e.search"

func scanEmployee(r interface{ Scan(...any) error }, e *Employee) error {
	err := r.Scan(&e.ID, &e.Number, &e.Name, &e.Mobile, &e.Disable, &e.Remark, &e.Search)
	e.Search = search.Answer(e.Search)
	return err
}

func listEmployees(ctx context.Context, q db.Querier, f filter) ([]Employee, int, error) {
	where, args := "1 = 1", []any{}
	if f.matchCon != "" {
		where += " AND " + search.Cond("e.search")
		args = append(args, search.Pattern(f.matchCon))
	}
	if f.enabled {
		where += " AND e.disabled = 0"
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM employees e WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	rows, err := db.All(ctx, q, func(r *sql.Rows, e *Employee) error { return scanEmployee(r, e) },
		"SELECT "+columns+" FROM employees e WHERE "+where+" ORDER BY "+f.order+", e.id LIMIT ? OFFSET ?",
		append(args, f.limit, f.offset)...)
	return rows, total, err
}

func getEmployee(ctx context.Context, q db.Querier, id int64) (Employee, error) {
	var e Employee
	err := scanEmployee(q.QueryRow(ctx, "SELECT "+columns+" FROM employees e WHERE e.id = ?", id), &e)
	if errors.Is(err, sql.ErrNoRows) {
		return e, errs.NotFound(Entity)
	}
	return e, err
}

// duplicate is a 409 on number when another staff member (not id) has it.
func duplicate(ctx context.Context, q db.Querier, number string, id int64) error {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM employees WHERE number = ? AND id <> ?", number, id).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return errs.Duplicate("number", labelNumber, number)
	}
	return nil
}

func searchText(in Input) string { return search.Text(in.Number, in.Name, in.Mobile) }

func insertEmployee(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO employees (number, name, mobile, remark, search, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`, in.Number, in.Name, in.Mobile, in.Remark, searchText(in), now, now).Scan(&id)
	return id, err
}

func updateEmployee(ctx context.Context, q db.Querier, in Input) error {
	_, err := q.Exec(ctx, `UPDATE employees SET number = ?, name = ?, mobile = ?, remark = ?, search = ?, updated_at = ?
		WHERE id = ?`, in.Number, in.Name, in.Mobile, in.Remark, searchText(in), time.Now().UTC(), in.ID)
	return err
}

func setDisabled(ctx context.Context, q db.Querier, id, disabled int64) error {
	_, err := q.Exec(ctx, "UPDATE employees SET disabled = ?, updated_at = ? WHERE id = ?", disabled, time.Now().UTC(), id)
	return err
}

func deleteEmployee(ctx context.Context, q db.Querier, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM employees WHERE id = ?", id)
	return err
}
