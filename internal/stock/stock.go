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
	// Role is the move's part in a group of moves that take their cost from
	// each other: RoleOnly (none), RoleOut (it feeds the group: a transfer
	// line's move out, an assembly's parts, a disassembly's product) or
	// RoleIn (fed: a transfer line's move in, an assembly's product, a
	// disassembly's parts). A fed move's amount is the group's feeding cost
	// plus Fee, shared over the group's fed moves in proportion to Weight
	// (all weights 0: to quantity), the last fed move (by position) taking
	// the remainder; set by the engine at posting and at every recost of a
	// feeding move since. FeedKey names the group (the document line owning
	// it; 0 = EntryID).
	Role    int
	FeedKey int64
	Weight  dec.Dec // RoleIn: the share weight (≥ 0)
	Fee     dec.Dec // RoleIn: the group's fee (the same on each fed move)
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
	costFed      = 2 // fed: its group's feeding cost (RoleIn)
)

// feedKey is the move's group (0: none).
func (m *Move) feedKey() int64 {
	switch {
	case m.Role == RoleOnly:
		return 0
	case m.FeedKey != 0:
		return m.FeedKey
	}
	return m.EntryID
}

// mode is the cost mode a move is stored with.
func (m *Move) mode(qty int64) int {
	switch {
	case m.Role == RoleIn:
		return costFed
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
