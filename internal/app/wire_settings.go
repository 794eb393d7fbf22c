package app

import (
	"cangshu/internal/coding"
	"cangshu/internal/server"
)

// wireSettings builds the advanced settings (issue 17): coding rules.
func (a *App) wireSettings() ([]server.Route, error) {
	return coding.Routes(coding.NewService(a.DB)), nil
}
