package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"sort"
)

// Diff lists the fields that differ between two versions of a record, for
// the operation log: both are compared as their JSON, nested objects by
// field and lists by position ("entries[1].qty"), skipping the named
// top-level or nested field names (timestamps, versions …). A line added
// or removed is one change with the whole line as its new or old value.
func Diff(old, new any, skip ...string) []Change {
	a, b := asJSON(old), asJSON(new)
	var out []Change
	diffValue("", a, b, skip, &out)
	return out
}

func asJSON(v any) any {
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	// Numbers stay exact (json.Number): amounts are logged as written.
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out any
	if dec.Decode(&out) != nil {
		return nil
	}
	return out
}

func diffValue(path string, a, b any, skip []string, out *[]Change) {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := map[string]bool{}
		for k := range av {
			keys[k] = true
		}
		for k := range bv {
			keys[k] = true
		}
		names := make([]string, 0, len(keys))
		for k := range keys {
			if !slices.Contains(skip, k) {
				names = append(names, k)
			}
		}
		sort.Strings(names)
		for _, k := range names {
			p := k
			if path != "" {
				p = path + "." + k
			}
			diffValue(p, av[k], bv[k], skip, out)
		}
		return
	case []any:
		bv, ok := b.([]any)
		if !ok && b != nil {
			break
		}
		for i := 0; i < max(len(av), len(bv)); i++ {
			p := fmt.Sprintf("%s[%d]", path, i)
			switch {
			case i >= len(bv):
				*out = append(*out, Change{Field: p, Old: av[i]})
			case i >= len(av):
				*out = append(*out, Change{Field: p, New: bv[i]})
			default:
				diffValue(p, av[i], bv[i], skip, out)
			}
		}
		return
	}
	if bl, ok := b.([]any); ok && a == nil {
		diffValue(path, []any{}, bl, skip, out)
		return
	}
	if !reflect.DeepEqual(a, b) {
		*out = append(*out, Change{Field: path, Old: a, New: b})
	}
}
