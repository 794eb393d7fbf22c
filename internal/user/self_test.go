package user_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/config"
	"cangshu/internal/user"
)

func TestForcedPasswordChange(t *testing.T) {
	t.Parallel()
	e := apptest.New(t, func(c *config.Config) { c.AdminPassword = "" })
	pw := e.App.GeneratedAdminPassword
	if pw == "" {
		t.Fatal("no generated password")
	}
	admin := e.SignIn("admin", pw)
	admin.Lang = "en"
	r := admin.Do("GET", "/api/users/page", nil).Want(403)
	if r.Env.Code != "A0232" || r.Env.Msg != "Please change your initial password first" {
		t.Fatalf("page before the change: %s", r.Body)
	}
	var me user.Me
	admin.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if !me.MustChangePassword || me.Username != "admin" {
		t.Fatalf("me %+v", me)
	}
	admin.Do("GET", "/api/users/profile", nil).Want(200)
	admin.Do("POST", "/api/users/set_password", map[string]string{
		"oldPassword": pw, "newPassword": "my-own-secret", "confirmPassword": "my-own-secret",
	}).Want(200)
	var p struct{ Total int }
	admin.Do("GET", "/api/users/page", nil).Want(200).Decode(&p)
	if p.Total != 1 {
		t.Fatalf("page %+v", p)
	}
	admin.Do("GET", "/api/users/me", nil).Want(200).Decode(&me)
	if me.MustChangePassword {
		t.Fatal("still must change")
	}
	e.SignIn("admin", "my-own-secret")
}

func TestSetPassword(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.CreateUser("pat", "Walnut-Cabin-61", "sys:user:query")
	pat := e.SignIn("pat", "Walnut-Cabin-61")
	other := e.SignIn("pat", "Walnut-Cabin-61") // a second session, e.g. another browser
	pat.Lang = "en"
	tests := []struct {
		name                 string
		old, new, confirm    string
		field, msg           string
		contentType, rawBody string
	}{
		{"wrong old", "nope-nope", "Lilac-Tunnel-14", "Lilac-Tunnel-14", "oldPassword", "The current password is wrong", "", ""},
		{"missing old", "", "Lilac-Tunnel-14", "Lilac-Tunnel-14", "oldPassword", "Current password is required", "", ""},
		{"mismatch", "Walnut-Cabin-61", "Lilac-Tunnel-14", "Lilac-Tunnel-15", "confirmPassword", "The two new passwords do not match", "", ""},
		{"missing confirm", "Walnut-Cabin-61", "Lilac-Tunnel-14", "", "confirmPassword", "Confirm password is required", "", ""},
		{"same", "Walnut-Cabin-61", "Walnut-Cabin-61", "Walnut-Cabin-61", "newPassword", "The new password must differ from the current one", "", ""},
		{"short", "Walnut-Cabin-61", "abc", "abc", "newPassword", "New password must be at least 8 characters", "", ""},
		{"the administrator's abcdef", "Walnut-Cabin-61", "abcdef", "abcdef", "newPassword", "New password must be at least 8 characters", "", ""},
		{"common", "Walnut-Cabin-61", "Password123", "Password123", "newPassword", "New password is too common and easy to guess; choose another", "", ""},
		{"the user name", "Walnut-Cabin-61", "pat-and-PAT-9", "pat-and-PAT-9", "newPassword", "New password may not contain the user name", "", ""},
		{"long", "Walnut-Cabin-61", strings.Repeat("x", 65), strings.Repeat("x", 65), "newPassword", "New password must be at most 64 characters", "", ""},
		{"malformed", "", "", "", "", "The request body is not valid JSON", "application/json", `{"oldPassword":`},
		{"content type", "", "", "", "", "Unsupported request content type: text/plain", "text/plain", "x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r *apptest.Response
			if tt.contentType != "" {
				r = pat.Raw("POST", "/api/users/set_password", tt.contentType, strings.NewReader(tt.rawBody))
			} else {
				r = pat.Do("POST", "/api/users/set_password", map[string]string{
					"oldPassword": tt.old, "newPassword": tt.new, "confirmPassword": tt.confirm})
			}
			r.Want(400)
			if tt.field != "" && r.Env.Errors[tt.field] != tt.msg || r.Env.Msg != tt.msg {
				t.Fatalf("got %s", r.Body)
			}
		})
	}
	pat.Lang = ""
	r := pat.Do("POST", "/api/users/set_password", map[string]string{"oldPassword": "x", "newPassword": "Lilac-Tunnel-14", "confirmPassword": "Lilac-Tunnel-14"}).Want(400)
	if r.Env.Errors["oldPassword"] != "原密码不正确" {
		t.Fatalf("zh: %s", r.Body)
	}
	other.Do("GET", "/api/users/me", nil).Want(200)
	pat.Do("POST", "/api/users/set_password", map[string]string{
		"oldPassword": "Walnut-Cabin-61", "newPassword": "Lilac-Tunnel-14", "confirmPassword": "Lilac-Tunnel-14"}).Want(200)
	pat.Do("GET", "/api/users/me", nil).Want(200) // this session stays
	if r := other.Do("GET", "/api/users/me", nil); r.Status != 401 {
		t.Fatalf("the other session survived: %d", r.Status)
	}
	if r := e.Anonymous().Login("pat", "Walnut-Cabin-61"); r.Status != 401 {
		t.Fatal("old password still works")
	}
	e.SignIn("pat", "Lilac-Tunnel-14")
	// The operation log hides the passwords.
	params := e.Text("SELECT params FROM sys_logs WHERE action = 'log.user.changePassword' AND status = 200")
	if strings.Contains(params, "Lilac-Tunnel-14") {
		t.Fatalf("password in the operation log: %s", params)
	}
}

