package rights

import (
	"fmt"
	"testing"
)

func TestOfAndUnion(t *testing.T) {
	t.Parallel()
	w := func(ids ...int64) []Row {
		out := []Row{{Kind: KindWarehouse}}
		for _, id := range ids {
			out = append(out, Row{Kind: KindWarehouse, RefID: id})
		}
		return out
	}
	show := func(s *Set) string {
		if s == nil {
			return "all"
		}
		return fmt.Sprintf("w%v c%v s%v own=%v", s.Warehouses, s.Customers, s.Suppliers, s.OwnOnly)
	}
	for _, tc := range []struct {
		name string
		a, b []Row
		want string
	}{
		{"no rows", nil, nil, "all"},
		{"one warehouse", w(3), nil, "all"}, // the other role is unrestricted
		{"two roles' warehouses", w(3, 1), w(2, 3), "w[1 2 3] c[] s[] own=false"},
		{"marker only: none", w(), w(), "w[] c[] s[] own=false"},
		{"a kind limited by one role only", w(1), []Row{{Kind: KindCustomer}, {Kind: KindCustomer, RefID: 9}}, "all"},
		{"own documents in both", []Row{{Kind: KindMaker}}, []Row{{Kind: KindMaker}, {Kind: KindSupplier}}, "w[] c[] s[] own=true"},
		{"own documents in one", []Row{{Kind: KindMaker}}, w(4), "all"},
	} {
		got := union(Of(tc.a), Of(tc.b))
		if tc.b == nil && tc.a != nil {
			got = union(Of(tc.a), nil)
		}
		g := show(got)
		if got != nil && tc.want != "all" {
			// nil lists print as [] too: tell them apart.
			g = fmt.Sprintf("w%v c%v s%v own=%v", got.Warehouses, got.Customers, got.Suppliers, got.OwnOnly)
		}
		if g != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, g, tc.want)
		}
	}
}

func TestConditions(t *testing.T) {
	t.Parallel()
	var none *Set
	if c := none.Bill("b"); c.SQL != "" || !none.WarehouseOK(5) || !none.ContactOK(5, typeCustomer) {
		t.Fatalf("nil rights limit: %+v", c)
	}
	s := &Set{Warehouses: []int64{2, 5}, Customers: []int64{}, UserID: 7, OwnOnly: true}
	if s.WarehouseOK(3) || !s.WarehouseOK(5) || !s.WarehouseOK(0) {
		t.Error("WarehouseOK")
	}
	if s.ContactOK(9, typeCustomer) || !s.ContactOK(9, typeSupplier) {
		t.Error("ContactOK: customers none, suppliers all")
	}
	if got := fmt.Sprint(s.Narrow([]int64{1, 2, 3, 5})); got != "[2 5]" {
		t.Errorf("Narrow %s", got)
	}
	c := s.Contact("x.c")
	want := "(x.c IS NULL OR x.c IN (NULL) OR x.c IN (SELECT id FROM contacts WHERE type <> -10))"
	if c.SQL != want || len(c.Args) != 0 {
		t.Errorf("Contact %q %v", c.SQL, c.Args)
	}
	b := s.Bill("b")
	if n := len(b.Args); n != 1+2+2+2 { // maker, header warehouses, lines out and in
		t.Errorf("Bill args %v", b.Args)
	}
	where, args := b.And("b.shop_id = ?", []any{1})
	if args[0] != 1 || len(args) != 8 || where[:17] != "b.shop_id = ? AND" {
		t.Errorf("And %q %v", where, args)
	}
}
