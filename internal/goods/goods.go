// Package goods manages goods (商品): their units (a unit group's other
// units with their own prices and barcodes), SKUs (one value of each
// assisting-attribute group), barcodes (unique across every goods, unit and
// SKU), stock warning levels, opening stock and images; search by number,
// name, pinyin and any barcode; Excel import and export.
package goods

import (
	"slices"
	"strconv"
	"strings"

	"cangshu/internal/custom"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
	"cangshu/internal/sysparam"
)

// Text limits (basic-data.md, conventions).
const (
	MaxNumberLen  = 32
	MaxNameLen    = 100
	MaxSpecLen    = 100
	MaxBarcodeLen = 64
	MaxRemarkLen  = 500
	MaxDays       = 36500
	// ratePlaces are the decimals of a discount rate (a percentage).
	ratePlaces = 4
)

// Labels of fields and records (goods.json).
const (
	labelGoods      errs.Key = "goods.entity"
	labelSKU        errs.Key = "goods.sku"
	labelImage      errs.Key = "goods.image"
	labelNumber     errs.Key = "goods.field.number"
	labelName       errs.Key = "goods.field.name"
	labelSpec       errs.Key = "goods.field.spec"
	labelBarcode    errs.Key = "goods.field.barCode"
	labelCategory   errs.Key = "goods.field.category"
	labelUnit       errs.Key = "goods.field.unit"
	labelUnitType   errs.Key = "goods.field.unitType"
	labelPurPrice   errs.Key = "goods.field.purPrice"
	labelBasis      errs.Key = "goods.field.basis"
	labelSalePrice  errs.Key = "goods.field.salePrice"
	labelWholesale  errs.Key = "goods.field.wholesalePrice"
	labelVipPrice   errs.Key = "goods.field.vipPrice"
	labelDiscount1  errs.Key = "goods.field.discountRate1"
	labelDiscount2  errs.Key = "goods.field.discountRate2"
	labelLocation   errs.Key = "goods.field.location"
	labelIsSerNum   errs.Key = "goods.field.isSerNum"
	labelIsWarranty errs.Key = "goods.field.isWarranty"
	labelSafeDays   errs.Key = "goods.field.safeDays"
	labelAdvanceDay errs.Key = "goods.field.advanceDay"
	labelRemark     errs.Key = "field.remark"
	labelSkuType    errs.Key = "goods.field.skuType"
	labelSkuValue   errs.Key = "goods.field.skuValue"
	labelLowQty     errs.Key = "goods.field.lowQty"
	labelHighQty    errs.Key = "goods.field.highQty"
	labelQty        errs.Key = "goods.field.qty"
	labelUnitCost   errs.Key = "goods.field.unitCost"
	labelContact    errs.Key = "goods.field.contact"
	labelDisable    errs.Key = "goods.field.disable"
)

// Row is one goods item of the list (and the head of get_update).
type Row struct {
	ID             int64    `json:"id"`
	Number         string   `json:"number"`
	Name           string   `json:"name"`
	Spec           string   `json:"spec"`
	BarCode        string   `json:"barCode"`
	CategoryID     int64    `json:"categoryId"`
	CategoryName   string   `json:"categoryName"`
	UnitTypeID     int64    `json:"unitTypeId"`
	UnitID         int64    `json:"unitId"`
	UnitName       string   `json:"unitName"`
	PurPrice       dec.Dec  `json:"purPrice"`
	SalePrice      dec.Dec  `json:"salePrice"`
	WholesalePrice dec.Dec  `json:"wholesalePrice"`
	VipPrice       dec.Dec  `json:"vipPrice"`
	DiscountRate1  dec.Dec  `json:"discountRate1"`
	DiscountRate2  dec.Dec  `json:"discountRate2"`
	LocationID     int64    `json:"locationId"`
	LocationName   string   `json:"locationName"`
	IsSerNum       int      `json:"isSerNum"`
	IsWarranty     int      `json:"isWarranty"`
	SafeDays       int      `json:"safeDays"`
	AdvanceDay     int      `json:"advanceDay"`
	SkuTypeIDs     []int64  `json:"skuTypeIds"`
	Remark         string   `json:"remark"`
	Disable        int      `json:"disable"`
	StockQty       dec.Dec  `json:"stockQty"` // on hand in the shop's warehouses, base unit (lists only)
	Units          []Unit   `json:"units"`
	Skus           []SKURow `json:"skus"`
	// Search is what matchCon looks in (search.Text: number, name, spec and barcodes with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
	// Custom are the values of the goods' custom fields (internal/custom).
	Custom custom.Map `json:"custom"`
}

// Prices are the four prices of a goods item or of one of its units.
type Prices struct {
	PurPrice       dec.Dec `json:"purPrice"`
	SalePrice      dec.Dec `json:"salePrice"`
	WholesalePrice dec.Dec `json:"wholesalePrice"`
	VipPrice       dec.Dec `json:"vipPrice"`
}

