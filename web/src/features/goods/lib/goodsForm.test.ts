import { describe, expect, it } from 'vitest'
import {
  alignSku,
  baseUnitName,
  goodsBody,
  goodsValues,
  openingProblems,
  skuLabel,
  skuProblems,
  unitRows,
  warningOk,
  type GoodsValues,
} from './goodsForm'
import type { Goods, UnitGroup } from '../types'

const box: UnitGroup = {
  id: 7,
  name: 'pcs/box',
  units: [
    { id: 21, name: 'pcs', unitTypeId: 7, rate: 1, isBase: 1 },
    { id: 22, name: 'box', unitTypeId: 7, rate: 12, isBase: 0 },
    { id: 23, name: 'case', unitTypeId: 7, rate: 144, isBase: 0 },
  ],
}
// attribute values: 3, 4 colour (group 1); 12, 13 size (group 2)
const groups: Record<number, number> = { 3: 1, 4: 1, 12: 2, 13: 2 }
const groupOf = (id: number) => groups[id]

describe('unit rows', () => {
  it('lists the non-base units of the group, keeping entered values', () => {
    expect(unitRows(box)).toEqual([
      { unitId: 22, unitName: 'box', rate: 12 },
      { unitId: 23, unitName: 'case', rate: 144 },
    ])
    const rows = unitRows(box, [
      { unitId: 23, barCode: 'C1', salePrice: '100' },
      { unitId: 99, barCode: 'gone' },
    ])
    expect(rows[1]).toEqual({ unitId: 23, unitName: 'case', rate: 144, barCode: 'C1', salePrice: '100' })
    expect(rows).toHaveLength(2)
    expect(unitRows(undefined)).toEqual([])
  })
})

