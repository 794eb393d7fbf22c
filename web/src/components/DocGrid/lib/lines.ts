// Line edits: a new line, a picked goods, an edited cell, all recomputed
// with the server's arithmetic (arithmetic.ts).
import { checkDecimal } from '@/utils/decimal'
import type { ColumnKey, DocLine, GridSettings } from '../types'
import { lineFigures, priceFromTotal, rateFromDeduction, withTax } from './arithmetic'
import type { CachedGoods, GoodsHit } from './goodsSearch'

let seq = 0
/** A fresh client key. */
export const lineKey = () => `l${Date.now().toString(36)}${(seq++).toString(36)}`

export function emptyLine(s: Pick<GridSettings, 'defaultTaxRate' | 'taxOn'>, locationId = 0): DocLine {
  return {
    key: lineKey(),
    invId: 0,
    invNumber: '',
    invName: '',
    invSpec: '',
    skuId: 0,
    skuName: '',
    unitId: 0,
    unitName: '',
    locationId,
    locationName: '',
    qty: '',
    price: '',
    discountRate: '0',
    deduction: '0',
    amount: '0',
    taxRate: s.taxOn ? s.defaultTaxRate : '0',
    tax: '0',
    taxAmount: '0',
    batch: '',
    prodDate: '',
    validDate: '',
    serNumList: [],
    description: '',
  }
}

/** A line is empty when it names no goods (left out of the saved document). */
export const isEmptyLine = (l: DocLine) => !l.invId

/** The line with its figures recomputed. */
export function recompute(l: DocLine, s: GridSettings): DocLine {
  // a value-only line's amount is what was typed
  if (s.valueOnly) return l
  const f = lineFigures(l.qty, l.price, l.discountRate, l.taxRate, { on: s.taxOn, priceIsTax: s.priceIsTax, amountPlaces: s.amountPlaces })
  return { ...l, ...f }
}

export interface PickContext {
  settings: GridSettings
  /** the header warehouse */
  defaultLocationId?: number
  locationName?: (id: number) => string
  /** whether the user may use a warehouse (its data rights): a goods' own warehouse the user may not use is never proposed */
  usable?: (id: number) => boolean
  /** which goods price a new line takes (purchases: purPrice, sales: salePrice) */
  priceField?: 'purPrice' | 'salePrice' | 'wholesalePrice' | 'vipPrice'
  /** an entry page's own price (contact level price, last price) */
  priceOf?: (g: CachedGoods, unitId: number, skuId: number) => { price: string; source: string } | null
}

function goodsPrice(g: CachedGoods, unitId: number, field: NonNullable<PickContext['priceField']>): string {
  const u = (g.units ?? []).find((x) => x.unitId === unitId)
  const v = u ? u[field] : (g as Record<string, unknown>)[field]
  return v === undefined || v === null ? '' : String(v)
}

/** The line after picking goods (a barcode names its unit and SKU). */
export function pickGoods(l: DocLine, hit: GoodsHit, c: PickContext): DocLine {
  const g = hit.goods
  const unitId = hit.unitId ?? Number(g.unitId ?? 0)
  const unit = (g.units ?? []).find((u) => u.unitId === unitId)
  const sku = hit.skuId ? (g.skus ?? []).find((x) => x.id === hit.skuId) : undefined
  // a new line: the goods' own default warehouse first (when the user may
  // use it), then the line's (the header's) default; changing the goods of a
  // line keeps its warehouse
  const own0 = Number(g.locationId ?? 0)
  const goodsLocation = own0 && (!c.usable || c.usable(own0)) ? own0 : 0
  const locationId = (l.invId ? l.locationId : goodsLocation || l.locationId) || c.defaultLocationId || 0
  const own = c.priceOf?.(g, unitId, sku?.id ?? 0)
  const next: DocLine = {
    ...l,
    invId: g.id,
    invNumber: g.number,
    invName: g.name,
    invSpec: String(g.spec ?? ''),
    unitId,
    unitName: unit?.unitName ?? String(g.unitName ?? ''),
    skuId: sku?.id ?? 0,
    skuName: sku?.skuName ?? '',
    locationId,
    locationName: locationId ? (c.locationName?.(locationId) ?? l.locationName) : '',
    qty: l.invId && l.qty ? l.qty : l.qty || '1',
    price: own ? own.price : goodsPrice(g, unitId, c.priceField ?? 'salePrice') || '0',
    priceSource: own ? own.source : 'goods',
    serNumList: l.invId === g.id ? l.serNumList : [],
  }
  return recompute(next, c.settings)
}

