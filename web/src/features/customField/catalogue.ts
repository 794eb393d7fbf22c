// The texts of custom fields (the settings screen and the fields in the
// goods, contact and document forms), in their own namespace, added when a
// screen that shows them loads.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'customField', zh, true, false)
i18n.addResourceBundle('en', 'customField', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
