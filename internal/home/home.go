// Package home answers the signed-in user's start page: the system
// information (every system parameter plus who the caller is and which shop
// they work in), switching the active shop, and "重新初始化" (reset data),
// which clears the business tables that domains register.
package home

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// Info is the answer of GET /api/home: every system parameter (the initial
// password left out) and the caller's identity, rights and shops.
type Info struct {
	sysparam.System
	Version    string     `json:"version"`
	Language   string     `json:"language"` // zh-CN | en
	ServerTime time.Time  `json:"serverTime"`
	Name       string     `json:"name"` // nickname
	Username   string     `json:"username"`
	UserID     int64      `json:"userId"`
	Rights     string     `json:"rights"` // JSON text of the permission list
	RoleID     int64      `json:"roleid"` // 0 for ROOT, else the first role's id
	Roles      []string   `json:"roles"`
	ShopID     int64      `json:"shopId"`   // the session's active shop; 0 = none
	ShopName   string     `json:"shopName"` // "" when none
	Shops      []ShopItem `json:"shops"`    // shops the caller may switch to
}

// ShopItem is a shop the caller may switch to.
type ShopItem struct {
	ShopID   int64  `json:"shopId"`
	ShopName string `json:"shopName"`
}

// SwitchInput is the body of POST /api/home/switchShop.
type SwitchInput struct {
	ShopID int64 `json:"shopId"`
}

// ResetInput is the body of POST /api/home/reset: the caller's own password.
type ResetInput struct {
	Password string `json:"password"`
}

// ResetResult tells how many rows each reset step removed.
type ResetResult struct {
	Backup  string    `json:"backup"` // the backup made first ("" when none is set up)
	Cleared []Cleared `json:"cleared"`
}

// Cleared is one reset step's count, and what it cleared in the caller's
// words ("单据 3 张"; "" for a step of detail rows that one named before
// counts, such as the documents' lines).
type Cleared struct {
	Name string `json:"name"`
	Rows int64  `json:"rows"`
	Text string `json:"text"`
}

// ResetStep is one step of "reset data", run inside the reset transaction.
type ResetStep struct {
	Name string
	// What says what the step cleared ("home.reset.bills": "单据 {rows} 张"):
	// the answer's text; "" for detail rows another step counts.
	What errs.Key
	Run  func(ctx context.Context, q db.Querier) (rows int64, err error)
	// After, when set, runs once the reset committed, with the time its
	// transaction began: files of the cleared rows are removed there (the
	// backup made first holds them).
	After func(ctx context.Context, began time.Time)
}

var tableRe = regexp.MustCompile(`^[a-z_][a-z0-9_]*$`)

// ClearTable is the reset step deleting every row of a business table. A bad
// table name is a programming error and panics.
func ClearTable(table string) ResetStep {
	if !tableRe.MatchString(table) {
		panic(fmt.Sprintf("home: bad table name %q", table))
	}
	return ResetStep{Name: table, Run: func(ctx context.Context, q db.Querier) (int64, error) {
		res, err := q.Exec(ctx, "DELETE FROM "+table)
		if err != nil {
			return 0, fmt.Errorf("clear %s: %w", table, err)
		}
		return res.RowsAffected()
	}}
}
