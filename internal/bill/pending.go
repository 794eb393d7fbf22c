package bill

import (
	"context"
	"fmt"

	"cangshu/internal/dec"
	"cangshu/internal/server"
)

// Pending is an order with what is still to receive or deliver per line:
// what a receipt or delivery is built from (its lines copy srcOrderId and
// srcOrderEntryId, goods, unit, remainingQty, price, rates and warehouse).
type Pending struct {
	ID           int64         `json:"id"`
	BillNo       string        `json:"billNo"`
	TransType    int           `json:"transType"`
	Date         string        `json:"date"`
	DeliveryDate string        `json:"deliveryDate"`
	BuID         int64         `json:"buId"`
	ContactName  string        `json:"contactName"`
	SalesID      int64         `json:"salesId"`
	LocationID   int64         `json:"locationId"`
	Checked      int           `json:"checked"`
	BillStatus   int           `json:"billStatus"`
	Entries      []PendingLine `json:"entries"`
	hidePrice    bool          // presented to a caller without the money right
}

// PendingLine is an order line with its ordered, fulfilled and remaining
// quantities, in the line's unit and in the base unit. Fulfilled counts the
// lines of audited receipts/deliveries linked to it; remaining is never
// below 0 (an order over-fulfilled with allowOverFulfil has 0 left).
type PendingLine struct {
	SrcOrderID       int64   `json:"srcOrderId"`
	SrcOrderEntryID  int64   `json:"srcOrderEntryId"`
	LineNo           int     `json:"lineNo"`
	InvID            int64   `json:"invId"`
	InvNumber        string  `json:"invNumber"`
	InvName          string  `json:"invName"`
	InvSpec          string  `json:"invSpec"`
	SkuID            int64   `json:"skuId"`
	SkuName          string  `json:"skuName"`
	UnitID           int64   `json:"unitId"`
	UnitName         string  `json:"unitName"`
	UnitRate         dec.Dec `json:"unitRate"`
	Qty              dec.Dec `json:"qty"`
	BaseQty          dec.Dec `json:"baseQty"`
	FulfilledQty     dec.Dec `json:"fulfilledQty"`
	FulfilledBaseQty dec.Dec `json:"fulfilledBaseQty"`
	RemainingQty     dec.Dec `json:"remainingQty"`
	RemainingBaseQty dec.Dec `json:"remainingBaseQty"`
	Price            dec.Dec `json:"price"`
	DiscountRate     dec.Dec `json:"discountRate"`
	TaxRate          dec.Dec `json:"taxRate"`
	LocationID       int64   `json:"locationId"`
	LocationName     string  `json:"locationName"`
	Status           int     `json:"status"` // 0 none, 1 partly, 2 completely fulfilled
	Description      string  `json:"description"`
}

// inUnit is a base quantity in a line's unit (exact to 6 places).
func inUnit(base, rate dec.Dec) dec.Dec {
	if rate.Sign() <= 0 || rate.Equal(dec.FromInt(1)) {
		return base
	}
	return base.Div(rate).Round(6)
}

// Pending is the order's lines with what is still to fulfil, in one query
// (the fulfilled sums come from the lines linked to the order, found by
// the bill_entries_order index). Without the kind's money right the price
// is left out.
func (s *Service) Pending(ctx context.Context, p *server.Principal, k *Kind, id int64) (*Pending, error) {
	shopID, err := shopOf(p)
	if err != nil {
		return nil, err
	}
	o, found, err := readPending(ctx, s.db, shopID, k.Name, id)
	if err != nil {
		return nil, fmt.Errorf("read order %d: %w", id, err)
	}
	if !found {
		return nil, notFound(k)
	}
	if err := seen(ctx, s.db, p.Rights, k, id); err != nil {
		return nil, err
	}
	if o.Entries == nil {
		o.Entries = []PendingLine{}
	}
	o.hidePrice = hidesMoney(p, k)
	return &o, nil
}
