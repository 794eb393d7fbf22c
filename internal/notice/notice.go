// Package notice keeps notices: drafts written by administrators, published
// to everyone or to chosen users, revoked, and read by their readers.
package notice

import (
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/microcosm-cc/bluemonday"

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
		in.Content = SanitizeContent(in.Content)
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

// contentPolicy is the allow-list of notice HTML (bluemonday, a
// maintained sanitiser that parses as a browser does): the editor's tags
// (paragraphs, headings, emphasis, lists, links, images, tables), http(s),
// mailto and relative addresses, raster data: images; everything else —
// scripts, styles, SVG and MathML, event handlers, other schemes — is
// removed. Links open in a new tab without a referrer.
var contentPolicy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	p.AllowURLSchemes("http", "https", "mailto")
	p.AllowURLSchemeWithCustomPolicy("data", rasterDataURI)
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	return p
}()

// rasterDataURI allows data: addresses of PNG, JPEG, GIF and WebP images
// only (not SVG, which may carry script, nor HTML).
func rasterDataURI(u *url.URL) bool {
	o := strings.ToLower(u.Opaque)
	for _, t := range []string{"image/png;base64,", "image/jpeg;base64,", "image/gif;base64,", "image/webp;base64,"} {
		if strings.HasPrefix(o, t) {
			return true
		}
	}
	return false
}

// SanitizeContent is notice HTML with everything outside the allow-list
// removed; what it returns is safe to show as HTML.
func SanitizeContent(s string) string {
	if !strings.ContainsAny(s, "<&>") {
		return s
	}
	return contentPolicy.Sanitize(s)
}
