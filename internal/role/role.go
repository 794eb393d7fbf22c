// Package role manages roles: their name, code, status and data scope, and
// the menus (and through the buttons among them, the permissions) they grant.
// ROOT, the administrator role, passes every permission check without grants;
// only ROOT may edit it and its code, status and data scope never change.
package role

import (
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Field limits.
const (
	MaxNameLen   = 32
	MaxCodeLen   = 32
	MaxRemarkLen = 200
	MaxSort      = 99999
	// MaxGrants bounds the menu ids of one grant request.
	MaxGrants = 10000
)

// Data scopes: which records a role's users see.
const (
	ScopeAll      = 0 // all data
	ScopeDeptTree = 1 // own department and below
	ScopeDept     = 2 // own department
	ScopeSelf     = 3 // own records
)

var codeFormat = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)

// Role is a row of the role page.
type Role struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	Code       string    `json:"code"`
	Status     int       `json:"status"`
	Sort       int       `json:"sort"`
	DataScope  int       `json:"dataScope"`
	Builtin    bool      `json:"builtin"`
	Remark     string    `json:"remark"`
	CreateTime time.Time `json:"createTime"`
	UpdateTime time.Time `json:"updateTime"`
}

// IsRoot reports whether the role is the administrator role.
func (r Role) IsRoot() bool { return r.Code == server.RootRole }

// Form is the role as the edit form shows it.
type Form struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	Code      string `json:"code"`
	Sort      int    `json:"sort"`
	Status    int    `json:"status"`
	DataScope int    `json:"dataScope"`
	Remark    string `json:"remark"`
}

func (r Role) form() Form {
	return Form{ID: r.ID, Name: r.Name, Code: r.Code, Sort: r.Sort, Status: r.Status, DataScope: r.DataScope, Remark: r.Remark}
}

// Option is one entry of the role picker.
type Option struct {
	Value int64  `json:"value"`
	Label string `json:"label"`
}

// Input is what a client may set on a role. Status and data scope keep their
// value on update when absent (on create: enabled, own department and below).
type Input struct {
	Name      string `json:"name"`
	Code      string `json:"code"`
	Sort      int    `json:"sort"`
	Status    *int   `json:"status"`
	DataScope *int   `json:"dataScope"`
	Remark    string `json:"remark"`
}

// PageQuery filters the role page.
type PageQuery struct {
	server.PageParams
	Keywords string // part of the name or code
}

// GrantInput is the body of a grant change: either a bare JSON array of menu
// ids or {"menuIds": [...]}.
type GrantInput struct {
	MenuIDs []int64 `json:"menuIds"`
}

// UnmarshalJSON accepts both shapes of the body.
func (g *GrantInput) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if strings.HasPrefix(s, "[") {
		return json.Unmarshal(b, &g.MenuIDs)
	}
	type plain GrantInput
	return json.Unmarshal(b, (*plain)(g))
}

// normalize trims the text fields.
func (in *Input) normalize() {
	in.Name = strings.TrimSpace(in.Name)
	in.Code = strings.TrimSpace(in.Code)
	in.Remark = strings.TrimSpace(in.Remark)
}

// check validates the shape of the input.
func (in *Input) check() error {
	var f errs.Fields
	f.Text("name", "field.name", in.Name, true, MaxNameLen)
	f.Text("code", "field.code", in.Code, true, MaxCodeLen)
	if in.Code != "" && len(in.Code) <= MaxCodeLen && !codeFormat.MatchString(in.Code) {
		f.Add("code", "role.codeFormat", errs.A("field", errs.Key("field.code")))
	}
	f.Range("sort", "field.sort", int64(in.Sort), 0, MaxSort)
	if in.Status != nil {
		errs.OneOf(&f, "status", "field.status", *in.Status, 0, 1)
	}
	if in.DataScope != nil {
		errs.OneOf(&f, "dataScope", "role.field.dataScope", *in.DataScope, ScopeAll, ScopeDeptTree, ScopeDept, ScopeSelf)
	}
	f.Text("remark", "field.remark", in.Remark, false, MaxRemarkLen)
	return f.Err()
}

// apply returns r changed by the input, refusing what may not change: the
// code of a built-in role (the seeding finds it by code), and the status and
// data scope of ROOT.
func (in *Input) apply(r Role) (Role, error) {
	if in.Code != r.Code && r.Builtin {
		return r, errs.Field("code", "role.builtinCode", errs.A("name", r.Name))
	}
	if r.IsRoot() {
		if in.Status != nil && *in.Status != r.Status {
			return r, errs.Field("status", "role.rootFixed", errs.A("field", errs.Key("field.status")))
		}
		if in.DataScope != nil && *in.DataScope != r.DataScope {
			return r, errs.Field("dataScope", "role.rootFixed", errs.A("field", errs.Key("role.field.dataScope")))
		}
	}
	r.Name, r.Code, r.Sort, r.Remark = in.Name, in.Code, in.Sort, in.Remark
	if in.Status != nil {
		r.Status = *in.Status
	}
	if in.DataScope != nil {
		r.DataScope = *in.DataScope
	}
	return r, nil
}

// newRole is the role the input creates.
func (in *Input) newRole() Role {
	r := Role{Name: in.Name, Code: in.Code, Sort: in.Sort, Remark: in.Remark, Status: 1, DataScope: ScopeDeptTree}
	if in.Status != nil {
		r.Status = *in.Status
	}
	if in.DataScope != nil {
		r.DataScope = *in.DataScope
	}
	return r
}

// withAncestors adds to the granted menu ids the ancestors named by each
// menu's tree path ("0,1,5"), so that a granted button keeps its route.
func withAncestors(ids []int64, treePaths map[int64]string) []int64 {
	set := map[int64]bool{}
	for _, id := range ids {
		set[id] = true
		for _, part := range strings.Split(treePaths[id], ",") {
			if a, err := strconv.ParseInt(part, 10, 64); err == nil && a > 0 {
				set[a] = true
			}
		}
	}
	out := make([]int64, 0, len(set))
	for id := range set {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}
