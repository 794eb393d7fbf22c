package auth_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/auth"
	"cangshu/internal/config"
)

func TestSignInAndBadCredentials(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	tests := []struct {
		name, user, pass, lang string
		status                 int
		code, msg, field       string
	}{
		{"wrong password", "admin", "nope-nope", "", 401, "A0210", "用户名或密码错误", ""},
		{"unknown user, English", "ghost", "whatever", "en", 401, "A0210", "Wrong username or password", ""},
		{"missing username", "", "x", "en", 400, "A0410", "Username is required", "username"},
		{"missing password", "admin", "", "", 400, "A0410", "密码不能为空", "password"},
		{"oversize username", strings.Repeat("a", 65), "x", "en", 400, "A0400", "Username must be at most 64 characters", "username"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			anon.Lang = tt.lang
			r := anon.Login(tt.user, tt.pass).Want(tt.status)
			if r.Env.Code != tt.code || r.Env.Msg != tt.msg {
				t.Fatalf("got %s %q, want %s %q", r.Env.Code, r.Env.Msg, tt.code, tt.msg)
			}
			if tt.field != "" && r.Env.Errors[tt.field] == "" {
				t.Fatalf("no error for field %s: %s", tt.field, r.Body)
			}
		})
	}
	r := anon.Login("admin", apptest.AdminPassword).Want(200)
	var tok auth.Tokens
	r.Decode(&tok)
	if tok.TokenType != "Bearer" || tok.AccessToken == "" || tok.RefreshToken == "" || tok.ExpiresIn != 1800 {
		t.Fatalf("tokens: %+v", tok)
	}
}

func TestLoginBodyMustBeWellFormed(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	anon.Lang = "en"
	r := anon.Do("POST", "/api/auth/login", `{"username": "admin", `).Want(400)
	if r.Env.Msg != "The request body is not valid JSON" {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	r = anon.Raw("POST", "/api/auth/login", "text/xml", strings.NewReader("<a/>")).Want(400)
	if !strings.Contains(r.Env.Msg, "text/xml") {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// JSON and form bodies are accepted besides multipart.
	anon.Do("POST", "/api/auth/login", map[string]string{"username": "admin", "password": apptest.AdminPassword}).Want(200)
}

func TestCaptchaIsOneTimeAndExpires(t *testing.T) {
	t.Parallel()
	e := apptest.New(t, func(c *config.Config) { c.Captcha = true })
	anon := e.Anonymous()
	newCaptcha := func(answer string) string {
		var cp auth.Captcha
		anon.Do("GET", "/api/auth/captcha", nil).Want(200).Decode(&cp)
		if !strings.HasPrefix(cp.CaptchaBase64, "data:image/png;base64,") || !cp.CaptchaEnabled {
			t.Fatalf("captcha: %.60s", cp.CaptchaBase64)
		}
		e.Exec("UPDATE captchas SET answer_hash = ? WHERE captcha_key = ?", auth.HashAnswer(cp.CaptchaKey, answer), cp.CaptchaKey)
		return cp.CaptchaKey
	}
	login := func(key, code string) *apptest.Response {
		return anon.Multipart("POST", "/api/auth/login", map[string]string{
			"username": "admin", "password": apptest.AdminPassword, "captchaKey": key, "captchaCode": code}, "", nil)
	}
	if r := login("", ""); r.Status != 400 || r.Env.Code != "A0240" {
		t.Fatalf("no captcha: %d %s", r.Status, r.Body)
	}
	key := newCaptcha("4821")
	if r := login(key, "1111"); r.Status != 400 || r.Env.Code != "A0240" {
		t.Fatalf("wrong captcha: %d %s", r.Status, r.Body)
	}
	if r := login(key, "4821"); r.Status != 400 || r.Env.Code != "A0242" {
		t.Fatalf("reused captcha: %d %s", r.Status, r.Body)
	}
	key = newCaptcha("4821")
	e.Exec("UPDATE captchas SET expires_at = ? WHERE captcha_key = ?", time.Now().UTC().Add(-time.Second), key)
	if r := login(key, "4821"); r.Status != 400 || r.Env.Code != "A0242" {
		t.Fatalf("expired captcha: %d %s", r.Status, r.Body)
	}
	key = newCaptcha("4821")
	// verify checks without using the captcha up.
	anon.Do("POST", "/api/auth/verify", map[string]string{"captchaKey": key, "captchaCode": "4821"}).Want(200)
	login(key, "4821").Want(200)
	// A wrong answer at verify burns the captcha.
	key = newCaptcha("4821")
	anon.Do("POST", "/api/auth/verify", map[string]string{"captchaKey": key, "captchaCode": "0000"}).Want(400)
	if r := login(key, "4821"); r.Env.Code != "A0242" {
		t.Fatalf("captcha after wrong verify: %s", r.Body)
	}
}

func TestRepeatedFailuresAreThrottled(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	anon := e.Anonymous()
	for i := 0; i < auth.MaxUserFailures; i++ {
		anon.Login("admin", "wrong-password").Want(401)
	}
	anon.Lang = "en"
	r := anon.Login("admin", apptest.AdminPassword).Want(429)
	if !strings.Contains(r.Env.Msg, "Too many failed sign-ins") {
		t.Fatalf("msg %q", r.Env.Msg)
	}
	// Another user from the same address is not locked out yet.
	e.CreateUser("clerk", "secret1")
	anon.Login("clerk", "secret1").Want(200)
	// Per address: many users failing from one address lock the address.
	for i := 0; i < auth.MaxIPFailures; i++ {
		anon.Login("nobody"+string(rune('a'+i)), "x")
	}
	anon.Login("clerk", "secret1").Want(429)
}

func TestRefreshRotatesAndDetectsReuse(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	anon := e.Anonymous()
	var next auth.Tokens
	anon.Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil).Want(200).Decode(&next)
	if next.RefreshToken == c.Refresh || next.AccessToken == "" {
		t.Fatal("refresh did not rotate")
	}
	// The rotated token is used up; presenting it again ends the session.
	r := anon.Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil).Want(401)
	if r.Env.Code != "A0231" {
		t.Fatalf("reuse: %s", r.Body)
	}
	r = anon.Do("POST", "/api/auth/refreshToken?refreshToken="+next.RefreshToken, nil).Want(401)
	if r.Env.Code != "A0231" {
		t.Fatalf("session not ended after reuse: %s", r.Body)
	}
	c.Token = next.AccessToken
	if r := c.Do("DELETE", "/api/auth/logout", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("access token of ended session: %d %s", r.Status, r.Body)
	}
	if r := anon.Do("POST", "/api/auth/refreshToken?refreshToken=garbage", nil); r.Env.Code != "A0231" {
		t.Fatalf("garbage: %s", r.Body)
	}
}

