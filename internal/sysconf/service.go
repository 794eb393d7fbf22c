package sysconf

import (
	"cangshu/internal/auth"
	"context"
	"fmt"
	"strings"

	"cangshu/internal/db"
	"cangshu/internal/errs"
	"cangshu/internal/i18n"
	"cangshu/internal/server"
	"cangshu/internal/sysparam"
)

// Service manages config keys and system parameters.
type Service struct {
	db *db.DB
}

// NewService makes the service.
func NewService(d *db.DB) *Service { return &Service{db: d} }

// today is the server's local date, YYYY-MM-DD.

// View says how a caller sees config values.
type View struct {
	Lang       i18n.Lang
	SeeSecrets bool // may read the initial password (holds sys:config:update)
}

// present fixes what a caller sees of a row: built-in rows carry their
// parameter's name in the caller's language; secrets may be masked.
func (v View) present(name, key, value string, builtin int) (string, string) {
	if builtin == 1 {
		if p, ok := sysparam.FindParam(key); ok {
			name = i18n.T(v.Lang, string(p.Label()))
		}
	}
	if key == sysparam.KeyInitPassword && !v.SeeSecrets {
		value = sysparam.Masked
	}
	return name, value
}

// Page lists config keys whose name or key contains keywords.
func (s *Service) Page(ctx context.Context, v View, keywords string, pp server.PageParams) (server.PageResult[Config], error) {
	f := pageFilter{keywords: strings.TrimSpace(keywords), limit: pp.PageSize, offset: pp.Offset()}
	if f.keywords != "" {
		kw := strings.ToLower(f.keywords)
		for _, p := range sysparam.Params() {
			if strings.Contains(strings.ToLower(i18n.T(v.Lang, string(p.Label()))), kw) {
				f.keys = append(f.keys, p.Key)
			}
		}
	}
	list, total, err := listConfigs(ctx, s.db, f)
	if err != nil {
		return server.PageResult[Config]{}, fmt.Errorf("list configs: %w", err)
	}
	for i := range list {
		c := &list[i]
		c.ConfigName, c.ConfigValue = v.present(c.ConfigName, c.ConfigKey, c.ConfigValue, c.Builtin)
	}
	return server.NewPage(list, total), nil
}

// Form reads one config key for editing.
func (s *Service) Form(ctx context.Context, v View, id int64) (Form, error) {
	f, err := getConfig(ctx, s.db, id)
	if err != nil {
		return Form{}, err
	}
	f.ConfigName, f.ConfigValue = v.present(f.ConfigName, f.ConfigKey, f.ConfigValue, f.Builtin)
	return f, nil
}

// Create adds a config key.
func (s *Service) Create(ctx context.Context, v View, in Input) (Form, error) {
	if err := in.validate(); err != nil {
		return Form{}, err
	}
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		taken, err := keyTaken(ctx, tx, in.ConfigKey, 0)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("configKey", labelKey, in.ConfigKey)
		}
		id, err = insertConfig(ctx, tx, in)
		if db.IsUnique(err) {
			return errs.Duplicate("configKey", labelKey, in.ConfigKey)
		}
		return err
	})
	if err != nil {
		return Form{}, errs.Wrap("create config", err)
	}
	return s.Form(ctx, v, id)
}

// Update changes a config key. A built-in row keeps its key and name; its
// value must satisfy the parameter's rules.
func (s *Service) Update(ctx context.Context, v View, id int64, in Input) (Form, error) {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := getConfig(ctx, tx, id)
		if err != nil {
			return err
		}
		if cur.Builtin == 1 {
			p, ok := sysparam.FindParam(cur.ConfigKey)
			if !ok { // a built-in row no parameter defines any more: free value, fixed key
				p = sysparam.Param{Key: cur.ConfigKey, Kind: sysparam.KindText, Max: 2000}
			}
			value, err := in.validateBuiltin(p, cur.ConfigValue)
			if err != nil {
				return err
			}
			var f errs.Fields
			if err := guardDates(ctx, tx, &f, "configValue", p.Key, cur.ConfigValue, value); err != nil {
				return err
			}
			if err := f.Err(); err != nil {
				return err
			}
			return updateConfig(ctx, tx, id, cur.ConfigName, cur.ConfigKey, value, in.Remark)
		}
		if err := in.validate(); err != nil {
			return err
		}
		taken, err := keyTaken(ctx, tx, in.ConfigKey, id)
		if err != nil {
			return err
		}
		if taken {
			return errs.Duplicate("configKey", labelKey, in.ConfigKey)
		}
		err = updateConfig(ctx, tx, id, in.ConfigName, in.ConfigKey, in.ConfigValue, in.Remark)
		if db.IsUnique(err) {
			return errs.Duplicate("configKey", labelKey, in.ConfigKey)
		}
		return err
	})
	if err != nil {
		return Form{}, errs.Wrap("update config", err)
	}
	return s.Form(ctx, v, id)
}

