// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { cellProblem, changedCells, edit, editable, errorsByCell, saveBody, shown, toRows, type PriceGoods } from './priceGrid'

const unit = (unitId: number, unitName: string, rate: string, sale: string) => ({
  unitId,
  unitName,
  rate,
  isBase: rate === '1' ? 1 : 0,
  barCode: '',
  purPrice: '2',
  salePrice: sale,
  wholesalePrice: '0',
  vipPrice: '0',
})
const goods: PriceGoods[] = [
  {
    invId: 7,
    number: 'SP1',
    name: '可乐',
    spec: '',
    categoryName: '',
    disable: 0,
    discountRate1: '95',
    discountRate2: 0,
    units: [unit(1, '瓶', '1', '3'), unit(2, '箱', '24', '70')],
  },
  {
    invId: 8,
    number: 'SP2',
    name: '茶',
    spec: '',
    categoryName: '',
    disable: 0,
    discountRate1: 0,
    discountRate2: 0,
    units: [unit(3, '件', '1', '5')],
  },
]

describe('price grid', () => {
  const rows = toRows(goods)
  const byKey = new Map(rows.map((r) => [r.key, r]))

  it('has a row per goods item and unit; the item spans its units; rates on the base row only', () => {
    expect(rows.map((r) => [r.key, r.first, r.span, r.values.salePrice, r.values.discountRate1])).toEqual([
      ['7:1', true, 2, '3', '95'],
      ['7:2', false, 0, '70', ''],
      ['8:3', true, 1, '5', '0'],
    ])
    expect(editable(rows[1], 'discountRate1')).toBe(false)
    expect(editable(rows[1], 'vipPrice')).toBe(true)
    expect(editable(rows[0], 'discountRate2')).toBe(true)
  })

  it('keeps only edits that differ from what is stored (3 = 3.00)', () => {
    let e = edit({}, rows[0], 'salePrice', '3.20')
    e = edit(e, rows[1], 'vipPrice', '66')
    expect(changedCells(e)).toBe(2)
    expect(shown(e, rows[0], 'salePrice')).toBe('3.20')
    e = edit(e, rows[0], 'salePrice', '3.00')
    expect(e['7:1']).toBeUndefined()
    expect(shown(e, rows[0], 'salePrice')).toBe('3')
    expect(changedCells(e)).toBe(1)
  })

  it('saves each changed row whole, rates only when typed, numbers as plain decimals', () => {
    let e = edit({}, rows[1], 'salePrice', '72.50')
    e = edit(e, rows[0], 'discountRate2', '80')
    e = edit(e, rows[2], 'purPrice', 'abc')
    const body = saveBody(e, byKey)
    expect(body.keys).toEqual(['7:2', '7:1', '8:3'])
    expect(body.rows).toEqual([
      { invId: 7, unitId: 2, purPrice: '2', salePrice: '72.5', wholesalePrice: '0', vipPrice: '0' },
      { invId: 7, unitId: 1, purPrice: '2', salePrice: '3', wholesalePrice: '0', vipPrice: '0', discountRate2: '80' },
      { invId: 8, unitId: 3, purPrice: 'abc', salePrice: '5', wholesalePrice: '0', vipPrice: '0' },
    ])
  })

  it('puts the server errors on their cells', () => {
    expect(errorsByCell({ 'rows[1].salePrice': '零售价不能为负数', rows: 'x', 'rows[9].vipPrice': 'y' }, ['7:2', '8:3'])).toEqual({
      '8:3/salePrice': '零售价不能为负数',
    })
  })

  it('checks a cell as the server does', () => {
    const lim = { pricePlaces: 2 }
    expect(cellProblem('salePrice', '', lim)).toBe('required')
    expect(cellProblem('salePrice', '-1', lim)).toBe('min')
    expect(cellProblem('salePrice', '1.234', lim)).toBe('places')
    expect(cellProblem('salePrice', '<b>1</b>', lim)).toBe('invalid')
    expect(cellProblem('discountRate1', '101', lim)).toBe('max')
    expect(cellProblem('discountRate1', '99.5', lim)).toBe('')
  })
})
