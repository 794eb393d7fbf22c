// Package employee manages staff (职员): the salespeople and handlers that
// documents name. A staff member named by a document cannot be deleted
// (usage.Employee); disable them instead.
package employee

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// Employee is one row of the list and the answer of get_update.
type Employee struct {
	ID      int64  `json:"id"`
	Number  string `json:"number"`
	Name    string `json:"name"`
	Mobile  string `json:"mobile"`
	Disable int    `json:"disable"`
	Remark  string `json:"remark"`
	// Search is what matchCon looks in (search.Text: number, name and mobile with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
}

// Input is what add and update send; id is read on update only.
type Input struct {
	ID     int64  `json:"id"`
	Number string `json:"number"`
	Name   string `json:"name"`
	Mobile string `json:"mobile"`
	Remark string `json:"remark"`
}

// Labels.
const (
	Entity       errs.Key = "employee.entity"
	labelNumber  errs.Key = "employee.field.number"
	labelName    errs.Key = "employee.field.name"
	labelMobile  errs.Key = "employee.field.mobile"
	labelRemark  errs.Key = "field.remark"
	labelDisable errs.Key = "employee.field.disable"
)

// firstNumber is the number proposed when there is no staff yet.
const firstNumber = "ZY0001"

// validate trims and checks the input (text limits of the contract).
func (in *Input) validate() error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.Mobile = strings.TrimSpace(in.Mobile)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("number", labelNumber, in.Number, true, 32)
	f.Text("name", labelName, in.Name, true, 100)
	f.Text("mobile", labelMobile, in.Mobile, false, 30)
	f.Text("remark", labelRemark, in.Remark, false, 500)
	return f.Err()
}

// checkDisable checks the disable flag of a disable call.
func checkDisable(v int64) error {
	var f errs.Fields
	errs.OneOf(&f, "disable", labelDisable, v, 0, 1)
	return f.Err()
}
