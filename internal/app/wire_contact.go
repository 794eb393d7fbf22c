package app

import (
	"cangshu/internal/bill"
	"cangshu/internal/contact"
	"cangshu/internal/server"
	"cangshu/internal/usage"
)

// wireContacts builds the contact domain: its service, the references it registers
// (usage, shops, reset) and its routes.
func (a *App) wireContacts() ([]server.Route, error) {
	// A customer or supplier category in use by contacts cannot be deleted.
	a.Usage.Add(usage.Assist, usage.Ref{Table: "contacts", Column: "category_id", What: contact.What, Name: "name"})
	return contact.Routes(contact.NewService(a.DB, a.Usage, bill.ContactDebtSQL)), nil
}
