package bill

import (
	"time"

	"cangshu/internal/custom"
	"cangshu/internal/dec"
)

// Document is a document as query answers it (docs/api.md §4). Quantities and
// amounts are positive; the transType gives the direction.
type Document struct {
	ID             int64   `json:"id"`
	BillNo         string  `json:"billNo"`
	TransType      int     `json:"transType"`
	Date           string  `json:"date"`
	BuID           int64   `json:"buId"`
	ContactName    string  `json:"contactName"`
	SalesID        int64   `json:"salesId"`
	SalesName      string  `json:"salesName"`
	ShopID         int64   `json:"shopId"`
	LocationID     int64   `json:"locationId"`
	LocationName   string  `json:"locationName"`
	OutLocationID  int64   `json:"outLocationId,omitempty"` // transfers: the first line's warehouses
	InLocationID   int64   `json:"inLocationId,omitempty"`
	SrcBillID      int64   `json:"srcBillId"`
	SrcBillNo      string  `json:"srcBillNo"`
	Description    string  `json:"description"`
	DeliveryDate   string  `json:"deliveryDate"`
	Fee            dec.Dec `json:"fee"`        // assembly and disassembly: the fee added to the cost
	BillStatus     int     `json:"billStatus"` // orders: 0 none, 1 partly, 2 completely fulfilled, 3 closed
	TotalQty       dec.Dec `json:"totalQty"`
	TotalAmount    dec.Dec `json:"totalAmount"`
	DisRate        dec.Dec `json:"disRate"`
	DisAmount      dec.Dec `json:"disAmount"`
	Amount         dec.Dec `json:"amount"`
	TotalTax       dec.Dec `json:"totalTax"`
	TotalTaxAmount dec.Dec `json:"totalTaxAmount"`
	RPAmount       dec.Dec `json:"rpAmount"`
	Arrears        dec.Dec `json:"arrears"`
	HXStateCode    int     `json:"hxStateCode"` // purchases, sales and their returns: 0 nothing paid of a debt, 1 partly, 2 nothing open
	// Purchases, sales and their returns (Kind.Settled): what was paid on
	// the document and settled since by receipts, payments and
	// verifications (rpAmount + what they settled), and what is still open
	// (arrears − what they settled); docs/money.md.
	SettledAmount  *dec.Dec   `json:"settledAmount,omitempty"`
	OpenAmount     *dec.Dec   `json:"openAmount,omitempty"`
	hxAmount       dec.Dec    // settled since by audited receipts, payments and verifications (bills.hx_amount)
	InvoicedAmount dec.Dec    `json:"invoicedAmount"` // goods documents: invoiced (with tax) by audited invoices
	InvoiceState   int        `json:"invoiceState"`   // goods documents: 0 none, 1 partly, 2 fully invoiced
	hideMoney      bool       // presented to a caller without the money right: money fields left out
	Checked        int        `json:"checked"`
	CheckName      string     `json:"checkName"`
	CheckTime      *time.Time `json:"checkTime"`
	UserName       string     `json:"userName"`
	CreateTime     time.Time  `json:"createTime"`
	ModifyTime     time.Time  `json:"modifyTime"`
	Version        int64      `json:"version"`
	Entries        []Entry    `json:"entries,omitempty"`
	Accounts       []Account  `json:"accounts,omitempty"`
	// Fund documents (docs/money.md).
	AccID    int64    `json:"accId,omitempty"`    // income and expense: the account
	AccName  string   `json:"accName,omitempty"`  // income and expense
	Discount *dec.Dec `json:"discount,omitempty"` // receipts and payments: 整单折扣
	Payment  *dec.Dec `json:"payment,omitempty"`  // receipts and payments: the advance left = Σ accounts + discount − Σ nowCheck
	Checks   []Check  `json:"checks,omitempty"`   // receipts, payments, verification: the documents settled
	// Verification documents: the other contact and its documents settled (153203).
	ToBuID        int64   `json:"toBuId,omitempty"`
	ToContactName string  `json:"toContactName,omitempty"`
	ToChecks      []Check `json:"toChecks,omitempty"`
	// Invoices.
	InvoiceNo    string `json:"invoiceNo,omitempty"`
	InvoiceTitle string `json:"invoiceTitle,omitempty"`
	InvoiceType  int    `json:"invoiceType,omitempty"` // 1 普通 ordinary, 2 专用 special VAT invoice
	// Custom are the values of the documents' custom fields (internal/custom).
	Custom custom.Map `json:"custom"`
	// stored: rebuilt from the stored lines (docOf) for the draw-down
	// relations, whose links are then read by ID; else built from input.
	stored bool
}

