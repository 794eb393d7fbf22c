// The only bridge between the server's menus and the code: a menu's
// component name → a lazily loaded view. "Layout" is the shell (catalogs,
// nested ones too); an unknown name shows the 404 page. viewRegistry.test.ts
// fails when a component named in internal/menu/seed.go is missing here.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { LAYOUT } from '@/utils/routeTree'

type Loader = () => Promise<{ default: ComponentType }>

const comingSoon: Loader = () => import('./ComingSoon')
const notFound: Loader = () => import('./NotFound')

/** Views that exist. */
const views: Record<string, Loader> = {
  [LAYOUT]: () => import('@/layouts/AppLayout'),
  dashboard: () => import('@/features/dashboard/views/Dashboard'),
  profile: () => import('@/features/profile/views/Profile'),
  'system/logViewer': () => import('@/features/logViewer/views/LogViewerPage'),
  'system/user': () => import('@/features/user/views/UserList'),
  'system/role': () => import('@/features/role/views/RoleList'),
  'system/menu': () => import('@/features/menu/views/MenuList'),
  'system/dept': () => import('@/features/dept/views/DeptList'),
  'system/notice': () => import('@/features/notice/views/NoticeList'),
  'system/myNotice': () => import('@/features/notice/views/MyNotice'),
  'system/dict': () => import('@/features/dict/views/DictList'),
  'system/dictItem': () => import('@/features/dict/views/DictItems'),
  'system/log': () => import('@/features/oplog/views/OpLogList'),
  'system/config': () => import('@/features/sysconf/views/ConfigList'),
  'system/shop': () => import('@/features/shop/views/ShopList'),
  'settings/parameter': () => import('@/features/sysconf/views/SystemParameters'),
  'settings/invlocation': () => import('@/features/location/views/LocationList'),
  'settings/employee': () => import('@/features/employee/views/EmployeeList'),
  'settings/settAcct': () => import('@/features/account/views/AccountList'),
  'settings/assist': () => import('@/features/assist/views/CategoryList'),
  'settings/payMethod': () => import('@/features/assist/views/PayMethodList'),
  'settings/unit': () => import('@/features/unit/views/UnitList'),
  'settings/assistSku': () => import('@/features/assist/views/AssistSkuList'),
  'settings/item': () => import('@/features/item/views/ItemList'),
  'settings/customer': () => import('@/features/contact/views/CustomerList'),
  'settings/supplier': () => import('@/features/contact/views/SupplierList'),
  'settings/inventory': () => import('@/features/goods/views/GoodsList'),
  'settings/price': () => import('@/features/goods/views/PriceList'),
  'settings/coding': () => import('@/features/settings/views/CodingRules'),
  'settings/customField': () => import('@/features/customField/views/CustomFields'),
  'settings/period': () => import('@/features/settings/views/PeriodClose'),
  'settings/opening': () => import('@/features/settings/views/OpeningBalances'),
  'settings/recost': () => import('@/features/settings/views/CostRecalc'),
  'report/stockWarning': () => import('@/features/warning/views/StockWarnings'),
  'settings/printTemplate': () => import('@/features/printTemplate/views/PrintTemplates'),
  'settings/backup': () => import('@/features/settings/views/BackupRestore'),
  'settings/reset': () => import('@/features/settings/views/ResetData'),
  'system/apidoc': () => import('@/features/apidoc/views/ApiDoc'),
  ...documentViews(),
  ...reportViews(),
  ...warehouseViews(),
  'sales/salesInvoice_detail': () => import('@/features/invoice/views/InvoiceEntry').then((m) => ({ default: m.SalesInvoiceEntry })),
  'sales/salesInvoice': () => import('@/features/invoice/views/InvoiceList').then((m) => ({ default: m.SalesInvoiceList })),
  'purchase/purInvoice_detail': () => import('@/features/invoice/views/InvoiceEntry').then((m) => ({ default: m.PurInvoiceEntry })),
  'purchase/purInvoice': () => import('@/features/invoice/views/InvoiceList').then((m) => ({ default: m.PurInvoiceList })),
  ...fundViews(),
}

