package role

import "cangshu/internal/i18n"

// Built-in roles are seeded with a Chinese name and an English remark. They
// are shown in the caller's language while their text is still the seeded
// one (in either language); what an administrator wrote instead stays as
// written.
func builtinText(lang i18n.Lang, code, field, stored string) string {
	key := "role.builtin." + code + "." + field
	if !i18n.Has(key) {
		return stored
	}
	for _, l := range i18n.Langs {
		if stored == i18n.T(l, key) {
			return i18n.T(lang, key)
		}
	}
	return stored
}

// localize shows a built-in role's seeded name and remark in lang.
func (r *Role) localize(lang i18n.Lang) {
	if !r.Builtin {
		return
	}
	r.Name = builtinText(lang, r.Code, "name", r.Name)
	r.Remark = builtinText(lang, r.Code, "remark", r.Remark)
}
