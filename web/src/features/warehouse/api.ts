// The warehouse calls besides the document kinds (internal/warehouse):
// combination templates, the stock query and stocktakes.
import { useQuery } from '@tanstack/react-query'
import { api } from '@/api/http'
import { compact } from '@/components/useListQuery'
import { downloadFile } from '@/api/download'
import type { BatchResult, Dec } from '@/features/document/types'

export interface TemplatePart {
  invId: number
  invNumber?: string
  invName?: string
  skuId: number
  unitId: number
  unitName?: string
  qty: Dec
}

/** A combination template: the product (qty 1) and the parts per 1 product. */
export interface Template extends TemplatePart {
  id: number
  name: string
  description: string
  version: number
  entries: TemplatePart[]
}

export interface TemplateInput {
  id?: number
  version?: number
  name: string
  invId: number
  skuId: number
  unitId: number
  qty: string
  description?: string
  entries: { invId: number; skuId: number; unitId: number; qty: string }[]
}

/** A line of a combination made from a template. */
export interface AppliedLine {
  entryType: 1 | 2
  invId: number
  skuId: number
  unitId: number
  qty: Dec
}

export const templateKeys = { all: ['warehouse', 'templates'] as const }

export const templateApi = {
  list: (matchCon?: string) =>
    api.get<{ items: Template[]; totalsize: number }>('/combination/templates/list', { params: compact({ matchCon }) }),
  apply: (id: number, qty: string) => api.get<AppliedLine[]>('/combination/templates/apply', { params: { id, qty }, silent: true }),
  save: (body: TemplateInput) => api.post<Template>(`/combination/templates/${body.id ? 'update' : 'add'}`, body, { silent: true }),
  remove: (ids: number[]) => api.delete<BatchResult[]>('/combination/templates/delete', { params: { id: ids.join(',') }, silent: true }),
}

export const useTemplates = (enabled = true) =>
  useQuery({ queryKey: templateKeys.all, queryFn: () => templateApi.list(), enabled, staleTime: 30_000 })

/** A row of the stock query: one goods item in one warehouse. */
export interface StockRow {
  invId: number
  invNumber: string
  invName: string
  invSpec: string
  locationId: number
  locationName: string
  qty: Dec
  qtyText: string
  baseUnit: string
  amount?: Dec
  unitCost?: Dec
}

export interface StockQueryParams extends Record<string, unknown> {
  page: number
  rows: number
  invId?: number
  locationId?: number
  catId?: number
  matchCon?: string
}

export interface StockQueryResult {
  page: number
  records: number
  total: number
  rows: StockRow[]
  userdata?: { qty: Dec; amount?: Dec }
}

export const stockKeys = { query: (p: StockQueryParams) => ['stock', 'query', p] as const }

export const stockApi = {
  query: (p: StockQueryParams) => api.get<StockQueryResult>('/stock/query', { params: compact(p) }),
}

/** A book row of the stocktake sheet. */
export interface SheetRow {
  invId: number
  invNumber?: string
  invName?: string
  invSpec?: string
  skuId: number
  skuName?: string
  batch: string
  qty: Dec
  /** the goods' base unit */
  unit?: string
}

export interface SheetParams extends Record<string, unknown> {
  locationId: number
  catId?: number
  invId?: number
  showZero?: number
  date?: string
}

export interface CountEntry {
  invId: number
  skuId: number
  batch: string
  countQty: string
}

export interface CountInput {
  id?: number
  version?: number
  date: string
  locationId: number
  description: string
  entries: CountEntry[]
}

export interface CountLine {
  invId: number
  invNumber: string
  invName: string
  skuId: number
  batch: string
  qty: Dec
  countQty: Dec
  diffQty: Dec
}

/** A count in the list, with the documents it generated. */
export interface CountRow {
  id: number
  date: string
  locationId: number
  locationName: string
  description: string
  generated: number
  otherInId?: number | null
  otherOutId?: number | null
  otherInNo?: string
  otherOutNo?: string
  lines?: number
  version: number
}

export interface Count extends CountRow {
  entries: CountLine[]
}

export const stocktakeKeys = {
  all: ['stocktake'] as const,
  list: (p: Record<string, unknown>) => ['stocktake', 'list', p] as const,
  sheet: (p: SheetParams) => ['stocktake', 'sheet', p] as const,
}

export const stocktakeApi = {
  sheet: (p: SheetParams) => api.get<{ rows: SheetRow[]; records: number }>('/stocktake/sheet', { params: compact(p) }),
  list: (p: { page: number; rows: number }) =>
    api.get<{ page: number; records: number; total: number; rows: CountRow[] }>('/stocktake/list', { params: p }),
  get: (id: number) => api.get<Count>('/stocktake/query', { params: { id } }),
  save: (body: CountInput) => api.post<Count>(`/stocktake/${body.id ? 'update' : 'add'}`, body, { silent: true }),
  remove: (ids: number[]) => api.delete<BatchResult[]>('/stocktake/delete', { params: { id: ids.join(',') }, silent: true }),
  generate: (id: number) =>
    api.post<{ otherIn: number | null; otherOut: number | null }>('/stocktake/generate', undefined, { params: { id }, silent: true }),
  exportSheet: (p: SheetParams, fallback: string) => downloadFile({ url: '/stocktake/export', params: compact(p) }, fallback),
  importCounts: (file: File) => {
    const form = new FormData()
    form.append('file', file)
    return api.post<CountEntry[]>('/stocktake/import', form, { silent: true })
  },
}
