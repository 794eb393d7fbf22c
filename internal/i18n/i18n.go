// Package i18n translates message keys into zh-CN or English. Catalogues are
// JSON files under locales/<lang>/<namespace>.json, one namespace per domain;
// key sets must be equal in both languages (a test checks).
package i18n

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"cangshu/internal/errs"
)

// Lang is a supported language tag.
type Lang string

const (
	ZH Lang = "zh-CN"
	EN Lang = "en"
)

// Langs lists the supported languages, the default first.
var Langs = []Lang{ZH, EN}

//go:embed locales
var files embed.FS

var catalogs = mustLoad()

func mustLoad() map[Lang]map[string]string {
	out := map[Lang]map[string]string{}
	for _, l := range Langs {
		m := map[string]string{}
		dir := path.Join("locales", string(l))
		entries, err := fs.ReadDir(files, dir)
		if err != nil {
			panic(err)
		}
		for _, e := range entries {
			b, err := files.ReadFile(path.Join(dir, e.Name()))
			if err != nil {
				panic(err)
			}
			var part map[string]string
			if err := json.Unmarshal(b, &part); err != nil {
				panic(fmt.Sprintf("i18n %s/%s: %v", l, e.Name(), err))
			}
			for k, v := range part {
				if _, dup := m[k]; dup {
					panic(fmt.Sprintf("i18n %s: key %q defined twice", l, k))
				}
				m[k] = v
			}
		}
		out[l] = m
	}
	return out
}

// Parse picks the language from an Accept-Language header: English when the
// first listed language is English, zh-CN otherwise.
func Parse(acceptLanguage string) Lang {
	first := strings.TrimSpace(strings.SplitN(acceptLanguage, ",", 2)[0])
	first = strings.ToLower(strings.SplitN(first, ";", 2)[0])
	if strings.HasPrefix(first, "en") {
		return EN
	}
	return ZH
}

// Has reports whether key exists in the catalogue.
func Has(key string) bool {
	_, ok := catalogs[ZH][key]
	return ok
}

// Keys returns every key of a language (for tests).
func Keys(l Lang) map[string]string { return catalogs[l] }

// T translates key with its arguments. An unknown key is returned as is.
func T(l Lang, key string, args ...errs.Arg) string {
	msg, ok := catalogs[l][key]
	if !ok {
		msg, ok = catalogs[ZH][key]
		if !ok {
			return key
		}
	}
	if len(args) == 0 || !strings.Contains(msg, "{") {
		return msg
	}
	pairs := make([]string, 0, len(args)*2)
	for _, a := range args {
		var v string
		switch x := a.Value.(type) {
		case errs.Key:
			v = T(l, string(x))
		case errs.Texts:
			v = x.ZH
			if (l == EN && x.EN != "") || x.ZH == "" {
				v = x.EN
			}
		default:
			v = fmt.Sprint(x)
		}
		pairs = append(pairs, "{"+a.Name+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(msg)
}

// Seeded shows a text the application seeded (a built-in dictionary's name, the
// first shop's name …) in lang: while stored is still the seeded text of key in
// any language it is answered in lang; text an administrator typed instead is
// answered as typed. A key missing from the catalogue leaves stored as it is.
func Seeded(lang Lang, key, stored string) string {
	if !Has(key) {
		return stored
	}
	for _, l := range Langs {
		if stored == T(l, key) {
			return T(lang, key)
		}
	}
	return stored
}
