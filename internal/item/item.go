// Package item manages income and expense items (收支项目), the lines of
// other-income and other-expense documents. An item's category is one of
// the income categories (raccttype) for an income item, of the expense
// categories (paccttype) for an expense item.
package item

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// Item is one row of the list and the answer of get_update.
type Item struct {
	ID           int64  `json:"id"`
	Type         int    `json:"type"`
	Number       string `json:"number"`
	Name         string `json:"name"`
	CategoryID   int64  `json:"categoryId"`
	CategoryName string `json:"categoryName"`
	Disable      int    `json:"disable"`
	Remark       string `json:"remark"`
	// Search is what matchCon looks in (search.Text: number and name with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
}

// Input is what add and update send; id is read on update only.
type Input struct {
	ID         int64  `json:"id"`
	Type       int64  `json:"type"`
	Number     string `json:"number"`
	Name       string `json:"name"`
	CategoryID int64  `json:"categoryId"`
	Remark     string `json:"remark"`
}

// Types of items.
const (
	Income  = 1
	Expense = 2
)

// Labels.
const (
	Entity        errs.Key = "item.entity"
	labelType     errs.Key = "item.field.type"
	labelNumber   errs.Key = "item.field.number"
	labelName     errs.Key = "item.field.name"
	labelCategory errs.Key = "item.field.category"
	labelRemark   errs.Key = "field.remark"
	labelDisable  errs.Key = "item.field.disable"
)

// categoryType is the assist type number of the categories of items of a type.
func categoryType(typ int64) string {
	if typ == Income {
		return "raccttype"
	}
	return "paccttype"
}

// firstNumber is the number proposed for the first item of a type.
func firstNumber(typ int64) string {
	if typ == Income {
		return "SR0001"
	}
	return "ZC0001"
}

func (in *Input) validate() error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	checkType(&f, in.Type)
	f.Text("number", labelNumber, in.Number, true, 32)
	f.Text("name", labelName, in.Name, true, 100)
	if in.CategoryID < 0 {
		f.Add("categoryId", "err.invalid", errs.A("field", labelCategory))
	}
	f.Text("remark", labelRemark, in.Remark, false, 500)
	return f.Err()
}

func checkType(f *errs.Fields, typ int64) {
	if typ == 0 {
		f.Required("type", labelType)
		return
	}
	errs.OneOf(f, "type", labelType, typ, Income, Expense)
}

func checkDisable(v int64) error {
	var f errs.Fields
	errs.OneOf(&f, "disable", labelDisable, v, 0, 1)
	return f.Err()
}
