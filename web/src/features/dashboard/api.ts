// The dashboard's server data: visit figures and trend, the user count.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import type { PageResult } from '@/api/types'
import { trendRange } from './lib/figures'
import type { VisitStats, VisitTrend } from './types'

export const dashboardKeys = {
  visitStats: ['dashboard', 'visitStats'] as const,
  visitTrend: (startDate: string, endDate: string) => ['dashboard', 'visitTrend', startDate, endDate] as const,
  userCount: ['dashboard', 'userCount'] as const,
  figure: (key: string) => ['dashboard', 'figure', key] as const,
}

// Silent: a figure that fails shows "—" rather than a popup on the home page.
export const getVisitStats = () => api.get<VisitStats>('/logs/visit-stats', { silent: true })
export const getVisitTrend = (startDate: string, endDate: string) =>
  api.get<VisitTrend>('/logs/visit-trend', { params: { startDate, endDate }, silent: true })
export const getUserCount = async () =>
  (await api.get<PageResult<unknown>>('/users/page', { params: { pageNum: 1, pageSize: 1 }, silent: true })).total

export const useVisitStats = (enabled = true) =>
  useQuery({ queryKey: dashboardKeys.visitStats, queryFn: getVisitStats, staleTime: 30_000, enabled })

export function useVisitTrend(days: number) {
  const { startDate, endDate } = trendRange(days)
  return useQuery({
    queryKey: dashboardKeys.visitTrend(startDate, endDate),
    queryFn: () => getVisitTrend(startDate, endDate),
    staleTime: 60_000,
    placeholderData: (prev) => prev, // keep the old curve while the other range loads
  })
}

export const useUserCount = (enabled: boolean) =>
  useQuery({ queryKey: dashboardKeys.userCount, queryFn: getUserCount, enabled, staleTime: 60_000 })
