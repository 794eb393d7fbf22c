package app

import (
	"cangshu/internal/account"
	"cangshu/internal/bill"
	"cangshu/internal/server"
)

// wireAccounts builds the account domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireAccounts() ([]server.Route, error) {
	return account.Routes(account.NewService(a.DB, a.Usage, bill.AccountFlowSQL)), nil
}
