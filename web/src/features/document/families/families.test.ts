// The warehouse kinds on the shared entry page: what each family's lines
// send, the columns each line shape shows, value-only and combination lines.
import { describe, expect, it } from 'vitest'
import { emptyLine, gridColumns, recompute } from '@/components/DocGrid'
import { editCell } from '@/components/DocGrid/lib/lines'
import { settings } from '@/components/DocGrid/lib/testFixtures'
import { docKinds, entryPath, TRANS } from '../kinds'
import { emptyState, entryTypeOf, stateOf, toRequest, withEntryTypes } from '../lib/form'
import type { Document } from '../types'
import { inventoryGrid, inventorySettings } from './inventory'
import { templateFromLines } from '@/features/warehouse/lib/template'

const line = (over: Record<string, unknown> = {}) => ({
  ...emptyLine(settings, 3),
  invId: 1,
  invNumber: 'SP001',
  invName: '可乐',
  unitId: 10,
  qty: '2',
  price: '5',
  ...over,
})

const keys = (k: keyof typeof docKinds) =>
  gridColumns(inventorySettings(docKinds[k], settings), {
    hide: inventoryGrid(docKinds[k]).hide,
    show: inventoryGrid(docKinds[k]).show,
  }).map((c) => c.key)

describe('warehouse kinds', () => {
  it('open at the seed routes', () => {
    expect(entryPath(docKinds.otherIn, 4)).toBe('/warehouse/warehouse_detail?id=4')
    expect(entryPath(docKinds.otherOut)).toBe('/warehouse/exWarehouse_detail')
    expect(entryPath(docKinds.combination)).toBe('/warehouse/combination_detail')
    expect(entryPath(docKinds.sales)).toBe('/sales/sales_detail')
  })

  it('a transfer sends out and in warehouses, no price and no money', () => {
    const st = emptyState('2025-06-01', { locationId: 3, inLocationId: 5 })
    st.lines = [line({ inLocationId: 6 }), line({ invId: 2 }), emptyLine(settings, 3)]
    const body = toRequest(docKinds.invTf, st)
    expect(body).toMatchObject({ outLocationId: 3, inLocationId: 5, buId: 0, accounts: [], disRate: '0' })
    expect(body.entries).toHaveLength(2)
    expect(body.entries[0]).toMatchObject({ invId: 1, outLocationId: 3, inLocationId: 6, qty: '2' })
    expect(body.entries[1]).toMatchObject({ inLocationId: 0 })
    expect(body.entries[0]).not.toHaveProperty('price')
    expect(keys('invTf')).toEqual(expect.arrayContaining(['location', 'inLocation', 'qty', 'unitCost', 'cost']))
    expect(keys('invTf')).not.toContain('price')
  })

  it('a stock-in sends its sub-type, supplier and price (the cost in); a stock-out no price', () => {
    const st = emptyState('2025-06-01', { locationId: 3, buId: 9, transType: TRANS.stocktakeGain })
    st.lines = [line()]
    expect(toRequest(docKinds.otherIn, st)).toMatchObject({ transType: 150701, buId: 9, entries: [{ price: '5', locationId: 3 }] })
    const out = emptyState('2025-06-01', { locationId: 3 })
    out.lines = [line()]
    const body = toRequest(docKinds.otherOut, out)
    expect(body.transType).toBe(150806)
    expect(body.entries[0]).not.toHaveProperty('price')
    expect(keys('otherIn')).toEqual(expect.arrayContaining(['price', 'amount']))
    expect(keys('otherIn')).not.toContain('taxRate')
    expect(keys('otherOut')).not.toContain('price')
  })

  it('a cost adjustment types a signed amount without quantity', () => {
    const s = inventorySettings(docKinds.costAdjustment, settings)
    expect(keys('costAdjustment')).toEqual(['goods', 'spec', 'sku', 'location', 'amount', 'description'])
    const l = editCell(recompute(line({ qty: '', price: '' }), s), 'amount', '-12.5', s)
    expect(l.problem).toBe('')
    expect(l.line.amount).toBe('-12.5')
    expect(editCell(l.line, 'amount', '1.234', s).problem).toBe('places')
    const st = emptyState('2025-06-01')
    st.lines = [l.line]
    expect(toRequest(docKinds.costAdjustment, st).entries).toEqual([
      { invId: 1, skuId: 0, description: '', locationId: 3, amount: '-12.5' },
    ])
  })

  it('combination lines: the first is the product, the rest parts; fee and sub-type sent', () => {
    const typed = withEntryTypes([line({ invId: 7 }), line(), emptyLine(settings, 3)])
    expect(typed.map((l) => l.entryType)).toEqual([1, 2, undefined])
    // a chosen product keeps the others parts
    expect(entryTypeOf({}, 0, [{}, { entryType: 1 }])).toBe(2)
    const st = emptyState('2025-06-01', { locationId: 3, transType: TRANS.disassembly, fee: '2' })
    st.lines = typed
    const body = toRequest(docKinds.combination, st)
    expect(body).toMatchObject({ transType: 153302, fee: '2' })
    expect(body.entries.map((e) => e.entryType)).toEqual([1, 2])
    expect(keys('combination')).toContain('entryType')
    // the same lines as a template
    expect(templateFromLines(' 礼盒 ', typed)).toMatchObject({ name: '礼盒', invId: 7, qty: '2', entries: [{ invId: 1, qty: '2' }] })
    expect(templateFromLines('x', [line()])).toBeNull()
  })

  it('reads a transfer and a combination back', () => {
    const st = stateOf({
      id: 1,
      version: 1,
      transType: 153301,
      fee: 3,
      inLocationId: 5,
      entries: [{ invId: 1, entryType: 1, inLocationId: 5, inLocationName: '分仓', qty: 1 }],
    } as unknown as Document)
    expect(st.header).toMatchObject({ transType: 153301, fee: '3', inLocationId: 5 })
    expect(st.lines[0]).toMatchObject({ entryType: 1, inLocationId: 5, inLocationName: '分仓' })
  })
})
