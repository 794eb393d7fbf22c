// Package backup makes, lists, downloads, uploads, restores and deletes
// backups (备份与恢复, ROOT only), and the scheduled daily backups.
//
// A backup is a zip file in <data>/backups: meta.json (format, engine,
// version, time, the installation's id), the database (SQLite: cangshu.db,
// a VACUUM INTO copy made while serving; PostgreSQL: cangshu.pg.jsonl,
// Cangshu's own archive, see internal/db/archive.go), manifest.json (the
// rows of every table when the backup was made) and the goods images and
// document attachments under images/.
//
// A restore checks the whole backup before it replaces anything (restore.go):
// its origin (another installation's backup only when confirmed), every
// file under images/ (size, total, type by content), the schema version,
// every table of that version present, the row counts of the manifest, an
// enabled administrator, and the books' invariants on the restored data.
// Then it backs up the current state, copies the backup's rows into the
// live database in one transaction (the server keeps serving: no pool is
// closed) and moves the images in. Every sign-in session and token issued
// before the restore stops working: everyone signs in again.
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
	// Installation is the id of the installation that made the backup
	// (app_secrets "installation"); "" in backups made before it existed.
	Installation string `json:"installation,omitempty"`
}

// Manifest is a backup's manifest.json: the rows of every table (schema
// migrations aside) when the backup was made.
type Manifest struct {
	Tables map[string]int64 `json:"tables"`
}

// Settings are the scheduled backups' settings (GET/POST /api/backup/settings).
type Settings struct {
	Daily bool `json:"daily"` // a backup each day
	Hour  int  `json:"hour"`  // at this hour, server time (0–23)
	Keep  int  `json:"keep"`  // scheduled backups kept (older ones are deleted), 1–365
}

const (
	format       = "cangshu-backup/1"
	metaName     = "meta.json"
	manifestName = "manifest.json"
	sqliteName   = "cangshu.db"
	pgName       = "cangshu.pg.jsonl"
	imagesDir    = "images/"
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

// keep are the tables a restore leaves as they are: the installation's
// own secrets and id (the token key is then replaced: auth.RotateSigningKey),
// the captchas and the sign-in failures being counted.
var keep = []db.Keep{
	{Table: "app_secrets"},
	{Table: "captchas"},
	{Table: "login_failures"},
}

// emptied are the tables a restore empties: no session, refresh token or
// reset code issued before a restore (here or in the backup) works after it.
var emptied = []string{"sessions", "refresh_tokens", "verify_codes"}

func (in *Settings) validate() error {
	var f errs.Fields
	f.Range("hour", "backup.field.hour", int64(in.Hour), 0, 23)
	f.Range("keep", "backup.field.keep", int64(in.Keep), 1, 365)
	return f.Err()
}
