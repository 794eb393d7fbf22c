package statement

import (
	"cangshu/internal/server"
)

// Routes are the statement endpoints: the staff's (create, list, revoke)
// with their permissions, and the two of the page without sign-in (open,
// answer), which know only the token.
func Routes(s *Service) []server.Route {
	const tag = "statement"
	return []server.Route{
		{Method: "POST", Path: "/api/statement/add", Perm: PermShare, Log: "log.statement.add", Tag: tag,
			H: server.In(func(c *server.Ctx, in CreateInput) (any, error) {
				out, err := s.Create(c.Context(), c.User, c.Lang, in)
				if err == nil {
					c.LogChanges(server.Change{Field: "statement", New: out.ID}, server.Change{Field: "buId", New: in.BuID})
				}
				return out, err
			})},
		{Method: "GET", Path: "/api/statement/list", Perm: PermQuery, Tag: tag,
			H: server.Listed(func(c *server.Ctx, p server.ListParams) (any, error) {
				buID, err := c.QueryInt("buId", 0)
				if err != nil {
					return nil, err
				}
				return s.List(c.Context(), c.User, buID, p)
			})},
		{Method: "POST", Path: "/api/statement/revoke", Perm: PermShare, Log: "log.statement.revoke", Tag: tag,
			H: server.QID("id", func(c *server.Ctx, id int64) (any, error) {
				return nil, s.Revoke(c.Context(), c.User, id)
			})},
		{Method: "GET", Path: "/api/statement/view", Public: true, Tag: tag,
			H: func(c *server.Ctx) (any, error) {
				return s.Open(c.Context(), c.Query("token"))
			}},
		{Method: "POST", Path: "/api/statement/answer", Public: true, Log: "log.statement.answer", Tag: tag,
			H: server.In(func(c *server.Ctx, in AnswerInput) (any, error) {
				out, err := s.Answer(c.Context(), in, c.IP)
				if err != nil {
					return nil, err
				}
				// the operation log names the customer (no user signed in)
				c.User = &server.Principal{Username: out.ContactName, ShopID: out.ShopID}
				c.LogChanges(server.Change{Field: "statement", New: out.ShareID}, server.Change{Field: "answer", New: out.Public.Answer},
					server.Change{Field: "comment", New: out.Comment})
				return out.Public, nil
			})},
	}
}
