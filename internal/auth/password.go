package auth

import (
	"context"
	"database/sql"
	_ "embed" // the common passwords
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// The password rule: every password that is set (a user's own change, the
// first change, an administrator setting or resetting one, the initial
// password of new and imported users, registration, a reset by e-mail code,
// the first administrator's) is held to it.
const (
	MinPasswordLen = 8  // the floor; the system parameter passwordMinLength may raise it
	MaxPasswordLen = 64 // bcrypt reads at most 72 bytes
	// KeyPasswordMinLength is the system parameter that tightens the rule.
	KeyPasswordMinLength = "passwordMinLength"
)

// commonText is Openwall's list of common passwords (John the Ripper's
// password.lst, public domain, 3,546 entries sorted by frequency) with a
// few dozen more that top Chinese sites' leaked lists; see the file's
// comment lines.
//
//go:embed common-passwords.txt
var commonText string

var commonSet = sync.OnceValue(func() map[string]bool {
	set := map[string]bool{}
	for _, line := range strings.Split(commonText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#!comment:") {
			continue
		}
		set[strings.ToLower(line)] = true
	}
	return set
})

// CommonPassword reports whether pw is a common password: on the list (any
// case), one of the list's words of four letters or more followed by
// digits or signs ("password123", "monkey!"), or one character repeated.
func CommonPassword(pw string) bool {
	lower := strings.ToLower(pw)
	set := commonSet()
	if set[lower] {
		return true
	}
	base := strings.TrimRightFunc(lower, func(r rune) bool { return !unicode.IsLetter(r) })
	if utf8.RuneCountInString(base) >= 4 && set[base] {
		return true
	}
	first, _ := utf8.DecodeRuneInString(pw)
	return strings.Trim(pw, string(first)) == ""
}

// PasswordRule is the password rule in force.
type PasswordRule struct {
	MinLen int // at least MinPasswordLen
}

// DefaultPasswordRule is the rule without the system parameter (the first
// administrator's password, before any parameter exists).
func DefaultPasswordRule() PasswordRule { return PasswordRule{MinLen: MinPasswordLen} }

// LoadPasswordRule reads the rule in force: the default, tightened by the
// system parameter passwordMinLength (a value below the floor, or
// unreadable, keeps the floor).
func LoadPasswordRule(ctx context.Context, q db.Querier) (PasswordRule, error) {
	r := DefaultPasswordRule()
	var v string
	err := q.QueryRow(ctx, "SELECT config_value FROM configs WHERE config_key = ?", KeyPasswordMinLength).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return r, nil
	}
	if err != nil {
		return r, fmt.Errorf("password rule: %w", err)
	}
	if n, err := strconv.Atoi(strings.TrimSpace(v)); err == nil && n > r.MinLen {
		r.MinLen = min(n, MaxPasswordLen)
	}
	return r, nil
}

// Check holds a new password to the rule; username (may be "") is the user
// whose password it is. The error names path, with label as the field.
func (r PasswordRule) Check(path string, label errs.Key, pw, username string) error {
	n := utf8.RuneCountInString(pw)
	switch {
	case strings.TrimSpace(pw) == "":
		return errs.Required(path, label)
	case n < r.MinLen:
		return errs.Field(path, "err.tooShort", errs.A("field", label), errs.A("min", r.MinLen))
	case n > MaxPasswordLen || len(pw) > 72:
		return errs.Field(path, "err.tooLong", errs.A("field", label), errs.A("max", MaxPasswordLen))
	case username != "" && strings.Contains(strings.ToLower(pw), strings.ToLower(username)):
		return errs.Field(path, "auth.err.passwordHasUsername", errs.A("field", label))
	case CommonPassword(pw):
		return errs.Field(path, "auth.err.passwordCommon", errs.A("field", label))
	}
	return nil
}

// CheckPassword holds a password to the default rule, for no user in
// particular (the initial password of new users, when it is set).
func CheckPassword(path string, label errs.Key, pw string) error {
	return DefaultPasswordRule().Check(path, label, pw, "")
}
