package backup

import "cangshu/internal/server"

// Routes lists the backup endpoints; each also refuses a caller who is not
// ROOT (403), whatever permissions a role grants.
func Routes(s *Service) []server.Route {
	const tag = "backup"
	name := func(c *server.Ctx) string { return c.Query("name") }
	return []server.Route{
		{Method: "GET", Path: "/api/backup/list", Perm: "settings:backup:query", Tag: tag, Summary: "Every backup (name, size, createTime), newest first; ROOT only", H: func(c *server.Ctx) (any, error) {
			return s.List(c.User)
		}},
		{Method: "POST", Path: "/api/backup/add", Perm: "settings:backup:add", Log: "log.backup.add", Tag: tag, Summary: "Back up now (database and images, made while serving); ROOT only", H: func(c *server.Ctx) (any, error) {
			return s.Add(c.Context(), c.User)
		}},
		{Method: "GET", Path: "/api/backup/download", Perm: "settings:backup:download", Tag: tag, Summary: "A backup's zip file (?name=); ROOT only", H: func(c *server.Ctx) (any, error) {
			return s.Download(c.User, name(c))
		}},
		{Method: "POST", Path: "/api/backup/upload", Perm: "settings:backup:add", Upload: true, MaxBytes: s.MaxUpload, Log: "log.backup.upload", Tag: tag, Summary: "Upload a backup zip (multipart file, up to the backup upload limit: 20 GB by default) made by Cangshu on the same engine; ROOT only", H: func(c *server.Ctx) (any, error) {
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
		{Method: "POST", Path: "/api/backup/restore", Perm: "settings:backup:restore", Log: "log.backup.restore", Tag: tag, Summary: "Check the backup ?name= whole, back up the current state, then restore it at once (the server keeps serving; everyone signs in again); a backup of another installation only with &confirm=1; ROOT only", H: func(c *server.Ctx) (any, error) {
			return s.Restore(c.Context(), c.User, name(c), c.Query("confirm") == "1" || c.Query("confirm") == "true")
		}},
		{Method: "DELETE", Path: "/api/backup/delete", Perm: "settings:backup:delete", Log: "log.backup.delete", Tag: tag, Summary: "Delete the backup ?name=; ROOT only", H: func(c *server.Ctx) (any, error) {
			return server.Done(s.Delete(c.User, name(c)))
		}},
		{Method: "GET", Path: "/api/backup/settings", Perm: "settings:backup:query", Tag: tag, Summary: "Scheduled daily backups: daily, hour, keep; ROOT only", H: func(c *server.Ctx) (any, error) {
			return s.GetSettings(c.Context(), c.User)
		}},
		{Method: "POST", Path: "/api/backup/settings", Perm: "settings:backup:add", Log: "log.backup.settings", Tag: tag, Summary: "Change the scheduled daily backups ({daily, hour 0–23, keep 1–365}); ROOT only", H: server.In(func(c *server.Ctx, in Settings) (any, error) {
			return s.SetSettings(c.Context(), c, in)
		})},
	}
}
