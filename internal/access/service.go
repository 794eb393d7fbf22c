package access

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/rights"
	"cangshu/internal/server"
)

// Subject checks that the caller may manage a role's (or a user's) rights:
// nil, or the error to answer (404 for one it does not see).
type Subject func(ctx context.Context, who *server.Principal, id int64) error

// Service reads and replaces data rights.
type Service struct {
	db                    *db.DB
	role, roleWrite, user Subject
}

// NewService makes the service; role (reading) and roleWrite (saving) and
// user check the subject (the role and user services' own rules: the
// administrator role, who may change a role shared by every shop, users out
// of the caller's scope).
func NewService(d *db.DB, role, roleWrite, user Subject) *Service {
	return &Service{db: d, role: role, roleWrite: roleWrite, user: user}
}

// Permissions of the routes: the role or the user management's.
const (
	permRoleQuery = "sys:role:query"
	permUserQuery = "sys:user:query"
	permRoleEdit  = "sys:role:edit"
	permUserEdit  = "sys:user:edit"
)

// subject checks the caller's permission (perm for roles, userPerm for
// users) and the subject itself.
func (s *Service) subject(ctx context.Context, who *server.Principal, roleID, userID int64, rolePerm, userPerm string) error {
	if roleID > 0 {
		if !who.Can(rolePerm) {
			return errs.Forbidden("err.forbidden")
		}
		if rolePerm == permRoleEdit {
			return s.roleWrite(ctx, who, roleID)
		}
		return s.role(ctx, who, roleID)
	}
	if !who.Can(userPerm) {
		return errs.Forbidden("err.forbidden")
	}
	return s.user(ctx, who, userID)
}

// Get is the data rights of a role or a user.
func (s *Service) Get(ctx context.Context, who *server.Principal, roleID, userID int64) (Rights, error) {
	if (roleID > 0) == (userID > 0) {
		return Rights{}, errs.Field("roleId", "access.err.subject")
	}
	if err := s.subject(ctx, who, roleID, userID, permRoleQuery, permUserQuery); err != nil {
		return Rights{}, err
	}
	return read(ctx, s.db, roleID, userID)
}

func read(ctx context.Context, q db.Querier, roleID, userID int64) (Rights, error) {
	var rows []rights.Row
	var err error
	if roleID > 0 {
		rows, err = rights.RoleRows(ctx, q, roleID)
	} else {
		rows, err = rights.UserRows(ctx, q, userID)
	}
	if err != nil {
		return Rights{}, err
	}
	return fromRows(roleID, userID, rows), nil
}

// Save replaces the data rights of a role or a user; it answers them as
// they were before and after (the operation log's changes). The change
// applies to the next request of every signed-in user concerned, on every
// app node (the rows move the cache_versions counter the callers are
// cached under).
func (s *Service) Save(ctx context.Context, who *server.Principal, in Input) (before, after Rights, err error) {
	if err := in.check(); err != nil {
		return before, after, err
	}
	if err := s.subject(ctx, who, in.RoleID, in.UserID, permRoleEdit, permUserEdit); err != nil {
		return before, after, err
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if in.RoleID > 0 {
			if err := notRoot(ctx, tx, in.RoleID); err != nil {
				return err
			}
		}
		if err := exist(ctx, tx, "warehouseIds", "SELECT id FROM locations WHERE id IN ", in.WarehouseIDs); err != nil {
			return err
		}
		if err := exist(ctx, tx, "customerIds", "SELECT id FROM contacts WHERE type = -10 AND id IN ", in.CustomerIDs); err != nil {
			return err
		}
		if err := exist(ctx, tx, "supplierIds", "SELECT id FROM contacts WHERE type = 10 AND id IN ", in.SupplierIDs); err != nil {
			return err
		}
		if before, err = read(ctx, tx, in.RoleID, in.UserID); err != nil {
			return err
		}
		if err := replace(ctx, tx, in.RoleID, in.UserID, in.rows()); err != nil {
			return err
		}
		after, err = read(ctx, tx, in.RoleID, in.UserID)
		return err
	})
	return before, after, err
}

// notRoot refuses the administrator role: it sees everything.
func notRoot(ctx context.Context, q db.Querier, roleID int64) error {
	var code string
	err := q.QueryRow(ctx, "SELECT code FROM roles WHERE id = ?", roleID).Scan(&code)
	if errors.Is(err, sql.ErrNoRows) {
		return errs.NotFound("role.entity")
	}
	if err != nil {
		return fmt.Errorf("read role %d: %w", roleID, err)
	}
	if code == server.RootRole {
		return errs.Field("roleId", "access.err.root")
	}
	return nil
}

// exist answers a 400 naming the first id of the list query does not find.
func exist(ctx context.Context, q db.Querier, name, query string, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	found := map[int64]bool{}
	for start := 0; start < len(ids); start += 500 {
		part := ids[start:min(start+500, len(ids))]
		got, err := db.Values[int64](ctx, q, query+db.In(len(part)), db.Args(part)...)
		if err != nil {
			return fmt.Errorf("check %s: %w", name, err)
		}
		for _, id := range got {
			found[id] = true
		}
	}
	for i, id := range ids {
		if !found[id] {
			path := fmt.Sprintf("%s[%d]", name, i)
			return errs.Field(path, "access.err.unknown", errs.A("field", path), errs.A("id", id))
		}
	}
	return nil
}

func replace(ctx context.Context, tx db.Querier, roleID, userID int64, rows []rights.Row) error {
	col, id := "role_id", roleID
	if userID > 0 {
		col, id = "user_id", userID
	}
	if _, err := tx.Exec(ctx, "DELETE FROM data_rights WHERE "+col+" = ?", id); err != nil {
		return fmt.Errorf("replace data rights: %w", err)
	}
	for _, r := range rows {
		if _, err := tx.Exec(ctx, "INSERT INTO data_rights ("+col+", kind, ref_id) VALUES (?, ?, ?)", id, r.Kind, r.RefID); err != nil {
			return fmt.Errorf("replace data rights: %w", err)
		}
	}
	return nil
}
