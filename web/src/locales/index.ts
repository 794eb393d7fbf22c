// The zh-CN and en catalogues the app needs before sign-in (the sign-in
// page, errors, the HTTP client's messages), one JSON file per namespace and
// language; the rest are in app.ts, loaded with the signed-in shell.
// locales.test.ts fails when the two languages' key sets differ.
import zhCommon from './zh-CN/common.json'
import zhLogin from './zh-CN/login.json'
import zhError from './zh-CN/error.json'
import zhCache from './zh-CN/cache.json'
import zhDecimal from './zh-CN/decimal.json'
import enCommon from './en/common.json'
import enLogin from './en/login.json'
import enError from './en/error.json'
import enCache from './en/cache.json'
import enDecimal from './en/decimal.json'

export const languages = ['zh-CN', 'en'] as const
export type Language = (typeof languages)[number]

export const resources = {
  'zh-CN': {
    common: zhCommon,
    login: zhLogin,
    error: zhError,
    cache: zhCache,
    decimal: zhDecimal,
  },
  en: {
    common: enCommon,
    login: enLogin,
    error: enError,
    cache: enCache,
    decimal: enDecimal,
  },
} as const

export const namespaces = Object.keys(resources['zh-CN']) as (keyof (typeof resources)['zh-CN'])[]