// Unit is one unit of a goods item: the base unit (the goods' own prices
// and barcode) or another unit of its group.
type Unit struct {
	UnitID   int64   `json:"unitId"`
	UnitName string  `json:"unitName"`
	Rate     dec.Dec `json:"rate"`
	IsBase   int     `json:"isBase"`
	BarCode  string  `json:"barCode"`
	Prices
}

// SKURow is one SKU of a goods item.
type SKURow struct {
	ID          int64  `json:"id"`
	InvID       int64  `json:"invId"`
	SkuName     string `json:"skuName"`
	SkuAssistID string `json:"skuAssistId"`
	BarCode     string `json:"barCode"`
	Disable     int    `json:"disable"`
}

// Detail is the get_update answer: the row plus warnings, opening stock
// and images.
type Detail struct {
	Row
	Warnings []Warning `json:"warnings"`
	Openings []Opening `json:"openings"`
	Images   []Image   `json:"images"`
}

// Warning is a stock warning level of one warehouse (base unit quantities;
// null = no level).
type Warning struct {
	LocationID   int64    `json:"locationId"`
	LocationName string   `json:"locationName"`
	LowQty       *dec.Dec `json:"lowQty"`
	HighQty      *dec.Dec `json:"highQty"`
}

// Opening is the opening stock of one warehouse and SKU (0 = none).
type Opening struct {
	LocationID   int64   `json:"locationId"`
	LocationName string  `json:"locationName"`
	SkuID        int64   `json:"skuId"`
	Qty          dec.Dec `json:"qty"`
	UnitCost     dec.Dec `json:"unitCost"`
	Amount       dec.Dec `json:"amount"`
}

// Input is the add/update body. Server-owned fields (search text, amounts,
// timestamps) are not in it; id is read on update only. units, warnings and
// openings absent (null) keep what is stored; skus lists SKUs to add (or,
// with id, whose barcode to change).
type Input struct {
	ID             int64          `json:"id"`
	Number         string         `json:"number"`
	Name           string         `json:"name"`
	Spec           string         `json:"spec"`
	BarCode        string         `json:"barCode"`
	CategoryID     int64          `json:"categoryId"`
	UnitTypeID     int64          `json:"unitTypeId"`
	UnitID         int64          `json:"unitId"`
	PurPrice       dec.Dec        `json:"purPrice"`
	SalePrice      dec.Dec        `json:"salePrice"`
	WholesalePrice dec.Dec        `json:"wholesalePrice"`
	VipPrice       dec.Dec        `json:"vipPrice"`
	DiscountRate1  dec.Dec        `json:"discountRate1"`
	DiscountRate2  dec.Dec        `json:"discountRate2"`
	LocationID     int64          `json:"locationId"`
	IsSerNum       int64          `json:"isSerNum"`
	IsWarranty     int64          `json:"isWarranty"`
	SafeDays       int64          `json:"safeDays"`
	AdvanceDay     int64          `json:"advanceDay"`
	SkuTypeIDs     []int64        `json:"skuTypeIds"`
	Remark         string         `json:"remark"`
	Units          []UnitInput    `json:"units"`
	Skus           []SKUInput     `json:"skus"`
	Warnings       []WarningInput `json:"warnings"`
	Openings       []OpeningInput `json:"openings"`
	// Custom are the custom fields' values by code; absent keeps them.
	Custom custom.Values `json:"custom"`

	// baseRow is 1 + the index in Units of the base unit's own row as the
	// goods form answers it (units[0]: the base unit with the goods' barcode
	// and prices), sent back unchanged; 0 none. It is not a unit of the
	// group: the checks and the store pass over it.
	baseRow int
}

// isBaseRow reports whether units[i] is the base unit's own row.
func (in *Input) isBaseRow(i int) bool { return in.baseRow == i+1 }

// otherUnits are the units of the group the input names, without the base
// unit's own row.
func (in *Input) otherUnits() []UnitInput {
	if in.baseRow == 0 || in.baseRow > len(in.Units) {
		return in.Units
	}
	return append(append([]UnitInput{}, in.Units[:in.baseRow-1]...), in.Units[in.baseRow:]...)
}

// findBaseRow finds the base unit's own row among the units: the goods'
// unit with the goods' own barcode and prices.
func (in *Input) findBaseRow() {
	in.baseRow = 0
	for i, u := range in.Units {
		if in.UnitID > 0 && u.UnitID == in.UnitID && u.BarCode == in.BarCode && u.PurPrice.Equal(in.PurPrice) &&
			u.SalePrice.Equal(in.SalePrice) && u.WholesalePrice.Equal(in.WholesalePrice) && u.VipPrice.Equal(in.VipPrice) {
			in.baseRow = i + 1
			return
		}
	}
}

