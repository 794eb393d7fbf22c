package oplog

import "cangshu/internal/server"

// Routes lists the domain's endpoints.
func Routes(s *Service) []server.Route { return nil }