// Check is a document a receipt or payment settles (docs/api.md §4): the
// target's figures (returns negative) and what this one settles of it.
type Check struct {
	BillID    int64   `json:"billId"`
	BillNo    string  `json:"billNo"`
	TransType int     `json:"transType"`
	BillDate  string  `json:"billDate"`
	BillPrice dec.Dec `json:"billPrice"` // the document's amount
	HasCheck  dec.Dec `json:"hasCheck"`  // paid on it and settled, by audited documents
	NotCheck  dec.Dec `json:"notCheck"`  // still open
	NowCheck  dec.Dec `json:"nowCheck"`  // settled by this document
	side      int     // settlements.side
}

// CheckInput is a settled document as entered: nowCheck is positive on a
// sale or purchase, negative on a return (its open amount is negative).
type CheckInput struct {
	BillID   int64   `json:"billId"`
	NowCheck dec.Dec `json:"nowCheck"`
}

// Entry is a document line.
type Entry struct {
	ID              int64    `json:"id"`
	InvID           int64    `json:"invId"`
	InvNumber       string   `json:"invNumber"`
	InvName         string   `json:"invName"`
	InvSpec         string   `json:"invSpec"`
	SkuID           int64    `json:"skuId"`
	SkuName         string   `json:"skuName"`
	UnitID          int64    `json:"unitId"`
	UnitName        string   `json:"unitName"`
	UnitRate        dec.Dec  `json:"unitRate"`
	Qty             dec.Dec  `json:"qty"`
	BaseQty         dec.Dec  `json:"baseQty"`
	Price           dec.Dec  `json:"price"`
	DiscountRate    dec.Dec  `json:"discountRate"`
	Deduction       dec.Dec  `json:"deduction"`
	Amount          dec.Dec  `json:"amount"`
	TaxRate         dec.Dec  `json:"taxRate"`
	Tax             dec.Dec  `json:"tax"`
	TaxAmount       dec.Dec  `json:"taxAmount"`
	InvoicedAmount  *dec.Dec `json:"invoicedAmount,omitempty"` // goods document lines: invoiced (with tax) by audited invoices
	LocationID      int64    `json:"locationId"`
	LocationName    string   `json:"locationName"`
	EntryType       int      `json:"entryType,omitempty"`     // assembly and disassembly: 1 the product, 2 a part
	OutLocationID   int64    `json:"outLocationId,omitempty"` // transfers: = locationId
	OutLocationName string   `json:"outLocationName,omitempty"`
	InLocationID    int64    `json:"inLocationId,omitempty"` // transfers: the warehouse the goods go into
	InLocationName  string   `json:"inLocationName,omitempty"`
	Batch           string   `json:"batch"`
	ProdDate        string   `json:"prodDate"`
	ValidDate       string   `json:"validDate"`
	SerNumList      []SerNum `json:"serNumList"` // serial numbers (ISSERNUM, goods isSerNum), [] when none
	SrcEntryID      int64    `json:"srcEntryId"`
	SrcOrderID      int64    `json:"srcOrderId"`
	SrcOrderEntryID int64    `json:"srcOrderEntryId"`
	SrcOrderNo      string   `json:"srcOrderNo"`
	UnitCost        *dec.Dec `json:"unitCost,omitempty"` // outbound and return lines, with the cost right
	Cost            *dec.Dec `json:"cost,omitempty"`
	Description     string   `json:"description"`
	// Fund lines: income and expense (itemId), fund transfers (outAccId,
	// inAccId, wayId, settlement); amount and description are shared.
	ItemID     int64  `json:"itemId,omitempty"`
	ItemName   string `json:"itemName,omitempty"`
	OutAccID   int64  `json:"outAccId,omitempty"`
	OutAccName string `json:"outAccName,omitempty"`
	InAccID    int64  `json:"inAccId,omitempty"`
	InAccName  string `json:"inAccName,omitempty"`
	WayID      int64  `json:"wayId,omitempty"`
	WayName    string `json:"wayName,omitempty"`
	Settlement string `json:"settlement,omitempty"`
	SrcBillID  int64  `json:"srcBillId,omitempty"` // invoices: the goods document invoiced
	SrcBillNo  string `json:"srcBillNo,omitempty"`
}

