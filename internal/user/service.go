package user

import (
	"log/slog"

	"cangshu/internal/db"
)

// Options configure the user service.
type Options struct {
	PasswordCost int
	SMTPHost     string
	SMTPPort     int
	SMTPUser     string
	SMTPPassword string
	SMTPFrom     string
	Logger       *slog.Logger // one-time codes are written here when SMTP is not configured
}

// Service is a placeholder until the domain is written.
type Service struct {
	db  *db.DB
	opt Options
}

// NewService makes the service.
func NewService(d *db.DB, opt Options) *Service { return &Service{db: d, opt: opt} }
