package server

import (
	"bytes"
	"encoding/json"
	"regexp"
)

// Money rights (docs/rights.md, "Money rights"): without one a caller sees
// no figure of its kind in any answer — JSON, Excel or print.
const (
	CostRight     = "money:cost:view"           // costs: unit cost, cost of goods, stock values, stock-in prices
	PurchaseRight = "money:purchaseAmount:view" // purchase prices and amounts, payables
	SalesRight    = "money:salesAmount:view"    // sale prices and amounts, receivables, gross profit
)

// Money maps the money fields of an answer (JSON keys, at any depth, and
// the keys of an export's columns) to the right a caller needs to see them.
// Answers that carry prices, costs or amounts redact themselves through
// one: the documents (internal/bill) with their kind's right, reports with
// their columns' (internal/report), the others with a Money of their own.
type Money map[string]string

// Hidden is the set of m's fields the caller may not see (empty: none).
func (m Money) Hidden(p *Principal) map[string]bool {
	out := map[string]bool{}
	for k, right := range m {
		if right != "" && (p == nil || !p.Can(right)) {
			out[k] = true
		}
	}
	return out
}

// Visible tells whether the caller may see field key (a field m does not
// name is not money).
func (m Money) Visible(p *Principal, key string) bool {
	right := m[key]
	return right == "" || (p != nil && p.Can(right))
}

// Redact answers v as the caller may see it: without the hidden fields at
// any depth. v itself when nothing is hidden.
func (m Money) Redact(p *Principal, v any) (any, error) {
	hidden := m.Hidden(p)
	if len(hidden) == 0 {
		return v, nil
	}
	return Strip(v, hidden)
}

// Strip answers v as JSON without the given fields at any depth (objects
// within lists and objects included). Numbers keep their exact digits.
func Strip(v any, fields map[string]bool) (json.RawMessage, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil {
		return nil, err
	}
	dropDeep(tree, fields)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(tree); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimRight(buf.Bytes(), "\n")), nil
}

func dropDeep(v any, fields map[string]bool) {
	switch x := v.(type) {
	case map[string]any:
		for k, val := range x {
			if fields[k] {
				delete(x, k)
				continue
			}
			dropDeep(val, fields)
		}
	case []any:
		for _, it := range x {
			dropDeep(it, fields)
		}
	}
}

// moneyName is the pattern of a field that holds money, by its name's end.
const moneyName = `[A-Za-z_.\[\]0-9]*(?i:price|amount|cost|arrears|profit|deduction|payment|fee|tax|balance|money)`

var (
	moneyJSON   = regexp.MustCompile(`("` + moneyName + `"\s*:\s*)("(?:[^"\\]|\\.)*(?:"|$)|[-+0-9.eE]+)`)
	moneyChange = regexp.MustCompile(`("field"\s*:\s*"` + moneyName + `"\s*,\s*)("old"\s*:\s*("(?:[^"\\]|\\.)*"|[-+0-9.eE]+)\s*,?\s*)?("new"\s*:\s*)?("(?:[^"\\]|\\.)*"|[-+0-9.eE]+)?`)
	moneyForm   = regexp.MustCompile(`((?:^|&)` + moneyName + `=)([^&]*)`)
)

// MaskMoney hides the values of money fields in a recorded request or
// change list (the operation log's params and changes: JSON, possibly cut
// short, or a form): "price":12.5 becomes "price":"***", a change of field
// entries[0].price shows neither value.
func MaskMoney(s string) string {
	s = moneyChange.ReplaceAllStringFunc(s, func(m string) string {
		g := moneyChange.FindStringSubmatch(m)
		out := g[1]
		if g[2] != "" {
			out += `"old":"***"`
			if g[4] != "" {
				out += ","
			}
		}
		if g[4] != "" {
			out += g[4] + `"***"`
		}
		return out
	})
	s = moneyJSON.ReplaceAllString(s, `$1"***"`)
	return moneyForm.ReplaceAllString(s, `$1***`)
}

// SeesAllMoney tells whether the caller holds every money right.
func SeesAllMoney(p *Principal) bool {
	return p != nil && p.Can(CostRight) && p.Can(PurchaseRight) && p.Can(SalesRight)
}
