// Package rights is the data rights of a caller (数据权限, docs/rights.md):
// the warehouses, customers and suppliers it may see and use, and whether
// it sees only the documents it made. It is loaded with the signed-in
// caller (server.Principal.Rights) and turned into SQL conditions by the
// one set of helpers here, which every list, picker, document, stock query,
// report and export of those things adds to its WHERE.
package rights

import (
	"context"
	"fmt"
	"slices"

	"cangshu/internal/db"
)

// Contact types (contacts.type).
const (
	typeCustomer = -10
	typeSupplier = 10
)

// Kinds of data_rights rows.
const (
	KindWarehouse = "warehouse"
	KindCustomer  = "customer"
	KindSupplier  = "supplier"
	KindMaker     = "maker" // own documents only
	KindSet       = "set"   // a user's own rights replace its roles'
)

// Set is a caller's effective data rights. A nil *Set, or a nil list,
// is unrestricted; an empty (non-nil) list allows none.
type Set struct {
	Warehouses []int64 // sorted
	Customers  []int64 // sorted
	Suppliers  []int64 // sorted
	OwnOnly    bool    // only the documents the caller made
	UserID     int64   // the caller (OwnOnly)
}

// Limited reports whether anything is restricted.
func (s *Set) Limited() bool {
	return s != nil && (s.Warehouses != nil || s.Customers != nil || s.Suppliers != nil || s.OwnOnly)
}

// Cond is a SQL condition with its arguments; SQL "" is no condition.
type Cond struct {
	SQL  string
	Args []any
}

// And appends the condition to a WHERE and its arguments.
func (c Cond) And(where string, args []any) (string, []any) {
	if c.SQL == "" {
		return where, args
	}
	if where == "" {
		return c.SQL, append(args, c.Args...)
	}
	return where + " AND " + c.SQL, append(args, c.Args...)
}

func and(cs ...Cond) Cond {
	var out Cond
	for _, c := range cs {
		out.SQL, out.Args = c.And(out.SQL, out.Args)
	}
	return out
}

// Warehouse is the condition that warehouse column col (a NULL passes) is
// one the caller may use.
func (s *Set) Warehouse(col string) Cond {
	if s == nil || s.Warehouses == nil {
		return Cond{}
	}
	return Cond{"(" + col + " IS NULL OR " + col + " IN " + db.In(len(s.Warehouses)) + ")", db.Args(s.Warehouses)}
}

// ShopCond is the SQL condition "the warehouse whose id is column is used by
// the shop given as the condition's one ? argument" (documents take only
// warehouses of their shop):
//
//	"SELECT … FROM goods g WHERE g.location_id IS NULL OR " + rights.ShopCond("g.location_id"), shopID
func ShopCond(column string) string {
	return "EXISTS (SELECT 1 FROM shop_locations sl WHERE sl.location_id = " + column + " AND sl.shop_id = ?)"
}

// ShopWarehouse is the condition that warehouse column col is one of shop
// shopID's warehouses (0: any shop, for ROOT) that the caller may use.
func (s *Set) ShopWarehouse(shopID int64, col string) Cond {
	var c Cond
	if shopID != 0 {
		c = Cond{ShopCond(col), []any{shopID}}
	}
	return and(c, s.Warehouse(col))
}

// Contact is the condition that contact column col (a NULL passes) is a
// customer or supplier the caller may use: a restricted type only when
// listed; the other type always.
func (s *Set) Contact(col string) Cond {
	if s == nil || (s.Customers == nil && s.Suppliers == nil) {
		return Cond{}
	}
	ids := append(append([]int64{}, s.Customers...), s.Suppliers...)
	sql := "(" + col + " IS NULL OR " + col + " IN " + db.In(len(ids))
	args := db.Args(ids)
	switch {
	case s.Customers == nil:
		sql += " OR " + col + fmt.Sprintf(" IN (SELECT id FROM contacts WHERE type <> %d)", typeSupplier)
	case s.Suppliers == nil:
		sql += " OR " + col + fmt.Sprintf(" IN (SELECT id FROM contacts WHERE type <> %d)", typeCustomer)
	}
	return Cond{sql + ")", args}
}

// Maker is the condition that maker column col is the caller, when it
// sees only its own documents.
func (s *Set) Maker(col string) Cond {
	if s == nil || !s.OwnOnly {
		return Cond{}
	}
	return Cond{col + " = ?", []any{s.UserID}}
}

// Bill is the condition that the document of alias b (bills) is visible:
// its contact and every warehouse of its header and lines are allowed,
// and, with own documents only, the caller made it.
func (s *Set) Bill(b string) Cond {
	if !s.Limited() {
		return Cond{}
	}
	c := and(s.Contact(b+".contact_id"), s.Maker(b+".maker_id"), s.Warehouse(b+".location_id"))
	if s.Warehouses != nil {
		in := db.In(len(s.Warehouses))
		args := append(db.Args(s.Warehouses), db.Args(s.Warehouses)...)
		c = and(c, Cond{"NOT EXISTS (SELECT 1 FROM bill_entries rx WHERE rx.bill_id = " + b + ".id AND (rx.location_id NOT IN " + in +
			" OR rx.in_location_id NOT IN " + in + "))", args})
	}
	return c
}

