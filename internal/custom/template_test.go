package custom_test

import (
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
)

// The import templates' example row holds a valid value per custom field,
// as an export writes it, so a template imported unchanged passes even when
// every field is required: text its label, number 1, date today, choice its
// first option, yes/no 是/Yes.
func TestTemplateExample(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	today := time.Now().Format(time.DateOnly)
	now := time.Now().UTC()
	for _, name := range []string{"瓶", "Bottle"} { // the goods template's example unit and category
		e.Exec("INSERT INTO units (name, is_base, created_at, updated_at) VALUES (?, 1, ?, ?)", name, now, now)
	}
	for _, name := range []string{"饮料", "Drinks"} {
		e.Exec("INSERT INTO assists (type_id, name, created_at, updated_at) VALUES ((SELECT id FROM assist_types WHERE number = 'trade'), ?, ?, ?)", name, now, now)
	}
	codes := map[string][]string{}
	for _, target := range []string{"goods", "customer", "supplier"} {
		for _, d := range []map[string]any{
			{"labelZh": "产地", "labelEn": "Origin", "type": "text"},
			{"labelZh": "毛重", "labelEn": "Gross weight", "type": "number"},
			{"labelZh": "上市日期", "type": "date"},
			{"labelZh": "等级", "labelEn": "Grade", "type": "choice", "options": []string{"一级", "二级"}},
			{"labelZh": "进口", "labelEn": "Imported", "type": "bool"},
		} {
			d["target"], d["required"] = target, 1
			codes[target] = append(codes[target], define(t, admin, d).Code)
		}
	}
	for _, c := range []struct {
		name, target, template, imp, list string
		lang, want                        string
	}{
		// English first, checked only (dryRun): the Chinese import then writes the example record.
		{"goods in English", "goods", "/api/inventory/template", "/api/inventory/import?dryRun=1", "", "en", "Origin|1|" + today + "|一级|Yes"},
		{"goods", "goods", "/api/inventory/template", "/api/inventory/import", "/api/inventory/list", "", "产地|1|" + today + "|一级|是"},
		{"customers in English", "customer", "/api/contact/template?type=-10", "/api/contact/import?type=-10&dryRun=1", "", "en", "Origin|1|" + today + "|一级|Yes"},
		{"customers", "customer", "/api/contact/template?type=-10", "/api/contact/import?type=-10", "/api/contact/list?type=-10", "", "产地|1|" + today + "|一级|是"},
		{"suppliers in English", "supplier", "/api/contact/template?type=10", "/api/contact/import?type=10&dryRun=1", "", "en", "Origin|1|" + today + "|一级|Yes"},
		{"suppliers", "supplier", "/api/contact/template?type=10", "/api/contact/import?type=10", "/api/contact/list?type=10", "", "产地|1|" + today + "|一级|是"},
	} {
		t.Run(c.name, func(t *testing.T) {
			admin.Lang = c.lang
			defer func() { admin.Lang = "" }()
			file := admin.Do("GET", c.template, nil).Want(200).Body
			rows, err := readSheet(file)
			if err != nil || len(rows) != 2 {
				t.Fatalf("template: %q %v", rows, err)
			}
			example := rows[1][len(rows[1])-5:]
			if got := strings.Join(example, "|"); got != c.want {
				t.Fatalf("example custom cells %q, want %q", got, c.want)
			}
			res := upload(t, admin, c.imp, file)
			if res.ValidCount != 1 || res.InvalidCount != 0 {
				t.Fatalf("template imported unchanged: %+v\n%s", res, errorsOf(res))
			}
			if c.list == "" {
				return
			}
			got := listRows(admin, c.list)
			if res.ImportedCount != 1 || len(got) != 1 {
				t.Fatalf("imported %d, listed %+v", res.ImportedCount, got)
			}
			code := codes[c.target]
			if v := got[0].Custom; v[code[0]] != "产地" || v[code[1]] != float64(1) || v[code[2]] != today || v[code[3]] != "一级" || v[code[4]] != float64(1) {
				t.Fatalf("example values stored as %+v", v)
			}
		})
	}
}
