package goods_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// proposal is one goods item of listBySelected, numbers as exact strings.
type proposal struct {
	InvID       int64        `json:"invId"`
	UnitID      int64        `json:"unitId"`
	LevelPrice  json.Number  `json:"levelPrice"`
	LastPrice   *json.Number `json:"lastPrice"`
	LastUnitID  *int64       `json:"lastUnitId"`
	LastDate    *string      `json:"lastDate"`
	LastBillNo  *string      `json:"lastBillNo"`
	Price       json.Number  `json:"price"`
	PriceSource string       `json:"priceSource"`
	Units       []struct {
		UnitID      int64        `json:"unitId"`
		LevelPrice  json.Number  `json:"levelPrice"`
		LastPrice   *json.Number `json:"lastPrice"`
		LastDate    *string      `json:"lastDate"`
		LastBillNo  *string      `json:"lastBillNo"`
		Price       json.Number  `json:"price"`
		PriceSource string       `json:"priceSource"`
	} `json:"units"`
}

// unitPrice is the proposal for one unit as "price source" (last: "-" when
// there is no last price).
func (p proposal) unit(t *testing.T, unit int64) (price, source, last string) {
	t.Helper()
	for _, u := range p.Units {
		if u.UnitID == unit {
			last = "-"
			if u.LastPrice != nil {
				last = u.LastPrice.String()
			}
			return u.Price.String(), u.PriceSource, last
		}
	}
	t.Fatalf("unit %d not in %+v", unit, p)
	return
}

// pricing is the goods world plus stock and two goods: 可乐 (bottle/box/
// crate group, every price set) and 毛巾 (a lone unit, no wholesale or VIP
// price).
type pricing struct {
	*world
	admin         *apptest.Client
	cola, towel   int64
	otherSupplier int64
}

func newPricing(t *testing.T) *pricing {
	w, admin := setup(t)
	p := &pricing{world: w, admin: admin}
	w.e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", w.e.MainShop(), w.main)
	p.cola = add(t, admin, map[string]any{"number": "SP0001", "name": "可乐", "unitTypeId": w.bottleBox, "unitId": w.bottle,
		"purPrice": 2, "salePrice": 3.35, "wholesalePrice": 3, "vipPrice": 2.8, "discountRate1": 90, "discountRate2": 75,
		"units": []map[string]any{{"unitId": w.box, "purPrice": 45, "salePrice": 80, "wholesalePrice": 70, "vipPrice": 66}}}).ID
	p.towel = add(t, admin, map[string]any{"number": "SP0002", "name": "毛巾", "unitId": w.each, "purPrice": 6, "salePrice": 10}).ID
	p.otherSupplier = w.e.Insert(`INSERT INTO contacts (type, number, name, created_at, updated_at) VALUES (10, 'S2', '往来S2', ?, ?) RETURNING id`, time.Now().UTC(), time.Now().UTC())
	// Stock for the sales below: 1000 bottles, 10 boxes and 100 towels.
	p.doc("purchase", true, w.supplier, "2025-03-01", p.line(p.cola, w.bottle, "1000", "2.10"), p.line(p.cola, w.box, "10", "44"), p.line(p.towel, w.each, "100", "5.5"))
	return p
}

func (p *pricing) line(goods, unit int64, qty, price string) map[string]any {
	return map[string]any{"invId": goods, "unitId": unit, "qty": json.Number(qty), "price": json.Number(price)}
}

// doc saves a document of kind (audited when check) and answers its id and number.
func (p *pricing) doc(kind string, check bool, contact int64, date string, lines ...map[string]any) (int64, string) {
	p.e.T.Helper()
	path := "/api/" + kind + "/add"
	if check {
		path += "?check=1"
	}
	var d struct {
		ID      int64  `json:"id"`
		BillNo  string `json:"billNo"`
		Checked int    `json:"checked"`
	}
	p.admin.Do("POST", path, map[string]any{"date": date, "buId": contact, "locationId": p.main, "entries": lines}).Want(200).Decode(&d)
	if check != (d.Checked == 1) {
		p.e.T.Fatalf("%s: checked %d", path, d.Checked)
	}
	return d.ID, d.BillNo
}

func (p *pricing) sequence(seq string) {
	p.e.T.Helper()
	p.admin.Do("POST", "/api/config/system", map[string]any{"priceSequence": seq}).Want(200)
}

