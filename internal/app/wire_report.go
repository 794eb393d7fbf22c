package app

import (
	"cangshu/internal/report"
	"cangshu/internal/server"
)

// wireReport builds the reports (internal/report: reads only) and the
// dashboard's figures.
func (a *App) wireReport() ([]server.Route, error) {
	return report.Routes(report.NewService(a.DB)), nil
}
