import { describe, expect, it } from 'vitest'
import type { GridSettings } from '../types'
import { goods, settings } from './testFixtures'
import { cursorColumns, gridColumns } from './columns'
import { headerErrors, mapGridErrors } from './errors'
import { GoodsIndex, pinyinInitials } from './goodsSearch'
import { editCell, emptyLine, linesForSave, pickGoods } from './lines'

const keys = (s: GridSettings) => gridColumns(s).map((c) => c.key)

describe('columns', () => {
  it('no cost column without the cost right', () => {
    expect(keys(settings)).toContain('cost')
    expect(keys(settings)).toContain('unitCost')
    const noCost = keys({ ...settings, cost: false })
    expect(noCost).not.toContain('cost')
    expect(noCost).not.toContain('unitCost')
    expect(noCost).toContain('amount')
  })
  it('no prices, amounts or costs without the money right', () => {
    const k = keys({ ...settings, money: false })
    for (const c of ['price', 'amount', 'taxAmount', 'deduction', 'cost', 'unitCost']) expect(k).not.toContain(c)
    expect(k).toContain('qty')
  })
  it('follow the settings', () => {
    const k = keys({ ...settings, taxOn: false, multiUnit: false, skus: false, serials: false, batches: false, lineWarehouse: false })
    expect(k).toEqual(['goods', 'spec', 'qty', 'price', 'discountRate', 'deduction', 'amount', 'unitCost', 'cost', 'description'])
    expect(
      cursorColumns(
        gridColumns({ ...settings, taxOn: false, multiUnit: false, skus: false, serials: false, batches: false, lineWarehouse: false }),
      ).map((c) => c.key),
    ).toEqual(['goods', 'qty', 'price', 'discountRate', 'deduction', 'amount', 'description'])
  })
})

describe('server field errors', () => {
  it('land on their cells; unknown or hidden fields on the line; entries on the grid; header left out', () => {
    const m = mapGridErrors(
      {
        'entries[2].qty': 'must be positive',
        'entries[0].invId': 'not found',
        'entries[0].unitId': 'not of the goods',
        'entries[1].skuId': 'no such SKU',
        'entries[1].whatever': 'odd',
        entries: 'too many lines',
        date: 'closed',
      },
      new Set(['goods', 'qty', 'unit']),
    )
    expect(m.cells.get(2)?.get('qty')).toBe('must be positive')
    expect(m.cells.get(0)?.get('goods')).toBe('not found')
    expect(m.cells.get(0)?.get('unit')).toBe('not of the goods')
    expect(m.rows.get(1)).toEqual(['no such SKU', 'odd'])
    expect(m.grid).toEqual(['too many lines'])
    expect(headerErrors({ date: 'closed', 'entries[0].qty': 'x', entries: 'y' })).toEqual({ date: 'closed' })
  })
})

describe('goods picker search', () => {
  it('pinyin initials from the zh collation', () => {
    expect(pinyinInitials('可口可乐')).toBe('kkkl')
    expect(pinyinInitials('A4 纸')).toBe('a4z')
  })
  it('finds by number, name, initials and barcode; an exact barcode names unit and SKU', () => {
    const ix = new GoodsIndex(goods)
    expect(ix.search('kkkl').map((h) => h.goods.id)).toEqual([1])
    expect(ix.search('雪').map((h) => h.goods.id)).toEqual([2])
    expect(ix.search('sp00').map((h) => h.goods.id)).toEqual([1, 2])
    expect(ix.exact('690024')).toMatchObject({ goods: { id: 1 }, unitId: 11, exact: true })
    expect(ix.exact('777')).toMatchObject({ goods: { id: 2 }, skuId: 7 })
    expect(ix.exact('sp002')).toMatchObject({ goods: { id: 2 } })
    expect(ix.exact('nothing')).toBeNull()
  })
  it('a scanned case barcode gives the case unit and its price, recomputed', () => {
    const ix = new GoodsIndex(goods)
    const l = pickGoods(emptyLine(settings, 3), ix.exact('690024')!, { settings, priceField: 'salePrice', defaultLocationId: 3 })
    expect([l.invId, l.unitId, l.unitName, l.qty, l.price, l.amount, l.tax, l.taxAmount, l.locationId]).toEqual([
      1,
      11,
      '箱',
      '1',
      '80',
      '80',
      '10.4',
      '90.4',
      3,
    ])
    const two = editCell(l, 'qty', '2', settings).line
    expect(two.taxAmount).toBe('180.8')
    expect(editCell(two, 'qty', '1.23456', settings).problem).toBe('places')
    expect(editCell(two, 'qty', '-1', settings).problem).toBe('min')
    expect(editCell(two, 'discountRate', '101', settings).problem).toBe('max')
    // a discount amount means a rate; a total means a price
    expect(editCell(two, 'deduction', '16', settings).line.discountRate).toBe('10')
    expect(editCell(two, 'amount', '150', settings).line).toMatchObject({ price: '75', amount: '150' })
    expect(editCell(two, 'taxAmount', '113', settings).line).toMatchObject({ price: '50', amount: '100', tax: '13' })
    const saved = linesForSave([two, emptyLine(settings)])
    expect(saved).toHaveLength(1)
    expect(saved[0]).not.toHaveProperty('key')
  })
})
