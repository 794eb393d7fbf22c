package employee_test

import (
	"fmt"
	"strings"
	"testing"

	"cangshu/internal/apptest"
)

type row struct {
	ID      int64  `json:"id"`
	Number  string `json:"number"`
	Name    string `json:"name"`
	Mobile  string `json:"mobile"`
	Disable int    `json:"disable"`
	Remark  string `json:"remark"`
}

func list(t *testing.T, c *apptest.Client, query string) apptest.List[row] {
	t.Helper()
	var l apptest.List[row]
	c.Do("GET", "/api/employee/list?"+query, nil).Want(200).Decode(&l)
	return l
}

func add(t *testing.T, c *apptest.Client, number, name, mobile string) row {
	t.Helper()
	var r row
	c.Do("POST", "/api/employee/add", map[string]any{"number": number, "name": name, "mobile": mobile}).Want(200).Decode(&r)
	return r
}

func TestEmployeeScenarios(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	admin := e.Admin()
	var next struct{ Number string }
	admin.Do("GET", "/api/employee/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "ZY0001" {
		t.Fatalf("first number %q", next.Number)
	}
	zhang := add(t, admin, "ZY0001", "张三", "13800000001")
	if zhang.ID == 0 || zhang.Disable != 0 || zhang.Mobile != "13800000001" {
		t.Fatalf("added %+v", zhang)
	}
	admin.Do("GET", "/api/employee/nextNumber", nil).Want(200).Decode(&next)
	if next.Number != "ZY0002" {
		t.Fatalf("next number %q", next.Number)
	}
	li := add(t, admin, "ZY0002", "李四", "13900000002")
	add(t, admin, "ZY0003", "王五", "")
	id := fmt.Sprint(zhang.ID)
	reader := e.UserWith("settings:employee:query")
	body := func(kv ...any) map[string]any {
		m := map[string]any{"number": "ZY0100", "name": "赵六"}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	apptest.Run(t, []apptest.Step{
		{Name: "add: missing number", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("number", " "), Status: 400, Msg: "职员编号不能为空", Field: "number"},
		{Name: "add: missing name, en", As: admin, Lang: "en", Method: "POST", Path: "/api/employee/add", Body: body("name", ""), Status: 400, Msg: "Staff name is required", Field: "name"},
		{Name: "add: oversize number", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("number", strings.Repeat("1", 33)), Status: 400, Field: "number"},
		{Name: "add: oversize name", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("name", strings.Repeat("名", 101)), Status: 400, Field: "name"},
		{Name: "add: oversize mobile", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("mobile", strings.Repeat("1", 31)), Status: 400, Field: "mobile"},
		{Name: "add: oversize remark", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("remark", strings.Repeat("r", 501)), Status: 400, Field: "remark"},
		{Name: "add: duplicate number", As: admin, Method: "POST", Path: "/api/employee/add", Body: body("number", "ZY0001"), Status: 409, Msg: "职员编号“ZY0001”已存在", Field: "number"},
		{Name: "add: malformed JSON", As: admin, Method: "POST", Path: "/api/employee/add", Body: `{"number":`, Status: 400},
		{Name: "add: wrong type", As: admin, Method: "POST", Path: "/api/employee/add", Body: `{"number":"X","name":"x","mobile":5}`, Status: 400, Field: "mobile"},
		{Name: "add: no permission", As: reader, Method: "POST", Path: "/api/employee/add", Body: body(), Status: 403},
		{Name: "add: form-urlencoded postData", As: admin, Method: "POST", Path: "/api/employee/add", Body: apptest.Raw{ContentType: "application/x-www-form-urlencoded", Text: "postData=" + `%7B%22number%22%3A%22ZY0009%22%2C%22name%22%3A%22%E9%92%B1%E4%B9%9D%22%2C%22id%22%3A999%7D`}, Status: 200, BodyHas: `"number":"ZY0009"`},
		{Name: "nextNumber: no permission", As: reader, Method: "GET", Path: "/api/employee/nextNumber", Status: 403},
		{Name: "get", As: reader, Method: "GET", Path: "/api/employee/get_update?id=" + id, Status: 200, BodyHas: `"name":"张三"`},
		{Name: "get: unknown", As: admin, Method: "GET", Path: "/api/employee/get_update?id=999999", Status: 404, Msg: "职员不存在或已被删除"},
		{Name: "get: bad id", As: admin, Method: "GET", Path: "/api/employee/get_update?id=x", Status: 400},
		{Name: "update", As: admin, Method: "POST", Path: "/api/employee/update", Body: map[string]any{"id": zhang.ID, "number": "ZY0001", "name": "张三丰", "mobile": "13800000009", "remark": "老员工"}, Status: 200, BodyHas: `"name":"张三丰"`},
		{Name: "update: duplicate number", As: admin, Method: "POST", Path: "/api/employee/update", Body: map[string]any{"id": zhang.ID, "number": "ZY0002", "name": "张三丰"}, Status: 409, Field: "number"},
		{Name: "update: missing id", As: admin, Method: "POST", Path: "/api/employee/update", Body: body(), Status: 400, Field: "id"},
		{Name: "update: unknown", As: admin, Method: "POST", Path: "/api/employee/update", Body: body("id", 999999), Status: 404},
		{Name: "update: no permission", As: reader, Method: "POST", Path: "/api/employee/update", Body: body("id", zhang.ID), Status: 403},
		{Name: "disable: bad flag", As: admin, Method: "POST", Path: "/api/employee/disable?id=" + id + "&disable=2", Status: 400, Field: "disable"},
		{Name: "disable: no permission", As: reader, Method: "POST", Path: "/api/employee/disable?id=" + id, Status: 403},
		{Name: "disable", As: admin, Method: "POST", Path: fmt.Sprintf("/api/employee/disable?id=%d,999999&disable=1", li.ID), Status: 200, BodyHas: `"ok":true`},
		{Name: "list: bad sidx", As: admin, Method: "GET", Path: "/api/employee/list?sidx=password", Status: 400, Field: "sidx"},
		{Name: "list: bad disable", As: admin, Method: "GET", Path: "/api/employee/list?disable=x", Status: 400},
		{Name: "list: too many rows", As: admin, Method: "GET", Path: "/api/employee/list?rows=10001", Status: 400, Field: "rows"},
		{Name: "list: no permission", As: e.UserWith("settings:customer:query"), Method: "GET", Path: "/api/employee/list", Status: 403},
		{Name: "delete: no permission", As: reader, Method: "DELETE", Path: "/api/employee/delete?id=" + id, Status: 403},
		{Name: "delete: no ids", As: admin, Method: "DELETE", Path: "/api/employee/delete", Status: 400},
	})

	if got := e.Text("SELECT name FROM employees WHERE id = ?", zhang.ID); got != "张三丰" {
		t.Fatalf("bad input changed the record: %q", got)
	}
	if n := e.Count("SELECT COUNT(*) FROM employees"); n != 4 {
		t.Fatalf("%d employees after the bad adds", n)
	}
	if e.Count("SELECT COUNT(*) FROM employees WHERE id = 999") != 0 {
		t.Fatal("the client chose the id")
	}
	// Search by pinyin initials, full pinyin, mobile; the update refreshed the search text.
	for q, want := range map[string]string{"zsf": "张三丰", "zhangsanfeng": "张三丰", "1390000": "李四", "ZY0003": "王五"} {
		if l := list(t, admin, "matchCon="+q); l.Records != 1 || l.Rows[0].Name != want {
			t.Errorf("matchCon=%s: %+v", q, l)
		}
	}
	// Disabled staff: in the full list, flagged; not in the pickers' list.
	all := list(t, admin, "")
	if all.Records != 4 || all.Rows[0].Number != "ZY0001" || all.Rows[1].Disable != 1 {
		t.Fatalf("all %+v", all)
	}
	if l := list(t, admin, "disable=0"); l.Records != 3 {
		t.Fatalf("enabled %+v", l)
	}
	// Paging and sorting.
	p2 := list(t, admin, "rows=2&page=2&sidx=number&sord=desc")
	if p2.Page != 2 || p2.Total != 2 || p2.Records != 4 || len(p2.Rows) != 2 || p2.Rows[0].Number != "ZY0002" || p2.Rows[1].Number != "ZY0001" {
		t.Fatalf("page 2 %+v", p2)
	}
	// Enable again.
	admin.Do("POST", fmt.Sprintf("/api/employee/disable?id=%d&disable=0", li.ID), nil).Want(200)
	if l := list(t, admin, "disable=0"); l.Records != 4 {
		t.Fatalf("enabled again %+v", l)
	}
	// Delete one, and an unknown id: per-id answers.
	var res []apptest.Batch
	admin.Do("DELETE", fmt.Sprintf("/api/employee/delete?id=%d,999999", li.ID), nil).Want(200).Decode(&res)
	if len(res) != 2 || !res[0].OK || res[1].OK || res[1].Msg != "职员不存在或已被删除" {
		t.Fatalf("delete %+v", res)
	}
	if e.Count("SELECT COUNT(*) FROM employees WHERE id = ?", li.ID) != 0 {
		t.Fatal("not deleted")
	}
}
