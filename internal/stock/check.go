package stock

import (
	"context"
	"errors"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// The negative-stock rule: with requiredCheckStore = 1 and a warehouse that
// does not allow negative stock, a change that lowers a balance must leave
// its running quantity ≥ 0 at the change's date and at every later point.
// The check runs on the locked balance, in the writing transaction, so two
// documents taking the last units cannot both pass it.

// short is the refusal: a 400 naming goods, warehouse and the shortfall
// (the deepest point the change would reach) in the goods' base unit.
func short(ctx context.Context, tx db.Querier, k Key, shortfall int64) error {
	goods, location, unitName, err := names(ctx, tx, k)
	if err != nil {
		return fmt.Errorf("stock: names for the shortfall message: %w", err)
	}
	e := errs.Invalid(ErrShort, errs.A("goods", goods), errs.A("location", location),
		errs.A("qty", dec.FromMicros(shortfall).String()), errs.A("unit", unitName))
	e.Err = ShortKey{Key: k}
	return e
}

// ShortKey is the cause of a negative-stock refusal: the balance that would
// go below zero, so that a document can name the lines that take from it.
type ShortKey struct{ Key Key }

func (s ShortKey) Error() string { return fmt.Sprintf("stock short: %+v", s.Key) }

// ShortOf answers the balance a negative-stock refusal is about.
func ShortOf(err error) (Key, bool) {
	var s ShortKey
	if errors.As(err, &s) {
		return s.Key, true
	}
	return Key{}, false
}

// IsShort tells whether err is the negative-stock refusal.
func IsShort(err error) bool {
	var e *errs.Error
	return errors.As(err, &e) && e.Key == ErrShort
}

// stranded is the refusal of a value-only move where balance k holds no
// quantity (400 naming goods and warehouse).
func stranded(ctx context.Context, tx db.Querier, k Key) error {
	goods, location, _, err := names(ctx, tx, k)
	if err != nil {
		return fmt.Errorf("stock: names for the stranded-value message: %w", err)
	}
	return errs.Invalid(ErrStranded, errs.A("goods", goods), errs.A("location", location))
}

// tooLarge is the refusal of a change that would take a balance beyond
// dec.MaxBalance (in quantity or value): a 400 naming goods and warehouse.
func tooLarge(ctx context.Context, tx db.Querier, k Key) error {
	goods, location, _, err := names(ctx, tx, k)
	if err != nil {
		return fmt.Errorf("stock: names for the limit message: %w", err)
	}
	return errs.Invalid("limit.err.balance", errs.A("goods", goods), errs.A("location", location), errs.A("max", dec.MaxBalance.String()))
}
