package notice

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

const entity = errs.Key("notice.entity")

// publisherName is the publisher's nickname, or username when it has none.
const publisherName = `COALESCE(NULLIF(p.nickname, ''), p.username, '')`

// visibleTo is the condition that notice n is published to user ?.
const visibleTo = `n.publish_status = 1 AND (n.target_type = 1 OR EXISTS (
	SELECT 1 FROM notice_targets t WHERE t.notice_id = n.id AND t.user_id = ?))`

// PageQuery filters the administration page.
type PageQuery struct {
	Title         string
	PublishStatus *int
	Offset, Limit int
}

func pageNotices(ctx context.Context, q db.Querier, pq PageQuery) ([]Page, int, error) {
	where := " WHERE 1 = 1"
	var args []any
	if pq.Title != "" {
		where += " AND n.title " + db.Like(q) + " ?"
		args = append(args, "%"+pq.Title+"%")
	}
	if pq.PublishStatus != nil {
		where += " AND n.publish_status = ?"
		args = append(args, *pq.PublishStatus)
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM notices n"+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, p *Page) error {
		var pub, rev sql.NullTime
		err := r.Scan(&p.ID, &p.Title, &p.Type, &p.Level, &p.TargetType, &p.PublishStatus, &p.PublisherName,
			&pub, &rev, &p.CreateTime)
		p.PublishTime, p.RevokeTime = timePtr(pub), timePtr(rev)
		return err
	}, `SELECT n.id, n.title, n.type, n.level, n.target_type, n.publish_status, `+publisherName+`,
		n.publish_time, n.revoke_time, n.created_at
		FROM notices n LEFT JOIN users p ON p.id = n.publisher_id`+where+`
		ORDER BY n.created_at DESC, n.id DESC LIMIT ? OFFSET ?`, append(args, pq.Limit, pq.Offset)...)
	return out, total, err
}

func timePtr(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	v := t.Time.UTC()
	return &v
}

func getForm(ctx context.Context, q db.Querier, id int64) (Form, error) {
	var f Form
	err := q.QueryRow(ctx, `SELECT id, title, content, type, level, target_type, publish_status FROM notices WHERE id = ?`, id).
		Scan(&f.ID, &f.Title, &f.Content, &f.Type, &f.Level, &f.TargetType, &f.PublishStatus)
	f.Content = SanitizeContent(f.Content) // rows saved before the sanitiser
	if errors.Is(err, sql.ErrNoRows) {
		return f, errs.NotFound(entity)
	}
	if err != nil {
		return f, err
	}
	f.TargetUserIDs, err = targets(ctx, q, id)
	return f, err
}

func targets(ctx context.Context, q db.Querier, id int64) ([]int64, error) {
	return db.Values[int64](ctx, q, "SELECT user_id FROM notice_targets WHERE notice_id = ? ORDER BY user_id", id)
}

func statusOf(ctx context.Context, q db.Querier, id int64) (status int, title string, err error) {
	err = q.QueryRow(ctx, "SELECT publish_status, title FROM notices WHERE id = ?", id).Scan(&status, &title)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, "", errs.NotFound(entity)
	}
	return status, title, err
}

// dictHas reports whether an enabled item of an enabled dictionary has the value.
func dictHas(ctx context.Context, q db.Querier, code, value string) (bool, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM dict_items i JOIN dicts d ON d.dict_code = i.dict_code
		WHERE i.dict_code = ? AND i.value = ? AND i.status = 1 AND d.status = 1`, code, value).Scan(&n)
	return n > 0, err
}

// usersInShop returns which of the ids belong to the shop.
func usersInShop(ctx context.Context, q db.Querier, shopID int64, ids []int64) (map[int64]bool, error) {
	return db.IDSet(ctx, q, "SELECT user_id FROM user_shops WHERE shop_id = ? AND user_id IN "+db.In(len(ids)),
		append([]any{shopID}, db.Args(ids)...)...)
}

func usernames(ctx context.Context, q db.Querier, ids []int64) ([]string, error) {
	return db.Values[string](ctx, q, "SELECT username FROM users WHERE id IN "+db.In(len(ids))+" ORDER BY username", db.Args(ids)...)
}

func insertNotice(ctx context.Context, q db.Querier, in Input, by int64) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO notices (title, content, type, level, target_type, publish_status, created_by, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING id`,
		in.Title, in.Content, *in.Type, in.Level, *in.TargetType, by, now, now).Scan(&id)
	if err != nil {
		return 0, err
	}
	return id, setTargets(ctx, q, id, in.TargetUserIDs)
}

