package bill

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"cangshu/internal/db"
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
	var o Pending
	err = s.db.QueryRow(ctx, `SELECT b.id, b.bill_no, b.trans_type, b.bill_date, b.delivery_date, COALESCE(b.contact_id, 0), COALESCE(c.name, ''),
		COALESCE(b.employee_id, 0), COALESCE(b.location_id, 0), b.checked, b.bill_status
		FROM bills b LEFT JOIN contacts c ON c.id = b.contact_id WHERE b.id = ? AND b.shop_id = ? AND b.kind = ?`, id, shopID, k.Name).
		Scan(&o.ID, &o.BillNo, &o.TransType, &o.Date, &o.DeliveryDate, &o.BuID, &o.ContactName, &o.SalesID, &o.LocationID, &o.Checked, &o.BillStatus)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, notFound(k)
	}
	if err != nil {
		return nil, fmt.Errorf("read order %d: %w", id, err)
	}
	o.Entries, err = db.All(ctx, s.db, func(r *sql.Rows, l *PendingLine) error {
		if err := r.Scan(&l.SrcOrderEntryID, &l.LineNo, &l.InvID, &l.InvNumber, &l.InvName, &l.InvSpec, &l.SkuID, &l.SkuName, &l.UnitID,
			&l.UnitName, &l.UnitRate, &l.Qty, &l.BaseQty, &l.FulfilledBaseQty, &l.Price, &l.DiscountRate, &l.TaxRate, &l.LocationID,
			&l.LocationName, &l.Description); err != nil {
			return err
		}
		l.SrcOrderID = o.ID
		l.Status = lineStatus(l.BaseQty, l.FulfilledBaseQty)
		l.RemainingBaseQty = l.BaseQty.Sub(l.FulfilledBaseQty)
		if l.RemainingBaseQty.Sign() < 0 {
			l.RemainingBaseQty = dec.Zero
		}
		l.FulfilledQty = inUnit(l.FulfilledBaseQty, l.UnitRate)
		l.RemainingQty = inUnit(l.RemainingBaseQty, l.UnitRate)
		return nil
	}, `SELECT oe.id, oe.line_no, oe.goods_id, g.number, g.name, g.spec, COALESCE(oe.sku_id, 0), COALESCE(s.name, ''), oe.unit_id, u.name,
		oe.unit_rate, oe.qty, oe.base_qty, COALESCE(f.q, 0), oe.price, oe.discount_rate, oe.tax_rate, COALESCE(oe.location_id, 0),
		COALESCE(l.name, ''), oe.description
		FROM bill_entries oe JOIN goods g ON g.id = oe.goods_id JOIN units u ON u.id = oe.unit_id
		LEFT JOIN goods_skus s ON s.id = oe.sku_id LEFT JOIN locations l ON l.id = oe.location_id
		LEFT JOIN (SELECT le.src_order_entry_id AS eid, SUM(le.base_qty) AS q FROM bill_entries le JOIN bills lb ON lb.id = le.bill_id
			WHERE le.src_order_id = ? AND lb.checked = 1 GROUP BY le.src_order_entry_id) f ON f.eid = oe.id
		WHERE oe.bill_id = ? ORDER BY oe.line_no`, id, id)
	if err != nil {
		return nil, err
	}
	if o.Entries == nil {
		o.Entries = []PendingLine{}
	}
	o.hidePrice = hidesMoney(p, k)
	return &o, nil
}