describe('goodsBody', () => {
  const base: GoodsValues = {
    number: ' SP001 ',
    name: 'Cola',
    spec: '330ml',
    barCode: '6900000000011',
    categoryId: 5,
    multiUnit: false,
    unitId: 9,
    unitTypeId: 7,
    purPrice: '1.5',
    salePrice: '3',
    discountRate1: '95',
    isSerNum: false,
    isWarranty: false,
    safeDays: 30,
    skuTypeIds: [],
    skus: [{ assistIds: [3] }],
    units: [{ unitId: 22, barCode: 'X' }],
  }

  it('maps a goods item with one stand-alone unit', () => {
    const b = goodsBody(base, [box])
    expect(b).toMatchObject({
      number: 'SP001',
      unitTypeId: 0,
      unitId: 9,
      purPrice: '1.5',
      salePrice: '3',
      wholesalePrice: '0',
      vipPrice: '0',
      discountRate1: '95',
      discountRate2: '0',
      locationId: 0,
      isSerNum: 0,
      isWarranty: 0,
      safeDays: 0,
      skuTypeIds: [],
      skus: [],
      warnings: [],
      openings: [],
    })
    expect(b.units).toBeUndefined() // no group: keep
    expect(b.id).toBeUndefined()
  })

  it('maps a unit group: the base unit, the other units with barcodes and prices', () => {
    const b = goodsBody(
      {
        ...base,
        multiUnit: true,
        unitTypeId: 7,
        unitId: 9,
        units: [
          { unitId: 22, unitName: 'box', rate: 12, barCode: ' 6900000000028 ', salePrice: '34.5', purPrice: null },
          { unitId: 23, unitName: 'case', rate: 144 },
        ],
      },
      [box],
      42,
    )
    expect(b.id).toBe(42)
    expect(b.unitTypeId).toBe(7)
    expect(b.unitId).toBe(21)
    expect(b.units).toEqual([
      { unitId: 22, barCode: '6900000000028', purPrice: '0', salePrice: '34.5', wholesalePrice: '0', vipPrice: '0' },
      { unitId: 23, barCode: '', purPrice: '0', salePrice: '0', wholesalePrice: '0', vipPrice: '0' },
    ])
  })

  it('maps SKUs, warnings and openings', () => {
    const b = goodsBody(
      {
        ...base,
        isWarranty: true,
        safeDays: 365,
        advanceDay: 30,
        skuTypeIds: [1, 2],
        skus: [
          { id: 50, assistIds: [3, 12], barCode: 'S1' },
          { assistIds: [4, 13], barCode: ' S2 ' },
        ],
        warnings: [
          { locationId: 1, lowQty: '5', highQty: '100' },
          { locationId: null, lowQty: '1' },
          { locationId: 2, lowQty: '3' },
        ],
        openings: [
          { locationId: 1, skuId: 50, qty: '10', unitCost: '2.345' },
          { locationId: 2, qty: '', unitCost: '1' },
          { locationId: 3, qty: '0.5' },
        ],
      },
      [box],
    )
    expect(b.safeDays).toBe(365)
    expect(b.advanceDay).toBe(30)
    expect(b.skus).toEqual([
      { id: 50, assistIds: [3, 12], barCode: 'S1' },
      { assistIds: [4, 13], barCode: 'S2' },
    ])
    expect(b.warnings).toEqual([
      { locationId: 1, lowQty: '5', highQty: '100' },
      { locationId: 2, lowQty: '3', highQty: null },
    ])
    expect(b.openings).toEqual([
      { locationId: 1, skuId: 50, qty: '10', unitCost: '2.345' },
      { locationId: 3, skuId: 0, qty: '0.5', unitCost: '0' },
    ])
  })

  it('round-trips a saved record', () => {
    const g = {
      id: 42,
      number: 'SP1',
      name: 'Tee',
      spec: '',
      barCode: '',
      categoryId: 0,
      categoryName: '',
      unitTypeId: 7,
      unitId: 21,
      unitName: 'pcs',
      purPrice: 10,
      salePrice: 19.9,
      wholesalePrice: 0,
      vipPrice: 0,
      discountRate1: 0,
      discountRate2: 0,
      locationId: 0,
      locationName: '',
      isSerNum: 0,
      isWarranty: 0,
      safeDays: 0,
      advanceDay: 0,
      skuTypeIds: [1, 2],
      remark: '',
      disable: 0,
      units: [
        { unitId: 21, unitName: 'pcs', rate: 1, isBase: 1, barCode: '', purPrice: 10, salePrice: 19.9, wholesalePrice: 0, vipPrice: 0 },
        { unitId: 22, unitName: 'box', rate: 12, isBase: 0, barCode: 'B', purPrice: 0, salePrice: 200, wholesalePrice: 0, vipPrice: 0 },
      ],
      skus: [{ id: 50, skuName: 'Red/S', skuAssistId: '12,3', barCode: 'S1', disable: 0 }],
      openings: [{ locationId: 1, skuId: 50, qty: 2, unitCost: 1.1, amount: 2.2 }],
    } satisfies Goods
    const v = goodsValues(g, groupOf)
    expect(v.multiUnit).toBe(true)
    expect(v.salePrice).toBe('19.9')
    expect(v.units).toEqual([
      { unitId: 22, unitName: 'box', rate: 12, barCode: 'B', purPrice: '0', salePrice: '200', wholesalePrice: '0', vipPrice: '0' },
    ])
    expect(v.skus?.[0].assistIds).toEqual([3, 12]) // aligned to the groups
    const b = goodsBody(v, [box], 42)
    expect(b.unitId).toBe(21)
    expect(b.units?.[0]).toMatchObject({ unitId: 22, salePrice: '200' })
    expect(b.skus).toEqual([{ id: 50, assistIds: [3, 12], barCode: 'S1' }])
    expect(b.openings).toEqual([{ locationId: 1, skuId: 50, qty: '2', unitCost: '1.1' }])
    expect(goodsValues(undefined, groupOf, { number: 'SP2' }).number).toBe('SP2')
  })
})

