// Live updates: what others change reaches the open
// screens without a reload. The server streams one `change` event per write
// anybody made (GET /api/live: module = the route's tag, action = its log
// key; documents only within the caller's shop); this maps a module to the
// react-query keys its screens read, and those refetch, through the same
// rights as any request. A document kind touches what a local save touches
// (lists, goods stock, contact and account balances, reports, dashboard).
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { accountKeys } from '@/features/account/api'
import { assistKeys, assistTypeKeys } from '@/features/assist/api'
import { cacheKeys } from '@/features/cache/api'
import type { CacheName } from '@/features/cache/types'
import { contactKeys } from '@/features/contact/api'
import { affectedByDocuments } from '@/features/document/lib/affected'
import { employeeKeys } from '@/features/employee/api'
import { goodsKeys } from '@/features/goods/api'
import { itemKeys } from '@/features/item/api'
import { locationKeys } from '@/features/location/api'
import { noticeKeys } from '@/features/notice/api'
import { shopKeys } from '@/features/shop/api'
import { unitKeys } from '@/features/unit/api'

export interface LiveEvent {
  id: number
  module: string
  action: string
  userId: number
}

interface Touch {
  keys: QueryKey[]
  caches?: CacheName[]
}

/** The shared (not per-shop) data and what its screens and caches read. */
const shared: Record<string, Touch> = {
  contact: { keys: [contactKeys.all], caches: ['customers', 'suppliers'] },
  goods: { keys: [goodsKeys.all], caches: ['goods'] },
  invlocation: { keys: [locationKeys.all], caches: ['warehouses'] },
  settAcct: { keys: [accountKeys.all], caches: ['accounts'] },
  unit: { keys: [unitKeys.all], caches: ['units', 'unitGroups'] },
  assist: { keys: [assistKeys.all, assistTypeKeys.all], caches: ['assists', 'payMethods', 'assistTypes', 'assistSkus'] },
  employee: { keys: [employeeKeys.all], caches: ['staff'] },
  item: { keys: [itemKeys.all], caches: ['items'] },
  shop: { keys: [shopKeys.all], caches: ['shops'] },
  notice: { keys: [noticeKeys.all] },
  user: { keys: [['users']] },
  dept: { keys: [['depts']] },
  dict: { keys: [['dicts']] },
  menu: { keys: [['menus']] },
  config: { keys: [['config']] },
  // roles, and the data rights saved with them: what a user may see changes
  role: { keys: [['roles'], ...affectedByDocuments], caches: ['warehouses', 'customers', 'suppliers'] },
  // stock-moving work outside the documents
  stocktake: { keys: [['stocktake'], ...affectedByDocuments] },
  opening: { keys: [['opening'], ...affectedByDocuments] },
  recost: { keys: [['recost'], ...affectedByDocuments] },
  period: { keys: [['period'], ...affectedByDocuments] },
}

/** Modules that are not data (sign-in, the log itself …): nothing to refetch. */
const ignored = new Set(['auth', 'live', 'log'])

/**
 * What a batch of events touches: query keys and client caches, each once.
 * A module not known here (a document kind, or anything new) touches what a
 * document does; "*" (the server dropped events for a slow reader) touches
 * everything.
 */
export function touched(events: LiveEvent[]): { keys: QueryKey[]; caches: CacheName[]; all: boolean } {
  const keys = new Map<string, QueryKey>()
  const caches = new Set<CacheName>()
  for (const e of events) {
    if (e.module === '*') return { keys: [], caches: [], all: true }
    if (ignored.has(e.module)) continue
    const t = shared[e.module] ?? { keys: affectedByDocuments }
    for (const k of t.keys) keys.set(JSON.stringify(k), k)
    for (const c of t.caches ?? []) caches.add(c)
  }
  return { keys: [...keys.values()], caches: [...caches], all: false }
}

/** Marks what the events touched as stale: open screens refetch. */
export async function applyEvents(qc: QueryClient, events: LiveEvent[]): Promise<void> {
  const t = touched(events)
  if (t.all) {
    await qc.invalidateQueries()
    return
  }
  await Promise.all([
    ...t.keys.map((queryKey) => qc.invalidateQueries({ queryKey })),
    ...t.caches.map((name) => qc.invalidateQueries({ queryKey: cacheKeys.one(name) })),
  ])
}
