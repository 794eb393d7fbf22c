import { describe, expect, it } from 'vitest'
import type { CachedGoods } from '@/components/DocGrid/lib/goodsSearch'
import type { SheetRow } from '../api'
import { difference, diffSign, entriesOf, fillBook, mergeImport, rowKey, scan } from './stocktake'

const cola = {
  id: 1,
  number: 'SP001',
  name: '可乐',
  unitName: '瓶',
  units: [
    { unitId: 10, unitName: '瓶', rate: '1' },
    { unitId: 11, unitName: '箱', rate: '12' },
  ],
} as unknown as CachedGoods
const cup = { id: 2, number: 'SP002', name: '杯子', unitName: '个' } as CachedGoods
const rows: SheetRow[] = [{ invId: 1, skuId: 0, batch: '', qty: '5', invName: '可乐' }]

describe('stocktake sheet', () => {
  it('a scan adds one of the scanned unit to its row', () => {
    let r = scan(rows, {}, { goods: cola, exact: true })
    expect(r.counts[rowKey(rows[0])]).toBe('1')
    r = scan(r.rows, r.counts, { goods: cola, unitId: 11, exact: true })
    expect(r.counts[rowKey(rows[0])]).toBe('13')
    expect(r.rows).toBe(rows)
  })

  it('a scan of goods not on the sheet adds a row with no book stock', () => {
    const r = scan(rows, {}, { goods: cup, exact: true })
    expect(r.rows).toHaveLength(2)
    expect(r.rows[1]).toMatchObject({ invId: 2, qty: '0', invName: '杯子' })
    expect(r.counts[r.key]).toBe('1')
  })

  it('differences: counted − book, none while not counted', () => {
    expect(difference('5', '1')).toBe('-4')
    expect(difference('5', '7.5')).toBe('2.5')
    expect(difference('5', '')).toBe('')
    expect(difference('5', 'x')).toBe('')
    expect(difference('-3', '0')).toBe('3')
    expect(diffSign('5', '1')).toBe(-1)
    expect(diffSign('5', '5')).toBe(0)
    expect(diffSign('0', '2')).toBe(1)
  })

  it('saves only the counted rows; fill takes the book quantity for the rest', () => {
    const two: SheetRow[] = [...rows, { invId: 2, skuId: 0, batch: 'B1', qty: '3' }]
    expect(entriesOf(two, { [rowKey(two[1])]: '2' })).toEqual([{ invId: 2, skuId: 0, batch: 'B1', countQty: '2' }])
    const filled = fillBook(two, { [rowKey(two[1])]: '2' })
    expect(entriesOf(two, filled)).toEqual([
      { invId: 1, skuId: 0, batch: '', countQty: '5' },
      { invId: 2, skuId: 0, batch: 'B1', countQty: '2' },
    ])
  })

  it('imports counts onto the sheet', () => {
    const m = mergeImport(
      rows,
      {},
      [
        { invId: 1, skuId: 0, batch: '', countQty: '4' },
        { invId: 2, skuId: 0, batch: '', countQty: '1' },
      ],
      () => ({
        invName: '杯子',
      }),
    )
    expect(m.rows).toHaveLength(2)
    expect(m.counts).toEqual({ '1-0-': '4', '2-0-': '1' })
  })
})
