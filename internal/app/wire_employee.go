package app

import "cangshu/internal/server"

// wireEmployees builds the employee domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireEmployees() ([]server.Route, error) {
	return nil, nil
}
