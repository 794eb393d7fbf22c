package app

import (
	"cangshu/internal/coding"
	"cangshu/internal/period"
	"cangshu/internal/server"
)

// wireSettings builds the advanced settings (issue 17): coding rules and
// the period close.
func (a *App) wireSettings() ([]server.Route, error) {
	r := coding.Routes(coding.NewService(a.DB))
	r = append(r, period.Routes(period.NewService(a.DB))...)
	return r, nil
}
