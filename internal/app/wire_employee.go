package app

import (
	"cangshu/internal/employee"
	"cangshu/internal/server"
)

// wireEmployees builds the employee domain: its service and its routes.
// Staff refer to nothing; documents register their references to
// usage.Employee.
func (a *App) wireEmployees() ([]server.Route, error) {
	return employee.Routes(employee.NewService(a.DB, a.Usage)), nil
}
