package server

import (
	"fmt"
	"testing"

	"cangshu/internal/errs"
)

// newAdapterServer serves one route per adapter; every handler reports what
// it received, and calls counts how often a service function ran.
func newAdapterServer(t *testing.T) (*Server, *int) {
	calls := new(int)
	routes := []Route{
		{Method: "POST", Path: "/api/in", Tag: "t", H: In(func(c *Ctx, in input) (any, error) {
			*calls++
			return in.Name, nil
		})},
		{Method: "GET", Path: "/api/id/{id}", Tag: "t", H: ID("id", func(c *Ctx, id int64) (any, error) {
			*calls++
			return id, nil
		})},
		{Method: "POST", Path: "/api/idin/{itemId}", Tag: "t", H: IDIn("itemId", func(c *Ctx, id int64, in input) (any, error) {
			*calls++
			return fmt.Sprintf("%d:%s", id, in.Name), nil
		})},
		{Method: "DELETE", Path: "/api/ids/{ids}", Tag: "t", H: IDs("ids", func(c *Ctx, ids []int64) (any, error) {
			*calls++
			return ids, nil
		})},
		{Method: "GET", Path: "/api/paged", Tag: "t", H: Paged(func(c *Ctx, p PageParams) (any, error) {
			*calls++
			return fmt.Sprintf("%d/%d/%d", p.PageNum, p.PageSize, p.Offset()), nil
		})},
		{Method: "POST", Path: "/api/done/{id}", Tag: "t", H: ID("id", func(c *Ctx, id int64) (any, error) {
			*calls++
			if id == 9 {
				return Done(errs.Conflict("err.inUse", errs.A("name", "x")))
			}
			return Done(nil)
		})},
	}
	s, err := New(Options{Auth: fakeAuth{}}, routes)
	if err != nil {
		t.Fatal(err)
	}
	return s, calls
}

func TestHandlerAdapters(t *testing.T) {
	tests := []struct {
		name, method, path, ct, body string
		status                       int
		data                         string // the answer's data, as JSON
		errField                     string // a field the error names
		called                       bool
	}{
		{"In binds JSON", "POST", "/api/in", "application/json", `{"name":"a"}`, 200, `"a"`, "", true},
		{"In binds a form", "POST", "/api/in", "application/x-www-form-urlencoded", "name=b", 200, `"b"`, "", true},
		{"In empty body", "POST", "/api/in", "", "", 200, `""`, "", true},
		{"In bad JSON", "POST", "/api/in", "application/json", `{"name":`, 400, "", "", false},
		{"In wrong field type", "POST", "/api/in", "application/json", `{"count":"x"}`, 400, "", "count", false},
		{"In wrong content type", "POST", "/api/in", "text/plain", "hi", 400, "", "", false},
		{"ID", "GET", "/api/id/42", "", "", 200, `42`, "", true},
		{"ID not a number", "GET", "/api/id/x", "", "", 400, "", "id", false},
		{"ID zero", "GET", "/api/id/0", "", "", 400, "", "id", false},
		{"ID negative", "GET", "/api/id/-3", "", "", 400, "", "id", false},
		{"IDIn", "POST", "/api/idin/7", "application/json", `{"name":"n"}`, 200, `"7:n"`, "", true},
		{"IDIn bad id", "POST", "/api/idin/x", "application/json", `{"name":"n"}`, 400, "", "itemId", false},
		{"IDIn bad id before bad body", "POST", "/api/idin/x", "application/json", `{"name":`, 400, "", "itemId", false},
		{"IDIn bad body", "POST", "/api/idin/7", "application/json", `{"name":`, 400, "", "", false},
		{"IDs", "DELETE", "/api/ids/3,4,5", "", "", 200, `[3,4,5]`, "", true},
		{"IDs one", "DELETE", "/api/ids/3", "", "", 200, `[3]`, "", true},
		{"IDs bad", "DELETE", "/api/ids/3,x", "", "", 400, "", "ids", false},
		{"IDs empty", "DELETE", "/api/ids/,", "", "", 400, "", "ids", false},
		{"Paged defaults", "GET", "/api/paged", "", "", 200, `"1/10/0"`, "", true},
		{"Paged", "GET", "/api/paged?pageNum=3&pageSize=20", "", "", 200, `"3/20/40"`, "", true},
		{"Paged bad size", "GET", "/api/paged?pageSize=5000", "", "", 400, "", "pageSize", false},
		{"Paged not a number", "GET", "/api/paged?pageNum=x", "", "", 400, "", "pageNum", false},
		{"Done nil", "POST", "/api/done/1", "", "", 200, ``, "", true},
		{"Done error", "POST", "/api/done/9", "", "", 409, "", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, calls := newAdapterServer(t)
			rec, a := call(s, tt.method, tt.path, "root", tt.ct, tt.body)
			if rec.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", rec.Code, tt.status, rec.Body)
			}
			if string(a.Data) != tt.data {
				t.Fatalf("data %s, want %s", a.Data, tt.data)
			}
			if tt.errField != "" && a.Errors[tt.errField] == "" {
				t.Fatalf("error names no %q: %s", tt.errField, rec.Body)
			}
			if got := *calls == 1; got != tt.called {
				t.Fatalf("service called %d times", *calls)
			}
		})
	}
}

// The adapters answer the same as the hand-written handlers they replace.
func TestHandlerAdaptersMatchHandWritten(t *testing.T) {
	hand := func(c *Ctx) (any, error) {
		if _, err := c.PathID("id"); err != nil {
			return nil, err
		}
		var in input
		if err := c.Bind(&in); err != nil {
			return nil, err
		}
		return nil, nil
	}
	adapted := IDIn("id", func(c *Ctx, id int64, in input) (any, error) { return Done(nil) })
	mk := func(h Handler) *Server {
		s, err := New(Options{Auth: fakeAuth{}}, []Route{{Method: "POST", Path: "/api/x/{id}", Tag: "t", H: h}})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a, b := mk(hand), mk(adapted)
	for _, req := range []struct{ path, ct, body string }{
		{"/api/x/1", "application/json", `{"name":"a"}`},
		{"/api/x/0", "application/json", `{"name":"a"}`},
		{"/api/x/q", "application/json", `{`},
		{"/api/x/2", "application/json", `{`},
		{"/api/x/2", "text/plain", `x`},
		{"/api/x/2", "application/json", `{"count":1.5}`},
	} {
		ra, aa := call(a, "POST", req.path, "root", req.ct, req.body, "Accept-Language", "en")
		rb, ab := call(b, "POST", req.path, "root", req.ct, req.body, "Accept-Language", "en")
		aa.RequestID, ab.RequestID = "", ""
		if ra.Code != rb.Code || fmt.Sprint(aa) != fmt.Sprint(ab) {
			t.Errorf("%s %s: hand-written %d %+v, adapter %d %+v", req.path, req.body, ra.Code, aa, rb.Code, ab)
		}
	}
}
