package dept

import (
	"context"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Service manages departments.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Tree is the department tree filtered by q; a match keeps its ancestors.
func (s *Service) Tree(ctx context.Context, lang i18n.Lang, q TreeQuery) ([]*Dept, error) {
	x, err := loadAll(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("load depts: %w", err)
	}
	x.localize(lang)
	return x.tree(q.matches), nil
}

// Options is the tree of enabled departments for pickers.
func (s *Service) Options(ctx context.Context, lang i18n.Lang) ([]Option, error) {
	x, err := loadAll(ctx, s.db)
	if err != nil {
		return nil, fmt.Errorf("load depts: %w", err)
	}
	x.localize(lang)
	return options(x.tree(nil)), nil
}

// Form is a department for its edit form.
func (s *Service) Form(ctx context.Context, lang i18n.Lang, id int64) (Form, error) {
	d, err := getDept(ctx, s.db, id)
	if err != nil {
		return Form{}, err
	}
	return Form{ID: d.ID, ParentID: d.ParentID, Name: seededName(lang, d.Name), Code: d.Code, Sort: d.Sort, Status: d.Status}, nil
}

// seededName shows the name the head office was seeded with (总部, "Head
// office") in lang while a department still bears it; a typed name stays.
func seededName(lang i18n.Lang, name string) string {
	return i18n.Seeded(lang, "dept.seeded.hq", name)
}

// localize shows seeded names in lang.
func (x index) localize(lang i18n.Lang) {
	for _, d := range x {
		d.Name = seededName(lang, d.Name)
	}
}

// checkPlace refuses an unknown parent, a parent that is the department
// itself or below it, a code another department holds and a name a sibling
// holds. id is 0 for a new department.
func checkPlace(x index, id int64, in Input) error {
	if in.ParentID != 0 {
		if _, ok := x[in.ParentID]; !ok {
			return errs.Field("parentId", "dept.parentUnknown")
		}
		if id != 0 && x.isDescendant(in.ParentID, id) {
			return errs.Field("parentId", "dept.parentCycle")
		}
	}
	for _, d := range x {
		if d.ID == id {
			continue
		}
		if d.Code == in.Code {
			return errs.Duplicate("code", "field.code", in.Code)
		}
		if d.ParentID == in.ParentID && d.Name == in.Name {
			return errs.Duplicate("name", "field.name", in.Name)
		}
	}
	return nil
}

// Create adds a department and returns its id.
func (s *Service) Create(ctx context.Context, in Input) (int64, error) {
	in.normalize()
	if err := in.check(); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		x, err := loadAll(ctx, tx)
		if err != nil {
			return err
		}
		if err := checkPlace(x, 0, in); err != nil {
			return err
		}
		d := Dept{ParentID: in.ParentID, treePath: x.childPath(in.ParentID), Name: in.Name, Code: in.Code, Sort: in.Sort, Status: 1}
		if in.Status != nil {
			d.Status = *in.Status
		}
		id, err = insertDept(ctx, tx, d)
		return err
	})
	return id, writeErr("create dept", in, err)
}

// Update changes a department; moving it rewrites the tree paths below it.
func (s *Service) Update(ctx context.Context, id int64, in Input) error {
	in.normalize()
	if err := in.check(); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		x, err := loadAll(ctx, tx)
		if err != nil {
			return err
		}
		old, ok := x[id]
		if !ok {
			return errs.NotFound("dept.entity")
		}
		if err := checkPlace(x, id, in); err != nil {
			return err
		}
		d := *old
		d.ParentID, d.treePath, d.Name, d.Code, d.Sort = in.ParentID, x.childPath(in.ParentID), in.Name, in.Code, in.Sort
		if in.Status != nil {
			d.Status = *in.Status
		}
		if err := updateDept(ctx, tx, d); err != nil {
			return err
		}
		old.ParentID, old.treePath = d.ParentID, d.treePath
		for did, path := range x.treePaths() {
			if x[did].treePath != path {
				if err := setTreePath(ctx, tx, did, path); err != nil {
					return err
				}
			}
		}
		return nil
	})
	return writeErr(fmt.Sprintf("update dept %d", id), in, err)
}

// writeErr turns a unique violation that slipped past the checks (a
// concurrent write) into a 409 and wraps unexpected errors.
func writeErr(what string, in Input, err error) error {
	if err == nil {
		return nil
	}
	if _, ok := errs.As(err); ok {
		return err
	}
	if db.IsUnique(err) {
		return errs.Duplicate("code", "field.code", in.Code)
	}
	return fmt.Errorf("%s: %w", what, err)
}

// Delete removes departments, all or none: one with a child left behind or
// with users is refused, naming it.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		x, err := loadAll(ctx, tx)
		if err != nil {
			return err
		}
		gone := map[int64]bool{}
		for _, id := range ids {
			if _, ok := x[id]; !ok {
				return errs.NotFound("dept.entity")
			}
			gone[id] = true
		}
		for _, id := range ids {
			for _, d := range x {
				if d.ParentID == id && !gone[d.ID] {
					return errs.Conflict("dept.hasChildren", errs.A("name", x[id].Name))
				}
			}
		}
		users, err := userCounts(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if n := users[id]; n > 0 {
				return errs.Conflict("dept.hasUsers", errs.A("name", x[id].Name), errs.A("count", n))
			}
		}
		return deleteDepts(ctx, tx, ids)
	})
	if _, ok := errs.As(err); err != nil && !ok {
		return fmt.Errorf("delete depts %v: %w", ids, err)
	}
	return errs.Wrap("delete departments", err)
}
