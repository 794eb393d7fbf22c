// Warehouses: the master-data calls plus the shop choices of the form.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { Option } from '@/api/types'
import { getShopPage } from '@/features/shop/api'
import { useSession } from '@/stores/session'
import { can } from '@/stores/permission'
import { masterApi } from '@/features/master/api'
import type { CacheName } from '@/features/cache/types'
import type { Location, LocationInput } from './types'

export const locationApi = masterApi<Location, LocationInput>('/invlocation')
export const locationKeys = { all: ['invlocation'] as const }
export const locationCaches: CacheName[] = ['warehouses']

/**
 * The shops a warehouse may belong to: every shop for those who manage
 * shops (the shops page), otherwise the shops the user belongs to.
 */
export function useShopChoices() {
  const user = useSession((s) => s.user)
  const all = !!user && can('sys:shop:query', user)
  return useQuery({
    queryKey: ['shops', all ? 'all' : 'options'],
    queryFn: async (): Promise<Option<number>[]> => {
      if (all) {
        const page = await getShopPage({ pageNum: 1, pageSize: 1000 })
        return page.list.map((s) => ({ value: s.id, label: s.status === 1 ? s.name : `${s.name} (${s.code})` }))
      }
      return api.get<Option<number>[]>('/shops/options')
    },
    staleTime: 60_000,
  })
}