func TestLogoutRevokes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	c.Do("DELETE", "/api/auth/logout", nil).Want(200)
	if r := c.Do("DELETE", "/api/auth/logout", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("after logout: %d %s", r.Status, r.Body)
	}
	if r := e.Anonymous().Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil); r.Env.Code != "A0231" {
		t.Fatalf("refresh after logout: %s", r.Body)
	}
}

func TestAccessTokenExpires(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	e.App.Auth.Now = func() time.Time { return time.Now().Add(31 * time.Minute) }
	if r := c.Do("DELETE", "/api/auth/logout", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("expired token: %d %s", r.Status, r.Body)
	}
	// The refresh token still works, and gives a token valid at that time.
	var next auth.Tokens
	e.Anonymous().Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil).Want(200).Decode(&next)
	c.Token = next.AccessToken
	c.Do("DELETE", "/api/auth/logout", nil).Want(200)
}

func TestDisabledUserCannotSignInAndLosesSessions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	uid := e.CreateUser("clerk", "secret1")
	c := e.SignIn("clerk", "secret1")
	e.Exec("UPDATE users SET status = 0 WHERE id = ?", uid)
	if r := c.Do("DELETE", "/api/auth/logout", nil); r.Status != 401 {
		t.Fatalf("disabled user's token: %d %s", r.Status, r.Body)
	}
	if r := e.Anonymous().Do("POST", "/api/auth/refreshToken?refreshToken="+c.Refresh, nil); r.Env.Code != "A0231" {
		t.Fatalf("disabled user's refresh: %s", r.Body)
	}
	if r := c.Login("clerk", "secret1"); r.Status != 403 || r.Env.Code != "A0201" {
		t.Fatalf("disabled sign-in: %d %s", r.Status, r.Body)
	}
}

func TestTamperedTokenIsRefused(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	c := e.Admin()
	c.Token = c.Token[:len(c.Token)-3] + "abc"
	if r := c.Do("DELETE", "/api/auth/logout", nil); r.Status != 401 || r.Env.Code != "A0230" {
		t.Fatalf("tampered: %d %s", r.Status, r.Body)
	}
}

func TestActiveShopMustStayUsable(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	uid := e.CreateUser("clerk", "secret1")
	c := e.SignIn("clerk", "secret1")
	ctx := context.Background()
	shopID := e.ID("SELECT shop_id FROM user_shops WHERE user_id = ?", uid)
	p, err := e.App.Auth.Authenticate(ctx, c.Token)
	if err != nil || p.ShopID != shopID {
		t.Fatalf("active shop %v, %v", p, err)
	}
	e.Exec("DELETE FROM user_shops WHERE user_id = ?", uid)
	if p, _ := e.App.Auth.Authenticate(ctx, c.Token); p.ShopID != 0 {
		t.Fatal("removed member keeps the shop")
	}
	e.Exec("INSERT INTO user_shops (user_id, shop_id) VALUES (?, ?)", uid, shopID)
	e.Exec("UPDATE shops SET status = 0 WHERE id = ?", shopID)
	if p, _ := e.App.Auth.Authenticate(ctx, c.Token); p.ShopID != 0 {
		t.Fatal("disabled shop stays active")
	}
}

func TestExpiredSessionsAreDeletedAtSignIn(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.Admin()
	ctx := context.Background()
	e.App.DB.Exec(ctx, "UPDATE sessions SET expires_at = ?", time.Now().UTC().Add(-time.Hour))
	e.Admin()
	if n := e.Count("SELECT COUNT(*) FROM sessions"); n != 1 {
		t.Fatalf("%d sessions, want only the new one", n)
	}
	if n := e.Count("SELECT COUNT(*) FROM refresh_tokens"); n != 1 {
		t.Fatalf("%d refresh tokens, want only the new one", n)
	}
}