/** The six trading document kinds: one generic entry page and list page each. */
function documentViews(): Record<string, Loader> {
  const out: Record<string, Loader> = {}
  const kinds = [
    ['purchase', 'purOrder'],
    ['purchase', 'purchase'],
    ['purchase', 'rePurchase'],
    ['sales', 'salesOrder'],
    ['sales', 'sales'],
    ['sales', 'reSales'],
  ] as const
  for (const [section, name] of kinds) {
    out[`${section}/${name}_detail`] = () => import('@/features/document/views/DocEntry').then((m) => ({ default: m.entryView(name) }))
    out[`${section}/${name}`] = () => import('@/features/document/views/DocList').then((m) => ({ default: m.listView(name) }))
  }
  return out
}

/** The reports, every one on the one report view (internal/report). */
function reportViews(): Record<string, Loader> {
  const out: Record<string, Loader> = {}
  const names = [
    'puDetail',
    'puOrderDetail',
    'puSummaryInv',
    'puSummarySupplier',
    'salesDetail',
    'salesOrderDetail',
    'salesSummaryInv',
    'salesSummaryCustomer',
    'salesSummarySales',
    'salesProfit',
    'invBalance',
    'deliverDetail',
    'deliverSummary',
    'warehouseDetail',
    'outboundDetail',
    'serNumTracer',
    'contactDebt',
    'bankJournal',
    'receivableDetail',
    'payableDetail',
    'customerReconciliation',
    'supplierReconciliation',
    'oriDetail',
    'receivableAgeing',
    'collectionOverview',
  ]
  for (const name of names)
    out[`report/${name}`] = () => import('@/features/report/views/ReportView').then((m) => ({ default: m.reportView(name) }))
  return out
}

/** The warehouse area: its document kinds on the generic entry and
 * list pages (their entry pages at the seed's routes), the stocktake and the
 * stock query. */
function warehouseViews(): Record<string, Loader> {
  const out: Record<string, Loader> = {}
  const kinds = [
    ['invTf', 'invTf_detail'],
    ['otherIn', 'warehouse_detail'],
    ['otherOut', 'exWarehouse_detail'],
    ['costAdjustment', 'costAdjustment_detail'],
    ['combination', 'combination_detail'],
  ] as const
  for (const [name, entry] of kinds) {
    out[`warehouse/${entry}`] = () => import('@/features/document/views/DocEntry').then((m) => ({ default: m.entryView(name) }))
    out[`warehouse/${name}`] = () => import('@/features/document/views/DocList').then((m) => ({ default: m.listView(name) }))
  }
  out['warehouse/stocktake_detail'] = () => import('@/features/warehouse/views/StocktakeEntry')
  out['warehouse/stocktake'] = () => import('@/features/warehouse/views/StocktakeList')
  out['warehouse/stock'] = () => import('@/features/warehouse/views/StockQuery')
  return out
}

/** The money documents: the generic entry and list pages of the fund family. */
function fundViews(): Record<string, Loader> {
  const out: Record<string, Loader> = {}
  for (const name of ['receipt', 'payment', 'income', 'expense', 'fundTf', 'verification'] as const) {
    out[`fund/${name}_detail`] = () => import('@/features/document/views/DocEntry').then((m) => ({ default: m.entryView(name) }))
    out[`fund/${name}`] = () => import('@/features/document/views/DocList').then((m) => ({ default: m.listView(name) }))
  }
  return out
}

/** Seeded screens not built yet: they show the "coming soon" view. */
export const comingSoonViews = [
  // system
]

for (const name of comingSoonViews) if (!views[name]) views[name] = comingSoon

/** Every component name with a view. */
export function viewNames(): string[] {
  return Object.keys(views)
}

/** Whether a component name has a view (real or "coming soon"). */
export function hasView(name: string | undefined): boolean {
  return !!name && Object.prototype.hasOwnProperty.call(views, name)
}

/** Whether the name shows the "coming soon" placeholder. */
export function isComingSoon(name: string): boolean {
  return views[name] === comingSoon
}

const cache = new Map<string, LazyExoticComponent<ComponentType>>()

/** The lazy view of a component name; the same instance every time. */
export function resolveView(name: string | undefined): LazyExoticComponent<ComponentType> {
  const key = hasView(name) ? (name as string) : '\0notFound'
  let view = cache.get(key)
  if (!view) {
    view = lazy(hasView(name) ? views[name as string] : notFound)
    cache.set(key, view)
  }
  return view
}

/** The loader behind a name, for tests and preloading. */
export function viewLoader(name: string | undefined): Loader {
  return hasView(name) ? views[name as string] : notFound
}
