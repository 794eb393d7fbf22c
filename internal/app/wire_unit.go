package app

import "cangshu/internal/server"

// wireUnits builds the unit domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireUnits() ([]server.Route, error) {
	return nil, nil
}
