package db

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
)

// All runs a query and reads every row into a T with scan, in order. The
// slice is never nil: no rows is an empty list.
//
//	db.All(ctx, q, func(r *sql.Rows, o *Option) error { return r.Scan(&o.Value, &o.Label) },
//		"SELECT id, name FROM shops ORDER BY id")
func All[T any](ctx context.Context, q Querier, scan func(r *sql.Rows, v *T) error, query string, args ...any) ([]T, error) {
	rows, err := q.Query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		var v T
		if err := scan(rows, &v); err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// Values runs a query answering one column and returns its values, in
// order; never nil.
func Values[T any](ctx context.Context, q Querier, query string, args ...any) ([]T, error) {
	return All(ctx, q, func(r *sql.Rows, v *T) error { return r.Scan(v) }, query, args...)
}

// IDSet runs a query answering one column of ids and returns them as a set;
// never nil.
func IDSet(ctx context.Context, q Querier, query string, args ...any) (map[int64]bool, error) {
	ids, err := Values[int64](ctx, q, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]bool, len(ids))
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// Map runs a query answering two columns, a key and its value, and returns
// them as a map (a later row wins over an earlier one with the same key);
// never nil.
func Map[K comparable, V any](ctx context.Context, q Querier, query string, args ...any) (map[K]V, error) {
	type pair struct {
		k K
		v V
	}
	pairs, err := All(ctx, q, func(r *sql.Rows, p *pair) error { return r.Scan(&p.k, &p.v) }, query, args...)
	if err != nil {
		return nil, err
	}
	out := make(map[K]V, len(pairs))
	for _, p := range pairs {
		out[p.k] = p.v
	}
	return out, nil
}

var identifier = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Existing tells which of ids are the id of a row of table (a table name
// written in the code, never input).
func Existing(ctx context.Context, q Querier, table string, ids []int64) (map[int64]bool, error) {
	if !identifier.MatchString(table) {
		return nil, fmt.Errorf("existing: bad table name %q", table)
	}
	if len(ids) == 0 {
		return map[int64]bool{}, nil
	}
	set, err := IDSet(ctx, q, "SELECT id FROM "+table+" WHERE id IN "+In(len(ids)), Args(ids)...)
	if err != nil {
		return nil, fmt.Errorf("check %s: %w", table, err)
	}
	return set, nil
}

// NullID is an id as a query argument: NULL for 0 (no record), else the id.
func NullID(id int64) any {
	if id <= 0 {
		return nil
	}
	return id
}
