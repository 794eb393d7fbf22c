package oplog

import (
	"context"
	"database/sql"
	"time"

	"cangshu/internal/db"
)

type logRow struct {
	module, action, method, uri, params, changes, ip, browser, os, username, refs string
	status                                                                        int
	elapsedMS                                                                     int64
	userID, shopID                                                                sql.NullInt64
	createdAt                                                                     time.Time
}

func insertLog(ctx context.Context, q db.Querier, r logRow) error {
	_, err := q.Exec(ctx, `INSERT INTO sys_logs (module, action, request_method, request_uri, params, changes, ip, browser, os,
		status, elapsed_ms, user_id, username, shop_id, created_at, refs) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.module, r.action, r.method, r.uri, r.params, r.changes, r.ip, r.browser, r.os,
		r.status, r.elapsedMS, r.userID, r.username, r.shopID, r.createdAt.UTC(), r.refs)
	return err
}

// PageQuery filters the log page.
type PageQuery struct {
	Keywords string // username, module, address or path
	Module   string
	From, To *time.Time // [From, To)
	ShopID   *int64     // nil = every shop
	Offset   int
	Limit    int
}

// scope adds the shop condition.
func scope(where string, args []any, shopID *int64) (string, []any) {
	if shopID != nil {
		where += " AND shop_id = ?"
		args = append(args, *shopID)
	}
	return where, args
}

type pageRow struct {
	Row
	action string
}

func pageLogs(ctx context.Context, q db.Querier, pq PageQuery) ([]pageRow, int, error) {
	where := " WHERE 1 = 1"
	var args []any
	if pq.Keywords != "" {
		like := db.Like(q)
		where += " AND (username " + like + " ? OR module " + like + " ? OR request_uri " + like + " ? OR ip " + like + " ?)"
		k := "%" + pq.Keywords + "%"
		args = append(args, k, k, k, k)
	}
	if pq.Module != "" {
		where += " AND module = ?"
		args = append(args, pq.Module)
	}
	if pq.From != nil {
		where += " AND created_at >= ?"
		args = append(args, pq.From.UTC())
	}
	if pq.To != nil {
		where += " AND created_at < ?"
		args = append(args, pq.To.UTC())
	}
	where, args = scope(where, args, pq.ShopID)
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM sys_logs"+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(rs *sql.Rows, r *pageRow) error {
		err := rs.Scan(&r.ID, &r.Module, &r.action, &r.RequestURI, &r.Method, &r.Params, &r.Changes, &r.IP, &r.Browser, &r.OS,
			&r.ExecutionTime, &r.Status, &r.CreateBy, &r.CreateTime)
		r.CreateTime = r.CreateTime.UTC()
		return err
	}, `SELECT id, module, action, request_uri, request_method, params, changes, ip, browser, os,
		elapsed_ms, status, username, created_at FROM sys_logs`+where+`
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, append(args, pq.Limit, pq.Offset)...)
	return out, total, err
}

// counts are the page views, distinct users and distinct addresses of
// [from, to) (both zero = all time).
type counts struct{ pv, uv, ip int }

func countVisits(ctx context.Context, q db.Querier, from, to time.Time, shopID *int64) (counts, error) {
	where := " WHERE 1 = 1"
	var args []any
	if !from.IsZero() {
		where += " AND created_at >= ?"
		args = append(args, from.UTC())
	}
	if !to.IsZero() {
		where += " AND created_at < ?"
		args = append(args, to.UTC())
	}
	where, args = scope(where, args, shopID)
	var c counts
	err := q.QueryRow(ctx, "SELECT COUNT(*), COUNT(DISTINCT user_id), COUNT(DISTINCT ip) FROM sys_logs"+where, args...).
		Scan(&c.pv, &c.uv, &c.ip)
	return c, err
}
