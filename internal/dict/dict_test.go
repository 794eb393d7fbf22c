package dict_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/db"
	"cangshu/internal/dict"
)

// seed runs the start-up seeding (the app calls it at start; calling it again is harmless).
func seed(t *testing.T, e *apptest.Env) {
	t.Helper()
	ctx := context.Background()
	if err := e.App.DB.InTx(ctx, func(tx *db.Tx) error { return dict.SeedDefaults(ctx, tx) }); err != nil {
		t.Fatal(err)
	}
}

type scenario struct {
	name         string
	method, url  string
	body         any
	lang         string
	status       int
	field        string // an error expected on this field
	msg          string // a fragment of msg
	dataContains string // a fragment of the answer's body
}

func run(t *testing.T, c *apptest.Client, tests []scenario) {
	t.Helper()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c.Lang = tt.lang
			r := c.Do(tt.method, tt.url, tt.body).Want(tt.status)
			if tt.field != "" && r.Env.Errors[tt.field] == "" {
				t.Fatalf("no error on field %s: %s", tt.field, r.Body)
			}
			if tt.msg != "" && !strings.Contains(r.Env.Msg, tt.msg) {
				t.Fatalf("msg %q does not contain %q", r.Env.Msg, tt.msg)
			}
			if tt.dataContains != "" && !strings.Contains(string(r.Body), tt.dataContains) {
				t.Fatalf("body %s does not contain %q", r.Body, tt.dataContains)
			}
		})
	}
}

type page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total"`
}

func TestDictionaryLifeCycle(t *testing.T) {
	e := apptest.New(t)
	seed(t, e)
	c := e.Admin()
	var id int64
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "付款方式", "dictCode": "pay_way", "remark": "备注"}).Want(200).Decode(&id)
	if id <= 0 {
		t.Fatalf("id %d", id)
	}
	// Form-urlencoded bodies are accepted too.
	c.Do("POST", "/api/v1/dicts/pay_way/items", map[string]any{"value": "cash", "label": "现金", "labelEn": "Cash", "tagType": "success", "sort": 2}).Want(200)
	c.Form("POST", "/api/v1/dicts/pay_way/items", map[string][]string{"value": {"card"}, "label": {"刷卡"}, "sort": {"1"}}).Want(200)

	var p page[dict.Page]
	c.Do("GET", "/api/v1/dicts/page?keywords=pay&pageNum=1&pageSize=10", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].DictCode != "pay_way" || p.List[0].Name != "付款方式" || p.List[0].Status != 1 || p.List[0].CreateTime.IsZero() {
		t.Fatalf("page: %+v", p)
	}
	var f dict.Form
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/%d/form", id), nil).Want(200).Decode(&f)
	if f.Name != "付款方式" || f.Remark != "备注" || f.Builtin != 0 {
		t.Fatalf("form: %+v", f)
	}

	// Items are sorted; English label for English callers, zh-CN otherwise (and when no English is given).
	var items []dict.ItemOption
	c.Do("GET", "/api/v1/dicts/pay_way/items", nil).Want(200).Decode(&items)
	if len(items) != 2 || items[0].Value != "card" || items[1].Label != "现金" || items[1].TagType != "success" {
		t.Fatalf("items zh: %+v", items)
	}
	c.Lang = "en"
	c.Do("GET", "/api/v1/dicts/pay_way/items", nil).Want(200).Decode(&items)
	if items[1].Label != "Cash" || items[0].Label != "刷卡" {
		t.Fatalf("items en: %+v", items)
	}
	c.Lang = ""

	// A new code carries the items along.
	c.Do("POST", fmt.Sprintf("/api/v1/dicts/%d", id), map[string]any{"name": "结算方式", "dictCode": "settle_way", "status": 1}).Want(200)
	c.Do("GET", "/api/v1/dicts/pay_way/items", nil).Want(404)
	c.Do("GET", "/api/v1/dicts/settle_way/items", nil).Want(200).Decode(&items)
	if len(items) != 2 {
		t.Fatalf("items after code change: %+v", items)
	}

	// Options list the enabled dictionaries: value = code, label = name.
	var opts []dict.Option
	c.Do("GET", "/api/v1/dicts/", nil).Want(200).Decode(&opts)
	if !hasOption(opts, "settle_way", "结算方式") || !hasOption(opts, "gender", "性别") {
		t.Fatalf("options: %+v", opts)
	}
	// A disabled dictionary leaves the options and answers no items.
	c.Do("POST", fmt.Sprintf("/api/v1/dicts/%d", id), map[string]any{"name": "结算方式", "dictCode": "settle_way", "status": 0}).Want(200)
	c.Do("GET", "/api/v1/dicts/", nil).Want(200).Decode(&opts)
	if hasOption(opts, "settle_way", "结算方式") {
		t.Fatalf("disabled dictionary in options: %+v", opts)
	}
	c.Do("GET", "/api/v1/dicts/settle_way/items", nil).Want(200).Decode(&items)
	if len(items) != 0 {
		t.Fatalf("items of a disabled dictionary: %+v", items)
	}

	// Deleting takes the items along.
	c.Do("DELETE", fmt.Sprintf("/api/v1/dicts/%d", id), nil).Want(200)
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/%d/form", id), nil).Want(404)
	var n int
	if err := e.App.DB.QueryRow(context.Background(), "SELECT COUNT(*) FROM dict_items WHERE dict_code IN ('pay_way', 'settle_way')").Scan(&n); err != nil || n != 0 {
		t.Fatalf("items left: %d %v", n, err)
	}
}

