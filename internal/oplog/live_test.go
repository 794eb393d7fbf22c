package oplog_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/oplog"
)

// stream is one open GET /api/live: its events as they arrive.
type stream struct {
	events chan oplog.Event
	ended  chan string // the reason of an `end` event, or "" when the stream closed
}

func listen(t *testing.T, url, token string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, "GET", url+"/api/live", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("live: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	s := &stream{events: make(chan oplog.Event, 100), ended: make(chan string, 1)}
	go func() {
		defer res.Body.Close()
		sc := bufio.NewScanner(res.Body)
		event := ""
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				event = strings.TrimPrefix(line, "event: ")
			case strings.HasPrefix(line, "data: ") && event == "change":
				var e oplog.Event
				if json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &e) == nil {
					s.events <- e
				}
			case strings.HasPrefix(line, "data: ") && event == "end":
				var r struct{ Reason string }
				json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &r)
				s.ended <- r.Reason
				return
			}
		}
		s.ended <- ""
	}()
	return s
}

// next waits for the next change of module (others are skipped); ok false
// when none came within d.
func (s *stream) next(module string, d time.Duration) (oplog.Event, bool) {
	end := time.After(d)
	for {
		select {
		case e := <-s.events:
			if e.Module == module {
				return e, true
			}
		case <-end:
			return oplog.Event{}, false
		}
	}
}

func fast(e *apptest.Env) {
	e.App.Live.Every = 50 * time.Millisecond
	e.App.Live.Check = 200 * time.Millisecond
}

// A change made through one app node reaches a screen listening on another
// node of the same database: a new customer (shared data) reaches every
// shop, a sales order only the listeners of its shop; signing out ends the stream.
func TestLiveUpdatesAcrossNodes(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	node := e.Node()
	fast(e)
	fast(node)
	srv := httptest.NewServer(node.App.Handler())
	t.Cleanup(srv.Close)

	admin := e.Admin()
	b := e.AddBasics()
	clerk := e.UserWith("sales:sales:query")
	now := time.Now().UTC()
	shopB := e.Insert("INSERT INTO shops (code, name, created_at, updated_at) VALUES ('S002', '乙店', ?, ?) RETURNING id", now, now)
	other := e.UserWith("sales:sales:query")
	e.Exec("INSERT INTO user_shops (user_id, shop_id) SELECT id, ? FROM users WHERE username = ?", shopB, other.Username)
	other.Do("POST", "/api/home/switchShop", map[string]any{"shopId": shopB}).Want(200)

	here := listen(t, srv.URL, clerk.Token)
	there := listen(t, srv.URL, other.Token)
	time.Sleep(200 * time.Millisecond) // the feed has read where the log stands

	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "KH100", "name": "新客户"}).Want(200)
	for name, s := range map[string]*stream{"same shop": here, "other shop": there} {
		ev, ok := s.next("contact", 5*time.Second)
		if !ok || ev.Action != "log.contact.add" || ev.UserID != e.UserID("admin") {
			t.Fatalf("%s: no contact event (%+v)", name, ev)
		}
	}

	admin.Do("POST", "/api/salesOrder/add", b.Doc(b.Customer, "2025-03-01", "1", "1")).Want(200)
	if _, ok := here.next("salesOrder", 5*time.Second); !ok {
		t.Fatal("the sales order did not reach its shop's listener")
	}
	if ev, ok := there.next("salesOrder", time.Second); ok {
		t.Fatalf("a sales order of the main shop reached another shop's listener: %+v", ev)
	}
	// A refused write is no change.
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "", "name": ""}).Want(400)
	if ev, ok := here.next("contact", time.Second); ok {
		t.Fatalf("a refused write was sent: %+v", ev)
	}

	clerk.Do("DELETE", "/api/auth/logout", nil).Want(200)
	select {
	case reason := <-here.ended:
		if reason != "session" {
			t.Fatalf("stream ended with %q after sign-out", reason)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the stream outlived the session")
	}
}

// Without a token there is no stream.
func TestLiveNeedsSignIn(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	e.Anonymous().Do("GET", "/api/live", nil).Want(401)
}
