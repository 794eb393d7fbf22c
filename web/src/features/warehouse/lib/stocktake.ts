// The stocktake sheet as the screen edits it: book rows (per goods, SKU
// and batch, base unit) with the counted quantities typed, scanned or
// imported; the differences; what a save sends. Counted quantities are
// strings ('' = not counted: the row is left out of the count).
import { add, cmp, mul, toDec } from '@/utils/decimal'
import type { GoodsHit } from '@/components/DocGrid/lib/goodsSearch'
import type { CountEntry, SheetRow } from '../api'

export type Counts = Record<string, string>

export const rowKey = (r: { invId: number; skuId: number; batch: string }) => `${r.invId}-${r.skuId || 0}-${r.batch || ''}`

/** counted − book ('' while not counted). */
export function difference(book: string | number, counted: string | undefined): string {
  if (counted === undefined || counted.trim() === '' || !toDec(counted)) return ''
  return add(counted, mul(book, -1))
}

/** −1 loss, 0 none (or not counted), 1 gain: how a row is highlighted. */
export function diffSign(book: string | number, counted: string | undefined): -1 | 0 | 1 {
  const d = difference(book, counted)
  return d === '' ? 0 : (cmp(d, 0) as -1 | 0 | 1)
}

/**
 * A scan adds one of the scanned unit (its rate in base units; a goods
 * number: one base unit) to the row of that goods and SKU (the first
 * batch); goods not on the sheet get a new row with a book quantity of 0.
 */
export function scan(rows: SheetRow[], counts: Counts, hit: GoodsHit): { rows: SheetRow[]; counts: Counts; key: string } {
  const g = hit.goods
  const skuId = hit.skuId ?? 0
  const unit = hit.unitId ? (g.units ?? []).find((u) => u.unitId === hit.unitId) : undefined
  const step = unit ? String(unit.rate) : '1'
  let row = rows.find((r) => r.invId === g.id && (r.skuId || 0) === skuId)
  let next = rows
  if (!row) {
    row = {
      invId: g.id,
      invNumber: g.number,
      invName: g.name,
      invSpec: String(g.spec ?? ''),
      skuId,
      batch: '',
      qty: '0',
      unit: String(g.unitName ?? ''),
    }
    next = [...rows, row]
  }
  const key = rowKey(row)
  return { rows: next, counts: { ...counts, [key]: add(counts[key] || '0', step) }, key }
}

/** The count's entries: the rows with a counted quantity. */
export function entriesOf(rows: SheetRow[], counts: Counts): CountEntry[] {
  return rows
    .filter((r) => (counts[rowKey(r)] ?? '').trim() !== '')
    .map((r) => ({ invId: r.invId, skuId: r.skuId || 0, batch: r.batch || '', countQty: counts[rowKey(r)].trim() }))
}

/** Every row not counted yet counted at its book quantity. */
export function fillBook(rows: SheetRow[], counts: Counts): Counts {
  const out = { ...counts }
  for (const r of rows) if ((out[rowKey(r)] ?? '').trim() === '') out[rowKey(r)] = String(r.qty)
  return out
}

/** Imported counted quantities onto the sheet (rows it lacks are added with a book quantity of 0). */
export function mergeImport(rows: SheetRow[], counts: Counts, entries: CountEntry[], name: (invId: number) => Partial<SheetRow>) {
  const out = { ...counts }
  const next = [...rows]
  const have = new Set(rows.map(rowKey))
  for (const e of entries) {
    const k = rowKey(e)
    if (!have.has(k)) {
      next.push({ ...name(e.invId), invId: e.invId, skuId: e.skuId || 0, batch: e.batch || '', qty: '0' })
      have.add(k)
    }
    out[k] = String(e.countQty)
  }
  return { rows: next, counts: out }
}
