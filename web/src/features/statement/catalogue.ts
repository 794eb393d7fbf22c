// The statement namespace (sharing a customer statement, the page the
// customer opens), added when a screen that shows it loads, so it stays out
// of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'statement', zh, true, false)
i18n.addResourceBundle('en', 'statement', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
