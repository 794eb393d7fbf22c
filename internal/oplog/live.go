package oplog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/server"
)

// Live updates: what somebody else changes reaches the open screens of
// everyone concerned without a reload. Every logged write (documents,
// master data, notices, settings) is a row of the operation log, written
// right after its answer; each app node reads the new rows once a second
// while somebody listens, and streams them as server-sent events to its
// listeners (GET /api/live). Several nodes on one PostgreSQL read the same
// table, so a change made through one node reaches the screens connected
// to another; nothing extra is written on the write path.
//
// An event names the module (the route's tag: a document kind such as
// "sales", "contact", "notice") and the action (its log key), never ids or
// contents: the screen refetches what it shows, through its own rights.
// Changes of shop-scoped modules (documents) reach only listeners in that
// shop; master data and settings are shared by every shop.

// Event is one change as listeners receive it.
type Event struct {
	ID     int64  `json:"id"`
	Module string `json:"module"`
	Action string `json:"action"`
	UserID int64  `json:"userId"` // who made it (0: unknown)
	shopID int64
}

// Feed reads the operation log for new writes and fans them out.
type Feed struct {
	db   *db.DB
	auth server.Authenticator
	// shopScoped tells the modules whose changes concern one shop.
	shopScoped func(module string) bool
	// Every is how often the log is read while somebody listens.
	Every time.Duration
	// Life is a stream's longest life: the client reconnects with its
	// current token (the server's write timeout must exceed it).
	Life time.Duration
	// Check is how often a stream's token is checked (sign-out, disabled
	// user, expired token end the stream).
	Check time.Duration

	mu      sync.Mutex
	subs    map[*listener]struct{}
	running bool
	closed  bool
	last    int64          // the highest id read
	seen    map[int64]bool // ids read above last-window (PostgreSQL ids may commit out of order)
}

// window is how far below the highest id read the feed reads again: an id
// taken earlier may commit later on PostgreSQL.
const window = 200

type listener struct {
	ch     chan Event
	shopID int64
	root   bool
	lost   bool // events were dropped (a slow reader): it gets one "*" event
}

// NewFeed makes the feed; shopScoped may be nil (nothing is shop-scoped).
func NewFeed(d *db.DB, auth server.Authenticator, shopScoped func(module string) bool) *Feed {
	if shopScoped == nil {
		shopScoped = func(string) bool { return false }
	}
	return &Feed{db: d, auth: auth, shopScoped: shopScoped, Every: time.Second, Life: 4 * time.Minute, Check: 30 * time.Second,
		subs: map[*listener]struct{}{}, seen: map[int64]bool{}}
}

// LiveRoutes is the live-update stream.
func LiveRoutes(f *Feed) []server.Route {
	return []server.Route{
		{Method: "GET", Path: "/api/live", Tag: "live", H: f.serve},
	}
}

// Close ends every stream (the server is shutting down).
func (f *Feed) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	for l := range f.subs {
		close(l.ch)
		delete(f.subs, l)
	}
}

func (f *Feed) subscribe(p *server.Principal) (*listener, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.closed {
		return nil, false
	}
	l := &listener{ch: make(chan Event, 64), shopID: p.ShopID, root: p.IsRoot()}
	f.subs[l] = struct{}{}
	if !f.running {
		f.running = true
		go f.run()
	}
	return l, true
}

func (f *Feed) unsubscribe(l *listener) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.subs[l]; ok {
		delete(f.subs, l)
		close(l.ch)
	}
}

// run reads the log while somebody listens; it starts from the newest row
// (a new listener gets no history) and stops when the last listener goes.
func (f *Feed) run() {
	ctx := context.Background()
	if err := f.start(ctx); err != nil {
		slog.Default().Error("live updates: read the operation log", "err", err)
	}
	t := time.NewTicker(f.Every)
	defer t.Stop()
	for range t.C {
		f.mu.Lock()
		if len(f.subs) == 0 || f.closed {
			f.running = false
			f.mu.Unlock()
			return
		}
		f.mu.Unlock()
		evs, err := f.read(ctx)
		if err != nil {
			slog.Default().Error("live updates: read the operation log", "err", err)
			continue
		}
		f.fan(evs)
	}
}

