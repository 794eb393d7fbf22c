package oplog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/rights"
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
//
// Data rights (docs/rights.md): a listener whose data rights limit the
// records of a change's module (Limits) gets the change's details only
// when it may see every record the write named (its log entry's refs,
// checked by Visible: for documents the document queries' condition);
// otherwise the event is bare — the module alone, no log id, action or
// maker — so its screens still refetch, through its rights, what they show.

// Event is one change as listeners receive it.
type Event struct {
	ID     int64  `json:"id"`
	Module string `json:"module"`
	Action string `json:"action"`
	UserID int64  `json:"userId"` // who made it (0: unknown)
	shopID int64
	refs   []int64 // the records it concerned (documents' ids; nil: not named)
}

// bare is e without what identifies the change: what a listener that may
// not see its records gets.
func (e Event) bare() Event { return Event{Module: e.Module} }

// maxRefs is the most record ids a log entry keeps; a write naming more
// keeps none (its event is bare to listeners limited by data rights).
const maxRefs = 100

func joinRefs(ids []int64) string {
	if len(ids) > maxRefs {
		return ""
	}
	parts := make([]string, len(ids))
	for i, id := range ids {
		parts[i] = strconv.FormatInt(id, 10)
	}
	return strings.Join(parts, ",")
}

func parseRefs(s string) []int64 {
	var out []int64
	for _, p := range strings.Split(s, ",") {
		if id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64); err == nil && id > 0 && !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out
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
	// user, expired token end the stream; changed data rights apply).
	Check time.Duration
	// Limits tells whether data rights r (limited) may hide records of
	// module's changes (documents, warehouses, contacts …); nil: none.
	Limits func(module string, r *rights.Set) bool
	// Visible answers which of ids, records of module, a caller of data
	// rights r may see; nil, or a module it does not know: none.
	Visible func(ctx context.Context, module string, r *rights.Set, ids []int64) (map[int64]bool, error)

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
	rights *rights.Set // its data rights (nil: unrestricted)
	lost   bool        // events were dropped (a slow reader): it gets one "*" event
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
	l := &listener{ch: make(chan Event, 64), shopID: p.ShopID, root: p.IsRoot(), rights: limited(p)}
	f.subs[l] = struct{}{}
	if !f.running {
		f.running = true
		go f.run()
	}
	return l, true
}

// limited is p's data rights when they limit anything (ROOT: never).
func limited(p *server.Principal) *rights.Set {
	if p == nil || p.IsRoot() || !p.Rights.Limited() {
		return nil
	}
	return p.Rights
}

// renew applies p's current data rights to l (checked with its token).
func (f *Feed) renew(l *listener, p *server.Principal) {
	f.mu.Lock()
	defer f.mu.Unlock()
	l.rights = limited(p)
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
		f.fan(evs, f.visible(ctx, evs))
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
		var refs string
		err := rs.Scan(&e.ID, &e.Module, &e.Action, &e.UserID, &e.shopID, &refs)
		e.refs = parseRefs(refs)
		return err
	}, `SELECT id, module, action, COALESCE(user_id, 0), COALESCE(shop_id, 0), refs FROM sys_logs
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

// shown are, per data rights of the listeners (by key), the events whose
// every record they may see.
type shown map[string]map[int64]bool

// rightsKey identifies data rights: listeners with equal rights share one
// check (the user counts only with own documents only).
func rightsKey(r *rights.Set) string {
	c := *r
	if !c.OwnOnly {
		c.UserID = 0
	}
	return fmt.Sprint(c)
}

// visible checks, once per distinct data rights of the listeners and per
// module, which events' records those rights let be seen. A failed check
// shows nothing (the events go out bare).
func (f *Feed) visible(ctx context.Context, evs []Event) shown {
	if f.Limits == nil || f.Visible == nil {
		return nil
	}
	f.mu.Lock()
	sets := map[string]*rights.Set{}
	for l := range f.subs {
		if l.rights != nil {
			sets[rightsKey(l.rights)] = l.rights
		}
	}
	f.mu.Unlock()
	out := shown{}
	for key, r := range sets {
		ids := map[string][]int64{} // per module
		for _, e := range evs {
			if len(e.refs) > 0 && f.Limits(e.Module, r) {
				ids[e.Module] = append(ids[e.Module], e.refs...)
			}
		}
		seen := map[int64]bool{}
		for module, list := range ids {
			ok, err := f.Visible(ctx, module, r, list)
			if err != nil {
				slog.Default().Error("live updates: check data rights", "module", module, "err", err)
				continue
			}
			for _, e := range evs {
				if e.Module != module {
					continue
				}
				all := true
				for _, id := range e.refs {
					all = all && ok[id]
				}
				seen[e.ID] = all
			}
		}
		out[key] = seen
	}
	return out
}

// as is e as listener l may receive it: bare when l's data rights may hide
// the records of e's module and the check did not find them all visible.
func (f *Feed) as(l *listener, e Event, s shown) Event {
	if l.rights == nil || f.Limits == nil || !f.Limits(e.Module, l.rights) {
		return e
	}
	if s[rightsKey(l.rights)][e.ID] {
		return e
	}
	return e.bare()
}

func (f *Feed) fan(evs []Event, s shown) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, e := range evs {
		scoped := f.shopScoped(e.Module)
		for l := range f.subs {
			if scoped && !l.root && e.shopID != l.shopID {
				continue
			}
			select {
			case l.ch <- f.as(l, e, s):
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
			p, err := f.auth.Authenticate(c.Context(), token)
			if err != nil {
				fmt.Fprint(w, "event: end\ndata: {\"reason\":\"session\"}\n\n")
				_ = rc.Flush()
				return server.Streamed{}, nil
			}
			f.renew(l, p)
			fmt.Fprint(w, ": beat\n\n")
			_ = rc.Flush()
		}
	}
}
