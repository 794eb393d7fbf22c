// Package period closes and reopens accounting periods (结账/反结账): a close
// through a date forbids saving, auditing, un-auditing and deleting
// documents dated on or before it (internal/bill enforces it through the
// closeDate system parameter, which this package owns); reopening removes
// the last close, so the one before is in force again. A close stores a stock
// snapshot at the close date (Snapshots.Store: each goods × SKU ×
// warehouse's quantity and value), which reports start from.
package period

import (
	"time"

	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// Close is one closed period (GET /api/period/list).
type Close struct {
	CloseDate  string    `json:"closeDate"`
	UserName   string    `json:"userName"`
	CreateTime time.Time `json:"createTime"`
}

// State is the answer of the list and of close/open: the date in force
// ("" = nothing closed) and every close, newest first.
type State struct {
	CloseDate string  `json:"closeDate"`
	Closes    []Close `json:"closes"`
}

// CloseInput is the body of POST /api/period/close.
type CloseInput struct {
	Date string `json:"date"`
}

const labelDate errs.Key = "period.field.date"

// validate checks the date: a real date, not in the future, after the
// period already closed.
func (in *CloseInput) validate(current, today string) error {
	switch {
	case in.Date == "":
		return errs.Required("date", labelDate)
	case !sysparam.ValidDate(in.Date):
		return errs.Field("date", "err.invalid", errs.A("field", labelDate))
	case in.Date > today:
		return errs.Field("date", "period.err.future", errs.A("today", today))
	case current != "" && in.Date <= current:
		return errs.Field("date", "period.err.notAfter", errs.A("date", current))
	}
	return nil
}
