package custom_test

import (
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"

	"cangshu/internal/apptest"
	"cangshu/internal/custom"
)

type fieldDef = custom.Field

func define(t *testing.T, c *apptest.Client, body map[string]any) fieldDef {
	t.Helper()
	var f fieldDef
	c.Do("POST", "/api/customField/add", body).Want(200).Decode(&f)
	return f
}

// Definitions: add, read back in the caller's language, limits and bad
// input refused with the field named, permissions.
func TestDefinitions(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	reader := e.UserWith("settings:customField:query")
	clerk := e.UserWith("settings:inventory:query")

	colour := define(t, admin, map[string]any{"target": "goods", "labelZh": "产地", "labelEn": "Origin", "type": "text", "required": 1, "inList": 1, "searchable": 1})
	if colour.Code != custom.Code(colour.ID) || colour.Label != "产地" || colour.Disable != 0 {
		t.Fatalf("added %+v", colour)
	}
	grade := define(t, admin, map[string]any{"target": "goods", "labelZh": "等级", "type": "choice", "options": []string{"一级", "二级"}, "sort": 2})

	apptest.Run(t, []apptest.Step{
		{Name: "list in English", As: admin, Lang: "en", Method: "GET", Path: "/api/customField/list?target=goods", Status: 200, BodyHas: `"label":"Origin"`},
		{Name: "English falls back to Chinese", As: admin, Lang: "en", Method: "GET", Path: "/api/customField/list?target=goods", Status: 200, BodyHas: `"label":"等级"`},
		{Name: "reader lists", As: reader, Method: "GET", Path: "/api/customField/list", Status: 200},
		{Name: "anyone reads the enabled fields", As: clerk, Method: "GET", Path: "/api/customField/fields?target=goods", Status: 200, BodyHas: `"options":["一级","二级"]`},
		{Name: "bad target on fields", As: clerk, Method: "GET", Path: "/api/customField/fields?target=users", Status: 400, Field: "target"},
		{Name: "clerk may not list definitions", As: clerk, Method: "GET", Path: "/api/customField/list", Status: 403},
		{Name: "reader may not add", As: reader, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "text"}, Status: 403},
		{Name: "reader may not delete", As: reader, Method: "DELETE", Path: "/api/customField/delete?id=1", Status: 403},
		{Name: "target required", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"labelZh": "x", "type": "text"}, Status: 400, Field: "target", Code: "A0410"},
		{Name: "unknown target", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "users", "labelZh": "x", "type": "text"}, Status: 400, Field: "target"},
		{Name: "label required", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "type": "text"}, Status: 400, Field: "labelZh", Msg: "Label (Chinese) is required"},
		{Name: "label too long", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": strings.Repeat("长", 31), "type": "text"}, Status: 400, Field: "labelZh"},
		{Name: "markup label", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "<b>x</b>", "type": "text"}, Status: 400, Field: "labelZh"},
		{Name: "NUL label", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelEn": "a\x00b", "labelZh": "a", "type": "text"}, Status: 400, Field: "labelEn"},
		{Name: "bad type", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "blob"}, Status: 400, Field: "type"},
		{Name: "choice without options", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "choice"}, Status: 400, Field: "options"},
		{Name: "option twice", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "choice", "options": []string{"a", "a"}}, Status: 400, Field: "options"},
		{Name: "flag not 0/1", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "text", "required": 2}, Status: 400, Field: "required"},
		{Name: "huge sort", As: admin, Method: "POST", Path: "/api/customField/add", Body: map[string]any{"target": "goods", "labelZh": "x", "type": "text", "sort": 1e15}, Status: 400, Field: "sort"},
		{Name: "form post with options as lines", As: admin, Method: "POST", Path: "/api/customField/add",
			Body: url.Values{"target": {"customer"}, "labelZh": {"渠道"}, "type": {"choice"}, "options": {"线上\n线下"}}, Status: 200, BodyHas: `"options":["线上","线下"]`},
		{Name: "unknown id on update", As: admin, Method: "POST", Path: "/api/customField/update", Body: map[string]any{"id": 99999, "labelZh": "x", "type": "text"}, Status: 404},
	})

	// At most 20 per target.
	for i := 0; i < custom.MaxPerTarget-2; i++ {
		define(t, admin, map[string]any{"target": "goods", "labelZh": "字段" + string(rune('A'+i)), "type": "text"})
	}
	r := admin.Do("POST", "/api/customField/add", map[string]any{"target": "goods", "labelZh": "多余", "type": "text"}).Want(400)
	if r.Env.Errors["target"] == "" || !strings.Contains(r.Env.Msg, "20") {
		t.Fatalf("the 21st field: %s", r.Body)
	}
	// The other targets are not full.
	define(t, admin, map[string]any{"target": "bill", "labelZh": "车牌号", "type": "text"})

	// Update: the target stays; labels change.
	var upd fieldDef
	admin.Do("POST", "/api/customField/update", map[string]any{"id": grade.ID, "target": "supplier", "labelZh": "品级", "labelEn": "Grade", "type": "choice", "options": []string{"一级", "二级", "三级"}}).Want(200).Decode(&upd)
	if upd.Target != "goods" || upd.LabelZh != "品级" || len(upd.Options) != 3 {
		t.Fatalf("updated %+v", upd)
	}
	// Delete frees a place.
	var res []apptest.Batch
	admin.Do("DELETE", "/api/customField/delete?id="+itoa(grade.ID), nil).Want(200).Decode(&res)
	if len(res) != 1 || !res[0].OK {
		t.Fatalf("delete %+v", res)
	}
	define(t, admin, map[string]any{"target": "goods", "labelZh": "再来一个", "type": "bool"})
	if n := e.Count("SELECT COUNT(*) FROM sys_logs WHERE request_uri LIKE '%/customField/%' AND status = 200"); n < 3 {
		t.Fatalf("operation log has %d custom field changes", n)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// Administrators adding fields at once never pass the limit of a target:
// the count and the insert are serialised per target.
func TestLimitUnderConcurrentAdds(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	const racers = 8
	for i := 0; i < custom.MaxPerTarget-2; i++ {
		define(t, admin, map[string]any{"target": "supplier", "labelZh": "字段" + strconv.Itoa(i), "type": "text"})
	}
	statuses := make(chan int, racers)
	var wg sync.WaitGroup
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- admin.Do("POST", "/api/customField/add", map[string]any{"target": "supplier", "labelZh": "并发" + strconv.Itoa(i), "type": "text"}).Status
		}()
	}
	wg.Wait()
	close(statuses)
	count := map[int]int{}
	for s := range statuses {
		count[s]++
	}
	if count[200] != 2 || count[400] != racers-2 {
		t.Fatalf("statuses %v, want 2 added and %d refused", count, racers-2)
	}
	if n := e.Count("SELECT COUNT(*) FROM custom_fields WHERE target = 'supplier'"); n != custom.MaxPerTarget {
		t.Fatalf("%d supplier fields, want %d", n, custom.MaxPerTarget)
	}
}

