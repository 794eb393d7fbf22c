// The warehouse namespace (sub-types, stocktake, stock query, combination
// templates), added when a screen that shows warehouse documents loads, so
// it stays out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'warehouse', zh, true, false)
i18n.addResourceBundle('en', 'warehouse', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