// SerNum is one serial number of a line (docs/api.md §4).
type SerNum struct {
	SerNum string `json:"serNum"`
}

// Account is a settlement line.
type Account struct {
	ID         int64   `json:"id"`
	AccID      int64   `json:"accId"`
	AccName    string  `json:"accName"`
	Payment    dec.Dec `json:"payment"`
	WayID      int64   `json:"wayId"`
	WayName    string  `json:"wayName"`
	Settlement string  `json:"settlement"`
	Remark     string  `json:"remark"`
}

// Input is what add and update take. Everything the server owns (totals,
// status, maker, auditor, shop) is absent: a client cannot set it. The id
// and version are read on update only; billNo only when the kind's coding
// rule allows manual numbers.
type Input struct {
	ID            int64          `json:"id"`
	Version       int64          `json:"version"`
	BillNo        string         `json:"billNo"`
	Date          string         `json:"date"`
	BuID          int64          `json:"buId"`
	SalesID       int64          `json:"salesId"`
	LocationID    int64          `json:"locationId"`
	TransType     int            `json:"transType"`     // 0 = the kind's; a sub-type the kind allows (Kind.TransTypes)
	OutLocationID int64          `json:"outLocationId"` // transfers: default of the lines' out and in warehouses
	InLocationID  int64          `json:"inLocationId"`
	SrcBillID     int64          `json:"srcBillId"`
	SrcOrderID    int64          `json:"srcOrderId"` // receipts/deliveries: the order of lines naming no order
	Description   string         `json:"description"`
	DeliveryDate  string         `json:"deliveryDate"` // orders
	Fee           dec.Dec        `json:"fee"`          // assembly and disassembly: added to the cost
	DisRate       dec.Dec        `json:"disRate"`
	DisAmount     *dec.Dec       `json:"disAmount"` // given: kept (≤ total); absent: from disRate
	Entries       []EntryInput   `json:"entries"`
	Accounts      []AccountInput `json:"accounts"`
	AccID         int64          `json:"accId"`        // income and expense: the account
	Discount      dec.Dec        `json:"discount"`     // receipts and payments: 整单折扣 (≥ 0)
	Checks        []CheckInput   `json:"checks"`       // receipts, payments, verification: the documents settled
	ToBuID        int64          `json:"toBuId"`       // verification 153203–153205: the other contact
	ToChecks      []CheckInput   `json:"toChecks"`     // verification 153203: the other contact's documents settled
	Amount        dec.Dec        `json:"amount"`       // verification 153201, 153202, 153204, 153205: the amount (= Σ checks)
	InvoiceNo     string         `json:"invoiceNo"`    // invoices
	InvoiceTitle  string         `json:"invoiceTitle"` // invoices
	InvoiceType   int            `json:"invoiceType"`  // invoices: 1 普通 (default), 2 专用
	Custom        custom.Values  `json:"custom"`       // the custom fields' values by code; absent keeps them
}

