package role

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Service manages roles and their grants.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Page lists roles by sort order; ROOT is listed to ROOT callers only.
func (s *Service) Page(ctx context.Context, who *server.Principal, lang i18n.Lang, pq PageQuery) (server.PageResult[Role], error) {
	hideRoot := !who.IsRoot()
	total, err := countRoles(ctx, s.db, pq, hideRoot)
	if err != nil {
		return server.PageResult[Role]{}, fmt.Errorf("count roles: %w", err)
	}
	list, err := listRoles(ctx, s.db, pq, hideRoot)
	if err != nil {
		return server.PageResult[Role]{}, fmt.Errorf("list roles: %w", err)
	}
	for i := range list {
		list[i].localize(lang)
	}
	return server.NewPage(list, total), nil
}

// Options lists the enabled roles for pickers; ROOT only for ROOT callers.
func (s *Service) Options(ctx context.Context, who *server.Principal, lang i18n.Lang) ([]Option, error) {
	list, err := enabledRoles(ctx, s.db, who.IsRoot())
	if err != nil {
		return nil, err
	}
	out := make([]Option, len(list))
	for i, r := range list {
		r.localize(lang)
		out[i] = Option{Value: r.ID, Label: r.Name}
	}
	return out, nil
}

// Form is a role for its edit form.
func (s *Service) Form(ctx context.Context, who *server.Principal, lang i18n.Lang, id int64) (Form, error) {
	r, err := getRole(ctx, s.db, id)
	if err != nil {
		return Form{}, err
	}
	if err := mayEdit(who, r); err != nil {
		return Form{}, err
	}
	r.localize(lang)
	return r.form(), nil
}

// mayEdit refuses changes to ROOT by anyone but ROOT.
func mayEdit(who *server.Principal, r Role) error {
	if r.IsRoot() && !who.IsRoot() {
		return errs.Forbidden("role.rootOnly")
	}
	return nil
}

// mayChange says who may change a role, which every shop shares: ROOT
// always; another caller (with the route's permission) only a role that is
// not built-in, that grants no permission the caller lacks, and whose
// holders all belong only to shops the caller belongs to. So a shop's
// administrator cannot strip, disable or rename the role of another shop's
// users, nor the built-in roles everyone relies on.
func mayChange(ctx context.Context, q db.Querier, who *server.Principal, r Role) error {
	if err := mayEdit(who, r); err != nil {
		return err
	}
	if who.IsRoot() {
		return nil
	}
	if r.Builtin {
		return errs.Forbidden("role.builtinRootOnly", errs.A("name", r.Name))
	}
	perms, err := db.Values[string](ctx, q, `SELECT DISTINCT m.perm FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
		WHERE rm.role_id = ? AND m.perm <> '' ORDER BY m.perm`, r.ID)
	if err != nil {
		return fmt.Errorf("permissions of role %d: %w", r.ID, err)
	}
	for _, perm := range perms {
		if !who.Can(perm) {
			return errs.Forbidden("role.holdsMore", errs.A("name", r.Name), errs.A("perm", perm))
		}
	}
	var others int
	err = q.QueryRow(ctx, `SELECT COUNT(*) FROM user_roles ur JOIN user_shops us ON us.user_id = ur.user_id
		WHERE ur.role_id = ? AND us.shop_id NOT IN (SELECT shop_id FROM user_shops WHERE user_id = ?)`, r.ID, who.UserID).Scan(&others)
	if err != nil {
		return fmt.Errorf("shops of the holders of role %d: %w", r.ID, err)
	}
	if others > 0 {
		return errs.Forbidden("role.otherShops", errs.A("name", r.Name))
	}
	return nil
}

// Create adds a role and returns its id.
func (s *Service) Create(ctx context.Context, in Input) (int64, error) {
	in.normalize()
	if err := in.check(); err != nil {
		return 0, err
	}
	r := in.newRole()
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := checkUnique(ctx, tx, r, 0); err != nil {
			return err
		}
		var err error
		id, err = insertRole(ctx, tx, r)
		return err
	})
	return id, s.writeErr(ctx, "create role", r, err)
}

// Update changes a role.
func (s *Service) Update(ctx context.Context, who *server.Principal, id int64, in Input) error {
	in.normalize()
	if err := in.check(); err != nil {
		return err
	}
	var r Role
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, err := getRole(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := mayChange(ctx, tx, who, old); err != nil {
			return err
		}
		if r, err = in.apply(old); err != nil {
			return err
		}
		if err := checkUnique(ctx, tx, r, id); err != nil {
			return err
		}
		return updateRole(ctx, tx, r)
	})
	return s.writeErr(ctx, fmt.Sprintf("update role %d", id), r, err)
}

