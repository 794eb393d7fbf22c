// The catalogues of the signed-in app (every namespace not needed before
// sign-in), added to i18next by app/appCatalogues.ts when the shell loads, so
// they stay out of the first bundle.
import zhLayout from './zh-CN/layout.json'
import zhDashboard from './zh-CN/dashboard.json'
import zhProfile from './zh-CN/profile.json'
import zhLogViewer from './zh-CN/logViewer.json'
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
import zhDocGrid from './zh-CN/docGrid.json'
import zhDocument from './zh-CN/document.json'
import zhSettings from './zh-CN/settings.json'
import zhApidoc from './zh-CN/apidoc.json'
import zhReport from './zh-CN/report.json'
import zhEntry from './zh-CN/entry.json'
import enLayout from './en/layout.json'
import enDashboard from './en/dashboard.json'
import enProfile from './en/profile.json'
import enLogViewer from './en/logViewer.json'
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
import enDocGrid from './en/docGrid.json'
import enDocument from './en/document.json'
import enSettings from './en/settings.json'
import enApidoc from './en/apidoc.json'
import enReport from './en/report.json'
import enEntry from './en/entry.json'

export const appResources = {
  'zh-CN': {
    layout: zhLayout,
    dashboard: zhDashboard,
    profile: zhProfile,
    logViewer: zhLogViewer,
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
    docGrid: zhDocGrid,
    document: zhDocument,
    settings: zhSettings,
    apidoc: zhApidoc,
    report: zhReport,
    entry: zhEntry,
  },
  en: {
    layout: enLayout,
    dashboard: enDashboard,
    profile: enProfile,
    logViewer: enLogViewer,
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
    docGrid: enDocGrid,
    document: enDocument,
    settings: enSettings,
    apidoc: enApidoc,
    report: enReport,
    entry: enEntry,
  },
} as const

export const appNamespaces = Object.keys(appResources['zh-CN']) as (keyof (typeof appResources)['zh-CN'])[]
