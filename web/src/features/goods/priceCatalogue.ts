// The price namespace (the price list screen), added when the screen loads,
// so it stays out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'price', zh, true, false)
i18n.addResourceBundle('en', 'price', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
