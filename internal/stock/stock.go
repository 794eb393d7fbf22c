// Package stock is the stock engine: the ledger of movements
// (stock_moves), balances per goods, SKU, warehouse and batch
// (stock_balances), FIFO layers, costing (moving weighted average or FIFO),
// recosting of later movements when a back-dated one arrives, and the
// negative-stock rule. It imports no document package: documents hand it
// their moves inside their own transaction. See docs/stock.md.
package stock

import (
	"context"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/sysconf"
)

// Key names one balance. SKUID 0 = no SKU; Batch "" = no batch.
type Key struct {
	GoodsID    int64
	SKUID      int64
	LocationID int64
	Batch      string
}

// Move is one movement to post.
type Move struct {
	Key
	Date   string  // YYYY-MM-DD
	Qty    dec.Dec // signed base-unit quantity: + in, − out; never 0
	Amount dec.Dec // the given cost (signed like Qty) when Given
	// Given: the cost is given (receipts, sales returns at their source's
	// cost, opening stock); else the engine computes it. Only inbound moves
	// (Qty > 0) take a given cost: an outbound move always leaves at the
	// balance's cost (average or FIFO layers), so value never stays behind
	// at zero quantity and FIFO layers always sum to the balance.
	Given     bool
	Kind      string // the document kind ("purchase", "sales" …) or "opening"
	BillID    int64  // the document (0 for opening stock)
	EntryID   int64  // the document line
	OpeningID int64  // the goods_openings row (opening stock)
	// Role is the move's part in its line: RoleOnly (the line's one move),
	// RoleOut (the out side of a pair: a transfer line leaving its out
	// warehouse) or RoleIn (the in side: it takes its cost from the RoleOut
	// move of the same EntryID, in the same Post and on every recost since;
	// its Amount and Given are set by the engine).
	Role int
	// ValueOnly: a change of value without quantity (cost adjustment): Qty
	// is 0 and Amount the signed change, given. Refused where the balance
	// holds no quantity at the move's point (the value would be stranded),
	// at posting and at every recost since.
	ValueOnly bool
}

// Roles of a move in its line (stock_moves.role).
const (
	RoleOnly = 0
	RoleOut  = 1
	RoleIn   = 2
)

// Cost modes (stock_moves.cost_mode).
const (
	costComputed = 0 // the engine computes it from the balance
	costGiven    = 1 // given by the document
	costFromOut  = 2 // the negated cost of the line's RoleOut move
)

// mode is the cost mode a move is stored with.
func (m *Move) mode(qty int64) int {
	switch {
	case m.Role == RoleIn:
		return costFromOut
	case m.Given && qty >= 0:
		return costGiven
	}
	return costComputed
}

// Method is the valuation method (system parameter valMethods).
type Method string

const (
	MovingAverage Method = "movingAverage"
	FIFO          Method = "fifo"
)

// Config is what the engine needs from the system parameters.
type Config struct {
	Method        Method
	AmountPlaces  int
	QtyPlaces     int
	CheckNegative bool // requiredCheckStore; a warehouse's allow_negative overrides it per warehouse
}

// ReadConfig reads the engine's configuration from the system parameters.
func ReadConfig(ctx context.Context, q db.Querier) (Config, error) {
	sys, err := sysconf.ReadSystem(ctx, q)
	if err != nil {
		return Config{}, fmt.Errorf("stock config: %w", err)
	}
	return ConfigOf(sys), nil
}

// ConfigOf is the engine's configuration in system parameters already
// read (a caller that has them saves a query).
func ConfigOf(sys sysconf.System) Config {
	m := MovingAverage
	if sys.ValMethods == string(FIFO) {
		m = FIFO
	}
	return Config{Method: m, AmountPlaces: sys.AmountPlaces, QtyPlaces: sys.QtyPlaces, CheckNegative: sys.RequiredCheckStore == 1}
}

// OpeningKind is the Kind of opening-stock moves.
const OpeningKind = "opening"

// ErrStranded is the message key of a value-only move refused where the
// balance holds no quantity (arguments goods and location).
const ErrStranded = "stock.err.stranded"

// ErrShort is the message key of the negative-stock refusal (a 400 whose
// arguments are goods, location, qty and unit).
const ErrShort = "stock.err.short"