/** The line after choosing another unit: the price follows the unit. */
export function pickUnit(l: DocLine, g: CachedGoods | undefined, unitId: number, c: PickContext): DocLine {
  const unit = (g?.units ?? []).find((u) => u.unitId === unitId)
  if (!unit) return l
  const own = g ? c.priceOf?.(g, unitId, l.skuId) : null
  const price = own ? own.price : g ? goodsPrice(g, unitId, c.priceField ?? 'salePrice') : ''
  return recompute({ ...l, unitId, unitName: unit.unitName, price: price || l.price, priceSource: own ? own.source : 'goods' }, c.settings)
}

export type CellProblem = '' | 'invalid' | 'min' | 'max' | 'places'

/** Limits of the decimal cells (like the server's checks). */
function limits(col: ColumnKey, s: GridSettings) {
  switch (col) {
    case 'qty':
      return { places: s.qtyPlaces }
    case 'price':
      return { places: s.pricePlaces }
    case 'discountRate':
    case 'taxRate':
      return { places: 2, max: 100 }
    default:
      return { places: s.amountPlaces }
  }
}

/** Writes a typed value into a decimal or text cell; a bad decimal leaves the line and names the problem. */
export function editCell(l: DocLine, col: ColumnKey, raw: string, s: GridSettings): { line: DocLine; problem: CellProblem } {
  const text = raw.trim()
  switch (col) {
    case 'batch':
    case 'prodDate':
    case 'validDate':
    case 'description':
      return { line: { ...l, [col]: text }, problem: '' }
    case 'qty':
    case 'price':
    case 'discountRate':
    case 'taxRate':
    case 'deduction':
    case 'amount':
    case 'taxAmount': {
      if (s.valueOnly && col === 'amount') {
        // a signed change of value (cost adjustment)
        const problem = checkDecimal(text, { places: s.amountPlaces, min: '-1000000000000' })
        return problem ? { line: l, problem } : { line: { ...l, amount: text === '' ? '0' : text }, problem: '' }
      }
      const problem = checkDecimal(text, limits(col, s))
      if (problem) return { line: l, problem }
      const v = text === '' ? (col === 'qty' || col === 'price' ? '' : '0') : text
      let next: DocLine
      if (col === 'deduction') next = { ...l, discountRate: rateFromDeduction(l.qty, l.price, v) }
      else if (col === 'amount' || col === 'taxAmount') {
        // the price that gives the wanted total after the line discount
        const rate = s.taxOn ? l.taxRate : '0'
        const gross = col === 'amount' ? (s.priceIsTax ? withTax(v, rate, true) : v) : s.priceIsTax ? v : withTax(v, rate, false)
        next = { ...l, price: priceFromTotal(l.qty, gross, l.discountRate, s.pricePlaces), priceSource: 'manual' }
      } else next = { ...l, [col]: v, ...(col === 'price' ? { priceSource: 'manual' } : {}) }
      return { line: recompute(next, s), problem: '' }
    }
    default:
      return { line: l, problem: '' }
  }
}

/** The line with a cell emptied (Delete key). */
export function clearCell(l: DocLine, col: ColumnKey, s: GridSettings): DocLine {
  switch (col) {
    case 'goods':
      return { ...emptyLine(s, l.locationId), key: l.key, description: l.description }
    case 'sku':
      return { ...l, skuId: 0, skuName: '' }
    case 'location':
      return { ...l, locationId: 0, locationName: '' }
    case 'inLocation':
      return { ...l, inLocationId: 0, inLocationName: '' }
    case 'entryType':
      return l
    case 'serials':
      return { ...l, serNumList: [] }
    case 'unit':
      return l
    default:
      return editCell(l, col, '', s).line
  }
}

/** What the server is sent for the lines: empty lines left out, figures as strings. */
export function linesForSave(lines: DocLine[]) {
  return lines.filter((l) => !isEmptyLine(l)).map(({ key: _key, priceSource: _p, ...rest }) => rest)
}

/** The lines with the one at from moved to index to (clamped to the lines; the same array when nothing moves). */
export function moveLine<T>(lines: T[], from: number, to: number): T[] {
  const t = Math.max(0, Math.min(lines.length - 1, to))
  if (from < 0 || from >= lines.length || t === from) return lines
  const out = lines.slice()
  const [l] = out.splice(from, 1)
  out.splice(t, 0, l)
  return out
}

/** The row at a pointer's y, rows of height h from top (clamped to the rows). */
export function rowAt(y: number, top: number, h: number, rows: number): number {
  return Math.max(0, Math.min(rows - 1, Math.floor((y - top) / h)))
}
