// Package menu holds the menu tree: catalogs, menus (screens), external links
// and buttons (which carry the permissions roles grant). It builds the route
// tree of the signed-in user, serves the menu management API and seeds the
// built-in menus and roles (seed.go).
package menu

import (
	"cmp"
	"encoding/json"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"cangshu/internal/errs"
)

// Field limits.
const (
	MaxNameLen       = 50
	MaxNameEnLen     = 100
	MaxRouteNameLen  = 100
	MaxRoutePathLen  = 200
	MaxComponentLen  = 200
	MaxPermLen       = 100
	MaxIconLen       = 50
	MaxRedirectLen   = 200
	MaxParams        = 20
	MaxParamKeyLen   = 50
	MaxParamValueLen = 200
	MaxSort          = 99999
)

// permFormat is the shape of a button permission: module:entity[:…]:action.
var permFormat = regexp.MustCompile(`^[a-z]+(:[a-zA-Z-]+)+$`)

// Form is one menu entry as the edit form shows it.
type Form struct {
	ID         int64             `json:"id"`
	ParentID   int64             `json:"parentId"`
	Name       string            `json:"name"`
	NameEn     string            `json:"nameEn"`
	Type       string            `json:"type"`
	RouteName  string            `json:"routeName"`
	RoutePath  string            `json:"routePath"`
	Component  string            `json:"component"`
	Perm       string            `json:"perm"`
	Visible    int               `json:"visible"`
	Sort       int               `json:"sort"`
	Icon       string            `json:"icon"`
	Redirect   string            `json:"redirect"`
	KeepAlive  int               `json:"keepAlive"`
	AlwaysShow int               `json:"alwaysShow"`
	Params     map[string]string `json:"params"`
}

// Menu is a node of the menu tree of the management page.
type Menu struct {
	Form
	Children []*Menu `json:"children"`
}

// Option is one entry of the menu picker.
type Option struct {
	Value    int64    `json:"value"`
	Label    string   `json:"label"`
	Children []Option `json:"children,omitempty"`
}

// Route is one route of the signed-in user's route tree (youlai's RouteVO).
type Route struct {
	Path      string    `json:"path"`
	Component string    `json:"component"`
	Redirect  string    `json:"redirect,omitempty"`
	Name      string    `json:"name"`
	Meta      RouteMeta `json:"meta"`
	Children  []Route   `json:"children,omitempty"`
}

// RouteMeta is what the layout needs to show a route.
type RouteMeta struct {
	Title      string            `json:"title"`
	Icon       string            `json:"icon"`
	Hidden     bool              `json:"hidden"`
	KeepAlive  bool              `json:"keepAlive"`
	AlwaysShow bool              `json:"alwaysShow"`
	Affix      bool              `json:"affix,omitempty"` // the tab cannot be closed (the dashboard)
	Params     map[string]string `json:"params,omitempty"`
}

// Input is what a client may set on a menu entry. Visible defaults to 1,
// keepAlive and alwaysShow to 0; on update, flags left out keep their value. Fields that do not apply to the type are
// dropped: buttons have no route, only buttons have a permission, a catalog's
// component is always "Layout" and an external link has none.
type Input struct {
	ParentID   int64             `json:"parentId"`
	Name       string            `json:"name"`
	NameEn     string            `json:"nameEn"`
	Type       string            `json:"type"`
	RouteName  string            `json:"routeName"`
	RoutePath  string            `json:"routePath"`
	Component  string            `json:"component"`
	Perm       string            `json:"perm"`
	Visible    *int              `json:"visible"`
	Sort       int               `json:"sort"`
	Icon       string            `json:"icon"`
	Redirect   string            `json:"redirect"`
	KeepAlive  *int              `json:"keepAlive"`
	AlwaysShow *int              `json:"alwaysShow"`
	Params     map[string]string `json:"params"`
}

