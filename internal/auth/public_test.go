package auth_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/crypto/bcrypt"

	"cangshu/internal/apptest"
	"cangshu/internal/auth"
	"cangshu/internal/config"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

func getConfig(t *testing.T, c *apptest.Client) auth.PublicConfig {
	t.Helper()
	var pc auth.PublicConfig
	c.Do("GET", "/api/auth/config", nil).Want(200).Decode(&pc)
	return pc
}

func TestPublicConfig(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	got := getConfig(t, anon)
	want := auth.PublicConfig{CaptchaEnabled: false, AllowRegister: 0, ShowAgreement: 0, CompanyName: "仓鼠商贸", Version: "dev", PasswordMinLength: 8}
	if got != want {
		t.Fatalf("config %+v, want %+v", got, want)
	}
	e.Admin().Do("POST", "/api/config/system", map[string]any{"allowRegister": 1, "showAgreement": 1, "companyName": "新公司", "passwordMinLength": 10}).Want(200)
	want.AllowRegister, want.ShowAgreement, want.CompanyName, want.PasswordMinLength = 1, 1, "新公司", 10
	if got := getConfig(t, anon); got != want {
		t.Fatalf("after update %+v, want %+v", got, want)
	}

	withCaptcha := apptest.New(t, func(c *config.Config) { c.Captcha = true })
	if got := getConfig(t, withCaptcha.Anonymous()); !got.CaptchaEnabled || got.AllowRegister != 0 {
		t.Fatalf("captcha on: %+v", got)
	}
}

func allowRegister(e *apptest.Env) {
	e.Admin().Do("POST", "/api/config/system", map[string]any{"allowRegister": 1}).Want(200)
}

func reg(username, password, confirm string) map[string]string {
	return map[string]string{"username": username, "nickname": "新人", "password": password, "confirmPassword": confirm}
}

