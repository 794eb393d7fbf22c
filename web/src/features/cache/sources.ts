// The product's client caches and the lists they load (docs/api.md §3). Master
// data lists take status 1, page 1, rows 10000 and answer {rows: [...]};
// goods load in pages of 5000 (isDelete 2, disable 1) while a page comes back
// full. Lists the server does not have yet answer 404: such a cache is
// empty and "not available" until the server has it, without any popup.
//
// Choices: payment methods are the assisting properties of type PayMethod
// (/assist/list?typeNumber=PayMethod, the product's category of 结算方式);
// shops come from Cangshu's own /shops/options ([{value, label}]), the
// enabled shops the user may switch to.
import type { CacheSource } from './types'

export const CACHE_ROWS = 10000
export const GOODS_PAGE_ROWS = 5000
/** Stops a server that always answers full pages. */
export const MAX_GOODS_PAGES = 200

/** Parameters of every master data list. */
export const LIST_PARAMS = { status: 1, page: 1, rows: CACHE_ROWS } as const
/** Parameters of every goods page (page varies). */
export const GOODS_PARAMS = { isDelete: 2, disable: 1, rows: GOODS_PAGE_ROWS } as const

export const cacheSources: CacheSource[] = [
  { name: 'warehouses', url: '/invlocation/list' },
  { name: 'assists', url: '/assist/list' },
  { name: 'staff', url: '/employee/list' },
  { name: 'shops', url: '/shops/options', kind: 'options' },
  { name: 'customers', url: '/contact/list', params: { type: -10 } },
  { name: 'suppliers', url: '/contact/list', params: { type: 10 } },
  { name: 'items', url: '/item/list', perm: 'settings:item:query' },
  { name: 'accounts', url: '/settAcct/list', perm: 'settings:settAcct:query' },
  { name: 'payMethods', url: '/assist/list', params: { typeNumber: 'PayMethod' } },
  { name: 'units', url: '/unit/list' },
  { name: 'unitGroups', url: '/unitType/list' },
  { name: 'assistTypes', url: '/assistType/list' },
  { name: 'assistSkus', url: '/assistSku/list' },
  { name: 'goods', url: '/inventory/list', kind: 'paged' },
]

export function sourceOf(name: string): CacheSource {
  const s = cacheSources.find((c) => c.name === name)
  if (!s) throw new Error(`unknown cache ${name}`)
  return s
}
