package app

import (
	"cangshu/internal/item"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// wireItems builds the item domain: its service, the references it
// registers (an item's category) and its routes. Documents register their
// references to usage.Item.
func (a *App) wireItems() ([]server.Route, error) {
	a.Usage.Add(usage.Assist, usage.Ref{Table: "items", Column: "category_id", What: item.Entity, Name: "name"})
	return item.Routes(item.NewService(a.DB, a.Usage)), nil
}
