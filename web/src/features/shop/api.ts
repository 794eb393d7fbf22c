// Shops: list, form, changes, members.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { PageResult } from '@/api/types'
import type { PageParams } from '@/components/useListQuery'
import type { Shop, ShopFilters, ShopForm, ShopInput, ShopMember } from './types'

export const shopKeys = {
  all: ['shops'] as const,
  page: ['shops', 'page'] as const,
  form: (id: number) => ['shops', 'form', id] as const,
  members: (id: number) => ['shops', 'members', id] as const,
}

/** The shell's shop switch lists the shops from GET /home. */
const homeKey = ['home'] as const

export const getShopPage = (p: ShopFilters & PageParams) => api.get<PageResult<Shop>>('/shops/page', { params: p })
export const getShopForm = (id: number) => api.get<ShopForm>(`/shops/${id}/form`)
export const getShopMembers = (id: number) => api.get<ShopMember[]>(`/shops/${id}/users`)

export const useShopForm = (id: number | undefined) =>
  useQuery({ queryKey: shopKeys.form(id ?? 0), queryFn: () => getShopForm(id!), enabled: !!id, staleTime: 0, gcTime: 0 })

export const useShopMembers = (id: number | undefined) =>
  useQuery({ queryKey: shopKeys.members(id ?? 0), queryFn: () => getShopMembers(id!), enabled: !!id, staleTime: 0 })

function useShopMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: shopKeys.all }), qc.invalidateQueries({ queryKey: homeKey })]),
  })
}

export const useSaveShop = () =>
  useShopMutation(({ id, input }: { id?: number; input: ShopInput }) =>
    id ? api.post<void>(`/shops/${id}`, input, { silent: true }) : api.post<number>('/shops/', input, { silent: true }),
  )
export const useDeleteShops = () => useShopMutation((ids: number[]) => api.delete<void>(`/shops/${ids.join(',')}`))
export const useSaveMembers = () =>
  useShopMutation(({ id, userIds }: { id: number; userIds: number[] }) => api.post<void>(`/shops/${id}/users`, { userIds }))