// normalize trims the input and drops what does not apply to its type.
func (in *Input) normalize() {
	for _, p := range []*string{&in.Name, &in.NameEn, &in.RouteName, &in.RoutePath, &in.Component, &in.Perm, &in.Icon, &in.Redirect} {
		*p = strings.TrimSpace(*p)
	}
	in.Type = strings.ToUpper(strings.TrimSpace(in.Type))
	switch in.Type {
	case TypeButton:
		in.RouteName, in.RoutePath, in.Component, in.Redirect, in.Params = "", "", "", "", nil
		no := 0
		in.KeepAlive, in.AlwaysShow = &no, &no
	case TypeCatalog:
		in.Component, in.Perm = "Layout", ""
	case TypeMenu:
		in.Perm = ""
	case TypeExtLink:
		in.Component, in.Perm = "", ""
	}
	// Top-level routes are absolute.
	if in.ParentID == 0 && (in.Type == TypeCatalog || in.Type == TypeMenu) && in.RoutePath != "" && !strings.HasPrefix(in.RoutePath, "/") {
		in.RoutePath = "/" + in.RoutePath
	}
}

// check validates the shape of the input (after normalize).
func (in *Input) check() error {
	var f errs.Fields
	f.Text("name", "field.name", in.Name, true, MaxNameLen)
	f.Text("nameEn", "menu.field.nameEn", in.NameEn, false, MaxNameEnLen)
	if in.Type == "" {
		f.Required("type", "menu.field.type")
	} else {
		errs.OneOf(&f, "type", "menu.field.type", in.Type, TypeCatalog, TypeMenu, TypeButton, TypeExtLink)
	}
	if in.ParentID < 0 {
		f.Add("parentId", "menu.parentUnknown")
	}
	switch in.Type {
	case TypeCatalog, TypeMenu, TypeExtLink:
		f.Text("routePath", "menu.field.routePath", in.RoutePath, true, MaxRoutePathLen)
	case TypeButton:
		f.Text("perm", "menu.field.perm", in.Perm, true, MaxPermLen)
		if in.Perm != "" && utf8.RuneCountInString(in.Perm) <= MaxPermLen && !permFormat.MatchString(in.Perm) {
			f.Add("perm", "menu.permFormat", errs.A("field", errs.Key("menu.field.perm")))
		}
	}
	f.Text("component", "menu.field.component", in.Component, in.Type == TypeMenu, MaxComponentLen)
	f.Text("routeName", "menu.field.routeName", in.RouteName, false, MaxRouteNameLen)
	f.Text("icon", "menu.field.icon", in.Icon, false, MaxIconLen)
	f.Text("redirect", "menu.field.redirect", in.Redirect, false, MaxRedirectLen)
	for _, b := range []struct {
		path  string
		label errs.Key
		v     *int
	}{{"visible", "menu.field.visible", in.Visible}, {"keepAlive", "menu.field.keepAlive", in.KeepAlive},
		{"alwaysShow", "menu.field.alwaysShow", in.AlwaysShow}} {
		if b.v != nil {
			errs.OneOf(&f, b.path, b.label, *b.v, 0, 1)
		}
	}
	f.Range("sort", "field.sort", int64(in.Sort), 0, MaxSort)
	if len(in.Params) > MaxParams {
		f.Add("params", "menu.tooManyParams", errs.A("max", MaxParams))
	}
	for _, k := range slices.Sorted(maps.Keys(in.Params)) {
		if strings.TrimSpace(k) == "" || utf8.RuneCountInString(k) > MaxParamKeyLen {
			f.Add("params", "menu.paramKey", errs.A("max", MaxParamKeyLen))
			break
		}
		if utf8.RuneCountInString(in.Params[k]) > MaxParamValueLen {
			f.Add("params."+k, "err.tooLong", errs.A("field", k), errs.A("max", MaxParamValueLen))
		}
	}
	return f.Err()
}

// entry is a menus row.
type entry struct {
	Form
	treePath string
}