func hasOption(opts []dict.Option, value, label string) bool {
	for _, o := range opts {
		if o.Value == value && o.Label == label {
			return true
		}
	}
	return false
}

func TestDictionaryBadInput(t *testing.T) {
	e := apptest.New(t)
	seed(t, e)
	c := e.Admin()
	var id, other int64
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "单位", "dictCode": "unit_kind"}).Want(200).Decode(&id)
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "其他", "dictCode": "other_kind"}).Want(200).Decode(&other)
	var genderID int64
	e.App.DB.QueryRow(context.Background(), "SELECT id FROM dicts WHERE dict_code = 'gender'").Scan(&genderID)
	long := strings.Repeat("字", 51)
	run(t, c, []scenario{
		{name: "missing name", method: "POST", url: "/api/v1/dicts/", body: `{"dictCode":"abc"}`, status: 400, field: "name", msg: "字典名称不能为空"},
		{name: "missing name en", method: "POST", url: "/api/v1/dicts/", body: `{"dictCode":"abc"}`, lang: "en", status: 400, field: "name", msg: "Dictionary name is required"},
		{name: "oversize name", method: "POST", url: "/api/v1/dicts/", body: map[string]any{"name": long, "dictCode": "abc"}, lang: "en", status: 400, field: "name", msg: "at most 50 characters"},
		{name: "missing code", method: "POST", url: "/api/v1/dicts/", body: `{"name":"x"}`, status: 400, field: "dictCode"},
		{name: "bad code", method: "POST", url: "/api/v1/dicts/", body: `{"name":"x","dictCode":"Bad-Code"}`, lang: "en", status: 400, field: "dictCode", msg: "must start with a lowercase letter"},
		{name: "code starting with digit", method: "POST", url: "/api/v1/dicts/", body: `{"name":"x","dictCode":"1abc"}`, status: 400, field: "dictCode"},
		{name: "oversize code", method: "POST", url: "/api/v1/dicts/", body: map[string]any{"name": "x", "dictCode": strings.Repeat("a", 51)}, status: 400, field: "dictCode"},
		{name: "bad status", method: "POST", url: "/api/v1/dicts/", body: `{"name":"x","dictCode":"abc","status":5}`, status: 400, field: "status"},
		{name: "oversize remark", method: "POST", url: "/api/v1/dicts/", body: map[string]any{"name": "x", "dictCode": "abc", "remark": strings.Repeat("r", 256)}, status: 400, field: "remark"},
		{name: "duplicate code", method: "POST", url: "/api/v1/dicts/", body: `{"name":"y","dictCode":"unit_kind"}`, status: 409, field: "dictCode", msg: "字典编码“unit_kind”已存在"},
		{name: "duplicate code on update", method: "POST", url: fmt.Sprintf("/api/v1/dicts/%d", other), body: `{"name":"y","dictCode":"unit_kind"}`, lang: "en", status: 409, msg: `Dictionary code "unit_kind" already exists`},
		{name: "malformed JSON", method: "POST", url: "/api/v1/dicts/", body: `{"name":`, lang: "en", status: 400, msg: "not valid JSON"},
		{name: "wrong type", method: "POST", url: "/api/v1/dicts/", body: `{"name":12,"dictCode":"abc"}`, status: 400, field: "name"},
		{name: "unknown id form", method: "GET", url: "/api/v1/dicts/99999/form", lang: "en", status: 404, msg: "Dictionary does not exist"},
		{name: "bad id", method: "GET", url: "/api/v1/dicts/abc/form", status: 400},
		{name: "unknown id update", method: "POST", url: "/api/v1/dicts/99999", body: `{"name":"y","dictCode":"zzz"}`, status: 404},
		{name: "unknown id delete, none deleted", method: "DELETE", url: fmt.Sprintf("/api/v1/dicts/%d,99999", id), status: 404},
		{name: "built-in not deletable", method: "DELETE", url: fmt.Sprintf("/api/v1/dicts/%d,%d", id, genderID), status: 409, msg: "“性别”是系统内置字典，不能删除"},
		{name: "built-in keeps its code", method: "POST", url: fmt.Sprintf("/api/v1/dicts/%d", genderID), body: `{"name":"Gender","dictCode":"sex"}`, lang: "en", status: 409, field: "dictCode", msg: "built-in"},
		{name: "built-in may be renamed", method: "POST", url: fmt.Sprintf("/api/v1/dicts/%d", genderID), body: `{"name":"性别2","dictCode":"gender"}`, status: 200},
		{name: "bad page size", method: "GET", url: "/api/v1/dicts/page?pageSize=0", status: 400, field: "pageSize"},
		{name: "bad status filter", method: "GET", url: "/api/v1/dicts/page?status=x", status: 400},
		{name: "status filter", method: "GET", url: "/api/v1/dicts/page?status=1&keywords=unit", status: 200, dataContains: `"total":1`},
	})
	// The refused batch deleted nothing.
	c.Lang = ""
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/%d/form", id), nil).Want(200)
	r := c.Raw("POST", "/api/v1/dicts/", "text/plain", strings.NewReader("name=x"))
	r.Want(400)
	if !strings.Contains(r.Env.Msg, "text/plain") {
		t.Fatalf("content type msg %q", r.Env.Msg)
	}
}

