package user

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"time"

	"cangshu/internal/auth"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Options configure the user service.
type Options struct {
	PasswordCost int
	SMTPHost     string
	SMTPPort     int
	SMTPUser     string
	SMTPPassword string
	SMTPFrom     string
	Logger       *slog.Logger // one-time codes are written here when SMTP is not configured
	// SendMail, when set, sends e-mail instead of SMTP (tests, other transports).
	SendMail func(ctx context.Context, to, subject, body string) error
}

// Service runs the user use cases.
type Service struct {
	db  *db.DB
	opt Options
	Now func() time.Time // the clock; tests move it
}

// NewService makes the service.
func NewService(d *db.DB, opt Options) *Service {
	if opt.Logger == nil {
		opt.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{db: d, opt: opt, Now: time.Now}
}

func (s *Service) now() time.Time { return s.Now().UTC() }

// Me is the signed-in user with roles and permissions.
func (s *Service) Me(ctx context.Context, who *server.Principal) (Me, error) {
	// Asked on every page load: kept while no user (nor anything else the
	// signed-in callers are made of) changed (cache_versions.auth).
	m, err := db.Cached(ctx, s.db, db.CounterAuth, "me:"+strconv.FormatInt(who.UserID, 10), func(ctx context.Context, q db.Querier) (Me, error) {
		return loadMe(ctx, q, who.UserID)
	})
	if err != nil {
		return Me{}, errs.Wrap(fmt.Sprintf("read user %d", who.UserID), err)
	}
	m.Roles, m.Perms, m.MustChangePassword, m.ShopID = who.Roles, who.Perms, who.MustChangePassword, who.ShopID
	if who.IsRoot() {
		m.Perms = []string{"*:*:*"}
	}
	if m.Roles == nil {
		m.Roles = []string{}
	}
	if m.Perms == nil {
		m.Perms = []string{}
	}
	return m, nil
}

// Page is one page of the users the caller may see.
func (s *Service) Page(ctx context.Context, who *server.Principal, lang i18n.Lang, f ListQuery, p server.PageParams) (server.PageResult[Item], error) {
	list, total, err := listUsers(ctx, s.db, lang, scopeOf(who), f, p.PageSize, p.Offset())
	if err != nil {
		return server.PageResult[Item]{}, errs.Wrap("list users", err)
	}
	return server.NewPage(list, total), nil
}

// Form loads a user for the edit dialog.
func (s *Service) Form(ctx context.Context, who *server.Principal, id int64) (Form, error) {
	if err := mustSee(ctx, s.db, scopeOf(who), id); err != nil {
		return Form{}, err
	}
	return loadForm(ctx, s.db, id)
}

// Create adds a user. Without a password the user gets the initial password;
// either way the user must change it at first sign-in.
func (s *Service) Create(ctx context.Context, who *server.Principal, in Input) (int64, error) {
	in.normalize()
	if err := in.check().Err(); err != nil {
		return 0, err
	}
	// The password first, and its slow hash outside the transaction.
	rule, err := auth.LoadPasswordRule(ctx, s.db)
	if err != nil {
		return 0, errs.Wrap("create user", err)
	}
	pw := in.Password
	if pw == "" {
		if pw, err = initPassword(ctx, s.db); err != nil {
			return 0, errs.Wrap("create user", err)
		}
		if err := rule.Check("password", labelPassword, pw, in.Username); err != nil {
			return 0, errs.Field("password", "user.err.initPasswordWeak", errs.A("min", rule.MinLen))
		}
	} else if err := rule.Check("password", labelPassword, pw, in.Username); err != nil {
		return 0, err
	}
	hash, err := auth.HashPassword(pw, s.opt.PasswordCost)
	if err != nil {
		return 0, errs.Wrap("hash the password", err)
	}
	var id int64
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := s.checkNew(ctx, tx, who, &in); err != nil {
			return err
		}
		var err error
		id, err = insertUser(ctx, tx, newUser{
			username: in.Username, nickname: in.Nickname, mobile: in.Mobile, email: in.Email, avatar: in.Avatar,
			hash: hash, gender: in.Gender, status: *in.Status, deptID: in.DeptID, mustChange: true,
		}, s.now())
		if err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("username", labelUsername, in.Username)
			}
			return err
		}
		if err := addLinks(ctx, tx, "user_roles", "role_id", id, in.RoleIDs); err != nil {
			return errs.Wrap(fmt.Sprintf("roles of user %d", id), err)
		}
		return addLinks(ctx, tx, "user_shops", "shop_id", id, in.ShopIDs)
	})
	if err != nil {
		return 0, errs.Wrap("create user", err)
	}
	return id, nil
}