// Line is the condition for a report's line of alias e (bill_entries) of
// the document of alias b: its warehouse, the document's contact and maker.
func (s *Set) Line(b, e string) Cond {
	if !s.Limited() {
		return Cond{}
	}
	return and(s.Contact(b+".contact_id"), s.Maker(b+".maker_id"), s.Warehouse(e+".location_id"))
}

// WarehouseOK reports whether the caller may use warehouse id (0: none given).
func (s *Set) WarehouseOK(id int64) bool {
	if s == nil || s.Warehouses == nil || id == 0 {
		return true
	}
	_, ok := slices.BinarySearch(s.Warehouses, id)
	return ok
}

// ContactOK reports whether the caller may use contact id of type typ.
func (s *Set) ContactOK(id int64, typ int) bool {
	if s == nil || id == 0 {
		return true
	}
	list := s.Suppliers
	if typ == typeCustomer {
		list = s.Customers
	}
	if list == nil {
		return true
	}
	_, ok := slices.BinarySearch(list, id)
	return ok
}

// Narrow keeps the warehouses of ids the caller may use.
func (s *Set) Narrow(ids []int64) []int64 {
	if s == nil || s.Warehouses == nil {
		return ids
	}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if s.WarehouseOK(id) {
			out = append(out, id)
		}
	}
	return out
}

// Row is one data_rights row.
type Row struct {
	Kind  string
	RefID int64
}

// Of turns the rows of one role or user into its rights (nil: none limited).
func Of(rows []Row) *Set {
	var s Set
	for _, r := range rows {
		list := s.list(r.Kind)
		switch {
		case r.Kind == KindMaker:
			s.OwnOnly = true
		case list == nil:
		case *list == nil:
			*list = []int64{}
		}
		if list != nil && r.RefID != 0 {
			*list = append(*list, r.RefID)
		}
	}
	for _, l := range [][]int64{s.Warehouses, s.Customers, s.Suppliers} {
		slices.Sort(l)
	}
	if !s.Limited() {
		return nil
	}
	return &s
}

func (s *Set) list(kind string) *[]int64 {
	switch kind {
	case KindWarehouse:
		return &s.Warehouses
	case KindCustomer:
		return &s.Customers
	case KindSupplier:
		return &s.Suppliers
	}
	return nil
}

// union is what either of two roles' rights allows (nil: unrestricted).
func union(a, b *Set) *Set {
	if a == nil || b == nil {
		return nil
	}
	u := &Set{OwnOnly: a.OwnOnly && b.OwnOnly}
	merge := func(x, y []int64) []int64 {
		if x == nil || y == nil {
			return nil
		}
		m := append(append(make([]int64, 0, len(x)+len(y)), x...), y...) // never nil: none allowed stays limited
		slices.Sort(m)
		return slices.Compact(m)
	}
	u.Warehouses, u.Customers, u.Suppliers = merge(a.Warehouses, b.Warehouses), merge(a.Customers, b.Customers), merge(a.Suppliers, b.Suppliers)
	if !u.Limited() {
		return nil
	}
	return u
}

// Load is the effective rights of user userID with the enabled roles
// roleIDs: the user's own when set, else the union of its roles' (a role
// without rows, or no role, is unrestricted). nil: unrestricted.
func Load(ctx context.Context, q db.Querier, userID int64, roleIDs []int64) (*Set, error) {
	own, err := rowsOf(ctx, q, "user_id", userID)
	if err != nil {
		return nil, err
	}
	var s *Set
	if len(own) > 0 {
		s = Of(own)
	} else {
		if len(roleIDs) == 0 {
			return nil, nil
		}
		for i, id := range roleIDs {
			rows, err := rowsOf(ctx, q, "role_id", id)
			if err != nil {
				return nil, err
			}
			if i == 0 {
				s = Of(rows)
			} else {
				s = union(s, Of(rows))
			}
			if s == nil {
				return nil, nil
			}
		}
	}
	if s != nil {
		s.UserID = userID
	}
	return s, nil
}

// Rows reads the data_rights rows of a role (col role_id) or user (user_id).
func rowsOf(ctx context.Context, q db.Querier, col string, id int64) ([]Row, error) {
	rows, err := q.Query(ctx, "SELECT kind, ref_id FROM data_rights WHERE "+col+" = ? ORDER BY kind, ref_id", id)
	if err != nil {
		return nil, fmt.Errorf("load data rights: %w", err)
	}
	defer rows.Close()
	var out []Row
	for rows.Next() {
		var r Row
		if err := rows.Scan(&r.Kind, &r.RefID); err != nil {
			return nil, fmt.Errorf("load data rights: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RoleRows reads a role's rows; UserRows a user's.
func RoleRows(ctx context.Context, q db.Querier, id int64) ([]Row, error) {
	return rowsOf(ctx, q, "role_id", id)
}

// UserRows reads a user's rows.
func UserRows(ctx context.Context, q db.Querier, id int64) ([]Row, error) {
	return rowsOf(ctx, q, "user_id", id)
}
