// Dictionaries and items: administration. The items as screens use them
// come from the cache (cache.ts), which every change here clears.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { PageResult } from '@/api/types'
import type { PageParams } from '@/components/useListQuery'
import { clearDictCache } from './cache'
import type { Dict, DictFilters, DictInput, DictItem, DictItemInput } from './types'

export const dictKeys = {
  all: ['dicts'] as const,
  page: ['dicts', 'page'] as const,
  items: (code: string) => ['dicts', 'items', code] as const,
}

const base = '/v1/dicts'
const enc = encodeURIComponent

export const getDictPage = (p: DictFilters & PageParams) => api.get<PageResult<Dict>>(`${base}/page`, { params: p })
export const getDictItemPage = (code: string, p: DictFilters & PageParams) =>
  api.get<PageResult<DictItem>>(`${base}/${enc(code)}/items/page`, { params: p })

/** Dictionary changes: the lists and the whole item cache (a code may have changed). */
function useDictMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: dictKeys.all }), clearDictCache(qc)]),
  })
}

export const useSaveDict = () =>
  useDictMutation(({ id, input }: { id?: number; input: DictInput }) =>
    id ? api.post<void>(`${base}/${id}`, input, { silent: true }) : api.post<number>(`${base}/`, input, { silent: true }),
  )
export const useDeleteDicts = () => useDictMutation((ids: number[]) => api.delete<void>(`${base}/${ids.join(',')}`))

/** Item changes: the item list and the cache of that code. */
function useItemMutation<V>(code: string, fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: dictKeys.items(code) }), clearDictCache(qc, code)]),
  })
}

export const useSaveDictItem = (code: string) =>
  useItemMutation(code, ({ id, input }: { id?: number; input: DictItemInput }) =>
    id
      ? api.post<void>(`${base}/${enc(code)}/items/${id}`, input, { silent: true })
      : api.post<number>(`${base}/${enc(code)}/items`, input, { silent: true }),
  )
export const useDeleteDictItems = (code: string) =>
  useItemMutation(code, (ids: number[]) => api.delete<void>(`${base}/${enc(code)}/items/${ids.join(',')}`))