func (f *Feed) start(ctx context.Context) error {
	var last int64
	err := f.db.QueryRow(ctx, "SELECT COALESCE(MAX(id), 0) FROM sys_logs").Scan(&last)
	f.mu.Lock()
	defer f.mu.Unlock()
	if err == nil && last > f.last {
		f.last = last
		clear(f.seen)
	}
	return err
}

// read returns the successful writes logged since the last read.
func (f *Feed) read(ctx context.Context) ([]Event, error) {
	f.mu.Lock()
	from := max(f.last-window, 0)
	f.mu.Unlock()
	evs, err := db.All(ctx, f.db, func(rs *sql.Rows, e *Event) error {
		return rs.Scan(&e.ID, &e.Module, &e.Action, &e.UserID, &e.shopID)
	}, `SELECT id, module, action, COALESCE(user_id, 0), COALESCE(shop_id, 0) FROM sys_logs
		WHERE id > ? AND status < 400 AND request_method <> 'GET' ORDER BY id LIMIT 1000`, from)
	if err != nil {
		return nil, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	out := evs[:0]
	for _, e := range evs {
		if e.ID <= f.last-window || f.seen[e.ID] {
			continue
		}
		f.seen[e.ID] = true
		f.last = max(f.last, e.ID)
		out = append(out, e)
	}
	for id := range f.seen {
		if id <= f.last-window {
			delete(f.seen, id)
		}
	}
	return out, nil
}

func (f *Feed) fan(evs []Event) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range evs {
		scoped := f.shopScoped(e.Module)
		for l := range f.subs {
			if scoped && !l.root && e.shopID != l.shopID {
				continue
			}
			select {
			case l.ch <- e:
			default:
				l.lost = true
			}
		}
	}
	for l := range f.subs {
		if l.lost {
			select {
			case l.ch <- Event{Module: "*"}:
				l.lost = false
			default:
			}
		}
	}
}

// serve streams the events until the client goes, the stream's life ends,
// the server shuts down or the caller's session ends.
func (f *Feed) serve(c *server.Ctx) (any, error) {
	token := strings.TrimSpace(strings.TrimPrefix(c.R.Header.Get("Authorization"), "Bearer "))
	l, ok := f.subscribe(c.User)
	if !ok {
		return nil, fmt.Errorf("live updates: the server is shutting down")
	}
	defer f.unsubscribe(l)
	w := c.W
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	rc := http.NewResponseController(w)
	_ = rc.SetWriteDeadline(time.Now().Add(f.Life + time.Minute))
	w.WriteHeader(http.StatusOK)
	fmt.Fprint(w, "retry: 3000\n: live\n\n")
	_ = rc.Flush()
	end := time.NewTimer(f.Life)
	defer end.Stop()
	check := time.NewTicker(f.Check)
	defer check.Stop()
	for {
		select {
		case <-c.R.Context().Done():
			return server.Streamed{}, nil
		case <-end.C:
			fmt.Fprint(w, "event: end\ndata: {\"reason\":\"renew\"}\n\n")
			_ = rc.Flush()
			return server.Streamed{}, nil
		case e, open := <-l.ch:
			if !open {
				return server.Streamed{}, nil
			}
			b, _ := json.Marshal(e)
			if _, err := fmt.Fprintf(w, "event: change\ndata: %s\n\n", b); err != nil {
				return server.Streamed{}, nil
			}
			_ = rc.Flush()
		case <-check.C:
			if _, err := f.auth.Authenticate(c.Context(), token); err != nil {
				fmt.Fprint(w, "event: end\ndata: {\"reason\":\"session\"}\n\n")
				_ = rc.Flush()
				return server.Streamed{}, nil
			}
			fmt.Fprint(w, ": beat\n\n")
			_ = rc.Flush()
		}
	}
}
