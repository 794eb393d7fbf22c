// Package app wires Cangshu together: configuration → database → services →
// the HTTP handler. routes.go holds the whole route table.
package app

import (
	"cangshu/internal/bill"
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"cangshu/internal/access"
	"cangshu/internal/auth"
	"cangshu/internal/backup"
	"cangshu/internal/config"
	"cangshu/internal/db"
	"cangshu/internal/dept"
	"cangshu/internal/dict"
	"cangshu/internal/home"
	"cangshu/internal/menu"
	"cangshu/internal/notice"
	"cangshu/internal/oplog"
	"cangshu/internal/recost"
	"cangshu/internal/rights"
	"cangshu/internal/role"
	"cangshu/internal/server"
	"cangshu/internal/shop"
	"cangshu/internal/sysconf"
	"cangshu/internal/sysparam"
	"cangshu/internal/usage"
	"cangshu/internal/user"
	"cangshu/web"
)

// Version is the build's version, set by main.
var Version = "dev"

// App is a running Cangshu: its database, services and HTTP handler.
type App struct {
	Config config.Config
	DB     *db.DB
	Logger *slog.Logger
	Auth   *auth.Service
	Server *server.Server
	table  []server.Route // the route table, for the API description

	Users   *user.Service
	Roles   *role.Service
	Access  *access.Service
	Depts   *dept.Service
	Menus   *menu.Service
	Dicts   *dict.Service
	Notices *notice.Service
	OpLog   *oplog.Service
	Live    *oplog.Feed // live updates: GET /api/live
	Conf    *sysconf.Service
	Shops   *shop.Service
	Home    *home.Service
	Backups *backup.Service
	Bills   *bill.Service   // the document engine every document kind shares
	Recost  *recost.Service // cost recalculation jobs (tests wait on Recost.Done)

	stop     context.Context // ends at Close (background jobs)
	stopJobs context.CancelFunc

	// Usage knows which tables refer to which records of basic data, so
	// that a record in use is not deleted; domains register there.
	Usage *usage.Registry
	basic []server.Route // routes of the basic-data domains (wire_*.go)

	// GeneratedAdminPassword is set when this start created the administrator
	// with a generated password; it is printed once.
	GeneratedAdminPassword string
}

// Open opens the database, applies migrations, seeds what a first start
// needs and builds the services and routes.
func Open(ctx context.Context, cfg config.Config, logger *slog.Logger) (*App, error) {
	d, err := OpenDB(ctx, cfg)
	if err != nil {
		return nil, err
	}
	a, err := New(ctx, cfg, d, logger)
	if err != nil {
		d.Close()
		return nil, err
	}
	return a, nil
}

