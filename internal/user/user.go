// Package user manages the users of Cangshu: the administration pages (list,
// form, create, update, delete, password reset, Excel import and export),
// the signed-in user's own data (me, profile, password, mobile and e-mail
// binding with one-time codes) and the user picker options.
package user

import (
	"net/mail"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"cangshu/internal/auth"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Limits and defaults.
const (
	MinUsernameLen  = 3
	MaxUsernameLen  = 32
	MaxNicknameLen  = 32
	MaxEmailLen     = 100
	MaxAvatarLen    = 500
	MaxImportRows   = 5000
	InitPasswordKey = "sys.user.initPassword" // configs key of the initial password

	CodeTTL         = 5 * time.Minute  // a one-time code expires after
	CodeInterval    = 60 * time.Second // at most one code per user and channel in this time
	MaxCodeAttempts = 5                // wrong answers before a code is dead
)

// Genders.
const (
	GenderUnknown = 0
	GenderMale    = 1
	GenderFemale  = 2
)

// Channels of one-time codes.
const (
	ChannelMobile = "mobile"
	ChannelEmail  = "email"
)

var (
	usernameRe = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)
	mobileRe   = regexp.MustCompile(`^1[3-9][0-9]{9}$`)
)

// Field labels (message keys).
const (
	labelUsername        errs.Key = "user.field.username"
	labelNickname        errs.Key = "user.field.nickname"
	labelMobile          errs.Key = "user.field.mobile"
	labelEmail           errs.Key = "user.field.email"
	labelGender          errs.Key = "user.field.gender"
	labelAvatar          errs.Key = "user.field.avatar"
	labelDept            errs.Key = "user.field.dept"
	labelRoles           errs.Key = "user.field.roles"
	labelShops           errs.Key = "user.field.shops"
	labelPassword        errs.Key = "user.field.password"
	labelOldPassword     errs.Key = "user.field.oldPassword"
	labelNewPassword     errs.Key = "user.field.newPassword"
	labelConfirmPassword errs.Key = "user.field.confirmPassword"
	labelCode            errs.Key = "user.field.code"
	labelCreateTime      errs.Key = "user.field.createTime"
	labelStatus          errs.Key = "field.status"
	entity               errs.Key = "user.entity"
)

// Input is the user form of the administration page (create and update).
// Password is read on create only.
type Input struct {
	Username string  `json:"username"`
	Nickname string  `json:"nickname"`
	Mobile   string  `json:"mobile"`
	Email    string  `json:"email"`
	Gender   int     `json:"gender"`
	Avatar   string  `json:"avatar"`
	Status   *int    `json:"status"` // nil = enabled
	DeptID   int64   `json:"deptId"` // 0 = none
	RoleIDs  []int64 `json:"roleIds"`
	ShopIDs  []int64 `json:"shopIds"`
	Password string  `json:"password"` // create only; "" = the initial password
}

// normalize trims text and removes repeated ids.
func (in *Input) normalize() {
	in.Username = strings.TrimSpace(in.Username)
	in.Nickname = strings.TrimSpace(in.Nickname)
	in.Mobile = strings.TrimSpace(in.Mobile)
	in.Email = strings.TrimSpace(in.Email)
	in.Avatar = strings.TrimSpace(in.Avatar)
	in.RoleIDs = uniqueIDs(in.RoleIDs)
	in.ShopIDs = uniqueIDs(in.ShopIDs)
	if in.Status == nil {
		one := 1
		in.Status = &one
	}
}

// check validates the shape of every field (references and the password
// are checked by the service).
func (in *Input) check() *errs.Fields {
	var f errs.Fields
	checkUsername(&f, "username", in.Username)
	f.Text("nickname", labelNickname, in.Nickname, true, MaxNicknameLen)
	checkMobile(&f, "mobile", in.Mobile, false)
	checkEmail(&f, "email", in.Email, false)
	errs.OneOf(&f, "gender", labelGender, in.Gender, GenderUnknown, GenderMale, GenderFemale)
	f.Text("avatar", labelAvatar, in.Avatar, false, MaxAvatarLen)
	errs.OneOf(&f, "status", labelStatus, *in.Status, 0, 1)
	if in.DeptID < 0 {
		f.Add("deptId", "err.invalid", errs.A("field", labelDept))
	}
	checkIDs(&f, "roleIds", labelRoles, in.RoleIDs)
	checkIDs(&f, "shopIds", labelShops, in.ShopIDs)
	return &f
}

func checkIDs(f *errs.Fields, path string, label errs.Key, ids []int64) {
	if len(ids) == 0 {
		f.Required(path, label)
		return
	}
	for _, id := range ids {
		if id <= 0 {
			f.Add(path, "err.invalid", errs.A("field", label))
			return
		}
	}
}