describe('SKU checks', () => {
  it('accepts complete, distinct combinations', () => {
    expect(skuProblems([1, 2], [{ assistIds: [3, 12] }, { assistIds: [3, 13] }, { assistIds: [4, 12] }], groupOf)).toEqual([])
    expect(skuProblems([], [], groupOf, true)).toEqual([])
    expect(skuProblems([1], [], groupOf, true)).toEqual([{ kind: 'serNum' }])
  })

  it('finds missing values, values of the wrong group and duplicates', () => {
    expect(
      skuProblems([1, 2], [{ assistIds: [3] }, { assistIds: [12, 3] }, { assistIds: [3, 12] }, { assistIds: [3, 12] }], groupOf),
    ).toEqual([
      { kind: 'missing', row: 0, group: 1 },
      { kind: 'wrongGroup', row: 1, group: 0 },
      { kind: 'wrongGroup', row: 1, group: 1 },
      { kind: 'duplicate', row: 3, of: 2 },
    ])
  })

  it('refuses SKUs with serial numbers or without attribute groups', () => {
    expect(skuProblems([1], [{ assistIds: [3] }], groupOf, true)).toEqual([{ kind: 'serNum' }])
    expect(skuProblems([], [{ assistIds: [] }], groupOf)).toEqual([{ kind: 'noGroups' }])
  })

  it('aligns saved value ids to the groups and names them', () => {
    expect(alignSku('12,3', [1, 2], groupOf)).toEqual([3, 12])
    expect(alignSku('3', [1, 2], groupOf)).toEqual([3, undefined])
    expect(alignSku('', [1], groupOf)).toEqual([undefined])
    expect(alignSku('99,12', [1, 2], groupOf)).toEqual([99, 12])
    expect(skuLabel([3, 12], (id) => ({ 3: 'Red', 12: 'S' })[id])).toBe('Red/S')
    expect(skuLabel([3, undefined], () => undefined)).toBe('#3/?')
  })
})

describe('openings and warnings', () => {
  it('finds duplicate rows and rows missing the SKU', () => {
    expect(openingProblems([{ locationId: 1, skuId: 5 }, { locationId: 1, skuId: 5 }, { locationId: 2 }, { locationId: null }], 1)).toEqual(
      [
        { kind: 'duplicate', row: 1, of: 0 },
        { kind: 'skuNeeded', row: 2 },
      ],
    )
    expect(openingProblems([{ locationId: 1 }, { locationId: 2 }], 0)).toEqual([])
  })

  it('checks low ≤ high', () => {
    expect(warningOk('5', '10')).toBe(true)
    expect(warningOk('10', '10')).toBe(true)
    expect(warningOk('10.5', '10')).toBe(false)
    expect(warningOk('9', '10.00')).toBe(true)
    expect(warningOk('', '1')).toBe(true)
  })
})

describe('custom fields in the goods dialog', () => {
  const weight = {
    id: 2,
    code: 'f2',
    target: 'goods' as const,
    label: 'Weight',
    labelZh: '毛重',
    labelEn: 'Weight',
    type: 'number' as const,
    options: [],
    required: 0 as const,
    inList: 0 as const,
    searchable: 0 as const,
    sort: 0,
    disable: 0 as const,
  }
  it('a new item starts with every field empty; the body sends exact numbers', () => {
    const v = goodsValues(undefined, () => undefined, undefined, [weight])
    expect(v.custom).toEqual({ f2: '' })
    const b = goodsBody({ ...v, name: 'G', unitId: 21, custom: { f2: '0.1' } }, [], undefined, [weight])
    expect(b.custom).toEqual({ f2: '0.1' })
  })
  it('sends no custom object without fields', () => {
    expect('custom' in goodsBody({ name: 'G', unitId: 21 }, [])).toBe(false)
  })
})

describe('baseUnitName', () => {
  it('the unit of rate 1 names what the other units hold ("= 24 瓶", not "= 24 基本单位")', () => {
    expect(
      baseUnitName([
        { unitName: '瓶', rate: '1' },
        { unitName: '箱', rate: '24' },
      ]),
    ).toBe('瓶')
    expect(
      baseUnitName([
        { unitName: '箱', rate: 24 },
        { unitName: '瓶', rate: 1 },
      ]),
    ).toBe('瓶')
    expect(baseUnitName([])).toBe('')
  })
})
