// Package statement shares customer statements by link (docs/reports.md
// "Customer statement by link"): a user with the right takes a snapshot of
// the customerReconciliation report of one customer and period; the
// customer opens it without signing in through an unguessable token,
// prints it to PDF from the browser and answers once: agree, or dispute
// with a comment. The snapshot is built by the report package (a Builder
// the app wires in), so the statement shows what the report shows.
package statement

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode/utf8"

	"cangshu/internal/dec"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Permissions: sharing a statement (create, revoke) and seeing the shared
// ones (the report's query permission).
const (
	PermShare = "report:customerReconciliation:share"
	PermQuery = "report:customerReconciliation:query"
)

// Limits.
const (
	MaxComment     = 500 // characters of a dispute's comment
	MaxExpiresDays = 365
	DefaultDays    = 30
	tokenBytes     = 32 // 256 random bits
)

// Answers (statement_shares.answer).
const (
	AnswerNone    = 0
	AnswerAgree   = 1
	AnswerDispute = 2
)

var answerNames = map[int]string{AnswerNone: "", AnswerAgree: "agree", AnswerDispute: "dispute"}

// Params are the report filters a statement is built from.
type Params struct {
	BuID               int64
	BeginDate, EndDate string
	ShowGoods          bool
}

// Column is a column of the statement, as the report answered it.
type Column struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Type  string `json:"type"`
}

// Sheet is the statement in one language, as the report built it for the
// creator: its columns, rows and totals row (the closing balance under
// "balance"). Rows hold only the columns' keys and rowType.
type Sheet struct {
	Title   string           `json:"title"`
	Columns []Column         `json:"columns"`
	Rows    []map[string]any `json:"rows"`
	Totals  map[string]any   `json:"totals"`
}

// Builder builds the statement of p's customer and period as caller p sees
// the customerReconciliation report (its money and data rights), in lang.
type Builder func(ctx context.Context, p *server.Principal, lang i18n.Lang, in Params) (Sheet, error)

// Company is the header of the statement (system parameters at creation).
type Company struct {
	Name    string `json:"name"`
	Address string `json:"address,omitempty"`
	Phone   string `json:"phone,omitempty"`
}

// Places are the decimal places figures are shown with.
type Places struct {
	Qty    int `json:"qtyPlaces"`
	Price  int `json:"pricePlaces"`
	Amount int `json:"amountPlaces"`
}

// Snapshot is what a share stores and the public page shows.
type Snapshot struct {
	Company       Company          `json:"company"`
	ContactNumber string           `json:"contactNumber"`
	ContactName   string           `json:"contactName"`
	BeginDate     string           `json:"beginDate"`
	EndDate       string           `json:"endDate"`
	Places        Places           `json:"places"`
	Sheets        map[string]Sheet `json:"sheets"` // by language
}

// CreateInput is the body of POST /api/statement/add.
type CreateInput struct {
	BuID        int64  `json:"buId"`
	BeginDate   string `json:"beginDate"`
	EndDate     string `json:"endDate"`
	ShowGoods   bool   `json:"showGoods"`
	ExpiresDays int64  `json:"expiresDays"` // 0: DefaultDays
}

// Created answers a new share: the token appears only here.
type Created struct {
	ID        int64  `json:"id"`
	Token     string `json:"token"`
	Path      string `json:"path"` // the page's hash route
	ExpiresAt string `json:"expiresAt"`
}

// AnswerInput is the body of POST /api/statement/answer.
type AnswerInput struct {
	Token   string `json:"token"`
	Answer  string `json:"answer"` // agree | dispute
	Comment string `json:"comment"`
}

// check validates an answer: agree or dispute; a dispute says why; the
// comment is plain text of at most MaxComment characters (the edge has
// refused control characters already).
func (in *AnswerInput) check() (int, error) {
	var f errs.Fields
	in.Comment = strings.TrimSpace(in.Comment)
	a := 0
	switch in.Answer {
	case "agree":
		a = AnswerAgree
	case "dispute":
		a = AnswerDispute
	default:
		f.Add("answer", "err.oneOf", errs.A("field", errs.Key("statement.field.answer")))
	}
	f.Text("comment", "statement.field.comment", in.Comment, a == AnswerDispute, MaxComment)
	return a, f.Err()
}

// Public is what the page without sign-in receives.
type Public struct {
	Snapshot
	Lang       string `json:"lang"` // the creator's language
	ExpiresAt  string `json:"expiresAt"`
	Answer     string `json:"answer"` // "" | agree | dispute
	Comment    string `json:"comment"`
	AnsweredAt string `json:"answeredAt,omitempty"`
}

// Item is a share in the staff's list.
type Item struct {
	ID            int64    `json:"id"`
	BuID          int64    `json:"buId"`
	ContactNumber string   `json:"contactNumber"`
	ContactName   string   `json:"contactName"`
	BeginDate     string   `json:"beginDate"`
	EndDate       string   `json:"endDate"`
	Closing       *dec.Dec `json:"closing,omitempty"` // with the sales amount right
	Status        string   `json:"status"`            // pending | agreed | disputed | expired | revoked
	Comment       string   `json:"comment"`
	AnsweredAt    string   `json:"answeredAt,omitempty"`
	CreatedBy     string   `json:"createdBy"`
	CreatedAt     string   `json:"createdAt"`
	ExpiresAt     string   `json:"expiresAt"`
}

// newToken is a random token (URL-safe) and the hash that is stored.
func newToken() (string, string, error) {
	b := make([]byte, tokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", err
	}
	t := base64.RawURLEncoding.EncodeToString(b)
	return t, hashToken(t), nil
}

// tokenLen is the length of a token's text.
var tokenLen = base64.RawURLEncoding.EncodedLen(tokenBytes)

// hashToken is the stored form of a token.
func hashToken(t string) string {
	h := sha256.Sum256([]byte(t))
	return hex.EncodeToString(h[:])
}

// wellFormed tells a token of the right shape: others are unknown without
// asking the database.
func wellFormed(t string) bool {
	if len(t) != tokenLen || !utf8.ValidString(t) {
		return false
	}
	for _, r := range t {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// project keeps the columns' keys and the row type of each row: the page
// gets nothing the statement does not show (no document or contact ids).
func project(s Sheet) Sheet {
	keep := map[string]bool{"rowType": true}
	for _, c := range s.Columns {
		keep[c.Key] = true
	}
	cut := func(r map[string]any) map[string]any {
		out := make(map[string]any, len(keep))
		for k, v := range r {
			if keep[k] {
				out[k] = v
			}
		}
		return out
	}
	rows := make([]map[string]any, len(s.Rows))
	for i, r := range s.Rows {
		rows[i] = cut(r)
	}
	s.Rows, s.Totals = rows, cut(s.Totals)
	return s
}
