// Package assist manages the types of assisting data (assist_types) and
// their records (assists): the built-in category trees (goods, customer,
// supplier, income and expense categories, kind 0), payment methods
// (PayMethod, kind 0, flat in practice) and the assisting-attribute groups
// users create (colour, size …, kind 1) with their flat values.
//
// A record's tree_path holds the ids from the top down to itself, slash
// delimited: "/1/5/9/". The subtree of record 5 is therefore
// tree_path LIKE '%/5/%', itself included.
package assist

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// Type is one row of /api/assistType/list.
type Type struct {
	ID      int64  `json:"id"`
	Number  string `json:"number"`
	Name    string `json:"name"`
	Kind    int    `json:"kind"`
	Builtin int    `json:"builtin"`
	sort    int
}

// TypeInput is what /api/assistType/add and update send.
type TypeInput struct {
	ID     int64  `json:"id"`
	Number string `json:"number"`
	Name   string `json:"name"`
}

// Assist is one category, payment method or attribute value.
type Assist struct {
	ID         int64  `json:"id"`
	TypeID     int64  `json:"typeId"`
	TypeNumber string `json:"typeNumber"`
	ParentID   int64  `json:"parentId"`
	Name       string `json:"name"`
	Number     string `json:"number"`
	Sort       int    `json:"sort"`
	Disable    int    `json:"disable"`
	Remark     string `json:"remark"`
	Level      int    `json:"level"`
	Path       string `json:"path"`
	treePath   string
	typeSort   int
}

// Input is what /api/assist/add and update send. The type is read on add
// only: a record never changes type.
type Input struct {
	ID         int64  `json:"id"`
	TypeNumber string `json:"typeNumber"`
	TypeID     int64  `json:"typeId"`
	ParentID   int64  `json:"parentId"`
	Name       string `json:"name"`
	Number     string `json:"number"`
	Sort       int64  `json:"sort"`
	Remark     string `json:"remark"`
}

// Option is a node of the options tree (pickers).
type Option struct {
	Value    int64    `json:"value"`
	Label    string   `json:"label"`
	Children []Option `json:"children,omitempty"`
}

// Built-in type numbers.
const (
	TypeGoods     = "trade"
	TypeCustomer  = "customertype"
	TypeSupplier  = "supplytype"
	TypeIncome    = "raccttype"
	TypeExpense   = "paccttype"
	TypePayMethod = "PayMethod"
)

// Kinds of types.
const (
	KindCategory  = 0
	KindAttribute = 1
)

// Labels.
const (
	TypeEntity      errs.Key = "assist.type.entity"
	LabelCategory   errs.Key = "assist.label.category"
	LabelPayMethod  errs.Key = "assist.label.payMethod"
	LabelValue      errs.Key = "assist.label.value"
	labelTypeNumber errs.Key = "assist.type.field.number"
	labelTypeName   errs.Key = "assist.type.field.name"
	labelType       errs.Key = "assist.field.type"
	labelParent     errs.Key = "assist.field.parent"
	labelNumber     errs.Key = "assist.field.number"
	labelName       errs.Key = "assist.field.name"
	labelSort       errs.Key = "field.sort"
	labelRemark     errs.Key = "field.remark"
	labelDisable    errs.Key = "assist.field.disable"
	labelKind       errs.Key = "assist.type.field.kind"
	maxSort                  = 999999
	firstTypeNumber          = "SX001"
)

// screen is the permission screen of a type's records: payment methods,
// attribute values, or categories.
func (t Type) screen() string {
	switch {
	case t.Number == TypePayMethod:
		return "settings:payMethod"
	case t.Kind == KindAttribute:
		return "settings:assistSku"
	default:
		return "settings:assist"
	}
}

// perm is the permission an action on the type's records needs.
func (t Type) perm(action string) string { return t.screen() + ":" + action }

// label is what a record of the type is called in messages.
func (t Type) label() errs.Key {
	switch {
	case t.Number == TypePayMethod:
		return LabelPayMethod
	case t.Kind == KindAttribute:
		return LabelValue
	default:
		return LabelCategory
	}
}

func (in *TypeInput) validate() error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	var f errs.Fields
	f.Text("number", labelTypeNumber, in.Number, false, 32)
	f.Text("name", labelTypeName, in.Name, true, 100)
	return f.Err()
}

