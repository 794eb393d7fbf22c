/** The client caches loaded after sign-in. */
export type CacheName =
  | 'warehouses'
  | 'assists'
  | 'staff'
  | 'shops'
  | 'customers'
  | 'suppliers'
  | 'items'
  | 'accounts'
  | 'payMethods'
  | 'units'
  | 'unitGroups'
  | 'assistTypes'
  | 'assistSkus'
  | 'goods'

/** A cached record: whatever the list answers, with its id. */
export interface CacheRecord {
  id: number
  name?: string
  number?: string
  [key: string]: unknown
}

/** One cache: the records in server order, and keyed by id. */
export interface CacheData<T extends CacheRecord = CacheRecord> {
  list: T[]
  byId: Map<number, T>
  /** false while the server has no such list yet (it answered 404) */
  available: boolean
}

/** Where a cache comes from. */
export interface CacheSource {
  name: CacheName
  /** path under the client's base (/prod-api) */
  url: string
  /** the permission its list asks for, when not every seeded role holds it: without it the cache is empty, unasked (no 403) */
  perm?: string
  /** query parameters besides the list defaults */
  params?: Record<string, string | number>
  /**
   * list (default): one request with status 1, page 1, rows 10000 → {rows};
   * paged: pages of 5000 while full (goods); options: [{value, label}] →
   * records {id: value, name: label}, no list parameters
   */
  kind?: 'list' | 'paged' | 'options'
}