// Update changes a user. Disabling a user ends their sessions.
func (s *Service) Update(ctx context.Context, who *server.Principal, id int64, in Input) error {
	in.normalize()
	if err := in.check().Err(); err != nil {
		return err
	}
	if id == who.UserID && *in.Status != 1 {
		return errs.Field("status", "user.err.disableSelf")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		sc := scopeOf(who)
		if err := mustSee(ctx, tx, sc, id); err != nil {
			return err
		}
		if err := s.mayChange(ctx, tx, who, id); err != nil {
			return err
		}
		if err := s.checkRefs(ctx, tx, who, &in, id); err != nil {
			return err
		}
		before, err := userStatus(ctx, tx, id)
		if err != nil {
			return errs.Wrap(fmt.Sprintf("read user %d", id), err)
		}
		if err := updateUser(ctx, tx, id, in, s.now()); err != nil {
			if db.IsUnique(err) {
				return errs.Duplicate("username", labelUsername, in.Username)
			}
			return err
		}
		if err := setLinks(ctx, tx, "user_roles", "role_id", id, in.RoleIDs); err != nil {
			return errs.Wrap(fmt.Sprintf("roles of user %d", id), err)
		}
		shops := in.ShopIDs
		if !who.IsRoot() {
			// A shop the caller does not belong to stays as it was.
			mine, err := db.Values[int64](ctx, tx, "SELECT shop_id FROM user_shops WHERE user_id = ?", who.UserID)
			if err != nil {
				return errs.Wrap(fmt.Sprintf("shops of user %d", who.UserID), err)
			}
			had, err := db.Values[int64](ctx, tx, "SELECT shop_id FROM user_shops WHERE user_id = ?", id)
			if err != nil {
				return errs.Wrap(fmt.Sprintf("shops of user %d", id), err)
			}
			for _, sh := range had {
				if !slices.Contains(mine, sh) && !slices.Contains(shops, sh) {
					shops = append(shops, sh)
				}
			}
		}
		if err := setLinks(ctx, tx, "user_shops", "shop_id", id, shops); err != nil {
			return errs.Wrap(fmt.Sprintf("shops of user %d", id), err)
		}
		if before == 1 && *in.Status != 1 {
			if err := auth.RevokeUserSessions(ctx, tx, id, 0); err != nil {
				return errs.Wrap(fmt.Sprintf("revoke sessions of user %d", id), err)
			}
		}
		return s.keepRoot(ctx, tx)
	})
	return errs.Wrap(fmt.Sprintf("update user %d", id), err)
}

// Delete removes users, all or none. Their sessions go with them.
func (s *Service) Delete(ctx context.Context, who *server.Principal, ids []int64) error {
	ids = uniqueIDs(ids)
	if slices.Contains(ids, who.UserID) {
		return errs.Conflict("user.err.deleteSelf")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := mustSee(ctx, tx, scopeOf(who), ids...); err != nil {
			return err
		}
		if err := s.mayChange(ctx, tx, who, ids...); err != nil {
			return err
		}
		if err := deleteUsers(ctx, tx, ids); err != nil {
			if db.IsForeignKey(err) {
				return errs.Conflict("err.inUse", errs.A("what", entity))
			}
			return err
		}
		return s.keepRoot(ctx, tx)
	})
	return errs.Wrap("delete users", err)
}

// ResetPassword sets a user's password; the user must change it at the next
// sign-in and is signed out everywhere.
func (s *Service) ResetPassword(ctx context.Context, who *server.Principal, id int64, password string) error {
	if err := mustSee(ctx, s.db, scopeOf(who), id); err != nil {
		return err
	}
	rule, err := auth.LoadPasswordRule(ctx, s.db)
	if err != nil {
		return errs.Wrap("reset password", err)
	}
	var username string
	if err := s.db.QueryRow(ctx, "SELECT username FROM users WHERE id = ?", id).Scan(&username); err != nil {
		return errs.Wrap(fmt.Sprintf("read user %d", id), err)
	}
	if err := rule.Check("password", labelPassword, password, username); err != nil {
		return err
	}
	hash, err := auth.HashPassword(password, s.opt.PasswordCost)
	if err != nil {
		return errs.Wrap("hash the password", err)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := mustSee(ctx, tx, scopeOf(who), id); err != nil {
			return err
		}
		if err := s.mayChange(ctx, tx, who, id); err != nil {
			return err
		}
		if err := setPasswordHash(ctx, tx, id, hash, true, s.now()); err != nil {
			return errs.Wrap(fmt.Sprintf("set password of user %d", id), err)
		}
		return auth.RevokeUserSessions(ctx, tx, id, 0)
	})
	return errs.Wrap(fmt.Sprintf("reset password of user %d", id), err)
}