func updateNotice(ctx context.Context, q db.Querier, id int64, in Input) error {
	_, err := q.Exec(ctx, `UPDATE notices SET title = ?, content = ?, type = ?, level = ?, target_type = ?, updated_at = ? WHERE id = ?`,
		in.Title, in.Content, *in.Type, in.Level, *in.TargetType, time.Now().UTC(), id)
	if err != nil {
		return err
	}
	return setTargets(ctx, q, id, in.TargetUserIDs)
}

func setTargets(ctx context.Context, q db.Querier, id int64, users []int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM notice_targets WHERE notice_id = ?", id); err != nil {
		return err
	}
	return insertPairs(ctx, q, "INSERT INTO notice_targets (notice_id, user_id) VALUES ", "(?, ?)", "", users,
		func(u int64) []any { return []any{id, u} })
}

// insertPairs inserts one row per value, in batches.
func insertPairs(ctx context.Context, q db.Querier, head, row, tail string, values []int64, args func(int64) []any) error {
	const batch = 200
	for len(values) > 0 {
		n := min(batch, len(values))
		query := head
		var a []any
		for i, v := range values[:n] {
			if i > 0 {
				query += ", "
			}
			query += row
			a = append(a, args(v)...)
		}
		if _, err := q.Exec(ctx, query+tail, a...); err != nil {
			return err
		}
		values = values[n:]
	}
	return nil
}

func publish(ctx context.Context, q db.Querier, id, by int64) error {
	now := time.Now().UTC()
	if _, err := q.Exec(ctx, "DELETE FROM notice_reads WHERE notice_id = ?", id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `UPDATE notices SET publish_status = 1, publisher_id = ?, publish_time = ?, revoke_time = NULL, updated_at = ?
		WHERE id = ?`, by, now, now, id)
	return err
}

func revoke(ctx context.Context, q db.Querier, id int64) error {
	now := time.Now().UTC()
	_, err := q.Exec(ctx, `UPDATE notices SET publish_status = -1, revoke_time = ?, updated_at = ? WHERE id = ?`, now, now, id)
	return err
}

type noticeRef struct {
	id     int64
	title  string
	status int
}

func noticesByIDs(ctx context.Context, q db.Querier, ids []int64) ([]noticeRef, error) {
	return db.All(ctx, q, func(r *sql.Rows, n *noticeRef) error { return r.Scan(&n.id, &n.title, &n.status) },
		"SELECT id, title, publish_status FROM notices WHERE id IN "+db.In(len(ids))+" ORDER BY id", db.Args(ids)...)
}

func deleteNotices(ctx context.Context, q db.Querier, ids []int64) error {
	in, args := db.In(len(ids)), db.Args(ids)
	for _, query := range []string{
		"DELETE FROM notice_reads WHERE notice_id IN " + in,
		"DELETE FROM notice_targets WHERE notice_id IN " + in,
		"DELETE FROM notices WHERE id IN " + in,
	} {
		if _, err := q.Exec(ctx, query, args...); err != nil {
			return err
		}
	}
	return nil
}

