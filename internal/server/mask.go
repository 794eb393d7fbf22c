package server

import (
	"encoding/json"
	"net/url"
	"strings"
)

func secretKey(k string) bool {
	k = strings.ToLower(k)
	return strings.Contains(k, "password") || strings.Contains(k, "code") || strings.Contains(k, "token")
}

// maskKeys replaces the values of secret-looking keys in a JSON object or a
// form-encoded string.
func maskKeys(s string) string {
	var m map[string]any
	if json.Unmarshal([]byte(s), &m) == nil {
		for k := range m {
			if secretKey(k) {
				m[k] = "******"
			}
		}
		b, _ := json.Marshal(m)
		return string(b)
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
