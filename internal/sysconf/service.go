package sysconf

import "cangshu/internal/db"

// Service is a placeholder until the domain is written.
type Service struct{ db *db.DB }

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }
