package server

import (
	"context"
	"slices"
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/rights"
)

// Handler handles one API call: it returns the data for the envelope, a File
// or Raw value, or an error (an *errs.Error for expected failures).
type Handler func(c *Ctx) (any, error)

// Route is one line of the route table.
type Route struct {
	Method  string // GET, POST, DELETE …
	Path    string // under /api, in http.ServeMux pattern syntax: /api/users/{id}/form
	Perm    string // permission required; "" = any signed-in user; "a|b" = either (the service checks which one applies)
	Public  bool   // no sign-in needed (login, captcha, refresh, openapi)
	Pending bool   // allowed while the user still has to change the password
	Upload  bool   // takes file uploads: a multipart body may reach the upload limit (others keep the body limit)
	// MaxBytes, on an Upload route, replaces the upload limit (backups: a
	// database can be far larger than an import); 0 = the server's.
	MaxBytes int64
	Log      string // operation-log action key (i18n); "" = not logged
	Tag      string // module, for the API description and the operation log
	// Doc is the catalogue key of the route's one-line description in the
	// API description (internal/i18n/locales/*/api.json), served in the
	// caller's language; "" = "api." + Pattern(). Routes made for every
	// document kind or report name a shared key and pass the kind's or the
	// report's name in DocArgs.
	Doc     string
	DocArgs []errs.Arg
	H       Handler
}

// Pattern is the http.ServeMux pattern of the route.
func (r Route) Pattern() string { return r.Method + " " + r.Path }

// DocKey is the catalogue key of the route's description.
func (r Route) DocKey() string {
	if r.Doc != "" {
		return r.Doc
	}
	return "api." + r.Pattern()
}

// Principal is the signed-in caller, as the authenticator resolved it.
type Principal struct {
	UserID             int64
	Username           string
	Nickname           string
	SessionID          int64
	ShopID             int64 // active shop; 0 = none
	DeptID             int64
	Roles              []string // role codes
	RoleIDs            []int64
	Perms              []string    // sorted
	DataScope          int         // widest data scope among the roles (smaller = wider)
	Rights             *rights.Set // data rights: warehouses, customers, suppliers, own documents; nil = all (ROOT)
	MustChangePassword bool
}

// RootRole is the administrator role code: it passes every permission check.
const RootRole = "ROOT"

// IsRoot reports whether the caller has the administrator role.
func (p *Principal) IsRoot() bool { return slices.Contains(p.Roles, RootRole) }

// Can reports whether the caller holds perm (ROOT holds every permission;
// "*:*:*" is the all-permission wildcard). "a|b" asks for either.
func (p *Principal) Can(perm string) bool {
	if perm == "" || p.IsRoot() {
		return true
	}
	if strings.Contains(perm, "|") {
		for _, one := range strings.Split(perm, "|") {
			if p.Can(one) {
				return true
			}
		}
		return false
	}
	_, found := slices.BinarySearch(p.Perms, perm)
	if found {
		return true
	}
	_, all := slices.BinarySearch(p.Perms, "*:*:*")
	return all
}

// Authenticator resolves a bearer access token into the caller.
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (*Principal, error)
}

// LogEntry is one operation-log record, written after a logged route ran.
type LogEntry struct {
	Module, Action, Method, URI, Params, IP, UserAgent string
	Changes                                            string  // what the change changed (Ctx.LogChanges), JSON
	Refs                                               []int64 // the records it concerned (Ctx.LogRefs)
	Status                                             int
	ElapsedMS                                          int64
	UserID, ShopID                                     int64
	Username                                           string
}

// OpLogger writes operation-log records.
type OpLogger interface {
	WriteLog(ctx context.Context, e LogEntry)
}

// maskParams hides secret values in a captured request (passwords, codes, tokens).
func maskParams(s string) string {
	lower := strings.ToLower(s)
	for _, key := range []string{"password", "token", "secret", "captchacode"} {
		if strings.Contains(lower, key) {
			return maskKeys(s)
		}
	}
	return s
}