// Delete removes config keys, all or none; built-in keys are refused.
func (s *Service) Delete(ctx context.Context, ids []int64) error {
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		rows, err := configsByID(ctx, tx, ids)
		if err != nil {
			return err
		}
		for _, id := range ids {
			r, ok := rows[id]
			if !ok {
				return errs.NotFound(entity)
			}
			if r.builtin == 1 {
				return errs.Conflict("sysconf.err.builtinDelete", errs.A("key", r.key))
			}
		}
		return deleteConfigs(ctx, tx, ids)
	})
	return errs.Wrap("delete configs", err)
}

// Refresh exists for the youlai page's "refresh cache" button. Cangshu keeps
// no in-process copy of config values (several instances share the
// database and always read it), so there is nothing to refresh.
func (s *Service) Refresh(ctx context.Context) error { return nil }

// System reads every system parameter, typed. Missing or unreadable stored
// values read as their defaults.
func (s *Service) System(ctx context.Context) (sysparam.System, error) {
	return sysparam.ReadSystem(ctx, s.db)
}

// SystemFor is System as a caller sees it: the initial password is masked
// unless the caller may read it.
func (s *Service) SystemFor(ctx context.Context, v View) (sysparam.System, error) {
	sys, err := s.System(ctx)
	if err != nil {
		return sysparam.System{}, err
	}
	if !v.SeeSecrets {
		sys.InitPassword = sysparam.Masked
	}
	return sys, nil
}

// UpdateSystem changes the parameters present in values (keyed by JSON
// name). Every field is checked first; all are written in one transaction,
// nothing when one is bad. The masked initial password ("******") means
// "unchanged". The start date and the close date are held to guardDates.
func (s *Service) UpdateSystem(ctx context.Context, v View, values map[string]sysparam.Value) (sysparam.System, error) {
	var f errs.Fields
	type write struct {
		p     sysparam.Param
		value string
	}
	var writes []write
	for _, p := range sysparam.Params() {
		val, ok := values[p.Key]
		if !ok || !val.Set {
			continue
		}
		if p.Kind == sysparam.KindPassword && val.Str && val.Text == sysparam.Masked {
			continue
		}
		writes = append(writes, write{p, p.Check(&f, p.Key, val, auth.CheckPassword)})
	}
	if err := f.Err(); err != nil {
		return sysparam.System{}, err
	}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		cur, err := paramValuesOf(ctx, tx, "startDate", "closeDate")
		if err != nil {
			return err
		}
		for _, w := range writes {
			if err := guardDates(ctx, tx, &f, w.p.Key, w.p.Key, cur[w.p.Key], w.value); err != nil {
				return err
			}
		}
		if err := f.Err(); err != nil {
			return err
		}
		for _, w := range writes {
			if err := upsertParam(ctx, tx, w.p, i18n.T(i18n.ZH, string(w.p.Label())), w.value); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return sysparam.System{}, errs.Wrap("update system parameters", err)
	}
	return s.SystemFor(ctx, v)
}

// guardDates holds a change of the start date or the close date (key) from
// old to value to the books: the close date is moved only by closing and
// reopening periods (sent back unchanged it passes); the start date may not
// change while a period is closed (a start inside closed books, or moved out
// of them, rewrites what they say) nor be later than the first document.
// A refusal is recorded in f at path.
func guardDates(ctx context.Context, q db.Querier, f *errs.Fields, path, key, old, value string) error {
	if value == old {
		return nil
	}
	switch key {
	case "closeDate":
		// Only the period close (POST /api/period/close, /open) moves it.
		f.Add(path, "sysconf.err.closeDateByPeriod")
	case sysparam.KeyStartDate:
		closed, err := paramValuesOf(ctx, q, "closeDate")
		if err != nil {
			return err
		}
		if c := closed["closeDate"]; c != "" {
			f.Add(path, "sysconf.err.startDateClosed", errs.A("date", c))
			return nil
		}
		no, on, err := firstBill(ctx, q)
		if err != nil {
			return err
		}
		if no != "" && value > on {
			f.Add(path, "sysconf.err.startDateAfterBill", errs.A("no", no), errs.A("date", on))
		}
	}
	return nil
}
