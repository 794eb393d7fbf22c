package app

import "cangshu/internal/server"

// wireLocations builds the location domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireLocations() ([]server.Route, error) {
	return nil, nil
}
