package shop

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Reference is a table whose column holds shop ids: a shop referenced there
// cannot be deleted. What is the label of the referencing records.
type Reference struct {
	Table, Column string
	What          errs.Key
}

// Service manages shops and their members.
type Service struct {
	db   *db.DB
	refs []Reference
}

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

var identRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// AddReference registers a table referring to shops (documents, warehouses
// …), checked before a shop is deleted. Call it while wiring the app, before
// serving; a bad table or column name is a programming error and panics.
func (s *Service) AddReference(r Reference) {
	if !identRe.MatchString(r.Table) || !identRe.MatchString(r.Column) {
		panic(fmt.Sprintf("shop: bad reference %s.%s", r.Table, r.Column))
	}
	s.refs = append(s.refs, r)
}

// Page lists the shops the caller may see.
func (s *Service) Page(ctx context.Context, p *server.Principal, lang i18n.Lang, keywords string, status int64, pp server.PageParams) (server.PageResult[Shop], error) {
	if status != -1 {
		var f errs.Fields
		errs.OneOf(&f, "status", labelStatus, status, 0, 1)
		if err := f.Err(); err != nil {
			return server.PageResult[Shop]{}, err
		}
	}
	list, total, err := listShops(ctx, s.db, viewerOf(p), pageFilter{
		keywords: strings.TrimSpace(keywords), status: status, limit: pp.PageSize, offset: pp.Offset(),
	})
	if err != nil {
		return server.PageResult[Shop]{}, fmt.Errorf("list shops: %w", err)
	}
	for i := range list {
		list[i].Name = SeededName(lang, list[i].Name)
	}
	return server.NewPage(list, total), nil
}

// Options lists the enabled shops the caller may switch to.
func (s *Service) Options(ctx context.Context, p *server.Principal, lang i18n.Lang) ([]Option, error) {
	return Switchable(ctx, s.db, p, lang)
}

// Form reads a shop the caller may see.
func (s *Service) Form(ctx context.Context, p *server.Principal, lang i18n.Lang, id int64) (Form, error) {
	f, err := getShop(ctx, s.db, viewerOf(p), id)
	f.Name = SeededName(lang, f.Name)
	return f, err
}

// SeededName shows the name the first shop was seeded with (总店, "Main
// shop") in lang while a shop still bears it; a name an administrator typed
// stays as typed.
func SeededName(lang i18n.Lang, name string) string {
	return i18n.Seeded(lang, "shop.seeded.main", name)
}

// Create adds a shop. A caller who is not ROOT becomes its member, so that
// the new shop is theirs to see and use.
func (s *Service) Create(ctx context.Context, p *server.Principal, in Input) (Form, error) {
	if err := in.validate(); err != nil {
		return Form{}, err
	}
	status := int64(1)
	if in.Status != nil {
		status = *in.Status
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := duplicate(ctx, tx, in, 0); err != nil {
			return err
		}
		var err error
		if id, err = insertShop(ctx, tx, in, status); err != nil {
			return err
		}
		if !p.IsRoot() {
			return addMember(ctx, tx, id, p.UserID)
		}
		return nil
	})
	if err != nil {
		return Form{}, errs.Wrap("create shop", err)
	}
	return getShop(ctx, s.db, viewerOf(p), id)
}

// Update changes a shop the caller may see. Disabling is refused for the
// caller's active shop and for the last enabled shop; other sessions working
// in a disabled shop lose their active shop (they must switch).
func (s *Service) Update(ctx context.Context, p *server.Principal, id int64, in Input) (Form, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getShop(ctx, tx, viewerOf(p), id)
		if err != nil {
			return err
		}
		if err := in.validate(); err != nil {
			return err
		}
		status := int64(cur.Status)
		if in.Status != nil {
			status = *in.Status
		}
		if err := duplicate(ctx, tx, in, id); err != nil {
			return err
		}
		if status != 1 && cur.Status == 1 {
			if id == p.ShopID {
				return errs.Conflict("shop.err.disableActive", errs.A("name", cur.Name))
			}
			n, err := countEnabledExcept(ctx, tx, []int64{id})
			if err != nil {
				return err
			}
			if n == 0 {
				return errs.Conflict("shop.err.lastEnabled", errs.A("name", cur.Name))
			}
		}
		if err := updateShop(ctx, tx, id, in, status); err != nil {
			return err
		}
		return detachSessions(ctx, tx, "shop_id = ?", id)
	})
	if err != nil {
		return Form{}, errs.Wrap("update shop", err)
	}
	return getShop(ctx, s.db, viewerOf(p), id)
}

