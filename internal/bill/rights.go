package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
)

// Data rights (docs/rights.md): a document is visible when its contact
// and every warehouse of its header and lines are allowed to the caller
// (and, with own documents only, the caller made it); one it may not see
// does not exist for it (404), and it saves none naming a warehouse or
// contact it may not use (403 naming the field).

// seen answers 404 for document id when the caller's data rights hide it.
func seen(ctx context.Context, q db.Querier, r *rights.Set, k *Kind, id int64) error {
	c := r.Bill("b")
	if c.SQL == "" {
		return nil
	}
	var n int
	if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM bills b WHERE b.id = ? AND "+c.SQL, append([]any{id}, c.Args...)...).Scan(&n); err != nil {
		return fmt.Errorf("data rights of bill %d: %w", id, err)
	}
	if n == 0 {
		return notFound(k)
	}
	return nil
}

// Visible answers which of documents ids a caller of data rights r may see,
// by the condition the document queries use (the live stream tells a
// limited caller the details of a change of those only).
func (s *Service) Visible(ctx context.Context, r *rights.Set, ids []int64) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(ids) == 0 {
		return out, nil
	}
	where, args := r.Bill("b").And("b.id IN "+db.In(len(ids)), db.Args(ids))
	rows, err := db.All(ctx, s.db, func(rs *sql.Rows, id *int64) error { return rs.Scan(id) }, "SELECT b.id FROM bills b WHERE "+where, args...)
	if err != nil {
		return nil, fmt.Errorf("data rights of bills: %w", err)
	}
	for _, id := range rows {
		out[id] = true
	}
	return out, nil
}

// allowed refuses a document naming a warehouse or a contact the caller's
// data rights do not allow.
func allowed(ctx context.Context, q db.Querier, r *rights.Set, d *Document) error {
	if !r.Limited() {
		return nil
	}
	if err := allowedWarehouse(ctx, q, r, "locationId", d.LocationID); err != nil {
		return err
	}
	for i, e := range d.Entries {
		if err := allowedWarehouse(ctx, q, r, fmt.Sprintf("entries[%d].locationId", i), e.LocationID); err != nil {
			return err
		}
		if err := allowedWarehouse(ctx, q, r, fmt.Sprintf("entries[%d].inLocationId", i), e.InLocationID); err != nil {
			return err
		}
	}
	if d.BuID == 0 {
		return nil
	}
	var typ int
	var name string
	err := q.QueryRow(ctx, "SELECT type, name FROM contacts WHERE id = ?", d.BuID).Scan(&typ, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return nil // validated elsewhere
	}
	if err != nil {
		return fmt.Errorf("data rights of contact %d: %w", d.BuID, err)
	}
	if !r.ContactOK(d.BuID, typ) {
		return forbiddenField("buId", "access.err.contact", name)
	}
	return nil
}

func allowedWarehouse(ctx context.Context, q db.Querier, r *rights.Set, path string, id int64) error {
	if r.WarehouseOK(id) {
		return nil
	}
	var name string
	if err := q.QueryRow(ctx, "SELECT name FROM locations WHERE id = ?", id).Scan(&name); err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("data rights of warehouse %d: %w", id, err)
	}
	return forbiddenField(path, "access.err.warehouse", name)
}

// forbiddenField is a 403 naming the field it refuses.
func forbiddenField(path, key, name string) error {
	args := []errs.Arg{errs.A("name", name), errs.A("field", path)}
	e := errs.Forbidden(key, args...)
	e.Fields = []errs.FieldError{{Path: path, Key: key, Args: args}}
	return e
}
