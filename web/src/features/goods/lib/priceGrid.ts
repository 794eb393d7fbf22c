// The price list's rows and edits (settings/price): one row per goods item
// and unit, four prices each, the two discount rates on the base unit's row.
// Edits are kept by row key across pages until saved; a save sends each
// changed row whole (its four prices) and the rates only where changed.
import { checkDecimal, cmp, wire } from '@/utils/decimal'
import type { Decimal, GoodsUnit } from '../types'

export const PRICE_FIELDS = ['purPrice', 'salePrice', 'wholesalePrice', 'vipPrice'] as const
export const RATE_FIELDS = ['discountRate1', 'discountRate2'] as const
export type PriceField = (typeof PRICE_FIELDS)[number]
export type RateField = (typeof RATE_FIELDS)[number]
export type Field = PriceField | RateField

/** A goods item of the price list, as GET /inventory/prices answers it. */
export interface PriceGoods {
  invId: number
  number: string
  name: string
  spec: string
  categoryName: string
  disable: number
  discountRate1: Decimal
  discountRate2: Decimal
  units: GoodsUnit[]
}

/** One row of the grid: a goods item in one unit. */
export interface PriceRow {
  key: string
  invId: number
  unitId: number
  number: string
  name: string
  spec: string
  unitName: string
  isBase: boolean
  /** the first row of its goods item (the item's cells span its units) */
  first: boolean
  /** how many rows the goods item has (on its first row) */
  span: number
  values: Record<Field, string>
}

/** Typed values by row key and field. */
export type Edits = Record<string, Partial<Record<Field, string>>>

export const rowKey = (invId: number, unitId: number) => `${invId}:${unitId}`

const text = (v: Decimal | null | undefined) => (v === null || v === undefined ? '' : String(v))

/** The grid's rows of a page of goods. */
export function toRows(goods: PriceGoods[]): PriceRow[] {
  return goods.flatMap((g) =>
    g.units.map((u, i) => ({
      key: rowKey(g.invId, u.unitId),
      invId: g.invId,
      unitId: u.unitId,
      number: g.number,
      name: g.name,
      spec: g.spec,
      unitName: u.unitName,
      isBase: i === 0,
      first: i === 0,
      span: i === 0 ? g.units.length : 0,
      values: {
        purPrice: text(u.purPrice),
        salePrice: text(u.salePrice),
        wholesalePrice: text(u.wholesalePrice),
        vipPrice: text(u.vipPrice),
        discountRate1: i === 0 ? text(g.discountRate1) : '',
        discountRate2: i === 0 ? text(g.discountRate2) : '',
      },
    })),
  )
}

/** Whether a rate field may be typed on the row (the base unit's only). */
export const editable = (row: Pick<PriceRow, 'isBase'>, field: Field) => row.isBase || !(RATE_FIELDS as readonly string[]).includes(field)

/** Edits after typing v into a cell: an edit equal to what is stored is dropped. */
export function edit(edits: Edits, row: PriceRow, field: Field, v: string): Edits {
  const cur = { ...(edits[row.key] ?? {}) }
  if (same(v, row.values[field])) delete cur[field]
  else cur[field] = v
  const out = { ...edits }
  if (Object.keys(cur).length) out[row.key] = cur
  else delete out[row.key]
  return out
}

/** Equal as numbers when both are numbers ("3" = "3.00"), else as text. */
function same(a: string, b: string): boolean {
  if (a.trim() === '' || b.trim() === '') return a.trim() === b.trim()
  return checkDecimal(a, { min: null, max: null }) === '' && checkDecimal(b, { min: null, max: null }) === '' ? cmp(a, b) === 0 : a === b
}

/** What a cell shows: the typed value, else the stored one. */
export const shown = (edits: Edits, row: PriceRow, field: Field) => edits[row.key]?.[field] ?? row.values[field]

/** How many cells are changed. */
export const changedCells = (edits: Edits) => Object.values(edits).reduce((n, e) => n + Object.keys(e).length, 0)

export interface Limits {
  pricePlaces: number
}

/** What is wrong with a typed value ('' = fine), as a "decimal" namespace key. */
export function cellProblem(field: Field, v: string, { pricePlaces }: Limits): string {
  if (v.trim() === '') return 'required'
  const rate = (RATE_FIELDS as readonly string[]).includes(field)
  return checkDecimal(v.trim(), rate ? { places: 4, min: 0, max: 100 } : { places: pricePlaces, min: 0 })
}

/** A row of the save body (POST /inventory/prices). */
export interface PriceInput {
  invId: number
  unitId: number
  purPrice: string
  salePrice: string
  wholesalePrice: string
  vipPrice: string
  discountRate1?: string
  discountRate2?: string
}

/**
 * The save body of the edits: each changed row with its four prices (typed
 * or stored) and the rates that changed. rows are the rows the edits were
 * made on (every page visited); order follows them.
 */
export function saveBody(edits: Edits, rows: Map<string, PriceRow>): { rows: PriceInput[]; keys: string[] } {
  const out: PriceInput[] = []
  const keys: string[] = []
  for (const [key, e] of Object.entries(edits)) {
    const row = rows.get(key)
    if (!row) continue
    // a number goes as a plain decimal string; anything else as typed, for
    // the server to refuse on its cell
    const v = (f: Field) => {
      const s = (e[f] ?? row.values[f]).trim()
      return s !== '' && checkDecimal(s, { min: null, max: null }) === '' ? wire(s) : s
    }
    const input: PriceInput = {
      invId: row.invId,
      unitId: row.unitId,
      purPrice: v('purPrice'),
      salePrice: v('salePrice'),
      wholesalePrice: v('wholesalePrice'),
      vipPrice: v('vipPrice'),
    }
    for (const f of RATE_FIELDS) if (e[f] !== undefined) input[f] = v(f)
    out.push(input)
    keys.push(key)
  }
  return { rows: out, keys }
}

/** The server's field errors (rows[i].salePrice) by row key and field. */
export function errorsByCell(errors: Record<string, string> | undefined, keys: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [path, msg] of Object.entries(errors ?? {})) {
    const m = /^rows\[(\d+)\]\.(\w+)$/.exec(path)
    if (!m) continue
    const key = keys[Number(m[1])]
    if (key) out[`${key}/${m[2]}`] = msg
  }
  return out
}
