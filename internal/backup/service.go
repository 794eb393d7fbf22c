package backup

import (
	"archive/zip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/server"
)

// Service makes and restores backups of one app.
type Service struct {
	db      *db.DB
	dir     string // <data>/backups
	images  string // <data>/images
	version string
	logger  *slog.Logger
	mu      sync.Mutex // one backup or restore at a time in this process
	now     func() time.Time
	// MaxUpload is the upload limit of a backup file (0: the server's
	// upload limit); the file is spooled to disk, never held in memory.
	MaxUpload int64
	// Checks run on a backup's restored data before it replaces the live
	// data (the books' invariants, wired by the app): an error refuses the
	// restore and is answered as is.
	Checks []func(ctx context.Context, q db.Querier) error
	// FileOK tells whether a file of the backup's images folder (rel: its
	// path below images/, data: its content) is one Cangshu stores there
	// (goods pictures, document attachments). nil: pictures only.
	FileOK func(rel string, data []byte) bool
}

// NewService returns the backup service for the data folder.
func NewService(d *db.DB, dataDir, version string, logger *slog.Logger) *Service {
	return &Service{db: d, dir: filepath.Join(dataDir, "backups"), images: filepath.Join(dataDir, "images"),
		version: version, logger: logger, now: time.Now}
}

func rootOnly(p *server.Principal) error {
	if p == nil || !p.IsRoot() {
		return errs.Forbidden("backup.err.rootOnly")
	}
	return nil
}

// List is every backup, newest first.
func (s *Service) List(p *server.Principal) ([]File, error) {
	if err := rootOnly(p); err != nil {
		return nil, err
	}
	return s.list()
}

func (s *Service) list() ([]File, error) {
	entries, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return []File{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	out := []File{}
	for _, e := range entries {
		if e.IsDir() || checkName(e.Name()) != nil {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, File{Name: e.Name(), Size: info.Size(), CreateTime: info.ModTime().UTC()})
	}
	slices.SortFunc(out, func(a, b File) int {
		if c := b.CreateTime.Compare(a.CreateTime); c != 0 {
			return c
		}
		return strings.Compare(b.Name, a.Name)
	})
	return out, nil
}

// Add makes a backup now.
func (s *Service) Add(ctx context.Context, p *server.Principal) (File, error) {
	if err := rootOnly(p); err != nil {
		return File{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.make(ctx, "cangshu-", s.now())
}

// make writes a new backup named prefix + time; the caller holds mu.
func (s *Service) make(ctx context.Context, prefix string, now time.Time) (File, error) {
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return File{}, fmt.Errorf("backup folder: %w", err)
	}
	base := prefix + now.Format("20060102-150405")
	name := base + ".zip"
	for i := 2; ; i++ {
		if _, err := os.Stat(filepath.Join(s.dir, name)); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("%s-%d.zip", base, i)
	}
	final := filepath.Join(s.dir, name)
	part := final + ".part"
	if err := s.write(ctx, part, now); err != nil {
		os.Remove(part)
		return File{}, fmt.Errorf("backup: %w", err)
	}
	if err := os.Rename(part, final); err != nil {
		os.Remove(part)
		return File{}, fmt.Errorf("backup: %w", err)
	}
	info, err := os.Stat(final)
	if err != nil {
		return File{}, fmt.Errorf("backup %s: %w", name, err)
	}
	return File{Name: name, Size: info.Size(), CreateTime: info.ModTime().UTC()}, nil
}

func (s *Service) write(ctx context.Context, dest string, now time.Time) error {
	f, err := os.Create(dest)
	if err != nil {
		return fmt.Errorf("create %s: %w", dest, err)
	}
	defer f.Close()
	z := zip.NewWriter(f)
	inst, err := s.installation(ctx)
	if err != nil {
		return err
	}
	meta := Meta{Format: format, Engine: string(s.db.Engine()), Version: s.version, CreateTime: now.UTC(), Installation: inst}
	mw, err := z.Create(metaName)
	if err != nil {
		return fmt.Errorf("write %s: %w", metaName, err)
	}
	if err := json.NewEncoder(mw).Encode(meta); err != nil {
		return fmt.Errorf("write %s: %w", metaName, err)
	}
	var man Manifest
	if s.db.Engine() == db.SQLite {
		snap := dest + ".db"
		os.Remove(snap)
		defer os.Remove(snap)
		if err := s.db.SnapshotSQLite(ctx, snap); err != nil {
			return fmt.Errorf("snapshot the database: %w", err)
		}
		if man.Tables, err = db.SQLiteRowCounts(ctx, snap); err != nil {
			return fmt.Errorf("count the snapshot's rows: %w", err)
		}
		if err := addFile(z, sqliteName, snap); err != nil {
			return fmt.Errorf("add the snapshot: %w", err)
		}
	} else {
		w, err := z.Create(pgName)
		if err != nil {
			return fmt.Errorf("write %s: %w", pgName, err)
		}
		if man.Tables, err = s.db.DumpPostgres(ctx, w); err != nil {
			return fmt.Errorf("dump the database: %w", err)
		}
	}
	mf, err := z.Create(manifestName)
	if err != nil {
		return fmt.Errorf("write %s: %w", manifestName, err)
	}
	if err := json.NewEncoder(mf).Encode(man); err != nil {
		return fmt.Errorf("write %s: %w", manifestName, err)
	}
	err = filepath.WalkDir(s.images, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil
			}
			return err
		}
		if d.IsDir() || !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(s.images, p)
		if err != nil {
			return fmt.Errorf("image path %s: %w", p, err)
		}
		return addFile(z, imagesDir+filepath.ToSlash(rel), p)
	})
	if err != nil {
		return fmt.Errorf("add images: %w", err)
	}
	if err := z.Close(); err != nil {
		return fmt.Errorf("close %s: %w", dest, err)
	}
	return f.Sync()
}

