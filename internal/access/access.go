// Package access serves the data rights of roles and users (数据权限,
// docs/rights.md): which warehouses, customers and suppliers they may see
// and use, and whether they see only their own documents. The rights are
// loaded with the signed-in caller (rights.Load) and enforced by the
// queries themselves (rights.Set's conditions).
package access

import (
	"fmt"

	"cangshu/internal/errs"
	"cangshu/internal/rights"
)

// Rights is the data rights of one role or user, as the dialog edits them.
type Rights struct {
	RoleID        int64   `json:"roleId,omitempty"`
	UserID        int64   `json:"userId,omitempty"`
	Inherit       bool    `json:"inherit"` // a user without rights of its own follows its roles
	AllWarehouses bool    `json:"allWarehouses"`
	WarehouseIDs  []int64 `json:"warehouseIds"`
	AllCustomers  bool    `json:"allCustomers"`
	CustomerIDs   []int64 `json:"customerIds"`
	AllSuppliers  bool    `json:"allSuppliers"`
	SupplierIDs   []int64 `json:"supplierIds"`
	OwnDocuments  bool    `json:"ownDocuments"` // only the documents the user made
}

// Input is the body of POST /api/dataRights.
type Input = Rights

// maxIDs bounds each list.
const maxIDs = 5000

// fromRows is the rights stored as rows.
func fromRows(roleID, userID int64, rows []rights.Row) Rights {
	r := Rights{RoleID: roleID, UserID: userID, Inherit: userID != 0 && len(rows) == 0,
		WarehouseIDs: []int64{}, CustomerIDs: []int64{}, SupplierIDs: []int64{}}
	s := rights.Of(rows)
	if s == nil {
		s = &rights.Set{}
	}
	r.AllWarehouses, r.AllCustomers, r.AllSuppliers = s.Warehouses == nil, s.Customers == nil, s.Suppliers == nil
	r.WarehouseIDs = append(r.WarehouseIDs, s.Warehouses...)
	r.CustomerIDs = append(r.CustomerIDs, s.Customers...)
	r.SupplierIDs = append(r.SupplierIDs, s.Suppliers...)
	r.OwnDocuments = s.OwnOnly
	return r
}

// rows is the rights as rows to store (none: unrestricted; a user that
// inherits has none either).
func (r Rights) rows() []rights.Row {
	if r.UserID != 0 && r.Inherit {
		return nil
	}
	var out []rights.Row
	if r.UserID != 0 {
		out = append(out, rights.Row{Kind: rights.KindSet})
	}
	add := func(all bool, kind string, ids []int64) {
		if all {
			return
		}
		out = append(out, rights.Row{Kind: kind})
		for _, id := range ids {
			out = append(out, rights.Row{Kind: kind, RefID: id})
		}
	}
	add(r.AllWarehouses, rights.KindWarehouse, r.WarehouseIDs)
	add(r.AllCustomers, rights.KindCustomer, r.CustomerIDs)
	add(r.AllSuppliers, rights.KindSupplier, r.SupplierIDs)
	if r.OwnDocuments {
		out = append(out, rights.Row{Kind: rights.KindMaker})
	}
	return out
}

// check validates the shape: one subject, lists within bounds and without
// repeats or non-positive ids (a list is ignored when its "all" is set).
func (r *Rights) check() error {
	var f errs.Fields
	switch {
	case r.RoleID < 0:
		f.Add("roleId", "err.badParam", errs.A("name", "roleId"))
	case r.UserID < 0:
		f.Add("userId", "err.badParam", errs.A("name", "userId"))
	case (r.RoleID == 0) == (r.UserID == 0):
		f.Add("roleId", "access.err.subject")
	}
	list := func(name string, all bool, ids *[]int64) {
		if all || r.UserID != 0 && r.Inherit {
			*ids = []int64{}
			return
		}
		if len(*ids) > maxIDs {
			f.Add(name, "access.err.tooMany", errs.A("max", maxIDs))
			return
		}
		seen := map[int64]bool{}
		for i, id := range *ids {
			if id <= 0 || seen[id] {
				f.Add(fmt.Sprintf("%s[%d]", name, i), "err.invalid", errs.A("field", fmt.Sprintf("%s[%d]", name, i)))
			}
			seen[id] = true
		}
	}
	list("warehouseIds", r.AllWarehouses, &r.WarehouseIDs)
	list("customerIds", r.AllCustomers, &r.CustomerIDs)
	list("supplierIds", r.AllSuppliers, &r.SupplierIDs)
	if r.UserID != 0 && r.Inherit {
		r.AllWarehouses, r.AllCustomers, r.AllSuppliers, r.OwnDocuments = true, true, true, false
	}
	return f.Err()
}