func TestItemsBadInput(t *testing.T) {
	e := apptest.New(t)
	seed(t, e)
	c := e.Admin()
	var itemID, otherItem int64
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "颜色", "dictCode": "color"}).Want(200)
	c.Do("POST", "/api/v1/dicts/color/items", map[string]any{"value": "red", "label": "红"}).Want(200).Decode(&itemID)
	c.Do("POST", "/api/v1/dicts/color/items", map[string]any{"value": "blue", "label": "蓝"}).Want(200)
	e.App.DB.QueryRow(context.Background(), "SELECT id FROM dict_items WHERE dict_code = 'gender' AND value = '1'").Scan(&otherItem)
	run(t, c, []scenario{
		{name: "missing value", method: "POST", url: "/api/v1/dicts/color/items", body: `{"label":"绿"}`, status: 400, field: "value", msg: "字典项值不能为空"},
		{name: "missing label", method: "POST", url: "/api/v1/dicts/color/items", body: `{"value":"green"}`, lang: "en", status: 400, field: "label", msg: "Item label is required"},
		{name: "oversize value", method: "POST", url: "/api/v1/dicts/color/items", body: map[string]any{"value": strings.Repeat("v", 51), "label": "x"}, status: 400, field: "value"},
		{name: "oversize label", method: "POST", url: "/api/v1/dicts/color/items", body: map[string]any{"value": "g", "label": strings.Repeat("标", 101)}, status: 400, field: "label"},
		{name: "oversize English label", method: "POST", url: "/api/v1/dicts/color/items", body: map[string]any{"value": "g", "label": "绿", "labelEn": strings.Repeat("g", 101)}, status: 400, field: "labelEn"},
		{name: "bad tag type", method: "POST", url: "/api/v1/dicts/color/items", body: `{"value":"g","label":"绿","tagType":"purple"}`, lang: "en", status: 400, field: "tagType", msg: "Tag type has a value that is not allowed"},
		{name: "bad sort", method: "POST", url: "/api/v1/dicts/color/items", body: `{"value":"g","label":"绿","sort":-1}`, status: 400, field: "sort"},
		{name: "duplicate value", method: "POST", url: "/api/v1/dicts/color/items", body: `{"value":"red","label":"又红"}`, status: 409, field: "value", msg: "字典项值“red”已存在"},
		{name: "same value in another dictionary is fine", method: "POST", url: "/api/v1/dicts/gender/items", body: `{"value":"red","label":"红"}`, status: 200},
		{name: "duplicate value on update", method: "POST", url: fmt.Sprintf("/api/v1/dicts/color/items/%d", itemID), body: `{"value":"blue","label":"红"}`, status: 409},
		{name: "unknown dictionary", method: "POST", url: "/api/v1/dicts/nope/items", body: `{"value":"x","label":"x"}`, lang: "en", status: 404, msg: "Dictionary does not exist"},
		{name: "unknown dictionary page", method: "GET", url: "/api/v1/dicts/nope/items/page", status: 404},
		{name: "unknown dictionary items", method: "GET", url: "/api/v1/dicts/nope/items", status: 404},
		{name: "unknown item", method: "GET", url: "/api/v1/dicts/color/items/99999/form", lang: "en", status: 404, msg: "Dictionary item does not exist"},
		{name: "item of another dictionary form", method: "GET", url: fmt.Sprintf("/api/v1/dicts/color/items/%d/form", otherItem), status: 404},
		{name: "item of another dictionary update", method: "POST", url: fmt.Sprintf("/api/v1/dicts/color/items/%d", otherItem), body: `{"value":"x","label":"x"}`, status: 404},
		{name: "item of another dictionary delete", method: "DELETE", url: fmt.Sprintf("/api/v1/dicts/color/items/%d,%d", itemID, otherItem), status: 404},
		{name: "malformed JSON", method: "POST", url: "/api/v1/dicts/color/items", body: `[1,2`, status: 400},
		{name: "page with keywords", method: "GET", url: "/api/v1/dicts/color/items/page?keywords=红", status: 200, dataContains: `"total":1`},
		{name: "update", method: "POST", url: fmt.Sprintf("/api/v1/dicts/color/items/%d", itemID), body: `{"value":"red","label":"大红","labelEn":"Red","tagType":"danger","status":0,"sort":3,"remark":"r"}`, status: 200},
	})
	var f dict.ItemForm
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/color/items/%d/form", itemID), nil).Want(200).Decode(&f)
	if f.Label != "大红" || f.LabelEn != "Red" || f.TagType != "danger" || f.Status != 0 || f.Sort != 3 || f.Remark != "r" || f.DictCode != "color" {
		t.Fatalf("item form: %+v", f)
	}
	// Disabled items leave the options list.
	var items []dict.ItemOption
	c.Do("GET", "/api/v1/dicts/color/items", nil).Want(200).Decode(&items)
	if len(items) != 1 || items[0].Value != "blue" {
		t.Fatalf("items: %+v", items)
	}
	var p page[dict.ItemPage]
	c.Do("GET", "/api/v1/dicts/color/items/page?status=0", nil).Want(200).Decode(&p)
	if p.Total != 1 || p.List[0].LabelEn != "Red" {
		t.Fatalf("item page: %+v", p)
	}
	// The refused batch deleted nothing; a good one deletes.
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/color/items/%d/form", itemID), nil).Want(200)
	c.Do("DELETE", fmt.Sprintf("/api/v1/dicts/color/items/%d", itemID), nil).Want(200)
	c.Do("GET", fmt.Sprintf("/api/v1/dicts/color/items/%d/form", itemID), nil).Want(404)
}

