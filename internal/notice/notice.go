// Package notice keeps notices: drafts written by administrators, published
// to everyone or to chosen users, revoked, and read by their readers.
package notice

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"

	"cangshu/internal/errs"
)

// Publish states (youlai's publishStatus).
const (
	Draft     = 0
	Published = 1
	Revoked   = -1
)

// Target types.
const (
	TargetAll   = 1
	TargetUsers = 2
)

// Limits of the fields.
const (
	maxTitle   = 100
	maxContent = 20000
	maxTargets = 1000
)

// Page is one row of the notice administration page.
type Page struct {
	ID            int64      `json:"id"`
	Title         string     `json:"title"`
	Type          int        `json:"type"`
	Level         string     `json:"level"`
	TargetType    int        `json:"targetType"`
	PublishStatus int        `json:"publishStatus"`
	PublisherName string     `json:"publisherName"`
	PublishTime   *time.Time `json:"publishTime"`
	RevokeTime    *time.Time `json:"revokeTime"`
	CreateTime    time.Time  `json:"createTime"`
}

// Form is a notice as the edit form shows it.
type Form struct {
	ID            int64   `json:"id"`
	Title         string  `json:"title"`
	Content       string  `json:"content"`
	Type          int     `json:"type"`
	Level         string  `json:"level"`
	TargetType    int     `json:"targetType"`
	TargetUserIDs []int64 `json:"targetUserIds"`
	PublishStatus int     `json:"publishStatus"`
}

// Detail is a notice as its reader sees it.
type Detail struct {
	ID            int64      `json:"id"`
	Title         string     `json:"title"`
	Content       string     `json:"content"`
	Type          int        `json:"type"`
	Level         string     `json:"level"`
	PublisherName string     `json:"publisherName"`
	PublishTime   *time.Time `json:"publishTime"`
	PublishStatus int        `json:"publishStatus"`
}

// Mine is one row of the caller's own notices.
type Mine struct {
	ID            int64      `json:"id"`
	Title         string     `json:"title"`
	Type          int        `json:"type"`
	Level         string     `json:"level"`
	PublisherName string     `json:"publisherName"`
	PublishTime   *time.Time `json:"publishTime"`
	IsRead        int        `json:"isRead"`
}

// IDList is a list of ids that accepts JSON numbers or numeric strings.
type IDList []int64

// UnmarshalJSON reads [1, 2] or ["1", "2"].
func (l *IDList) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	out := make(IDList, 0, len(raw))
	for _, r := range raw {
		s := strings.Trim(strings.TrimSpace(string(r)), `"`)
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return &json.UnmarshalTypeError{Value: string(r), Type: reflect.TypeFor[int64]()}
		}
		out = append(out, n)
	}
	*l = out
	return nil
}

// Input is what creating or editing a notice sends.
type Input struct {
	Title         string `json:"title"`
	Content       string `json:"content"`
	Type          *int   `json:"type"`
	Level         string `json:"level"`      // "" = L
	TargetType    *int   `json:"targetType"` // absent = everyone
	TargetUserIDs IDList `json:"targetUserIds"`
}

// Validate checks what needs no database and fills defaults; the type and
// level are checked against their dictionaries and the targets against the
// users by the service.
func (in *Input) Validate() error {
	in.Title = strings.TrimSpace(in.Title)
	in.Level = strings.TrimSpace(in.Level)
	var f errs.Fields
	f.Text("title", "notice.field.title", in.Title, true, maxTitle)
	f.Text("content", "notice.field.content", in.Content, false, maxContent)
	if utf8.RuneCountInString(in.Content) <= maxContent {
		if what := unsafeHTML(in.Content); what != "" {
			f.Add("content", "notice.unsafeContent", errs.A("what", what))
		}
	}
	if in.Type == nil {
		f.Required("type", "notice.field.type")
	}
	if in.Level == "" {
		in.Level = "L"
	}
	if in.TargetType == nil {
		all := TargetAll
		in.TargetType = &all
	}
	errs.OneOf(&f, "targetType", "notice.field.targetType", *in.TargetType, TargetAll, TargetUsers)
	if *in.TargetType == TargetUsers {
		slices.Sort(in.TargetUserIDs)
		in.TargetUserIDs = slices.Compact(in.TargetUserIDs)
		switch {
		case len(in.TargetUserIDs) == 0:
			f.Required("targetUserIds", "notice.field.targetUserIds")
		case len(in.TargetUserIDs) > maxTargets:
			f.Range("targetUserIds", "notice.field.targetUserIds", int64(len(in.TargetUserIDs)), 1, maxTargets)
		}
	} else {
		in.TargetUserIDs = nil
	}
	return f.Err()
}

// dangerousTags may run code or embed other pages.
var dangerousTags = []string{"script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "meta", "link", "form"}

// unsafeHTML names the first thing in s that could run script in a reader's
// browser (a script tag, an event-handler attribute, a javascript: address),
// or "" when the HTML is safe to show.
func unsafeHTML(s string) string {
	if !strings.Contains(s, "<") {
		return ""
	}
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			if z.Err() == io.EOF {
				return ""
			}
			return "<"
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			name, hasAttr := z.TagName()
			tag := string(name)
			if slices.Contains(dangerousTags, tag) {
				return "<" + tag + ">"
			}
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				key := string(k)
				if strings.HasPrefix(key, "on") {
					return key
				}
				if slices.Contains(urlAttrs, key) && badURL(v) {
					return key
				}
				if key == "style" && bytes.Contains(bytes.ToLower(v), []byte("expression(")) {
					return key
				}
			}
		}
	}
}

// urlAttrs hold addresses that a browser may follow or load.
var urlAttrs = []string{"href", "src", "action", "formaction", "xlink:href", "background", "poster", "data", "lowsrc", "dynsrc", "srcset", "cite", "longdesc"}

// badURL reports a javascript:, vbscript: or non-image data: address.
func badURL(v []byte) bool {
	var b strings.Builder
	for _, r := range strings.ToLower(string(v)) {
		if r > ' ' && r != 0x7f { // browsers ignore blanks and control characters in schemes
			b.WriteRune(r)
		}
	}
	u := b.String()
	if strings.HasPrefix(u, "javascript:") || strings.HasPrefix(u, "vbscript:") {
		return true
	}
	return strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "data:image/") || strings.HasPrefix(u, "data:image/svg")
}