// ask calls listBySelected for both goods (毛巾 first) and contact bu.
func (p *pricing) ask(bu int64) (towel, cola proposal) {
	p.e.T.Helper()
	var out []proposal
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/listBySelected?ids=%d,%d&buId=%d", p.towel, p.cola, bu), nil).Want(200).Decode(&out)
	if len(out) != 2 || out[0].InvID != p.towel || out[1].InvID != p.cola {
		p.e.T.Fatalf("answer %+v", out)
	}
	return out[0], out[1]
}

// Every level under every sequence. Each customer last bought bottles of
// 可乐 at 3.9x (x = its level) and never boxes; the wholesale customer also
// bought towels at 9.5 (towels have no wholesale price: the level yields
// nothing).
func TestPriceResolution(t *testing.T) {
	t.Parallel()
	p := newPricing(t)
	customers := []struct {
		name               string
		id                 int64
		last               string
		bottle, box, towel string // level prices ("0": unset)
	}{
		{"retail", p.retail, "3.9", "3.35", "80", "10"},
		{"wholesale", p.whole, "3.91", "3", "70", "0"},
		{"VIP", p.vip, "3.92", "2.8", "66", "0"},
		{"discount 1", p.d1, "3.93", "3.02", "72", "10"}, // towels: no discount rate
		{"discount 2", p.d2, "3.94", "2.51", "60", "10"},
	}
	for i, c := range customers {
		p.doc("sales", true, c.id, "2025-03-10", p.line(p.cola, p.bottle, "1", c.last))
		if i == 1 {
			p.doc("sales", true, c.id, "2025-03-10", p.line(p.towel, p.each, "1", "9.5"))
		}
	}
	type want struct{ bottle, box, towel string } // "price source"
	for _, seq := range []string{"cLevelPrice", "lastPrice", "lastPrice,cLevelPrice", "cLevelPrice,lastPrice"} {
		p.sequence(seq)
		for _, c := range customers {
			t.Run(seq+"/"+c.name, func(t *testing.T) {
				level := func(price string) string { return price + " cLevelPrice" }
				var w want
				switch seq {
				case "cLevelPrice", "cLevelPrice,lastPrice":
					w = want{level(c.bottle), level(c.box), level(c.towel)}
				case "lastPrice":
					w = want{c.last + " lastPrice", "80 salePrice", "10 salePrice"}
				case "lastPrice,cLevelPrice":
					w = want{c.last + " lastPrice", level(c.box), level(c.towel)}
				}
				if c.towel == "0" { // no level price: the last price, else retail
					w.towel = "10 salePrice"
					if c.id == p.whole && seq != "cLevelPrice" {
						w.towel = "9.5 lastPrice"
					}
				}
				towel, cola := p.ask(c.id)
				got := func(pr proposal, unit int64) string {
					price, src, _ := pr.unit(t, unit)
					return price + " " + src
				}
				if g := got(cola, p.bottle); g != w.bottle || cola.Price.String()+" "+cola.PriceSource != w.bottle {
					t.Errorf("bottle: %s (top %s %s), want %s", g, cola.Price, cola.PriceSource, w.bottle)
				}
				if g := got(cola, p.box); g != w.box {
					t.Errorf("box: %s, want %s", g, w.box)
				}
				if g := got(towel, p.each); g != w.towel {
					t.Errorf("towel: %s, want %s", g, w.towel)
				}
				if cola.LevelPrice.String() != c.bottle || cola.LastPrice == nil || cola.LastPrice.String() != c.last || *cola.LastUnitID != p.bottle {
					t.Errorf("cola %+v: level %s, last %s in bottles", cola, c.bottle, c.last)
				}
			})
		}
	}
	// No contact: retail, no last price.
	p.sequence("lastPrice,cLevelPrice")
	_, cola := p.ask(0)
	if cola.Price.String() != "3.35" || cola.PriceSource != "cLevelPrice" || cola.LastPrice != nil {
		t.Errorf("no contact: %+v", cola)
	}
}

