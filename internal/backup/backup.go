// Package backup makes, lists, downloads, uploads, restores and deletes
// backups (备份与恢复, ROOT only), and the scheduled daily backups.
//
// A backup is a zip file in <data>/backups: meta.json (format, engine,
// version, time), the database (SQLite: cangshu.db, a VACUUM INTO copy made
// while serving; PostgreSQL: cangshu.pg.jsonl, Cangshu's own archive, see
// internal/db/archive.go) and the goods images under images/. A restore
// first backs up the current state, then copies the backup's rows into the
// live database in one transaction (the server keeps serving: no pool is
// closed) and writes its images back. Sign-in sessions are kept, so that
// the administrator who restores stays signed in (when their user exists in
// the backup).
package backup

import (
	"regexp"
	"strings"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// File is a backup in the list (GET /api/backup/list).
type File struct {
	Name       string    `json:"name"`
	Size       int64     `json:"size"`
	CreateTime time.Time `json:"createTime"`
}

// Meta is a backup's meta.json.
type Meta struct {
	Format     string    `json:"format"`
	Engine     string    `json:"engine"`
	Version    string    `json:"version"`
	CreateTime time.Time `json:"createTime"`
}

// Settings are the scheduled backups' settings (GET/POST /api/backup/settings).
type Settings struct {
	Daily bool `json:"daily"` // a backup each day
	Hour  int  `json:"hour"`  // at this hour, server time (0–23)
	Keep  int  `json:"keep"`  // scheduled backups kept (older ones are deleted), 1–365
}

const (
	format     = "cangshu-backup/1"
	metaName   = "meta.json"
	sqliteName = "cangshu.db"
	pgName     = "cangshu.pg.jsonl"
	imagesDir  = "images/"
	// Scheduled backups are named auto-…; the retention only deletes those.
	autoPrefix = "auto-"
)

// nameRe: a plain file name, no folders, no "..", ending in .zip.
var nameRe = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_.-]{0,120}\.zip$`)

func checkName(name string) error {
	if name == "" {
		return errs.Required("name", "backup.field.name")
	}
	if !nameRe.MatchString(name) || strings.Contains(name, "..") {
		return errs.Field("name", "backup.err.name")
	}
	return nil
}

// keep are the tables a restore leaves as they are: who is signed in now
// stays signed in when their user (and shop) exist in the backup.
var keep = []db.Keep{
	{Table: "sessions", Where: "user_id IN (SELECT id FROM users) AND (shop_id IS NULL OR shop_id IN (SELECT id FROM shops))"},
	{Table: "refresh_tokens", Where: "session_id IN (SELECT id FROM sessions)"},
	{Table: "verify_codes", Where: "user_id IN (SELECT id FROM users)"},
	{Table: "captchas"},
	{Table: "login_failures"},
}

func (in *Settings) validate() error {
	var f errs.Fields
	f.Range("hour", "backup.field.hour", int64(in.Hour), 0, 23)
	f.Range("keep", "backup.field.keep", int64(in.Keep), 1, 365)
	return f.Err()
}
