package apptest

import (
	"net/url"
	"strings"
	"testing"
)

// Raw is a Step body sent as it is, with its own content type: malformed
// JSON, a form already encoded, or a content type the server refuses.
type Raw struct{ ContentType, Text string }

// Step is one line of an HTTP scenario table: who sends which request, and
// what the answer must show. Only the checks that are set are made.
type Step struct {
	Name   string
	As     *Client // the caller
	Lang   string  // Accept-Language for this step only; "" = zh-CN
	Method string
	Path   string
	// Body is nil (no body), a string (JSON text), Raw (any content type),
	// url.Values (form-urlencoded), or any other value (encoded as JSON).
	Body any

	Status  int    // the HTTP status, always checked
	Code    string // the envelope's code, exactly
	Msg     string // the envelope's message, exactly
	MsgHas  string // a fragment of the envelope's message
	Field   string // a field that must carry an error
	BodyHas string // a fragment of the raw answer body
}

// Run runs each step as a subtest named by its Name, in order (later steps
// may depend on what earlier ones wrote).
func Run(t *testing.T, steps []Step) {
	t.Helper()
	for _, s := range steps {
		t.Run(s.Name, func(t *testing.T) {
			t.Helper()
			s.run(t)
		})
	}
}

func (s Step) run(t *testing.T) {
	t.Helper()
	c := s.As
	if c == nil {
		t.Fatal("step without a client (As)")
	}
	defer func(lang string) { c.Lang = lang }(c.Lang)
	c.Lang = s.Lang
	var r *Response
	switch b := s.Body.(type) {
	case Raw:
		r = c.Raw(s.Method, s.Path, b.ContentType, strings.NewReader(b.Text))
	case url.Values:
		r = c.Form(s.Method, s.Path, b)
	default:
		r = c.Do(s.Method, s.Path, s.Body)
	}
	if r.Status != s.Status {
		t.Fatalf("status %d, want %d: %s", r.Status, s.Status, r.Body)
	}
	if s.Code != "" && r.Env.Code != s.Code {
		t.Errorf("code %q, want %q", r.Env.Code, s.Code)
	}
	if s.Msg != "" && r.Env.Msg != s.Msg {
		t.Errorf("msg %q, want %q", r.Env.Msg, s.Msg)
	}
	if s.MsgHas != "" && !strings.Contains(r.Env.Msg, s.MsgHas) {
		t.Errorf("msg %q, want it to hold %q", r.Env.Msg, s.MsgHas)
	}
	if s.Field != "" && r.Env.Errors[s.Field] == "" {
		t.Errorf("no error for field %s: %s", s.Field, r.Body)
	}
	if s.BodyHas != "" && !strings.Contains(string(r.Body), s.BodyHas) {
		t.Errorf("body lacks %s: %s", s.BodyHas, r.Body)
	}
}
