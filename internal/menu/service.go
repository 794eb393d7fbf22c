package menu

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Service serves the menu tree and the signed-in user's routes.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// RouteTree is the route tree of the caller: the catalogs, menus and links
// granted to one of the caller's roles (all of them for ROOT), by sort order,
// titled in the caller's language. One query reads the menus, one the grants.
//
// The answer for each role set and language is kept, encoded, while menus,
// roles and grants are unchanged (db.Cached): every page load asks for it,
// and encoding the tree cost more than the rest of the request.
func (s *Service) RouteTree(ctx context.Context, who *server.Principal, lang i18n.Lang) (server.Raw, error) {
	key := fmt.Sprintf("routes:%s:%t:%v", lang, who.IsRoot(), who.RoleIDs)
	return db.Cached(ctx, s.db, db.CounterAuth, key, func(ctx context.Context, q db.Querier) (server.Raw, error) {
		routes, err := routeTree(ctx, q, who, lang)
		if err != nil {
			return server.Raw{}, err
		}
		return server.Encoded(routes)
	})
}

func routeTree(ctx context.Context, q db.Querier, who *server.Principal, lang i18n.Lang) ([]Route, error) {
	entries, err := loadEntries(ctx, q, false)
	if err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	if !who.IsRoot() {
		granted, err := grantedSet(ctx, q, who.RoleIDs)
		if err != nil {
			return nil, fmt.Errorf("load grants: %w", err)
		}
		kept := entries[:0]
		for _, e := range entries {
			if granted[e.ID] {
				kept = append(kept, e)
			}
		}
		entries = kept
	}
	// An entry whose parent is not granted has no place in the tree: it is
	// not reached from the root.
	out := newForest(entries).routes(0, "", lang == i18n.EN, map[string]bool{}, 0)
	if out == nil {
		out = []Route{}
	}
	return out, nil
}

// List is the whole menu tree with the buttons; with keywords, the entries
// whose name or permission holds them, with their ancestors.
func (s *Service) List(ctx context.Context, keywords string) ([]*Menu, error) {
	entries, err := loadEntries(ctx, s.db, true)
	if err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	return newForest(entries).tree(func(e *entry) bool { return matches(e, keywords) }), nil
}

// Options is the menu tree for pickers, titled in the caller's language;
// onlyParent leaves the buttons out (for choosing a parent).
func (s *Service) Options(ctx context.Context, onlyParent bool, lang i18n.Lang) ([]Option, error) {
	entries, err := loadEntries(ctx, s.db, !onlyParent)
	if err != nil {
		return nil, fmt.Errorf("load menus: %w", err)
	}
	out := newForest(entries).options(0, lang == i18n.EN, 0)
	if out == nil {
		out = []Option{}
	}
	return out, nil
}

// Form is one entry for its edit form.
func (s *Service) Form(ctx context.Context, id int64) (Form, error) {
	e, err := getEntry(ctx, s.db, id)
	if err != nil {
		return Form{}, err
	}
	return e.form(), nil
}

// checkPlace checks e (id 0 when new) against the rest of the tree: the
// parent exists, is no button and does not lie below e; a button hangs under
// a menu or catalog and has no children; its permission and the route name
// are unique.
func checkPlace(f forest, e entry) error {
	if e.ParentID != 0 {
		parent, ok := f.byID[e.ParentID]
		if !ok {
			return errs.Field("parentId", "menu.parentUnknown")
		}
		if parent.Type == TypeButton {
			return errs.Field("parentId", "menu.parentIsButton")
		}
		if e.ID != 0 && f.isBelow(e.ParentID, e.ID) {
			return errs.Field("parentId", "menu.parentCycle")
		}
	}
	if e.Type == TypeButton {
		if e.ParentID == 0 {
			return errs.Field("parentId", "menu.buttonParent")
		}
		if e.ID != 0 && len(f.children[e.ID]) > 0 {
			return errs.Field("type", "menu.buttonChildren")
		}
	}
	for _, o := range f.byID {
		if o.ID == e.ID {
			continue
		}
		if e.Type == TypeButton && o.Type == TypeButton && o.Perm == e.Perm {
			return errs.Duplicate("perm", "menu.field.perm", e.Perm)
		}
		if e.RouteName != "" && o.RouteName == e.RouteName {
			return errs.Duplicate("routeName", "menu.field.routeName", e.RouteName)
		}
	}
	return nil
}

// Create adds a menu entry (with no code: only seeded entries have one) and
// returns its id.
func (s *Service) Create(ctx context.Context, in Input) (int64, error) {
	in.normalize()
	if err := in.check(); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		entries, err := loadEntries(ctx, tx, true)
		if err != nil {
			return err
		}
		f := newForest(entries)
		e := in.apply(entry{Form: Form{Visible: 1}})
		if err := checkPlace(f, e); err != nil {
			return err
		}
		e.treePath = f.childPath(e.ParentID)
		id, err = insertEntry(ctx, tx, e)
		return err
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return 0, fmt.Errorf("create menu: %w", err)
	}
	return id, errs.Wrap("create menu", err)
}

// Update changes a menu entry. Moving it rewrites the tree paths below it
// and grants its new ancestors to the roles that hold it or an entry below it.
func (s *Service) Update(ctx context.Context, id int64, in Input) error {
	in.normalize()
	if err := in.check(); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		entries, err := loadEntries(ctx, tx, true)
		if err != nil {
			return err
		}
		f := newForest(entries)
		old, ok := f.byID[id]
		if !ok {
			return notFound()
		}
		e := in.apply(*old)
		if err := checkPlace(f, e); err != nil {
			return err
		}
		moved := e.ParentID != old.ParentID
		e.treePath = f.childPath(e.ParentID)
		if err := updateEntry(ctx, tx, e); err != nil {
			return err
		}
		if !moved {
			return nil
		}
		*old = e
		f = newForest(entries)
		for mid, path := range f.treePaths() {
			if f.byID[mid].treePath != path {
				if err := setEntryTreePath(ctx, tx, mid, path); err != nil {
					return err
				}
			}
		}
		return grantAncestors(ctx, tx, f.subtree(id), pathIDs(e.treePath))
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("update menu %d: %w", id, err)
	}
	return errs.Wrap(fmt.Sprintf("update menu %d", id), err)
}

// pathIDs are the ids a tree path names ("0,1,5" → 1, 5).
func pathIDs(path string) []int64 {
	var out []int64
	for _, part := range strings.Split(path, ",") {
		if id, err := strconv.ParseInt(part, 10, 64); err == nil && id > 0 {
			out = append(out, id)
		}
	}
	return out
}

// Delete removes a menu entry and its grants; one with children is refused.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		e, err := getEntry(ctx, tx, id)
		if err != nil {
			return err
		}
		n, err := countChildren(ctx, tx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return errs.Conflict("menu.hasChildren", errs.A("name", e.Name), errs.A("count", n))
		}
		return deleteEntry(ctx, tx, id)
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("delete menu %d: %w", id, err)
	}
	return errs.Wrap(fmt.Sprintf("delete menu %d", id), err)
}
