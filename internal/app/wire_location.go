package app

import (
	"cangshu/internal/location"
	"cangshu/internal/server"
	"cangshu/internal/shop"
)

// wireLocations builds the location domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireLocations() ([]server.Route, error) {
	s := location.NewService(a.DB, a.Usage)
	// A shop whose warehouses are listed in shop_locations cannot be deleted.
	a.Shops.AddReference(shop.Reference{Table: "shop_locations", Column: "shop_id", What: location.Entity})
	return location.Routes(s), nil
}
