package dept

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// loadAll reads the whole department table (it is small).
func loadAll(ctx context.Context, q db.Querier) (index, error) {
	rows, err := q.Query(ctx, `SELECT id, parent_id, tree_path, name, code, sort, status, created_at, updated_at FROM depts`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := index{}
	for rows.Next() {
		d := &Dept{}
		if err := rows.Scan(&d.ID, &d.ParentID, &d.treePath, &d.Name, &d.Code, &d.Sort, &d.Status, &d.CreateTime, &d.UpdateTime); err != nil {
			return nil, err
		}
		out[d.ID] = d
	}
	return out, rows.Err()
}

func getDept(ctx context.Context, q db.Querier, id int64) (Dept, error) {
	var d Dept
	err := q.QueryRow(ctx, `SELECT id, parent_id, tree_path, name, code, sort, status, created_at, updated_at FROM depts WHERE id = ?`, id).
		Scan(&d.ID, &d.ParentID, &d.treePath, &d.Name, &d.Code, &d.Sort, &d.Status, &d.CreateTime, &d.UpdateTime)
	if errors.Is(err, sql.ErrNoRows) {
		return d, errs.NotFound("dept.entity")
	}
	return d, err
}

func insertDept(ctx context.Context, q db.Querier, d Dept) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO depts (parent_id, tree_path, name, code, sort, status, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, d.ParentID, d.treePath, d.Name, d.Code, d.Sort, d.Status, now, now).Scan(&id)
	return id, err
}

func updateDept(ctx context.Context, q db.Querier, d Dept) error {
	_, err := q.Exec(ctx, `UPDATE depts SET parent_id = ?, tree_path = ?, name = ?, code = ?, sort = ?, status = ?, updated_at = ?
		WHERE id = ?`, d.ParentID, d.treePath, d.Name, d.Code, d.Sort, d.Status, time.Now().UTC(), d.ID)
	return err
}

func setTreePath(ctx context.Context, q db.Querier, id int64, path string) error {
	_, err := q.Exec(ctx, "UPDATE depts SET tree_path = ? WHERE id = ?", path, id)
	return err
}

// userCounts gives, per department of ids, how many users belong to it.
func userCounts(ctx context.Context, q db.Querier, ids []int64) (map[int64]int, error) {
	return db.Map[int64, int](ctx, q, "SELECT dept_id, COUNT(*) FROM users WHERE dept_id IN "+db.In(len(ids))+" GROUP BY dept_id", db.Args(ids)...)
}

func deleteDepts(ctx context.Context, q db.Querier, ids []int64) error {
	_, err := q.Exec(ctx, "DELETE FROM depts WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	return err
}
