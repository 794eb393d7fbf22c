package bill

import (
	"context"
	"fmt"

	"cangshu/internal/db"
	"cangshu/internal/sysparam"
)

// Returns: a purchase or sales return names the audited receipt or
// delivery it returns (srcBillId) and, per line, the source line
// (srcEntryId); it returns no more base quantity than the line has left
// after the other audited returns. No status on the source.
var Returns = &Draw{
	Name: "return",
	From: func(k *Kind) []string {
		if k.ReturnOf == "" {
			return nil
		}
		return []string{k.ReturnOf}
	},
	IsSource: func(k *Kind) bool { return !k.Order },
	Links: func(_ context.Context, _ db.Querier, d *Document) (Links, error) {
		ls := Links{Head: d.SrcBillID}
		if d.SrcBillID == 0 {
			return ls, nil
		}
		for i, e := range d.Entries {
			if e.SrcEntryID != 0 {
				ls.Lines = append(ls.Lines, Link{Path: fmt.Sprintf("entries[%d]", i), LineNo: i + 1, Source: d.SrcBillID, Unit: e.SrcEntryID,
					GoodsID: e.InvID, SKUID: e.SkuID, Take: qtyTake(e), Rate: e.UnitRate})
			}
		}
		return ls, nil
	},
	Measures:      []Measure{{Field: "qty", TooMuch: "bill.err.returnTooMuch", PerUnit: true}},
	UnitsSQL:      sqlLineUnits,
	TakenSQL:      sqlReturnedTaken,
	DependentsSQL: sqlReturnDependents,
	SameContact:   true,
	Text: DrawText{HeadPath: "srcBillId", SourceLabel: labelSrcBill, UnitField: "srcEntryId", UnitLabel: labelSrcEntry,
		NotAudited: "bill.err.srcNotAudited", Contact: "bill.err.srcContact"},
}

// Fulfilment: a receipt or delivery line made from an order line
// (srcOrderId, srcOrderEntryId) fulfils it; the order's bill_status
// follows (0 nothing fulfilled, 1 partly, 2 every line completely; 3
// closed by hand, kept until opened again). Over-fulfilment is refused
// unless the system parameter allows it.
var Fulfilment = &Draw{
	Name: "order",
	From: func(k *Kind) []string {
		if k.OrderKind == "" {
			return nil
		}
		return []string{k.OrderKind}
	},
	IsSource: func(k *Kind) bool { return k.Order },
	Links: func(_ context.Context, _ db.Querier, d *Document) (Links, error) {
		var ls Links
		for i, e := range d.Entries {
			if e.SrcOrderEntryID != 0 {
				ls.Lines = append(ls.Lines, Link{Path: fmt.Sprintf("entries[%d]", i), LineNo: i + 1, Source: e.SrcOrderID, Unit: e.SrcOrderEntryID,
					GoodsID: e.InvID, SKUID: e.SkuID, Take: qtyTake(e), Rate: e.UnitRate})
			}
		}
		return ls, nil
	},
	Measures:      []Measure{{Field: "qty", TooMuch: "bill.err.overFulfil", PerUnit: true}},
	UnitsSQL:      sqlLineUnits,
	TakenSQL:      sqlFulfilledTaken,
	DependentsSQL: sqlOrderDependents,
	StatusColumn:  "bill_status",
	Keep:          StatusClosed,
	SameContact:   true,
	Over:          func(sys sysparam.System) bool { return sys.AllowOverFulfil == 1 },
	Text: DrawText{SourceField: "srcOrderId", SourceLabel: labelSrcOrder, UnitField: "srcOrderEntryId", UnitLabel: labelOrderEntry,
		NotAudited: "bill.err.orderNotAudited", Closed: "bill.err.orderClosed", Contact: "bill.err.orderContact", NameSource: true},
}
