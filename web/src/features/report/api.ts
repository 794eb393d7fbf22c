import { hashKey, keepPreviousData, useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import { downloadFile } from '@/api/download'
import type { ChartMonth } from './lib/chart'
import type { Dashboard, ReportAnswer, ReportParams } from './types'

export const reportKeys = {
  all: ['report'] as const,
  report: (name: string, params: ReportParams) => ['report', name, params] as const,
  dashboard: ['report', 'dashboard'] as const,
}

const clean = (p: ReportParams) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== ''))

/** Whether two sets of filters ask the same (empty values left out). */
export const sameParams = (a: ReportParams, b: ReportParams) => hashKey([clean(a)]) === hashKey([clean(b)])

export function getReport(name: string, params: ReportParams) {
  return api.get<ReportAnswer>(`/report/${name}`, { params: clean(params) })
}

export function useReport(name: string, params: ReportParams) {
  return useQuery({ queryKey: reportKeys.report(name, params), queryFn: () => getReport(name, params), placeholderData: keepPreviousData })
}

/** A sales report's chart: sales and gross profit per month of its filters' period (keyed under ['report']: refetched after document changes). */
export function useReportChart(name: string, filters: ReportParams) {
  return useQuery({
    queryKey: ['report', name, 'chart', filters] as const,
    queryFn: () => api.get<{ months: ChartMonth[] }>(`/report/${name}/chart`, { params: clean(filters) }),
    placeholderData: keepPreviousData,
  })
}

/** Every row of a report (at most the server's largest page), for the print. */
export function useReportAll(name: string, params: ReportParams, enabled: boolean) {
  const all = { ...params, page: 1, rows: PRINT_ROWS }
  return useQuery({ queryKey: reportKeys.report(name, all), queryFn: () => getReport(name, all), enabled })
}

/** The most rows one answer holds (the server's MaxListRows): the print's limit. */
export const PRINT_ROWS = 10000

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
