package custom

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/sheet"
)

// Service manages the definitions.
type Service struct {
	db      *db.DB
	builtin Builtin
}

// Builtin are the built-in columns of each target's exports and imports,
// as their owners declare them (goods.SheetColumns …). A field's labels must
// differ from their headers, or a file could not tell the columns apart.
type Builtin map[string][]sheet.Column

// NewService makes the service.
func NewService(d *db.DB, builtin Builtin) *Service { return &Service{db: d, builtin: builtin} }

// checkLabels refuses labels of in that a spreadsheet of target would
// confuse with another column: a built-in column's header (either language,
// or its key) or another field of target's label or key (enabled or not).
func (s *Service) checkLabels(ctx context.Context, q db.Querier, target string, in Input) error {
	defs, err := Defs(ctx, q, target)
	if err != nil {
		return err
	}
	var f errs.Fields
	for _, l := range []struct {
		path, v string
	}{{"labelZh", in.LabelZh}, {"labelEn", in.LabelEn}} {
		if l.v == "" {
			continue
		}
		if c, ok := claimed(s.builtin[target], l.v); ok {
			f.Add(l.path, "custom.err.labelBuiltin", errs.A("label", l.v), errs.A("column", c.Label))
			continue
		}
		for _, d := range defs {
			if d.ID == in.ID {
				continue
			}
			if _, ok := claimed([]sheet.Column{{Key: pathPrefix + d.Code, Headers: []string{d.LabelZh, d.LabelEn}}}, l.v); ok {
				f.Add(l.path, "custom.err.labelTaken", errs.A("label", l.v), errs.A("other", d.Texts()))
				break
			}
		}
	}
	return f.Err()
}

// claimed is the column of cols an import would read header h as.
func claimed(cols []sheet.Column, h string) (sheet.Column, bool) {
	for _, c := range cols {
		for _, n := range c.Names() {
			if sheet.SameHeader(n, h) {
				return c, true
			}
		}
	}
	return sheet.Column{}, false
}

// localize sets each field's label in lang.
func localize(list []Field, lang i18n.Lang) []Field {
	for i := range list {
		list[i].Label = list[i].In(lang)
	}
	return list
}

// In is the field's label in lang, the other language's when it has none.
func (f Field) In(lang i18n.Lang) string {
	if (lang == i18n.EN && f.LabelEn != "") || f.LabelZh == "" {
		return f.LabelEn
	}
	return f.LabelZh
}

func checkTarget(target string, empty bool) error {
	if target == "" && empty {
		return nil
	}
	for _, t := range Targets {
		if t == target {
			return nil
		}
	}
	return errs.Field("target", "err.oneOf", errs.A("field", labelTarget))
}

// List is every definition of target ("" = all), enabled or not.
func (s *Service) List(ctx context.Context, lang i18n.Lang, target string) ([]Field, error) {
	if err := checkTarget(target, true); err != nil {
		return nil, err
	}
	list, err := Defs(ctx, s.db, target)
	return localize(list, lang), err
}

// Fields are the enabled definitions of target, for forms and lists.
func (s *Service) Fields(ctx context.Context, lang i18n.Lang, target string) ([]Field, error) {
	if err := checkTarget(target, true); err != nil {
		return nil, err
	}
	list, err := Defs(ctx, s.db, target)
	return localize(Enabled(list), lang), err
}

// Add defines a field; a target holds at most MaxPerTarget.
func (s *Service) Add(ctx context.Context, lang i18n.Lang, in Input) (Field, error) {
	in.ID = 0
	var f errs.Fields
	in.validate(&f)
	if err := f.Err(); err != nil {
		return Field{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := lockTarget(ctx, tx, in.Target); err != nil {
			return err
		}
		n, err := countFields(ctx, tx, in.Target)
		if err != nil {
			return err
		}
		if n >= MaxPerTarget {
			return errs.Field("target", "custom.err.tooMany", errs.A("max", MaxPerTarget))
		}
		if err := s.checkLabels(ctx, tx, in.Target, in); err != nil {
			return err
		}
		id, err = insertField(ctx, tx, in)
		return err
	})
	if err != nil {
		return Field{}, errs.Wrap("add custom field", err)
	}
	return s.get(ctx, lang, id)
}

func (s *Service) get(ctx context.Context, lang i18n.Lang, id int64) (Field, error) {
	d, err := getField(ctx, s.db, id)
	if err != nil {
		return Field{}, err
	}
	return localize([]Field{d}, lang)[0], nil
}

// Update changes a field. Its target stays; its type may change only
// while no record has a value in it, and a choice in use cannot be removed.
func (s *Service) Update(ctx context.Context, lang i18n.Lang, in Input) (Field, error) {
	if in.ID <= 0 {
		return Field{}, errs.Required("id", "field.id")
	}
	var f errs.Fields
	in.validate(&f)
	if err := f.Err(); err != nil {
		return Field{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getField(ctx, tx, in.ID)
		if err != nil {
			return err
		}
		if err := lockTarget(ctx, tx, cur.Target); err != nil {
			return err
		}
		if err := s.checkLabels(ctx, tx, cur.Target, in); err != nil {
			return err
		}
		if in.Type != cur.Type {
			if v, err := anyValue(ctx, tx, in.ID, nil); err != nil {
				return err
			} else if v != "" {
				return errs.Field("type", "custom.err.typeInUse")
			}
		} else if in.Type == TypeChoice {
			if v, err := anyValue(ctx, tx, in.ID, in.Options); err != nil {
				return err
			} else if v != "" {
				return errs.Field("options", "custom.err.optionInUse", errs.A("option", v))
			}
		}
		return updateField(ctx, tx, in)
	})
	if err != nil {
		return Field{}, errs.Wrap("update custom field", err)
	}
	return s.get(ctx, lang, in.ID)
}

// Delete removes a field and every value records hold in it.
func (s *Service) Delete(ctx context.Context, id int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := getField(ctx, tx, id); err != nil {
			return err
		}
		return deleteField(ctx, tx, id)
	})
	return errs.Wrap("delete custom field", err)
}
