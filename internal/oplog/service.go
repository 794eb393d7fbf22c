package oplog

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/server"
)

// Service is a placeholder until the domain is written.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// WriteLog records one operation.
func (s *Service) WriteLog(ctx context.Context, e server.LogEntry) {}
