// Package printtpl is the print templates (打印模板): per shop and document
// kind, the layout documents print with — title, which header lines,
// which line columns in which order, paper (A4, A5, 241 mm continuous
// two- and three-part forms), lines per page, the amount in Chinese
// capitals, the signature lines and the customer's signature. One template per kind is the default
// (the print preview uses it); without one the built-in layout applies.
package printtpl

import (
	"slices"
	"strings"

	"cangshu/internal/errs"
)

// Kinds are the document kinds that print (their resource names).
var Kinds = []string{
	"purOrder", "purchase", "rePurchase", "salesOrder", "sales", "reSales",
	"invTf", "otherIn", "otherOut", "costAdjustment", "combination",
	"receipt", "payment", "income", "expense", "fundTf", "verification", "salesInvoice", "purInvoice",
}

// Columns are the line columns a template may print.
var Columns = []string{"no", "goods", "spec", "unit", "location", "qty", "price", "discountRate", "amount", "tax", "taxAmount", "batch", "description"}

// Papers are the paper sizes.
var Papers = []string{"A4", "A5", "241x2", "241x3"}

// Limits of a template.
const (
	MaxName       = 50
	MaxTitle      = 50
	MaxSignatures = 6
	MaxSignature  = 20
	MaxLines      = 100
)

// Layout is what a template prints.
type Layout struct {
	Title        string   `json:"title"` // "" = the kind's name
	ShowCompany  bool     `json:"showCompany"`
	ShowAddress  bool     `json:"showAddress"`
	ShowPhone    bool     `json:"showPhone"`
	Columns      []string `json:"columns"`
	Paper        string   `json:"paper"`
	LinesPerPage int      `json:"linesPerPage"` // 0 = as many as fit
	Capitals     bool     `json:"capitals"`
	Signatures   []string `json:"signatures"`
	// CustomerSignature prints the customer's signature kept with the
	// document (an attachment of role "signature"), when it has one.
	CustomerSignature bool `json:"customerSignature"`
}

// Builtin is the layout without a template.
func Builtin() Layout {
	return Layout{ShowCompany: true, ShowAddress: true, ShowPhone: true,
		Columns: []string{"no", "goods", "spec", "unit", "qty", "price", "amount", "description"}, Paper: "A4",
		Capitals: true, Signatures: []string{}, CustomerSignature: true}
}

// Template is a stored template.
type Template struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Name      string `json:"name"`
	IsDefault bool   `json:"isDefault"`
	Layout
}

// Input is the save body (id on update only).
type Input struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Name      string `json:"name"`
	IsDefault bool   `json:"isDefault"`
	Layout
}

const (
	labelKind         errs.Key = "printtpl.field.kind"
	labelName         errs.Key = "printtpl.field.name"
	labelTitle        errs.Key = "printtpl.field.title"
	labelColumns      errs.Key = "printtpl.field.columns"
	labelPaper        errs.Key = "printtpl.field.paper"
	labelLinesPerPage errs.Key = "printtpl.field.linesPerPage"
	labelSignature    errs.Key = "printtpl.field.signature"
	labelTemplate     errs.Key = "printtpl.entity"
)

func validKind(f *errs.Fields, kind string) {
	if kind == "" {
		f.Required("kind", labelKind)
	} else if !slices.Contains(Kinds, kind) {
		f.Add("kind", "err.invalid", errs.A("field", labelKind))
	}
}

// check trims the texts and records what is wrong.
func (in *Input) check(f *errs.Fields) {
	in.Name = strings.TrimSpace(in.Name)
	in.Title = strings.TrimSpace(in.Title)
	validKind(f, in.Kind)
	f.Text("name", labelName, in.Name, true, MaxName)
	f.Text("title", labelTitle, in.Title, false, MaxTitle)
	if len(in.Columns) == 0 {
		f.Required("columns", labelColumns)
	}
	seen := map[string]bool{}
	for i, c := range in.Columns {
		if !slices.Contains(Columns, c) || seen[c] {
			f.Add("columns["+itoa(i)+"]", "err.invalid", errs.A("field", labelColumns))
		}
		seen[c] = true
	}
	if in.Paper == "" {
		f.Required("paper", labelPaper)
	} else if !slices.Contains(Papers, in.Paper) {
		f.Add("paper", "err.invalid", errs.A("field", labelPaper))
	}
	f.Range("linesPerPage", labelLinesPerPage, int64(in.LinesPerPage), 0, MaxLines)
	if len(in.Signatures) > MaxSignatures {
		f.Add("signatures", "printtpl.err.signatures", errs.A("max", MaxSignatures))
	}
	for i := range in.Signatures {
		in.Signatures[i] = strings.TrimSpace(in.Signatures[i])
		f.Text("signatures["+itoa(i)+"]", labelSignature, in.Signatures[i], true, MaxSignature)
	}
	if in.Signatures == nil {
		in.Signatures = []string{}
	}
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
