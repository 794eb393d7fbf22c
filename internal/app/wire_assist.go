package app

import "cangshu/internal/server"

// wireAssist builds the assist domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireAssist() ([]server.Route, error) {
	return nil, nil
}
