// Package dept manages the department tree. Every department keeps its
// tree_path, the ids of its ancestors from the root ("0,1,5"), which data
// scopes use to find a department and everything below it.
package dept

import (
	"cmp"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/errs"
)

// Field limits.
const (
	MaxNameLen = 32
	MaxCodeLen = 32
	MaxSort    = 99999
)

var codeFormat = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]*$`)

// Dept is one department of the tree.
type Dept struct {
	ID         int64     `json:"id"`
	ParentID   int64     `json:"parentId"`
	Name       string    `json:"name"`
	Code       string    `json:"code"`
	Sort       int       `json:"sort"`
	Status     int       `json:"status"`
	CreateTime time.Time `json:"createTime"`
	UpdateTime time.Time `json:"updateTime"`
	Children   []*Dept   `json:"children"`
	treePath   string
}

// Form is a department as its edit form shows it.
type Form struct {
	ID       int64  `json:"id"`
	ParentID int64  `json:"parentId"`
	Name     string `json:"name"`
	Code     string `json:"code"`
	Sort     int    `json:"sort"`
	Status   int    `json:"status"`
}

// Option is one entry of the department picker.
type Option struct {
	Value    int64    `json:"value"`
	Label    string   `json:"label"`
	Children []Option `json:"children,omitempty"`
}

// Input is what a client may set on a department; status defaults to
// enabled on create and keeps its value on update when absent.
type Input struct {
	ParentID int64  `json:"parentId"`
	Name     string `json:"name"`
	Code     string `json:"code"`
	Sort     int    `json:"sort"`
	Status   *int   `json:"status"`
}

// TreeQuery filters the department tree.
type TreeQuery struct {
	Keywords string // part of the name or code
	Status   *int
}

func (in *Input) normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Code = strings.TrimSpace(in.Code)
}

func (in *Input) check() error {
	var f errs.Fields
	f.Text("name", "field.name", in.Name, true, MaxNameLen)
	f.Text("code", "field.code", in.Code, true, MaxCodeLen)
	if in.Code != "" && len(in.Code) <= MaxCodeLen && !codeFormat.MatchString(in.Code) {
		f.Add("code", "dept.codeFormat", errs.A("field", errs.Key("field.code")))
	}
	if in.ParentID < 0 {
		f.Add("parentId", "dept.parentUnknown")
	}
	f.Range("sort", "field.sort", int64(in.Sort), 0, MaxSort)
	if in.Status != nil {
		errs.OneOf(&f, "status", "field.status", *in.Status, 0, 1)
	}
	return f.Err()
}

// index is the whole department table, by id.
type index map[int64]*Dept

// childPath is the tree_path of the children of parent (0 = the root).
func (x index) childPath(parent int64) string {
	if parent == 0 {
		return "0"
	}
	return x[parent].treePath + "," + strconv.FormatInt(parent, 10)
}

// isDescendant reports whether id is ancestor or lies below it.
func (x index) isDescendant(id, ancestor int64) bool {
	for seen := 0; id != 0 && seen <= len(x); seen++ {
		if id == ancestor {
			return true
		}
		d, ok := x[id]
		if !ok {
			return false
		}
		id = d.ParentID
	}
	return false
}

// treePaths recomputes the tree_path of every department from the parent
// links, as they should be.
func (x index) treePaths() map[int64]string {
	out := map[int64]string{}
	var path func(id int64, depth int) string
	path = func(id int64, depth int) string {
		if p, ok := out[id]; ok {
			return p
		}
		d := x[id]
		p := "0"
		if parent, ok := x[d.ParentID]; ok && d.ParentID != 0 && depth < len(x) {
			p = path(parent.ID, depth+1) + "," + strconv.FormatInt(parent.ID, 10)
		}
		out[id] = p
		return p
	}
	for id := range x {
		path(id, 0)
	}
	return out
}

// tree links the departments kept by keep (with their ancestors) into a
// forest sorted by sort then id. keep nil keeps all.
func (x index) tree(keep func(*Dept) bool) []*Dept {
	kept := map[int64]bool{}
	for id, d := range x {
		if keep != nil && !keep(d) {
			continue
		}
		for a := id; a != 0 && !kept[a]; {
			kept[a] = true
			p, ok := x[a]
			if !ok {
				break
			}
			a = p.ParentID
		}
	}
	nodes := map[int64]*Dept{}
	for id := range kept {
		if d, ok := x[id]; ok {
			c := *d
			c.Children = []*Dept{}
			nodes[id] = &c
		}
	}
	roots := []*Dept{}
	for _, n := range nodes {
		if p, ok := nodes[n.ParentID]; ok && n.ParentID != 0 {
			p.Children = append(p.Children, n)
		} else {
			roots = append(roots, n)
		}
	}
	var sortAll func([]*Dept)
	sortAll = func(ds []*Dept) {
		slices.SortFunc(ds, func(a, b *Dept) int { return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID)) })
		for _, d := range ds {
			sortAll(d.Children)
		}
	}
	sortAll(roots)
	return roots
}

// matches reports whether d passes the tree filter itself.
func (q TreeQuery) matches(d *Dept) bool {
	if q.Status != nil && d.Status != *q.Status {
		return false
	}
	kw := strings.ToLower(strings.TrimSpace(q.Keywords))
	return kw == "" || strings.Contains(strings.ToLower(d.Name), kw) || strings.Contains(strings.ToLower(d.Code), kw)
}

// options turns a tree into picker options: enabled departments only, so a
// disabled department hides everything below it.
func options(ds []*Dept) []Option {
	out := make([]Option, 0, len(ds))
	for _, d := range ds {
		if d.Status == 1 {
			out = append(out, Option{Value: d.ID, Label: d.Name, Children: options(d.Children)})
		}
	}
	return out
}
