package custom

import (
	"context"
	"database/sql"
	"errors"
	"slices"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/search"
)

const fieldColumns = `id, target, label, label_en, kind, options, required, in_list, searchable, sort, disabled`

func scanField(r *sql.Rows, f *Field) error {
	var opts string
	if err := r.Scan(&f.ID, &f.Target, &f.LabelZh, &f.LabelEn, &f.Type, &opts, &f.Required, &f.InList, &f.Searchable,
		&f.Sort, &f.Disable); err != nil {
		return err
	}
	f.Code = Code(f.ID)
	f.Options = []string{}
	if opts != "" {
		f.Options = strings.Split(opts, optionsSep)
	}
	return nil
}

// Defs are the definitions of target (every target when ""), enabled and
// disabled, in their order: every document and record saved reads them,
// so they are kept while the settings are unchanged (migration 0160 counts
// their changes with the system parameters). The list is the caller's.
func Defs(ctx context.Context, q db.Querier, target string) ([]Field, error) {
	list, err := db.Cached(ctx, q, db.CounterParams, "customFields:"+target, func(ctx context.Context, q db.Querier) ([]Field, error) {
		query := "SELECT " + fieldColumns + " FROM custom_fields"
		var args []any
		if target != "" {
			query += " WHERE target = ?"
			args = append(args, target)
		}
		return db.All(ctx, q, scanField, query+" ORDER BY target, sort, id", args...)
	})
	return slices.Clone(list), err
}

// Enabled are the enabled ones of defs.
func Enabled(defs []Field) []Field {
	out := make([]Field, 0, len(defs))
	for _, d := range defs {
		if d.Disable == 0 {
			out = append(out, d)
		}
	}
	return out
}

func getField(ctx context.Context, q db.Querier, id int64) (Field, error) {
	list, err := db.All(ctx, q, scanField, "SELECT "+fieldColumns+" FROM custom_fields WHERE id = ?", id)
	if err != nil {
		return Field{}, err
	}
	if len(list) == 0 {
		return Field{}, errs.NotFound("custom.entity")
	}
	return list[0], nil
}

// lockTarget serialises the adds of fields to target until the
// transaction ends, so that the count before an insert stays true: two
// administrators adding the 20th field at once would otherwise both count
// 19 on PostgreSQL (no row to lock exists before the insert: a
// transaction-scoped advisory lock keyed by schema and target). SQLite's
// writer (BEGIN IMMEDIATE) already serialises.
func lockTarget(ctx context.Context, tx db.Querier, target string) error {
	if tx.Engine() != db.Postgres {
		return nil
	}
	_, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock(7220532, hashtext(current_schema() || '/' || ?))", target)
	return err
}

func countFields(ctx context.Context, q db.Querier, target string) (int, error) {
	var n int
	err := q.QueryRow(ctx, "SELECT COUNT(*) FROM custom_fields WHERE target = ?", target).Scan(&n)
	return n, err
}

