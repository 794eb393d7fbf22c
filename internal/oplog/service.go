package oplog

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
)

// Service writes and reads the operation log.
type Service struct {
	db  *db.DB
	Now func() time.Time // the clock; tests move it
	Loc *time.Location   // where days start and end; the server's zone
}

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d, Now: time.Now, Loc: time.Local} }

// WriteLog records one operation. It never fails the request: a failure is
// logged to the default logger.
func (s *Service) WriteLog(ctx context.Context, e server.LogEntry) {
	browser, os := ParseUserAgent(e.UserAgent)
	r := logRow{
		module: clean(e.Module, 50), action: clean(e.Action, 100), method: clean(e.Method, 10),
		uri: clean(e.URI, 1000), params: clean(e.Params, 4000), changes: clean(e.Changes, 4000), ip: clean(e.IP, 64),
		browser: browser, os: os, username: clean(e.Username, 64), refs: joinRefs(e.Refs),
		status: e.Status, elapsedMS: e.ElapsedMS,
		userID:    sql.NullInt64{Int64: e.UserID, Valid: e.UserID > 0},
		shopID:    sql.NullInt64{Int64: e.ShopID, Valid: e.ShopID > 0},
		createdAt: s.Now().UTC(),
	}
	// one statement is its own transaction: on PostgreSQL one round trip
	// instead of three (BEGIN, INSERT, COMMIT) after every logged request;
	// on SQLite it joins the writer's group commit as a transaction would
	err := insertLog(ctx, s.db, r)
	if err != nil {
		slog.Default().Error("write operation log", "action", e.Action, "uri", e.URI, "user", e.Username, "err", err)
	}
}

// shopScope is nil for administrators (every shop) and the active shop otherwise.
func shopScope(who *server.Principal) *int64 {
	if who.IsRoot() {
		return nil
	}
	id := who.ShopID
	return &id
}

// Page lists log entries, newest first, with the action and module in the
// caller's language. Callers who are not administrators see their active
// shop's entries only.
func (s *Service) Page(ctx context.Context, who *server.Principal, lang i18n.Lang, pq PageQuery) ([]Row, int, error) {
	pq.Keywords = strings.TrimSpace(pq.Keywords)
	pq.Module = strings.TrimSpace(pq.Module)
	pq.ShopID = shopScope(who)
	rows, total, err := pageLogs(ctx, s.db, pq)
	if err != nil {
		return nil, 0, err
	}
	out := make([]Row, len(rows))
	for i, r := range rows {
		out[i] = r.Row
		out[i].Content = i18n.T(lang, r.action)
		out[i].ModuleName = ModuleName(lang, r.Module)
		if !server.SeesAllMoney(who) {
			// Requests name prices and amounts of every kind: only a
			// caller holding every money right sees their values.
			out[i].Params, out[i].Changes = server.MaskMoney(out[i].Params), server.MaskMoney(out[i].Changes)
		}
	}
	return out, total, nil
}

// ModuleName is a route tag in a language: its catalogue entry, or the tag itself.
func ModuleName(lang i18n.Lang, tag string) string {
	key := "oplog.module." + tag
	if tag != "" && i18n.Has(key) {
		return i18n.T(lang, key)
	}
	return tag
}

// Trend counts visits per day from startDate to endDate (YYYY-MM-DD, inclusive).
func (s *Service) Trend(ctx context.Context, who *server.Principal, startDate, endDate string) (Trend, error) {
	days, err := DayRange(startDate, endDate, s.Loc)
	if err != nil {
		return Trend{}, err
	}
	t := Trend{Dates: []string{}, PvList: []int{}, UvList: []int{}, IPList: []int{}}
	shop := shopScope(who)
	for _, d := range days {
		c, err := countVisits(ctx, s.db, d, d.AddDate(0, 0, 1), shop)
		if err != nil {
			return Trend{}, err
		}
		t.Dates = append(t.Dates, d.Format(dateLayout))
		t.PvList = append(t.PvList, c.pv)
		t.UvList = append(t.UvList, c.uv)
		t.IPList = append(t.IPList, c.ip)
	}
	return t, nil
}

// Stats gives today's and all-time visits with the growth over yesterday
// at the same time of day.
func (s *Service) Stats(ctx context.Context, who *server.Principal) (Stats, error) {
	// Microseconds: the precision both engines keep.
	now := s.Now().In(s.Loc).Truncate(time.Microsecond)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, s.Loc)
	yesterday := today.AddDate(0, 0, -1)
	sameTimeYesterday := yesterday.Add(now.Sub(today))
	shop := shopScope(who)
	t, err := countVisits(ctx, s.db, today, now.Add(time.Microsecond), shop)
	if err != nil {
		return Stats{}, err
	}
	y, err := countVisits(ctx, s.db, yesterday, sameTimeYesterday.Add(time.Microsecond), shop)
	if err != nil {
		return Stats{}, err
	}
	all, err := countVisits(ctx, s.db, time.Time{}, time.Time{}, shop)
	if err != nil {
		return Stats{}, err
	}
	return Stats{
		TodayPvCount: t.pv, TotalPvCount: all.pv, PvGrowthRate: GrowthRate(t.pv, y.pv),
		TodayUvCount: t.uv, TotalUvCount: all.uv, UvGrowthRate: GrowthRate(t.uv, y.uv),
	}, nil
}
