// Package contact manages customers (type -10) and suppliers (type 10):
// their category, price level, tax rate, opening receivable/payable and
// advance, and their contact people (contact_links, one of them first).
// Permissions follow the type: settings:customer:* or settings:supplier:*.
package contact

import (
	"encoding/json"
	"strconv"
	"strings"

	"cangshu/internal/custom"
	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/search"
	"cangshu/internal/sysparam"
)

// Types of contacts.
const (
	TypeCustomer = -10
	TypeSupplier = 10
)

// Price levels of customers (suppliers are always LevelRetail).
const (
	LevelRetail    = 0
	LevelWholesale = 1
	LevelVIP       = 2
	LevelDiscount1 = 3
	LevelDiscount2 = 4
)

// Contact is a customer or supplier as the list answers it: the first
// contact person's details are flattened into the row.
type Contact struct {
	ID           int64   `json:"id"`
	Type         int     `json:"type"`
	Number       string  `json:"number"`
	Name         string  `json:"name"`
	CategoryID   int64   `json:"categoryId"`
	CategoryName string  `json:"categoryName"`
	CLevel       int     `json:"cLevel"`
	TaxRate      dec.Dec `json:"taxRate"`
	Amount       dec.Dec `json:"amount"`      // opening receivable (customers) or payable (suppliers)
	PeriodMoney  dec.Dec `json:"periodMoney"` // opening advance received or paid
	BeginDate    string  `json:"beginDate"`
	Balance      dec.Dec `json:"balance"` // current receivable/payable
	Remark       string  `json:"remark"`
	Disable      int     `json:"disable"`
	Contacter    string  `json:"contacter"`
	Mobile       string  `json:"mobile"`
	Phone        string  `json:"phone"`
	Address      string  `json:"address"`
	// Custom are the values of the type's custom fields (internal/custom).
	Custom custom.Map `json:"custom"`
	// Search is what matchCon looks in (search.Text: number, name and the contact people's names and phones with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
	linkIm string     // the first contact person's IM, for the export
}

// Detail is one contact with all its contact people (get_update, add, update).
type Detail struct {
	Contact
	LinkMans []Link `json:"linkMans"`
}

// Link is a contact person.
type Link struct {
	ID         int64  `json:"id"`
	LinkName   string `json:"linkName"`
	LinkMobile string `json:"linkMobile"`
	LinkPhone  string `json:"linkPhone"`
	LinkIm     string `json:"linkIm"`
	Address    string `json:"address"`
	LinkFirst  int    `json:"linkFirst"`
}

// Input is what add and update take. On update the id names the record and
// its type stays; balances, search text and timestamps are the server's.
type Input struct {
	ID          int64   `json:"id"`
	Type        int64   `json:"type"`
	Number      string  `json:"number"`
	Name        string  `json:"name"`
	CategoryID  int64   `json:"categoryId"`
	CLevel      int64   `json:"cLevel"`
	TaxRate     dec.Dec `json:"taxRate"`
	Amount      dec.Dec `json:"amount"`
	PeriodMoney dec.Dec `json:"periodMoney"`
	BeginDate   string  `json:"beginDate"`
	Remark      string  `json:"remark"`
	LinkMans    Links   `json:"linkMans"`
	// Custom are the custom fields' values by code; absent keeps them.
	Custom custom.Values `json:"custom"`
}

// LinkInput is a contact person as sent; id (on update) keeps an existing one.
type LinkInput struct {
	ID         int64  `json:"id"`
	LinkName   string `json:"linkName"`
	LinkMobile string `json:"linkMobile"`
	LinkPhone  string `json:"linkPhone"`
	LinkIm     string `json:"linkIm"`
	Address    string `json:"address"`
	LinkFirst  int64  `json:"linkFirst"`
}

// Links are the contact people of a body: a JSON list, or that list as a
// JSON string (the client's form posts send it so).
type Links []LinkInput

