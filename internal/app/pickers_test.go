package app_test

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

// TestPickersFindByPinyin: every list a picker of master data reads
// (customers, suppliers, goods, warehouses, staff, settlement accounts,
// income and expense items) finds a Chinese-named record by its number, a
// part of its name, its pinyin initials and its full pinyin, and answers the
// search text the web's pickers match on the client the same way.
func TestPickersFindByPinyin(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	a := e.Admin()
	var unit struct{ ID int64 }
	a.Do("POST", "/api/unit/add", map[string]any{"name": "瓶"}).Want(200).Decode(&unit)
	type picker struct {
		name, list string // list: the route and its own parameters
		add        string
		body       map[string]any
	}
	pickers := []picker{
		{"customers", "/api/contact/list?type=-10", "/api/contact/add", map[string]any{"type": -10, "number": "KH901", "name": "西湖边小卖部"}},
		{"suppliers", "/api/contact/list?type=10", "/api/contact/add", map[string]any{"type": 10, "number": "GY901", "name": "西湖边小卖部"}},
		{"goods", "/api/inventory/list?isDelete=2", "/api/inventory/add", map[string]any{"number": "SP901", "name": "西湖边小卖部", "unitId": unit.ID}},
		{"warehouses", "/api/invlocation/list?", "/api/invlocation/add", map[string]any{"number": "CK901", "name": "西湖边小卖部"}},
		{"staff", "/api/employee/list?", "/api/employee/add", map[string]any{"number": "YG901", "name": "西湖边小卖部"}},
		{"accounts", "/api/settAcct/list?", "/api/settAcct/add", map[string]any{"number": "ZH901", "name": "西湖边小卖部", "type": 1}},
		{"income items", "/api/item/list?type=1", "/api/item/add", map[string]any{"type": 1, "number": "SR901", "name": "西湖边小卖部"}},
		{"expense items", "/api/item/list?type=2", "/api/item/add", map[string]any{"type": 2, "number": "ZC901", "name": "西湖边小卖部"}},
	}
	type row struct {
		ID     int64  `json:"id"`
		Number string `json:"number"`
		Search string `json:"search"`
	}
	for _, p := range pickers {
		var made row
		a.Do("POST", p.add, p.body).Want(200).Decode(&made)
		number := p.body["number"].(string)
		for _, q := range []string{number, "湖边", "xhb", "XHBXMB", "xihubian", "xihubianxiaomaibu", "xhb "} {
			var page apptest.List[json.RawMessage]
			a.Do("GET", p.list+"&page=1&rows=50&matchCon="+url.QueryEscape(q), nil).Want(200).Decode(&page)
			found := false
			for _, raw := range page.Rows {
				var r row
				if err := json.Unmarshal(raw, &r); err != nil {
					t.Fatal(err)
				}
				if r.Number == number {
					found = true
					for _, part := range []string{"xhbxmb", "xihubianxiaomaibu", "西湖边小卖部", number} {
						if !strings.Contains(r.Search, strings.ToLower(part)) {
							t.Errorf("%s: search text %q lacks %q", p.name, r.Search, part)
						}
					}
				}
			}
			if !found || page.Records != len(page.Rows) {
				t.Errorf("%s: matchCon %q finds %d rows (records %d) without %s", p.name, q, len(page.Rows), page.Records, number)
			}
		}
		for _, q := range []string{"xhbz", "湖西", "xihux"} {
			var page apptest.List[json.RawMessage]
			a.Do("GET", p.list+"&page=1&rows=50&matchCon="+url.QueryEscape(q), nil).Want(200).Decode(&page)
			if page.Records != 0 || len(page.Rows) != 0 {
				t.Errorf("%s: matchCon %q finds %d rows", p.name, q, page.Records)
			}
		}
	}
}
