package access

import (
	"cangshu/internal/server"
)

// Routes lists the data-rights endpoints.
func Routes(s *Service) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/dataRights", Perm: permRoleQuery + "|" + permUserQuery, Tag: "role",
			H: func(c *server.Ctx) (any, error) {
				roleID, err := c.QueryInt("roleId", 0)
				if err != nil {
					return nil, err
				}
				userID, err := c.QueryInt("userId", 0)
				if err != nil {
					return nil, err
				}
				return s.Get(c.Context(), c.User, roleID, userID)
			}},
		{Method: "POST", Path: "/api/dataRights", Perm: permRoleEdit + "|" + permUserEdit, Log: "log.dataRights.save", Tag: "role",
			H: server.In(func(c *server.Ctx, in Input) (any, error) {
				before, after, err := s.Save(c.Context(), c.User, in)
				if err != nil {
					return nil, err
				}
				c.LogChanges(server.Diff(before, after)...)
				return after, nil
			})},
	}
}
