// i18next with the bundled zh-CN and en catalogues; the language follows the
// preferences store.
import i18n from 'i18next'
import { initReactI18next } from 'react-i18next'
import { resources, namespaces } from '@/locales'
import { usePreferences } from '@/stores/preferences'

i18n.use(initReactI18next).init({
  resources,
  lng: usePreferences.getState().language,
  fallbackLng: 'zh-CN',
  ns: namespaces,
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
})

usePreferences.subscribe((s, prev) => {
  if (s.language !== prev.language) void i18n.changeLanguage(s.language)
})

const syncHtmlLang = (lng: string) => {
  if (typeof document !== 'undefined') document.documentElement.lang = lng
}
syncHtmlLang(i18n.language)
i18n.on('languageChanged', syncHtmlLang)

export default i18n
