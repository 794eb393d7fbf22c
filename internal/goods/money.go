package goods

import (
	"cangshu/internal/dec"
	"cangshu/internal/server"
)

// money are the goods' money fields and the rights that show them
// (docs/rights.md, "Money rights"): the purchase price with the purchase
// amount right, the sale prices with the sales amount right, the opening
// stock's unit cost and value with the cost right. The lists, the form,
// the price list and their exports leave out what the caller may not see.
var money = server.Money{
	"purPrice": server.PurchaseRight, "salePrice": server.SalesRight, "wholesalePrice": server.SalesRight,
	"vipPrice": server.SalesRight, "unitCost": server.CostRight, "amount": server.CostRight,
}

// proposalMoney are the fields of a price proposal (listBySelected): the
// proposed price, the level price and the last price with its document
// are a purchase's (a supplier) or a sale's figures.
func proposalMoney(supplier bool) server.Money {
	right := server.SalesRight
	if supplier {
		right = server.PurchaseRight
	}
	m := server.Money{}
	for _, k := range []string{"levelPrice", "lastPrice", "lastUnitId", "lastDate", "lastBillNo", "price", "priceSource"} {
		m[k] = right
	}
	return m
}

// keepHidden puts back the stored figures a caller without their right
// could not see (and so sent blank): prices of the goods and its units,
// unit costs of its opening stock lines.
func keepHidden(p *server.Principal, in *Input, cur *Row, curOpenings []Opening) {
	hidden := money.Hidden(p)
	if len(hidden) == 0 {
		return
	}
	keep := func(dst *dec.Dec, key string, v dec.Dec) {
		if hidden[key] {
			*dst = v
		}
	}
	if cur != nil {
		keep(&in.PurPrice, "purPrice", cur.PurPrice)
		keep(&in.SalePrice, "salePrice", cur.SalePrice)
		keep(&in.WholesalePrice, "wholesalePrice", cur.WholesalePrice)
		keep(&in.VipPrice, "vipPrice", cur.VipPrice)
		for i := range in.Units {
			u := &in.Units[i]
			for _, c := range cur.Units {
				if c.UnitID == u.UnitID {
					keep(&u.PurPrice, "purPrice", c.PurPrice)
					keep(&u.SalePrice, "salePrice", c.SalePrice)
					keep(&u.WholesalePrice, "wholesalePrice", c.WholesalePrice)
					keep(&u.VipPrice, "vipPrice", c.VipPrice)
				}
			}
		}
	}
	if hidden["unitCost"] {
		for i := range in.Openings {
			o := &in.Openings[i]
			for _, c := range curOpenings {
				if c.LocationID == o.LocationID && c.SkuID == o.SkuID {
					o.UnitCost = c.UnitCost
				}
			}
		}
	}
}
