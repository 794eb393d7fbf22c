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
	"fmt"
	"strings"
	"time"

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
	ID           int64    `json:"id"`
	InvID        int64    `json:"invId"`
	InvNumber    string   `json:"invNumber"`
	InvName      string   `json:"invName"`
	InvSpec      string   `json:"invSpec"`
	SkuID        int64    `json:"skuId"`
	SkuName      string   `json:"skuName"`
	LocationID   int64    `json:"locationId"`
	LocationName string   `json:"locationName"`
	UnitName     string   `json:"unitName"`
	Batch        string   `json:"batch"`
	ProdDate     string   `json:"prodDate"`
	ValidDate    string   `json:"validDate"`
	Qty          dec.Dec  `json:"qty"`
	UnitCost     dec.Dec  `json:"unitCost"`
	Amount       dec.Dec  `json:"amount"`
	SerNumList   []SerNum `json:"serNumList"`
}

// SerNum is a serial number (as document lines carry them).
type SerNum struct {
	SerNum string `json:"serNum"`
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
// SKU and batch): a quantity of 0 removes it. Goods managed by batch name
// the batch (and its dates); goods managed by serial number name one
// serial per unit, as a purchase line does.
type StockInput struct {
	InvID      int64    `json:"invId"`
	LocationID int64    `json:"locationId"`
	SkuID      int64    `json:"skuId"`
	Batch      string   `json:"batch"`
	ProdDate   string   `json:"prodDate"`
	ValidDate  string   `json:"validDate"`
	Qty        dec.Dec  `json:"qty"`
	UnitCost   dec.Dec  `json:"unitCost"`
	SerNumList []SerNum `json:"serNumList"`
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
	labelBatch       errs.Key = "bill.field.batch"
	labelProdDate    errs.Key = "opening.field.prodDate"
	labelValidDate   errs.Key = "opening.field.validDate"
	labelSerNum      errs.Key = "bill.field.serNum"
)

// maxText is the longest batch or serial number; maxSerials the most
// serials of one line (a purchase line's).
const (
	maxText    = 64
	maxSerials = 5000
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
	in.Batch, in.ProdDate, in.ValidDate = strings.TrimSpace(in.Batch), strings.TrimSpace(in.ProdDate), strings.TrimSpace(in.ValidDate)
	f.Text("batch", labelBatch, in.Batch, false, maxText)
	for _, d := range []struct {
		path  string
		label errs.Key
		v     string
	}{{"prodDate", labelProdDate, in.ProdDate}, {"validDate", labelValidDate, in.ValidDate}} {
		if d.v != "" && !sysparam.ValidDate(d.v) {
			f.Add(d.path, "err.invalid", errs.A("field", d.label))
		}
	}
	if len(in.SerNumList) > maxSerials {
		f.Add("serNumList", "opening.err.tooManySerials", errs.A("max", maxSerials))
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

// addDays is a valid date (YYYY-MM-DD) plus days (as track.AddDays: the
// opening balances import no engine).
func addDays(date string, days int) string {
	t, _ := time.Parse(time.DateOnly, date)
	return t.AddDate(0, 0, days).Format(time.DateOnly)
}

// trackLine checks a stock line's batch and serials against its goods
// (see checkStock) and sets the expiry a batch takes from its shelf life.
func trackLine(f *errs.Fields, sys sysparam.System, g *goodsInfo, in *StockInput) {
	goods := errs.A("goods", g.name)
	batches, serials := sys.ISWARRANTY == 1 && g.warranty, sys.ISSERNUM == 1 && g.serial
	switch {
	case !batches && in.Batch != "":
		f.Add("batch", "opening.err.batchNotManaged", goods)
	case batches && in.Batch == "" && !in.Qty.IsZero():
		f.Add("batch", "opening.err.batchRequired", goods)
	}
	if batches && in.ValidDate == "" && in.ProdDate != "" && g.safeDays > 0 && sysparam.ValidDate(in.ProdDate) {
		in.ValidDate = addDays(in.ProdDate, g.safeDays)
	}
	if in.ProdDate != "" && in.ValidDate != "" && in.ValidDate < in.ProdDate {
		f.Add("validDate", "opening.err.validBeforeProd", goods)
	}
	if !serials {
		if len(in.SerNumList) > 0 {
			f.Add("serNumList", "opening.err.serialNotManaged", goods)
		}
		return
	}
	seen := map[string]int{}
	for j := range in.SerNumList {
		path := fmt.Sprintf("serNumList[%d].serNum", j)
		v := strings.TrimSpace(in.SerNumList[j].SerNum)
		in.SerNumList[j].SerNum = v
		before := f.Len()
		if f.Text(path, labelSerNum, v, true, maxText); f.Len() > before {
			continue
		}
		if first, dup := seen[v]; dup {
			f.Add(path, "opening.err.serialTwice", errs.A("serNum", v), errs.A("first", first))
			continue
		}
		seen[v] = j + 1
	}
	switch {
	case !in.Qty.Round(0).Equal(in.Qty):
		f.Add("qty", "opening.err.serialWhole", goods)
	case !dec.FromInt(int64(len(in.SerNumList))).Equal(in.Qty):
		f.Add("serNumList", "opening.err.serialCount", goods, errs.A("qty", in.Qty.String()), errs.A("n", len(in.SerNumList)))
	}
}
