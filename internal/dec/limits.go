package dec

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// The limits of Cangshu's figures (docs/limits.md). Every figure is stored
// as int64 micros (value × 10^6), which holds magnitudes up to about
// 9.22 × 10^12; the limits keep every stored figure, and every sum the
// server stores, inside that with room to spare, so that no product or sum
// wraps. Sums the server does not store (list totals over any number of
// rows) are computed exactly without a bound (SumSQL).
var (
	// MaxQty is the largest quantity of a document line (entered and in
	// the goods' base unit).
	MaxQty = FromInt(1_000_000_000)
	// MaxPrice is the largest unit price of a line.
	MaxPrice = FromInt(1_000_000_000)
	// MaxAmount is the largest amount of a line (qty × price, deduction,
	// tax, amount with tax) and of a document's totals (total quantity,
	// total amount, discount, paid now, debt).
	MaxAmount = FromInt(1_000_000_000_000)
	// MaxBalance is the largest magnitude of a stock balance's quantity or
	// value (per goods, SKU, warehouse and batch). A balance plus one more
	// document stays far inside int64 micros, so the check itself cannot
	// wrap.
	MaxBalance = FromInt(5_000_000_000_000)
)

// MaxBalanceMicros is MaxBalance in micros, for the stock engine.
const MaxBalanceMicros int64 = 5_000_000_000_000 * 1_000_000

// SumSQL is a portable SQL aggregate that sums the BIGINT micros column
// expression expr exactly, however many rows: the value is split into
// 10^9 parts whose sums cannot overflow (SQLite's SUM raises an error on
// overflow; PostgreSQL's SUM of bigint is numeric). The result is one text
// column "high:low" (NULL when there are no rows), read with ScanSum.
func SumSQL(expr string) string {
	return "CAST(SUM((" + expr + ") / 1000000000) AS TEXT) || ':' || CAST(SUM((" + expr + ") % 1000000000) AS TEXT)"
}

// ScanSum reads a SumSQL column into d.
func ScanSum(d *Dec) *sumScanner { return &sumScanner{d} }

type sumScanner struct{ d *Dec }

var billion = big.NewInt(1_000_000_000)

func (s *sumScanner) Scan(src any) error {
	var str string
	switch v := src.(type) {
	case nil:
		*s.d = Zero
		return nil
	case string:
		str = v
	case []byte:
		str = string(v)
	case int64:
		*s.d = FromMicros(v)
		return nil
	default:
		return fmt.Errorf("dec: cannot scan a sum from %T", src)
	}
	hi, lo, ok := strings.Cut(str, ":")
	if !ok {
		return s.d.Scan(str)
	}
	h, okH := new(big.Int).SetString(strings.TrimSpace(hi), 10)
	l, okL := new(big.Int).SetString(strings.TrimSpace(lo), 10)
	if !okH || !okL {
		return fmt.Errorf("dec: scan sum %q", str)
	}
	m := h.Mul(h, billion)
	m.Add(m, l)
	*s.d = Dec{decimal.NewFromBigInt(m, -Scale)}
	return nil
}

// FitsMicros reports whether the value can be stored (at most Scale places
// and inside int64 micros).
func (a Dec) FitsMicros() bool {
	_, ok := a.Micros()
	return ok
}

// parseMicrosString reads a stored integer that may exceed int64 (a
// PostgreSQL numeric SUM), exactly.
func parseMicrosString(v string) (Dec, error) {
	if m, err := strconv.ParseInt(v, 10, 64); err == nil {
		return FromMicros(m), nil
	}
	b, ok := new(big.Int).SetString(strings.TrimSpace(v), 10)
	if !ok {
		return Zero, fmt.Errorf("dec: scan %q: not an integer", v)
	}
	return Dec{decimal.NewFromBigInt(b, -Scale)}, nil
}
