// The invoice namespace (invoice screens, the invoice state of goods
// documents and the lists' "invoice" action), added when a screen that
// shows them loads, so it stays out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'invoice', zh, true, false)
i18n.addResourceBundle('en', 'invoice', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