func insertField(ctx context.Context, q db.Querier, in Input) (int64, error) {
	now := time.Now().UTC()
	var id int64
	err := q.QueryRow(ctx, `INSERT INTO custom_fields (target, label, label_en, kind, options, required, in_list, searchable, sort,
		disabled, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
		in.Target, in.LabelZh, in.LabelEn, in.Type, strings.Join(in.Options, optionsSep), in.Required, in.InList, in.Searchable,
		in.Sort, in.Disable, now, now).Scan(&id)
	return id, err
}

func updateField(ctx context.Context, q db.Querier, in Input) error {
	_, err := q.Exec(ctx, `UPDATE custom_fields SET label = ?, label_en = ?, kind = ?, options = ?, required = ?, in_list = ?,
		searchable = ?, sort = ?, disabled = ?, updated_at = ? WHERE id = ?`,
		in.LabelZh, in.LabelEn, in.Type, strings.Join(in.Options, optionsSep), in.Required, in.InList, in.Searchable, in.Sort,
		in.Disable, time.Now().UTC(), in.ID)
	return err
}

// anyValue is one stored value of the field ("" when none), optionally
// outside the choices keep.
func anyValue(ctx context.Context, q db.Querier, fieldID int64, keep []string) (string, error) {
	query, args := "SELECT value FROM custom_values WHERE field_id = ?", []any{fieldID}
	if keep != nil {
		query += " AND value NOT IN " + db.In(len(keep))
		args = append(args, db.Args(keep)...)
	}
	var v string
	err := q.QueryRow(ctx, query+" LIMIT 1", args...).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	return v, err
}

func deleteField(ctx context.Context, q db.Querier, id int64) error {
	if _, err := q.Exec(ctx, "DELETE FROM custom_values WHERE field_id = ?", id); err != nil {
		return err
	}
	_, err := q.Exec(ctx, "DELETE FROM custom_fields WHERE id = ?", id)
	return err
}

// stored are the stored values of one record: field id → text.
func stored(ctx context.Context, q db.Querier, target string, id int64) (map[int64]string, error) {
	return db.Map[int64, string](ctx, q, "SELECT field_id, value FROM custom_values WHERE target = ? AND row_id = ?", target, id)
}

// Pending is a record's checked custom values, to save once the record
// has its id.
type Pending struct {
	target string
	defs   []Field
	values map[int64]string // nil: nothing to write
}

// Prepare reads the definitions of target and the stored values of record
// id (0 = new) and checks sent merged over them into f: absent (nil) sent
// values keep what is stored, and required fields must have a value either
// way.
func Prepare(ctx context.Context, q db.Querier, target string, id int64, sent Values, f *errs.Fields) (Pending, error) {
	defs, err := Defs(ctx, q, target)
	if err != nil {
		return Pending{}, err
	}
	if len(defs) == 0 && len(sent) == 0 {
		return Pending{target: target}, nil
	}
	cur := map[int64]string{}
	if id > 0 {
		if cur, err = stored(ctx, q, target, id); err != nil {
			return Pending{}, err
		}
	}
	out := check(f, defs, sent, cur)
	if sent == nil {
		out = nil // kept as stored
	}
	return Pending{target: target, defs: defs, values: out}, nil
}

// Save writes the checked values of record id: they replace the stored ones.
func (p Pending) Save(ctx context.Context, q db.Querier, id int64) error {
	if p.values == nil {
		return nil
	}
	if err := Delete(ctx, q, p.target, id); err != nil {
		return err
	}
	for _, d := range p.defs {
		v, ok := p.values[d.ID]
		if !ok || v == "" {
			continue
		}
		if _, err := q.Exec(ctx, "INSERT INTO custom_values (target, row_id, field_id, value, search) VALUES (?, ?, ?, ?, ?)",
			p.target, id, d.ID, v, searchText(d, v)); err != nil {
			return err
		}
	}
	return nil
}

// Answer is what Load answers for the record once p is saved, when it is
// known without reading (ok): p writes the values, or target has no
// enabled field.
func (p Pending) Answer() (m Map, ok bool) {
	enabled := Enabled(p.defs)
	if len(enabled) == 0 {
		return Map{}, true
	}
	if p.values == nil {
		return nil, false
	}
	m = Map{}
	for _, d := range enabled {
		if v := p.values[d.ID]; v != "" {
			m[d.Code] = answer(d, v)
		}
	}
	return m, true
}

// Delete removes the values of record id of target (the record is deleted).
func Delete(ctx context.Context, q db.Querier, target string, id int64) error {
	_, err := q.Exec(ctx, "DELETE FROM custom_values WHERE target = ? AND row_id = ?", target, id)
	return err
}

// Fill sets the values of rows, records of target: key answers a row's
// record id and where its values go (one Load for all the rows).
func Fill[T any](ctx context.Context, q db.Querier, target string, rows []T, key func(*T) (int64, *Map)) error {
	ids := make([]int64, len(rows))
	for i := range rows {
		ids[i], _ = key(&rows[i])
	}
	vals, err := Load(ctx, q, target, ids)
	if err != nil {
		return err
	}
	for i := range rows {
		id, to := key(&rows[i])
		*to = vals[id]
	}
	return nil
}

// Load answers the values of the enabled fields of records ids of target,
// one Map per id (empty when none), reading 1000 ids a statement.
func Load(ctx context.Context, q db.Querier, target string, ids []int64) (map[int64]Map, error) {
	out := make(map[int64]Map, len(ids))
	for _, id := range ids {
		out[id] = Map{}
	}
	if len(ids) == 0 {
		return out, nil
	}
	defs, err := Defs(ctx, q, target)
	if err != nil {
		return nil, err
	}
	byID := map[int64]Field{}
	for _, d := range Enabled(defs) {
		byID[d.ID] = d
	}
	if len(byID) == 0 {
		return out, nil
	}
	for len(ids) > 0 {
		n := min(len(ids), 1000)
		chunk := ids[:n]
		ids = ids[n:]
		rows, err := q.Query(ctx, "SELECT row_id, field_id, value FROM custom_values WHERE target = ? AND row_id IN "+db.In(len(chunk)),
			append([]any{target}, db.Args(chunk)...)...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var row, field int64
			var v string
			if err := rows.Scan(&row, &field, &v); err != nil {
				rows.Close()
				return nil, err
			}
			if d, ok := byID[field]; ok && out[row] != nil {
				out[row][d.Code] = answer(d, v)
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// MatchCond is the condition finding the records of target (their id is
// idExpr) that hold match in a searchable enabled field, with its
// arguments; ok is false when target has no such field (or match is empty).
func MatchCond(ctx context.Context, q db.Querier, target, idExpr, match string) (cond string, args []any, ok bool, err error) {
	if strings.TrimSpace(match) == "" {
		return "", nil, false, nil
	}
	ids, err := db.Values[int64](ctx, q, "SELECT id FROM custom_fields WHERE target = ? AND searchable = 1 AND disabled = 0", target)
	if err != nil || len(ids) == 0 {
		return "", nil, false, err
	}
	cond = idExpr + " IN (SELECT v.row_id FROM custom_values v WHERE v.target = ? AND v.field_id IN " + db.In(len(ids)) +
		" AND " + search.Cond("v.search") + ")"
	args = append([]any{target}, db.Args(ids)...)
	return cond, append(args, search.Pattern(match)), true, nil
}