// writeErr turns a unique violation that slipped past the checks (a
// concurrent write) into a 409 and wraps unexpected errors.
func (s *Service) writeErr(ctx context.Context, what string, r Role, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if db.IsUnique(err) {
		if cerr := checkUnique(ctx, s.db, r, r.ID); cerr != nil {
			return cerr
		}
		return errs.Duplicate("name", "field.name", r.Name)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// SetStatus enables (1) or disables (0) a role; ROOT stays enabled.
func (s *Service) SetStatus(ctx context.Context, who *server.Principal, id int64, status int) error {
	if status != 0 && status != 1 {
		return errs.Field("status", "err.oneOf", errs.A("field", errs.Key("field.status")))
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := getRole(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := mayChange(ctx, tx, who, r); err != nil {
			return err
		}
		if r.IsRoot() && status != r.Status {
			return errs.Field("status", "role.rootFixed", errs.A("field", errs.Key("field.status")))
		}
		return setRoleStatus(ctx, tx, id, status)
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("set role %d status: %w", id, err)
	}
	return errs.Wrap(fmt.Sprintf("set the status of role %d", id), err)
}

// Delete removes roles, all or none: built-in roles and roles that users
// hold are refused, naming the role.
func (s *Service) Delete(ctx context.Context, who *server.Principal, ids []int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		roles, err := getRoles(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range roles {
			if r.Builtin {
				return errs.Conflict("role.builtinDelete", errs.A("name", r.Name))
			}
		}
		for _, r := range roles {
			if err := mayChange(ctx, tx, who, r); err != nil {
				return err
			}
		}
		users, err := userCounts(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, r := range roles {
			if n := users[r.ID]; n > 0 {
				return errs.Conflict("role.inUse", errs.A("name", r.Name), errs.A("count", n))
			}
		}
		return deleteRoles(ctx, tx, ids)
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("delete roles %v: %w", ids, err)
	}
	return errs.Wrap("delete roles", err)
}

// MenuIDs lists the ids of the menus the role grants.
func (s *Service) MenuIDs(ctx context.Context, id int64) ([]int64, error) {
	if _, err := getRole(ctx, s.db, id); err != nil {
		return nil, err
	}
	return grantedMenuIDs(ctx, s.db, id)
}

// mayGrant refuses a non-ROOT caller who would give a role a permission the
// caller does not hold (so role editing cannot raise anyone's rights).
func mayGrant(ctx context.Context, q db.Querier, who *server.Principal, roleID int64, ids []int64) error {
	if who.IsRoot() || len(ids) == 0 {
		return nil
	}
	perms, err := db.Values[string](ctx, q, `SELECT perm FROM menus WHERE perm <> '' AND id IN `+db.In(len(ids))+`
		AND id NOT IN (SELECT menu_id FROM role_menus WHERE role_id = ?)`, append(db.Args(ids), roleID)...)
	if err != nil {
		return err
	}
	for _, perm := range perms {
		if !who.Can(perm) {
			return errs.Forbidden("role.cannotGrant", errs.A("perm", perm))
		}
	}
	return nil
}

// SetMenus replaces the role's grants with menuIDs and their ancestors. The
// users of the role hold the new permissions from their next request on.
func (s *Service) SetMenus(ctx context.Context, who *server.Principal, id int64, menuIDs []int64) error {
	if len(menuIDs) > MaxGrants {
		return errs.Field("menuIds", "role.tooManyMenus", errs.A("max", MaxGrants))
	}
	ids := slices.Clone(menuIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		r, err := getRole(ctx, tx, id)
		if err != nil {
			return err
		}
		if err := mayChange(ctx, tx, who, r); err != nil {
			return err
		}
		paths, err := menuTreePaths(ctx, tx, ids)
		if err != nil {
			return err
		}
		var unknown []string
		for _, m := range ids {
			if _, ok := paths[m]; !ok {
				unknown = append(unknown, strconv.FormatInt(m, 10))
			}
		}
		if len(unknown) > 0 {
			return errs.Field("menuIds", "role.menusUnknown", errs.A("ids", strings.Join(unknown, ", ")))
		}
		if err := mayGrant(ctx, tx, who, id, ids); err != nil {
			return err
		}
		// Ancestors named by the tree paths exist: deleting a menu with
		// children is refused, so a path never names a deleted menu.
		all := withAncestors(ids, paths)
		if len(all) > len(ids) {
			if paths, err = menuTreePaths(ctx, tx, all); err != nil {
				return err
			}
			all = slices.DeleteFunc(all, func(m int64) bool { _, ok := paths[m]; return !ok })
		}
		if err := replaceGrants(ctx, tx, id, all); err != nil {
			return err
		}
		return touchRole(ctx, tx, id)
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("grant menus to role %d: %w", id, err)
	}
	return errs.Wrap(fmt.Sprintf("grant menus to role %d", id), err)
}

// MayManage checks that the caller may read role id's data rights: it
// exists and is not the administrator role of a non-ROOT caller.
func (s *Service) MayManage(ctx context.Context, who *server.Principal, id int64) error {
	r, err := getRole(ctx, s.db, id)
	if err != nil {
		return err
	}
	return mayEdit(who, r)
}

// MayChange checks that the caller may change role id's data rights: the
// rule of every change to a role (mayChange).
func (s *Service) MayChange(ctx context.Context, who *server.Principal, id int64) error {
	r, err := getRole(ctx, s.db, id)
	if err != nil {
		return err
	}
	return mayChange(ctx, s.db, who, r)
}