func getDetail(ctx context.Context, q db.Querier, id int64) (Detail, error) {
	var d Detail
	var pub sql.NullTime
	err := q.QueryRow(ctx, `SELECT n.id, n.title, n.content, n.type, n.level, `+publisherName+`, n.publish_time, n.publish_status
		FROM notices n LEFT JOIN users p ON p.id = n.publisher_id WHERE n.id = ?`, id).
		Scan(&d.ID, &d.Title, &d.Content, &d.Type, &d.Level, &d.PublisherName, &pub, &d.PublishStatus)
	d.Content = SanitizeContent(d.Content) // rows saved before the sanitiser
	if errors.Is(err, sql.ErrNoRows) {
		return d, errs.NotFound(entity)
	}
	d.PublishTime = timePtr(pub)
	return d, err
}

func isVisible(ctx context.Context, q db.Querier, id, userID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM notices n WHERE n.id = ? AND "+visibleTo, id, userID).Scan(&n)
	return n > 0, err
}

func hasRead(ctx context.Context, q db.Querier, id, userID int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM notice_reads WHERE notice_id = ? AND user_id = ?", id, userID).Scan(&n)
	return n > 0, err
}

func markRead(ctx context.Context, q db.Querier, id, userID int64) error {
	_, err := q.Exec(ctx, `INSERT INTO notice_reads (notice_id, user_id, read_at) VALUES (?, ?, ?)
		ON CONFLICT (notice_id, user_id) DO NOTHING`, id, userID, time.Now().UTC())
	return err
}

// MineQuery filters the caller's own notices.
type MineQuery struct {
	Title         string
	IsRead        *int
	Offset, Limit int
}

func pageMine(ctx context.Context, q db.Querier, userID int64, mq MineQuery) ([]Mine, int, error) {
	from := ` FROM notices n
		LEFT JOIN notice_reads r ON r.notice_id = n.id AND r.user_id = ?
		LEFT JOIN users p ON p.id = n.publisher_id
		WHERE ` + visibleTo
	args := []any{userID, userID}
	if mq.Title != "" {
		from += " AND n.title " + db.Like(q) + " ?"
		args = append(args, "%"+mq.Title+"%")
	}
	if mq.IsRead != nil {
		if *mq.IsRead == 1 {
			from += " AND r.user_id IS NOT NULL"
		} else {
			from += " AND r.user_id IS NULL"
		}
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*)"+from, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, m *Mine) error {
		var pub sql.NullTime
		err := r.Scan(&m.ID, &m.Title, &m.Type, &m.Level, &m.PublisherName, &pub, &m.IsRead)
		m.PublishTime = timePtr(pub)
		return err
	}, `SELECT n.id, n.title, n.type, n.level, `+publisherName+`, n.publish_time,
		CASE WHEN r.user_id IS NULL THEN 0 ELSE 1 END`+from+`
		ORDER BY n.publish_time DESC, n.id DESC LIMIT ? OFFSET ?`, append(args, mq.Limit, mq.Offset)...)
	return out, total, err
}

func unreadIDs(ctx context.Context, q db.Querier, userID int64) ([]int64, error) {
	return db.Values[int64](ctx, q, `SELECT n.id FROM notices n WHERE `+visibleTo+`
		AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ?)`, userID, userID)
}

func unreadCount(ctx context.Context, q db.Querier, userID int64) (int, error) {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM notices n WHERE `+visibleTo+`
		AND NOT EXISTS (SELECT 1 FROM notice_reads r WHERE r.notice_id = n.id AND r.user_id = ?)`, userID, userID).Scan(&n)
	return n, err
}

func markAllRead(ctx context.Context, q db.Querier, userID int64, ids []int64) error {
	now := time.Now().UTC()
	return insertPairs(ctx, q, "INSERT INTO notice_reads (notice_id, user_id, read_at) VALUES ", "(?, ?, ?)", " ON CONFLICT (notice_id, user_id) DO NOTHING", ids,
		func(id int64) []any { return []any{id, userID, now} })
}
