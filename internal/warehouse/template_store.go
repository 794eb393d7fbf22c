package warehouse

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// listTemplates are the templates (one when id > 0; match over name and
// product number/name) with their parts, by name.
func listTemplates(ctx context.Context, q db.Querier, match string, id int64) ([]Template, error) {
	where, args := "1 = 1", []any{}
	if id > 0 {
		where += " AND t.id = ?"
		args = append(args, id)
	}
	if match != "" {
		p := search.Pattern(match)
		where += " AND (" + search.Cond("LOWER(t.name)") + " OR " + search.Cond("LOWER(g.name)") + " OR " + search.Cond("LOWER(g.number)") + ")"
		args = append(args, p, p, p)
	}
	list, err := db.All(ctx, q, func(r *sql.Rows, t *Template) error {
		return r.Scan(&t.ID, &t.Name, &t.InvID, &t.InvNumber, &t.InvName, &t.SkuID, &t.UnitID, &t.UnitName, &t.Description, &t.Version)
	}, `SELECT t.id, t.name, t.goods_id, g.number, g.name, t.sku_id, COALESCE(t.unit_id, 0), COALESCE(u.name, ''), t.description, t.version
		FROM combination_templates t JOIN goods g ON g.id = t.goods_id LEFT JOIN units u ON u.id = t.unit_id
		WHERE `+where+" ORDER BY t.name, t.id", args...)
	if err != nil || len(list) == 0 {
		return list, errs.Wrap("list combination templates", err)
	}
	ids := make([]int64, len(list))
	at := make(map[int64]int, len(list))
	for i := range list {
		ids[i], at[list[i].ID] = list[i].ID, i
		list[i].Qty = dec.FromInt(1)
		list[i].Entries = []TemplatePart{}
	}
	type part struct {
		templateID int64
		TemplatePart
	}
	parts, err := db.All(ctx, q, func(r *sql.Rows, p *part) error {
		return r.Scan(&p.templateID, &p.InvID, &p.InvNumber, &p.InvName, &p.SkuID, &p.UnitID, &p.UnitName, &p.Qty)
	}, `SELECT p.template_id, p.goods_id, g.number, g.name, p.sku_id, COALESCE(p.unit_id, 0), COALESCE(u.name, ''), p.qty
		FROM combination_template_parts p JOIN goods g ON g.id = p.goods_id LEFT JOIN units u ON u.id = p.unit_id
		WHERE p.template_id IN `+db.In(len(ids))+" ORDER BY p.template_id, p.line_no", db.Args(ids)...)
	if err != nil {
		return nil, errs.Wrap("list combination template parts", err)
	}
	for _, p := range parts {
		t := &list[at[p.templateID]]
		t.Entries = append(t.Entries, p.TemplatePart)
	}
	return list, nil
}

// templateExists is a 404 when template id does not exist.
func templateExists(ctx context.Context, q db.Querier, id int64) (bool, error) {
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM combination_templates WHERE id = ?", id).Scan(&n); err != nil {
		return false, fmt.Errorf("combination template %d: %w", id, err)
	}
	if n == 0 {
		return false, errs.NotFound("combination.template.entity")
	}
	return true, nil
}

func insertTemplate(ctx context.Context, q db.Querier, t templateRow) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO combination_templates (name, goods_id, sku_id, unit_id, description, version, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, 1, ?, ?) RETURNING id`, t.name, t.goodsID, t.skuID, db.NullID(t.unitID), t.description, now, now).Scan(&id)
	return id, err
}

// updateTemplate writes the header when version is current (false: stale
// or missing).
func updateTemplate(ctx context.Context, q db.Querier, t templateRow, version int64) (bool, error) {
	res, err := q.Exec(ctx, `UPDATE combination_templates SET name = ?, goods_id = ?, sku_id = ?, unit_id = ?, description = ?,
		version = version + 1, updated_at = ? WHERE id = ? AND version = ?`,
		t.name, t.goodsID, t.skuID, db.NullID(t.unitID), t.description, time.Now().UTC(), t.id, version)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// writeTemplateParts replaces the parts of template t.id.
func writeTemplateParts(ctx context.Context, q db.Querier, t templateRow) error {
	if _, err := q.Exec(ctx, "DELETE FROM combination_template_parts WHERE template_id = ?", t.id); err != nil {
		return fmt.Errorf("parts of combination template %d: %w", t.id, err)
	}
	if len(t.parts) == 0 {
		return nil
	}
	args := make([]any, 0, 6*len(t.parts))
	for i, p := range t.parts {
		args = append(args, t.id, i+1, p.goodsID, p.skuID, db.NullID(p.unitID), p.qty)
	}
	values := strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?),", len(t.parts)), ",")
	_, err := q.Exec(ctx, "INSERT INTO combination_template_parts (template_id, line_no, goods_id, sku_id, unit_id, qty) VALUES "+values, args...)
	return errs.Wrap(fmt.Sprintf("parts of combination template %d", t.id), err)
}
