package auth_test

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"golang.org/x/crypto/bcrypt"

	"cangshu/internal/app"
	"cangshu/internal/config"
	"cangshu/internal/dbtest"
)

// The first administrator's password (CANGSHU_ADMIN_PASSWORD) is held to
// the password rule: a weak one stops the first start, naming the setting
// and the reason, and creates nobody.
func TestFirstStartRefusesAWeakAdminPassword(t *testing.T) {
	t.Parallel()
	for pw, want := range map[string]string{
		"abcdef":       "at least 8 characters",
		"admin123":     "may not contain the user name",
		"password1234": "too common",
	} {
		cfg := config.Default()
		cfg.PasswordCost = bcrypt.MinCost
		cfg.AdminPassword = pw
		cfg.DataDir = t.TempDir()
		d := dbtest.Open(t)
		_, err := app.New(context.Background(), cfg, d, slog.New(slog.DiscardHandler))
		if err == nil || !strings.Contains(err.Error(), "CANGSHU_ADMIN_PASSWORD") || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", pw, err)
			continue
		}
		var n int
		if err := d.QueryRow(context.Background(), "SELECT COUNT(*) FROM users").Scan(&n); err == nil && n != 0 {
			t.Errorf("%s: %d users created", pw, n)
		}
	}
}
