package home

import (
	"cangshu/internal/db"
	"cangshu/internal/sysconf"
)

// Service is a placeholder until the domain is written.
type Service struct {
	db      *db.DB
	conf    *sysconf.Service
	version string
}

// NewService makes the service.
func NewService(d *db.DB, conf *sysconf.Service, version string) *Service {
	return &Service{db: d, conf: conf, version: version}
}