// The last price is the latest audited sale to this customer by date, then
// document: drafts, un-audited sales and other customers' sales do not count;
// per unit.
func TestLastPrice(t *testing.T) {
	t.Parallel()
	p := newPricing(t)
	p.sequence("lastPrice")
	_, before := p.ask(p.retail)
	if cola := before; cola.LastPrice != nil || cola.LastDate != nil || cola.LastBillNo != nil || cola.PriceSource != "salePrice" || cola.Price.String() != "3.35" {
		t.Fatalf("before any sale: %+v", cola)
	}
	bottle := func(price string) map[string]any { return p.line(p.cola, p.bottle, "1", price) }
	p.doc("sales", true, p.retail, "2025-04-01", bottle("3.50"))
	b, bNo := p.doc("sales", true, p.retail, "2025-04-03", bottle("3.60"))
	p.doc("sales", true, p.retail, "2025-04-02", bottle("3.70")) // saved later, dated earlier
	d, dNo := p.doc("sales", true, p.retail, "2025-04-03", bottle("3.65"), p.line(p.towel, p.each, "1", "11"))
	p.doc("sales", false, p.retail, "2025-04-05", bottle("1.00"))     // draft
	p.doc("sales", true, p.whole, "2025-04-06", bottle("2.00"))       // another customer
	p.doc("purchase", true, p.supplier, "2025-04-07", bottle("1.50")) // another kind
	// One line can be at the same date: the later line of the same document wins.
	_, cola := p.ask(p.retail)
	if price, src, last := cola.unit(t, p.bottle); price != "3.65" || src != "lastPrice" || last != "3.65" || *cola.LastBillNo != dNo || *cola.LastDate != "2025-04-03" {
		t.Fatalf("latest by date then id: %s %s %s, %+v (want %s)", price, src, last, cola, dNo)
	}
	if _, _, last := cola.unit(t, p.box); last != "-" {
		t.Fatalf("no box sold yet: last %s", last)
	}
	// A box sold later: the goods' last line is that box, the bottle keeps its own.
	_, gNo := p.doc("sales", true, p.retail, "2025-04-04", p.line(p.cola, p.box, "1", "79"))
	_, cola = p.ask(p.retail)
	if *cola.LastUnitID != p.box || cola.LastPrice.String() != "79" || *cola.LastBillNo != gNo {
		t.Fatalf("latest line in any unit: %+v, want the box of %s", cola, gNo)
	}
	if price, src, _ := cola.unit(t, p.box); price != "79" || src != "lastPrice" {
		t.Fatalf("box: %s %s", price, src)
	}
	if price, _, _ := cola.unit(t, p.bottle); price != "3.65" || cola.Price.String() != "3.65" {
		t.Fatalf("bottle after the box: %s (top %s)", price, cola.Price)
	}
	// Un-auditing the latest bottle sale brings back the one before.
	if r := p.admin.Do("POST", fmt.Sprintf("/api/sales/uncheck?id=%d", d), nil).Want(200); !strings.Contains(string(r.Body), `"ok":true`) {
		t.Fatalf("un-audit: %s", r.Body)
	}
	towel, cola := p.ask(p.retail)
	if price, _, _ := cola.unit(t, p.bottle); price != "3.60" && price != "3.6" {
		t.Fatalf("after un-audit of %s: %s, want 3.6 of %s (%d)", dNo, price, bNo, b)
	}
	if towel.LastPrice != nil || towel.PriceSource != "salePrice" {
		t.Fatalf("towel sold only on the un-audited sale: %+v", towel)
	}
}

