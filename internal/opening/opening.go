// Package opening is the opening balances screen (期初余额): the opening
// stock per goods × warehouse (× SKU), the opening receivable/payable and
// advance per contact and the opening balance per settlement account, all
// as of the system start date (startDate), with their totals (the opening
// position) and an Excel import. The figures live where master data keeps
// them (goods_openings, contacts.opening_amount/opening_advance,
// settle_accounts.opening_balance); opening stock is posted through the
// stock engine as opening moves (a function handed in at wiring). Once a
// period is closed every opening is locked: changes are refused until the
// period is reopened.
package opening

import (
	"strings"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// Kinds of openings (the import's and the template's ?kind=).
const (
	KindStock    = "stock"
	KindCustomer = "customer"
	KindSupplier = "supplier"
	KindAccount  = "account"
)

// Contact types (contacts.type).
const (
	TypeCustomer int64 = -10
	TypeSupplier int64 = 10
)

// Summary is the opening position: totals of every kind of opening.
type Summary struct {
	StartDate       string  `json:"startDate"`
	CloseDate       string  `json:"closeDate"` // "" = nothing closed
	Locked          bool    `json:"locked"`    // a period is closed: openings cannot change
	StockLines      int     `json:"stockLines"`
	StockQty        dec.Dec `json:"stockQty"`
	StockAmount     dec.Dec `json:"stockAmount"`
	Receivable      dec.Dec `json:"receivable"`      // customers' opening debts
	AdvanceReceived dec.Dec `json:"advanceReceived"` // customers' opening advances
	Payable         dec.Dec `json:"payable"`         // owed to suppliers
	AdvancePaid     dec.Dec `json:"advancePaid"`     // suppliers' opening advances
	Accounts        dec.Dec `json:"accounts"`        // settlement accounts' opening balances
	// Net is what the business owns less what it owes at the start:
	// stock + receivable + advances paid + accounts − payable − advances received.
	Net dec.Dec `json:"net"`
}

// StockRow is one opening stock line.
type StockRow struct {
	ID           int64   `json:"id"`
	InvID        int64   `json:"invId"`
	InvNumber    string  `json:"invNumber"`
	InvName      string  `json:"invName"`
	InvSpec      string  `json:"invSpec"`
	SkuID        int64   `json:"skuId"`
	SkuName      string  `json:"skuName"`
	LocationID   int64   `json:"locationId"`
	LocationName string  `json:"locationName"`
	UnitName     string  `json:"unitName"`
	Qty          dec.Dec `json:"qty"`
	UnitCost     dec.Dec `json:"unitCost"`
	Amount       dec.Dec `json:"amount"`
}

// ContactRow is one contact's openings.
type ContactRow struct {
	ID          int64   `json:"id"`
	Type        int64   `json:"type"`
	Number      string  `json:"number"`
	Name        string  `json:"name"`
	Amount      dec.Dec `json:"amount"`      // receivable (customers) or payable (suppliers)
	PeriodMoney dec.Dec `json:"periodMoney"` // advance received (customers) or paid (suppliers)
}

// AccountRow is one settlement account's opening balance.
type AccountRow struct {
	ID     int64   `json:"id"`
	Number string  `json:"number"`
	Name   string  `json:"name"`
	Amount dec.Dec `json:"amount"`
}

// Totals is a list's totals row (userdata).
type Totals struct {
	Qty         *dec.Dec `json:"qty,omitempty"`
	Amount      dec.Dec  `json:"amount"`
	PeriodMoney *dec.Dec `json:"periodMoney,omitempty"`
}

// StockInput sets the opening stock of one goods item in one warehouse (and
// SKU): a quantity of 0 removes it.
type StockInput struct {
	InvID      int64   `json:"invId"`
	LocationID int64   `json:"locationId"`
	SkuID      int64   `json:"skuId"`
	Qty        dec.Dec `json:"qty"`
	UnitCost   dec.Dec `json:"unitCost"`
}

// ContactInput sets a contact's opening debt and advance.
type ContactInput struct {
	ID          int64   `json:"id"`
	Amount      dec.Dec `json:"amount"`
	PeriodMoney dec.Dec `json:"periodMoney"`
}

// AccountInput sets an account's opening balance.
type AccountInput struct {
	ID     int64   `json:"id"`
	Amount dec.Dec `json:"amount"`
}

const (
	labelGoods       errs.Key = "opening.field.goods"
	labelLocation    errs.Key = "opening.field.location"
	labelSku         errs.Key = "opening.field.sku"
	labelQty         errs.Key = "opening.field.qty"
	labelUnitCost    errs.Key = "opening.field.unitCost"
	labelAmount      errs.Key = "opening.field.amount"
	labelContact     errs.Key = "opening.field.contact"
	labelDebt        errs.Key = "opening.field.debt"
	labelAdvance     errs.Key = "opening.field.advance"
	labelAccount     errs.Key = "opening.field.account"
	labelBalance     errs.Key = "opening.field.balance"
	labelContactType errs.Key = "opening.field.contactType"
	labelKind        errs.Key = "opening.field.kind"
)

// check validates a stock line on its own: ids given, quantity and unit
// cost within the limits and places, and their amount within the amount
// limit (docs/limits.md).
func (in *StockInput) check(f *errs.Fields, sys sysparam.System) {
	if in.InvID <= 0 {
		f.Required("invId", labelGoods)
	}
	if in.LocationID <= 0 {
		f.Required("locationId", labelLocation)
	}
	if in.SkuID < 0 {
		f.Add("skuId", "err.invalid", errs.A("field", labelSku))
	}
	dec.Check(f, "qty", labelQty, in.Qty, sys.QtyPlaces, dec.Zero, dec.MaxQty)
	dec.Check(f, "unitCost", labelUnitCost, in.UnitCost, sys.PricePlaces, dec.Zero, dec.MaxPrice)
	if in.Qty.Places() <= sys.QtyPlaces && in.UnitCost.Places() <= sys.PricePlaces &&
		!in.Qty.LessThan(dec.Zero) && !in.UnitCost.LessThan(dec.Zero) && dec.MaxAmount.LessThan(in.amount(sys.AmountPlaces)) {
		f.Add("amount", "err.outOfRange", errs.A("field", labelAmount), errs.A("min", "0"), errs.A("max", dec.MaxAmount.String()))
	}
}

// amount is qty × unit cost rounded to the amount places.
func (in *StockInput) amount(places int) dec.Dec { return in.Qty.Mul(in.UnitCost).Round(places) }

func (in *ContactInput) check(f *errs.Fields, sys sysparam.System) {
	if in.ID <= 0 {
		f.Required("id", labelContact)
	}
	dec.CheckNonNeg(f, "amount", labelDebt, in.Amount, sys.AmountPlaces)
	dec.CheckNonNeg(f, "periodMoney", labelAdvance, in.PeriodMoney, sys.AmountPlaces)
}

func (in *AccountInput) check(f *errs.Fields, sys sysparam.System) {
	if in.ID <= 0 {
		f.Required("id", labelAccount)
	}
	dec.CheckNonNeg(f, "amount", labelBalance, in.Amount, sys.AmountPlaces)
}

// locked refuses a change once a period is closed.
func locked(sys sysparam.System) error {
	if sys.CloseDate != "" {
		return errs.Conflict("opening.err.locked", errs.A("date", sys.CloseDate))
	}
	return nil
}

func validKind(kind string) error {
	switch strings.TrimSpace(kind) {
	case KindStock, KindCustomer, KindSupplier, KindAccount:
		return nil
	}
	return errs.Field("kind", "err.invalid", errs.A("field", labelKind))
}
