package dict

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Service keeps dictionaries and their items.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// Page lists dictionaries, built-in ones' seeded names and remarks in lang.
func (s *Service) Page(ctx context.Context, lang i18n.Lang, pq PageQuery) ([]Page, int, error) {
	pq.Keywords = strings.TrimSpace(pq.Keywords)
	list, total, err := pageDicts(ctx, s.db, pq)
	for i := range list {
		list[i].Name = seededText(lang, list[i].DictCode, "name", list[i].Name)
		list[i].Remark = seededText(lang, list[i].DictCode, "remark", list[i].Remark)
	}
	return list, total, err
}

// Options lists the enabled dictionaries as options: value = code, label =
// name (a built-in one's seeded name in lang).
func (s *Service) Options(ctx context.Context, lang i18n.Lang) ([]Option, error) {
	list, err := listOptions(ctx, s.db)
	for i := range list {
		list[i].Label = seededText(lang, list[i].Value, "name", list[i].Label)
	}
	return list, err
}

// Form returns one dictionary, a built-in one's seeded name and remark in lang.
func (s *Service) Form(ctx context.Context, lang i18n.Lang, id int64) (Form, error) {
	f, err := getDict(ctx, s.db, id)
	f.Name = seededText(lang, f.DictCode, "name", f.Name)
	f.Remark = seededText(lang, f.DictCode, "remark", f.Remark)
	return f, err
}

// seededText shows a built-in dictionary's seeded name or remark in lang
// while it is still the seeded text; what an administrator wrote stays.
func seededText(lang i18n.Lang, code, field, stored string) string {
	return i18n.Seeded(lang, "dict.builtin."+code+"."+field, stored)
}

// Create adds a dictionary.
func (s *Service) Create(ctx context.Context, in Input) (int64, error) {
	if err := in.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		taken, err := codeTaken(ctx, tx, in.DictCode, 0)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("dictCode", "dict.field.dictCode", in.DictCode)
		}
		id, err = insertDict(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("dictCode", "dict.field.dictCode", in.DictCode)
		}
		return err
	})
	return id, errs.Wrap("create dictionary", err)
}

// Update changes a dictionary; a new code carries its items along (the
// items' foreign key cascades). A built-in dictionary keeps its code.
func (s *Service) Update(ctx context.Context, id int64, in Input) error {
	if err := in.Validate(); err != nil {
		return err
	}
	return errs.Wrap(fmt.Sprintf("update dictionary %d", id), s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getDict(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.Builtin == 1 && cur.DictCode != in.DictCode {
			e := errs.Conflict("dict.builtinCode", errs.A("name", cur.Name))
			e.Fields = []errs.FieldError{{Path: "dictCode", Key: e.Key, Args: e.Args}}
			return e
		}
		taken, err := codeTaken(ctx, tx, in.DictCode, id)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("dictCode", "dict.field.dictCode", in.DictCode)
		}
		err = updateDict(ctx, tx, id, in)
		if db.IsUnique(err) {
			return errs.Duplicate("dictCode", "dict.field.dictCode", in.DictCode)
		}
		return err
	}))
}

// Delete removes dictionaries with their items, all or none. Built-in
// dictionaries are refused.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	ids = unique(ids)
	return errs.Wrap("delete dictionaries", s.db.InTx(ctx, func(tx *db.Tx) error {
		found, err := dictsByIDs(ctx, tx, ids)
		if err != nil {
			return err
		}
		if len(found) != len(ids) {
			return errs.NotFound(entity)
		}
		for _, d := range found {
			if d.builtin == 1 {
				return errs.Conflict("dict.builtinDelete", errs.A("name", d.name))
			}
		}
		return deleteDicts(ctx, tx, ids)
	}))
}

// ItemPage lists a dictionary's items.
func (s *Service) ItemPage(ctx context.Context, code string, iq ItemQuery) ([]ItemPage, int, error) {
	if _, _, err := dictByCode(ctx, s.db, code); err != nil {
		return nil, 0, err
	}
	iq.Keywords = strings.TrimSpace(iq.Keywords)
	return pageItems(ctx, s.db, code, iq)
}

// Items lists the enabled items of an enabled dictionary, sorted, with the
// label in the caller's language.
func (s *Service) Items(ctx context.Context, code string, lang i18n.Lang) ([]ItemOption, error) {
	_, status, err := dictByCode(ctx, s.db, code)
	if err != nil {
		return nil, err
	}
	out := []ItemOption{}
	if status != 1 {
		return out, nil
	}
	rows, err := enabledItems(ctx, s.db, code)
	if err != nil {
		return nil, err
	}
	for _, r := range rows {
		out = append(out, ItemOption{Value: r.value, Label: LabelIn(lang, r.label, r.labelEn), TagType: r.tagType})
	}
	return out, nil
}

// ItemForm returns one item of the dictionary.
func (s *Service) ItemForm(ctx context.Context, code string, itemID int64) (ItemForm, error) {
	if _, _, err := dictByCode(ctx, s.db, code); err != nil {
		return ItemForm{}, err
	}
	return getItem(ctx, s.db, code, itemID)
}

// CreateItem adds an item to a dictionary.
func (s *Service) CreateItem(ctx context.Context, code string, in ItemInput) (int64, error) {
	if err := in.Validate(); err != nil {
		return 0, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, _, err := dictByCode(ctx, tx, code); err != nil {
			return err
		}
		taken, err := valueTaken(ctx, tx, code, in.Value, 0)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("value", "dict.field.value", in.Value)
		}
		id, err = insertItem(ctx, tx, code, in)
		if db.IsUnique(err) {
			return errs.Duplicate("value", "dict.field.value", in.Value)
		}
		return err
	})
	return id, errs.Wrap("create item of dictionary "+code, err)
}

// UpdateItem changes an item of the dictionary.
func (s *Service) UpdateItem(ctx context.Context, code string, itemID int64, in ItemInput) error {
	if err := in.Validate(); err != nil {
		return err
	}
	return errs.Wrap(fmt.Sprintf("update item %d of dictionary %s", itemID, code), s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, _, err := dictByCode(ctx, tx, code); err != nil {
			return err
		}
		if _, err := getItem(ctx, tx, code, itemID); err != nil {
			return err
		}
		taken, err := valueTaken(ctx, tx, code, in.Value, itemID)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("value", "dict.field.value", in.Value)
		}
		err = updateItem(ctx, tx, itemID, in)
		if db.IsUnique(err) {
			return errs.Duplicate("value", "dict.field.value", in.Value)
		}
		return err
	}))
}

// DeleteItems removes items of the dictionary, all or none.
func (s *Service) DeleteItems(ctx context.Context, code string, ids []int64) error {
	ids = unique(ids)
	return errs.Wrap("delete items of dictionary "+code, s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, _, err := dictByCode(ctx, tx, code); err != nil {
			return err
		}
		n, err := countItems(ctx, tx, code, ids)
		if err != nil {
			return err
		}
		if n != len(ids) {
			return errs.NotFound(itemEntity)
		}
		if err := deleteItems(ctx, tx, code, ids); err != nil {
			return fmt.Errorf("delete items of %s: %w", code, err)
		}
		return nil
	}))
}

func unique(ids []int64) []int64 {
	out := slices.Clone(ids)
	slices.Sort(out)
	return slices.Compact(out)
}
