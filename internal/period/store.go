package period

import (
	"context"
	"database/sql"
	"time"

	"cangshu/internal/db"
)

func listCloses(ctx context.Context, q db.Querier) ([]Close, error) {
	return db.All(ctx, q, func(r *sql.Rows, v *Close) error {
		return r.Scan(&v.CloseDate, &v.UserName, &v.CreateTime)
	}, `SELECT pc.close_date, COALESCE(u.nickname, ''), pc.created_at FROM period_closes pc
		LEFT JOIN users u ON u.id = pc.user_id ORDER BY pc.close_date DESC`)
}

func insertClose(ctx context.Context, q db.Querier, date string, userID int64) error {
	_, err := q.Exec(ctx, "INSERT INTO period_closes (close_date, user_id, created_at) VALUES (?, ?, ?)", date, userID, time.Now().UTC())
	return err
}

// firstDraft is the number and date of a draft (any shop) dated on or
// before date, "" when there is none.
func firstDraft(ctx context.Context, q db.Querier, date string) (no, on string, err error) {
	err = q.QueryRow(ctx, "SELECT bill_no, bill_date FROM bills WHERE checked = 0 AND bill_date <= ? ORDER BY bill_date, id LIMIT 1", date).Scan(&no, &on)
	if err == sql.ErrNoRows {
		return "", "", nil
	}
	return no, on, err
}
