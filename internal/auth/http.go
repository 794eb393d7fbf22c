package auth

import (
	"cangshu/internal/server"
)

// Routes are the sign-in endpoints.
func Routes(s *Service) []server.Route {
	refresh := func(c *server.Ctx) (any, error) {
		token := c.Query("refreshToken")
		if token == "" {
			var in struct {
				RefreshToken string `json:"refreshToken"`
			}
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			token = in.RefreshToken
		}
		return s.Refresh(c.Context(), token)
	}
	return append([]server.Route{
		{Method: "POST", Path: "/api/auth/login", Public: true, Log: "log.auth.login", Tag: "auth", H: func(c *server.Ctx) (any, error) {
			var in LoginInput
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			in.IP, in.UserAgent = c.IP, c.R.UserAgent()
			tokens, who, err := s.Login(c.Context(), in)
			if err != nil {
				return nil, err
			}
			c.User = who // for the operation log
			return tokens, nil
		}},
		{Method: "POST", Path: "/api/auth/refreshToken", Public: true, Tag: "auth", H: refresh},
		{Method: "POST", Path: "/api/home/refreshToken", Public: true, Tag: "auth", H: refresh},
		{Method: "DELETE", Path: "/api/auth/logout", Pending: true, Log: "log.auth.logout", Tag: "auth", H: func(c *server.Ctx) (any, error) {
			return nil, s.Logout(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/auth/captcha", Public: true, Tag: "auth", H: func(c *server.Ctx) (any, error) {
			return s.NewCaptcha(c.Context())
		}},
		{Method: "POST", Path: "/api/auth/verify", Public: true, Tag: "auth", H: func(c *server.Ctx) (any, error) {
			var in struct {
				CaptchaKey  string `json:"captchaKey"`
				CaptchaCode string `json:"captchaCode"`
			}
			if err := c.Bind(&in); err != nil {
				return nil, err
			}
			if err := s.VerifyCaptcha(c.Context(), in.CaptchaKey, in.CaptchaCode); err != nil {
				return nil, err
			}
			return true, nil
		}},
	}, publicRoutes(s)...) // public.go: config, register, password reset
}