// EntryInput is a line as entered.
type EntryInput struct {
	InvID           int64    `json:"invId"`
	SkuID           int64    `json:"skuId"`
	UnitID          int64    `json:"unitId"`        // 0 = the goods' unit
	LocationID      int64    `json:"locationId"`    // 0 = the header's warehouse
	EntryType       int      `json:"entryType"`     // assembly and disassembly: 1 the product, 2 a part
	OutLocationID   int64    `json:"outLocationId"` // transfers: the warehouse left (else locationId)
	InLocationID    int64    `json:"inLocationId"`  // transfers: the warehouse entered
	Qty             dec.Dec  `json:"qty"`
	Price           dec.Dec  `json:"price"`
	Amount          dec.Dec  `json:"amount"` // value-only kinds (cost adjustment): the signed change; ignored elsewhere
	DiscountRate    dec.Dec  `json:"discountRate"`
	TaxRate         *dec.Dec `json:"taxRate"` // absent: taxRequiredInput (tax on) or 0
	Batch           string   `json:"batch"`
	ProdDate        string   `json:"prodDate"`
	ValidDate       string   `json:"validDate"`  // receipts: "" = prodDate + the goods' safeDays (batch goods)
	SerNumList      []SerNum `json:"serNumList"` // one per base unit for serial-managed goods
	SrcEntryID      int64    `json:"srcEntryId"`
	SrcOrderID      int64    `json:"srcOrderId"`      // 0 = the header's srcOrderId
	SrcOrderEntryID int64    `json:"srcOrderEntryId"` // the order line this line fulfils
	Description     string   `json:"description"`
	ItemID          int64    `json:"itemId"`     // income and expense: the item
	OutAccID        int64    `json:"outAccId"`   // fund transfers: the account left
	InAccID         int64    `json:"inAccId"`    // fund transfers: the account entered
	WayID           int64    `json:"wayId"`      // fund transfers: the way of settlement
	Settlement      string   `json:"settlement"` // fund transfers: the settlement number
	SrcBillID       int64    `json:"srcBillId"`  // invoices: the goods document invoiced (srcEntryId its line)
	Tax             dec.Dec  `json:"tax"`        // invoices: the line's tax (taxAmount = amount + tax)
}

// AccountInput is a settlement line as entered.
type AccountInput struct {
	AccID      int64   `json:"accId"`
	Payment    dec.Dec `json:"payment"`
	WayID      int64   `json:"wayId"`
	Settlement string  `json:"settlement"`
	Remark     string  `json:"remark"`
}

// Tax is the tax mode of the system parameters.
type Tax struct {
	On          bool    // taxRequiredCheck: lines carry a tax rate
	Default     dec.Dec // taxRequiredInput
	PriceIsTax  bool    // invPriceIsTax: entered prices include tax
	AmountPlace int
}

var hundred = dec.FromInt(100)

// lineFigures computes a line's derived figures (docs/stock.md), rounded
// half-up to amount places.
func lineFigures(qty, price, discountRate, taxRate dec.Dec, t Tax) (deduction, amount, tax, taxAmount dec.Dec) {
	a := t.AmountPlace
	gross := qty.Mul(price)
	deduction = gross.Mul(discountRate).Div(hundred).Round(a)
	if !t.On {
		taxRate = dec.Zero
	}
	if t.PriceIsTax {
		taxAmount = gross.Round(a).Sub(deduction)
		amount = taxAmount.Mul(hundred).Div(hundred.Add(taxRate)).Round(a)
		tax = taxAmount.Sub(amount)
		return
	}
	amount = gross.Round(a).Sub(deduction)
	tax = amount.Mul(taxRate).Div(hundred).Round(a)
	taxAmount = amount.Add(tax)
	return
}

// header computes the header's figures from its stored lines and payments.
func header(d *Document, disAmount *dec.Dec, t Tax) {
	d.TotalQty, d.TotalAmount, d.TotalTax, d.TotalTaxAmount, d.RPAmount = dec.Zero, dec.Zero, dec.Zero, dec.Zero, dec.Zero
	for _, e := range d.Entries {
		d.TotalQty = d.TotalQty.Add(e.Qty)
		d.TotalTax = d.TotalTax.Add(e.Tax)
		d.TotalTaxAmount = d.TotalTaxAmount.Add(e.TaxAmount)
		if t.On {
			d.TotalAmount = d.TotalAmount.Add(e.TaxAmount)
		} else {
			d.TotalAmount = d.TotalAmount.Add(e.Amount)
		}
	}
	if disAmount != nil {
		d.DisAmount = *disAmount
	} else {
		d.DisAmount = d.TotalAmount.Mul(d.DisRate).Div(hundred).Round(t.AmountPlace)
	}
	d.Amount = d.TotalAmount.Sub(d.DisAmount)
	for _, a := range d.Accounts {
		d.RPAmount = d.RPAmount.Add(a.Payment)
	}
	d.Arrears = d.Amount.Sub(d.RPAmount)
	d.HXStateCode = hxState(d.Arrears, d.RPAmount)
}

// hxState is the settled state: 0 nothing paid of a debt, 1 partly, 2 settled.
func hxState(arrears, paid dec.Dec) int {
	switch {
	case arrears.Sign() <= 0:
		return 2
	case paid.Sign() > 0:
		return 1
	default:
		return 0
	}
}
