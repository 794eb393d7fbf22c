package app

import "cangshu/internal/server"

// wireItems builds the item domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireItems() ([]server.Route, error) {
	return nil, nil
}
