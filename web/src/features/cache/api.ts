// The client caches of master data: loaded once after sign-in through
// react-query (never stale, never dropped while signed in), keyed by id,
// cleared when the session ends. A failure shows the server's message, or
// "failed to get <name> cache"; a list the server does not have yet (404)
// or that the user may not read (403: e.g. a warehouse keeper and the
// settlement accounts) is silently empty (available: false).
import { useEffect } from 'react'
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import i18n from '@/app/i18n'
import { feedback } from '@/app/feedback'
import { api, ApiError } from '@/api/http'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { cacheSources, GOODS_PARAMS, GOODS_PAGE_ROWS, LIST_PARAMS, MAX_GOODS_PAGES, sourceOf } from './sources'
import type { CacheData, CacheName, CacheRecord, CacheSource } from './types'

export const cacheKeys = {
  all: ['cache'] as const,
  one: (name: CacheName) => ['cache', name] as const,
}

/** The records of a list answer: {rows} (also {items}, {list} or a bare array). */
export function rowsOf(data: unknown): Record<string, unknown>[] {
  if (Array.isArray(data)) return data as Record<string, unknown>[]
  if (data && typeof data === 'object') {
    const d = data as Record<string, unknown>
    for (const k of ['rows', 'items', 'list']) if (Array.isArray(d[k])) return d[k] as Record<string, unknown>[]
  }
  return []
}

/** Records keyed by id (records without a numeric id are left out of the map). */
export function keyById<T extends CacheRecord>(list: T[]): Map<number, T> {
  const byId = new Map<number, T>()
  for (const r of list) {
    const id = Number(r.id)
    if (Number.isFinite(id)) byId.set(id, r)
  }
  return byId
}

const quiet = { silent: true } // the cache reports its own failures

async function fetchRecords(s: CacheSource): Promise<CacheRecord[]> {
  if (s.kind === 'options') {
    const options = await api.get<{ value: number | string; label: string }[]>(s.url, quiet)
    return (options ?? []).map((o) => ({ id: Number(o.value), name: o.label }))
  }
  if (s.kind === 'paged') {
    const out: CacheRecord[] = []
    for (let page = 1; page <= MAX_GOODS_PAGES; page++) {
      const data = await api.get<unknown>(s.url, { ...quiet, params: { ...GOODS_PARAMS, ...s.params, page } })
      const rows = rowsOf(data) as CacheRecord[]
      out.push(...rows)
      if (rows.length < GOODS_PAGE_ROWS) break
    }
    return out
  }
  const data = await api.get<unknown>(s.url, { ...quiet, params: { ...LIST_PARAMS, ...s.params } })
  return rowsOf(data) as CacheRecord[]
}

/** The message of a failed cache load: the server's, or "failed to get … cache". */
export function failureMessage(name: CacheName, e: unknown): string {
  if (e instanceof ApiError && e.code && e.message) return e.message
  return i18n.t('cache:failed', { name: i18n.t(`cache:names.${name}`) })
}

/** Loads one cache. */
export async function loadCache(name: CacheName): Promise<CacheData> {
  const source = sourceOf(name)
  // a list the user may not read is not asked for (the page would see a 403)
  if (source.perm && !can(source.perm, useSession.getState().user)) return { list: [], byId: new Map(), available: false }
  try {
    const list = await fetchRecords(source)
    return { list, byId: keyById(list), available: true }
  } catch (e) {
    if (e instanceof ApiError && (e.httpStatus === 404 || e.httpStatus === 403)) return { list: [], byId: new Map(), available: false }
    feedback.message.error(failureMessage(name, e))
    throw e
  }
}

const cacheOptions = (name: CacheName) => ({
  queryKey: cacheKeys.one(name),
  queryFn: () => loadCache(name),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
})

/** Loads every cache (after sign-in); failures are reported by loadCache. */
export function prefetchCaches(qc: QueryClient): Promise<void> {
  return Promise.all(cacheSources.map((s) => qc.prefetchQuery(cacheOptions(s.name)))).then(() => undefined)
}

/** Drops every cache (sign-out, session end). */
export function clearCaches(qc: QueryClient) {
  qc.removeQueries({ queryKey: cacheKeys.all })
}

/** Clears the caches when the session ends; returns the unsubscribe. */
export function clearCachesOnSignOut(qc: QueryClient): () => void {
  return useSession.subscribe((s, prev) => {
    if (prev.accessToken && !s.accessToken) clearCaches(qc)
  })
}

/** Mounted once by the shell: loads the caches after sign-in, clears them on sign-out. */
export function useClientCaches() {
  const qc = useQueryClient()
  useEffect(() => {
    void prefetchCaches(qc)
    return clearCachesOnSignOut(qc)
  }, [qc])
}

const EMPTY: CacheData = { list: [], byId: new Map(), available: false }

/** One cache (loads it if the shell has not yet). */
export function useCache<T extends CacheRecord = CacheRecord>(name: CacheName): CacheData<T> & { isLoading: boolean } {
  const q = useQuery(cacheOptions(name))
  return { ...((q.data ?? EMPTY) as CacheData<T>), isLoading: q.isLoading }
}

/** One record of a cache by id. */
export function useCacheItem<T extends CacheRecord = CacheRecord>(name: CacheName, id: number | null | undefined): T | undefined {
  const c = useCache<T>(name)
  return id === null || id === undefined ? undefined : c.byId.get(Number(id))
}
