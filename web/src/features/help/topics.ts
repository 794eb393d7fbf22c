// In-app help: which help topic a screen (a menu's component name) shows.
// The texts are in ./locales (zh-CN and en, the same topics); topics.test.ts
// fails when a screen of the view registry has no topic or a topic lacks a
// language.

/** Every help topic, in the order the drawer's topic list shows them. */
export const helpTopics = [
  'dashboard',
  'tradeEntry',
  'orderEntry',
  'docList',
  'warehouseEntry',
  'stocktake',
  'stock',
  'receipt',
  'fundEntry',
  'verification',
  'invoice',
  'report',
  'goods',
  'price',
  'contacts',
  'customFields',
  'basicData',
  'account',
  'opening',
  'coding',
  'period',
  'recost',
  'stockWarning',
  'printTemplate',
  'parameter',
  'backup',
  'reset',
  'users',
  'system',
  'apidoc',
  'profile',
] as const

export type HelpTopic = (typeof helpTopics)[number]

const bySettings: Record<string, HelpTopic> = {
  inventory: 'goods',
  price: 'price',
  customer: 'contacts',
  customField: 'customFields',
  supplier: 'contacts',
  settAcct: 'account',
  opening: 'opening',
  coding: 'coding',
  period: 'period',
  recost: 'recost',
  printTemplate: 'printTemplate',
  parameter: 'parameter',
  backup: 'backup',
  reset: 'reset',
}

const bySystem: Record<string, HelpTopic> = {
  user: 'users',
  role: 'users',
  dept: 'users',
  apidoc: 'apidoc',
}

const orders = new Set(['purOrder_detail', 'salesOrder_detail'])
const warehouseEntries = new Set(['invTf_detail', 'warehouse_detail', 'exWarehouse_detail', 'costAdjustment_detail', 'combination_detail'])

/**
 * The help of a screen: its topic, and for a report its name (the drawer
 * adds what that report shows to the reports' common help).
 */
export function helpTopic(component: string | undefined): { topic: HelpTopic; report?: string } {
  const name = component ?? ''
  const [section, page = ''] = name.split('/')
  if (name === 'dashboard') return { topic: 'dashboard' }
  if (name === 'profile') return { topic: 'profile' }
  if (section === 'report') return page === 'stockWarning' ? { topic: 'stockWarning' } : { topic: 'report', report: page }
  if (section === 'settings') return { topic: bySettings[page] ?? 'basicData' }
  if (section === 'system') return { topic: bySystem[page] ?? 'system' }
  if (section === 'warehouse') {
    if (page === 'stocktake_detail' || page === 'stocktake') return { topic: 'stocktake' }
    if (page === 'stock') return { topic: 'stock' }
    return { topic: warehouseEntries.has(page) ? 'warehouseEntry' : 'docList' }
  }
  if (section === 'fund') {
    if (page === 'receipt_detail' || page === 'payment_detail') return { topic: 'receipt' }
    if (page === 'verification_detail') return { topic: 'verification' }
    return { topic: page.endsWith('_detail') ? 'fundEntry' : 'docList' }
  }
  if (section === 'sales' || section === 'purchase') {
    if (page.endsWith('Invoice_detail')) return { topic: 'invoice' }
    if (orders.has(page)) return { topic: 'orderEntry' }
    return { topic: page.endsWith('_detail') ? 'tradeEntry' : 'docList' }
  }
  return { topic: 'dashboard' }
}
