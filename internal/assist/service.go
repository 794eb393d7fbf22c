package assist

import (
	"context"
	"fmt"
	"strings"

	"cangshu/internal/coding"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// Service manages assisting-data types and their records.
type Service struct {
	db    *db.DB
	usage *usage.Registry
}

// NewService makes the service; u names what uses a record or a type.
func NewService(d *db.DB, u *usage.Registry) *Service { return &Service{db: d, usage: u} }

// Caller is who calls: the language of built-in type names, and the
// permission check of the one screen a request's type needs (the route
// declares "a|b|c"; c.Require decides).
type Caller struct {
	Lang    i18n.Lang
	Require func(perm string) error
	Can     func(perm string) bool
}

// CallerOf is the caller of a request.
func CallerOf(c *server.Ctx) Caller {
	return Caller{Lang: c.Lang, Require: c.Require, Can: func(p string) bool { return c.User != nil && c.User.Can(p) }}
}

// ---- types ----

// Types lists the types (kind -1 = all), built-in names in the caller's language.
func (s *Service) Types(ctx context.Context, who Caller, kind int64, p server.ListParams) (server.ListPage[Type], error) {
	if kind != -1 {
		var f errs.Fields
		errs.OneOf(&f, "kind", labelKind, kind, KindCategory, KindAttribute)
		if err := f.Err(); err != nil {
			return server.ListPage[Type]{}, err
		}
	}
	if p.Sidx != "" && p.Sidx != "number" && p.Sidx != "name" {
		return server.ListPage[Type]{}, errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
	}
	all, err := listTypes(ctx, s.db, who.Lang)
	if err != nil {
		return server.ListPage[Type]{}, errs.Wrap("list assist types", err)
	}
	q := strings.ToLower(p.MatchCon)
	var rows []Type
	for _, t := range all {
		if (kind == -1 || int64(t.Kind) == kind) &&
			(q == "" || strings.Contains(strings.ToLower(t.Number+"\x1f"+t.Name), q)) {
			rows = append(rows, t)
		}
	}
	sortTypes(rows, p.Sidx, p.Desc)
	return page(p, rows), nil
}

// page cuts one page out of rows.
func page[T any](p server.ListParams, rows []T) server.ListPage[T] {
	total := len(rows)
	lo := min(p.Offset(), total)
	hi := min(lo+p.Rows, total)
	return server.NewListPage(p, rows[lo:hi], total)
}

// NextTypeNumber proposes the number of the next attribute group.
func (s *Service) NextTypeNumber(ctx context.Context) (map[string]string, error) {
	n, err := coding.Next(ctx, s.db, "assist_types", "kind = ?", firstTypeNumber, KindAttribute)
	if err != nil {
		return nil, errs.Wrap("next assist type number", err)
	}
	return map[string]string{"number": n}, nil
}

// GetType reads one type.
func (s *Service) GetType(ctx context.Context, who Caller, id int64) (Type, error) {
	t, err := getType(ctx, s.db, who.Lang, id, "")
	return t, errs.Wrap("get assist type", err)
}

// CreateType adds an attribute group (kind 1); an empty number takes the next one.
func (s *Service) CreateType(ctx context.Context, who Caller, in TypeInput) (Type, error) {
	if err := in.validate(); err != nil {
		return Type{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if in.Number == "" {
			n, err := coding.Next(ctx, tx, "assist_types", "kind = ?", firstTypeNumber, KindAttribute)
			if err != nil {
				return err
			}
			in.Number = n
		}
		if err := typeTaken(ctx, tx, in, 0); err != nil {
			return err
		}
		var err error
		id, err = insertType(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("number", labelTypeNumber, in.Number)
		}
		return err
	})
	if err != nil {
		return Type{}, errs.Wrap("create assist type", err)
	}
	return s.GetType(ctx, who, id)
}

// UpdateType renames an attribute group; built-in types are refused. An
// empty number keeps the current one.
func (s *Service) UpdateType(ctx context.Context, who Caller, in TypeInput) (Type, error) {
	if in.ID <= 0 {
		return Type{}, errs.Required("id", "field.id")
	}
	if err := in.validate(); err != nil {
		return Type{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getType(ctx, tx, who.Lang, in.ID, "")
		if err != nil {
			return err
		}
		if cur.Builtin == 1 {
			return errs.Conflict("assist.err.builtinType", errs.A("name", cur.Name))
		}
		if in.Number == "" {
			in.Number = cur.Number
		}
		if err := typeTaken(ctx, tx, in, in.ID); err != nil {
			return err
		}
		err = updateType(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("number", labelTypeNumber, in.Number)
		}
		return err
	})
	if err != nil {
		return Type{}, errs.Wrap("update assist type", err)
	}
	return s.GetType(ctx, who, in.ID)
}

// DeleteType removes an attribute group: refused for built-in types, and
// while it has values or goods use it.
func (s *Service) DeleteType(ctx context.Context, who Caller, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getType(ctx, tx, who.Lang, id, "")
		if err != nil {
			return err
		}
		if cur.Builtin == 1 {
			return errs.Conflict("assist.err.builtinType", errs.A("name", cur.Name))
		}
		if err := s.usage.Check(ctx, tx, usage.AssistType, TypeEntity, id); err != nil {
			return err
		}
		err = deleteType(ctx, tx, id)
		if db.IsForeignKey(err) {
			return errs.Conflict("err.inUse", errs.A("what", TypeEntity))
		}
		return err
	})
	return errs.Wrap("delete assist type", err)
}