// A supplier: the last audited purchase from it (whatever priceSequence),
// else the purchase price.
func TestPurchasePrice(t *testing.T) {
	t.Parallel()
	p := newPricing(t)
	p.sequence("cLevelPrice")
	p.doc("purchase", true, p.supplier, "2025-02-01", p.line(p.cola, p.bottle, "1", "1.90"))  // saved later, dated earlier
	p.doc("purchase", false, p.supplier, "2025-05-01", p.line(p.cola, p.bottle, "1", "1.00")) // draft
	p.doc("purchase", true, p.otherSupplier, "2025-05-02", p.line(p.cola, p.bottle, "1", "1.80"))
	p.doc("sales", true, p.retail, "2025-05-03", p.line(p.cola, p.bottle, "1", "5"))
	towel, cola := p.ask(p.supplier)
	for _, c := range []struct {
		name              string
		pr                proposal
		unit              int64
		price, src, level string
	}{
		{"bottle", cola, p.bottle, "2.1", "lastPrice", "2"},
		{"box", cola, p.box, "44", "lastPrice", "45"},
		{"crate", cola, p.crate, "960", "purPrice", "960"}, // no price of its own: 480 × 2
		{"towel", towel, p.each, "5.5", "lastPrice", "6"},
	} {
		price, src, _ := c.pr.unit(t, c.unit)
		if price != c.price || src != c.src {
			t.Errorf("%s: %s %s, want %s %s", c.name, price, src, c.price, c.src)
		}
		for _, u := range c.pr.Units {
			if u.UnitID == c.unit && u.LevelPrice.String() != c.level {
				t.Errorf("%s: level price %s, want the purchase price %s", c.name, u.LevelPrice, c.level)
			}
		}
	}
	if cola.LevelPrice.String() != "2" || cola.Price.String() != "2.1" || cola.PriceSource != "lastPrice" || *cola.LastDate != "2025-03-01" {
		t.Errorf("cola %+v", cola)
	}
	p.sequence("lastPrice,cLevelPrice")
	towel, cola = p.ask(p.otherSupplier)
	if cola.Price.String() != "1.8" || cola.PriceSource != "lastPrice" || towel.Price.String() != "6" || towel.PriceSource != "purPrice" || towel.LastPrice != nil {
		t.Errorf("other supplier: cola %+v, towel %+v", cola, towel)
	}
	if price, src, _ := cola.unit(t, p.box); price != "45" || src != "purPrice" {
		t.Errorf("other supplier's box: %s %s", price, src)
	}
}

// Goods entering a warehouse (other stock-in) are proposed at their current
// unit cost there, else at the last purchase price (any supplier), else at
// the purchase price — never at the sale price. The unit cost is told only to
// a user who may see costs.
func TestStockInProposesUnitCost(t *testing.T) {
	t.Parallel()
	p := newPricing(t)
	p.e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", p.e.MainShop(), p.second)
	// 毛巾: 100 at 5.5 and 100 at 6.5 in the main warehouse: unit cost 6, last purchase 6.5.
	p.doc("purchase", true, p.otherSupplier, "2025-03-02", p.line(p.towel, p.each, "100", "6.5"))
	cup := add(t, p.admin, map[string]any{"number": "SP0003", "name": "杯子", "unitId": p.each, "purPrice": 7, "salePrice": 12}).ID
	ask := func(c *apptest.Client, loc int64) map[int64]proposal {
		t.Helper()
		var out []proposal
		c.Do("GET", fmt.Sprintf("/api/inventory/listBySelected?ids=%d,%d,%d&basis=cost&locationId=%d", p.towel, p.cola, cup, loc), nil).Want(200).Decode(&out)
		m := map[int64]proposal{}
		for _, x := range out {
			m[x.InvID] = x
		}
		return m
	}
	// 可乐: 1000 bottles for 2100 and 10 boxes (240 bottles) for 440: 2540 / 1240 a bottle.
	main := ask(p.admin, p.main)
	second := ask(p.admin, p.second)
	blind := ask(p.e.UserWith("settings:inventory:query"), p.main)
	for _, c := range []struct {
		name       string
		pr         proposal
		unit       int64
		price, src string
	}{
		{"towel in main", main[p.towel], p.each, "6", "unitCost"},
		{"bottle in main", main[p.cola], p.bottle, "2.05", "unitCost"},
		{"box in main", main[p.cola], p.box, "49.16", "unitCost"},
		{"cup never bought", main[cup], p.each, "7", "purPrice"},
		{"towel where there is none", second[p.towel], p.each, "6.5", "lastPrice"},
		{"bottle where there is none", second[p.cola], p.bottle, "2.1", "lastPrice"},
		{"crate never bought", second[p.cola], p.crate, "960", "purPrice"},
		{"towel, costs not seen", blind[p.towel], p.each, "6.5", "lastPrice"},
	} {
		price, src, _ := c.pr.unit(t, c.unit)
		if price != c.price || src != c.src {
			t.Errorf("%s: %s %s, want %s %s", c.name, price, src, c.price, c.src)
		}
	}
	if main[p.towel].Price.String() != "6" || main[p.towel].PriceSource != "unitCost" {
		t.Errorf("towel's base unit: %+v", main[p.towel])
	}
	p.admin.Do("GET", fmt.Sprintf("/api/inventory/listBySelected?ids=%d&basis=sale", p.towel), nil).Want(400)
}
