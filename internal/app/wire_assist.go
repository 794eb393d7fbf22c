package app

import (
	"cangshu/internal/assist"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// wireAssist builds the assist domain: its service, the references it
// registers and its routes. An attribute group with values cannot be
// deleted (assists.type_id); a parent with children is refused by the
// service itself. Other domains register their references to usage.Assist
// and usage.AssistType.
func (a *App) wireAssist() ([]server.Route, error) {
	a.Usage.Add(usage.AssistType, usage.Ref{Table: "assists", Column: "type_id", What: assist.LabelValue, Name: "name"})
	return assist.Routes(assist.NewService(a.DB, a.Usage)), nil
}
