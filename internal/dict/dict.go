// Package dict keeps dictionaries: named lists of coded values (gender, notice
// type, notice level …) that screens show as selects and coloured tags. Item
// labels are stored in zh-CN with an optional English label; lists answer the
// label in the caller's language.
package dict

import (
	"regexp"
	"strings"
	"time"

	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Limits of the fields.
const (
	maxName     = 50
	maxCode     = 50
	maxRemark   = 255
	maxValue    = 50
	maxLabel    = 100
	maxItemSort = 999999
)

var codeRe = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)

// TagTypes are the allowed tag colours of an item ("" = plain text).
var TagTypes = []string{"", "success", "warning", "info", "primary", "danger"}

// Page is one row of the dictionary page.
type Page struct {
	ID         int64     `json:"id"`
	Name       string    `json:"name"`
	DictCode   string    `json:"dictCode"`
	Status     int       `json:"status"`
	Builtin    int       `json:"builtin"`
	Remark     string    `json:"remark"`
	CreateTime time.Time `json:"createTime"`
}

// Form is a dictionary as the edit form shows it.
type Form struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	DictCode string `json:"dictCode"`
	Status   int    `json:"status"`
	Builtin  int    `json:"builtin"`
	Remark   string `json:"remark"`
}

// Input is what creating or editing a dictionary sends.
type Input struct {
	Name     string `json:"name"`
	DictCode string `json:"dictCode"`
	Status   *int   `json:"status"` // absent = enabled
	Remark   string `json:"remark"`
}

// Option is one dictionary in the options list: value is the code.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Validate checks the input and fills defaults.
func (in *Input) Validate() error {
	in.Name = strings.TrimSpace(in.Name)
	in.DictCode = strings.TrimSpace(in.DictCode)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("name", "dict.field.name", in.Name, true, maxName)
	f.Text("dictCode", "dict.field.dictCode", in.DictCode, true, maxCode)
	if in.DictCode != "" && len(in.DictCode) <= maxCode && !codeRe.MatchString(in.DictCode) {
		f.Add("dictCode", "dict.badCode", errs.A("field", errs.Key("dict.field.dictCode")))
	}
	if in.Status == nil {
		one := 1
		in.Status = &one
	}
	errs.OneOf(&f, "status", "field.status", *in.Status, 0, 1)
	f.Text("remark", "field.remark", in.Remark, false, maxRemark)
	return f.Err()
}

// ItemPage is one row of a dictionary's item page.
type ItemPage struct {
	ID       int64  `json:"id"`
	DictCode string `json:"dictCode"`
	Value    string `json:"value"`
	Label    string `json:"label"`
	LabelEn  string `json:"labelEn"`
	TagType  string `json:"tagType"`
	Status   int    `json:"status"`
	Sort     int    `json:"sort"`
	Remark   string `json:"remark"`
}

// ItemForm is an item as the edit form shows it (both labels).
type ItemForm = ItemPage

// ItemInput is what creating or editing an item sends.
type ItemInput struct {
	Value   string `json:"value"`
	Label   string `json:"label"`
	LabelEn string `json:"labelEn"`
	TagType string `json:"tagType"`
	Status  *int   `json:"status"` // absent = enabled
	Sort    int    `json:"sort"`
	Remark  string `json:"remark"`
}

// Validate checks the input and fills defaults.
func (in *ItemInput) Validate() error {
	in.Value = strings.TrimSpace(in.Value)
	in.Label = strings.TrimSpace(in.Label)
	in.LabelEn = strings.TrimSpace(in.LabelEn)
	in.TagType = strings.TrimSpace(in.TagType)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("value", "dict.field.value", in.Value, true, maxValue)
	f.Text("label", "dict.field.label", in.Label, true, maxLabel)
	f.Text("labelEn", "dict.field.labelEn", in.LabelEn, false, maxLabel)
	errs.OneOf(&f, "tagType", "dict.field.tagType", in.TagType, TagTypes...)
	if in.Status == nil {
		one := 1
		in.Status = &one
	}
	errs.OneOf(&f, "status", "field.status", *in.Status, 0, 1)
	f.Range("sort", "field.sort", int64(in.Sort), 0, maxItemSort)
	f.Text("remark", "field.remark", in.Remark, false, maxRemark)
	return f.Err()
}

// ItemOption is one item of a select or tag: label in the caller's language.
type ItemOption struct {
	Value   string `json:"value"`
	Label   string `json:"label"`
	TagType string `json:"tagType"`
}

// LabelIn picks the label in a language: English when asked and given,
// the zh-CN label otherwise.
func LabelIn(lang i18n.Lang, zh, en string) string {
	if lang == i18n.EN && en != "" {
		return en
	}
	return zh
}