// OpenDB opens and migrates the configured database.
func OpenDB(ctx context.Context, cfg config.Config) (*db.DB, error) {
	var d *db.DB
	var err error
	if cfg.IsPostgres() {
		d, err = db.OpenPostgres(ctx, cfg.DB)
	} else {
		d, err = db.OpenSQLite(ctx, cfg.SQLitePath())
	}
	if err != nil {
		return nil, err
	}
	if _, err := d.Migrate(ctx); err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

// New builds the app on an open, migrated database.
func New(ctx context.Context, cfg config.Config, d *db.DB, logger *slog.Logger) (*App, error) {
	a := &App{Config: cfg, DB: d, Logger: logger}
	a.stop, a.stopJobs = context.WithCancel(context.Background())
	err := d.InTx(ctx, func(tx *db.Tx) error {
		if err := menu.SeedAll(ctx, tx); err != nil {
			return fmt.Errorf("seed menus: %w", err)
		}
		if err := dict.SeedDefaults(ctx, tx); err != nil {
			return fmt.Errorf("seed dictionaries: %w", err)
		}
		if err := sysparam.SeedDefaults(ctx, tx); err != nil {
			return fmt.Errorf("seed system parameters: %w", err)
		}
		pw, err := auth.FirstStart(ctx, tx, cfg.AdminPassword, cfg.PasswordCost)
		a.GeneratedAdminPassword = pw
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("first start: %w", err)
	}
	a.Users = user.NewService(d, user.Options{
		PasswordCost: cfg.PasswordCost, Logger: logger,
		SMTPHost: cfg.SMTPHost, SMTPPort: cfg.SMTPPort, SMTPUser: cfg.SMTPUser, SMTPPassword: cfg.SMTPPassword, SMTPFrom: cfg.SMTPFrom,
	})
	a.Auth, err = auth.New(ctx, d, auth.Options{
		Captcha: cfg.Captcha, AccessTTL: cfg.AccessTTL, RefreshTTL: cfg.RefreshTTL, PasswordCost: cfg.PasswordCost,
		Version: Version, Mailer: a.Users, Logger: logger,
	})
	if err != nil {
		return nil, err
	}
	a.Roles = role.NewService(d)
	a.Access = access.NewService(d, a.Roles.MayManage, a.Roles.MayChange, a.Users.MayManage)
	a.Depts = dept.NewService(d)
	a.Menus = menu.NewService(d)
	a.Dicts = dict.NewService(d)
	a.Notices = notice.NewService(d)
	a.OpLog = oplog.NewService(d)
	a.Live = oplog.NewFeed(d, a.Auth, shopScoped())
	a.Conf = sysconf.NewService(d)
	a.Shops = shop.NewService(d)
	a.Home = home.NewService(d, a.Conf, Version)
	a.Usage = usage.New()
	a.Bills = bill.NewService(d, cfg.DataDir)
	a.Live.Limits, a.Live.Visible = liveRights(a.Bills)
	for _, wire := range []func() ([]server.Route, error){
		a.wireAssist, a.wireUnits, a.wireLocations, a.wireEmployees, a.wireAccounts, a.wireItems,
		a.wireContacts, a.wireGoods, a.wireTrade, a.wireWarehouse, a.wireFund, a.wireSettings,
		a.wireReport,
	} {
		r, err := wire()
		if err != nil {
			return nil, err
		}
		a.basic = append(a.basic, r...)
	}
	a.Server, err = server.New(server.Options{
		Auth:           a.Auth,
		OpLog:          a.OpLog,
		Logger:         logger,
		MaxBodyBytes:   cfg.MaxBodyBytes,
		MaxUploadBytes: cfg.MaxUploadBytes,
		TrustedProxies: cfg.TrustedProxies,
		Web:            web.FS(),
		// Each request reads the caches' change counters once (db.WithVersions).
		RequestContext: db.WithVersions,
		Unavailable:    db.Unavailable,
		SearchTimeout:  cfg.SearchTimeout,
	}, a.routes())
	if err != nil {
		return nil, err
	}
	return a, nil
}

// shopScoped tells the modules (route tags) whose changes concern one shop:
// the document kinds and the stocktake; master data and settings are shared.
func shopScoped() func(module string) bool {
	m := map[string]bool{"stocktake": true}
	for _, k := range Kinds() {
		m[k.Name] = true
	}
	return func(module string) bool { return m[module] }
}

// liveRights are the live stream's data rights (oplog.Feed): changes of
// documents, stocktakes and opening balances may concern warehouses and
// contacts a caller's data rights hide, changes of warehouses and contacts
// the records of a limited kind; a document's details go out only when
// the caller may see it (the document queries' condition), the others'
// never to a caller they may concern.
func liveRights(bills *bill.Service) (func(string, *rights.Set) bool, func(context.Context, string, *rights.Set, []int64) (map[int64]bool, error)) {
	kinds := map[string]bool{}
	for _, k := range Kinds() {
		kinds[k.Name] = true
	}
	limits := func(module string, r *rights.Set) bool {
		switch {
		case kinds[module], module == "stocktake", module == "opening":
			return r.Limited()
		case module == "contact":
			return r.Customers != nil || r.Suppliers != nil
		case module == "invlocation":
			return r.Warehouses != nil
		}
		return false
	}
	visible := func(ctx context.Context, module string, r *rights.Set, ids []int64) (map[int64]bool, error) {
		if !kinds[module] {
			return nil, nil
		}
		return bills.Visible(ctx, r, ids)
	}
	return limits, visible
}

// Handler is the HTTP handler of the app.
func (a *App) Handler() http.Handler { return a.Server }

// Close closes the database.
func (a *App) Close() error {
	a.stopJobs()
	a.Live.Close()
	return a.DB.Close()
}