// Delete removes shops, all or none. A shop with users, one referenced by a
// registered table, or the removal of the last enabled shop is refused with
// 409 naming the shop.
func (s *Service) Delete(ctx context.Context, p *server.Principal, ids []int64) error {
	ids = distinct(ids)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		names := make([]string, len(ids))
		for i, id := range ids {
			f, err := getShop(ctx, tx, viewerOf(p), id)
			if err != nil {
				return err
			}
			names[i] = f.Name
			users, err := countRefs(ctx, tx, "user_shops", "shop_id", id)
			if err != nil {
				return err
			}
			if users > 0 {
				return errs.Conflict("shop.err.hasUsers", errs.A("name", f.Name), errs.A("count", users))
			}
			for _, r := range s.refs {
				n, err := countRefs(ctx, tx, r.Table, r.Column, id)
				if err != nil {
					return fmt.Errorf("references in %s: %w", r.Table, err)
				}
				if n > 0 {
					return errs.Conflict("shop.err.inUse", errs.A("name", f.Name), errs.A("what", r.What))
				}
			}
		}
		left, err := countEnabledExcept(ctx, tx, ids)
		if err != nil {
			return err
		}
		if left == 0 {
			return errs.Conflict("shop.err.lastShop", errs.A("name", names[len(names)-1]))
		}
		err = deleteShops(ctx, tx, ids)
		if db.IsForeignKey(err) {
			return errs.Conflict("shop.err.inUse", errs.A("name", names[0]), errs.A("what", errs.Key("shop.ref.other")))
		}
		return err
	})
	return errs.Wrap("delete shops", err)
}

// Members lists the users of a shop the caller may see.
func (s *Service) Members(ctx context.Context, p *server.Principal, id int64) ([]Member, error) {
	if _, err := getShop(ctx, s.db, viewerOf(p), id); err != nil {
		return nil, err
	}
	list, err := listMembers(ctx, s.db, id)
	return list, errs.Wrap("list shop members", err)
}

// SetMembers replaces the users of a shop. Unknown user ids are refused;
// removed users working in this shop lose their active shop.
func (s *Service) SetMembers(ctx context.Context, p *server.Principal, id int64, in MembersInput) ([]Member, error) {
	ids := distinct(in.UserIDs)
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getShop(ctx, tx, viewerOf(p), id); err != nil {
			return err
		}
		known, err := db.Existing(ctx, tx, "users", ids)
		if err != nil {
			return err
		}
		for _, u := range in.UserIDs {
			if !known[u] {
				return errs.Field("userIds", "shop.err.unknownUser", errs.A("id", u))
			}
		}
		if err := replaceMembers(ctx, tx, id, ids); err != nil {
			return err
		}
		return detachSessions(ctx, tx, "shop_id = ?", id)
	})
	if err != nil {
		return nil, errs.Wrap("set shop members", err)
	}
	return s.Members(ctx, p, id)
}

// Switchable lists the enabled shops the caller may make active: the shops
// they belong to, or every enabled shop for ROOT.
func Switchable(ctx context.Context, q db.Querier, p *server.Principal, lang i18n.Lang) ([]Option, error) {
	list, err := switchable(ctx, q, viewerOf(p))
	if err != nil {
		return nil, fmt.Errorf("switchable shops: %w", err)
	}
	for i := range list {
		list[i].Label = SeededName(lang, list[i].Label)
	}
	return list, nil
}

// SwitchTarget checks that the caller may make shop id active and returns
// its name: 400 when missing, 404 when unknown, 403 when the caller (not
// ROOT) is no member, 409 when the shop is disabled.
func SwitchTarget(ctx context.Context, q db.Querier, p *server.Principal, id int64) (string, error) {
	if id <= 0 {
		return "", errs.Required("shopId", LabelShopID)
	}
	var name string
	var status int
	err := q.QueryRow(ctx, "SELECT name, status FROM shops WHERE id = ?", id).Scan(&name, &status)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errs.NotFound(Entity)
	}
	if err != nil {
		return "", err
	}
	if !p.IsRoot() {
		var n int
		if err := q.QueryRow(ctx, "SELECT COUNT(*) FROM user_shops WHERE user_id = ? AND shop_id = ?", p.UserID, id).Scan(&n); err != nil {
			return "", err
		}
		if n == 0 {
			return "", errs.Forbidden("shop.err.notMember", errs.A("name", name))
		}
	}
	if status != 1 {
		return "", errs.Conflict("shop.err.disabled", errs.A("name", name))
	}
	return name, nil
}
