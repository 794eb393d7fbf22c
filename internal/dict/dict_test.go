package dict_test

import (
	"context"
	"fmt"
	"slices"
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

func TestDictionaryLifeCycle(t *testing.T) {
	t.Parallel()
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

	var p apptest.Page[dict.Page]
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
	if n := e.Count("SELECT COUNT(*) FROM dict_items WHERE dict_code IN ('pay_way', 'settle_way')"); n != 0 {
		t.Fatalf("items left: %d", n)
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
	t.Parallel()
	e := apptest.New(t)
	seed(t, e)
	c := e.Admin()
	var id, other int64
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "单位", "dictCode": "unit_kind"}).Want(200).Decode(&id)
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "其他", "dictCode": "other_kind"}).Want(200).Decode(&other)
	genderID := e.ID("SELECT id FROM dicts WHERE dict_code = 'gender'")
	long := strings.Repeat("字", 51)
	apptest.Run(t, []apptest.Step{
		{Name: "missing name", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"dictCode":"abc"}`, Status: 400, Field: "name", MsgHas: "字典名称不能为空"},
		{Name: "missing name en", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"dictCode":"abc"}`, Lang: "en", Status: 400, Field: "name", MsgHas: "Dictionary name is required"},
		{Name: "oversize name", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: map[string]any{"name": long, "dictCode": "abc"}, Lang: "en", Status: 400, Field: "name", MsgHas: "at most 50 characters"},
		{Name: "missing code", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":"x"}`, Status: 400, Field: "dictCode"},
		{Name: "bad code", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":"x","dictCode":"Bad-Code"}`, Lang: "en", Status: 400, Field: "dictCode", MsgHas: "must start with a lowercase letter"},
		{Name: "code starting with digit", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":"x","dictCode":"1abc"}`, Status: 400, Field: "dictCode"},
		{Name: "oversize code", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: map[string]any{"name": "x", "dictCode": strings.Repeat("a", 51)}, Status: 400, Field: "dictCode"},
		{Name: "bad status", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":"x","dictCode":"abc","status":5}`, Status: 400, Field: "status"},
		{Name: "oversize remark", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: map[string]any{"name": "x", "dictCode": "abc", "remark": strings.Repeat("r", 256)}, Status: 400, Field: "remark"},
		{Name: "duplicate code", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":"y","dictCode":"unit_kind"}`, Status: 409, Field: "dictCode", MsgHas: "字典编码“unit_kind”已存在"},
		{Name: "duplicate code on update", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/%d", other), Body: `{"name":"y","dictCode":"unit_kind"}`, Lang: "en", Status: 409, MsgHas: `Dictionary code "unit_kind" already exists`},
		{Name: "malformed JSON", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":`, Lang: "en", Status: 400, MsgHas: "not valid JSON"},
		{Name: "wrong type", As: c, Method: "POST", Path: "/api/v1/dicts/", Body: `{"name":12,"dictCode":"abc"}`, Status: 400, Field: "name"},
		{Name: "unknown id form", As: c, Method: "GET", Path: "/api/v1/dicts/99999/form", Lang: "en", Status: 404, MsgHas: "Dictionary does not exist"},
		{Name: "bad id", As: c, Method: "GET", Path: "/api/v1/dicts/abc/form", Status: 400},
		{Name: "unknown id update", As: c, Method: "POST", Path: "/api/v1/dicts/99999", Body: `{"name":"y","dictCode":"zzz"}`, Status: 404},
		{Name: "unknown id delete, none deleted", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/v1/dicts/%d,99999", id), Status: 404},
		{Name: "built-in not deletable", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/v1/dicts/%d,%d", id, genderID), Status: 409, MsgHas: "“性别”是系统内置字典，不能删除"},
		{Name: "built-in keeps its code", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/%d", genderID), Body: `{"name":"Gender","dictCode":"sex"}`, Lang: "en", Status: 409, Field: "dictCode", MsgHas: "built-in"},
		{Name: "built-in may be renamed", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/%d", genderID), Body: `{"name":"性别2","dictCode":"gender"}`, Status: 200},
		{Name: "bad page size", As: c, Method: "GET", Path: "/api/v1/dicts/page?pageSize=0", Status: 400, Field: "pageSize"},
		{Name: "bad status filter", As: c, Method: "GET", Path: "/api/v1/dicts/page?status=x", Status: 400},
		{Name: "status filter", As: c, Method: "GET", Path: "/api/v1/dicts/page?status=1&keywords=unit", Status: 200, BodyHas: `"total":1`},
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
	t.Parallel()
	e := apptest.New(t)
	seed(t, e)
	c := e.Admin()
	var itemID int64
	c.Do("POST", "/api/v1/dicts/", map[string]any{"name": "颜色", "dictCode": "color"}).Want(200)
	c.Do("POST", "/api/v1/dicts/color/items", map[string]any{"value": "red", "label": "红"}).Want(200).Decode(&itemID)
	c.Do("POST", "/api/v1/dicts/color/items", map[string]any{"value": "blue", "label": "蓝"}).Want(200)
	otherItem := e.ID("SELECT id FROM dict_items WHERE dict_code = 'gender' AND value = '1'")
	apptest.Run(t, []apptest.Step{
		{Name: "missing value", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `{"label":"绿"}`, Status: 400, Field: "value", MsgHas: "字典项值不能为空"},
		{Name: "missing label", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `{"value":"green"}`, Lang: "en", Status: 400, Field: "label", MsgHas: "Item label is required"},
		{Name: "oversize value", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: map[string]any{"value": strings.Repeat("v", 51), "label": "x"}, Status: 400, Field: "value"},
		{Name: "oversize label", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: map[string]any{"value": "g", "label": strings.Repeat("标", 101)}, Status: 400, Field: "label"},
		{Name: "oversize English label", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: map[string]any{"value": "g", "label": "绿", "labelEn": strings.Repeat("g", 101)}, Status: 400, Field: "labelEn"},
		{Name: "bad tag type", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `{"value":"g","label":"绿","tagType":"purple"}`, Lang: "en", Status: 400, Field: "tagType", MsgHas: "Tag type has a value that is not allowed"},
		{Name: "bad sort", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `{"value":"g","label":"绿","sort":-1}`, Status: 400, Field: "sort"},
		{Name: "duplicate value", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `{"value":"red","label":"又红"}`, Status: 409, Field: "value", MsgHas: "字典项值“red”已存在"},
		{Name: "same value in another dictionary is fine", As: c, Method: "POST", Path: "/api/v1/dicts/gender/items", Body: `{"value":"red","label":"红"}`, Status: 200},
		{Name: "duplicate value on update", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/color/items/%d", itemID), Body: `{"value":"blue","label":"红"}`, Status: 409},
		{Name: "unknown dictionary", As: c, Method: "POST", Path: "/api/v1/dicts/nope/items", Body: `{"value":"x","label":"x"}`, Lang: "en", Status: 404, MsgHas: "Dictionary does not exist"},
		{Name: "unknown dictionary page", As: c, Method: "GET", Path: "/api/v1/dicts/nope/items/page", Status: 404},
		{Name: "unknown dictionary items", As: c, Method: "GET", Path: "/api/v1/dicts/nope/items", Status: 404},
		{Name: "unknown item", As: c, Method: "GET", Path: "/api/v1/dicts/color/items/99999/form", Lang: "en", Status: 404, MsgHas: "Dictionary item does not exist"},
		{Name: "item of another dictionary form", As: c, Method: "GET", Path: fmt.Sprintf("/api/v1/dicts/color/items/%d/form", otherItem), Status: 404},
		{Name: "item of another dictionary update", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/color/items/%d", otherItem), Body: `{"value":"x","label":"x"}`, Status: 404},
		{Name: "item of another dictionary delete", As: c, Method: "DELETE", Path: fmt.Sprintf("/api/v1/dicts/color/items/%d,%d", itemID, otherItem), Status: 404},
		{Name: "malformed JSON", As: c, Method: "POST", Path: "/api/v1/dicts/color/items", Body: `[1,2`, Status: 400},
		{Name: "page with keywords", As: c, Method: "GET", Path: "/api/v1/dicts/color/items/page?keywords=红", Status: 200, BodyHas: `"total":1`},
		{Name: "update", As: c, Method: "POST", Path: fmt.Sprintf("/api/v1/dicts/color/items/%d", itemID), Body: `{"value":"red","label":"大红","labelEn":"Red","tagType":"danger","status":0,"sort":3,"remark":"r"}`, Status: 200},
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
	var p apptest.Page[dict.ItemPage]
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
	t.Parallel()
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
	id := e.ID("SELECT id FROM dict_items WHERE dict_code = 'gender' AND value = '0'")
	a.Do("DELETE", fmt.Sprintf("/api/v1/dicts/gender/items/%d", id), nil).Want(200)
	seed(t, e)
	var items []dict.ItemOption
	a.Do("GET", "/api/v1/dicts/gender/items", nil).Want(200).Decode(&items)
	if len(items) != 2 {
		t.Fatalf("deleted item came back: %+v", items)
	}
}

func TestDictionaryPermissions(t *testing.T) {
	t.Parallel()
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

// The built-in dictionaries' seeded names and remarks follow the caller's
// language (page, options, edit form); what an administrator wrote stays as
// written in both languages.
func TestBuiltinDictionariesFollowTheLanguage(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	seed(t, e)
	zh := e.Admin()
	en := e.Admin()
	en.Lang = "en"
	find := func(c *apptest.Client, code string) dict.Page {
		t.Helper()
		var p apptest.Page[dict.Page]
		c.Do("GET", "/api/v1/dicts/page?pageNum=1&pageSize=50", nil).Want(200).Decode(&p)
		for _, d := range p.List {
			if d.DictCode == code {
				return d
			}
		}
		t.Fatalf("no dictionary %s", code)
		return dict.Page{}
	}
	for _, tc := range []struct {
		c                  *apptest.Client
		code, name, remark string
	}{
		{zh, "gender", "性别", "用户的性别"},
		{en, "gender", "Gender", "Gender"},
		{zh, "notice_type", "通知类型", "通知公告的类型"},
		{en, "notice_type", "Notice type", "Notice type"},
		{zh, "notice_level", "通知级别", "通知公告的级别"},
		{en, "notice_level", "Notice level", "Notice level"},
	} {
		d := find(tc.c, tc.code)
		if d.Name != tc.name || d.Remark != tc.remark {
			t.Errorf("%s in %q: %q / %q, want %q / %q", tc.code, tc.c.Lang, d.Name, d.Remark, tc.name, tc.remark)
		}
	}
	var opts []dict.Option
	en.Do("GET", "/api/v1/dicts/", nil).Want(200).Decode(&opts)
	if !slices.Contains(opts, dict.Option{Value: "gender", Label: "Gender"}) {
		t.Fatalf("English options: %+v", opts)
	}
	zh.Do("GET", "/api/v1/dicts/", nil).Want(200).Decode(&opts)
	if !slices.Contains(opts, dict.Option{Value: "gender", Label: "性别"}) {
		t.Fatalf("Chinese options: %+v", opts)
	}
	id := find(zh, "gender").ID
	var f dict.Form
	en.Do("GET", fmt.Sprintf("/api/v1/dicts/%d/form", id), nil).Want(200).Decode(&f)
	if f.Name != "Gender" || f.Remark != "Gender" {
		t.Fatalf("English form: %+v", f)
	}
	// Saved from the English form, the text is still the seeded one: Chinese callers see Chinese.
	en.Do("POST", fmt.Sprintf("/api/v1/dicts/%d", id), map[string]any{"name": f.Name, "dictCode": "gender", "remark": f.Remark}).Want(200)
	if d := find(zh, "gender"); d.Name != "性别" || d.Remark != "用户的性别" {
		t.Fatalf("after an English save, Chinese: %+v", d)
	}
	// What an administrator types stays as typed, in both languages.
	zh.Do("POST", fmt.Sprintf("/api/v1/dicts/%d", id), map[string]any{"name": "性别（员工）", "dictCode": "gender", "remark": "员工档案用"}).Want(200)
	for _, c := range []*apptest.Client{zh, en} {
		if d := find(c, "gender"); d.Name != "性别（员工）" || d.Remark != "员工档案用" {
			t.Errorf("typed text in %q: %+v", c.Lang, d)
		}
	}
	// A dictionary of the administrator's is never translated.
	en.Do("POST", "/api/v1/dicts/", map[string]any{"name": "性别", "dictCode": "sex2", "remark": "Gender"}).Want(200)
	if d := find(en, "sex2"); d.Name != "性别" {
		t.Errorf("own dictionary in English: %+v", d)
	}
}
