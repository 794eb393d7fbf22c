package app

import "cangshu/internal/server"

// wireAccounts builds the account domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireAccounts() ([]server.Route, error) {
	return nil, nil
}