// UnmarshalJSON accepts a list or a string holding one.
func (l *Links) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		return l.UnmarshalText([]byte(s))
	}
	var list []LinkInput
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// UnmarshalText reads the JSON text of a list (form fields); "" is none.
func (l *Links) UnmarshalText(b []byte) error {
	if strings.TrimSpace(string(b)) == "" {
		*l = nil
		return nil
	}
	var list []LinkInput
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*l = list
	return nil
}

// Labels.
const (
	labelCategory    errs.Key = "contact.field.category"
	labelLevel       errs.Key = "contact.field.cLevel"
	labelTaxRate     errs.Key = "contact.field.taxRate"
	labelAmount      errs.Key = "contact.field.amount"
	labelPeriodMoney errs.Key = "contact.field.periodMoney"
	labelBeginDate   errs.Key = "contact.field.beginDate"
	labelBalance     errs.Key = "contact.field.balance"
	labelType        errs.Key = "contact.field.type"
	labelLinkMans    errs.Key = "contact.field.linkMans"
	labelLinkName    errs.Key = "contact.field.linkName"
	labelLinkMobile  errs.Key = "contact.field.linkMobile"
	labelLinkPhone   errs.Key = "contact.field.linkPhone"
	labelLinkIm      errs.Key = "contact.field.linkIm"
	labelAddress     errs.Key = "contact.field.address"
	labelLinkFirst   errs.Key = "contact.field.linkFirst"
	labelRemark      errs.Key = "field.remark"
	// What names contacts referring to a category in usage messages.
	What errs.Key = "contact.entity"
)

// Text limits and counts.
const (
	maxNumber  = 32
	maxName    = 100
	maxPhone   = 30
	maxIm      = 64
	maxAddress = 200
	maxRemark  = 500
	maxLinks   = 50
	ratePlaces = 2 // tax rate, percent
)

// typeKey is the part of permission and label keys naming the type.
func typeKey(typ int64) string {
	if typ == TypeSupplier {
		return "supplier"
	}
	return "customer"
}

// Entity is the label of one record of the type ("customer", "supplier").
func Entity(typ int64) errs.Key { return errs.Key("contact." + typeKey(typ) + ".entity") }

func labelNumber(typ int64) errs.Key { return errs.Key("contact." + typeKey(typ) + ".number") }
func labelName(typ int64) errs.Key   { return errs.Key("contact." + typeKey(typ) + ".name") }

// perm is the permission of an action on contacts of the type.
func perm(typ int64, action string) string { return "settings:" + typeKey(typ) + ":" + action }

// target is the custom-field target of a contact type.
func target(typ int64) string {
	if typ == TypeSupplier {
		return custom.TargetSupplier
	}
	return custom.TargetCustomer
}

// firstNumber is the number of a type's first record.
// codingKind is the coding rule's kind of a contact type (internal/coding).
func codingKind(typ int64) string {
	if typ == TypeSupplier {
		return "supplier"
	}
	return "customer"
}

func firstNumber(typ int64) string {
	if typ == TypeSupplier {
		return "GYS001"
	}
	return "KH001"
}

// levelKey is the label key of a price level.
func levelKey(level int) errs.Key { return errs.Key("contact.level." + strconv.Itoa(level)) }

// validType checks a type sent by the client.
func validType(path string, typ int64) error {
	if typ != TypeCustomer && typ != TypeSupplier {
		if typ == 0 {
			return errs.Required(path, labelType)
		}
		return errs.Field(path, "err.oneOf", errs.A("field", labelType))
	}
	return nil
}