// apply returns e with the input's values (the id and tree path stay); the
// flags left out keep e's values.
func (in *Input) apply(e entry) entry {
	e.ParentID, e.Name, e.NameEn, e.Type = in.ParentID, in.Name, in.NameEn, in.Type
	e.RouteName, e.RoutePath, e.Component, e.Perm = in.RouteName, in.RoutePath, in.Component, in.Perm
	e.Sort, e.Icon, e.Redirect, e.Params = in.Sort, in.Icon, in.Redirect, in.Params
	e.Visible = valueOr(in.Visible, e.Visible)
	e.KeepAlive = valueOr(in.KeepAlive, e.KeepAlive)
	e.AlwaysShow = valueOr(in.AlwaysShow, e.AlwaysShow)
	return e
}

func valueOr(p *int, def int) int {
	if p == nil {
		return def
	}
	return *p
}

// paramsText is the stored form of route params: JSON, or "" for none.
func paramsText(p map[string]string) string {
	if len(p) == 0 {
		return ""
	}
	b, _ := json.Marshal(p) // a map of strings always encodes
	return string(b)
}

// parseParams reads stored route params; unreadable text reads as none.
func parseParams(s string) map[string]string {
	if s == "" {
		return nil
	}
	var p map[string]string
	if json.Unmarshal([]byte(s), &p) != nil {
		return nil
	}
	return p
}

// title is the entry's name in the caller's language: the English name
// when asked for and present.
func title(e *entry, english bool) string {
	if english && e.NameEn != "" {
		return e.NameEn
	}
	return e.Name
}

// forest is a set of entries with their parent links.
type forest struct {
	byID     map[int64]*entry
	children map[int64][]*entry // sorted by sort, then id
}

func newForest(entries []*entry) forest {
	f := forest{byID: map[int64]*entry{}, children: map[int64][]*entry{}}
	for _, e := range entries {
		f.byID[e.ID] = e
	}
	for _, e := range entries {
		f.children[e.ParentID] = append(f.children[e.ParentID], e)
	}
	for _, cs := range f.children {
		slices.SortFunc(cs, func(a, b *entry) int { return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID)) })
	}
	return f
}

// isBelow reports whether id is ancestor or lies below it.
func (f forest) isBelow(id, ancestor int64) bool {
	for steps := 0; id != 0 && steps <= len(f.byID); steps++ {
		if id == ancestor {
			return true
		}
		e, ok := f.byID[id]
		if !ok {
			return false
		}
		id = e.ParentID
	}
	return false
}

// subtree lists id and every entry below it.
func (f forest) subtree(id int64) []int64 {
	out := []int64{id}
	for i := 0; i < len(out) && i <= len(f.byID); i++ {
		for _, c := range f.children[out[i]] {
			out = append(out, c.ID)
		}
	}
	return out
}

// childPath is the tree_path of parent's children (0 = the root).
func (f forest) childPath(parent int64) string {
	if parent == 0 {
		return "0"
	}
	return f.byID[parent].treePath + "," + strconv.FormatInt(parent, 10)
}

// treePaths recomputes every entry's tree_path from the parent links; an
// entry whose parent is missing sits at the root.
func (f forest) treePaths() map[int64]string {
	out := map[int64]string{}
	var walk func(parent int64, path string, depth int)
	walk = func(parent int64, path string, depth int) {
		for _, c := range f.children[parent] {
			if _, done := out[c.ID]; done || depth > len(f.byID) {
				continue
			}
			out[c.ID] = path
			walk(c.ID, path+","+strconv.FormatInt(c.ID, 10), depth+1)
		}
	}
	walk(0, "0", 0)
	for id, e := range f.byID {
		if _, ok := f.byID[e.ParentID]; !ok && e.ParentID != 0 {
			out[id] = "0"
			walk(id, "0,"+strconv.FormatInt(id, 10), 0)
		}
	}
	return out
}

