// The server's field errors (`errors` map of the error envelope, paths like
// "entries[2].qty") mapped onto the grid's cells.
import type { ColumnKey } from '../types'

/** The server's entry field → the column that shows it. */
const FIELD_COLUMN: Record<string, ColumnKey> = {
  invId: 'goods',
  invNumber: 'goods',
  invName: 'goods',
  unitId: 'unit',
  skuId: 'sku',
  locationId: 'location',
  outLocationId: 'location',
  inLocationId: 'inLocation',
  entryType: 'entryType',
  qty: 'qty',
  price: 'price',
  discountRate: 'discountRate',
  deduction: 'deduction',
  amount: 'amount',
  taxRate: 'taxRate',
  tax: 'tax',
  taxAmount: 'taxAmount',
  batch: 'batch',
  prodDate: 'prodDate',
  validDate: 'validDate',
  serNumList: 'serials',
  serNum: 'serials',
  srcEntryId: 'goods',
  srcOrderEntryId: 'goods',
  description: 'description',
}

export interface GridErrors {
  /** row index → column → message */
  cells: Map<number, Map<ColumnKey, string>>
  /** row index → messages that name a line but no known column */
  rows: Map<number, string[]>
  /** "entries" itself (no lines, too many lines) */
  grid: string[]
}

const PATH = /^entries\[(\d+)\](?:\.([A-Za-z]+))?/

/**
 * Splits a field-error map into cell, line and grid errors; paths outside
 * entries (header fields) are left to the page. A hidden column's error
 * falls back to the line.
 */
export function mapGridErrors(errors: Record<string, string> | null | undefined, visible?: Set<ColumnKey>): GridErrors {
  const out: GridErrors = { cells: new Map(), rows: new Map(), grid: [] }
  if (!errors) return out
  for (const [path, msg] of Object.entries(errors)) {
    if (path === 'entries') {
      out.grid.push(msg)
      continue
    }
    const m = PATH.exec(path)
    if (!m) continue
    const row = Number(m[1])
    const col = m[2] ? FIELD_COLUMN[m[2]] : undefined
    if (col && (!visible || visible.has(col))) {
      if (!out.cells.has(row)) out.cells.set(row, new Map())
      const cell = out.cells.get(row)!
      cell.set(col, cell.has(col) ? `${cell.get(col)}; ${msg}` : msg)
    } else {
      if (!out.rows.has(row)) out.rows.set(row, [])
      out.rows.get(row)!.push(msg)
    }
  }
  return out
}

/** The header (non-line) errors of the same map, for the page's form. */
export function headerErrors(errors: Record<string, string> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(errors ?? {})) if (k !== 'entries' && !k.startsWith('entries[')) out[k] = v
  return out
}
