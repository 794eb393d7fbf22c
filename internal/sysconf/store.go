package sysconf

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/sysparam"
)

type pageFilter struct {
	keywords string
	keys     []string // parameter keys whose translated name matches the keywords
	limit    int
	offset   int
}

func listConfigs(ctx context.Context, q db.Querier, f pageFilter) ([]Config, int, error) {
	where := "1 = 1"
	var args []any
	if f.keywords != "" {
		like := "%" + f.keywords + "%"
		cond := "config_name " + db.Like(q) + " ? OR config_key " + db.Like(q) + " ?"
		args = append(args, like, like)
		if len(f.keys) > 0 {
			cond += " OR config_key IN " + db.In(len(f.keys))
			args = append(args, db.Args(f.keys)...)
		}
		where = "(" + cond + ")"
	}
	var total int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM configs WHERE "+where, args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := db.All(ctx, q, func(r *sql.Rows, c *Config) error {
		return r.Scan(&c.ID, &c.ConfigName, &c.ConfigKey, &c.ConfigValue, &c.Remark, &c.Builtin, &c.CreateTime)
	}, `SELECT id, config_name, config_key, config_value, remark, builtin, created_at
		FROM configs WHERE `+where+` ORDER BY id LIMIT ? OFFSET ?`, append(args, f.limit, f.offset)...)
	return out, total, err
}

func getConfig(ctx context.Context, q db.Querier, id int64) (Form, error) {
	var f Form
	err := q.QueryRow(ctx, `SELECT id, config_name, config_key, config_value, remark, builtin FROM configs WHERE id = ?`, id).
		Scan(&f.ID, &f.ConfigName, &f.ConfigKey, &f.ConfigValue, &f.Remark, &f.Builtin)
	if errors.Is(err, sql.ErrNoRows) {
		return f, errs.NotFound(entity)
	}
	return f, err
}

// keyTaken reports whether another row (not id) has the key.
func keyTaken(ctx context.Context, q db.Querier, key string, id int64) (bool, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM configs WHERE config_key = ? AND id <> ?", key, id).Scan(&n)
	return n > 0, err
}

func insertConfig(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO configs (config_name, config_key, config_value, remark, builtin, created_at, updated_at)
		VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`, in.ConfigName, in.ConfigKey, in.ConfigValue, in.Remark, now, now).Scan(&id)
	return id, err
}

func updateConfig(ctx context.Context, q db.Querier, id int64, name, key, value, remark string) error {
	_, err := q.Exec(ctx, `UPDATE configs SET config_name = ?, config_key = ?, config_value = ?, remark = ?, updated_at = ?
		WHERE id = ?`, name, key, value, remark, time.Now().UTC(), id)
	return err
}

type keyRow struct {
	id      int64
	key     string
	builtin int
}

func configsByID(ctx context.Context, q db.Querier, ids []int64) (map[int64]keyRow, error) {
	rows, err := q.Query(ctx, "SELECT id, config_key, builtin FROM configs WHERE id IN "+db.In(len(ids)), db.Args(ids)...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[int64]keyRow{}
	for rows.Next() {
		var r keyRow
		if err := rows.Scan(&r.id, &r.key, &r.builtin); err != nil {
			return nil, err
		}
		out[r.id] = r
	}
	return out, rows.Err()
}

func deleteConfigs(ctx context.Context, q db.Querier, ids []int64) error {
	_, err := q.Exec(ctx, "DELETE FROM configs WHERE builtin = 0 AND id IN "+db.In(len(ids)), db.Args(ids)...)
	return err
}

// upsertParam writes a parameter's value, creating its built-in row when missing.
func upsertParam(ctx context.Context, q db.Querier, p sysparam.Param, name, value string) error {
	now := time.Now().UTC()
	_, err := q.Exec(ctx, `INSERT INTO configs (config_name, config_key, config_value, remark, builtin, created_at, updated_at)
		VALUES (?, ?, ?, '', 1, ?, ?)
		ON CONFLICT (config_key) DO UPDATE SET config_value = excluded.config_value, builtin = 1, updated_at = excluded.updated_at`,
		name, p.Key, value, now, now)
	if err != nil {
		return fmt.Errorf("write parameter %s: %w", p.Key, err)
	}
	return nil
}

// SetParam writes one parameter's stored value (for domains that own a
// parameter's changes: the period close owns closeDate).
func SetParam(ctx context.Context, q db.Querier, key, value string) error {
	p, ok := sysparam.FindParam(key)
	if !ok {
		return fmt.Errorf("set parameter: unknown key %q", key)
	}
	return upsertParam(ctx, q, p, i18n.T(i18n.ZH, string(p.Label())), value)
}

// paramValuesOf reads the stored values of the given config keys.
func paramValuesOf(ctx context.Context, q db.Querier, keys ...string) (map[string]string, error) {
	return db.Map[string, string](ctx, q, "SELECT config_key, config_value FROM configs WHERE config_key IN "+db.In(len(keys)), db.Args(keys)...)
}

// firstBill is the number and date of the earliest document of any shop
// (draft or audited), "" when there is none.
func firstBill(ctx context.Context, q db.Querier) (no, on string, err error) {
	err = q.QueryRow(ctx, "SELECT bill_no, bill_date FROM bills ORDER BY bill_date, id LIMIT 1").Scan(&no, &on)
	if err == sql.ErrNoRows {
		return "", "", nil
	}
	return no, on, err
}