func checkUsername(f *errs.Fields, path, v string) {
	n := utf8.RuneCountInString(v)
	switch {
	case v == "":
		f.Required(path, labelUsername)
	case n < MinUsernameLen:
		f.Add(path, "err.tooShort", errs.A("field", labelUsername), errs.A("min", MinUsernameLen))
	case n > MaxUsernameLen:
		f.Add(path, "err.tooLong", errs.A("field", labelUsername), errs.A("max", MaxUsernameLen))
	case !usernameRe.MatchString(v):
		f.Add(path, "user.err.usernameChars", errs.A("field", labelUsername))
	}
}

func checkMobile(f *errs.Fields, path, v string, required bool) {
	if v == "" {
		if required {
			f.Required(path, labelMobile)
		}
		return
	}
	if !mobileRe.MatchString(v) {
		f.Add(path, "err.invalid", errs.A("field", labelMobile))
	}
}

func checkEmail(f *errs.Fields, path, v string, required bool) {
	if v == "" {
		if required {
			f.Required(path, labelEmail)
		}
		return
	}
	if utf8.RuneCountInString(v) > MaxEmailLen {
		f.Add(path, "err.tooLong", errs.A("field", labelEmail), errs.A("max", MaxEmailLen))
		return
	}
	if !validEmail(v) {
		f.Add(path, "err.invalid", errs.A("field", labelEmail))
	}
}

// validEmail accepts a bare address such as name@example.com.
func validEmail(v string) bool {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(v, '@')
	domain := v[at+1:]
	return at > 0 && strings.Contains(domain, ".") && !strings.HasPrefix(domain, ".") && !strings.HasSuffix(domain, ".") &&
		!strings.ContainsAny(v, " \t\r\n<>\"")
}

// addErr copies the field errors of err into f.
func addErr(f *errs.Fields, err error) {
	if err == nil {
		return
	}
	if e, ok := errs.As(err); ok {
		for _, fe := range e.Fields {
			f.Add(fe.Path, fe.Key, fe.Args...)
		}
	}
}

func uniqueIDs(ids []int64) []int64 {
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
}

// scope is what the caller may see of the users: ROOT sees everyone; others
// see the users of their active shop, narrowed by their data scope
// (0 all, 1 own department and below, 2 own department, 3 only themselves).
type scope struct {
	root      bool
	userID    int64
	shopID    int64
	deptID    int64
	dataScope int
}

func scopeOf(p *server.Principal) scope {
	return scope{root: p.IsRoot(), userID: p.UserID, shopID: p.ShopID, deptID: p.DeptID, dataScope: p.DataScope}
}

// ListQuery filters the user list and the export.
type ListQuery struct {
	Keywords string    // username, nickname or mobile contains
	Status   *int      // nil = any
	DeptID   int64     // 0 = any; includes sub-departments
	From, To time.Time // created in [From, To); zero = open
}

// ParseTimeRange reads a creation-time range from query values: one value
// "start,end" or two values start and end. Each is a date (YYYY-MM-DD, the end
// day included) or a date and time (YYYY-MM-DD HH:MM[:SS], or RFC 3339), in
// the server's time zone unless it names one. Either end may be empty.
func ParseTimeRange(vals []string) (from, to time.Time, err error) {
	var parts []string
	for _, v := range vals {
		parts = append(parts, strings.Split(v, ",")...)
	}
	for len(parts) > 0 && strings.TrimSpace(parts[len(parts)-1]) == "" && len(parts) > 2 {
		parts = parts[:len(parts)-1]
	}
	bad := errs.Field("createTime", "err.invalid", errs.A("field", labelCreateTime))
	if len(parts) > 2 {
		return from, to, bad
	}
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" {
			continue
		}
		t, dateOnly, ok := parseTime(p)
		if !ok {
			return from, to, bad
		}
		if i == 0 {
			from = t
		} else {
			if dateOnly {
				t = t.AddDate(0, 0, 1)
			} else {
				t = t.Add(time.Second)
			}
			to = t
		}
	}
	if !from.IsZero() && !to.IsZero() && !from.Before(to) {
		return time.Time{}, time.Time{}, bad
	}
	return from.UTC(), to.UTC(), nil
}

func parseTime(s string) (t time.Time, dateOnly bool, ok bool) {
	if t, err := time.ParseInLocation(time.DateOnly, s, time.Local); err == nil {
		return t, true, true
	}
	for _, layout := range []string{time.DateTime, "2006-01-02 15:04", "2006-01-02T15:04:05", "2006-01-02T15:04"} {
		if t, err := time.ParseInLocation(layout, s, time.Local); err == nil {
			return t, false, true
		}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, false, true
	}
	return time.Time{}, false, false
}

