// The fund namespace (money documents: receipts, payments, verification,
// other income and expense, fund transfers), added when a screen that
// shows them loads, so it stays out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'fund', zh, true, false)
i18n.addResourceBundle('en', 'fund', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
