package backup

import "cangshu/internal/server"

// Routes lists the backup endpoints; each also refuses a caller who is not
// ROOT (403), whatever permissions a role grants.
func Routes(s *Service) []server.Route {
	const tag = "backup"
	name := func(c *server.Ctx) string { return c.Query("name") }
	return []server.Route{
		{Method: "GET", Path: "/api/backup/list", Perm: "settings:backup:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.List(c.User)
		}},
		{Method: "POST", Path: "/api/backup/add", Perm: "settings:backup:add", Log: "log.backup.add", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Add(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/backup/download", Perm: "settings:backup:download", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Download(c.User, name(c))
		}},
		{Method: "POST", Path: "/api/backup/upload", Perm: "settings:backup:add", Upload: true, MaxBytes: s.MaxUpload, Log: "log.backup.upload", Tag: tag, H: func(c *server.Ctx) (any, error) {
			if err := rootOnly(c.User); err != nil {
				return nil, err
			}
			f, _, err := c.FormFile("file")
			if err != nil {
				return nil, err
			}
			defer f.Close()
			return s.Upload(c.User, f)
		}},
		{Method: "POST", Path: "/api/backup/restore", Perm: "settings:backup:restore", Log: "log.backup.restore", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.Restore(c.Context(), c.User, name(c), c.Query("confirm") == "1" || c.Query("confirm") == "true")
		}},
		{Method: "DELETE", Path: "/api/backup/delete", Perm: "settings:backup:delete", Log: "log.backup.delete", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return server.Done(s.Delete(c.User, name(c)))
		}},
		{Method: "GET", Path: "/api/backup/settings", Perm: "settings:backup:query", Tag: tag, H: func(c *server.Ctx) (any, error) {
			return s.GetSettings(c.Context(), c.User)
		}},
		{Method: "POST", Path: "/api/backup/settings", Perm: "settings:backup:add", Log: "log.backup.settings", Tag: tag, H: server.In(func(c *server.Ctx, in Settings) (any, error) {
			return s.SetSettings(c.Context(), c, in)
		})},
	}
}
