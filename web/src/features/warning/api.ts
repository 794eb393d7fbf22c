// Inventory warnings (库存预警): the list, its Excel export and the dashboard counts.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { GridResult } from '@/api/types'
import { downloadFile } from '@/api/download'

export interface StockWarning {
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  unitName: string
  locationId: number
  locationName: string
  qty: number | string
  lowQty: number | string | null
  highQty: number | string | null
  state: 'low' | 'high'
  gap: number | string
}

export interface WarningFilters {
  state?: '' | 'low' | 'high'
  matchCon?: string
  locationId?: number
}

const clean = (f: WarningFilters) => ({
  state: f.state || undefined,
  matchCon: f.matchCon || undefined,
  locationId: f.locationId || undefined,
})

export const useStockWarnings = (f: WarningFilters, p: { page: number; rows: number }) =>
  useQuery({
    queryKey: ['stockWarning', 'list', f, p],
    queryFn: () => api.get<GridResult<StockWarning>>('/report/stockWarning', { params: { ...clean(f), ...p } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  })

export const useWarningCounts = (enabled: boolean) =>
  useQuery({
    queryKey: ['stockWarning', 'counts'],
    queryFn: () => api.get<{ low: number; high: number }>('/report/stockWarning/counts', { silent: true }),
    enabled,
  })

export const exportWarnings = (f: WarningFilters, name: string) =>
  downloadFile({ url: '/report/stockWarning/export', params: clean(f) }, name)
