package backup

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
)

// FileRestore is a restore by `cangshu restore`: the SQLite database of a
// stopped server replaced by a backup file, checked as the app's restore
// checks it.
type FileRestore struct {
	DataDir string // the data folder: backups/ keeps the replaced database, images/ gets a zip's images
	DBPath  string // the SQLite database replaced
	File    string // a .db file written by `cangshu backup`, or a .zip backup of the app
	// Confirm restores a backup of another installation (or of unknown origin).
	Confirm bool
	// Checks and FileOK as the app's Service has them (the books'
	// invariants; the files kept under images/).
	Checks []func(ctx context.Context, q db.Querier) error
	FileOK func(rel string, data []byte) bool
	Now    time.Time
}

var (
	zipMagic    = []byte("PK\x03\x04")
	sqliteMagic = []byte("SQLite format 3\x00")
)

// RestoreFile replaces the SQLite database r.DBPath with the backup r.File:
// a .db file of `cangshu backup` or a .zip backup downloaded from the app.
// It checks the whole backup before it replaces anything, by the checks of
// the app's restore (restoreOptions: the schema version, every table of
// that version, the manifest's row counts for a zip, an enabled
// administrator, the books' invariants; a zip's images as stageImages
// checks them), refuses another installation's backup unless r.Confirm,
// keeps the replaced database in backups/before-restore-<time>.db, and
// ends every session and token as the app's restore does. A refused backup
// changes nothing; its error is an *errs.Error saying why.
func RestoreFile(ctx context.Context, r FileRestore) (kept string, err error) {
	head := make([]byte, len(sqliteMagic))
	f, err := os.Open(r.File)
	if err != nil {
		return "", fmt.Errorf("restore: %w", err)
	}
	n, _ := io.ReadFull(f, head)
	f.Close()
	head = head[:n]
	src, origin := r.File, ""
	var man *Manifest
	var st *staged
	switch {
	case bytes.HasPrefix(head, zipMagic):
		a, err := openArchive(r.File, db.SQLite)
		if err != nil {
			return "", err
		}
		defer a.z.Close()
		origin, man = a.meta.Installation, a.man
		if err := confirmOrigin(ctx, r, origin); err != nil {
			return "", err
		}
		if st, err = stageImages(a, filepath.Join(r.DataDir, "images"), r.FileOK); err != nil {
			return "", err
		}
		defer st.discard()
		if src, err = extractDB(a, filepath.Join(r.DataDir, "backups")); err != nil {
			return "", refusal(filepath.Base(r.File), err)
		}
		defer os.Remove(src)
	case bytes.Equal(head, sqliteMagic):
		if origin, err = db.SQLiteSecret(ctx, r.File, "installation"); err != nil {
			return "", refusal(filepath.Base(r.File), err)
		}
		if err := confirmOrigin(ctx, r, origin); err != nil {
			return "", err
		}
	default:
		return "", errs.Field("file", "backup.err.notBackup")
	}
	now := r.Now
	if now.IsZero() {
		now = time.Now()
	}
	kept = filepath.Join(r.DataDir, "backups", "before-restore-"+now.Format("20060102-150405")+".db")
	if err := db.SwapSQLite(ctx, src, r.DBPath, kept, restoreOptions(man, r.Checks)); err != nil {
		return "", refusal(filepath.Base(r.File), err)
	}
	if st != nil {
		if err := st.moveTo(filepath.Join(r.DataDir, "images")); err != nil {
			return "", fmt.Errorf("restore %s: images: %w", r.File, err)
		}
	}
	if _, err := os.Stat(kept); err != nil {
		kept = "" // there was no database to keep
	}
	return kept, nil
}

// confirmOrigin refuses a backup not known to come from the installation
// of the database being replaced, unless confirmed (as the app's restore).
// Into a data folder without a database (a new machine) nothing is
// replaced: any backup is restored.
func confirmOrigin(ctx context.Context, r FileRestore, origin string) error {
	if r.Confirm {
		return nil
	}
	if _, err := os.Stat(r.DBPath); err != nil {
		return nil
	}
	here, _ := db.SQLiteSecret(ctx, r.DBPath, "installation")
	if origin == "" || origin != here {
		return errs.Field("confirm", "backup.err.otherInstallation")
	}
	return nil
}
