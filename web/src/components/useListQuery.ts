// useListQuery: the filter + paging state of a server-paged list, fed to
// react-query. The first state comes from the page's own location (the tab's
// query: ?pageNum=2&pageSize=50&status=1 …), so a link or a reload opens the
// same page; afterwards the state lives in the (cached) view. search() sets the
// filters and goes back to page 1; reset() restores the first filters.
//
//   const list = useListQuery({
//     key: userKeys.page,                         // query key prefix; filters + paging are appended
//     fetch: (p) => getUserPage(p),               // p = { ...filters, pageNum, pageSize }
//     filters: { keywords: undefined, status: undefined } as UserFilters,
//   })
//   <SearchForm onSearch={list.search} onReset={list.reset}>…</SearchForm>
//   <ListTable list={list} columns={columns} rowKey="id" />
import { useCallback, useContext, useMemo, useRef, useState } from 'react'
import { hashKey, keepPreviousData, useQuery, type QueryKey } from '@tanstack/react-query'
import type { PageResult } from '@/api/types'
import { TabRouteContext } from '@/app/tabRoute'

export type Filters = Record<string, unknown>

export interface PageParams {
  pageNum: number
  pageSize: number
}

export interface ListQueryOptions<F extends Filters, T> {
  /** query key prefix (invalidate it after changes) */
  key: QueryKey
  fetch: (params: F & PageParams) => Promise<PageResult<T>>
  /** the first filters; keys also say which query parameters of the location to read */
  filters?: F
  pageSize?: number
  enabled?: boolean
}

export interface ListQuery<F extends Filters, T> {
  filters: F
  pageNum: number
  pageSize: number
  params: F & PageParams
  list: T[]
  total: number
  loading: boolean
  fetching: boolean
  /** new filters (merged over the current ones), back to page 1 */
  search: (filters: Partial<F>) => void
  /** the first filters, page 1 */
  reset: () => void
  setPage: (pageNum: number, pageSize?: number) => void
  refetch: () => void
}

export const DEFAULT_PAGE_SIZE = 10

/** Drops empty values (undefined, null, '', []) so they are not sent. */
export function compact<F extends Filters>(f: F): F {
  const out: Filters = {}
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue
    out[k] = v
  }
  return out as F
}

/** The first state from a location query: paging plus the keys of initial filters. */
export function stateFromQuery<F extends Filters>(
  query: URLSearchParams | undefined,
  initial: F,
  pageSize: number,
): { filters: F; pageNum: number; pageSize: number } {
  const num = (v: string | null, d: number) => {
    const n = v === null ? NaN : Number(v)
    return Number.isInteger(n) && n > 0 ? n : d
  }
  const filters: Filters = { ...initial }
  if (query) {
    for (const k of Object.keys(initial)) {
      const v = query.get(k)
      if (v !== null && v !== '') filters[k] = typeof initial[k] === 'number' ? Number(v) : v
    }
  }
  return {
    filters: filters as F,
    pageNum: num(query?.get('pageNum') ?? null, 1),
    pageSize: num(query?.get('pageSize') ?? null, pageSize),
  }
}

export function useListQuery<F extends Filters, T>(opts: ListQueryOptions<F, T>): ListQuery<F, T> {
  const tab = useContext(TabRouteContext)
  const [initial] = useState<F>(() => opts.filters ?? ({} as F)) // the caller's first value
  const [first] = useState(() => stateFromQuery(tab?.query, initial, opts.pageSize ?? DEFAULT_PAGE_SIZE))
  const [filters, setFilters] = useState<F>(first.filters)
  const [paging, setPaging] = useState({ pageNum: first.pageNum, pageSize: first.pageSize })

  const params = useMemo(() => ({ ...compact(filters), ...paging }) as F & PageParams, [filters, paging])
  const q = useQuery({
    queryKey: [...opts.key, params],
    queryFn: () => opts.fetch(params),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  })

  const now = useRef({ filters, paging, refetch: q.refetch })
  now.current = { filters, paging, refetch: q.refetch }
  // 搜索 always asks the server: the same filters again refetch (stock and
  // statuses change behind a list); new ones start at page 1
  const search = useCallback((f: Partial<F>) => {
    const { filters: old, paging: p, refetch } = now.current
    const next = { ...old, ...f }
    if (p.pageNum === 1 && hashKey([compact(next)]) === hashKey([compact(old)])) {
      void refetch()
      return
    }
    setFilters(next)
    setPaging((x) => ({ ...x, pageNum: 1 }))
  }, [])
  const reset = useCallback(() => {
    setFilters(initial)
    setPaging((p) => ({ ...p, pageNum: 1 }))
  }, [initial])
  const setPage = useCallback((pageNum: number, pageSize?: number) => {
    setPaging((p) => ({ pageNum: pageSize && pageSize !== p.pageSize ? 1 : pageNum, pageSize: pageSize ?? p.pageSize }))
  }, [])
  const { refetch } = q

  return {
    filters,
    pageNum: paging.pageNum,
    pageSize: paging.pageSize,
    params,
    list: q.data?.list ?? [],
    total: q.data?.total ?? 0,
    loading: q.isLoading,
    fetching: q.isFetching,
    search,
    reset,
    setPage,
    refetch: () => void refetch(),
  }
}
