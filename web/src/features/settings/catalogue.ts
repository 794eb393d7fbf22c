// The texts of the opening balances, cost recalculation, stock warnings and
// print template screens, added to the settings namespace when one of those
// (lazy) screens loads, so they stay out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'settings', zh, true, false)
i18n.addResourceBundle('en', 'settings', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
