// The document resources (docs/api.md §4): one set of calls per kind.
import { useQuery } from '@tanstack/react-query'
import { api, download } from '@/api/http'
import { downloadFile, saveBlob } from '@/api/download'
import { compact } from '@/components/useListQuery'
import type { DocKind } from './kinds'
import type { Attachment } from './lib/attachments'
import type { BatchResult, DocInput, DocListResult, Document, Pending } from './types'

export const docKeys = {
  all: (k: DocKind) => ['documents', k.name] as const,
  list: (k: DocKind) => ['documents', k.name, 'list'] as const,
  one: (k: DocKind, id: number | undefined) => ['documents', k.name, 'one', id ?? 0] as const,
  pending: (k: DocKind, id: number | undefined) => ['documents', k.name, 'pending', id ?? 0] as const,
  attachments: (k: DocKind, id: number | undefined) => ['documents', k.name, 'attachments', id ?? 0] as const,
  /** an attachment's bytes: by id and time (SQLite may give a re-signed signature the id of the one it replaced) */
  attachment: (k: DocKind, a: Pick<Attachment, 'id' | 'createTime'>) => ['attachment', k.name, a.id, a.createTime] as const,
}

export interface DocListParams extends Record<string, unknown> {
  page: number
  rows: number
  sidx?: string
  sord?: 'asc' | 'desc'
  matchCon?: string
  beginDate?: string
  endDate?: string
  buId?: number
  checked?: number
  billNo?: string
  billStatus?: number
  /** goods documents: 0, 1, 2 or a list ('0,1': not fully invoiced) */
  invoiceState?: number | string
  /** purchases, sales and returns: settlement state 0 open, 1 partly, 2 settled, or a list ('0,1') */
  hxState?: number | string
}

const ids = (list: number[]) => ({ id: list.join(',') })

export const docApi = (k: DocKind) => ({
  list: (p: DocListParams) => api.get<DocListResult>(`${k.api}/list`, { params: compact(p) }),
  get: (id: number) => api.get<Document>(`${k.api}/query`, { params: { id } }),
  /** save (add or update by body.id); check: save and audit in one go. Field errors come back on ApiError.errors. */
  save: (body: DocInput, check: boolean) =>
    api.post<Document>(`${k.api}/${body.id ? 'update' : 'add'}`, body, { params: check ? { check: 1 } : undefined, silent: true }),
  remove: (list: number[]) => api.delete<BatchResult[]>(`${k.api}/delete`, { params: ids(list), silent: true }),
  check: (list: number[]) => api.post<BatchResult[]>(`${k.api}/check`, undefined, { params: ids(list), silent: true }),
  uncheck: (list: number[]) => api.post<BatchResult[]>(`${k.api}/uncheck`, undefined, { params: ids(list), silent: true }),
  close: (list: number[]) => api.post<BatchResult[]>(`${k.api}/close`, undefined, { params: ids(list), silent: true }),
  open: (list: number[]) => api.post<BatchResult[]>(`${k.api}/open`, undefined, { params: ids(list), silent: true }),
  pending: (id: number) => api.get<Pending>(`${k.api}/pending`, { params: { id } }),
  exportList: (p: Omit<DocListParams, 'page' | 'rows'>, fallback: string) =>
    downloadFile({ url: `${k.api}/export`, params: compact(p) }, fallback),
})

/** One document (enabled with an id). */
export const useDocument = (k: DocKind, id: number | undefined) =>
  useQuery({ queryKey: docKeys.one(k, id), queryFn: () => docApi(k).get(id!), enabled: !!id, staleTime: 0, gcTime: 0 })

export interface PriceProposal {
  invId: number
  unitId: number
  price: Dec
  priceSource: string
  units?: { unitId: number; price: Dec; priceSource: string }[]
}
type Dec = string | number

/**
 * The price proposals for goods (/inventory/listBySelected): the contact's
 * prices, or with a warehouse (basis=cost) what the goods are worth there.
 */
export const priceProposals = (invIds: number[], buId: number | undefined, costIn?: number) =>
  api.get<PriceProposal[]>('/inventory/listBySelected', {
    params: {
      ids: invIds.join(','),
      buId: buId || undefined,
      ...(costIn === undefined ? {} : { basis: 'cost', locationId: costIn || undefined }),
    },
    silent: true,
  })

/** A document's attachments (docs/documents.md, "Attachments"). */
export const attachmentApi = (k: DocKind) => ({
  list: (billId: number) => api.get<Attachment[]>(`${k.api}/attachment/list`, { params: { id: billId } }),
  /** uploads one file (role 'signature': the customer's signature, a PNG) */
  add: (billId: number, file: Blob, name: string, role?: 'signature') => {
    const form = new FormData()
    form.append('file', file, name)
    return api.post<Attachment>(`${k.api}/attachment/add`, form, { params: { id: billId, role } })
  },
  remove: (id: number) => api.delete<unknown>(`${k.api}/attachment/delete`, { params: { id } }),
  bytes: (id: number) => download({ url: `${k.api}/attachment/get`, params: { id }, silent: true }).then((r) => r.data),
  save: async (a: Attachment) => {
    const res = await download({ url: `${k.api}/attachment/get`, params: { id: a.id } })
    saveBlob(res.data, a.name)
  },
})

export const useAttachments = (k: DocKind, billId: number | undefined) =>
  useQuery({
    queryKey: docKeys.attachments(k, billId),
    queryFn: () =>
      attachmentApi(k)
        .list(billId!)
        .then((r) => r ?? []),
    enabled: !!billId,
  })

/** An attachment's bytes (the bearer token goes along), cached. */
export const useAttachmentBlob = (k: DocKind, a: Attachment | undefined) =>
  useQuery({
    queryKey: docKeys.attachment(k, a ?? { id: 0, createTime: '' }),
    queryFn: () => attachmentApi(k).bytes(a!.id),
    enabled: !!a,
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  })