// Item is one row of the user list.
type Item struct {
	ID         int64     `json:"id"`
	Username   string    `json:"username"`
	Nickname   string    `json:"nickname"`
	Mobile     string    `json:"mobile"`
	Gender     int       `json:"gender"`
	Avatar     string    `json:"avatar"`
	Email      string    `json:"email"`
	Status     int       `json:"status"`
	DeptName   string    `json:"deptName"`
	RoleNames  string    `json:"roleNames"` // comma-separated
	ShopNames  string    `json:"shopNames"` // comma-separated
	CreateTime time.Time `json:"createTime"`
}

// Form is the user form as the edit dialog loads it.
type Form struct {
	ID       int64   `json:"id"`
	Username string  `json:"username"`
	Nickname string  `json:"nickname"`
	Mobile   string  `json:"mobile"`
	Gender   int     `json:"gender"`
	Avatar   string  `json:"avatar"`
	Email    string  `json:"email"`
	Status   int     `json:"status"`
	DeptID   *int64  `json:"deptId"`
	RoleIDs  []int64 `json:"roleIds"`
	ShopIDs  []int64 `json:"shopIds"`
}

// Me is the signed-in user as the web app needs it after sign-in.
type Me struct {
	UserID             int64    `json:"userId"`
	Username           string   `json:"username"`
	Nickname           string   `json:"nickname"`
	Avatar             string   `json:"avatar"`
	Roles              []string `json:"roles"`
	Perms              []string `json:"perms"`
	MustChangePassword bool     `json:"mustChangePassword"`
	ShopID             int64    `json:"shopId"`
	DeptID             *int64   `json:"deptId"`
}

// Profile is the signed-in user's own page.
type Profile struct {
	ID         int64     `json:"id"`
	Username   string    `json:"username"`
	Nickname   string    `json:"nickname"`
	Avatar     string    `json:"avatar"`
	Gender     int       `json:"gender"`
	Mobile     string    `json:"mobile"`
	Email      string    `json:"email"`
	DeptName   string    `json:"deptName"`
	RoleNames  string    `json:"roleNames"`
	CreateTime time.Time `json:"createTime"`
}

// ProfileInput changes the caller's own nickname, avatar and gender; absent
// fields stay as they are.
type ProfileInput struct {
	Nickname *string `json:"nickname"`
	Avatar   *string `json:"avatar"`
	Gender   *int    `json:"gender"`
}

func (in *ProfileInput) check() error {
	var f errs.Fields
	if in.Nickname != nil {
		*in.Nickname = strings.TrimSpace(*in.Nickname)
		f.Text("nickname", labelNickname, *in.Nickname, true, MaxNicknameLen)
	}
	if in.Avatar != nil {
		*in.Avatar = strings.TrimSpace(*in.Avatar)
		f.Text("avatar", labelAvatar, *in.Avatar, false, MaxAvatarLen)
	}
	if in.Gender != nil {
		errs.OneOf(&f, "gender", labelGender, *in.Gender, GenderUnknown, GenderMale, GenderFemale)
	}
	return f.Err()
}

// PasswordInput changes the caller's own password.
type PasswordInput struct {
	OldPassword     string `json:"oldPassword"`
	NewPassword     string `json:"newPassword"`
	ConfirmPassword string `json:"confirmPassword"`
}

func (in *PasswordInput) check(rule auth.PasswordRule, username string) error {
	var f errs.Fields
	if in.OldPassword == "" {
		f.Required("oldPassword", labelOldPassword)
	}
	addErr(&f, rule.Check("newPassword", labelNewPassword, in.NewPassword, username))
	if in.ConfirmPassword == "" {
		f.Required("confirmPassword", labelConfirmPassword)
	} else if in.ConfirmPassword != in.NewPassword {
		f.Add("confirmPassword", "user.err.passwordMismatch")
	}
	return f.Err()
}

// BindInput binds a mobile number or an e-mail address with a one-time code.
type BindInput struct {
	Mobile string `json:"mobile"`
	Email  string `json:"email"`
	Code   string `json:"code"`
}

// Option is one entry of the user picker.
type Option struct {
	Value int64  `json:"value"`
	Label string `json:"label"`
}

// checkTarget validates the address a one-time code goes to.
func checkTarget(channel, target string) error {
	var f errs.Fields
	if channel == ChannelMobile {
		checkMobile(&f, "mobile", target, true)
	} else {
		checkEmail(&f, "email", target, true)
	}
	return f.Err()
}