func (in *Input) validate(kind int) error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("number", labelNumber, in.Number, false, 32)
	f.Text("name", labelName, in.Name, true, 100)
	f.Range("sort", labelSort, in.Sort, 0, maxSort)
	f.Text("remark", labelRemark, in.Remark, false, 500)
	if in.ParentID < 0 {
		f.Add("parentId", "err.invalid", errs.A("field", labelParent))
	}
	if kind == KindAttribute && in.ParentID != 0 {
		f.Add("parentId", "assist.err.flat")
	}
	return f.Err()
}

func checkDisable(v int64) error {
	var f errs.Fields
	errs.OneOf(&f, "disable", labelDisable, v, 0, 1)
	return f.Err()
}

// childPath is the tree_path of a new record id under a parent path ("/"
// for the top).
func childPath(parentPath string, id int64) string {
	return parentPath + strconv.FormatInt(id, 10) + "/"
}

// finish fills the level and the client's path from tree_path.
func (a *Assist) finish() {
	p := strings.Trim(a.treePath, "/")
	a.Path = p
	a.Level = 0
	if p != "" {
		a.Level = strings.Count(p, "/") + 1
	}
}

// walk orders records as a depth-first tree walk: types by their order,
// then siblings by less (sort, id by default), parents before children.
// Records whose parent is not in rows (a disabled parent filtered out) are
// left out with it.
func walk(rows []Assist, less func(a, b Assist) int) []Assist {
	children := map[int64][]Assist{}
	var roots []Assist
	for _, r := range rows {
		if r.ParentID == 0 {
			roots = append(roots, r)
		} else {
			children[r.ParentID] = append(children[r.ParentID], r)
		}
	}
	byType := func(a, b Assist) int {
		return cmp.Or(cmp.Compare(a.typeSort, b.typeSort), cmp.Compare(a.TypeID, b.TypeID), less(a, b))
	}
	out := make([]Assist, 0, len(rows))
	var visit func(list []Assist)
	visit = func(list []Assist) {
		slices.SortStableFunc(list, less)
		for _, r := range list {
			out = append(out, r)
			visit(children[r.ID])
		}
	}
	slices.SortStableFunc(roots, byType)
	for _, r := range roots {
		out = append(out, r)
		visit(children[r.ID])
	}
	return out
}

// bySort is the default sibling order.
func bySort(a, b Assist) int {
	return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID))
}

// siblingOrder is the sibling order a list asks for (sidx sort, name,
// number); "" is the default.
func siblingOrder(sidx string, desc bool) (func(a, b Assist) int, error) {
	var key func(a, b Assist) int
	switch sidx {
	case "", "sort":
		key = func(a, b Assist) int { return cmp.Compare(a.Sort, b.Sort) }
	case "name":
		key = func(a, b Assist) int { return cmp.Compare(a.Name, b.Name) }
	case "number":
		key = func(a, b Assist) int { return cmp.Compare(a.Number, b.Number) }
	default:
		return nil, errs.Field("sidx", "err.badParam", errs.A("name", "sidx"))
	}
	return func(a, b Assist) int {
		c := key(a, b)
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.ID, b.ID))
	}, nil
}

// matches reports whether a record's number or name (or their pinyin)
// holds the search text.
func (a Assist) matches(q string) bool {
	q = strings.ToLower(strings.TrimSpace(q))
	return q == "" || strings.Contains(search.Text(a.Number, a.Name), q)
}

// options turns walked records into the options tree.
func options(rows []Assist) []Option {
	var roots []*Option
	kids := map[int64][]*Option{}
	for _, r := range rows {
		o := &Option{Value: r.ID, Label: r.Name}
		if r.ParentID == 0 {
			roots = append(roots, o)
		} else {
			kids[r.ParentID] = append(kids[r.ParentID], o)
		}
	}
	var build func(o *Option) Option
	build = func(o *Option) Option {
		out := Option{Value: o.Value, Label: o.Label}
		for _, k := range kids[o.Value] {
			out.Children = append(out.Children, build(k))
		}
		return out
	}
	res := make([]Option, 0, len(roots))
	for _, r := range roots {
		res = append(res, build(r))
	}
	return res
}

// sortTypes orders types by sidx (number, name) or, by default, kind, sort, id.
func sortTypes(rows []Type, sidx string, desc bool) {
	slices.SortStableFunc(rows, func(a, b Type) int {
		var c int
		switch sidx {
		case "number":
			c = cmp.Compare(a.Number, b.Number)
		case "name":
			c = cmp.Compare(a.Name, b.Name)
		default:
			return cmp.Or(cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.sort, b.sort), cmp.Compare(a.ID, b.ID))
		}
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.ID, b.ID))
	})
}