func TestProfile(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	id := create(t, admin, with(newUser(e, "prof"), "deptId", hq(e), "mobile", "13800000031", "email", "p@example.com"))
	e.Exec("UPDATE users SET must_change_password = 0 WHERE id = ?", id)
	c := e.SignIn("prof", "Walnut-Cabin-61")
	var p user.Profile
	c.Do("GET", "/api/users/profile", nil).Want(200).Decode(&p)
	if p.ID != id || p.Username != "prof" || p.DeptName != "总部" || p.RoleNames == "" || p.Mobile != "13800000031" ||
		p.Email != "p@example.com" || p.CreateTime.IsZero() {
		t.Fatalf("profile %+v", p)
	}
	// Only nickname, avatar and gender change; other fields are ignored.
	c.Do("POST", "/api/users/profile", map[string]any{
		"nickname": "新昵称", "avatar": "/a.png", "gender": 2, "username": "hacker", "mobile": "13900000000", "status": 0,
	}).Want(200)
	c.Do("GET", "/api/users/profile", nil).Want(200).Decode(&p)
	if p.Nickname != "新昵称" || p.Avatar != "/a.png" || p.Gender != 2 || p.Username != "prof" || p.Mobile != "13800000031" {
		t.Fatalf("profile after update %+v", p)
	}
	// Absent fields stay.
	c.Do("POST", "/api/users/profile", map[string]any{"gender": 1}).Want(200)
	c.Do("GET", "/api/users/profile", nil).Want(200).Decode(&p)
	if p.Nickname != "新昵称" || p.Gender != 1 || p.Avatar != "/a.png" {
		t.Fatalf("partial update %+v", p)
	}
	c.Lang = "en"
	for _, tt := range []struct {
		body       any
		field, msg string
	}{
		{map[string]any{"nickname": " "}, "nickname", "Nickname is required"},
		{map[string]any{"nickname": strings.Repeat("n", 33)}, "nickname", "Nickname must be at most 32 characters"},
		{map[string]any{"avatar": strings.Repeat("a", 501)}, "avatar", "Avatar must be at most 500 characters"},
		{map[string]any{"gender": 9}, "gender", "Gender has a value that is not allowed"},
		{`{"gender": "x"}`, "gender", "gender is not valid"},
		{`{"nickname"`, "", "The request body is not valid JSON"},
	} {
		r := c.Do("POST", "/api/users/profile", tt.body).Want(400)
		if r.Env.Msg != tt.msg || (tt.field != "" && r.Env.Errors[tt.field] == "") {
			t.Errorf("%v: %s", tt.body, r.Body)
		}
	}
	if r := c.Raw("POST", "/api/users/profile", "text/csv", strings.NewReader("a")); r.Status != 400 {
		t.Fatalf("content type: %d", r.Status)
	}
	if n := e.Text("SELECT status || '' FROM users WHERE id = ?", id); n != "1" {
		t.Fatalf("status changed through the profile: %s", n)
	}
}

