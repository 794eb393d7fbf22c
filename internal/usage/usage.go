// Package usage answers "is this record used anywhere?" before a record of
// basic data is deleted. Each table that refers to a kind of record
// registers itself once while the app is wired (goods refer to units and
// categories, documents to goods, contacts, warehouses …); Check then
// names one record that uses it, so the user knows what to change first.
package usage

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"regexp"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// Kinds of records that can be referred to.
const (
	Goods      = "goods"
	SKU        = "sku"
	Contact    = "contact"
	Location   = "location"
	Employee   = "employee"
	Account    = "account"
	Item       = "item"
	Unit       = "unit"
	UnitType   = "unitType"
	Assist     = "assist"     // a category, payment method or attribute value
	AssistType = "assistType" // an assisting-attribute group
)

// Ref is a column of a table whose values are ids of one kind of record.
type Ref struct {
	Table  string   // referring table
	Column string   // its column holding the id
	What   errs.Key // label of the referring records ("goods", "sales delivery" …)
	Name   string   // SQL expression naming a referring record (number, bill_no …)
	Where  string   // optional extra condition on the referring table (fixed SQL)
}

// Registry holds the references of each kind.
type Registry struct{ refs map[string][]Ref }

// New makes an empty registry.
func New() *Registry { return &Registry{refs: map[string][]Ref{}} }

var identRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// Add registers references to kind. Call it while wiring the app, before
// serving; a bad table or column name is a programming error and panics.
func (r *Registry) Add(kind string, refs ...Ref) {
	for _, ref := range refs {
		if !identRe.MatchString(ref.Table) || !identRe.MatchString(ref.Column) || ref.Name == "" || ref.What == "" {
			panic(fmt.Sprintf("usage: bad reference %+v", ref))
		}
		r.refs[kind] = append(r.refs[kind], ref)
	}
}

// Refs lists the references registered for kind.
func (r *Registry) Refs(kind string) []Ref { return r.refs[kind] }

// Check returns a 409 naming one record that refers to id (label is what
// the caller calls the record: "unit", "category" …), or nil when nothing
// does. Run it in the deleting transaction.
func (r *Registry) Check(ctx context.Context, q db.Querier, kind string, label errs.Key, id int64) error {
	for _, ref := range r.refs[kind] {
		query := "SELECT " + ref.Name + " FROM " + ref.Table + " WHERE " + ref.Column + " = ?"
		if ref.Where != "" {
			query += " AND (" + ref.Where + ")"
		}
		var name string
		err := q.QueryRow(ctx, query+" LIMIT 1", id).Scan(&name)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("usage of %s %d in %s: %w", kind, id, ref.Table, err)
		}
		return errs.Conflict("err.usedBy", errs.A("what", label), errs.A("by", ref.What), errs.A("name", name))
	}
	return nil
}

// Delete deletes one record after Check: del runs only when nothing
// registered refers to it, and a foreign-key violation del still meets (a
// reference not registered) is the same 409 "in use". Run it in the
// deleting transaction.
func (r *Registry) Delete(ctx context.Context, q db.Querier, kind string, label errs.Key, id int64, del func() error) error {
	if err := r.Check(ctx, q, kind, label, id); err != nil {
		return err
	}
	err := del()
	if db.IsForeignKey(err) {
		return errs.Conflict("err.inUse", errs.A("what", label))
	}
	return err
}
