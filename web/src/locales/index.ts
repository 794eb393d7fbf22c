// The zh-CN and en catalogues, one JSON file per namespace and language.
// locales.test.ts fails when the two languages' key sets differ.
import zhCommon from './zh-CN/common.json'
import zhLogin from './zh-CN/login.json'
import zhLayout from './zh-CN/layout.json'
import zhError from './zh-CN/error.json'
import zhDashboard from './zh-CN/dashboard.json'
import zhProfile from './zh-CN/profile.json'
import enCommon from './en/common.json'
import enLogin from './en/login.json'
import enLayout from './en/layout.json'
import enError from './en/error.json'
import enDashboard from './en/dashboard.json'
import enProfile from './en/profile.json'

export const languages = ['zh-CN', 'en'] as const
export type Language = (typeof languages)[number]

export const resources = {
  'zh-CN': {
    common: zhCommon,
    login: zhLogin,
    layout: zhLayout,
    error: zhError,
    dashboard: zhDashboard,
    profile: zhProfile,
  },
  en: {
    common: enCommon,
    login: enLogin,
    layout: enLayout,
    error: enError,
    dashboard: enDashboard,
    profile: enProfile,
  },
} as const

export const namespaces = Object.keys(resources['zh-CN']) as (keyof (typeof resources)['zh-CN'])[]
