package bill

import (
	"bytes"
	"context"
	"encoding/json"

	"cangshu/internal/db"
	"cangshu/internal/server"
	"cangshu/internal/stock"
)

// Money fields left out of answers for callers without the kind's money
// right (architecture §5: visibility is enforced in API responses).
var (
	moneyHeader  = []string{"totalAmount", "disAmount", "amount", "totalTax", "totalTaxAmount", "rpAmount", "arrears", "fee", "invoicedAmount"}
	moneyEntry   = []string{"price", "deduction", "amount", "tax", "taxAmount"}
	moneyAccount = []string{"payment"}
)

// present is a document as the caller may see it: lines carry their cost
// (from the stock moves, recomputed by back-dated documents) with the cost
// right; money is left out without the money right.
func present(ctx context.Context, q db.Querier, p *server.Principal, k *Kind, d *Document) (any, error) {
	if k.ShowCost && p.Can(CostRight) && d.Checked == 1 {
		costs, err := stock.EntryCosts(ctx, q, d.ID)
		if err != nil {
			return nil, err
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
	if k.MoneyRight == "" || p.Can(k.MoneyRight) {
		return d, nil
	}
	return strip(d)
}

// strip drops the money fields of a document (header, lines, settlement lines).
func strip(d *Document) (map[string]any, error) {
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

func presentList(p *server.Principal, k *Kind, page server.ListPage[Document]) (any, error) {
	if k.MoneyRight == "" || p.Can(k.MoneyRight) {
		return page, nil
	}
	rows := make([]map[string]any, 0, len(page.Rows))
	for i := range page.Rows {
		m, err := strip(&page.Rows[i])
		if err != nil {
			return nil, err
		}
		rows = append(rows, m)
	}
	totals, err := toMap(page.Userdata)
	if err != nil {
		return nil, err
	}
	drop(totals, moneyHeader)
	return server.ListPage[map[string]any]{Page: page.Page, Records: page.Records, Total: page.Total, Rows: rows, Userdata: totals}, nil
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
