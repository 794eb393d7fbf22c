// Package account manages settlement accounts (结算账户): cash (type 1) and
// bank (type 2) accounts with their opening balance as of an opening date.
// The current balance is the opening balance until fund documents exist.
package account

import (
	"strings"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
	"cangshu/internal/sysparam"
)

// Account types.
const (
	TypeCash = 1
	TypeBank = 2
)

// Account is a settlement account as the list and get_update answer it.
type Account struct {
	ID          int64   `json:"id"`
	Number      string  `json:"number"`
	Name        string  `json:"name"`
	Type        int     `json:"type"`
	BankAccount string  `json:"bankAccount"`
	Amount      dec.Dec `json:"amount"`  // opening balance
	Date        string  `json:"date"`    // opening date, YYYY-MM-DD
	Balance     dec.Dec `json:"balance"` // current balance
	Disable     int     `json:"disable"`
	Remark      string  `json:"remark"`
	// Search is what matchCon looks in (search.Text: number, name and bank account with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
}

// Input is what add and update take (the id on update only). The balance is
// the server's; the disabled state changes through /disable only.
type Input struct {
	ID          int64   `json:"id"`
	Number      string  `json:"number"`
	Name        string  `json:"name"`
	Type        int64   `json:"type"`
	BankAccount string  `json:"bankAccount"`
	Amount      dec.Dec `json:"amount"`
	Date        string  `json:"date"`
	Remark      string  `json:"remark"`
}

// Labels.
const (
	Entity           errs.Key = "account.entity"
	labelNumber      errs.Key = "account.field.number"
	labelName        errs.Key = "account.field.name"
	labelType        errs.Key = "account.field.type"
	labelBankAccount errs.Key = "account.field.bankAccount"
	labelAmount      errs.Key = "account.field.amount"
	labelDate        errs.Key = "account.field.date"
	labelRemark      errs.Key = "field.remark"
)

const (
	maxNumber      = 32
	maxName        = 100
	maxBankAccount = 64
	maxRemark      = 500
	firstNo        = "ZH001"
)

// validate trims and checks the input against the system's amount places;
// needNumber is false on add (an empty number is given the next one). An
// empty date is left for the caller to default.
func (in *Input) validate(needNumber bool, sys sysparam.System) error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.BankAccount = strings.TrimSpace(in.BankAccount)
	in.Date = strings.TrimSpace(in.Date)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("number", labelNumber, in.Number, needNumber, maxNumber)
	f.Text("name", labelName, in.Name, true, maxName)
	errs.OneOf(&f, "type", labelType, in.Type, TypeCash, TypeBank)
	f.Text("bankAccount", labelBankAccount, in.BankAccount, false, maxBankAccount)
	dec.CheckNonNeg(&f, "amount", labelAmount, in.Amount, sys.AmountPlaces)
	if in.Date != "" && !sysparam.ValidDate(in.Date) {
		f.Add("date", "err.invalid", errs.A("field", labelDate))
	}
	f.Text("remark", labelRemark, in.Remark, false, maxRemark)
	return f.Err()
}