func addFile(z *zip.Writer, name, src string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("open %s: %w", src, err)
	}
	defer in.Close()
	w, err := z.Create(name)
	if err != nil {
		return fmt.Errorf("add %s: %w", name, err)
	}
	if _, err := io.Copy(w, in); err != nil {
		return fmt.Errorf("add %s: %w", name, err)
	}
	return nil
}

// Download is a backup's bytes.
func (s *Service) Download(p *server.Principal, name string) (server.File, error) {
	if err := rootOnly(p); err != nil {
		return server.File{}, err
	}
	if err := checkName(name); err != nil {
		return server.File{}, err
	}
	b, err := os.ReadFile(filepath.Join(s.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return server.File{}, errs.NotFound("backup.field.name")
	}
	if err != nil {
		return server.File{}, fmt.Errorf("download backup: %w", err)
	}
	return server.File{Name: name, ContentType: "application/zip", Data: b}, nil
}

// Delete deletes a backup.
func (s *Service) Delete(p *server.Principal, name string) error {
	if err := rootOnly(p); err != nil {
		return err
	}
	if err := checkName(name); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	err := os.Remove(filepath.Join(s.dir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return errs.NotFound("backup.field.name")
	}
	if err != nil {
		return fmt.Errorf("delete backup %s: %w", name, err)
	}
	return nil
}

// Upload stores an uploaded backup after checking that this server can
// restore it (a Cangshu backup of the same engine).
func (s *Service) Upload(p *server.Principal, r io.Reader) (File, error) {
	var name string
	if err := rootOnly(p); err != nil {
		return File{}, err
	}
	// The stored name is made here (the client's file name is not trusted);
	// the content is checked below.
	name = "upload-" + s.now().Format("20060102-150405") + ".zip"
	if err := os.MkdirAll(s.dir, 0o755); err != nil {
		return File{}, fmt.Errorf("backup folder: %w", err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := 2; ; i++ {
		if _, err := os.Stat(filepath.Join(s.dir, name)); errors.Is(err, fs.ErrNotExist) {
			break
		}
		name = fmt.Sprintf("upload-%s-%d.zip", s.now().Format("20060102-150405"), i)
	}
	final := filepath.Join(s.dir, name)
	part := final + ".part"
	f, err := os.Create(part)
	if err != nil {
		return File{}, fmt.Errorf("upload backup: %w", err)
	}
	_, err = io.Copy(f, r)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(part)
		return File{}, fmt.Errorf("upload backup: %w", err)
	}
	if _, err := s.open(part); err != nil {
		os.Remove(part)
		return File{}, err
	}
	if err := os.Rename(part, final); err != nil {
		os.Remove(part)
		return File{}, fmt.Errorf("upload backup: %w", err)
	}
	info, err := os.Stat(final)
	if err != nil {
		return File{}, fmt.Errorf("upload backup: %w", err)
	}
	return File{Name: name, Size: info.Size(), CreateTime: info.ModTime().UTC()}, nil
}

// archive is an opened backup.
type archive struct {
	z    *zip.ReadCloser
	meta Meta
	db   *zip.File
	man  *Manifest // nil: a backup made before manifests
	size int64     // the file's size
}

// open opens and checks a backup file: its meta, its engine, its database entry.
func (s *Service) open(file string) (*archive, error) { return openArchive(file, s.db.Engine()) }

// openArchive opens and checks a backup file made on the engine e: its
// meta, its engine, its database entry, its manifest.
func openArchive(file string, e db.Engine) (*archive, error) {
	z, err := zip.OpenReader(file)
	if err != nil {
		return nil, errs.Field("file", "backup.err.notBackup")
	}
	a := &archive{z: z}
	bad := func(key string) (*archive, error) {
		z.Close()
		return nil, errs.Field("file", key, errs.A("engine", a.meta.Engine))
	}
	if info, err := os.Stat(file); err == nil {
		a.size = info.Size()
	}
	var metaFile, manFile *zip.File
	for _, f := range z.File {
		switch f.Name {
		case metaName:
			metaFile = f
		case manifestName:
			manFile = f
		case sqliteName, pgName:
			a.db = f
		}
	}
	if metaFile == nil || a.db == nil {
		return bad("backup.err.notBackup")
	}
	rc, err := metaFile.Open()
	if err != nil {
		return bad("backup.err.notBackup")
	}
	err = json.NewDecoder(io.LimitReader(rc, 1<<16)).Decode(&a.meta)
	rc.Close()
	if err != nil || a.meta.Format != format {
		return bad("backup.err.notBackup")
	}
	want := sqliteName
	if e == db.Postgres {
		want = pgName
	}
	if a.meta.Engine != string(e) || a.db.Name != want {
		return bad("backup.err.engine")
	}
	if manFile != nil {
		rc, err := manFile.Open()
		if err != nil {
			return bad("backup.err.notBackup")
		}
		var m Manifest
		err = json.NewDecoder(io.LimitReader(rc, 1<<20)).Decode(&m)
		rc.Close()
		if err != nil || m.Tables == nil {
			return bad("backup.err.notBackup")
		}
		a.man = &m
	}
	return a, nil
}

// RestoreResult tells which backup was restored and which one kept the
// state before.
type RestoreResult struct {
	Restored string `json:"restored"`
	Before   string `json:"before"` // the backup of the state before the restore
}

// Restore checks the named backup whole (see restore.go), backs up the
// current state, then replaces the database at once and writes the
// backup's images back. A backup of another installation (or of unknown
// origin) is refused unless confirm.
func (s *Service) Restore(ctx context.Context, p *server.Principal, name string, confirm bool) (RestoreResult, error) {
	if err := rootOnly(p); err != nil {
		return RestoreResult{}, err
	}
	if err := checkName(name); err != nil {
		return RestoreResult{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	file := filepath.Join(s.dir, name)
	if _, err := os.Stat(file); errors.Is(err, fs.ErrNotExist) {
		return RestoreResult{}, errs.NotFound("backup.field.name")
	}
	a, err := s.open(file)
	if err != nil {
		return RestoreResult{}, err
	}
	defer a.z.Close()
	inst, err := s.installation(ctx)
	if err != nil {
		return RestoreResult{}, err
	}
	if a.meta.Installation != inst && !confirm {
		return RestoreResult{}, errs.Field("confirm", "backup.err.otherInstallation")
	}
	// The images first: a refused file refuses the restore before the
	// database is touched; they are staged and moved in after it.
	staged, err := stageImages(a, s.images, s.FileOK)
	if err != nil {
		return RestoreResult{}, err
	}
	defer staged.discard()
	before, err := s.make(ctx, "before-restore-", s.now())
	if err != nil {
		return RestoreResult{}, err
	}
	if err := s.restoreDB(ctx, a); err != nil {
		// Nothing changed (checked first, then one transaction): the
		// backup of the state before is not needed.
		os.Remove(filepath.Join(s.dir, before.Name))
		return RestoreResult{}, refusal(name, err)
	}
	if err := staged.moveTo(s.images); err != nil {
		return RestoreResult{}, fmt.Errorf("restore %s: images: %w", name, err)
	}
	return RestoreResult{Restored: name, Before: before.Name}, nil
}

func (s *Service) restoreDB(ctx context.Context, a *archive) error {
	opt := restoreOptions(a.man, s.Checks)
	if s.db.Engine() == db.Postgres {
		rc, err := a.db.Open()
		if err != nil {
			return db.ErrNotBackup
		}
		// TRUNCATE locks table after table: a document posted meanwhile may
		// deadlock with it; PostgreSQL then aborts one of the two, and a
		// restore chosen as the victim runs again (from the archive's start).
		err = s.db.RestorePostgres(ctx, rc, opt)
		for try := 0; try < 3 && db.IsDeadlock(err); try++ {
			rc.Close()
			if rc, err = a.db.Open(); err != nil {
				return db.ErrNotBackup
			}
			err = s.db.RestorePostgres(ctx, rc, opt)
		}
		rc.Close()
		if err != nil {
			return fmt.Errorf("restore the database: %w", err)
		}
		return nil
	}
	tmp, err := extractDB(a, s.dir)
	if err != nil {
		return err
	}
	defer os.Remove(tmp)
	return s.db.RestoreSQLite(ctx, tmp, opt)
}

// extractDB writes a SQLite backup's database to a temporary file in dir
// and answers its path; a damaged zip entry is db.ErrNotBackup.
func extractDB(a *archive, dir string) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("restore: temporary file: %w", err)
	}
	rc, err := a.db.Open()
	if err != nil {
		return "", db.ErrNotBackup
	}
	defer rc.Close()
	tmp, err := os.CreateTemp(dir, "restore-*.db")
	if err != nil {
		return "", fmt.Errorf("restore: temporary file: %w", err)
	}
	_, err = io.Copy(tmp, rc)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp.Name())
		if errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat) || errors.Is(err, io.ErrUnexpectedEOF) {
			return "", db.ErrNotBackup
		}
		return "", fmt.Errorf("restore: copy the database: %w", err)
	}
	return tmp.Name(), nil
}

// Make makes a backup named prefix + time now, for another feature that
// backs up first ("reset data": before-reset-…).
func (s *Service) Make(ctx context.Context, prefix string) (File, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.make(ctx, prefix, s.now())
}
