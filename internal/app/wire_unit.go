package app

import (
	"cangshu/internal/server"
	"cangshu/internal/unit"
)

// wireUnits builds the unit domain: its service and its routes. Units and
// groups refer to nothing outside their own tables (a group's units go with
// it); goods register their references to usage.Unit and usage.UnitType.
func (a *App) wireUnits() ([]server.Route, error) {
	return unit.Routes(unit.NewService(a.DB, a.Usage)), nil
}
