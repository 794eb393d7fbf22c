package sysparam

import (
	"context"
	"crypto/rand"
	"fmt"
	"time"

	"cangshu/internal/db"
	"cangshu/internal/i18n"
)

func today() string { return time.Now().Format("2006-01-02") }

// randomPassword is a new installation's initial password for new users:
// 12 letters and digits, which the password rule accepts.
func randomPassword() string {
	const alphabet = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 12)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// SeedDefaults creates, idempotently, the built-in row of every system
// parameter with its default value (startDate: today, i.e. the first start's
// date; the initial password of new users: a random one). Existing values
// are kept. Called inside the start-up transaction.
func SeedDefaults(ctx context.Context, q db.Querier) error {
	for _, p := range Params() {
		value := p.Default
		switch p.Key {
		case KeyStartDate:
			value = today()
		case KeyInitPassword:
			value = randomPassword()
		}
		if err := seedParam(ctx, q, p, i18n.T(i18n.ZH, string(p.Label())), value); err != nil {
			return err
		}
	}
	return nil
}

// ReadSystem reads every system parameter, typed. Missing or unreadable
// stored values read as their defaults.
//
// The typed view is kept per process while the parameters are unchanged
// (db.Cached: one cheap query for the change counter instead of reading and
// checking every parameter); a change made by any process shows at once.
func ReadSystem(ctx context.Context, q db.Querier) (System, error) {
	day := today()
	return db.Cached(ctx, q, db.CounterParams, "system:"+day, func(ctx context.Context, q db.Querier) (System, error) {
		stored, err := paramValues(ctx, q)
		if err != nil {
			return System{}, fmt.Errorf("read system parameters: %w", err)
		}
		return buildSystem(stored, day)
	})
}

// paramValues reads the stored values of the system parameters.
func paramValues(ctx context.Context, q db.Querier) (map[string]string, error) {
	params := Params()
	keys := make([]string, len(params))
	for i, p := range params {
		keys[i] = p.Key
	}
	return db.Map[string, string](ctx, q, "SELECT config_key, config_value FROM configs WHERE config_key IN "+db.In(len(keys)), db.Args(keys)...)
}

// seedParam creates a parameter's built-in row when missing; an existing row
// keeps its value and becomes built-in.
func seedParam(ctx context.Context, q db.Querier, p Param, name, value string) error {
	now := time.Now().UTC()
	_, err := q.Exec(ctx, `INSERT INTO configs (config_name, config_key, config_value, remark, builtin, created_at, updated_at)
		VALUES (?, ?, ?, '', 1, ?, ?)
		ON CONFLICT (config_key) DO UPDATE SET builtin = 1 WHERE configs.builtin <> 1`, name, p.Key, value, now, now)
	if err != nil {
		return fmt.Errorf("seed parameter %s: %w", p.Key, err)
	}
	return nil
}
