// Menus: query keys and hooks (system/menu).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { Option } from '@/api/types'
import type { Menu, MenuInput } from './types'

export const menuKeys = {
  all: ['menus'] as const,
  list: (keywords: string) => ['menus', 'list', keywords] as const,
  parents: (lang: string) => ['menus', 'options', 'parents', lang] as const,
  form: (id: number) => ['menus', 'form', id] as const,
}

export const useMenuList = (keywords: string) =>
  useQuery({ queryKey: menuKeys.list(keywords), queryFn: () => api.get<Menu[]>('/menus/list', { params: keywords ? { keywords } : {} }) })

/** Catalogs and menus (no buttons) for the parent select. */
export const useMenuParents = (lang: string) =>
  useQuery({
    queryKey: menuKeys.parents(lang),
    queryFn: () => api.get<Option<number>[]>('/menus/options', { params: { onlyParent: true } }),
  })

export const useMenuForm = (id: number | undefined) =>
  useQuery({
    queryKey: menuKeys.form(id ?? 0),
    queryFn: () => api.get<MenuInput>('/menus/get_update', { params: { id } }),
    enabled: !!id,
    staleTime: 0,
    gcTime: 0,
  })

// The lists and option trees; the signed-in user's route tree reloads with the next sign-in.
const invalidate = (qc: ReturnType<typeof useQueryClient>) =>
  Promise.all([qc.invalidateQueries({ queryKey: ['menus', 'list'] }), qc.invalidateQueries({ queryKey: ['menus', 'options'] })])

export function useSaveMenu() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: MenuInput) =>
      id
        ? api.post<unknown>('/menus/update', body, { params: { id }, silent: true })
        : api.post<unknown>('/menus/create', body, { silent: true }),
    onSuccess: () => invalidate(qc),
  })
}

export function useDeleteMenu() {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<void>(`/menus/${id}`),
    onSuccess: () => invalidate(qc),
  })
}
