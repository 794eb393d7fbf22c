package app

import "cangshu/internal/server"

// wireGoods builds the goods domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireGoods() ([]server.Route, error) {
	return nil, nil
}
