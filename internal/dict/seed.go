package dict

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"cangshu/internal/db"
)

type seedItem struct {
	value, label, labelEn, tagType string
}

type seedDict struct {
	code, name, remark string
	items              []seedItem
}

// defaults are the dictionaries the application's screens rely on.
var defaults = []seedDict{
	{code: "gender", name: "性别", remark: "Gender", items: []seedItem{
		{"1", "男", "Male", "primary"},
		{"2", "女", "Female", "danger"},
		{"0", "保密", "Undisclosed", "info"},
	}},
	{code: "notice_type", name: "通知类型", remark: "Notice type", items: []seedItem{
		{"1", "系统升级", "System upgrade", "success"},
		{"2", "系统维护", "System maintenance", "primary"},
		{"3", "安全警告", "Security alert", "danger"},
		{"4", "假期通知", "Holiday notice", "success"},
		{"5", "公司新闻", "Company news", "primary"},
		{"6", "公告", "Announcement", "warning"},
		{"99", "其他", "Other", "info"},
	}},
	{code: "notice_level", name: "通知级别", remark: "Notice level", items: []seedItem{
		{"L", "低", "Low", "info"},
		{"M", "中", "Medium", "warning"},
		{"H", "高", "High", "danger"},
	}},
}

// SeedDefaults creates the built-in dictionaries that do not exist yet, with
// their items. A dictionary that exists is left as the administrators made it,
// so deleted or edited items stay that way. Safe to call at every start.
func SeedDefaults(ctx context.Context, q db.Querier) error {
	now := time.Now().UTC()
	for _, d := range defaults {
		var id int64
		err := q.QueryRow(ctx, `INSERT INTO dicts (name, dict_code, status, builtin, remark, created_at, updated_at)
			VALUES (?, ?, 1, 1, ?, ?, ?) ON CONFLICT (dict_code) DO NOTHING RETURNING id`,
			d.name, d.code, d.remark, now, now).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			// It exists: make sure it is marked built-in (it may predate the mark).
			if _, err := q.Exec(ctx, "UPDATE dicts SET builtin = 1 WHERE dict_code = ? AND builtin = 0", d.code); err != nil {
				return fmt.Errorf("seed dictionary %s: %w", d.code, err)
			}
			continue
		}
		if err != nil {
			return fmt.Errorf("seed dictionary %s: %w", d.code, err)
		}
		for j, it := range d.items {
			_, err := q.Exec(ctx, `INSERT INTO dict_items (dict_code, value, label, label_en, tag_type, status, sort, remark, created_at, updated_at)
				VALUES (?, ?, ?, ?, ?, 1, ?, '', ?, ?) ON CONFLICT (dict_code, value) DO NOTHING`,
				d.code, it.value, it.label, it.labelEn, it.tagType, j+1, now, now)
			if err != nil {
				return fmt.Errorf("seed dictionary %s item %s: %w", d.code, it.value, err)
			}
		}
	}
	return nil
}
