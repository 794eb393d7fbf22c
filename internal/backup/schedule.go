package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"cangshu/internal/server"
)

// GetSettings reads the scheduled backups' settings.
func (s *Service) GetSettings(ctx context.Context, p *server.Principal) (Settings, error) {
	if err := rootOnly(p); err != nil {
		return Settings{}, err
	}
	return s.settings(ctx)
}

func (s *Service) settings(ctx context.Context) (Settings, error) {
	var st Settings
	var daily int
	if err := s.db.QueryRow(ctx, "SELECT daily, hour, keep FROM backup_settings WHERE id = 1").Scan(&daily, &st.Hour, &st.Keep); err != nil {
		return Settings{}, fmt.Errorf("read backup settings: %w", err)
	}
	st.Daily = daily == 1
	return st, nil
}

// SetSettings changes the scheduled backups' settings.
func (s *Service) SetSettings(ctx context.Context, c *server.Ctx, in Settings) (Settings, error) {
	if err := rootOnly(c.User); err != nil {
		return Settings{}, err
	}
	if err := in.validate(); err != nil {
		return Settings{}, err
	}
	old, err := s.settings(ctx)
	if err != nil {
		return Settings{}, err
	}
	daily := 0
	if in.Daily {
		daily = 1
	}
	if _, err := s.db.Exec(ctx, "UPDATE backup_settings SET daily = ?, hour = ?, keep = ? WHERE id = 1", daily, in.Hour, in.Keep); err != nil {
		return Settings{}, fmt.Errorf("write backup settings: %w", err)
	}
	c.LogChanges(server.Diff(old, in)...)
	return in, nil
}

// RunDue makes the scheduled backup when one is due at now (daily on, the
// hour reached, none made today) and deletes scheduled backups past the
// retention. The day is claimed in the database first, so that of several
// app instances on one PostgreSQL only one makes it. It reports whether it
// made one.
func (s *Service) RunDue(ctx context.Context, now time.Time) (bool, error) {
	st, err := s.settings(ctx)
	if err != nil {
		return false, err
	}
	if !st.Daily || now.Hour() < st.Hour {
		return false, nil
	}
	day := now.Format("2006-01-02")
	res, err := s.db.Exec(ctx, "UPDATE backup_settings SET last_day = ? WHERE id = 1 AND last_day <> ?", day, day)
	if err != nil {
		return false, fmt.Errorf("claim the scheduled backup: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return false, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.make(ctx, autoPrefix, now); err != nil {
		return false, fmt.Errorf("scheduled backup: %w", err)
	}
	return true, s.prune(st.Keep)
}

// prune deletes the oldest scheduled backups beyond keep (backups made by
// hand, uploaded or made before a restore are never deleted).
func (s *Service) prune(keep int) error {
	files, err := s.list()
	if err != nil {
		return err
	}
	n := 0
	var errList []error
	for _, f := range files { // newest first
		if !strings.HasPrefix(f.Name, autoPrefix) {
			continue
		}
		n++
		if n > keep {
			if err := os.Remove(filepath.Join(s.dir, f.Name)); err != nil {
				errList = append(errList, err)
			}
		}
	}
	return errors.Join(errList...)
}

// Schedule checks each minute for a due scheduled backup until ctx ends.
func (s *Service) Schedule(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			if _, err := s.RunDue(ctx, now); err != nil && ctx.Err() == nil {
				if s.logger != nil {
					s.logger.Error("scheduled backup", "err", err)
				}
				if strings.Contains(err.Error(), "database is closed") {
					return
				}
			}
		}
	}
}
