package bill

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// Labels (bill.json).
const (
	labelDate        errs.Key = "bill.field.date"
	labelContact     errs.Key = "bill.field.buId"
	labelSupplier    errs.Key = "bill.field.supplier"
	labelCustomer    errs.Key = "bill.field.customer"
	labelSales       errs.Key = "bill.field.salesId"
	labelLocation    errs.Key = "bill.field.locationId"
	labelDescription errs.Key = "bill.field.description"
	labelEntries     errs.Key = "bill.field.entries"
	labelGoods       errs.Key = "bill.field.invId"
	labelSku         errs.Key = "bill.field.skuId"
	labelUnit        errs.Key = "bill.field.unitId"
	labelQty         errs.Key = "bill.field.qty"
	labelPrice       errs.Key = "bill.field.price"
	labelDiscount    errs.Key = "bill.field.discountRate"
	labelTaxRate     errs.Key = "bill.field.taxRate"
	labelBatch       errs.Key = "bill.field.batch"
	labelDisRate     errs.Key = "bill.field.disRate"
	labelDisAmount   errs.Key = "bill.field.disAmount"
	labelAccount     errs.Key = "bill.field.accId"
	labelPayment     errs.Key = "bill.field.payment"
	labelWay         errs.Key = "bill.field.wayId"
	labelBillNo      errs.Key = "bill.field.billNo"
	labelSrcBill     errs.Key = "bill.field.srcBillId"
	labelSrcEntry    errs.Key = "bill.field.srcEntryId"
	labelSrcOrder    errs.Key = "bill.field.srcOrderId"
	labelOrderEntry  errs.Key = "bill.field.srcOrderEntryId"
	labelDelivery    errs.Key = "bill.field.deliveryDate"
	labelRemark      errs.Key = "field.remark"
	labelInLocation  errs.Key = "bill.field.inLocationId"
	labelTransType   errs.Key = "bill.field.transType"
	labelAmount      errs.Key = "bill.field.amount"
	labelFee         errs.Key = "bill.field.fee"
	labelEntryType   errs.Key = "bill.field.entryType"
)

const (
	maxLines       = 500
	maxAccounts    = 20
	maxText        = 500
	maxShort       = 64
	ratePlaces     = 2
	maxBillNo      = 50
	maxDescription = 500
)

// goodsRow is what validation needs of a goods item.
type goodsRow struct {
	name       string
	unitTypeID int64
	unitID     int64
	isSerNum   int
	isWarranty int
	safeDays   int
}

type unitRow struct {
	typeID int64
	rate   dec.Dec
}

