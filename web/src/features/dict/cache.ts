// The client dictionary cache: the enabled items of a
// dictionary load once per code (and language: labels come translated),
// concurrent loads of one code share one request, and the cache can be
// cleared for one code or wholly. It lives in react-query (never refetched
// by time: staleTime Infinity), so it is dropped with the rest of the server
// data at sign-out.
//
//   const { data: types = [] } = useDictItems('notice_type')
//   const label = await loadDictItems(queryClient, 'gender')   // outside components
//   clearDictCache(queryClient, 'gender') / clearDictCache(queryClient)
import { useQuery, type QueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import { usePreferences } from '@/stores/preferences'
import type { DictOption } from './types'

export const dictCacheKeys = {
  all: ['dictItems'] as const,
  code: (code: string) => ['dictItems', code] as const,
  lang: (code: string, lang: string) => ['dictItems', code, lang] as const,
}

export const fetchDictItems = (code: string) => api.get<DictOption[]>(`/v1/dicts/${encodeURIComponent(code)}/items`, { silent: true })

const options = (code: string, lang: string) => ({
  queryKey: dictCacheKeys.lang(code, lang),
  queryFn: () => fetchDictItems(code),
  staleTime: Infinity,
  gcTime: Infinity,
})

/** The enabled items of a dictionary, loaded once per code. */
export function useDictItems(code: string) {
  const lang = usePreferences((s) => s.language)
  return useQuery({ ...options(code, lang), enabled: code !== '' })
}

/** The same cache outside components: resolves from it, or joins the load under way. */
export function loadDictItems(qc: QueryClient, code: string): Promise<DictOption[]> {
  return qc.ensureQueryData(options(code, usePreferences.getState().language))
}

/**
 * Forgets the items of one dictionary (after editing it) or of all: screens
 * showing them load them again, the others on their next use.
 */
export function clearDictCache(qc: QueryClient, code?: string) {
  return qc.resetQueries({ queryKey: code ? dictCacheKeys.code(code) : dictCacheKeys.all })
}

/** The item of a value (values compare as text: 1 and "1" are one item). */
export function findDictItem(items: DictOption[] | undefined, value: unknown): DictOption | undefined {
  if (value === undefined || value === null || value === '') return undefined
  const v = String(value)
  return items?.find((i) => i.value === v)
}
