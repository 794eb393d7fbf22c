// Package config reads Cangshu's configuration from flags and CANGSHU_*
// environment variables (flags win), with defaults that need no set-up.
package config

import (
	"flag"
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// Config is the effective configuration, passed down explicitly.
type Config struct {
	Addr           string        // listen address
	DataDir        string        // database file, uploads, backups
	DB             string        // "" = SQLite file in DataDir; postgres://... = PostgreSQL
	Captcha        bool          // captcha required at sign-in
	AdminPassword  string        // first administrator's password; "" = generate
	AccessTTL      time.Duration // access token lifetime
	RefreshTTL     time.Duration // refresh token lifetime
	MaxBodyBytes   int64         // request body limit (uploads have their own)
	MaxUploadBytes int64
	MaxBackupBytes int64  // upload limit of a backup file (POST /api/backup/upload)
	PasswordCost   int    // bcrypt cost
	LogFormat      string // text | json
	SMTPHost       string
	SMTPPort       int
	SMTPUser       string
	SMTPPassword   string
	SMTPFrom       string
	TrustedProxies []netip.Prefix // reverse proxies whose X-Forwarded-For is believed
	SearchTimeout  time.Duration  // time limit of a request carrying a search text (docs/limits.md)
}

// Default is the configuration with nothing set.
func Default() Config {
	return Config{
		Addr:           ":8080",
		DataDir:        "./data",
		Captcha:        true,
		AccessTTL:      30 * time.Minute,
		RefreshTTL:     7 * 24 * time.Hour,
		MaxBodyBytes:   2 << 20,
		MaxUploadBytes: 20 << 20,
		MaxBackupBytes: 20 << 30,
		PasswordCost:   10,
		LogFormat:      "text",
		SMTPPort:       587,
		SearchTimeout:  10 * time.Second,
	}
}

// Load applies environment variables, then flags, to the defaults.
func Load(name string, args []string, getenv func(string) string) (Config, error) {
	c := Default()
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	captcha := "on"
	fs.StringVar(&c.Addr, "addr", c.Addr, "listen address (CANGSHU_ADDR)")
	fs.StringVar(&c.DataDir, "data", c.DataDir, "data folder (CANGSHU_DATA)")
	fs.StringVar(&c.DB, "db", c.DB, "database: empty for SQLite, or postgres://... (CANGSHU_DB)")
	fs.StringVar(&captcha, "captcha", captcha, "captcha on|off (CANGSHU_CAPTCHA)")
	fs.StringVar(&c.AdminPassword, "admin-password", c.AdminPassword, "first administrator's password (CANGSHU_ADMIN_PASSWORD)")
	fs.DurationVar(&c.AccessTTL, "access-ttl", c.AccessTTL, "access token lifetime (CANGSHU_ACCESS_TTL)")
	fs.DurationVar(&c.RefreshTTL, "refresh-ttl", c.RefreshTTL, "refresh token lifetime (CANGSHU_REFRESH_TTL)")
	fs.DurationVar(&c.SearchTimeout, "search-timeout", c.SearchTimeout, "time limit of a search (CANGSHU_SEARCH_TIMEOUT)")
	fs.IntVar(&c.PasswordCost, "password-cost", c.PasswordCost, "bcrypt cost (CANGSHU_PASSWORD_COST)")
	fs.StringVar(&c.LogFormat, "log-format", c.LogFormat, "text|json (CANGSHU_LOG_FORMAT)")
	fs.StringVar(&c.SMTPHost, "smtp-host", c.SMTPHost, "SMTP host for one-time codes (CANGSHU_SMTP_HOST)")
	fs.IntVar(&c.SMTPPort, "smtp-port", c.SMTPPort, "SMTP port (CANGSHU_SMTP_PORT)")
	fs.StringVar(&c.SMTPUser, "smtp-user", c.SMTPUser, "SMTP user (CANGSHU_SMTP_USER)")
	fs.StringVar(&c.SMTPPassword, "smtp-password", c.SMTPPassword, "SMTP password (CANGSHU_SMTP_PASSWORD)")
	fs.StringVar(&c.SMTPFrom, "smtp-from", c.SMTPFrom, "sender address (CANGSHU_SMTP_FROM)")
	proxies := ""
	fs.StringVar(&proxies, "trusted-proxies", proxies, "reverse proxies whose X-Forwarded-For is believed: CIDR prefixes or addresses, comma-separated (CANGSHU_TRUSTED_PROXIES)")

	// Environment first: it becomes the flag's default, so a flag still wins.
	var envErr error
	fs.VisitAll(func(f *flag.Flag) {
		key := "CANGSHU_" + strings.ToUpper(strings.ReplaceAll(f.Name, "-", "_"))
		if f.Name == "data" {
			key = "CANGSHU_DATA"
		}
		if v := getenv(key); v != "" {
			if err := f.Value.Set(v); err != nil && envErr == nil {
				envErr = fmt.Errorf("%s: %w", key, err)
			}
		}
	})
	if envErr != nil {
		return c, envErr
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	switch strings.ToLower(captcha) {
	case "on", "true", "1", "yes":
		c.Captcha = true
	case "off", "false", "0", "no":
		c.Captcha = false
	default:
		return c, fmt.Errorf("captcha must be on or off, not %q", captcha)
	}
	var err error
	if c.TrustedProxies, err = parseProxies(proxies); err != nil {
		return c, err
	}
	if c.DB != "" && !c.IsPostgres() {
		return c, fmt.Errorf("database must be empty (SQLite) or a postgres:// URL")
	}
	if c.SearchTimeout < time.Second || c.SearchTimeout > 10*time.Minute {
		return c, fmt.Errorf("search timeout must be between 1s and 10m")
	}
	if c.PasswordCost < 4 || c.PasswordCost > 16 {
		return c, fmt.Errorf("password cost must be between 4 and 16")
	}
	if c.AdminPassword != "" && len(c.AdminPassword) < 6 {
		return c, fmt.Errorf("admin password must have at least 6 characters")
	}
	return c, nil
}

// IsPostgres reports whether the database is PostgreSQL.
func (c Config) IsPostgres() bool {
	return strings.HasPrefix(c.DB, "postgres://") || strings.HasPrefix(c.DB, "postgresql://")
}

// SQLitePath is the SQLite database file.
func (c Config) SQLitePath() string { return filepath.Join(c.DataDir, "cangshu.db") }

// Print writes the effective configuration, secrets masked.
func (c Config) Print(w io.Writer) {
	db := "sqlite " + c.SQLitePath()
	if c.IsPostgres() {
		db = maskURL(c.DB)
	}
	admin := "(generated on first start)"
	if c.AdminPassword != "" {
		admin = "******"
	}
	smtp := "(off: one-time codes go to the log)"
	if c.SMTPHost != "" {
		smtp = fmt.Sprintf("%s:%d user=%s password=%s", c.SMTPHost, c.SMTPPort, c.SMTPUser, mask(c.SMTPPassword))
	}
	fmt.Fprintf(w, "Cangshu configuration:\n")
	fmt.Fprintf(w, "  addr           %s\n", c.Addr)
	fmt.Fprintf(w, "  data           %s\n", c.DataDir)
	fmt.Fprintf(w, "  database       %s\n", db)
	fmt.Fprintf(w, "  captcha        %s\n", onOff(c.Captcha))
	fmt.Fprintf(w, "  admin password %s\n", admin)
	fmt.Fprintf(w, "  access token   %s, refresh token %s\n", c.AccessTTL, c.RefreshTTL)
	fmt.Fprintf(w, "  smtp           %s\n", smtp)
	if len(c.TrustedProxies) > 0 {
		fmt.Fprintf(w, "  trusted proxies %v\n", c.TrustedProxies)
	}
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

func mask(s string) string {
	if s == "" {
		return ""
	}
	return "******"
}

func maskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "postgres://******"
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), "xxxxxx")
	}
	q := u.Query()
	if q.Has("password") {
		q.Set("password", "xxxxxx")
		u.RawQuery = q.Encode()
	}
	return u.String()
}

// parseProxies reads a comma-separated list of CIDR prefixes or addresses.
func parseProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, part := range strings.Split(list, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		if !strings.Contains(part, "/") {
			a, err := netip.ParseAddr(part)
			if err != nil {
				return nil, fmt.Errorf("trusted proxies: %q is not an address or CIDR prefix", part)
			}
			a = a.Unmap()
			out = append(out, netip.PrefixFrom(a, a.BitLen()))
			continue
		}
		p, err := netip.ParsePrefix(part)
		if err != nil {
			return nil, fmt.Errorf("trusted proxies: %q is not an address or CIDR prefix", part)
		}
		out = append(out, p.Masked())
	}
	return out, nil
}
