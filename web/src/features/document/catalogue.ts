// The docFiles namespace (a document's attachments and the customer's
// signature), added when a document screen loads, so it stays out of the
// first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'docFiles', zh, true, false)
i18n.addResourceBundle('en', 'docFiles', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
