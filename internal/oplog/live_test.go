package oplog_test

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"cangshu/internal/apptest"
	"cangshu/internal/oplog"
)

// stream is one open GET /api/live: its events as they arrive.
type stream struct {
	events chan oplog.Event
	raw    chan string // the data of every change event, as sent
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
	s := &stream{events: make(chan oplog.Event, 100), raw: make(chan string, 100), ended: make(chan string, 1)}
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
				data := strings.TrimPrefix(line, "data: ")
				if json.Unmarshal([]byte(data), &e) == nil {
					s.events <- e
					select {
					case s.raw <- data:
					default:
					}
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

// A user limited by data rights to one warehouse and one customer learns
// nothing of a document it may not see from the live stream: the event of
// a sales order of another customer, or in another warehouse, is a bare
// "sales orders changed" (no log id, action or maker), so its open lists
// still refresh; a document it may see comes with its action and maker.
// Listeners on the node written through and on another node alike; a
// listener without data rights keeps every detail. No event carries a
// document's number, contact, warehouse or a figure. A change of a
// customer reaches it bare as well.
func TestLiveHidesDocumentsDataRightsHide(t *testing.T) {
	t.Parallel()
	e := apptest.New(t)
	node := e.Node()
	fast(e)
	fast(node)
	here := httptest.NewServer(e.App.Handler())
	t.Cleanup(here.Close)
	there := httptest.NewServer(node.App.Handler())
	t.Cleanup(there.Close)

	admin := e.Admin()
	b := e.AddBasics()
	now := time.Now().UTC()
	loc2 := e.Insert("INSERT INTO locations (number, name, created_at, updated_at) VALUES ('CKHID9', '隐仓甲', ?, ?) RETURNING id", now, now)
	e.Exec("INSERT INTO shop_locations (shop_id, location_id) VALUES (?, ?)", e.MainShop(), loc2)
	customer2 := e.Insert("INSERT INTO contacts (type, number, name, search, created_at, updated_at) VALUES (-10, 'KHHID7', '隐客丙', 'ykb', ?, ?) RETURNING id", now, now)
	limited := e.UserWith("sales:salesOrder:query")
	admin.Do("POST", "/api/dataRights", map[string]any{"roleId": e.RoleOf(limited),
		"allWarehouses": false, "warehouseIds": []int64{b.Location},
		"allCustomers": false, "customerIds": []int64{b.Customer}, "allSuppliers": true}).Want(200)
	open := e.UserWith("sales:salesOrder:query")

	streams := map[string]*stream{"limited, same node": listen(t, here.URL, limited.Token),
		"limited, other node": listen(t, there.URL, limited.Token)}
	full := listen(t, there.URL, open.Token)
	time.Sleep(300 * time.Millisecond) // the feeds have read where the log stands

	type saved struct {
		ID     int64  `json:"id"`
		BillNo string `json:"billNo"`
	}
	var hidden, hiddenLoc, shown saved
	admin.Do("POST", "/api/salesOrder/add", b.Doc(customer2, "2025-03-01", "1", "7341.19")).Want(200).Decode(&hidden)
	other := b.Doc(b.Customer, "2025-03-01", "1", "7341.19")
	other["locationId"] = loc2
	other["entries"].([]map[string]any)[0]["locationId"] = loc2
	admin.Do("POST", "/api/salesOrder/add", other).Want(200).Decode(&hiddenLoc)
	admin.Do("POST", "/api/salesOrder/check?id="+strconv.FormatInt(hidden.ID, 10), nil).Want(200)
	admin.Do("POST", "/api/salesOrder/add", b.Doc(b.Customer, "2025-03-01", "1", "7341.19")).Want(200).Decode(&shown)
	admin.Do("POST", "/api/contact/add", map[string]any{"type": -10, "number": "KH100", "name": "新客户"}).Want(200)
	adminID := e.UserID("admin")
	bare := oplog.Event{Module: "salesOrder"}
	secrets := []string{hidden.BillNo, hiddenLoc.BillNo, "隐客丙", "KHHID7", "隐仓甲", "7341.19", `"buId"`, `"locationId"`}
	for name, s := range streams {
		for i, want := range []oplog.Event{bare, bare, bare, {Module: "salesOrder", Action: "log.salesOrder.add", UserID: adminID}} {
			ev, ok := s.next("salesOrder", 5*time.Second)
			if !ok {
				t.Fatalf("%s: event %d did not come: the open lists would not refresh", name, i)
			}
			if want.Action != "" {
				if ev.Action != want.Action || ev.UserID != want.UserID || ev.ID == 0 {
					t.Errorf("%s: event %d of a document it may see = %+v, want its action and maker", name, i, ev)
				}
			} else if ev.ID != 0 || ev.Module != want.Module || ev.Action != "" || ev.UserID != 0 {
				t.Errorf("%s: event %d of a document it may not see = %+v, want a bare %+v", name, i, ev, want)
			}
		}
		// A change of a customer: the list refreshes, who changed which is not said.
		if ev, ok := s.next("contact", 5*time.Second); !ok || ev.ID != 0 || ev.Action != "" || ev.UserID != 0 {
			t.Errorf("%s: contact event = %+v (%v), want a bare one", name, ev, ok)
		}
		close(s.raw)
		for data := range s.raw {
			for _, w := range secrets {
				if strings.Contains(data, w) {
					t.Errorf("%s: an event names %s: %s", name, w, data)
				}
			}
			var m map[string]any
			json.Unmarshal([]byte(data), &m)
			for k := range m {
				if k != "id" && k != "module" && k != "action" && k != "userId" {
					t.Errorf("%s: an event carries %s: %s", name, k, data)
				}
			}
		}
	}
	for i := 0; i < 4; i++ {
		ev, ok := full.next("salesOrder", 5*time.Second)
		if !ok || ev.Action == "" || ev.UserID != adminID {
			t.Fatalf("without data rights: event %d = %+v (%v), want every detail", i, ev, ok)
		}
	}
	if ev, ok := full.next("contact", 5*time.Second); !ok || ev.Action != "log.contact.add" {
		t.Fatalf("without data rights: contact event = %+v (%v)", ev, ok)
	}
}
