// Print templates (打印模板): per shop and document kind, the layout the
// print preview uses (title, header lines, columns, paper, lines per page,
// amount in Chinese capitals, signature lines).
import type { CSSProperties } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/api/http'

export type Paper = 'A4' | 'A5' | '241x2' | '241x3'
export const papers: Paper[] = ['A4', 'A5', '241x2', '241x3']
/** The columns a template may print, in the default order (a template keeps its own: lib/columns.ts). */
export const printColumns = ['no', 'goods', 'spec', 'unit', 'qty', 'price', 'amount', 'description'] as const
export type PrintColumn = (typeof printColumns)[number]

export interface PrintLayout {
  title: string
  showCompany: boolean
  showAddress: boolean
  showPhone: boolean
  columns: string[]
  paper: Paper
  linesPerPage: number
  capitals: boolean
  signatures: string[]
  /** print the customer's signature the document holds */
  customerSignature: boolean
}

export interface PrintTemplate extends PrintLayout {
  id: number
  kind: string
  name: string
  isDefault: boolean
}

/** The built-in layout (while the server's answer is on its way). */
export const builtinLayout: PrintLayout = {
  title: '',
  showCompany: true,
  showAddress: true,
  showPhone: true,
  columns: [...printColumns],
  paper: 'A4',
  linesPerPage: 0,
  capitals: true,
  signatures: [],
  customerSignature: true,
}

const keys = {
  all: ['printTemplate'] as const,
  list: (kind: string) => ['printTemplate', 'list', kind] as const,
  default: (kind: string) => ['printTemplate', 'default', kind] as const,
}

/** The layout a document kind prints with (the shop's default template or the built-in one). */
export function usePrintTemplate(kind: string): PrintLayout {
  const q = useQuery({
    queryKey: keys.default(kind),
    queryFn: () => api.get<PrintTemplate>('/printTemplate/default', { params: { kind }, silent: true }),
    staleTime: 60_000,
  })
  return q.data ?? builtinLayout
}

export const usePrintTemplates = (kind: string) =>
  useQuery({
    queryKey: keys.list(kind),
    queryFn: () => api.get<PrintTemplate[]>('/printTemplate/list', { params: { kind } }),
    staleTime: 0,
  })

export const useSavePrintTemplate = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (v: Partial<PrintTemplate>) => api.post<PrintTemplate>('/printTemplate/save', v, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  })
}

export const useDeletePrintTemplate = () => {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<void>('/printTemplate/delete', { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.all }),
  })
}

/** Page size CSS of a paper: A4/A5 sheets, 241 mm continuous forms (a third or half of 11 in). */
export function paperCss(l: PrintLayout): string {
  const size = { A4: 'A4', A5: 'A5', '241x2': '241mm 140mm', '241x3': '241mm 93mm' }[l.paper] ?? 'A4'
  return `@media print { @page { size: ${size}; margin: 8mm; } }`
}

/** The sheet's width on screen, like the paper's. */
export const paperWidth = (l: PrintLayout) => ({ A4: 794, A5: 559, '241x2': 911, '241x3': 911 })[l.paper] ?? 794

/** A page break after line i (0-based) every linesPerPage lines, not after the last. */
export function breakAfter(l: PrintLayout, i: number, count: number): CSSProperties | undefined {
  return l.linesPerPage > 0 && (i + 1) % l.linesPerPage === 0 && i + 1 < count ? { breakAfter: 'page' } : undefined
}