// build validates the input of kind k for the shop and computes every
// derived figure: the document as it will be stored (no ids yet). Each
// problem is reported at its field path (entries[2].qty).
func build(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, shopID int64, in *Input) (*Document, error) {
	in.Date = strings.TrimSpace(in.Date)
	in.BillNo = strings.TrimSpace(in.BillNo)
	in.Description = strings.TrimSpace(in.Description)
	in.DeliveryDate = strings.TrimSpace(in.DeliveryDate)
	var f errs.Fields
	if in.Date == "" {
		f.Required("date", labelDate)
	} else if !sysparam.ValidDate(in.Date) {
		f.Add("date", "err.invalid", errs.A("field", labelDate))
	} else if err := closed(sys, in.Date); err != nil {
		f.Add("date", "bill.err.closed", errs.A("date", sys.CloseDate))
	} else {
		checkDocDate(&f, sys, in.Date, time.Now())
	}
	if !k.Order {
		in.DeliveryDate = "" // only orders have one
	} else if in.DeliveryDate != "" && !sysparam.ValidDate(in.DeliveryDate) {
		f.Add("deliveryDate", "err.invalid", errs.A("field", labelDelivery))
	} else if in.DeliveryDate != "" {
		checkFarDate(&f, "deliveryDate", labelDelivery, in.DeliveryDate)
	}
	if in.SrcOrderID != 0 && k.OrderKind == "" {
		f.Add("srcOrderId", "err.invalid", errs.A("field", labelSrcOrder))
	}
	f.Text("billNo", labelBillNo, in.BillNo, false, maxBillNo)
	f.Text("description", labelDescription, in.Description, false, maxDescription)
	dec.CheckPercent(&f, "disRate", labelDisRate, in.DisRate, ratePlaces)
	if in.DisAmount != nil {
		dec.CheckNonNeg(&f, "disAmount", labelDisAmount, *in.DisAmount, sys.AmountPlaces)
	}
	contactLabel := labelSupplier
	if k.ContactType == Customer {
		contactLabel = labelCustomer
	}
	fam := k.family()
	d := &Document{TransType: k.TransType, Date: in.Date, BillNo: in.BillNo, BuID: in.BuID, SalesID: in.SalesID,
		LocationID: in.LocationID, SrcBillID: in.SrcBillID, Description: in.Description, DeliveryDate: in.DeliveryDate, DisRate: in.DisRate, ShopID: shopID}
	if in.TransType != 0 && in.TransType != k.TransType {
		if slices.Contains(k.TransTypes, in.TransType) {
			d.TransType = in.TransType
		} else {
			f.Add("transType", "err.invalid", errs.A("field", labelTransType))
		}
	}
	if !fam.money() {
		if in.DisRate.Sign() != 0 || (in.DisAmount != nil && in.DisAmount.Sign() != 0) {
			f.Add("disAmount", "err.invalid", errs.A("field", labelDisAmount))
		}
		if len(in.Accounts) > 0 {
			f.Add("accounts", "err.invalid", errs.A("field", labelAccount))
		}
		d.DisRate, in.DisAmount, in.Accounts = dec.Zero, nil, nil
	}
	rule := fam.contactRule(k)
	switch {
	case rule == contactNone:
		if in.BuID != 0 {
			f.Add("buId", "err.invalid", errs.A("field", labelContact))
		}
	case in.BuID == 0 && rule == contactOptional:
	case in.BuID <= 0:
		f.Required("buId", contactLabel)
	default:
		typ, err := contactType(ctx, q, in.BuID)
		if err == sql.ErrNoRows || (err == nil && k.ContactType != 0 && typ != k.ContactType) {
			f.Add("buId", "err.notFound", errs.A("what", contactLabel))
		} else if err != nil {
			return nil, err
		}
	}
	if in.SalesID != 0 {
		if ok, err := exists(ctx, q, "employees", in.SalesID); err != nil {
			return nil, err
		} else if !ok {
			f.Add("salesId", "err.notFound", errs.A("what", labelSales))
		}
	}
	if k.Fund != 0 {
		if err := buildFund(ctx, q, k, sys, shopID, in, d, &f); err != nil {
			return nil, err
		}
		return d, f.Err()
	}
	locs, err := shopLocations(ctx, q, shopID, in, maxLinesOf(k))
	if err != nil {
		return nil, err
	}
	if in.LocationID != 0 && !locs[in.LocationID] {
		f.Add("locationId", "err.notFound", errs.A("what", labelLocation))
	}
	if err := buildEntries(ctx, q, k, sys, locs, in, d, &f); err != nil {
		return nil, err
	}
	if err := buildAccounts(ctx, q, sys, in, d, dec.Zero, &f); err != nil {
		return nil, err
	}
	fam.document(k, sys, in, d, &f)
	if err := f.Err(); err != nil {
		return nil, err
	}
	tax := taxOf(sys)
	header(d, in.DisAmount, tax)
	checkTotals(&f, d)
	if !fam.money() {
		// Nothing is owed or paid: the amount is the value of the stock.
		d.Arrears, d.HXStateCode = dec.Zero, 0
	}
	// A warehouse document has neither discount nor payment (both zero
	// above); its total may be negative (a cost adjustment lowering value).
	if fam.money() && d.DisAmount.Cmp(d.TotalAmount) > 0 {
		f.Add("disAmount", "bill.err.disTooLarge", errs.A("max", d.TotalAmount.String()))
	}
	if fam.money() && d.RPAmount.Cmp(d.Amount) > 0 {
		f.Add("accounts", "bill.err.paidTooMuch", errs.A("max", d.Amount.String()))
	}
	return d, f.Err()
}

