package recost

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/stock"
	"cangshu/internal/sysparam"
)

// Service starts jobs and reads their progress and changes.
type Service struct {
	db  *db.DB
	log *slog.Logger
	now func() time.Time
	// Done, when set, receives each job's id when it ends (tests).
	Done chan int64
}

// NewService makes the service.
func NewService(d *db.DB, log *slog.Logger) *Service {
	return &Service{db: d, log: log, now: func() time.Time { return time.Now().UTC() }}
}

// nextDay is the day after date (YYYY-MM-DD); "" stays "".
func nextDay(date string) string {
	if date == "" {
		return ""
	}
	t, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, 1).Format(time.DateOnly)
}

// Start claims the run (refused while another runs) and replays the
// ledger since the last close in the background; it answers the job.
func (s *Service) Start(ctx context.Context, p *server.Principal) (Job, error) {
	var id int64
	var from string
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if j, err := latest(ctx, tx, s.now()); err != nil {
			return err
		} else if j != nil && j.Status == StatusRunning {
			return errs.Conflict("recost.err.running", errs.A("percent", j.Percent))
		} else if j != nil && j.Error == "stale" {
			if _, err := tx.Exec(ctx, "UPDATE recost_jobs SET status = ?, error = ? WHERE id = ?", StatusFailed, staleError(), j.ID); err != nil {
				return err
			}
		}
		sys, err := sysparam.ReadSystem(ctx, tx)
		if err != nil {
			return err
		}
		from = nextDay(sys.CloseDate)
		now := s.now()
		return tx.QueryRow(ctx, `INSERT INTO recost_jobs (status, from_date, user_id, started_at, heartbeat) VALUES (?, ?, ?, ?, ?) RETURNING id`,
			StatusRunning, from, p.UserID, now, now).Scan(&id)
	})
	if err != nil {
		return Job{}, errs.Wrap("start cost recalculation", err)
	}
	go s.run(id, from)
	return s.Job(ctx, i18n.ZH, id)
}

// snap is a balance's figures at one moment.
type snap struct{ qty, amount, out int64 }

// snapshot reads every balance's quantity and value, and the cost of
// what left it since from.
func snapshot(ctx context.Context, q db.Querier, from string) (map[stock.Key]snap, error) {
	out := map[stock.Key]snap{}
	rows, err := q.Query(ctx, "SELECT goods_id, sku_id, location_id, batch, qty, amount FROM stock_balances")
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var k stock.Key
		var v snap
		if err := rows.Scan(&k.GoodsID, &k.SKUID, &k.LocationID, &k.Batch, &v.qty, &v.amount); err != nil {
			rows.Close()
			return nil, err
		}
		out[k] = v
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = q.Query(ctx, `SELECT goods_id, sku_id, location_id, batch, SUM(-amount) FROM stock_moves WHERE move_date >= ? AND qty < 0
		GROUP BY goods_id, sku_id, location_id, batch`, from)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var k stock.Key
		var o int64
		if err := rows.Scan(&k.GoodsID, &k.SKUID, &k.LocationID, &k.Batch, &o); err != nil {
			return nil, err
		}
		v := out[k]
		v.out = o
		out[k] = v
	}
	return out, rows.Err()
}

// run replays every balance that moved since from, then records what changed.
func (s *Service) run(id int64, from string) {
	ctx := context.Background()
	err := s.replay(ctx, id, from)
	if err != nil {
		s.log.Error("cost recalculation failed", "job", id, "err", err)
		msg := internalError()
		if e, ok := errs.As(err); ok && e.Kind != errs.KindInternal {
			msg = render(e)
		}
		if _, uerr := s.db.Exec(ctx, "UPDATE recost_jobs SET status = ?, error = ?, finished_at = ?, heartbeat = ? WHERE id = ?",
			StatusFailed, msg, s.now(), s.now(), id); uerr != nil {
			s.log.Error("cost recalculation: record failure", "job", id, "err", uerr)
		}
	}
	if s.Done != nil {
		s.Done <- id
	}
}