// Options lists the enabled users of the caller's shop for pickers.
func (s *Service) Options(ctx context.Context, who *server.Principal) ([]Option, error) {
	return options(ctx, s.db, scopeOf(who))
}

// Profile is the caller's own page.
func (s *Service) Profile(ctx context.Context, who *server.Principal) (Profile, error) {
	return loadProfile(ctx, s.db, who.UserID)
}

// UpdateProfile changes the caller's nickname, avatar and gender.
func (s *Service) UpdateProfile(ctx context.Context, who *server.Principal, in ProfileInput) error {
	if err := in.check(); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE users SET nickname = COALESCE(?, nickname), avatar = COALESCE(?, avatar),
			gender = COALESCE(?, gender), updated_at = ? WHERE id = ?`, in.Nickname, in.Avatar, in.Gender, s.now(), who.UserID)
		return errs.Wrap(fmt.Sprintf("update profile of user %d", who.UserID), err)
	})
	return errs.Wrap("update profile", err)
}

// ChangePassword changes the caller's own password after checking the old
// one; the caller's other sessions end.
func (s *Service) ChangePassword(ctx context.Context, who *server.Principal, in PasswordInput) error {
	rule, err := auth.LoadPasswordRule(ctx, s.db)
	if err != nil {
		return errs.Wrap("change password", err)
	}
	if err := in.check(rule, who.Username); err != nil {
		return err
	}
	if in.NewPassword == in.OldPassword {
		return errs.Field("newPassword", "user.err.samePassword")
	}
	// Wrong old passwords are throttled like sign-ins (the same counter,
	// in the database), so a stolen session cannot guess the password.
	now := s.now()
	if err := auth.CheckThrottle(ctx, s.db, who.Username, now); err != nil {
		return err
	}
	old, err := passwordHash(ctx, s.db, who.UserID)
	if err != nil {
		return errs.Wrap("change password", err)
	}
	// The slow hashes run outside any transaction.
	if !auth.PasswordMatches(old, in.OldPassword) {
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return auth.RecordPasswordFailure(ctx, tx, who.Username) }); err != nil {
			return errs.Wrap("change password", err)
		}
		return errs.Field("oldPassword", "user.err.oldPasswordWrong")
	}
	hash, err := auth.HashPassword(in.NewPassword, s.opt.PasswordCost)
	if err != nil {
		return errs.Wrap("hash the password", err)
	}
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := passwordHash(ctx, tx, who.UserID)
		if err != nil {
			return errs.Wrap(fmt.Sprintf("read password of user %d", who.UserID), err)
		}
		if cur != old {
			return errs.Conflict("err.stale")
		}
		if err := auth.ClearPasswordFailures(ctx, tx, who.Username, now); err != nil {
			return errs.Wrap("clear password failures", err)
		}
		if err := setPasswordHash(ctx, tx, who.UserID, hash, false, now); err != nil {
			return errs.Wrap(fmt.Sprintf("set password of user %d", who.UserID), err)
		}
		return auth.RevokeUserSessions(ctx, tx, who.UserID, who.SessionID)
	})
	return errs.Wrap("change password", err)
}

// checkNew checks a user about to be created, by the create route and by
// every row of an import alike, so that the two can never drift apart: the
// shape of every field (Input.check), the username not taken, and what the
// caller may grant (checkGrants).
func (s *Service) checkNew(ctx context.Context, q db.Querier, who *server.Principal, in *Input) error {
	if err := in.check().Err(); err != nil {
		return err
	}
	return s.checkRefs(ctx, q, who, in, 0)
}

// checkRefs checks what the database must confirm: unique username, then
// checkGrants. self is the user being updated (0 on create).
func (s *Service) checkRefs(ctx context.Context, q db.Querier, who *server.Principal, in *Input, self int64) error {
	taken, err := usernameTaken(ctx, q, in.Username, self)
	if err != nil {
		return errs.Wrap("check the username", err)
	}
	if taken {
		return errs.Duplicate("username", labelUsername, in.Username)
	}
	return checkGrants(ctx, q, who, in, self)
}

// forbidden is a 403 that names the field it is about (an import names the
// column from it).
func forbidden(path, key string, args ...errs.Arg) error {
	e := errs.Forbidden(key, args...)
	e.Fields = []errs.FieldError{{Path: path, Key: key, Args: args}}
	return e
}

// checkGrants checks that the department, roles and shops exist and that the
// caller may grant them: a caller who is not ROOT may not give the ROOT role,
// nor a role holding a permission it lacks (one the user does not have yet),
// nor a shop it does not belong to.
func checkGrants(ctx context.Context, q db.Querier, who *server.Principal, in *Input, self int64) error {
	var f errs.Fields
	if in.DeptID > 0 {
		ok, err := db.Existing(ctx, q, "depts", []int64{in.DeptID})
		if err != nil {
			return errs.Wrap("check the department", err)
		}
		if !ok[in.DeptID] {
			f.Add("deptId", "err.notFound", errs.A("what", labelDept))
		}
	}
	roles, err := db.Existing(ctx, q, "roles", in.RoleIDs)
	if err != nil {
		return errs.Wrap("check the roles", err)
	}
	for _, id := range in.RoleIDs {
		if !roles[id] {
			f.Add("roleIds", "err.notFound", errs.A("what", labelRoles))
			break
		}
	}
	shops, err := db.Existing(ctx, q, "shops", in.ShopIDs)
	if err != nil {
		return errs.Wrap("check the shops", err)
	}
	for _, id := range in.ShopIDs {
		if !shops[id] {
			f.Add("shopIds", "err.notFound", errs.A("what", labelShops))
			break
		}
	}
	if err := f.Err(); err != nil {
		return err
	}
	if !who.IsRoot() {
		root, err := rootRoleID(ctx, q)
		if err != nil {
			return errs.Wrap("root role", err)
		}
		if root > 0 && slices.Contains(in.RoleIDs, root) {
			return forbidden("roleIds", "user.err.grantRoot")
		}
		if err := mayAssignRoles(ctx, q, who, in.RoleIDs, self); err != nil {
			return err
		}
		mine, err := db.Values[int64](ctx, q, "SELECT shop_id FROM user_shops WHERE user_id = ?", who.UserID)
		if err != nil {
			return errs.Wrap(fmt.Sprintf("shops of user %d", who.UserID), err)
		}
		for _, id := range in.ShopIDs {
			if !slices.Contains(mine, id) {
				return errs.Field("shopIds", "user.err.shopNotAllowed")
			}
		}
	}
	return nil
}

// mayAssignRoles refuses a caller who is not ROOT giving a user a role (one
// the user does not have yet) that carries a permission the caller lacks.
func mayAssignRoles(ctx context.Context, q db.Querier, who *server.Principal, roleIDs []int64, self int64) error {
	if len(roleIDs) == 0 {
		return nil
	}
	perms, err := db.Values[string](ctx, q, `SELECT DISTINCT m.perm FROM role_menus rm JOIN menus m ON m.id = rm.menu_id
		WHERE m.perm <> '' AND rm.role_id IN `+db.In(len(roleIDs))+`
		AND rm.role_id NOT IN (SELECT role_id FROM user_roles WHERE user_id = ?)`, append(db.Args(roleIDs), self)...)
	if err != nil {
		return errs.Wrap("check assignable roles", err)
	}
	for _, perm := range perms {
		if !who.Can(perm) {
			return forbidden("roleIds", "user.err.roleTooStrong", errs.A("perm", perm))
		}
	}
	return nil
}

// mayChange refuses a caller who is not ROOT changing a ROOT user.
func (s *Service) mayChange(ctx context.Context, q db.Querier, who *server.Principal, ids ...int64) error {
	if who.IsRoot() {
		return nil
	}
	root, err := anyRoot(ctx, q, ids)
	if err != nil {
		return errs.Wrap("check root users", err)
	}
	if root {
		return errs.Forbidden("user.err.rootTarget")
	}
	return nil
}

// keepRoot refuses a change that leaves no enabled ROOT user.
func (s *Service) keepRoot(ctx context.Context, q db.Querier) error {
	n, err := enabledRoots(ctx, q)
	if err != nil {
		return errs.Wrap("count root users", err)
	}
	if n == 0 {
		return errs.Conflict("user.err.lastRoot")
	}
	return nil
}

// MayManage checks that the caller sees user id (the data rights dialog):
// a user out of its scope answers 404.
func (s *Service) MayManage(ctx context.Context, who *server.Principal, id int64) error {
	return mustSee(ctx, s.db, scopeOf(who), id)
}
