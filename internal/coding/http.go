package coding

import (
	"strconv"

	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Routes lists the coding-rule endpoints.
func Routes(s *Service) []server.Route {
	const tag = "coding"
	return []server.Route{
		{Method: "GET", Path: "/api/coding/list", Perm: "settings:coding:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.List(c.Context(), c.User, c.Lang)
		}},
		{Method: "GET", Path: "/api/coding/preview", Perm: "settings:coding:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			in := Input{Kind: c.Query("kind"), Prefix: c.Query("prefix"), DatePart: c.Query("datePart"), Reset: c.Query("reset"), Manual: c.Query("manual") == "true"}
			d, err := strconv.Atoi(c.Query("digits"))
			if err != nil {
				return nil, errs.Field("digits", "err.invalid", errs.A("field", errs.Key("coding.field.digits")))
			}
			in.Digits = d
			return s.Preview(c.Context(), c.User, c.Lang, in)
		}},
		{Method: "POST", Path: "/api/coding/update", Perm: "settings:coding:update", Log: "log.coding.update", Tag: tag, H: server.In(func(c *server.Ctx, in Input) (any, error) {
			return s.Update(c.Context(), c, in)
		})},
	}
}
