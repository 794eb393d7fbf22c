package bill_test

import (
	"encoding/json"
	"log/slog"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"cangshu/internal/bill"
	"cangshu/internal/server"
)

var fieldPath = regexp.MustCompile(`^[A-Za-z_]+(\[\d+\])*(\.[A-Za-z_]+(\[\d+\])*)*$`)

// FuzzDocumentDecode: a document body goes through the decoding edge and
// the decoder into bill.Input; whatever the bytes, the answer is 200 or a
// 400/413 (never a panic or a 500), and every field error names a
// well-formed path (entries[0].qty).
func FuzzDocumentDecode(f *testing.F) {
	for _, s := range []string{
		`{}`, `{"date":"2025-07-01","buId":1,"entries":[{"invId":1,"qty":2,"price":"3.5"}]}`,
		`{"entries":[{"qty":1},{"qty":"many"}]}`, `{"entries":[{"serNumList":[{"serNum":"a\u0000"}]}]}`,
		`{"disAmount":1e400}`, `{"accounts":[{"payment":-1,"accId":"x"}]}`, `[`, `{"entries":"x"}`, `null`,
		`{"entries":[{"taxRate":null,"qty":"1e-7"}]}`, `{"id":9223372036854775808}`, "{\"description\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	s, err := server.New(server.Options{Logger: slog.New(slog.DiscardHandler), MaxBodyBytes: 1 << 20}, []server.Route{
		{Method: "POST", Path: "/api/doc", Public: true, Tag: "t", H: server.In(func(c *server.Ctx, in bill.Input) (any, error) { return len(in.Entries), nil })},
	})
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest("POST", "/api/doc", strings.NewReader(string(body)))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		switch rec.Code {
		case 200, 400, 413:
		default:
			t.Fatalf("%q: %d %s", body, rec.Code, rec.Body)
		}
		var env struct {
			Errors map[string]string `json:"errors"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
			t.Fatalf("%q: answer is not JSON: %s", body, rec.Body)
		}
		for p := range env.Errors {
			if !fieldPath.MatchString(p) && p != "body" && p != "query" && p != "path" {
				t.Fatalf("%q: field path %q", body, p)
			}
		}
	})
}