func (s *Service) replay(ctx context.Context, id int64, from string) error {
	cfg, err := stock.ReadConfig(ctx, s.db)
	if err != nil {
		return err
	}
	keys, err := db.All(ctx, s.db, func(r *sql.Rows, k *stock.Key) error {
		return r.Scan(&k.GoodsID, &k.SKUID, &k.LocationID, &k.Batch)
	}, "SELECT DISTINCT goods_id, sku_id, location_id, batch FROM stock_moves WHERE move_date >= ? ORDER BY goods_id, sku_id, location_id, batch", from)
	if err != nil {
		return fmt.Errorf("balances to replay: %w", err)
	}
	before, err := snapshot(ctx, s.db, from)
	if err != nil {
		return fmt.Errorf("figures before: %w", err)
	}
	if _, err := s.db.Exec(ctx, "UPDATE recost_jobs SET total = ?, heartbeat = ? WHERE id = ?", len(keys), s.now(), id); err != nil {
		return err
	}
	last := s.now()
	for i, k := range keys {
		if err := s.db.InTx(ctx, func(tx *db.Tx) error { return stock.Recost(ctx, tx, cfg, k, from) }); err != nil {
			return err
		}
		if now := s.now(); now.Sub(last) > 200*time.Millisecond || i == len(keys)-1 {
			last = now
			if _, err := s.db.Exec(ctx, "UPDATE recost_jobs SET done = ?, heartbeat = ? WHERE id = ?", i+1, now, id); err != nil {
				return err
			}
		}
	}
	after, err := snapshot(ctx, s.db, from)
	if err != nil {
		return fmt.Errorf("figures after: %w", err)
	}
	changed := 0
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for _, k := range keys {
			b, a := before[k], after[k]
			if b.amount == a.amount && b.out == a.out {
				continue
			}
			changed++
			if _, err := tx.Exec(ctx, `INSERT INTO recost_changes (job_id, goods_id, sku_id, location_id, batch, qty, old_amount, new_amount, old_out, new_out)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, id, k.GoodsID, k.SKUID, k.LocationID, k.Batch, a.qty, b.amount, a.amount, b.out, a.out); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, "UPDATE recost_jobs SET status = ?, changed = ?, done = total, finished_at = ?, heartbeat = ? WHERE id = ?",
			StatusDone, changed, s.now(), s.now(), id)
		return err
	})
}

// render keeps an error's message in every language (JSON), so the status
// answers it in the caller's.
func render(e *errs.Error) string {
	m := map[string]string{}
	for _, l := range i18n.Langs {
		m[string(l)] = i18n.T(l, e.Key, e.Args...)
	}
	b, _ := json.Marshal(m)
	return string(b)
}

func internalError() string { return render(errs.Invalid("recost.err.internal")) }
func staleError() string    { return render(errs.Invalid("recost.err.stale")) }

func message(stored string, lang i18n.Lang) string {
	if stored == "" || stored == "stale" {
		if stored == "stale" {
			stored = staleError()
		} else {
			return ""
		}
	}
	var m map[string]string
	if json.Unmarshal([]byte(stored), &m) != nil {
		return stored
	}
	return m[string(lang)]
}

const jobColumns = `SELECT j.id, j.status, j.from_date, j.total, j.done, j.changed, j.error, COALESCE(u.nickname, ''), j.started_at, j.heartbeat, j.finished_at
	FROM recost_jobs j LEFT JOIN users u ON u.id = j.user_id`

func scanJob(r interface{ Scan(...any) error }, now time.Time) (*Job, error) {
	var j Job
	var hb time.Time
	var fin sql.NullTime
	if err := r.Scan(&j.ID, &j.Status, &j.FromDate, &j.Total, &j.Done, &j.Changed, &j.Error, &j.UserName, &j.StartTime, &hb, &fin); err != nil {
		return nil, err
	}
	if fin.Valid {
		t := fin.Time
		j.FinishTime = &t
	}
	j.fill(now, hb)
	return &j, nil
}

// latest is the newest job (nil: none).
func latest(ctx context.Context, q db.Querier, now time.Time) (*Job, error) {
	j, err := scanJob(q.QueryRow(ctx, jobColumns+" ORDER BY j.id DESC LIMIT 1"), now)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	return j, err
}

// Job is one job (id 0: the newest; none yet answers an empty job).
func (s *Service) Job(ctx context.Context, lang i18n.Lang, id int64) (Job, error) {
	var j *Job
	var err error
	if id == 0 {
		if j, err = latest(ctx, s.db, s.now()); err == nil && j == nil {
			return Job{}, nil
		}
	} else {
		j, err = scanJob(s.db.QueryRow(ctx, jobColumns+" WHERE j.id = ?", id), s.now())
		if errors.Is(err, sql.ErrNoRows) {
			return Job{}, errs.NotFound("recost.job")
		}
	}
	if err != nil {
		return Job{}, fmt.Errorf("read recost job: %w", err)
	}
	j.Error = message(j.Error, lang)
	return *j, nil
}

// Changes is a page of what job id (0: the newest) changed.
func (s *Service) Changes(ctx context.Context, lp server.ListParams, id int64) (server.ListPage[Change], error) {
	if id == 0 {
		if err := s.db.QueryRow(ctx, "SELECT COALESCE(MAX(id), 0) FROM recost_jobs").Scan(&id); err != nil {
			return server.ListPage[Change]{}, err
		}
	}
	var n int
	if err := s.db.QueryRow(ctx, "SELECT COUNT(*) FROM recost_changes WHERE job_id = ?", id).Scan(&n); err != nil {
		return server.ListPage[Change]{}, err
	}
	sys, err := sysparam.ReadSystem(ctx, s.db)
	if err != nil {
		return server.ListPage[Change]{}, err
	}
	rows, err := db.All(ctx, s.db, func(r *sql.Rows, c *Change) error {
		return r.Scan(&c.InvID, &c.InvNumber, &c.InvName, &c.SkuName, &c.LocationID, &c.LocationName, &c.Batch, &c.Qty,
			&c.OldAmount, &c.NewAmount, &c.OldOutCost, &c.NewOutCost)
	}, `SELECT c.goods_id, COALESCE(g.number, ''), COALESCE(g.name, ''), COALESCE(k.name, ''), c.location_id, COALESCE(l.name, ''), c.batch, c.qty,
		c.old_amount, c.new_amount, c.old_out, c.new_out FROM recost_changes c
		LEFT JOIN goods g ON g.id = c.goods_id LEFT JOIN goods_skus k ON k.id = c.sku_id LEFT JOIN locations l ON l.id = c.location_id
		WHERE c.job_id = ? ORDER BY g.number, l.number, c.id LIMIT ? OFFSET ?`, id, lp.Rows, lp.Offset())
	if err != nil {
		return server.ListPage[Change]{}, fmt.Errorf("recost changes: %w", err)
	}
	for i := range rows {
		c := &rows[i]
		if !c.Qty.IsZero() {
			c.OldUnitCost = c.OldAmount.Div(c.Qty).Round(sys.PricePlaces)
			c.NewUnitCost = c.NewAmount.Div(c.Qty).Round(sys.PricePlaces)
		}
	}
	return server.NewListPage(lp, rows, n), nil
}
