// Package sysconf holds the config keys (the youlai "config" page: free
// key/value rows) and the system parameters: built-in config rows defined by
// one typed table (Params), read by the rest of the code through
// Service.System. Values live only in the database, so every app instance
// reads the same settings; there is no in-process cache.
package sysconf

import (
	"cangshu/internal/auth"
	"regexp"
	"strings"
	"time"

	"cangshu/internal/errs"
	"cangshu/internal/sysparam"
)

// Config is one config-key row as the list page shows it.
type Config struct {
	ID          int64     `json:"id"`
	ConfigName  string    `json:"configName"`
	ConfigKey   string    `json:"configKey"`
	ConfigValue string    `json:"configValue"`
	Remark      string    `json:"remark"`
	Builtin     int       `json:"builtin"` // 1 = a system parameter: cannot be deleted or renamed
	CreateTime  time.Time `json:"createTime"`
}

// Form is the edit form of a config key.
type Form struct {
	ID          int64  `json:"id"`
	ConfigName  string `json:"configName"`
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
	Remark      string `json:"remark"`
	Builtin     int    `json:"builtin"`
}

// Input is what the create and update forms send.
type Input struct {
	ConfigName  string `json:"configName"`
	ConfigKey   string `json:"configKey"`
	ConfigValue string `json:"configValue"`
	Remark      string `json:"remark"`
}

// Field labels.
const (
	labelName   errs.Key = "sysconf.field.configName"
	labelKey    errs.Key = "sysconf.field.configKey"
	labelValue  errs.Key = "sysconf.field.configValue"
	labelRemark errs.Key = "field.remark"
	entity      errs.Key = "sysconf.entity"
)

var keyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.]*$`)

// normalize trims the input.
func (in *Input) normalize() {
	in.ConfigName = strings.TrimSpace(in.ConfigName)
	in.ConfigKey = strings.TrimSpace(in.ConfigKey)
	in.Remark = strings.TrimSpace(in.Remark)
}

// validate checks a free (not built-in) config key's input.
func (in *Input) validate() error {
	in.normalize()
	var f errs.Fields
	f.Text("configName", labelName, in.ConfigName, true, 50)
	f.Text("configKey", labelKey, in.ConfigKey, true, 100)
	if in.ConfigKey != "" && !keyRe.MatchString(in.ConfigKey) {
		f.Add("configKey", "sysconf.err.keyFormat", errs.A("field", labelKey))
	}
	f.Text("configValue", labelValue, in.ConfigValue, false, 2000)
	f.Text("remark", labelRemark, in.Remark, false, 200)
	return f.Err()
}

// validateBuiltin checks an update of a built-in row: the key stays, the
// value obeys the parameter's rules, and returns the value to store. The
// name of a built-in row is the parameter's own (shown in the caller's
// language), so a sent name is only checked for length.
func (in *Input) validateBuiltin(p sysparam.Param, current string) (string, error) {
	in.normalize()
	var f errs.Fields
	f.Text("configName", labelName, in.ConfigName, false, 50)
	if in.ConfigKey != p.Key {
		f.Add("configKey", "sysconf.err.builtinKey", errs.A("key", p.Key))
	}
	value := current
	if !(p.Kind == sysparam.KindPassword && in.ConfigValue == sysparam.Masked) {
		value = p.Check(&f, "configValue", sysparam.Value{Set: true, Str: true, Text: in.ConfigValue}, auth.CheckPassword)
	}
	f.Text("remark", labelRemark, in.Remark, false, 200)
	return value, f.Err()
}