func taxOf(sys sysparam.System) Tax {
	return Tax{On: sys.TaxRequiredCheck == 1, Default: sys.TaxRequiredInput, PriceIsTax: sys.InvPriceIsTax == 1, AmountPlace: sys.AmountPlaces}
}

// closed reports a date on or before the period close.
func closed(sys sysparam.System, date string) error {
	if sys.CloseDate != "" && date <= sys.CloseDate {
		return errs.Field("date", "bill.err.closed", errs.A("date", sys.CloseDate))
	}
	return nil
}

func buildEntries(ctx context.Context, q db.Querier, k *Kind, sys sysparam.System, locs map[int64]bool, in *Input, d *Document, f *errs.Fields) error {
	if len(in.Entries) == 0 {
		f.Required("entries", labelEntries)
		return nil
	}
	if len(in.Entries) > maxLinesOf(k) {
		f.Add("entries", "bill.err.tooManyLines", errs.A("max", maxLinesOf(k)))
		return nil
	}
	var goodsIDs, unitIDs, skuIDs []int64
	for _, e := range in.Entries {
		goodsIDs = append(goodsIDs, e.InvID)
		unitIDs = append(unitIDs, e.UnitID)
		skuIDs = append(skuIDs, e.SkuID)
	}
	goods, units, skus, err := loadRefs(ctx, q, goodsIDs, unitIDs, skuIDs)
	if err != nil {
		return err
	}
	tax := taxOf(sys)
	seen := serialsSeen{}
	for i, e := range in.Entries {
		p := func(field string) string { return fmt.Sprintf("entries[%d].%s", i, field) }
		line := Entry{InvID: e.InvID, SkuID: e.SkuID, UnitID: e.UnitID, LocationID: e.LocationID, Qty: e.Qty, Price: e.Price,
			DiscountRate: e.DiscountRate, Batch: strings.TrimSpace(e.Batch), ProdDate: strings.TrimSpace(e.ProdDate),
			ValidDate: strings.TrimSpace(e.ValidDate), SrcEntryID: e.SrcEntryID, Description: strings.TrimSpace(e.Description)}
		if line.LocationID == 0 {
			line.LocationID = in.LocationID
		}
		k.family().line(k, in, e, &line, locs, p, f)
		g, okGoods := goods[e.InvID]
		if e.InvID <= 0 {
			f.Required(p("invId"), labelGoods)
		} else if !okGoods {
			f.Add(p("invId"), "err.notFound", errs.A("what", labelGoods))
		}
		if okGoods {
			if line.UnitID == 0 {
				line.UnitID = g.unitID
			}
			u, okUnit := units[line.UnitID]
			switch {
			case !okUnit:
				f.Add(p("unitId"), "err.notFound", errs.A("what", labelUnit))
			case line.UnitID == g.unitID && g.unitTypeID == 0:
				line.UnitRate = dec.FromInt(1)
			case g.unitTypeID != 0 && u.typeID == g.unitTypeID:
				line.UnitRate = u.rate
			default:
				f.Add(p("unitId"), "bill.err.unitNotOfGoods", errs.A("goods", g.name))
			}
			if e.SkuID != 0 {
				if owner, ok := skus[e.SkuID]; !ok || owner != e.InvID {
					f.Add(p("skuId"), "err.notFound", errs.A("what", labelSku))
				}
			}
		}
		if k.Stock != 0 && line.LocationID == 0 {
			f.Required(p("locationId"), labelLocation)
		} else if line.LocationID != 0 && !locs[line.LocationID] {
			f.Add(p("locationId"), "err.notFound", errs.A("what", labelLocation))
		}
		switch {
		case k.ValueOnly:
			if e.Qty.Sign() != 0 {
				f.Add(p("qty"), "err.invalid", errs.A("field", labelQty))
			}
			dec.Check(f, p("amount"), labelAmount, e.Amount, sys.AmountPlaces, dec.MaxAmount.Neg(), dec.MaxAmount)
			if e.Amount.Sign() == 0 && e.Amount.Places() <= sys.AmountPlaces {
				f.Add(p("amount"), "bill.err.amountNonZero", errs.A("field", labelAmount))
			}
		case e.Qty.Sign() <= 0 && e.Qty.Places() <= sys.QtyPlaces:
			f.Add(p("qty"), "bill.err.qtyPositive", errs.A("field", labelQty))
		default:
			dec.Check(f, p("qty"), labelQty, e.Qty, sys.QtyPlaces, dec.Zero, dec.MaxQty)
		}
		dec.Check(f, p("price"), labelPrice, e.Price, sys.PricePlaces, dec.Zero, dec.MaxPrice)
		dec.CheckPercent(f, p("discountRate"), labelDiscount, e.DiscountRate, ratePlaces)
		switch {
		case !tax.On:
			line.TaxRate = dec.Zero
		case e.TaxRate == nil:
			line.TaxRate = tax.Default
		default:
			line.TaxRate = *e.TaxRate
			dec.CheckPercent(f, p("taxRate"), labelTaxRate, line.TaxRate, ratePlaces)
		}
		if !k.family().money() {
			line.TaxRate = dec.Zero
		}
		f.Text(p("batch"), labelBatch, line.Batch, false, maxShort)
		f.Text(p("description"), labelRemark, line.Description, false, maxText)
		for _, dd := range []struct{ name, v string }{{"prodDate", line.ProdDate}, {"validDate", line.ValidDate}} {
			if dd.v != "" && !sysparam.ValidDate(dd.v) {
				f.Add(p(dd.name), "err.invalid", errs.A("field", labelDate))
			} else if dd.v != "" {
				checkFarDate(f, p(dd.name), labelDate, dd.v)
			}
		}
		if line.SrcEntryID != 0 && in.SrcBillID == 0 {
			f.Required("srcBillId", labelSrcBill)
		}
		// A line made from an order names the order line (and the order,
		// or the header's); only receipts and deliveries have orders.
		if e.SrcOrderEntryID != 0 || e.SrcOrderID != 0 {
			line.SrcOrderID, line.SrcOrderEntryID = e.SrcOrderID, e.SrcOrderEntryID
			if line.SrcOrderID == 0 {
				line.SrcOrderID = in.SrcOrderID
			}
			switch {
			case k.OrderKind == "":
				f.Add(p("srcOrderEntryId"), "err.invalid", errs.A("field", labelOrderEntry))
			case line.SrcOrderEntryID == 0:
				f.Required(p("srcOrderEntryId"), labelOrderEntry)
			case line.SrcOrderID == 0:
				f.Required(p("srcOrderId"), labelSrcOrder)
			}
		}
		if f.Len() == 0 {
			line.BaseQty = line.Qty.Mul(line.UnitRate).Round(sys.QtyPlaces)
			line.Deduction, line.Amount, line.Tax, line.TaxAmount = lineFigures(line.Qty, line.Price, line.DiscountRate, line.TaxRate, tax)
			if k.ValueOnly {
				line.Amount, line.TaxAmount = e.Amount, e.Amount
			}
			checkLine(f, i, &line)
		}
		if okGoods {
			if err := batchLine(ctx, q, k, sys, g, i, &line, f); err != nil {
				return err
			}
		}
		serialLine(k, sys, g, okGoods, i, e.SerNumList, &line, seen, f)
		d.Entries = append(d.Entries, line)
	}
	return nil
}

