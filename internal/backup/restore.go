package backup

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"

	"cangshu/internal/auth"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Limits of the files under a backup's images/ (docs/limits.md): each is
// read as a stream and counted, whatever the zip's header declares.
const (
	// MaxImageFile is the largest file Cangshu stores there (a document
	// attachment: 10 MB; a goods picture: 5 MB).
	MaxImageFile = 10 << 20
	// imagesSlack and imagesRatio bound the images together: at most
	// imagesRatio times the backup file's own size plus imagesSlack.
	// Pictures and office files are compressed already: a real backup's
	// images take about their size in the zip, a zip bomb far more.
	imagesSlack = 64 << 20
	imagesRatio = 4
)

// imageTypes are the pictures accepted by content (as goods pictures are).
var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/gif": true, "image/webp": true}

// installation is this installation's id, made on first use (app_secrets:
// shared by every app process, kept by a restore).
func (s *Service) installation(ctx context.Context) (string, error) { return Installation(ctx, s.db) }

// Installation is the installation's id, made on first use (a backup of
// the app or of `cangshu backup` carries it; a restore compares it).
func Installation(ctx context.Context, d *db.DB) (string, error) {
	var id string
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.Exec(ctx, "INSERT INTO app_secrets (name, value) VALUES ('installation', ?) ON CONFLICT (name) DO NOTHING", newID()); err != nil {
			return err
		}
		return tx.QueryRow(ctx, "SELECT value FROM app_secrets WHERE name = 'installation'").Scan(&id)
	})
	if err != nil {
		return "", fmt.Errorf("installation id: %w", err)
	}
	return id, nil
}

// restoreOptions are the options of every restore, the app's and
// `cangshu restore`'s (RestoreFile): the tables kept and emptied, the
// manifest's row counts (none: a backup made before manifests), the checks
// of the restored data, the token key replaced.
func restoreOptions(man *Manifest, checks []func(context.Context, db.Querier) error) db.RestoreOptions {
	opt := db.RestoreOptions{Keep: keep, Empty: emptied, Check: restoredCheck(checks), After: auth.RotateSigningKey}
	if man != nil {
		opt.Rows = man.Tables
	}
	return opt
}

// restoredCheck runs on the restored data before it replaces the live
// data: an enabled administrator who can sign in, then the app's checks
// (the books' invariants).
func restoredCheck(checks []func(context.Context, db.Querier) error) func(context.Context, db.Querier) error {
	return func(ctx context.Context, q db.Querier) error { return checkRestored(ctx, q, checks) }
}

func checkRestored(ctx context.Context, q db.Querier, checks []func(context.Context, db.Querier) error) error {
	var n int
	err := q.QueryRow(ctx, `SELECT COUNT(*) FROM users u JOIN user_roles ur ON ur.user_id = u.id JOIN roles r ON r.id = ur.role_id
		WHERE u.status = 1 AND u.password_hash <> '' AND r.code = ? AND r.status = 1`, server.RootRole).Scan(&n)
	if err != nil {
		return fmt.Errorf("check the administrator: %w", err)
	}
	if n == 0 {
		return errs.Field("name", "backup.err.noAdmin")
	}
	for _, c := range checks {
		if err := c(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

// refusal is the answer to a restore the database refused: why, in the
// caller's language, naming the table; or the error itself.
func refusal(name string, err error) error {
	if e, ok := errs.As(err); ok {
		return e
	}
	var u *db.UnsoundError
	switch {
	case errors.As(err, &u):
		return errs.Field("name", "backup.err."+u.Reason, errs.A("table", u.Table), errs.A("got", u.Got), errs.A("want", u.Want))
	case errors.Is(err, db.ErrNewerBackup):
		return errs.Field("name", "backup.err.newer")
	case errors.Is(err, db.ErrNotBackup):
		return errs.Field("name", "backup.err.notBackup")
	}
	return fmt.Errorf("restore %s: %w", name, err)
}

// staged are a backup's images, checked and written to a folder beside
// the images folder, moved in once the database is restored.
type staged struct {
	dir   string
	files []string // paths below dir, slash-separated
}

func (st *staged) discard() {
	if st != nil && st.dir != "" {
		os.RemoveAll(st.dir)
	}
}

// moveTo moves the staged files into the images folder (files added since
// the backup stay: no document refers to them any more, and nothing is lost).
func (st *staged) moveTo(images string) error {
	for _, rel := range st.files {
		dest := filepath.Join(images, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return fmt.Errorf("restore image %s: %w", rel, err)
		}
		if err := os.Rename(filepath.Join(st.dir, filepath.FromSlash(rel)), dest); err != nil {
			return fmt.Errorf("restore image %s: %w", rel, err)
		}
	}
	return nil
}

// stageImages reads every file under the backup's images/ as a stream with
// a limit (the zip header's sizes are not trusted), refuses the backup at
// the first file too large or of a type Cangshu does not store there, or
// when they add up to more than the bound, and writes them to a staging
// folder.
func stageImages(a *archive, images string, fileOK func(rel string, data []byte) bool) (*staged, error) {
	if err := os.MkdirAll(filepath.Dir(images), 0o755); err != nil {
		return nil, fmt.Errorf("restore images: %w", err)
	}
	dir, err := os.MkdirTemp(filepath.Dir(images), "images-restore-")
	if err != nil {
		return nil, fmt.Errorf("restore images: %w", err)
	}
	st := &staged{dir: dir}
	total := int64(0)
	maxTotal := imagesRatio*a.size + imagesSlack
	ok := fileOK
	if ok == nil {
		ok = func(_ string, data []byte) bool { return imageTypes[http.DetectContentType(data)] }
	}
	fail := func(e error) (*staged, error) {
		st.discard()
		return nil, e
	}
	for _, f := range a.z.File {
		if !strings.HasPrefix(f.Name, imagesDir) || strings.HasSuffix(f.Name, "/") {
			continue
		}
		rel := path.Clean(strings.TrimPrefix(f.Name, imagesDir))
		if rel == "." || strings.HasPrefix(rel, "../") || rel == ".." || path.IsAbs(rel) || strings.Contains(rel, `\`) {
			continue // never outside the images folder
		}
		rc, err := f.Open()
		if err != nil {
			return fail(errs.Field("name", "backup.err.notBackup"))
		}
		data, err := io.ReadAll(io.LimitReader(rc, MaxImageFile+1))
		rc.Close()
		if err != nil {
			return fail(errs.Field("name", "backup.err.notBackup"))
		}
		if len(data) > MaxImageFile {
			return fail(errs.Field("name", "backup.err.imageTooLarge", errs.A("file", rel), errs.A("max", "10 MB")))
		}
		if total += int64(len(data)); total > maxTotal {
			return fail(errs.Field("name", "backup.err.imagesTooLarge", errs.A("max", fmt.Sprintf("%d MB", maxTotal>>20))))
		}
		if !ok(rel, data) {
			return fail(errs.Field("name", "backup.err.imageType", errs.A("file", rel)))
		}
		dest := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
			return fail(fmt.Errorf("restore image %s: %w", rel, err))
		}
		if err := os.WriteFile(dest, data, 0o644); err != nil {
			return fail(fmt.Errorf("restore image %s: %w", rel, err))
		}
		st.files = append(st.files, rel)
	}
	return st, nil
}

// newID is a random installation id.
func newID() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
