// Package shop manages shops (店铺), their members (user_shops) and the rules
// of the active shop a session works in: only enabled shops the user belongs
// to (ROOT: any enabled shop). Non-ROOT callers see only their own shops.
package shop

import (
	"regexp"
	"strings"
	"time"

	"cangshu/internal/errs"
)

// Shop is one row of the list page.
type Shop struct {
	ID         int64     `json:"id"`
	Code       string    `json:"code"`
	Name       string    `json:"name"`
	Address    string    `json:"address"`
	Phone      string    `json:"phone"`
	Status     int       `json:"status"`
	Sort       int       `json:"sort"`
	Remark     string    `json:"remark"`
	UserCount  int       `json:"userCount"`
	CreateTime time.Time `json:"createTime"`
}

// Form is a shop for editing.
type Form struct {
	ID      int64  `json:"id"`
	Code    string `json:"code"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Phone   string `json:"phone"`
	Status  int    `json:"status"`
	Sort    int    `json:"sort"`
	Remark  string `json:"remark"`
}

// Input is what the create and update forms send. A missing status means
// enabled on create and unchanged on update.
type Input struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Address string `json:"address"`
	Phone   string `json:"phone"`
	Status  *int64 `json:"status"`
	Sort    int64  `json:"sort"`
	Remark  string `json:"remark"`
}

// Member is a user of a shop.
type Member struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Nickname string `json:"nickname"`
}

// MembersInput replaces a shop's members.
type MembersInput struct {
	UserIDs []int64 `json:"userIds"`
}

// Option is a shop in a select list.
type Option struct {
	Value int64  `json:"value"`
	Label string `json:"label"`
}

// Labels.
const (
	Entity       errs.Key = "shop.entity"
	labelCode    errs.Key = "shop.field.code"
	labelName    errs.Key = "shop.field.name"
	labelAddress errs.Key = "shop.field.address"
	labelPhone   errs.Key = "shop.field.phone"
	labelStatus  errs.Key = "field.status"
	labelSort    errs.Key = "field.sort"
	labelRemark  errs.Key = "field.remark"
	labelUsers   errs.Key = "shop.field.userIds"
	LabelShopID  errs.Key = "shop.field.shopId"
	maxSort               = 999999
)

var codeRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,20}$`)

// validate trims and checks the input.
func (in *Input) validate() error {
	in.Code = strings.TrimSpace(in.Code)
	in.Name = strings.TrimSpace(in.Name)
	in.Address = strings.TrimSpace(in.Address)
	in.Phone = strings.TrimSpace(in.Phone)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("code", labelCode, in.Code, true, 20)
	if in.Code != "" && len([]rune(in.Code)) <= 20 && !codeRe.MatchString(in.Code) {
		f.Add("code", "shop.err.codeFormat", errs.A("field", labelCode))
	}
	f.Text("name", labelName, in.Name, true, 50)
	f.Text("address", labelAddress, in.Address, false, 200)
	f.Text("phone", labelPhone, in.Phone, false, 30)
	if in.Status != nil {
		errs.OneOf(&f, "status", labelStatus, *in.Status, 0, 1)
	}
	f.Range("sort", labelSort, in.Sort, 0, maxSort)
	f.Text("remark", labelRemark, in.Remark, false, 200)
	return f.Err()
}

// distinct drops repeated ids, keeping the first order.
func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