func TestSeededDictionaries(t *testing.T) {
	e := apptest.New(t)
	seed(t, e)
	seed(t, e) // idempotent
	c := e.UserWith()
	for _, tt := range []struct {
		code, lang string
		want       []string
	}{
		{"gender", "", []string{"1:男", "2:女", "0:保密"}},
		{"gender", "en", []string{"1:Male", "2:Female", "0:Undisclosed"}},
		{"notice_level", "en", []string{"L:Low", "M:Medium", "H:High"}},
		{"notice_type", "", []string{"1:系统升级", "2:系统维护", "3:安全警告", "4:假期通知", "5:公司新闻", "6:公告", "99:其他"}},
	} {
		c.Lang = tt.lang
		var items []dict.ItemOption
		c.Do("GET", "/api/v1/dicts/"+tt.code+"/items", nil).Want(200).Decode(&items)
		var got []string
		for _, it := range items {
			got = append(got, it.Value+":"+it.Label)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("%s %s: got %v, want %v", tt.code, tt.lang, got, tt.want)
		}
	}
	// An item an administrator deleted stays deleted after the next start.
	a := e.Admin()
	var id int64
	e.App.DB.QueryRow(context.Background(), "SELECT id FROM dict_items WHERE dict_code = 'gender' AND value = '0'").Scan(&id)
	a.Do("DELETE", fmt.Sprintf("/api/v1/dicts/gender/items/%d", id), nil).Want(200)
	seed(t, e)
	var items []dict.ItemOption
	a.Do("GET", "/api/v1/dicts/gender/items", nil).Want(200).Decode(&items)
	if len(items) != 2 {
		t.Fatalf("deleted item came back: %+v", items)
	}
}

