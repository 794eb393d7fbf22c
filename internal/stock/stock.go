// Package stock is the stock engine: the ledger of movements
// (stock_moves), balances per goods, SKU, warehouse and batch
// (stock_balances), FIFO layers, costing (moving weighted average or FIFO),
// recosting of later movements when a back-dated one arrives, and the
// negative-stock rule. It imports no document package: documents hand it
// their moves inside their own transaction. See docs/stock.md.
package stock

import (
	"context"

	"cangshu/internal/db"
	"cangshu/internal/dec"
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
	Date      string  // YYYY-MM-DD
	Qty       dec.Dec // signed base-unit quantity: + in, − out; never 0
	Amount    dec.Dec // the given cost (signed like Qty) when Given
	Given     bool    // the cost is given (receipts, returns at their source's cost, opening stock); else the engine computes it
	Kind      string  // the document kind ("purchase", "sales" …) or "opening"
	BillID    int64   // the document (0 for opening stock)
	EntryID   int64   // the document line
	OpeningID int64   // the goods_openings row (opening stock)
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
	panic("stock: not implemented yet")
}

// Post writes the moves (one document's, or opening stock) with
// everything they change: balances, FIFO layers and the computed cost of
// every later move of the same balances. It refuses (400, naming goods,
// warehouse and shortfall) a move that makes a balance negative at its
// date or later when negative stock is not allowed. It returns each move's
// cost amount (signed like its quantity), in the order given. Run it in the
// document's transaction.
func Post(ctx context.Context, tx db.Querier, cfg Config, moves []Move) ([]dec.Dec, error) {
	panic("stock: not implemented yet")
}

// Unpost removes every move of a document (un-audit) and recosts what
// followed them; refused like Post when a later point goes negative.
func Unpost(ctx context.Context, tx db.Querier, cfg Config, billID int64) error {
	panic("stock: not implemented yet")
}

// UnpostOpening removes the opening-stock move of a goods_openings row.
func UnpostOpening(ctx context.Context, tx db.Querier, cfg Config, openingID int64) error {
	panic("stock: not implemented yet")
}

// Balance is the on-hand quantity and value of one balance (zero when none).
func Balance(ctx context.Context, q db.Querier, k Key) (qty, amount dec.Dec, err error) {
	panic("stock: not implemented yet")
}

// EntryCosts gives the cost amount (positive) of each document line's move,
// by entry id: the cost of what left, recomputed by back-dated documents.
func EntryCosts(ctx context.Context, q db.Querier, billID int64) (map[int64]dec.Dec, error) {
	panic("stock: not implemented yet")
}
