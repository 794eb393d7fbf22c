// Report cells: exact decimals formatted with the shop's places (the decimal
// helper, never float arithmetic), and what a row opens.
import { docKinds, entryPath, type DocKindName } from '@/features/document/kinds'
import { format } from '@/utils/decimal'
import type { ColumnType, ReportColumn, ReportRow } from '../types'

export interface Places {
  qtyPlaces: number
  pricePlaces: number
  amountPlaces: number
}

export const DEFAULT_PLACES: Places = { qtyPlaces: 2, pricePlaces: 2, amountPlaces: 2 }

const numeric: ColumnType[] = ['qty', 'price', 'amount', 'percent', 'int']

export const isNumeric = (c: ReportColumn) => numeric.includes(c.type)

/** A cell as shown: numbers with their places, '' for absent values. */
export function cellText(c: ReportColumn, v: unknown, p: Places): string {
  if (v === undefined || v === null) return ''
  if (!isNumeric(c)) return String(v)
  const places =
    c.type === 'qty' ? p.qtyPlaces : c.type === 'price' ? p.pricePlaces : c.type === 'int' ? 0 : c.type === 'percent' ? 2 : p.amountPlaces
  return format(v as string | number, places)
}

/** The drill-down filters of a summary row: its keys added to the same filters. */
export function drillParams(row: ReportRow, base: Record<string, string | number | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(base))
    if (v !== undefined && v !== '' && k !== 'page' && k !== 'rows' && k !== 'sidx' && k !== 'sord') out[k] = String(v)
  for (const k of ['invId', 'buId', 'salesId', 'locationId'] as const) {
    const v = row[k]
    if (typeof v === 'number' && v > 0) out[k] = String(v)
  }
  return out
}

/** The screen a document row opens ('' = none): the entry screen of its
 * kind (trade and warehouse documents alike) with the document's id. */
export function docPath(row: ReportRow): string {
  const { billId, kind } = row
  if (!billId || !kind || !(kind in docKinds)) return ''
  return entryPath(docKinds[kind as DocKindName], billId)
}

/** Columns the user hid, kept per report in the browser. */
export function loadHidden(name: string): string[] {
  try {
    const v = JSON.parse(localStorage.getItem(`report.hidden.${name}`) ?? '[]')
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : []
  } catch {
    return []
  }
}

export function saveHidden(name: string, keys: string[]) {
  localStorage.setItem(`report.hidden.${name}`, JSON.stringify(keys))
}