func TestDictionaryPermissions(t *testing.T) {
	e := apptest.New(t)
	seed(t, e)
	none := e.UserWith()
	for _, r := range []struct{ method, url string }{
		{"GET", "/api/v1/dicts/page"},
		{"GET", "/api/v1/dicts/1/form"},
		{"POST", "/api/v1/dicts/"},
		{"POST", "/api/v1/dicts/1"},
		{"DELETE", "/api/v1/dicts/1"},
		{"GET", "/api/v1/dicts/gender/items/page"},
		{"POST", "/api/v1/dicts/gender/items"},
		{"GET", "/api/v1/dicts/gender/items/1/form"},
		{"POST", "/api/v1/dicts/gender/items/1"},
		{"DELETE", "/api/v1/dicts/gender/items/1"},
	} {
		if got := none.Do(r.method, r.url, `{}`); got.Status != 403 || got.Env.Code != "A0301" {
			t.Errorf("%s %s: %d %s", r.method, r.url, got.Status, got.Body)
		}
	}
	// Signed-in users read options and items without a permission.
	none.Do("GET", "/api/v1/dicts/", nil).Want(200)
	none.Do("GET", "/api/v1/dicts/gender/items", nil).Want(200)
	e.Anonymous().Do("GET", "/api/v1/dicts/gender/items", nil).Want(401)
	// Exactly the named permission is enough.
	q := e.UserWith("sys:dict:query", "sys:dict-item:query")
	q.Do("GET", "/api/v1/dicts/page", nil).Want(200)
	q.Do("GET", "/api/v1/dicts/gender/items/page", nil).Want(200)
	q.Do("POST", "/api/v1/dicts/", `{"name":"x","dictCode":"x"}`).Want(403)
	add := e.UserWith("sys:dict:add")
	add.Do("POST", "/api/v1/dicts/", `{"name":"x","dictCode":"x"}`).Want(200)
}