// ---- records ----

// Filter selects the records of a list: one type (by id or number) or,
// neither given, every type the caller may read.
type Filter struct {
	TypeID      int64
	TypeNumber  string
	EnabledOnly bool
}

// resolve finds the type a request names; path is the field reported when
// it is unknown.
func (s *Service) resolve(ctx context.Context, q db.Querier, who Caller, id int64, number string) (Type, error) {
	number = strings.TrimSpace(number)
	if id <= 0 && number == "" {
		return Type{}, errs.Required("typeNumber", labelType)
	}
	t, err := getType(ctx, q, who.Lang, id, number)
	if errs.Is(err, errs.KindNotFound) {
		path, v := "typeNumber", any(number)
		if id > 0 {
			path, v = "typeId", id
		}
		return t, errs.Field(path, "assist.err.unknownType", errs.A("type", v))
	}
	return t, err
}

// List answers the records as a depth-first tree walk, one page of it.
func (s *Service) List(ctx context.Context, who Caller, f Filter, p server.ListParams) (server.ListPage[Assist], error) {
	less, err := siblingOrder(p.Sidx, p.Desc)
	if err != nil {
		return server.ListPage[Assist]{}, err
	}
	var typeIDs []int64
	if f.TypeID > 0 || strings.TrimSpace(f.TypeNumber) != "" {
		t, err := s.resolve(ctx, s.db, who, f.TypeID, f.TypeNumber)
		if err != nil {
			return server.ListPage[Assist]{}, err
		}
		if err := who.Require(t.perm("query")); err != nil {
			return server.ListPage[Assist]{}, err
		}
		typeIDs = []int64{t.ID}
	} else {
		// The preload: every type the caller may read.
		types, err := listTypes(ctx, s.db, who.Lang)
		if err != nil {
			return server.ListPage[Assist]{}, errs.Wrap("list assist types", err)
		}
		for _, t := range types {
			if who.Can(t.perm("query")) {
				typeIDs = append(typeIDs, t.ID)
			}
		}
		if len(typeIDs) == 0 {
			return server.NewListPage(p, []Assist{}, 0), nil
		}
	}
	rows, err := listAssists(ctx, s.db, typeIDs, f.EnabledOnly)
	if err != nil {
		return server.ListPage[Assist]{}, errs.Wrap("list assists", err)
	}
	var out []Assist
	for _, a := range walk(rows, less) {
		if a.matches(p.MatchCon) {
			out = append(out, a)
		}
	}
	return page(p, out), nil
}

// Options answers the enabled records of a type as a tree.
func (s *Service) Options(ctx context.Context, who Caller, typeID int64, typeNumber string) ([]Option, error) {
	t, err := s.resolve(ctx, s.db, who, typeID, typeNumber)
	if err != nil {
		return nil, err
	}
	if err := who.Require(t.perm("query")); err != nil {
		return nil, err
	}
	rows, err := listAssists(ctx, s.db, []int64{t.ID}, true)
	if err != nil {
		return nil, errs.Wrap("assist options", err)
	}
	return options(walk(rows, bySort)), nil
}

// Get reads one record.
func (s *Service) Get(ctx context.Context, who Caller, id int64) (Assist, error) {
	a, t, err := s.load(ctx, s.db, who, id)
	if err != nil {
		return a, err
	}
	if err := who.Require(t.perm("query")); err != nil {
		return Assist{}, err
	}
	return a, nil
}

