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
	"cangshu/internal/sysparam"
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
	sys, err := sysparam.ReadSystem(ctx, q)
	if err != nil {
		return Config{}, fmt.Errorf("stock config: %w", err)
	}
	return ConfigOf(sys), nil
}

// ConfigOf is the engine's configuration in system parameters already
// read (a caller that has them saves a query).
func ConfigOf(sys sysparam.System) Config {
	m := MovingAverage
	if sys.ValMethods == string(FIFO) {
		m = FIFO
	}
	return Config{Method: m, AmountPlaces: sys.AmountPlaces, QtyPlaces: sys.QtyPlaces, CheckNegative: sys.RequiredCheckStore == 1}
}

// OpeningKind is the Kind of opening-stock moves.
const OpeningKind = "opening"

// ErrShort is the message key of the negative-stock refusal (a 400 whose
// arguments are goods, location, qty and unit).
const ErrShort = "stock.err.short"
