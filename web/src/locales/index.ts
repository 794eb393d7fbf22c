// The zh-CN and en catalogues, one JSON file per namespace and language.
// locales.test.ts fails when the two languages' key sets differ.
import zhCommon from './zh-CN/common.json'
import zhLogin from './zh-CN/login.json'
import zhLayout from './zh-CN/layout.json'
import zhError from './zh-CN/error.json'
import zhDashboard from './zh-CN/dashboard.json'
import zhProfile from './zh-CN/profile.json'
import zhLogViewer from './zh-CN/logViewer.json'
import zhCache from './zh-CN/cache.json'
import zhList from './zh-CN/list.json'
import zhAccess from './zh-CN/access.json'
import zhDict from './zh-CN/dict.json'
import zhNotice from './zh-CN/notice.json'
import zhOplog from './zh-CN/oplog.json'
import zhSysconf from './zh-CN/sysconf.json'
import zhShop from './zh-CN/shop.json'
import zhBasicData from './zh-CN/basicData.json'
import zhContact from './zh-CN/contact.json'
import zhGoods from './zh-CN/goods.json'
import zhDecimal from './zh-CN/decimal.json'
import zhDocGrid from './zh-CN/docGrid.json'
import zhDocument from './zh-CN/document.json'
import zhSettings from './zh-CN/settings.json'
import zhApidoc from './zh-CN/apidoc.json'
import zhReport from './zh-CN/report.json'
import zhEntry from './zh-CN/entry.json'
import enCommon from './en/common.json'
import enLogin from './en/login.json'
import enLayout from './en/layout.json'
import enError from './en/error.json'
import enDashboard from './en/dashboard.json'
import enProfile from './en/profile.json'
import enLogViewer from './en/logViewer.json'
import enCache from './en/cache.json'
import enList from './en/list.json'
import enAccess from './en/access.json'
import enDict from './en/dict.json'
import enNotice from './en/notice.json'
import enOplog from './en/oplog.json'
import enSysconf from './en/sysconf.json'
import enShop from './en/shop.json'
import enBasicData from './en/basicData.json'
import enContact from './en/contact.json'
import enGoods from './en/goods.json'
import enDecimal from './en/decimal.json'
import enDocGrid from './en/docGrid.json'
import enDocument from './en/document.json'
import enSettings from './en/settings.json'
import enApidoc from './en/apidoc.json'
import enReport from './en/report.json'
import enEntry from './en/entry.json'

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
    logViewer: zhLogViewer,
    cache: zhCache,
    list: zhList,
    access: zhAccess,
    dict: zhDict,
    notice: zhNotice,
    oplog: zhOplog,
    sysconf: zhSysconf,
    shop: zhShop,
    basicData: zhBasicData,
    contact: zhContact,
    goods: zhGoods,
    decimal: zhDecimal,
    docGrid: zhDocGrid,
    document: zhDocument,
    settings: zhSettings,
    apidoc: zhApidoc,
    report: zhReport,
    entry: zhEntry,
  },
  en: {
    common: enCommon,
    login: enLogin,
    layout: enLayout,
    error: enError,
    dashboard: enDashboard,
    profile: enProfile,
    logViewer: enLogViewer,
    cache: enCache,
    list: enList,
    access: enAccess,
    dict: enDict,
    notice: enNotice,
    oplog: enOplog,
    sysconf: enSysconf,
    shop: enShop,
    basicData: enBasicData,
    contact: enContact,
    goods: enGoods,
    decimal: enDecimal,
    docGrid: enDocGrid,
    document: enDocument,
    settings: enSettings,
    apidoc: enApidoc,
    report: enReport,
    entry: enEntry,
  },
} as const

export const namespaces = Object.keys(resources['zh-CN']) as (keyof (typeof resources)['zh-CN'])[]
