package coding

import (
	"context"
	"fmt"
	"slices"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Service lists and changes coding rules.
type Service struct{ db *db.DB }

// NewService returns the coding-rule service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

func today() string { return time.Now().Format("2006-01-02") }

// order is how the list shows the kinds: documents in the menu's order,
// then basic data; kinds not listed here come after, by name.
var order = []string{
	"purOrder", "purchase", "rePurchase", "salesOrder", "sales", "reSales",
	"invTf", "otherIn", "otherOut", "costAdjustment", "combination", "stocktake",
	"receipt", "payment", "income", "expense", "fundTf", "verification", "salesInvoice", "purInvoice",
	"inventory", "customer", "supplier", "invlocation", "settAcct",
}

func rank(kind string) int {
	if i := slices.Index(order, kind); i >= 0 {
		return i
	}
	return len(order)
}

// name is what users call a kind; the kind itself when the catalogue lacks it.
func name(lang i18n.Lang, kind string) string {
	key := "coding.kind." + kind
	if s := i18n.T(lang, key); s != key {
		return s
	}
	return kind
}

// List is every coding rule with its next number today in the caller's shop.
func (s *Service) List(ctx context.Context, p *server.Principal, lang i18n.Lang) ([]Rule, error) {
	rules, err := listRules(ctx, s.db)
	if err != nil {
		return nil, err
	}
	slices.SortStableFunc(rules, func(a, b Rule) int { return rank(a.Kind) - rank(b.Kind) })
	for i := range rules {
		rules[i].Name = name(lang, rules[i].Kind)
		if rules[i].Preview, err = s.preview(ctx, s.db, p, rules[i]); err != nil {
			return nil, err
		}
	}
	return rules, nil
}

func (s *Service) preview(ctx context.Context, q db.Querier, p *server.Principal, r Rule) (string, error) {
	if t, ok := basicTables[r.Kind]; ok {
		return nextBasic(ctx, q, r, t, today())
	}
	return nextBill(ctx, q, r, p.ShopID, today())
}

// Preview is the next number an edited, not yet saved, rule would give.
func (s *Service) Preview(ctx context.Context, p *server.Principal, lang i18n.Lang, in Input) (Rule, error) {
	if err := in.validate(); err != nil {
		return Rule{}, err
	}
	if _, found, err := readRule(ctx, s.db, in.Kind); err != nil {
		return Rule{}, err
	} else if !found {
		return Rule{}, errs.NotFound("coding.field.kind")
	}
	r := ruleOf(in, lang)
	var err error
	r.Preview, err = s.preview(ctx, s.db, p, r)
	return r, err
}

func ruleOf(in Input, lang i18n.Lang) Rule {
	r := fromStored(in.Kind, in.Prefix, datePartsDB[in.DatePart], in.Digits, resetsDB[in.Reset], in.Manual)
	r.Name = name(lang, in.Kind)
	return r
}

// Update changes one kind's rule. Saved documents and records keep their
// numbers; the next ones follow the new rule (numbers already taken are
// skipped, so a rule changed back and forth never repeats a number).
func (s *Service) Update(ctx context.Context, c *server.Ctx, in Input) (Rule, error) {
	if err := in.validate(); err != nil {
		return Rule{}, err
	}
	var r Rule
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		old, found, err := readRule(ctx, tx, in.Kind)
		if err != nil {
			return err
		}
		if !found {
			return errs.NotFound("coding.field.kind")
		}
		if _, err := updateRule(ctx, tx, in); err != nil {
			return err
		}
		r = ruleOf(in, c.Lang)
		c.LogChanges(server.Diff(old, r, "name", "preview", "group")...)
		r.Preview, err = s.preview(ctx, tx, c.User, r)
		return err
	})
	if err != nil {
		return Rule{}, errs.Wrap("update coding rule", err)
	}
	return r, nil
}

// NextFor proposes the next number of a basic-data kind (inventory,
// customer, supplier, invlocation, settAcct) under its coding rule.
func NextFor(ctx context.Context, q db.Querier, kind string) (string, error) {
	t, ok := basicTables[kind]
	if !ok {
		return "", fmt.Errorf("coding: %q is not a basic-data kind", kind)
	}
	r, found, err := readRule(ctx, q, kind)
	if err != nil {
		return "", err
	}
	if !found {
		return Next(ctx, q, t.table, t.where, t.first, t.args...)
	}
	return nextBasic(ctx, q, r, t, today())
}

// Assign is the number a new record of a basic-data kind is saved with:
// the typed one when its rule allows manual numbers, else the next one.
func Assign(ctx context.Context, q db.Querier, kind, typed string) (string, error) {
	if typed != "" {
		r, found, err := readRule(ctx, q, kind)
		if err != nil {
			return "", err
		}
		if !found || r.Manual {
			return typed, nil
		}
	}
	return NextFor(ctx, q, kind)
}

// Manual reports whether a kind's rule keeps numbers typed by users (true
// for a kind without a rule).
func Manual(ctx context.Context, q db.Querier, kind string) (bool, error) {
	r, found, err := readRule(ctx, q, kind)
	return !found || r.Manual, err
}