// UnitInput is a non-base unit of the goods' group with its prices.
type UnitInput struct {
	UnitID         int64   `json:"unitId"`
	BarCode        string  `json:"barCode"`
	PurPrice       dec.Dec `json:"purPrice"`
	SalePrice      dec.Dec `json:"salePrice"`
	WholesalePrice dec.Dec `json:"wholesalePrice"`
	VipPrice       dec.Dec `json:"vipPrice"`
}

// SKUInput is a SKU to add (no id) or an existing one whose barcode changes.
type SKUInput struct {
	ID        int64   `json:"id"`
	AssistIDs []int64 `json:"assistIds"`
	BarCode   string  `json:"barCode"`
}

// WarningInput is a warning level of one warehouse.
type WarningInput struct {
	LocationID int64    `json:"locationId"`
	LowQty     *dec.Dec `json:"lowQty"`
	HighQty    *dec.Dec `json:"highQty"`
}

// OpeningInput is the opening stock of one warehouse (and SKU).
type OpeningInput struct {
	LocationID int64   `json:"locationId"`
	SkuID      int64   `json:"skuId"`
	Qty        dec.Dec `json:"qty"`
	UnitCost   dec.Dec `json:"unitCost"`
}

// normalize trims the texts the user typed.
func (in *Input) normalize() {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.Spec = strings.TrimSpace(in.Spec)
	in.BarCode = strings.TrimSpace(in.BarCode)
	in.Remark = strings.TrimSpace(in.Remark)
	for i := range in.Units {
		in.Units[i].BarCode = strings.TrimSpace(in.Units[i].BarCode)
	}
	in.findBaseRow()
	for i := range in.Skus {
		in.Skus[i].BarCode = strings.TrimSpace(in.Skus[i].BarCode)
	}
}

// check records what is wrong with the input on its own (no database):
// texts, prices, rates, days, flags and the lists' shapes.
func (in *Input) check(f *errs.Fields, sys sysparam.System) {
	f.Text("number", labelNumber, in.Number, true, MaxNumberLen)
	f.Text("name", labelName, in.Name, true, MaxNameLen)
	f.Text("spec", labelSpec, in.Spec, false, MaxSpecLen)
	f.Text("barCode", labelBarcode, in.BarCode, false, MaxBarcodeLen)
	f.Text("remark", labelRemark, in.Remark, false, MaxRemarkLen)
	checkPrices(f, "", Prices{in.PurPrice, in.SalePrice, in.WholesalePrice, in.VipPrice}, sys.PricePlaces)
	dec.CheckPercent(f, "discountRate1", labelDiscount1, in.DiscountRate1, ratePlaces)
	dec.CheckPercent(f, "discountRate2", labelDiscount2, in.DiscountRate2, ratePlaces)
	errs.OneOf(f, "isSerNum", labelIsSerNum, in.IsSerNum, 0, 1)
	errs.OneOf(f, "isWarranty", labelIsWarranty, in.IsWarranty, 0, 1)
	f.Range("safeDays", labelSafeDays, in.SafeDays, 0, MaxDays)
	f.Range("advanceDay", labelAdvanceDay, in.AdvanceDay, 0, MaxDays)
	if in.UnitID <= 0 {
		f.Required("unitId", labelUnit)
	}
	if in.CategoryID < 0 {
		f.Add("categoryId", "err.invalid", errs.A("field", labelCategory))
	}
	if in.LocationID < 0 {
		f.Add("locationId", "err.invalid", errs.A("field", labelLocation))
	}
	if in.UnitTypeID < 0 {
		f.Add("unitTypeId", "err.invalid", errs.A("field", labelUnitType))
	}
	seenUnit := map[int64]bool{}
	for i, u := range in.Units {
		if in.isBaseRow(i) {
			continue
		}
		p := path("units", i)
		if u.UnitID <= 0 {
			f.Required(p+".unitId", labelUnit)
		} else if seenUnit[u.UnitID] {
			f.Add(p+".unitId", "goods.err.unitTwice")
		}
		seenUnit[u.UnitID] = true
		f.Text(p+".barCode", labelBarcode, u.BarCode, false, MaxBarcodeLen)
		checkPrices(f, p+".", Prices{u.PurPrice, u.SalePrice, u.WholesalePrice, u.VipPrice}, sys.PricePlaces)
	}
	checkCodes(f, in)
	seenType := map[int64]bool{}
	for i, t := range in.SkuTypeIDs {
		if t <= 0 || seenType[t] {
			f.Add(path("skuTypeIds", i), "err.invalid", errs.A("field", labelSkuType))
		}
		seenType[t] = true
	}
	if in.IsSerNum == 1 && (len(in.SkuTypeIDs) > 0 || len(in.Skus) > 0) {
		f.Add("isSerNum", "goods.err.serNumSku")
	}
	for i, s := range in.Skus {
		p := path("skus", i)
		f.Text(p+".barCode", labelBarcode, s.BarCode, false, MaxBarcodeLen)
		if s.ID < 0 {
			f.Add(p+".id", "err.invalid", errs.A("field", labelSKU))
		}
		if s.ID == 0 && len(s.AssistIDs) == 0 {
			f.Required(p+".assistIds", labelSkuValue)
		}
	}
	seenLoc := map[int64]bool{}
	for i, w := range in.Warnings {
		p := path("warnings", i)
		if w.LocationID <= 0 {
			f.Required(p+".locationId", labelLocation)
		} else if seenLoc[w.LocationID] {
			f.Add(p+".locationId", "goods.err.locationTwice")
		}
		seenLoc[w.LocationID] = true
		if w.LowQty != nil {
			dec.CheckNonNeg(f, p+".lowQty", labelLowQty, *w.LowQty, sys.QtyPlaces)
		}
		if w.HighQty != nil {
			dec.CheckNonNeg(f, p+".highQty", labelHighQty, *w.HighQty, sys.QtyPlaces)
		}
		if w.LowQty != nil && w.HighQty != nil && w.HighQty.LessThan(*w.LowQty) {
			f.Add(p+".highQty", "goods.err.lowAboveHigh")
		}
	}
	type locSKU struct{ loc, sku int64 }
	seenOpening := map[locSKU]bool{}
	for i, o := range in.Openings {
		p := path("openings", i)
		if o.LocationID <= 0 {
			f.Required(p+".locationId", labelLocation)
		} else if k := (locSKU{o.LocationID, o.SkuID}); seenOpening[k] {
			f.Add(p+".locationId", "goods.err.locationTwice")
		} else {
			seenOpening[k] = true
		}
		if o.SkuID < 0 {
			f.Add(p+".skuId", "err.invalid", errs.A("field", labelSKU))
		}
		dec.CheckNonNeg(f, p+".qty", labelQty, o.Qty, sys.QtyPlaces)
		dec.CheckNonNeg(f, p+".unitCost", labelUnitCost, o.UnitCost, sys.PricePlaces)
	}
}