// tree builds the management tree of the entries kept by keep, with their
// ancestors; keep nil keeps all.
func (f forest) tree(keep func(*entry) bool) []*Menu {
	kept := map[int64]bool{}
	for id, e := range f.byID {
		if keep != nil && !keep(e) {
			continue
		}
		for a := id; a != 0 && !kept[a]; {
			kept[a] = true
			p, ok := f.byID[a]
			if !ok {
				break
			}
			a = p.ParentID
		}
	}
	var build func(parent int64, depth int) []*Menu
	build = func(parent int64, depth int) []*Menu {
		out := []*Menu{}
		if depth > len(f.byID) {
			return out
		}
		for _, c := range f.children[parent] {
			if kept[c.ID] {
				out = append(out, &Menu{Form: c.form(), Children: build(c.ID, depth+1)})
			}
		}
		return out
	}
	roots := build(0, 0)
	// Entries whose parent was deleted behind the API's back are shown at the root.
	for _, e := range f.byID {
		if _, ok := f.byID[e.ParentID]; !ok && e.ParentID != 0 && kept[e.ID] {
			roots = append(roots, &Menu{Form: e.form(), Children: build(e.ID, 1)})
		}
	}
	return roots
}

// form is the entry as the client sees it: params never null.
func (e *entry) form() Form {
	f := e.Form
	if f.Params == nil {
		f.Params = map[string]string{}
	}
	return f
}

// matches reports whether e contains the keywords in a name or permission.
func matches(e *entry, keywords string) bool {
	kw := strings.ToLower(strings.TrimSpace(keywords))
	if kw == "" {
		return true
	}
	for _, s := range []string{e.Name, e.NameEn, e.Perm} {
		if strings.Contains(strings.ToLower(s), kw) {
			return true
		}
	}
	return false
}

// options builds the picker tree under parent.
func (f forest) options(parent int64, english bool, depth int) []Option {
	var out []Option
	if depth > len(f.byID) {
		return out
	}
	for _, c := range f.children[parent] {
		out = append(out, Option{Value: c.ID, Label: title(c, english), Children: f.options(c.ID, english, depth+1)})
	}
	return out
}

// routes builds the route tree under parent from the entries kept (granted,
// not buttons). parentPath is the parent's full path, for derived names;
// used collects the route names given so far, which must be unique.
func (f forest) routes(parent int64, parentPath string, english bool, used map[string]bool, depth int) []Route {
	var out []Route
	if depth > len(f.byID) {
		return out
	}
	for _, c := range f.children[parent] {
		full := joinPath(parentPath, c.RoutePath)
		r := Route{
			Path: c.RoutePath, Component: c.Component, Redirect: c.Redirect,
			Name: routeName(c, full, used),
			Meta: RouteMeta{
				Title: title(c, english), Icon: c.Icon, Hidden: c.Visible == 0,
				KeepAlive: c.KeepAlive == 1, AlwaysShow: c.AlwaysShow == 1,
				Affix: c.Type == TypeMenu && c.Component == "dashboard", Params: c.Params,
			},
			Children: f.routes(c.ID, full, english, used, depth+1),
		}
		if c.Type == TypeCatalog && r.Component == "" {
			r.Component = "Layout"
		}
		out = append(out, r)
	}
	return out
}

// joinPath is the full path of a route below parentPath.
func joinPath(parentPath, p string) string {
	if strings.HasPrefix(p, "/") || strings.Contains(p, "://") {
		return p
	}
	return strings.TrimSuffix(parentPath, "/") + "/" + p
}

// routeName is the entry's route name, or one derived from its full path
// ("/system/user" → "SystemUser"); a name already given gets the id added.
func routeName(e *entry, fullPath string, used map[string]bool) string {
	name := e.RouteName
	if name == "" {
		var b strings.Builder
		for _, part := range strings.FieldsFunc(fullPath, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			r, size := utf8.DecodeRuneInString(part)
			b.WriteRune(unicode.ToUpper(r))
			b.WriteString(part[size:])
		}
		name = b.String()
		if name == "" {
			name = "Route"
		}
	}
	if used[name] {
		name += strconv.FormatInt(e.ID, 10)
	}
	used[name] = true
	return name
}
