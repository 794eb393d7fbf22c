// Adds the signed-in app's catalogues (locales/app.ts) to i18next. The shell
// (layouts/AppLayout) imports it, so they load with the shell's code, after
// the sign-in page.
import { appNamespaces, appResources } from '@/locales/app'
import { languages } from '@/locales'
import i18n from './i18n'

for (const lang of languages) for (const ns of appNamespaces) i18n.addResourceBundle(lang, ns, appResources[lang][ns], true, false)