func checkPrices(f *errs.Fields, prefix string, p Prices, places int) {
	dec.CheckNonNeg(f, prefix+"purPrice", labelPurPrice, p.PurPrice, places)
	dec.CheckNonNeg(f, prefix+"salePrice", labelSalePrice, p.SalePrice, places)
	dec.CheckNonNeg(f, prefix+"wholesalePrice", labelWholesale, p.WholesalePrice, places)
	dec.CheckNonNeg(f, prefix+"vipPrice", labelVipPrice, p.VipPrice, places)
}

// openingAmount is qty × unit cost rounded to the amount places.
func openingAmount(o OpeningInput, amountPlaces int) dec.Dec {
	return o.Qty.Mul(o.UnitCost).Round(amountPlaces)
}

func path(list string, i int) string { return list + "[" + itoa(int64(i)) + "]" }

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// assistKey is the stored form of a SKU's values: the sorted ids "3,12".
func assistKey(ids []int64) string {
	s := slices.Clone(ids)
	slices.Sort(s)
	var b strings.Builder
	for i, id := range s {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(itoa(id))
	}
	return b.String()
}

// levelPrice is the price a customer of level pays for a unit with these
// prices (0 retail, 1 wholesale, 2 VIP, 3/4 discount levels of the sale
// price); suppliers (supplier true) pay the purchase price.
func levelPrice(p Prices, level int, supplier bool, rate1, rate2 dec.Dec, places int) dec.Dec {
	if supplier {
		return p.PurPrice
	}
	hundred := dec.FromInt(100)
	switch level {
	case 1:
		return p.WholesalePrice
	case 2:
		return p.VipPrice
	case 3, 4:
		rate := rate1
		if level == 4 {
			rate = rate2
		}
		if rate.IsZero() {
			// No rate set: a discount of nothing, not a free item.
			return p.SalePrice
		}
		return p.SalePrice.Mul(rate).Div(hundred).Round(places)
	}
	return p.SalePrice
}

// checkCodes reports a barcode typed twice in one goods item (base, units,
// SKUs), where it is typed the second time.
func checkCodes(f *errs.Fields, in *Input) {
	seen := map[string]bool{}
	one := func(p, c string) {
		if c == "" {
			return
		}
		if seen[c] {
			f.Add(p, "goods.err.barcodeTwice", errs.A("code", c))
		}
		seen[c] = true
	}
	one("barCode", in.BarCode)
	for i, u := range in.Units {
		if !in.isBaseRow(i) {
			one(path("units", i)+".barCode", u.BarCode)
		}
	}
	for i, s := range in.Skus {
		one(path("skus", i)+".barCode", s.BarCode)
	}
}
