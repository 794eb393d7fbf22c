// Package location manages warehouses (仓库) and the shops that use them
// (shop_locations). A caller who is not ROOT sees and changes only the
// warehouses of the active shop; a warehouse of another shop is "not found"
// for them, so its existence never leaks. ROOT sees every warehouse.
package location

import (
	"strings"

	"cangshu/internal/errs"
	"cangshu/internal/search"
)

// Location is a warehouse as the list and get_update answer it.
type Location struct {
	ID            int64   `json:"id"`
	Number        string  `json:"number"`
	Name          string  `json:"name"`
	Address       string  `json:"address"`
	Keeper        string  `json:"keeper"`
	Phone         string  `json:"phone"`
	AllowNegative int     `json:"allowNegative"`
	Disable       int     `json:"disable"`
	Remark        string  `json:"remark"`
	ShopIDs       []int64 `json:"shopIds"`
	ShopNames     string  `json:"shopNames"`
	// Search is what matchCon looks in (search.Text: number and name with their
	// pinyin initials and full pinyin); a picker filtering the cached list
	// matches it the same way.
	Search search.Key `json:"search"`
}

// Input is what add and update take. The id is read on update only; the
// disabled state changes through /disable only.
type Input struct {
	ID            int64   `json:"id"`
	Number        string  `json:"number"`
	Name          string  `json:"name"`
	Address       string  `json:"address"`
	Keeper        string  `json:"keeper"`
	Phone         string  `json:"phone"`
	AllowNegative int64   `json:"allowNegative"`
	Remark        string  `json:"remark"`
	ShopIDs       []int64 `json:"shopIds"`
}

// Labels.
const (
	Entity             errs.Key = "location.entity"
	labelNumber        errs.Key = "location.field.number"
	labelName          errs.Key = "location.field.name"
	labelAddress       errs.Key = "location.field.address"
	labelKeeper        errs.Key = "location.field.keeper"
	labelPhone         errs.Key = "location.field.phone"
	labelAllowNegative errs.Key = "location.field.allowNegative"
	labelShops         errs.Key = "location.field.shopIds"
	labelRemark        errs.Key = "field.remark"
)

// Text limits (docs/basic-data.md).
const (
	maxNumber  = 32
	maxName    = 100
	maxAddress = 200
	maxPhone   = 30
	maxRemark  = 500
	maxShops   = 1000
	firstNo    = "CK001"
)

// validate trims and checks the input; needNumber is false on add, where an
// empty number is given the next one.
func (in *Input) validate(needNumber bool) error {
	in.Number = strings.TrimSpace(in.Number)
	in.Name = strings.TrimSpace(in.Name)
	in.Address = strings.TrimSpace(in.Address)
	in.Keeper = strings.TrimSpace(in.Keeper)
	in.Phone = strings.TrimSpace(in.Phone)
	in.Remark = strings.TrimSpace(in.Remark)
	var f errs.Fields
	f.Text("number", labelNumber, in.Number, needNumber, maxNumber)
	f.Text("name", labelName, in.Name, true, maxName)
	f.Text("address", labelAddress, in.Address, false, maxAddress)
	f.Text("keeper", labelKeeper, in.Keeper, false, maxName)
	f.Text("phone", labelPhone, in.Phone, false, maxPhone)
	errs.OneOf(&f, "allowNegative", labelAllowNegative, in.AllowNegative, 0, 1)
	f.Text("remark", labelRemark, in.Remark, false, maxRemark)
	if len(in.ShopIDs) > maxShops {
		f.Add("shopIds", "err.invalid", errs.A("field", labelShops))
	}
	for _, id := range in.ShopIDs {
		if id <= 0 {
			f.Add("shopIds", "location.err.badShop", errs.A("id", id))
			break
		}
	}
	return f.Err()
}

// distinct drops repeated ids, keeping the first order.
func distinct(ids []int64) []int64 {
	seen := map[int64]bool{}
	out := []int64{}
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}