var codeLine = regexp.MustCompile(`msg="one-time code" channel=(\w+) target=(\S+) code=(\d{6})`)

// lastCode is the newest one-time code the server logged for a target.
func lastCode(t *testing.T, e *apptest.Env, target string) string {
	t.Helper()
	code := ""
	for _, m := range codeLine.FindAllStringSubmatch(e.Log.String(), -1) {
		if m[2] == target {
			code = m[3]
		}
	}
	if code == "" {
		t.Fatalf("no code for %s in the log", target)
	}
	return code
}

func TestBindMobileWithCode(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.CreateUser("mo", "Walnut-Cabin-61")
	c := e.SignIn("mo", "Walnut-Cabin-61")
	c.Lang = "en"
	clock := time.Now()
	e.App.Users.Now = func() time.Time { return clock }
	mobile := "13812345678"

	r := c.Do("POST", "/api/users/mobile/code?mobile=12345", nil).Want(400)
	if r.Env.Errors["mobile"] != "Mobile is not valid" {
		t.Fatalf("bad mobile: %s", r.Body)
	}
	c.Do("POST", "/api/users/mobile/code", nil).Want(400)
	c.Do("POST", "/api/users/mobile/code?mobile="+mobile, nil).Want(200)
	code := lastCode(t, e, mobile)
	r = c.Do("POST", "/api/users/mobile/code?mobile="+mobile, nil).Want(429)
	if !strings.HasPrefix(r.Env.Msg, "Codes are sent too often; try again in ") {
		t.Fatalf("throttle: %s", r.Body)
	}
	wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
	for _, tt := range []struct {
		body       map[string]string
		field, msg string
	}{
		{map[string]string{"mobile": mobile, "code": wrong}, "code", "The verification code is wrong"},
		{map[string]string{"mobile": mobile}, "code", "Verification code is required"},
		{map[string]string{"mobile": "13900000000", "code": code}, "code", "The verification code is no longer valid; request a new one"},
		{map[string]string{"mobile": "abc", "code": code}, "mobile", "Mobile is not valid"},
	} {
		r := c.Do("POST", "/api/users/mobile", tt.body).Want(400)
		if r.Env.Errors[tt.field] != tt.msg {
			t.Errorf("%v: %s", tt.body, r.Body)
		}
	}
	c.Do("POST", "/api/users/mobile", map[string]string{"mobile": mobile, "code": code}).Want(200)
	if got := e.Text("SELECT mobile FROM users WHERE username = 'mo'"); got != mobile {
		t.Fatalf("mobile %q", got)
	}
	// A used code cannot be used again.
	r = c.Do("POST", "/api/users/mobile", map[string]string{"mobile": mobile, "code": code}).Want(400)
	if r.Env.Errors["code"] == "" {
		t.Fatalf("reuse: %s", r.Body)
	}

	// Five wrong answers kill a code.
	clock = clock.Add(user.CodeInterval + time.Second)
	c.Do("POST", "/api/users/mobile/code?mobile=13887654321", nil).Want(200)
	code = lastCode(t, e, "13887654321")
	wrong = fmt.Sprintf("%06d", (atoi(code)+1)%1000000)
	for i := 0; i < user.MaxCodeAttempts; i++ {
		c.Do("POST", "/api/users/mobile", map[string]string{"mobile": "13887654321", "code": wrong}).Want(400)
	}
	r = c.Do("POST", "/api/users/mobile", map[string]string{"mobile": "13887654321", "code": code}).Want(400)
	if r.Env.Errors["code"] != "The verification code is no longer valid; request a new one" {
		t.Fatalf("after five wrong answers: %s", r.Body)
	}

	// Codes expire.
	clock = clock.Add(user.CodeInterval + time.Second)
	c.Do("POST", "/api/users/mobile/code?mobile=13887654321", nil).Want(200)
	code = lastCode(t, e, "13887654321")
	clock = clock.Add(user.CodeTTL + time.Second)
	r = c.Do("POST", "/api/users/mobile", map[string]string{"mobile": "13887654321", "code": code}).Want(400)
	if r.Env.Errors["code"] != "The verification code is no longer valid; request a new one" {
		t.Fatalf("expired: %s", r.Body)
	}
	// A newer code replaces the older one.
	c.Do("POST", "/api/users/mobile/code?mobile=13887654321", nil).Want(200)
	first := lastCode(t, e, "13887654321")
	clock = clock.Add(user.CodeInterval + time.Second)
	c.Do("POST", "/api/users/mobile/code?mobile=13887654321", nil).Want(200)
	second := lastCode(t, e, "13887654321")
	if first != second {
		c.Do("POST", "/api/users/mobile", map[string]string{"mobile": "13887654321", "code": first}).Want(400)
	}
	c.Do("POST", "/api/users/mobile", map[string]string{"mobile": "13887654321", "code": second}).Want(200)
	if n := e.Count("SELECT COUNT(*) FROM verify_codes WHERE code_hash LIKE ?", "%"+second+"%"); n != 0 {
		t.Fatal("the code is stored in clear")
	}
	if got := e.Text("SELECT mobile FROM users WHERE username = 'mo'"); got != "13887654321" {
		t.Fatalf("mobile %q", got)
	}
}