// load reads a record and its type.
func (s *Service) load(ctx context.Context, q db.Querier, who Caller, id int64) (Assist, Type, error) {
	a, err := getAssist(ctx, q, id)
	if err != nil {
		return a, Type{}, errs.Wrap("get assist", err)
	}
	t, err := getType(ctx, q, who.Lang, a.TypeID, "")
	return a, t, errs.Wrap("get assist type", err)
}

// parentPath checks the parent a record of type t goes under (not itself
// nor one of its descendants, for id > 0) and answers its tree_path ("/"
// for the top).
func parentPath(ctx context.Context, q db.Querier, t Type, parentID, id int64) (string, error) {
	if parentID == 0 {
		return "/", nil
	}
	p, err := getAssist(ctx, q, parentID)
	if errs.Is(err, errs.KindNotFound) || (err == nil && p.TypeID != t.ID) {
		return "", errs.Field("parentId", "assist.err.unknownParent", errs.A("id", parentID))
	}
	if err != nil {
		return "", errs.Wrap(fmt.Sprintf("parent assist %d", parentID), err)
	}
	if id > 0 && (parentID == id || strings.Contains(p.treePath, childPath("/", id))) {
		return "", errs.Field("parentId", "assist.err.cycle")
	}
	return p.treePath, nil
}

// Create adds a category, payment method or attribute value.
func (s *Service) Create(ctx context.Context, who Caller, in Input) (Assist, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		t, err := s.resolve(ctx, tx, who, in.TypeID, in.TypeNumber)
		if err != nil {
			return err
		}
		if err := who.Require(t.perm("add")); err != nil {
			return err
		}
		if err := in.validate(t.Kind); err != nil {
			return err
		}
		path, err := parentPath(ctx, tx, t, in.ParentID, 0)
		if err != nil {
			return err
		}
		if err := taken(ctx, tx, t.ID, in, 0); err != nil {
			return err
		}
		id, err = insertAssist(ctx, tx, t.ID, in, path)
		if db.IsUnique(err) {
			return errs.Duplicate("name", labelName, in.Name)
		}
		return err
	})
	if err != nil {
		return Assist{}, errs.Wrap("create assist", err)
	}
	return s.Get(ctx, who, id)
}

// Update changes a record, possibly moving it (with its subtree) under
// another parent of the same type.
func (s *Service) Update(ctx context.Context, who Caller, in Input) (Assist, error) {
	if in.ID <= 0 {
		return Assist{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, t, err := s.load(ctx, tx, who, in.ID)
		if err != nil {
			return err
		}
		if err := who.Require(t.perm("update")); err != nil {
			return err
		}
		if err := in.validate(t.Kind); err != nil {
			return err
		}
		path, err := parentPath(ctx, tx, t, in.ParentID, in.ID)
		if err != nil {
			return err
		}
		if err := taken(ctx, tx, t.ID, in, in.ID); err != nil {
			return err
		}
		err = updateAssist(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("name", labelName, in.Name)
		}
		if err != nil || in.ParentID == cur.ParentID {
			return err
		}
		return movePaths(ctx, tx, cur.treePath, childPath(path, in.ID))
	})
	if err != nil {
		return Assist{}, errs.Wrap("update assist", err)
	}
	return s.Get(ctx, who, in.ID)
}

// SetDisabled disables (1) or enables (0) one record.
func (s *Service) SetDisabled(ctx context.Context, who Caller, id, disabled int64) error {
	if err := checkDisable(disabled); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		_, t, err := s.load(ctx, tx, who, id)
		if err != nil {
			return err
		}
		if err := who.Require(t.perm("update")); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable assist", err)
}

// Delete removes one record: refused while it has children or is used.
func (s *Service) Delete(ctx context.Context, who Caller, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, t, err := s.load(ctx, tx, who, id)
		if err != nil {
			return err
		}
		if err := who.Require(t.perm("delete")); err != nil {
			return err
		}
		n, err := countChildren(ctx, tx, id)
		if err != nil {
			return err
		}
		if n > 0 {
			return errs.Conflict("assist.err.hasChildren", errs.A("what", t.label()), errs.A("name", cur.Name), errs.A("count", n))
		}
		if err := s.usage.Check(ctx, tx, usage.Assist, t.label(), id); err != nil {
			return err
		}
		err = deleteAssist(ctx, tx, id)
		if db.IsForeignKey(err) {
			return errs.Conflict("err.inUse", errs.A("what", t.label()))
		}
		return err
	})
	return errs.Wrap("delete assist", err)
}
