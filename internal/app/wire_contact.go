package app

import "cangshu/internal/server"

// wireContacts builds the contact domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireContacts() ([]server.Route, error) {
	return nil, nil
}
