// The help namespace (in-app help per screen), added when the help drawer
// first opens, so it stays out of the first bundle.
import i18n from '@/app/i18n'
import en from './locales/en.json'
import zh from './locales/zh-CN.json'

i18n.addResourceBundle('zh-CN', 'help', zh, true, false)
i18n.addResourceBundle('en', 'help', en, true, false)

export const catalogues = { 'zh-CN': zh, en }
