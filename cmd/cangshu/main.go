// Command cangshu runs the Cangshu server and its maintenance commands.
//
//	cangshu [serve] [flags]   start the server (default)
//	cangshu migrate [flags]   apply database migrations and exit
//	cangshu backup [flags] [file]   copy the live SQLite database
//	cangshu restore [flags] [-confirm] file   replace the SQLite database with a checked backup (.db or .zip; server stopped)
//	cangshu version
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"cangshu/internal/app"
	"cangshu/internal/backup"
	"cangshu/internal/config"
	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
)

// Version is set at build time with -ldflags "-X main.Version=…".
var Version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "cangshu:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cmd := "serve"
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve", "migrate", "backup", "restore":
	case "version":
		fmt.Fprintln(stdout, "cangshu", Version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprintln(stdout, "usage: cangshu [serve|migrate|backup [file]|restore [-confirm] file|version] [-addr :8080] [-data ./data] [-db postgres://…] [-captcha on|off]")
		return nil
	default:
		return fmt.Errorf("unknown command %q (serve, migrate, backup, restore, version)", cmd)
	}
	confirm := false
	if cmd == "restore" {
		args = slices.DeleteFunc(slices.Clone(args), func(a string) bool {
			if a == "-confirm" || a == "--confirm" {
				confirm = true
				return true
			}
			return false
		})
	}
	cfg, err := config.Load("cangshu "+cmd, args, getenv)
	if err != nil {
		return err
	}
	logger := newLogger(cfg, stderr)
	app.Version = Version
	switch cmd {
	case "migrate":
		d, err := app.OpenDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer d.Close()
		fmt.Fprintln(stdout, "migrations applied; the database is up to date")
		return nil
	case "backup":
		return backupDB(ctx, cfg, flagArgs(args), stdout)
	case "restore":
		return restore(ctx, cfg, flagArgs(args), confirm, cliLang(getenv), stdout)
	}
	return serve(ctx, cfg, logger, stdout)
}

// flagArgs returns the positional arguments left after the flags.
func flagArgs(args []string) []string {
	for i := 0; i < len(args); i++ {
		if !strings.HasPrefix(args[i], "-") {
			return args[i:]
		}
		if !strings.Contains(args[i], "=") {
			i++ // skip the flag's value
		}
	}
	return nil
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	if cfg.LogFormat == "json" {
		return slog.New(slog.NewJSONHandler(w, nil))
	}
	return slog.New(slog.NewTextHandler(w, nil))
}

func backupDB(ctx context.Context, cfg config.Config, rest []string, stdout io.Writer) error {
	if cfg.IsPostgres() {
		return errors.New("backup copies the SQLite database; back up PostgreSQL with pg_dump")
	}
	if _, err := os.Stat(cfg.SQLitePath()); err != nil {
		return fmt.Errorf("no database at %s", cfg.SQLitePath())
	}
	dest := filepath.Join(cfg.DataDir, "backups", "cangshu-"+time.Now().Format("20060102-150405")+".db")
	if len(rest) > 0 {
		dest = rest[0]
	}
	d, err := app.OpenDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer d.Close()
	// The installation's id goes into the copy: a restore recognises
	// this installation's own backups.
	if _, err := backup.Installation(ctx, d); err != nil {
		return err
	}
	if err := d.Backup(ctx, dest); err != nil {
		return err
	}
	fmt.Fprintln(stdout, "backup written to", dest)
	return nil
}

// lockData keeps a second process from serving or restoring the same SQLite file.
func lockData(cfg config.Config) (func(), error) {
	if cfg.IsPostgres() {
		return func() {}, nil
	}
	if err := os.MkdirAll(cfg.DataDir, 0o755); err != nil {
		return nil, err
	}
	return db.LockDataDir(filepath.Join(cfg.DataDir, "cangshu.lock"))
}

// restore replaces the SQLite database with a backup file (a .db of
// `cangshu backup` or a .zip of the app), checked first by the app's
// restore checks; a refused backup changes nothing and the error says why.
func restore(ctx context.Context, cfg config.Config, rest []string, confirm bool, lang i18n.Lang, stdout io.Writer) error {
	if cfg.IsPostgres() {
		return errors.New("restore replaces the SQLite database; restore PostgreSQL with pg_restore")
	}
	if len(rest) != 1 {
		return errors.New("usage: cangshu restore [-data folder] [-confirm] backup-file (.db or .zip)")
	}
	unlock, err := lockData(cfg)
	if err != nil {
		return fmt.Errorf("%w: stop the server first", err)
	}
	defer unlock()
	kept, err := backup.RestoreFile(ctx, backup.FileRestore{
		DataDir: cfg.DataDir, DBPath: cfg.SQLitePath(), File: rest[0], Confirm: confirm,
		Checks: app.RestoreChecks(), FileOK: app.BackupFileOK,
	})
	if e, ok := errs.As(err); ok {
		msg := i18n.T(lang, e.Key, e.Args...)
		if e.Key == "backup.err.otherInstallation" {
			msg += " (-confirm)"
		}
		return fmt.Errorf("restore refused: %s", msg)
	}
	if err != nil {
		return err
	}
	d, err := app.OpenDB(ctx, cfg) // the restored database is at this binary's migrations already
	if err != nil {
		return err
	}
	d.Close()
	if kept != "" {
		fmt.Fprintf(stdout, "restored %s; the previous database was kept as %s; everyone signs in again\n", rest[0], kept)
	} else {
		fmt.Fprintf(stdout, "restored %s\n", rest[0])
	}
	return nil
}

// cliLang is the language of the command's messages: Chinese when the
// environment's locale says so, English otherwise.
func cliLang(getenv func(string) string) i18n.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "zh") {
				return i18n.ZH
			}
			return i18n.EN
		}
	}
	return i18n.EN
}

func serve(ctx context.Context, cfg config.Config, logger *slog.Logger, stdout io.Writer) error {
	cfg.Print(stdout)
	unlock, err := lockData(cfg)
	if err != nil {
		return err
	}
	defer unlock()
	a, err := app.Open(ctx, cfg, logger)
	if err != nil {
		return err
	}
	defer a.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           a.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute,
		WriteTimeout:      5 * time.Minute,
		IdleTimeout:       2 * time.Minute,
	}
	srv.RegisterOnShutdown(a.Live.Close) // live-update streams end, clients reconnect elsewhere
	fmt.Fprintf(stdout, "\nCangshu %s is running at %s\n", Version, publicURL(ln.Addr()))
	if a.GeneratedAdminPassword != "" {
		fmt.Fprintf(stdout, "Sign in as admin with the password %s (shown only this once; you must change it at first sign-in).\n", a.GeneratedAdminPassword)
	} else {
		fmt.Fprintln(stdout, "Sign in as admin with the administrator's password.")
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	logger.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}

func publicURL(addr net.Addr) string {
	host, port, _ := net.SplitHostPort(addr.String())
	if host == "" || host == "::" || host == "0.0.0.0" {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port) + "/"
}
