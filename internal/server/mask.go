package server

import (
	"encoding/json"
	"net/url"
	"strings"
)

// secretKey tells whether a field holds a secret: passwords, tokens, captcha answers.
func secretKey(k string) bool {
	k = strings.ToLower(k)
	return strings.Contains(k, "password") || strings.Contains(k, "token") || strings.Contains(k, "secret") || k == "captchacode"
}

// secretValue tells whether a key/value record names a secret (a config key
// such as sys.user.initPassword), so that its value must be hidden.
func secretValue(m map[string]any) bool {
	for _, k := range []string{"configKey", "key"} {
		if v, ok := m[k].(string); ok && secretKey(v) {
			return true
		}
	}
	return false
}

// maskKeys replaces the values of secret-looking keys in a JSON object or a
// form-encoded string.
func maskKeys(s string) string {
	var m map[string]any
	if json.Unmarshal([]byte(s), &m) == nil {
		hideValue := secretValue(m)
		for k := range m {
			if secretKey(k) || (hideValue && (k == "configValue" || k == "value")) {
				m[k] = "******"
			}
		}
		b, _ := json.Marshal(m)
		return string(b)
	}
	if strings.HasPrefix(strings.TrimSpace(s), "{") {
		return "" // not parseable JSON: keep nothing rather than a secret
	}
	if vals, err := url.ParseQuery(s); err == nil {
		for k := range vals {
			if secretKey(k) {
				vals[k] = []string{"******"}
			}
		}
		return vals.Encode()
	}
	return ""
}

// maskURI is the request URI with secret query values hidden
// (POST /api/users/{id}/password/reset?password=…).
func maskURI(u *url.URL) string {
	q := u.Query()
	changed := false
	for k := range q {
		if secretKey(k) {
			q[k] = []string{"******"}
			changed = true
		}
	}
	if !changed {
		return u.RequestURI()
	}
	c := *u
	c.RawQuery = q.Encode()
	return c.RequestURI()
}

// maskChanges hides the values of secret fields (passwords, codes, tokens).
func maskChanges(in []Change) []Change {
	out := make([]Change, len(in))
	for i, ch := range in {
		out[i] = ch
		if secretKey(ch.Field) {
			out[i].Old, out[i].New = "******", "******"
		}
	}
	return out
}
