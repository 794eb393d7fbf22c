package bill

import (
	"strings"
)

// rule is a kind's coding rule (coding_rules).
type rule struct {
	prefix, datePart, reset string
	seqLen                  int
	manual                  bool
}

// datePart formats the document date (YYYY-MM-DD) by the rule's date part.
func datePart(format, date string) string {
	ymd := strings.ReplaceAll(date, "-", "")
	switch format {
	case "YYYYMMDD":
		return ymd
	case "YYYYMM":
		return ymd[:6]
	case "YYYY":
		return ymd[:4]
	}
	return ""
}

// period is the sequence's period of a date: the sequence restarts at each.
func period(reset, date string) string {
	switch reset {
	case "day":
		return date
	case "month":
		return date[:7]
	case "year":
		return date[:4]
	}
	return ""
}