// validate trims and checks the input of a contact of type typ against
// the system's places, into f; needNumber is false when an empty number is
// given the next one. It answers the contact people to store, the first
// one marked (the first listed when none is), and their field paths
// ("linkMans[2]."; empty grid rows are dropped, paths keep the sent index).
func (in *Input) validate(f *errs.Fields, typ int64, needNumber bool, sys sysparam.System) ([]LinkInput, []string) {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.BeginDate = strings.TrimSpace(in.BeginDate)
	in.Remark = strings.TrimSpace(in.Remark)
	f.Text("number", labelNumber(typ), in.Number, needNumber, maxNumber)
	f.Text("name", labelName(typ), in.Name, true, maxName)
	if in.CategoryID < 0 {
		f.Add("categoryId", "err.invalid", errs.A("field", labelCategory))
	}
	if typ == TypeSupplier {
		errs.OneOf(f, "cLevel", labelLevel, in.CLevel, LevelRetail)
	} else {
		errs.OneOf(f, "cLevel", labelLevel, in.CLevel, LevelRetail, LevelWholesale, LevelVIP, LevelDiscount1, LevelDiscount2)
	}
	dec.CheckPercent(f, "taxRate", labelTaxRate, in.TaxRate, ratePlaces)
	dec.CheckNonNeg(f, "amount", labelAmount, in.Amount, sys.AmountPlaces)
	dec.CheckNonNeg(f, "periodMoney", labelPeriodMoney, in.PeriodMoney, sys.AmountPlaces)
	if in.BeginDate != "" && !sysparam.ValidDate(in.BeginDate) {
		f.Add("beginDate", "err.invalid", errs.A("field", labelBeginDate))
	}
	f.Text("remark", labelRemark, in.Remark, false, maxRemark)
	if len(in.LinkMans) > maxLinks {
		f.Add("linkMans", "contact.err.tooManyLinks", errs.A("max", maxLinks))
		return nil, nil
	}
	var out []LinkInput
	var paths []string
	first := -1
	for i, l := range in.LinkMans {
		l.LinkName = strings.TrimSpace(l.LinkName)
		l.LinkMobile = strings.TrimSpace(l.LinkMobile)
		l.LinkPhone = strings.TrimSpace(l.LinkPhone)
		l.LinkIm = strings.TrimSpace(l.LinkIm)
		l.Address = strings.TrimSpace(l.Address)
		if l.ID == 0 && l.LinkName+l.LinkMobile+l.LinkPhone+l.LinkIm+l.Address == "" {
			continue // an empty grid row
		}
		p := "linkMans[" + strconv.Itoa(i) + "]."
		f.Text(p+"linkName", labelLinkName, l.LinkName, true, maxName)
		f.Text(p+"linkMobile", labelLinkMobile, l.LinkMobile, false, maxPhone)
		f.Text(p+"linkPhone", labelLinkPhone, l.LinkPhone, false, maxPhone)
		f.Text(p+"linkIm", labelLinkIm, l.LinkIm, false, maxIm)
		f.Text(p+"address", labelAddress, l.Address, false, maxAddress)
		errs.OneOf(f, p+"linkFirst", labelLinkFirst, l.LinkFirst, 0, 1)
		if l.ID < 0 {
			f.Add(p+"id", "err.invalid", errs.A("field", "field.id"))
		}
		if l.LinkFirst == 1 {
			if first >= 0 {
				f.Add(p+"linkFirst", "contact.err.oneFirst")
			}
			first = len(out)
		}
		out = append(out, l)
		paths = append(paths, p)
	}
	if len(out) > 0 && first < 0 {
		out[0].LinkFirst = 1
	}
	return out, paths
}

// categoryType is the assist type number of the type's categories.
func categoryType(typ int64) string {
	if typ == TypeSupplier {
		return "supplytype"
	}
	return "customertype"
}

// openingLocked refuses a change of an opening figure once a period is
// closed: the opening balances are locked then (internal/opening).
func openingLocked(f *errs.Fields, sys sysparam.System, path string, v, cur dec.Dec) {
	if sys.CloseDate != "" && !v.Equal(cur) {
		f.Add(path, "opening.err.locked", errs.A("date", sys.CloseDate))
	}
}
