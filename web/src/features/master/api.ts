// The calls every master-data resource of docs/basic-data.md shares (list,
// get_update, add/update, delete, disable, nextNumber, exporter, template,
// import), and the react-query hooks over them. A change invalidates the
// resource's queries and the client caches (features/cache) fed by it, so
// pickers see it at once.
//
//   export const locationApi = masterApi<Location, LocationInput>('/invlocation')
//   const list = useListQuery({ key: locationKeys.page, fetch: locationApi.page, filters })
//   const { save, remove, disable } = useMasterMutations(locationApi, locationKeys.all, ['warehouses'])
import { useRef } from 'react'
import { useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { GridResult, PageResult } from '@/api/types'
import { compact, type PageParams } from '@/components/useListQuery'
import { cacheKeys } from '@/features/cache/api'
import type { CacheName } from '@/features/cache/types'
import { downloadFile } from '@/api/download'
import type { BatchResult, ImportResult } from './types'

/** The most rows a list may ask for at once. */
export const ALL_ROWS = 10000

/** pageNum/pageSize (useListQuery) → page/rows (business lists), without empty values. */
export function gridParams(p: Record<string, unknown>): Record<string, unknown> {
  const { pageNum, pageSize, ...rest } = p
  return compact({ ...rest, page: pageNum, rows: pageSize })
}

/** {page, records, total, rows} → {list, total} (total = the row count). */
export function fromGrid<T>(g: GridResult<T> | T[] | null | undefined): PageResult<T> {
  if (Array.isArray(g)) return { list: g, total: g.length }
  return { list: g?.rows ?? [], total: g?.records ?? 0 }
}

const ids = (list: number[]) => list.join(',')

export type SaveBody<I> = I & { id?: number }

export interface MasterApi<T, I> {
  base: string
  /** one page, for useListQuery */
  page: (p: Record<string, unknown> & PageParams) => Promise<PageResult<T>>
  /** every row matching the filters (up to ALL_ROWS) */
  all: (params?: Record<string, unknown>) => Promise<T[]>
  get: (id: number) => Promise<T>
  /** add without id, update with it; field errors come back for the form */
  save: (body: SaveBody<I>) => Promise<T>
  remove: (list: number[]) => Promise<BatchResult[]>
  disable: (list: number[], disable: 0 | 1) => Promise<BatchResult[]>
  nextNumber: (params?: Record<string, unknown>) => Promise<string>
  exportList: (filters: Record<string, unknown>, fallbackName: string) => Promise<string>
  template: (fallbackName: string, params?: Record<string, unknown>) => Promise<string>
  importFile: (file: File, dryRun: boolean, params?: Record<string, unknown>) => Promise<ImportResult>
}

export function masterApi<T, I = Partial<T>>(base: string): MasterApi<T, I> {
  return {
    base,
    page: (p) => api.get<GridResult<T>>(`${base}/list`, { params: gridParams(p) }).then(fromGrid),
    all: (params) =>
      api.get<GridResult<T>>(`${base}/list`, { params: compact({ page: 1, rows: ALL_ROWS, ...params }) }).then((g) => fromGrid(g).list),
    get: (id) => api.get<T>(`${base}/get_update`, { params: { id } }),
    save: ({ id, ...body }) =>
      id ? api.post<T>(`${base}/update`, { ...body, id }, { silent: true }) : api.post<T>(`${base}/add`, body, { silent: true }),
    remove: (list) => api.delete<BatchResult[]>(`${base}/delete`, { params: { id: ids(list) } }),
    disable: (list, disable) => api.post<BatchResult[]>(`${base}/disable`, undefined, { params: { id: ids(list), disable } }),
    nextNumber: (params) => api.get<{ number: string }>(`${base}/nextNumber`, { params, silent: true }).then((r) => r?.number ?? ''),
    exportList: (filters, name) => {
      const { pageNum: _n, pageSize: _s, ...rest } = filters
      void _n
      void _s
      return downloadFile({ url: `${base}/exporter`, params: compact(rest) }, name)
    },
    template: (name, params) => downloadFile({ url: `${base}/template`, params: compact(params ?? {}) }, name),
    importFile: (file, dryRun, params) => {
      const form = new FormData()
      form.append('file', file)
      return api.post<ImportResult>(`${base}/import`, form, { params: compact({ ...params, dryRun: dryRun ? 1 : undefined }) })
    },
  }
}

/** Invalidates a resource's queries and the caches it feeds. */
export function useInvalidate(key: QueryKey, caches: CacheName[] = []) {
  const qc = useQueryClient()
  return () =>
    Promise.all([qc.invalidateQueries({ queryKey: key }), ...caches.map((c) => qc.invalidateQueries({ queryKey: cacheKeys.one(c) }))]).then(
      () => undefined,
    )
}

/** One record for the edit dialog (fetched fresh each time it opens). */
export function useMasterRecord<T>(res: Pick<MasterApi<T, never>, 'get'>, key: QueryKey, id: number | undefined) {
  return useQuery({
    queryKey: [...key, 'form', id ?? 0],
    queryFn: () => res.get(id!),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })
}

/** The next free number for a new record ('' when the server has none to offer). */
export function useNextNumber(
  res: Pick<MasterApi<unknown, never>, 'base' | 'nextNumber'>,
  enabled: boolean,
  params?: Record<string, unknown>,
) {
  // Each opening of a dialog is its own query: the dialog stays mounted while
  // closed, so one fixed key kept the number proposed at the previous opening
  // (now taken) and answered it at once while the refetch ran behind.
  const opening = useOpening(enabled)
  return useQuery({
    queryKey: [res.base, 'nextNumber', params ?? {}, opening],
    queryFn: () => res.nextNumber(params).catch(() => ''),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  })
}

/** A counter that goes up each time enabled turns from false to true. */
export function useOpening(enabled: boolean): number {
  const ref = useRef({ was: false, n: 0 })
  if (enabled && !ref.current.was) ref.current.n++
  ref.current.was = enabled
  return ref.current.n
}

export function useMasterMutations<T, I>(res: MasterApi<T, I>, key: QueryKey, caches: CacheName[] = []) {
  const done = useInvalidate(key, caches)
  const save = useMutation({ mutationFn: (body: SaveBody<I>) => res.save(body), onSuccess: done })
  // a batch may succeed for some ids and fail for others: reload either way
  const remove = useMutation({ mutationFn: (list: number[]) => res.remove(list), onSettled: done })
  const disable = useMutation({
    mutationFn: ({ ids: list, disable }: { ids: number[]; disable: 0 | 1 }) => res.disable(list, disable),
    onSettled: done,
  })
  const importFile = useMutation({
    mutationFn: ({ file, dryRun, params }: { file: File; dryRun: boolean; params?: Record<string, unknown> }) =>
      res.importFile(file, dryRun, params),
    onSuccess: (r) => {
      if (!r.dryRun && r.importedCount > 0) void done()
    },
  })
  return { save, remove, disable, importFile, invalidate: done }
}

/**
 * What an add/edit dialog of a master record needs: the record (edit) or
 * the next number (add), whether either is loading, and the save.
 */
export function useMasterDialog<T, I>(
  res: MasterApi<T, I>,
  key: QueryKey,
  caches: CacheName[],
  state: { open: boolean; id?: number },
  /** parameters of nextNumber (e.g. the item type) */
  numberParams?: Record<string, unknown>,
) {
  const editing = !!state.id
  const record = useMasterRecord(res, key, state.open ? state.id : undefined)
  const next = useNextNumber(res, state.open && !editing, numberParams)
  const { save } = useMasterMutations(res, key, caches)
  return {
    editing,
    loading: editing ? record.isLoading : next.isLoading,
    record: record.data,
    nextNumber: next.data ?? '',
    submit: (v: I) => save.mutateAsync({ ...v, id: state.id } as SaveBody<I>),
  }
}
