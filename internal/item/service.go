package item

import (
	"context"

	"cangshu/internal/coding"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// Service manages income and expense items.
type Service struct {
	db    *db.DB
	usage *usage.Registry
}

// NewService makes the service; u names what uses an item.
func NewService(d *db.DB, u *usage.Registry) *Service { return &Service{db: d, usage: u} }

var sortable = map[string]string{"number": "i.number", "name": "i.name", "type": "i.kind", "categoryName": "a.name"}

// List answers a page of items; typ 0 = both types.
func (s *Service) List(ctx context.Context, p server.ListParams, typ int64, enabledOnly bool) (server.ListPage[Item], error) {
	if typ != 0 {
		var f errs.Fields
		checkType(&f, typ)
		if err := f.Err(); err != nil {
			return server.ListPage[Item]{}, err
		}
	}
	order, err := p.OrderBy(sortable, "i.kind, i.number")
	if err != nil {
		return server.ListPage[Item]{}, err
	}
	rows, total, err := listItems(ctx, s.db, filter{typ: typ, matchCon: p.MatchCon, enabled: enabledOnly, order: order, limit: p.Rows, offset: p.Offset()})
	if err != nil {
		return server.ListPage[Item]{}, errs.Wrap("list items", err)
	}
	return server.NewListPage(p, rows, total), nil
}

// Get reads one item.
func (s *Service) Get(ctx context.Context, id int64) (Item, error) {
	it, err := getItem(ctx, s.db, id)
	return it, errs.Wrap("get item", err)
}

// NextNumber proposes the number of the next item of a type.
func (s *Service) NextNumber(ctx context.Context, typ int64) (map[string]string, error) {
	var f errs.Fields
	checkType(&f, typ)
	if err := f.Err(); err != nil {
		return nil, err
	}
	n, err := coding.Next(ctx, s.db, "items", "kind = ?", firstNumber(typ), typ)
	if err != nil {
		return nil, err
	}
	return map[string]string{"number": n}, nil
}

// check validates the input and its category (of the item type's categories).
func check(ctx context.Context, q db.Querier, in *Input, id int64) error {
	if err := in.validate(); err != nil {
		return err
	}
	if in.CategoryID > 0 {
		t, err := categoryTypeOf(ctx, q, in.CategoryID)
		if err != nil {
			return err
		}
		if t == "" {
			return errs.Field("categoryId", "item.err.unknownCategory", errs.A("id", in.CategoryID))
		}
		if t != categoryType(in.Type) {
			return errs.Field("categoryId", "item.err.categoryType", errs.A("type", errs.Key("item.type."+categoryType(in.Type))))
		}
	}
	return duplicate(ctx, q, *in, id)
}

// Create adds an item.
func (s *Service) Create(ctx context.Context, in Input) (Item, error) {
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := check(ctx, tx, &in, 0); err != nil {
			return err
		}
		var err error
		id, err = insertItem(ctx, tx, in)
		return unique(err, in)
	})
	if err != nil {
		return Item{}, errs.Wrap("create item", err)
	}
	return s.Get(ctx, id)
}

// Update changes an item.
func (s *Service) Update(ctx context.Context, in Input) (Item, error) {
	if in.ID <= 0 {
		return Item{}, errs.Required("id", "field.id")
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getItem(ctx, tx, in.ID); err != nil {
			return err
		}
		if err := check(ctx, tx, &in, in.ID); err != nil {
			return err
		}
		return unique(updateItem(ctx, tx, in), in)
	})
	if err != nil {
		return Item{}, errs.Wrap("update item", err)
	}
	return s.Get(ctx, in.ID)
}

// unique turns a unique violation (a concurrent save) into the duplicate error.
func unique(err error, in Input) error {
	if db.IsUnique(err) {
		return errs.Duplicate("number", labelNumber, in.Number)
	}
	return err
}

// SetDisabled disables (1) or enables (0) one item.
func (s *Service) SetDisabled(ctx context.Context, id, disabled int64) error {
	if err := checkDisable(disabled); err != nil {
		return err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getItem(ctx, tx, id); err != nil {
			return err
		}
		return setDisabled(ctx, tx, id, disabled)
	})
	return errs.Wrap("disable item", err)
}

// Delete removes one item, refused while a document uses it.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getItem(ctx, tx, id); err != nil {
			return err
		}
		return s.usage.Delete(ctx, tx, usage.Item, Entity, id, func() error { return deleteItem(ctx, tx, id) })
	})
	return errs.Wrap("delete item", err)
}
