package bill

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"

	"cangshu/internal/custom"
	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/server"
	"cangshu/internal/stock"
)

// Money fields left out of answers for callers without the kind's money
// right (docs/architecture.md §5: visibility is enforced in API responses).
var (
	moneyHeader  = []string{"totalAmount", "disAmount", "amount", "totalTax", "totalTaxAmount", "rpAmount", "arrears", "fee", "invoicedAmount", "settledAmount", "openAmount"}
	moneyEntry   = []string{"price", "deduction", "amount", "tax", "taxAmount", "invoicedAmount"}
	moneyAccount = []string{"payment"}
)

// present is a document as the caller may see it: lines carry their cost
// (from the stock moves, recomputed by back-dated documents) with the cost
// right; money is left out without the money right. costs: the lines'
// costs when known (just posted), else nil (read); vals: its custom-field
// values when known (just written), else nil (read).
func present(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, d *Document, costs map[int64]dec.Dec, vals custom.Map) (*Document, error) {
	if k.ShowCost && p.Can(CostRight) && d.Checked == 1 {
		if costs == nil {
			var err error
			if costs, err = stock.EntryCosts(ctx, q, d.ID); err != nil {
				return nil, fmt.Errorf("costs of bill %d: %w", d.ID, err)
			}
		}
		for i := range d.Entries {
			e := &d.Entries[i]
			c, ok := costs[e.ID]
			if !ok {
				continue
			}
			e.Cost = &c
			if e.Qty.Sign() > 0 { // a value-only line (cost adjustment) has no unit cost
				unit := c.Div(e.Qty).Round(6)
				e.UnitCost = &unit
			}
		}
	}
	d.hideMoney = hidesMoney(p, k)
	d.settlement(k)
	if vals == nil {
		all, err := custom.Load(ctx, q, custom.TargetBill, []int64{d.ID})
		if err != nil {
			return nil, fmt.Errorf("custom fields of bill %d: %w", d.ID, err)
		}
		vals = all[d.ID]
	}
	d.Custom = vals
	return d, nil
}

// attachCustom fills the custom-field values of a list's documents.
func attachCustom(ctx context.Context, q db.Querier, rows []Document) error {
	return custom.Fill(ctx, q, custom.TargetBill, rows, func(d *Document) (int64, *custom.Map) { return d.ID, &d.Custom })
}

// hidesMoney: the caller lacks the kind's money right.
func hidesMoney(p *server.Principal, k *Kind) bool { return k.MoneyRight != "" && !p.Can(k.MoneyRight) }

// MarshalJSON answers the document, without its money fields when it was
// presented to a caller without the money right.
func (d Document) MarshalJSON() ([]byte, error) {
	type plain Document
	if !d.hideMoney {
		return marshal(plain(d))
	}
	m, err := strip(plain(d))
	if err != nil {
		return nil, err
	}
	return marshal(m)
}

// MarshalJSON answers the totals, without money for a caller without the
// money right.
func (t Totals) MarshalJSON() ([]byte, error) {
	type plain Totals
	if !t.hideMoney {
		return marshal(plain(t))
	}
	m, err := toMap(plain(t))
	if err != nil {
		return nil, err
	}
	drop(m, moneyHeader)
	return marshal(m)
}

// MarshalJSON answers the pending lines, without prices for a caller
// without the money right.
func (o Pending) MarshalJSON() ([]byte, error) {
	type plain Pending
	if !o.hidePrice {
		return marshal(plain(o))
	}
	m, err := toMap(plain(o))
	if err != nil {
		return nil, err
	}
	if list, ok := m["entries"].([]any); ok {
		for _, it := range list {
			if e, ok := it.(map[string]any); ok {
				delete(e, "price")
			}
		}
	}
	return marshal(m)
}

// marshal is JSON as the server writes it (no HTML escaping).
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// strip drops the money fields of a document (header, lines, settlement lines).
func strip(d any) (map[string]any, error) {
	m, err := toMap(d)
	if err != nil {
		return nil, err
	}
	drop(m, moneyHeader)
	for _, part := range []struct {
		key  string
		keys []string
	}{{"entries", moneyEntry}, {"accounts", moneyAccount}} {
		if list, ok := m[part.key].([]any); ok {
			for _, it := range list {
				if o, ok := it.(map[string]any); ok {
					drop(o, part.keys)
				}
			}
		}
	}
	return m, nil
}

// settlement sets what is settled and open of a document of a kind
// receipts and payments settle.
func (d *Document) settlement(k *Kind) {
	if !k.Settled() {
		return
	}
	settled, open := d.RPAmount.Add(d.hxAmount), d.Arrears.Sub(d.hxAmount)
	d.SettledAmount, d.OpenAmount = &settled, &open
}

// presentList marks the page's documents and totals for a caller without
// the money right (their money fields are left out of the answer).
func presentList(p *server.Principal, k *Kind, page server.ListPage[Document], totals Totals) server.ListPage[Document] {
	hide := hidesMoney(p, k)
	for i := range page.Rows {
		page.Rows[i].hideMoney = hide
		page.Rows[i].settlement(k)
	}
	if k.Settled() {
		settled, open := totals.RPAmount.Add(totals.hxAmount), totals.Arrears.Sub(totals.hxAmount)
		totals.SettledAmount, totals.OpenAmount = &settled, &open
	}
	totals.hideMoney = hide
	page.Userdata = totals
	return page
}

func toMap(v any) (map[string]any, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber() // keep exact decimals
	var m map[string]any
	err = dec.Decode(&m)
	return m, err
}

func drop(m map[string]any, keys []string) {
	for _, k := range keys {
		delete(m, k)
	}
}