// buildAccounts checks the settlement lines; a payment is at least lo (0 on
// goods documents; a receipt's or payment's may be negative: a refund).
func buildAccounts(ctx context.Context, q db.Querier, sys sysparam.System, in *Input, d *Document, lo dec.Dec, f *errs.Fields) error {
	if len(in.Accounts) > maxAccounts {
		f.Add("accounts", "bill.err.tooManyLines", errs.A("max", maxAccounts))
		return nil
	}
	for i, a := range in.Accounts {
		p := func(field string) string { return fmt.Sprintf("accounts[%d].%s", i, field) }
		if a.AccID <= 0 {
			f.Required(p("accId"), labelAccount)
		} else if ok, err := exists(ctx, q, "settle_accounts", a.AccID); err != nil {
			return err
		} else if !ok {
			f.Add(p("accId"), "err.notFound", errs.A("what", labelAccount))
		}
		if a.WayID != 0 {
			if ok, err := exists(ctx, q, "assists", a.WayID); err != nil {
				return err
			} else if !ok {
				f.Add(p("wayId"), "err.notFound", errs.A("what", labelWay))
			}
		}
		dec.Check(f, p("payment"), labelPayment, a.Payment, sys.AmountPlaces, lo, dec.Max)
		settlement, remark := strings.TrimSpace(a.Settlement), strings.TrimSpace(a.Remark)
		f.Text(p("settlement"), labelRemark, settlement, false, maxShort)
		f.Text(p("remark"), labelRemark, remark, false, maxText)
		d.Accounts = append(d.Accounts, Account{AccID: a.AccID, Payment: a.Payment, WayID: a.WayID, Settlement: settlement, Remark: remark})
	}
	return nil
}

