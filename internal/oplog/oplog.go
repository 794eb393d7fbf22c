// Package oplog is the operation log: every logged route writes who did
// what, when, from where, how long it took and how it ended; administrators
// page through it and the dashboard counts visits from it.
package oplog

import (
	"strings"
	"time"
	"unicode/utf8"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
)

// MaxTrendDays is the longest date range of the visit trend.
const MaxTrendDays = 366

// Row is one entry of the log page.
type Row struct {
	ID            int64     `json:"id"`
	Module        string    `json:"module"`     // the route's tag, as filtered by
	ModuleName    string    `json:"moduleName"` // the tag in the caller's language
	Content       string    `json:"content"`    // the action in the caller's language
	RequestURI    string    `json:"requestUri"`
	Method        string    `json:"method"`
	Params        string    `json:"params"`  // the request body, secrets masked
	Changes       string    `json:"changes"` // the changed fields, JSON [{field, old, new}]
	IP            string    `json:"ip"`
	Browser       string    `json:"browser"`
	OS            string    `json:"os"`
	ExecutionTime int64     `json:"executionTime"` // milliseconds
	Status        int       `json:"status"`        // HTTP status of the answer
	CreateBy      string    `json:"createBy"`      // username
	CreateTime    time.Time `json:"createTime"`
}

// Trend is the visit trend: per day, pv = logged requests, uv = distinct
// users, ip = distinct addresses.
type Trend struct {
	Dates  []string `json:"dates"`
	PvList []int    `json:"pvList"`
	UvList []int    `json:"uvList"`
	IPList []int    `json:"ipList"`
}

// Stats are the dashboard's visit figures: today's and all-time page views
// (pv, logged requests) and visitors (uv, distinct users), with the growth
// of today over yesterday at the same time of day, as an exact decimal
// string with two places ("0.25" = 25 %; "0.00" when yesterday had none).
type Stats struct {
	TodayPvCount int    `json:"todayPvCount"`
	TotalPvCount int    `json:"totalPvCount"`
	PvGrowthRate string `json:"pvGrowthRate"`
	TodayUvCount int    `json:"todayUvCount"`
	TotalUvCount int    `json:"totalUvCount"`
	UvGrowthRate string `json:"uvGrowthRate"`
}

// GrowthRate is (today − yesterday) / yesterday rounded half-up to two
// places; "0.00" when yesterday is 0.
func GrowthRate(today, yesterday int) string {
	if yesterday == 0 {
		return "0.00"
	}
	d := dec.FromInt(int64(today - yesterday)).Div(dec.FromInt(int64(yesterday)))
	return d.Round(2).StringFixed(2)
}

const dateLayout = "2006-01-02"

// ParseDate reads a YYYY-MM-DD date as the start of that day in loc.
func ParseDate(path string, label errs.Key, s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, errs.Required(path, label)
	}
	t, err := time.ParseInLocation(dateLayout, s, loc)
	if err != nil {
		return time.Time{}, errs.Field(path, "oplog.badDate", errs.A("field", label))
	}
	return t, nil
}

// DayRange checks a trend range and returns its days' starts: start to end
// inclusive, at most MaxTrendDays days.
func DayRange(startDate, endDate string, loc *time.Location) ([]time.Time, error) {
	start, err := ParseDate("startDate", "oplog.field.startDate", startDate, loc)
	if err != nil {
		return nil, err
	}
	end, err := ParseDate("endDate", "oplog.field.endDate", endDate, loc)
	if err != nil {
		return nil, err
	}
	if end.Before(start) {
		return nil, errs.Field("endDate", "oplog.endBeforeStart")
	}
	var days []time.Time
	for d := start; !d.After(end); d = d.AddDate(0, 0, 1) {
		if len(days) == MaxTrendDays {
			return nil, errs.Field("endDate", "oplog.rangeTooLong", errs.A("max", MaxTrendDays))
		}
		days = append(days, d)
	}
	return days, nil
}

// TimeBound reads one end of the createTime filter: "YYYY-MM-DD" (the whole
// day), "YYYY-MM-DD HH:MM:SS" or RFC 3339. It returns the instant the range
// starts at (from) or ends before (to, exclusive).
func TimeBound(s string, end bool, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.ParseInLocation(dateLayout, s, loc); err == nil {
		if end {
			t = t.AddDate(0, 0, 1)
		}
		return t, nil
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "2006-01-02T15:04:05"} {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			if end {
				t = t.Add(time.Second)
			}
			return t, nil
		}
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		if end {
			t = t.Add(time.Second)
		}
		return t, nil
	}
	return time.Time{}, errs.Field("createTime", "oplog.badTime", errs.A("field", errs.Key("oplog.field.createTime")))
}

// clean makes a captured value storable: valid UTF-8 without NUL, at most n runes.
func clean(s string, n int) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	s = strings.ReplaceAll(s, "\x00", "")
	if utf8.RuneCountInString(s) > n {
		s = string([]rune(s)[:n])
	}
	return s
}
