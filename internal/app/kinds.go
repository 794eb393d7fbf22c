package app

import (
	"slices"

	"cangshu/internal/bill"
	"cangshu/internal/fund"
	"cangshu/internal/order"
	"cangshu/internal/trade"
	"cangshu/internal/warehouse"
)

// Kinds is every document kind the app serves, the one list of them: each
// kind is declared once in its package (trade, order, warehouse; the money
// kinds add theirs here). kinds_test.go proves that the route table, the
// seeded menus, the migrations' coding rules, the server's and the web
// app's labels in both languages and the web app's kind table
// (web/src/features/document/kinds.ts) agree with it.
func Kinds() []*bill.Kind {
	return slices.Concat(trade.Kinds, order.Kinds, warehouse.Kinds, fund.Kinds)
}