// checkLine refuses a line whose derived figures exceed the limits
// (docs/limits.md): the base quantity and every amount, so that no stored
// figure and no document total can overflow.
func checkLine(f *errs.Fields, i int, l *Entry) {
	if l.BaseQty.Abs().Cmp(dec.MaxQty) > 0 {
		f.Add(fmt.Sprintf("entries[%d].qty", i), "limit.err.baseQty", errs.A("value", l.BaseQty.String()), errs.A("max", dec.MaxQty.String()))
		return
	}
	for _, v := range []dec.Dec{l.Qty.Mul(l.Price), l.Amount, l.TaxAmount} {
		if v.Abs().Cmp(dec.MaxAmount) > 0 {
			f.Add(fmt.Sprintf("entries[%d].amount", i), "limit.err.lineAmount", errs.A("value", v.String()), errs.A("max", dec.MaxAmount.String()))
			return
		}
	}
}

// checkTotals refuses a document whose totals exceed MaxAmount.
func checkTotals(f *errs.Fields, d *Document) {
	for _, t := range []struct {
		path  string
		label errs.Key
		v     dec.Dec
	}{
		{"totalQty", "limit.field.totalQty", d.TotalQty},
		{"totalAmount", "limit.field.totalAmount", d.TotalAmount},
		{"totalAmount", "limit.field.totalAmount", d.TotalTaxAmount},
		{"accounts", "limit.field.rpAmount", d.RPAmount},
	} {
		if t.v.Abs().Cmp(dec.MaxAmount) > 0 {
			f.Add(t.path, "limit.err.docTotal", errs.A("field", t.label), errs.A("value", t.v.String()), errs.A("max", dec.MaxAmount.String()))
			return
		}
	}
}

// maxLinesOf is the most lines a document of kind k may have.
func maxLinesOf(k *Kind) int {
	if k.MaxLines > 0 {
		return k.MaxLines
	}
	return maxLines
}

// Dates (docs/limits.md): a document is dated from the system start date
// to one year ahead of today; other dates (delivery, production, expiry)
// lie in the years 1900–2199.
const (
	maxAhead     = 366 * 24 * time.Hour
	earliestDate = "1900-01-01"
	latestDate   = "2199-12-31"
)

// checkDocDate refuses a document date before the start date or more than
// a year ahead of now.
func checkDocDate(f *errs.Fields, sys sysparam.System, date string, now time.Time) {
	if sys.StartDate != "" && date < sys.StartDate {
		f.Add("date", "err.dateTooEarly", errs.A("field", labelDate), errs.A("min", sys.StartDate))
		return
	}
	if last := now.UTC().Add(maxAhead).Format("2006-01-02"); date > last {
		f.Add("date", "err.dateTooLate", errs.A("field", labelDate), errs.A("max", last))
	}
}

// checkFarDate refuses a date outside 1900–2199.
func checkFarDate(f *errs.Fields, path string, label errs.Key, date string) {
	switch {
	case date < earliestDate:
		f.Add(path, "err.dateTooEarly", errs.A("field", label), errs.A("min", earliestDate))
	case date > latestDate:
		f.Add(path, "err.dateTooLate", errs.A("field", label), errs.A("max", latestDate))
	}
}
