package coding

import (
	"fmt"
	"strings"

	"cangshu/internal/errs"
)

// Rule is a coding rule as the API shows it (GET /api/coding/list): how the
// numbers of one kind of document or basic data are made.
type Rule struct {
	Kind     string `json:"kind"`     // the resource name: sales, purchase, inventory, customer …
	Name     string `json:"name"`     // what users call the kind, in the caller's language
	Group    string `json:"group"`    // bill (documents) or basic (basic data)
	Prefix   string `json:"prefix"`   // letters before the date and sequence
	DatePart string `json:"datePart"` // none, yyyy, yyyyMM, yyyyMMdd
	Digits   int    `json:"digits"`   // sequence width (zero-padded)
	Reset    string `json:"reset"`    // never, yearly, monthly, daily
	Manual   bool   `json:"manual"`   // a number typed by the user is kept
	Preview  string `json:"preview"`  // the next number this rule gives today (active shop)
}

// Input is the body of POST /api/coding/update and /api/coding/preview.
type Input struct {
	Kind     string `json:"kind"`
	Prefix   string `json:"prefix"`
	DatePart string `json:"datePart"`
	Digits   int    `json:"digits"`
	Reset    string `json:"reset"`
	Manual   bool   `json:"manual"`
}

// The vocabularies: API value → stored value (coding_rules keeps the
// document engine's spelling, see internal/bill/number.go).
var (
	datePartsDB = map[string]string{"none": "", "yyyy": "YYYY", "yyyyMM": "YYYYMM", "yyyyMMdd": "YYYYMMDD"}
	resetsDB    = map[string]string{"never": "never", "yearly": "year", "monthly": "month", "daily": "day"}
	// fineness: how much of the date a date part or a reset period covers.
	fineness = map[string]int{"none": 0, "never": 0, "yyyy": 1, "yearly": 1, "yyyyMM": 2, "monthly": 2, "yyyyMMdd": 3, "daily": 3}
)

// Basic-data kinds (their records carry a number but no date).
var basicKinds = map[string]bool{"inventory": true, "customer": true, "supplier": true, "invlocation": true, "settAcct": true}

const (
	maxPrefix = 12
	minDigits = 1
	maxDigits = 12
)

func apiOf(m map[string]string, stored, def string) string {
	for k, v := range m {
		if v == stored {
			return k
		}
	}
	return def
}

// fromStored turns a stored row into the API's vocabulary.
func fromStored(kind, prefix, datePart string, digits int, reset string, manual bool) Rule {
	r := Rule{Kind: kind, Prefix: prefix, DatePart: apiOf(datePartsDB, datePart, "none"), Digits: digits,
		Reset: apiOf(resetsDB, reset, "never"), Manual: manual, Group: "bill"}
	if basicKinds[kind] {
		r.Group = "basic"
	}
	return r
}

// validate trims and checks an input; every problem names its field.
func (in *Input) validate() error {
	in.Kind = strings.TrimSpace(in.Kind)
	in.Prefix = strings.TrimSpace(in.Prefix)
	var f errs.Fields
	if in.Kind == "" {
		f.Required("kind", "coding.field.kind")
	}
	f.Text("prefix", "coding.field.prefix", in.Prefix, false, maxPrefix)
	for _, r := range in.Prefix {
		if r < 0x21 || r > 0x7e {
			f.Add("prefix", "coding.err.prefixChars")
			break
		}
	}
	if in.Prefix != "" && in.Prefix[len(in.Prefix)-1] >= '0' && in.Prefix[len(in.Prefix)-1] <= '9' {
		// "A1" + "001" reads as "A1001": a later sequence would look like another prefix.
		f.Add("prefix", "coding.err.prefixDigit")
	}
	if _, ok := datePartsDB[in.DatePart]; !ok {
		f.Add("datePart", "coding.err.datePart")
	}
	if _, ok := resetsDB[in.Reset]; !ok {
		f.Add("reset", "coding.err.reset")
	}
	f.Range("digits", "coding.field.digits", int64(in.Digits), minDigits, maxDigits)
	if f.Len() == 0 && fineness[in.Reset] > fineness[in.DatePart] {
		// A sequence that restarts each day without the day in the number
		// would give yesterday's numbers again.
		f.Add("datePart", "coding.err.resetFiner")
	}
	if f.Len() == 0 && basicKinds[in.Kind] && in.Reset != "never" && in.DatePart == "none" {
		f.Add("reset", "coding.err.resetFiner")
	}
	return f.Err()
}

// DatePart formats a date (YYYY-MM-DD) by an API date part.
func DatePart(part, date string) string {
	ymd := strings.ReplaceAll(date, "-", "")
	switch part {
	case "yyyyMMdd":
		return ymd
	case "yyyyMM":
		return ymd[:6]
	case "yyyy":
		return ymd[:4]
	}
	return ""
}

// Format is the number of sequence seq on date under the rule: what the
// document engine writes (internal/bill/number.go) and the preview shows.
func Format(prefix, datePart string, digits int, date string, seq int64) string {
	return fmt.Sprintf("%s%s%0*d", prefix, DatePart(datePart, date), digits, seq)
}

// period is the stored sequence period of a date under an API reset.
func period(reset, date string) string {
	switch reset {
	case "daily":
		return date
	case "monthly":
		return date[:7]
	case "yearly":
		return date[:4]
	}
	return ""
}
