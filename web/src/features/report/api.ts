import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import { downloadFile } from '@/api/download'
import type { Dashboard, ReportAnswer, ReportParams } from './types'

export const reportKeys = {
  all: ['report'] as const,
  report: (name: string, params: ReportParams) => ['report', name, params] as const,
  dashboard: ['report', 'dashboard'] as const,
}

const clean = (p: ReportParams) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''))

export function getReport(name: string, params: ReportParams) {
  return api.get<ReportAnswer>(`/report/${name}`, { params: clean(params) })
}

export function useReport(name: string, params: ReportParams) {
  return useQuery({ queryKey: reportKeys.report(name, params), queryFn: () => getReport(name, params), placeholderData: keepPreviousData })
}

export function exportReport(name: string, params: ReportParams, title: string) {
  const { page: _page, rows: _rows, ...rest } = params
  return downloadFile({ url: `/report/${name}/export`, params: clean(rest) }, `${title}.xlsx`)
}

export function useDashboardFigures() {
  return useQuery({
    queryKey: reportKeys.dashboard,
    queryFn: () => api.get<Dashboard>('/report/dashboard'),
    staleTime: 0,
    refetchInterval: 60_000,
  })
}