func TestRegister(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	const path = "/api/auth/register"
	apptest.Run(t, []apptest.Step{
		{Name: "closed by default", As: anon, Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 403, Code: "A0301", Msg: "系统未开放注册，请联系管理员开通账号"},
		{Name: "closed, English", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 403, Msg: "Registration is closed; ask your administrator for an account"},
	})
	allowRegister(e)
	long := strings.Repeat("a", 33)
	apptest.Run(t, []apptest.Step{
		{Name: "missing username", As: anon, Method: "POST", Path: path, Body: reg("", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 400, Code: "A0410", Field: "username", Msg: "用户名不能为空"},
		{Name: "short username", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("ab", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 400, Field: "username", Msg: "Username must be at least 3 characters"},
		{Name: "oversize username", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg(long, "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 400, Field: "username", Msg: "Username must be at most 32 characters"},
		{Name: "username characters", As: anon, Method: "POST", Path: path, Body: reg("新 人", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 400, Field: "username", Msg: "用户名只能包含字母、数字和 . _ -"},
		{Name: "username characters, English", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("a b c", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 400, Field: "username", Msg: "Username may contain only letters, digits and . _ -"},
		{Name: "oversize nickname", As: anon, Lang: "en", Method: "POST", Path: path, Body: map[string]string{"username": "newbie", "nickname": long, "password": "Walnut-Cabin-61", "confirmPassword": "Walnut-Cabin-61"}, Status: 400, Field: "nickname", Msg: "Nickname must be at most 32 characters"},
		{Name: "missing password", As: anon, Method: "POST", Path: path, Body: reg("newbie", "", ""), Status: 400, Field: "password", Msg: "密码不能为空"},
		{Name: "short password", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "12345", "12345"), Status: 400, Field: "password", Msg: "Password must be at least 8 characters"},
		{Name: "oversize password", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", strings.Repeat("p", 65), strings.Repeat("p", 65)), Status: 400, Field: "password", MsgHas: "at most 64"},
		{Name: "common password", As: anon, Method: "POST", Path: path, Body: reg("newbie", "password123", "password123"), Status: 400, Field: "password", Msg: "密码过于常见，容易被猜中，请换一个"},
		{Name: "common password, any case", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "QWERTY123", "QWERTY123"), Status: 400, Field: "password", Msg: "Password is too common and easy to guess; choose another"},
		{Name: "the user name in it", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "my-NEWBIE-pass", "my-NEWBIE-pass"), Status: 400, Field: "password", Msg: "Password may not contain the user name"},
		{Name: "missing confirmation", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", ""), Status: 400, Field: "confirmPassword", Msg: "Confirm password is required"},
		{Name: "confirmation differs", As: anon, Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", "Walnut-Cabin-62"), Status: 400, Field: "confirmPassword", Msg: "两次输入的密码不一致"},
		{Name: "confirmation differs, English", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", "Walnut-Cabin-62"), Status: 400, Field: "confirmPassword", Msg: "The two passwords do not match"},
		{Name: "malformed JSON", As: anon, Lang: "en", Method: "POST", Path: path, Body: apptest.Raw{ContentType: "application/json", Text: `{"username": `}, Status: 400, Msg: "The request body is not valid JSON"},
		{Name: "wrong content type", As: anon, Method: "POST", Path: path, Body: apptest.Raw{ContentType: "text/xml", Text: "<a/>"}, Status: 400, MsgHas: "text/xml"},
		{Name: "registers", As: anon, Method: "POST", Path: path, Body: reg("Newbie", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 200, BodyHas: `"username":"Newbie"`},
		{Name: "duplicate, other case", As: anon, Method: "POST", Path: path, Body: reg("newbie", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 409, Field: "username", Msg: "用户名“newbie”已存在"},
		{Name: "duplicate of admin, English", As: anon, Lang: "en", Method: "POST", Path: path, Body: reg("ADMIN", "Walnut-Cabin-61", "Walnut-Cabin-61"), Status: 409, Field: "username", Msg: `Username "ADMIN" already exists`},
		{Name: "form body, no nickname", As: anon, Method: "POST", Path: path, Body: url.Values{"username": {"form.user"}, "password": {"Walnut-Cabin-61"}, "confirmPassword": {"Walnut-Cabin-61"}}, Status: 200},
	})

	// The new user: enabled, no roles, in the first shop, no password change due.
	id := e.UserID("Newbie")
	if n := e.Count("SELECT COUNT(*) FROM users WHERE id = ? AND status = 1 AND must_change_password = 0 AND nickname = '新人'", id); n != 1 {
		t.Fatal("registered user is not enabled with its nickname")
	}
	if n := e.Count("SELECT COUNT(*) FROM user_roles WHERE user_id = ?", id); n != 0 {
		t.Fatalf("registered user has %d roles", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM user_shops WHERE user_id = ? AND shop_id = ?", id, e.MainShop()); n != 1 {
		t.Fatal("registered user is not in the first shop")
	}
	if got := e.Text("SELECT nickname FROM users WHERE username = 'form.user'"); got != "form.user" {
		t.Fatalf("nickname defaults to the username, got %q", got)
	}
	// The operation log names the new user.
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE action = 'log.auth.register' AND user_id = ? AND status = 200 AND params NOT LIKE '%Walnut-Cabin-61%'", id); n != 1 {
		t.Fatalf("register log rows: %d", n)
	}
	u := e.SignIn("Newbie", "Walnut-Cabin-61")
	var me struct {
		Username           string   `json:"username"`
		Roles              []string `json:"roles"`
		Perms              []string `json:"perms"`
		MustChangePassword bool     `json:"mustChangePassword"`
	}
	u.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if me.Username != "Newbie" || len(me.Roles) != 0 || len(me.Perms) != 0 || me.MustChangePassword {
		t.Fatalf("me: %+v", me)
	}
	u.Do("GET", "/api/users/page", nil).Want(403)
	u.Do("GET", "/api/home", nil).Want(200)
}

func TestRegisterThrottledPerAddress(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	allowRegister(e)
	anon := e.Anonymous()
	anon.Do("POST", "/api/auth/register", reg("first", "Walnut-Cabin-61", "Walnut-Cabin-61")).Want(200)
	for i := 1; i < auth.MaxRegistrations; i++ {
		anon.Do("POST", "/api/auth/register", reg("first", "Walnut-Cabin-61", "Walnut-Cabin-61")).Want(409)
	}
	anon.Lang = "en"
	r := anon.Do("POST", "/api/auth/register", reg("second", "Walnut-Cabin-61", "Walnut-Cabin-61")).Want(429)
	if r.Env.Msg != "Too many registration attempts; try again in 15 minutes" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	if e.Count("SELECT COUNT(*) FROM users WHERE username = 'second'") != 0 {
		t.Fatal("a throttled registration wrote a user")
	}
	// After the window the address may register again.
	e.App.Auth.Now = func() time.Time { return time.Now().Add(auth.FailureWindow + time.Minute) }
	anon.Do("POST", "/api/auth/register", reg("second", "Walnut-Cabin-61", "Walnut-Cabin-61")).Want(200)
}

func TestRegisterChecksTheCaptcha(t *testing.T) {
	t.Parallel()
	e := apptest.New(t, func(c *config.Config) { c.Captcha = true })
	e.Exec("UPDATE configs SET config_value = '1' WHERE config_key = 'allowRegister'")
	anon := e.Anonymous()
	newCaptcha := func(answer string) string {
		var cp auth.Captcha
		anon.Do("GET", "/api/auth/captcha", nil).Want(200).Decode(&cp)
		e.Exec("UPDATE captchas SET answer_hash = ? WHERE captcha_key = ?", auth.HashAnswer(cp.CaptchaKey, answer), cp.CaptchaKey)
		return cp.CaptchaKey
	}
	body := reg("capt", "Walnut-Cabin-61", "Walnut-Cabin-61")
	r := anon.Do("POST", "/api/auth/register", body).Want(400)
	if r.Env.Code != "A0240" || r.Env.Msg != "请输入验证码" {
		t.Fatalf("no captcha: %s", r.Body)
	}
	body["captchaKey"], body["captchaCode"] = newCaptcha("1234"), "4321"
	if r := anon.Do("POST", "/api/auth/register", body).Want(400); r.Env.Code != "A0240" {
		t.Fatalf("wrong captcha: %s", r.Body)
	}
	key := newCaptcha("1234")
	body["captchaKey"], body["captchaCode"] = key, "1234"
	anon.Do("POST", "/api/auth/register", body).Want(200)
	// The captcha is used up.
	body["username"] = "capt2"
	if r := anon.Do("POST", "/api/auth/register", body).Want(400); r.Env.Code != "A0242" {
		t.Fatalf("used captcha: %s", r.Body)
	}
	if e.Count("SELECT COUNT(*) FROM users WHERE username IN ('capt', 'capt2')") != 1 {
		t.Fatal("users after captcha checks")
	}
}

var resetLine = regexp.MustCompile(`msg="password reset code" target=(\S+) code=(\d{6})`)

// resetCodes are the reset codes the server logged for a target, oldest first.
func resetCodes(e *apptest.Env, target string) []string {
	var out []string
	for _, m := range resetLine.FindAllStringSubmatch(e.Log.String(), -1) {
		if m[1] == target {
			out = append(out, m[2])
		}
	}
	return out
}

func lastResetCode(t *testing.T, e *apptest.Env, target string) string {
	t.Helper()
	codes := resetCodes(e, target)
	if len(codes) == 0 {
		t.Fatalf("no reset code for %s in the log", target)
	}
	return codes[len(codes)-1]
}

func otherCode(code string) string {
	var n int
	fmt.Sscanf(code, "%d", &n)
	return fmt.Sprintf("%06d", (n+1)%1000000)
}

func TestPasswordReset(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	id := e.CreateUser("forgetful", "oldpass1")
	e.Exec("UPDATE users SET email = 'Forget@Example.com', must_change_password = 1 WHERE id = ?", id)
	disabled := e.CreateUser("sleeper", "oldpass1")
	e.Exec("UPDATE users SET email = 'sleep@example.com', status = 0 WHERE id = ?", disabled)
	old := e.SignIn("forgetful", "oldpass1")
	anon := e.Anonymous()
	const codePath, resetPath = "/api/auth/password/code", "/api/auth/password/reset"
	email := map[string]string{"email": "forget@example.COM"}
	apptest.Run(t, []apptest.Step{
		{Name: "missing e-mail", As: anon, Method: "POST", Path: codePath, Body: map[string]string{}, Status: 400, Field: "email", Msg: "邮箱不能为空"},
		{Name: "bad e-mail, English", As: anon, Lang: "en", Method: "POST", Path: codePath, Body: map[string]string{"email": "nope"}, Status: 400, Field: "email", Msg: "Email is not valid"},
		{Name: "oversize e-mail", As: anon, Lang: "en", Method: "POST", Path: codePath, Body: map[string]string{"email": strings.Repeat("a", 95) + "@x.com"}, Status: 400, Field: "email", Msg: "Email must be at most 100 characters"},
		{Name: "malformed JSON", As: anon, Method: "POST", Path: codePath, Body: apptest.Raw{ContentType: "application/json", Text: "{"}, Status: 400},
		{Name: "unknown address answers ok", As: anon, Method: "POST", Path: codePath, Body: map[string]string{"email": "nobody@example.com"}, Status: 200},
		{Name: "unknown address is throttled too", As: anon, Method: "POST", Path: codePath, Body: map[string]string{"email": "NOBODY@example.com"}, Status: 429, MsgHas: "秒后再试"},
		{Name: "disabled user answers ok", As: anon, Method: "POST", Path: codePath, Body: map[string]string{"email": "sleep@example.com"}, Status: 200},
		{Name: "known address", As: anon, Method: "POST", Path: codePath, Body: email, Status: 200},
		{Name: "again within a minute", As: anon, Lang: "en", Method: "POST", Path: codePath, Body: email, Status: 429, Code: "A0502", MsgHas: "Codes are sent too often; try again in"},
	})
	if len(resetCodes(e, "nobody@example.com")) != 0 || len(resetCodes(e, "sleep@example.com")) != 0 {
		t.Fatal("a code was made for an unknown or disabled user")
	}
	code := lastResetCode(t, e, "forget@example.com")
	form := func(mail, code, pw, confirm string) map[string]string {
		return map[string]string{"email": mail, "code": code, "password": pw, "confirmPassword": confirm}
	}
	const addr = "forget@example.com"
	apptest.Run(t, []apptest.Step{
		{Name: "missing code", As: anon, Lang: "en", Method: "POST", Path: resetPath, Body: form(addr, "", "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 400, Field: "code", Msg: "Verification code is required"},
		{Name: "missing e-mail", As: anon, Method: "POST", Path: resetPath, Body: form("", code, "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 400, Field: "email"},
		{Name: "short password", As: anon, Lang: "en", Method: "POST", Path: resetPath, Body: form(addr, code, "new", "new"), Status: 400, Field: "password", Msg: "New password must be at least 8 characters"},
		{Name: "the administrator's abcdef", As: anon, Lang: "en", Method: "POST", Path: resetPath, Body: form(addr, code, "abcdef12", "abcdef12"), Status: 400, Field: "password", Msg: "New password is too common and easy to guess; choose another"},
		{Name: "the user name in it", As: anon, Method: "POST", Path: resetPath, Body: form(addr, code, "Forgetful-2024", "Forgetful-2024"), Status: 400, Field: "password", Msg: "新密码不能包含用户名"},
		{Name: "confirmation differs", As: anon, Method: "POST", Path: resetPath, Body: form(addr, code, "Lilac-Tunnel-14", "Lilac-Tunnel-15"), Status: 400, Field: "confirmPassword", Msg: "两次输入的密码不一致"},
		{Name: "wrong code", As: anon, Method: "POST", Path: resetPath, Body: form(addr, otherCode(code), "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 400, Field: "code", Msg: "验证码不正确"},
		{Name: "wrong code, English", As: anon, Lang: "en", Method: "POST", Path: resetPath, Body: form(addr, otherCode(code), "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 400, Field: "code", Msg: "The verification code is wrong"},
		{Name: "unknown address", As: anon, Lang: "en", Method: "POST", Path: resetPath, Body: form("nobody@example.com", code, "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 400, Field: "code", Msg: "The verification code is no longer valid; request a new one"},
		{Name: "resets", As: anon, Method: "POST", Path: resetPath, Body: form("FORGET@example.com", code, "Lilac-Tunnel-14", "Lilac-Tunnel-14"), Status: 200},
		{Name: "a used code is dead", As: anon, Method: "POST", Path: resetPath, Body: form(addr, code, "Lilac-Tunnel-15", "Lilac-Tunnel-15"), Status: 400, Field: "code", Msg: "验证码已失效，请重新获取"},
	})
	// The old session ended; the new password works, the old one no longer.
	old.Do("GET", "/api/users/me", nil).Want(401)
	anon.Login("forgetful", "oldpass1").Want(401)
	u := e.SignIn("forgetful", "Lilac-Tunnel-14")
	var me struct {
		MustChangePassword bool `json:"mustChangePassword"`
	}
	u.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if me.MustChangePassword {
		t.Fatal("a reset password must not need changing")
	}
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE action = 'log.auth.resetPassword' AND user_id = ? AND status = 200", id); n != 1 {
		t.Fatalf("reset log rows: %d", n)
	}

	// A minute later another code may be sent; five wrong answers kill it.
	later := time.Now().Add(2 * time.Minute)
	e.App.Auth.Now = func() time.Time { return later }
	anon.Do("POST", codePath, email).Want(200)
	code = lastResetCode(t, e, addr)
	for range auth.MaxResetCodeAttempts {
		anon.Do("POST", resetPath, form(addr, otherCode(code), "Lilac-Tunnel-16", "Lilac-Tunnel-16")).Want(400)
	}
	if r := anon.Do("POST", resetPath, form(addr, code, "Lilac-Tunnel-16", "Lilac-Tunnel-16")).Want(400); r.Env.Msg != "验证码已失效，请重新获取" {
		t.Fatalf("after five wrong answers: %s", r.Body)
	}
	// A code expires after ResetCodeTTL; a new code replaces the earlier one.
	later = later.Add(2 * time.Minute)
	anon.Do("POST", codePath, email).Want(200)
	first := lastResetCode(t, e, addr)
	later = later.Add(2 * time.Minute)
	anon.Do("POST", codePath, email).Want(200)
	second := lastResetCode(t, e, addr)
	if first != second {
		anon.Do("POST", resetPath, form(addr, first, "Lilac-Tunnel-16", "Lilac-Tunnel-16")).Want(400)
	}
	later = later.Add(auth.ResetCodeTTL + time.Second)
	anon.Do("POST", resetPath, form(addr, second, "Lilac-Tunnel-16", "Lilac-Tunnel-16")).Want(400)
	e.SignIn("forgetful", "Lilac-Tunnel-14")
}

// fakeMailer records messages, or fails.
type fakeMailer struct {
	mu   sync.Mutex
	sent []string // to | subject | body
	fail bool
}

func (m *fakeMailer) MailConfigured() bool { return true }

func (m *fakeMailer) SendMail(_ context.Context, to, subject, body string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.fail {
		return errors.New("smtp down")
	}
	m.sent = append(m.sent, to+"|"+subject+"|"+body)
	return nil
}

func TestPasswordResetCodeByMail(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	id := e.CreateUser("mailer", "oldpass1")
	e.Exec("UPDATE users SET email = 'mailer@example.com' WHERE id = ?", id)
	ctx := context.Background()
	m := &fakeMailer{}
	var logBuf strings.Builder
	s, err := auth.New(ctx, e.App.DB, auth.Options{
		PasswordCost: bcrypt.MinCost, AccessTTL: time.Minute, RefreshTTL: time.Hour, Mailer: m,
		Logger: slog.New(slog.NewTextHandler(&logBuf, nil)),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SendResetCode(ctx, i18n.EN, "Mailer@Example.com"); err != nil {
		t.Fatal(err)
	}
	if len(m.sent) != 1 {
		t.Fatalf("sent %d messages", len(m.sent))
	}
	parts := strings.SplitN(m.sent[0], "|", 3)
	code := regexp.MustCompile(`\d{6}`).FindString(parts[2])
	if parts[0] != "Mailer@Example.com" || parts[1] != "Cangshu password reset code" || code == "" || !strings.Contains(parts[2], "5 minutes") {
		t.Fatalf("message %q", m.sent[0])
	}
	if strings.Contains(logBuf.String(), code) {
		t.Fatal("a mailed code must not be logged")
	}
	if _, err := s.ResetPassword(ctx, auth.ResetInput{Email: "mailer@example.com", Code: code, Password: "Lilac-Tunnel-14", ConfirmPassword: "Lilac-Tunnel-14"}); err != nil {
		t.Fatal(err)
	}
	e.SignIn("mailer", "Lilac-Tunnel-14")

	// A failed delivery still answers ok (it must not tell the address is known) and is logged.
	m.fail = true
	s.Now = func() time.Time { return time.Now().Add(2 * time.Minute) }
	if err := s.SendResetCode(ctx, i18n.ZH, "mailer@example.com"); err != nil {
		t.Fatalf("failed delivery: %v", err)
	}
	if !strings.Contains(logBuf.String(), "send password reset code") {
		t.Fatalf("log: %s", logBuf.String())
	}
	// Bad input is a field error naming the field.
	err = s.SendResetCode(ctx, i18n.ZH, "")
	if e, ok := errs.As(err); !ok || len(e.Fields) != 1 || e.Fields[0].Path != "email" {
		t.Fatalf("empty e-mail: %v", err)
	}
}