func TestBindEmailWithCode(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.CreateUser("em", "Walnut-Cabin-61")
	c := e.SignIn("em", "Walnut-Cabin-61")
	r := c.Do("POST", "/api/users/email/code?email=not-an-address", nil).Want(400)
	if r.Env.Errors["email"] != "邮箱格式不正确" {
		t.Fatalf("bad email: %s", r.Body)
	}
	c.Do("POST", "/api/users/email/code?email=em@example.com", nil).Want(200)
	code := lastCode(t, e, "em@example.com")
	// Another channel has its own throttle.
	c.Do("POST", "/api/users/mobile/code?mobile=13800000041", nil).Want(200)
	c.Do("POST", "/api/users/email/code?email=em@example.com", nil).Want(429)
	r = c.Do("POST", "/api/users/email", map[string]string{"email": "em@example.com", "code": "000000"})
	if code != "000000" && (r.Status != 400 || r.Env.Errors["code"] != "验证码不正确") {
		t.Fatalf("wrong code: %s", r.Body)
	}
	c.Do("POST", "/api/users/email", map[string]string{"email": "em@example.com", "code": code}).Want(200)
	if got := e.Text("SELECT email FROM users WHERE username = 'em'"); got != "em@example.com" {
		t.Fatalf("email %q", got)
	}
	// Another user cannot use em's code.
	e.CreateUser("thief", "Walnut-Cabin-61")
	th := e.SignIn("thief", "Walnut-Cabin-61")
	th.Do("POST", "/api/users/email", map[string]string{"email": "em@example.com", "code": code}).Want(400)
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}