// A label a spreadsheet would read as another column is refused, in the
// caller's language: a built-in column of the target's import or export
// (either language's header or its key, case and spaces aside), or another
// field of the target (either label, enabled or not); other targets and the
// field's own labels do not clash.
func TestLabelClashes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	origin := define(t, admin, map[string]any{"target": "goods", "labelZh": "产地", "labelEn": "Origin", "type": "text"})
	off := define(t, admin, map[string]any{"target": "customer", "labelZh": "旧渠道", "labelEn": "Old channel", "type": "text", "disable": 1})
	add := func(target, zh, en string) map[string]any {
		return map[string]any{"target": target, "labelZh": zh, "labelEn": en, "type": "text"}
	}
	apptest.Run(t, []apptest.Step{
		{Name: "goods 备注", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("goods", "备注", ""), Status: 400, Field: "labelZh",
			Msg: "名称“备注”与 Excel 内置列“备注”相同，请换一个名称"},
		{Name: "goods Remarks in English", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: add("goods", "说明", "remarks "), Status: 400, Field: "labelEn",
			Msg: "The label “remarks” is the header of the built-in Excel column “Remarks”; choose another label"},
		{Name: "goods English header as Chinese label", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: add("goods", "Sale Price", ""), Status: 400, Field: "labelZh", BodyHas: "Retail price"},
		{Name: "goods column key", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("goods", "barCode", ""), Status: 400, Field: "labelZh"},
		{Name: "customer 当前欠款 (export only)", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("customer", "当前欠款", ""), Status: 400, Field: "labelZh", BodyHas: "当前欠款"},
		{Name: "customer Balance due", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: add("customer", "余额", "Balance due"), Status: 400, Field: "labelEn"},
		{Name: "supplier 联系人", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("supplier", "联系人", ""), Status: 400, Field: "labelZh"},
		{Name: "bill 备注", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("bill", "备注", ""), Status: 400, Field: "labelZh"},
		{Name: "bill Arrears (money column)", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: add("bill", "欠", "Arrears"), Status: 400, Field: "labelEn"},
		{Name: "bill account (fund kinds)", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("bill", "结算账户", ""), Status: 400, Field: "labelZh"},
		{Name: "another goods field's label", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("goods", "产地 ", ""), Status: 400, Field: "labelZh",
			Msg: "名称“产地”已被自定义字段“产地”使用"},
		{Name: "another goods field's English label as Chinese", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/add", Body: add("goods", "ORIGIN", ""), Status: 400, Field: "labelZh",
			Msg: "The label “ORIGIN” is already used by the custom field “Origin”"},
		{Name: "another field's key", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("goods", "custom."+origin.Code, ""), Status: 400, Field: "labelZh"},
		{Name: "a disabled field's label", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("customer", "渠道", "old channel"), Status: 400, Field: "labelEn"},
		{Name: "same label on another target", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("supplier", "产地", "Origin"), Status: 200},
		{Name: "a goods label that is a customer column", As: admin, Method: "POST", Path: "/api/customField/add", Body: add("goods", "当前欠款", ""), Status: 200},
		{Name: "update keeping its own labels", As: admin, Method: "POST", Path: "/api/customField/update", Body: map[string]any{"id": origin.ID, "labelZh": "产地", "labelEn": "Origin", "type": "text", "required": 1}, Status: 200},
		{Name: "rename to a built-in header", As: admin, Lang: "en", Method: "POST", Path: "/api/customField/update", Body: map[string]any{"id": origin.ID, "labelZh": "产地", "labelEn": "Name", "type": "text"}, Status: 400, Field: "labelEn"},
		{Name: "rename a disabled field", As: admin, Method: "POST", Path: "/api/customField/update", Body: map[string]any{"id": off.ID, "labelZh": "余额2", "labelEn": "", "type": "text"}, Status: 200},
		{Name: "a customer field may take a goods field's label", As: admin, Method: "POST", Path: "/api/customField/update", Body: map[string]any{"id": off.ID, "labelZh": "产地", "type": "text"}, Status: 200},
	})
	if n := e.Count("SELECT COUNT(*) FROM custom_fields WHERE label = '备注' OR label_en = 'Arrears'"); n != 0 {
		t.Fatalf("%d refused fields were written", n)
	}
	// A label or choice that happens to be a catalogue key is shown as
	// written, never translated into a built-in header.
	define(t, admin, map[string]any{"target": "goods", "labelZh": "field.remark", "type": "choice", "options": []string{"custom.yes"}})
	rows, err := readSheet(admin.Do("GET", "/api/inventory/template", nil).Want(200).Body)
	if err != nil || len(rows) != 2 {
		t.Fatalf("template %q %v", rows, err)
	}
	head := strings.Join(rows[0], "|")
	if !strings.HasSuffix(head, "|field.remark") || strings.Count(head, "备注") != 1 || rows[1][len(rows[1])-1] != "custom.yes" {
		t.Fatalf("template %q", rows)
	}
}
